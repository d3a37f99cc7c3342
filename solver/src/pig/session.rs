//! A person plays a game of the Pig family against the computer (`swine play`, the page),
//! decision by decision, with the exact value of rolling and of holding before each.

use std::sync::{Arc, OnceLock};

use super::game::Pig;
use super::policy::Policy;
use super::rules::{Decision, Table, thrown};
use super::solve::{Player, Solution, SolveError, solve};
use super::strategy::Strategy;
use crate::commentary::{self, Commentary, Names};
use crate::dice::{SeededDice, Thrown};
use crate::game::simulate::NEVER_ENDS;
use crate::game::{
    Action, Answers, Audience, Axes, Choice, Engine, LoopWatch, Map, MapChoice, Number, Prompt,
    Reading, Rules, Session, Step, ToMove, Told, View, grid, play_choice,
};

/// A game of the Pig family solved for a perfect player (seat 0) against the computer's
/// strategy (seat 1): the person's values and policy, the computer's policy.
pub struct PigEngine {
    solved: Arc<Solved>,
    computer: String,
    map: OnceLock<Map>,
}

/// What the games of one match-up share.
struct Solved {
    pig: Arc<Pig>,
    solution: Solution,
    best: Policy,
    computer: Policy,
}

impl PigEngine {
    /// Solves `pig` for a perfect player against `computer`.
    pub fn new(pig: Arc<Pig>, computer: &Strategy) -> Result<PigEngine, SolveError> {
        let solution = solve(&pig, [&Player::Optimising, computer.player()])?;
        Ok(PigEngine {
            solved: Arc::new(Solved {
                best: solution.policy(0),
                computer: solution.policy(1),
                solution,
                pig,
            }),
            computer: computer.name().to_string(),
            map: OnceLock::new(),
        })
    }
}

impl Engine for PigEngine {
    fn computer(&self) -> &str {
        &self.computer
    }

    fn opening(&self, seed: u64) -> String {
        let pig = &self.solved.pig;
        format!(
            "{} (goal {}): you are Player 0, the computer (Player 1) plays {}. Seed {seed}.",
            pig.name(),
            pig.goal(),
            self.computer,
        )
    }

    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        let names = audience.names(0);
        Box::new(PigSession {
            solved: Arc::clone(&self.solved),
            seed,
            first,
            position: Rules::start(self.solved.pig.as_ref(), first),
            dice: SeededDice::new(seed),
            commentary: Box::new(commentary::full(names)),
            names,
            audience,
            announced: None,
            ended: None,
            endless: false,
        })
    }

    /// In every (own, opponent) cell: the turn total at which the best play first holds, and
    /// what the cell is worth at turn total 0.
    fn map(&self) -> Result<Map, String> {
        let solved = &self.solved;
        let map = self.map.get_or_init(|| {
            let pig = &solved.pig;
            let holds = solved.best.first_holds(pig);
            let cell = |own: u32, other: u32| {
                let value = solved.solution.chosen_value(0, pig.state(own, other, 0));
                (holds[[own as usize, other as usize]], value)
            };
            let goal = pig.goal();
            let (best, values) = grid(goal, &cell);
            Map {
                rules: pig.name().to_string(),
                vs: self.computer.clone(),
                size: goal,
                axes: Axes::scores(),
                choices: MapChoice::each(&best, |k| MapChoice {
                    short: k.to_string(),
                    says: format!("roll until the turn total is {k}, then hold"),
                }),
                best,
                values,
                to_goal: Some("roll until the turn total reaches the goal".to_string()),
                scale: "hold at a turn total of".to_string(),
                legend: "Your score across, the computer's up. Darker: a higher turn total \
                         before holding (the first at which the best play holds)."
                    .to_string(),
                reading: Reading::WinChance,
            }
        });
        Ok(map.clone())
    }
}

/// A game of the Pig family in progress.
struct PigSession {
    solved: Arc<Solved>,
    seed: u64,
    first: usize,
    audience: Audience,
    /// Whether the game ended going round for ever.
    endless: bool,
    position: Table,
    dice: SeededDice,
    commentary: Box<dyn Commentary + Send>,
    names: Names,
    /// The turn last announced: (mover, own, opponent).
    announced: Option<(usize, u32, u32)>,
    ended: Option<Option<usize>>,
}

impl PigSession {
    /// The turn as announced: (mover, the mover's score, the other's).
    fn turn(&self) -> (usize, u32, u32) {
        let mover = self.position.game.mover;
        (
            mover,
            self.position.game.scores[mover],
            self.position.game.scores[1 - mover],
        )
    }

    /// Plays one decision for the seat to move, told (with `heading` before it, if any).
    fn play(&mut self, rolls: bool, heading: Option<String>) -> Told {
        let who = self.position.game.mover;
        let solved = Arc::clone(&self.solved);
        let pig = solved.pig.as_ref();
        let before = self.position;
        let decision = Decision::of(rolls);
        let mut faces = Vec::new();
        let dice = &mut self.dice;
        play_choice(
            pig,
            &mut self.position,
            &decision,
            &mut |die| dice.face(die),
            &mut faces,
        );
        let step = Step {
            before: &before,
            choice: &decision,
            thrown: &faces,
            after: &self.position,
        };
        let lines = pig.narrate(&step, self.names, &mut *self.commentary);
        if pig.to_move(&self.position) == ToMove::Over {
            self.ended = Some(Some(who));
        }
        Told {
            who: Some(who),
            heading,
            thrown: (!faces.is_empty()).then(|| Thrown {
                die: thrown(pig.variant()).0,
                faces,
            }),
            lines: self.audience.lines(lines),
        }
    }

    /// The computer's decisions, until it is the person's turn or the game ends (then the
    /// verdict).
    fn computer_plays(&mut self) -> Vec<Told> {
        let mut watch = LoopWatch::<Pig>::default();
        let mut turns = Vec::new();
        while self.ended.is_none() && self.position.game.mover == 1 {
            let rolls = self
                .solved
                .computer
                .rolls(self.position.game.state(&self.solved.pig));
            if rolls {
                watch.thrown();
            } else if watch.comes_back(&self.position, &Decision::Hold) {
                self.ended = Some(None);
                self.endless = true;
                turns.push(self.audience.note(NEVER_ENDS));
                break;
            }
            let turn = self.turn();
            let heading = (self.announced != Some(turn)).then(|| {
                format!(
                    "\nComputer {}, you {}. The computer's turn.",
                    turn.1, turn.2
                )
            });
            self.announced = Some(turn);
            turns.push(self.play(rolls, heading));
        }
        if let Some(ended) = self.ended.filter(|_| !self.endless) {
            turns.extend(self.audience.verdict(ended));
        }
        turns
    }
}

impl Session for PigSession {
    fn begin(&mut self) -> Vec<Told> {
        let mut turns = self
            .audience
            .start(self.first, &format!("seed {}", self.seed));
        turns.extend(self.computer_plays());
        turns
    }

    fn prompt(&self, hints: bool) -> Option<Prompt> {
        if self.ended.is_some() || self.position.game.mover != 0 {
            return None;
        }
        let turn = self.turn();
        let mut lines = Vec::new();
        if self.announced != Some(turn) {
            lines.push(format!("\nYou {}, computer {}. Your turn.", turn.1, turn.2));
        }
        if hints {
            let state = self.position.game.state(&self.solved.pig);
            let (roll, hold) = self.solved.solution.choices(0, state);
            let mark = |rolls: bool| {
                if self.solved.best.rolls(state) == rolls {
                    "  <- best"
                } else {
                    ""
                }
            };
            lines.push(format!(
                "Turn total {}. Your chance to win, then playing perfectly: roll {roll:.6}{}, \
                 hold {hold:.6}{}",
                self.position.game.turn_total,
                mark(true),
                mark(false)
            ));
        }
        Some(Prompt {
            lines,
            question: "Roll or hold (r/h)? ".to_string(),
            answers: Answers::Words(vec![("r", Action::Dice(1)), ("h", Action::Dice(0))]),
        })
    }

    fn act(&mut self, action: &Action) -> Result<Vec<Told>, String> {
        if self.ended.is_some() {
            return Err("the game is over".to_string());
        }
        let rolls = match action {
            Action::Dice(1) => true,
            Action::Dice(0) => false,
            Action::Dice(n) => return Err(format!("dice {n} is neither 1 (roll) nor 0 (hold)")),
            _ => return Err("pig is played by rolling (1) or holding (0)".to_string()),
        };
        self.announced = Some(self.turn());
        let mut turns = vec![self.play(rolls, None)];
        turns.extend(self.computer_plays());
        Ok(turns)
    }

    fn ended(&self) -> Option<Option<usize>> {
        self.ended
    }

    fn waiting(&self) -> bool {
        self.ended.is_none() && self.position.game.mover == 0
    }

    fn view(&self) -> View {
        let pig = &self.solved.pig;
        let position = &self.position.game;
        let mut view = View::new(pig.name(), Reading::WinChance, self.ended(), self.waiting());
        view.scores(position.scores.map(i64::from));
        view.goal = Some(pig.goal());
        view.facts.push(format!("goal {}", pig.goal()));
        view.coin = pig.tosses_coin();
        if !view.over {
            view.seats[position.mover]
                .numbers
                .push(Number::new("turn total", position.turn_total));
        }
        if view.your_turn {
            let state = position.state(pig);
            let (roll, hold) = self.solved.solution.choices(0, state);
            let rolls = self.solved.best.rolls(state);
            let choice = |label: &str, key, value, roll: bool| Choice {
                label: label.to_string(),
                key: Some(key),
                value,
                best: rolls == roll,
                action: Action::Dice(u32::from(roll)),
            };
            view.offer(vec![
                choice("Roll", 'r', roll, true),
                choice("Hold", 'h', hold, false),
            ]);
        }
        view
    }
}
