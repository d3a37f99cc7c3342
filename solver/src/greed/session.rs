//! A person plays Greed against the computer (`swine play`, the page), with the exact value of
//! passing and of the best dice counts before each of the person's turns.

use std::sync::{Arc, OnceLock};

use super::advice::{Advisor, HINTS};
use super::game::{Greed, MAX_DICE, NAME};
use super::simulate::{End, Game, play_turn};
use super::strategy::Strategy;
use super::sweep::SolveError;
use crate::commentary::{self, Commentary, Names};
use crate::dice::SeededDice;
use crate::game::{
    Action, Answers, Audience, Axes, Choice, Count, Engine, Map, MapChoice, Prompt, Reading,
    Session, Told, View, grid,
};

/// Greed solved for a perfect player (seat 0) against the computer's strategy (seat 1).
pub struct GreedEngine {
    advisor: Arc<Advisor>,
    computer: String,
    map: OnceLock<Map>,
}

impl GreedEngine {
    /// Solves `game` for a perfect player against `computer`.
    pub fn new(game: Arc<Greed>, computer: &Strategy) -> Result<GreedEngine, SolveError> {
        Ok(GreedEngine {
            advisor: Arc::new(Advisor::new(game, computer.player())?),
            computer: computer.name().to_string(),
            map: OnceLock::new(),
        })
    }
}

impl Engine for GreedEngine {
    fn computer(&self) -> &str {
        &self.computer
    }

    fn opening(&self, seed: u64) -> String {
        format!(
            "greed (over {} loses): you are Player 1, the computer (Player 2) plays {}. Seed \
             {seed}.",
            self.advisor.game().limit(),
            self.computer,
        )
    }

    /// Greed's players are numbered from 1, as the assignment numbers them.
    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        let names = audience.names(1);
        Box::new(GreedSession {
            advisor: Arc::clone(&self.advisor),
            seed,
            first,
            position: Game::new(first),
            dice: SeededDice::new(seed),
            commentary: Box::new(commentary::full(names)),
            names,
            audience,
            ended: None,
        })
    }

    /// In every (own, opponent) cell, nobody having passed: the best dice count (0 passing)
    /// and what it is worth.
    fn map(&self) -> Result<Map, String> {
        let advisor = &self.advisor;
        let map = self.map.get_or_init(|| {
            let cell = |own, other| {
                let position = Game {
                    scores: [own, other],
                    mover: 0,
                    passed: false,
                };
                (advisor.best(&position), advisor.value(&position))
            };
            let size = advisor.game().limit() + 1;
            let (best, values) = grid(size, &cell);
            Map {
                rules: NAME.to_string(),
                vs: self.computer.clone(),
                size,
                axes: Axes::scores(),
                choices: MapChoice::each(&best, |n| match n {
                    0 => MapChoice {
                        short: "pass".to_string(),
                        says: "pass".to_string(),
                    },
                    n => MapChoice::dice(n),
                }),
                best,
                values,
                to_goal: None,
                scale: "dice to roll:".to_string(),
                legend: "Your score across, the computer's up. Darker: more dice (up to the most \
                         any cell rolls); black: pass."
                    .to_string(),
                reading: Reading::TiesHalf,
            }
        });
        Ok(map.clone())
    }
}

/// A game of Greed in progress.
struct GreedSession {
    advisor: Arc<Advisor>,
    seed: u64,
    first: usize,
    position: Game,
    dice: SeededDice,
    commentary: Box<dyn Commentary + Send>,
    names: Names,
    audience: Audience,
    ended: Option<Option<usize>>,
}

impl GreedSession {
    /// Rolls `n` dice for the seat to move, told.
    fn play(&mut self, n: u8, heading: String) -> Told {
        let who = self.position.mover;
        let advisor = Arc::clone(&self.advisor);
        let (end, lines) = play_turn(
            advisor.game(),
            &mut self.position,
            n,
            &mut self.dice,
            &mut *self.commentary,
            self.names,
        );
        if let Some(end) = end {
            self.ended = Some(End::winner(end));
        }
        Told {
            who: Some(who),
            heading: Some(heading),
            thrown: self.dice.take_thrown(),
            lines: self.audience.lines(lines),
        }
    }

    /// The computer's turns, until it is the person's turn or the game ends (then the
    /// verdict).
    fn computer_plays(&mut self) -> Vec<Told> {
        let mut turns = Vec::new();
        while self.ended.is_none() && self.position.mover == 1 {
            let n = self.advisor.opponent(&self.position);
            let (own, opponent) = (self.position.scores[1], self.position.scores[0]);
            let heading = format!(
                "\nComputer {own}, you {opponent}. The computer rolls {n}.{}",
                self.last()
            );
            turns.push(self.play(n, heading));
        }
        if let Some(ended) = self.ended {
            turns.extend(self.audience.verdict(ended));
        }
        turns
    }

    /// What the turn says when it is the last.
    fn last(&self) -> &'static str {
        if self.position.passed {
            " This is the last turn: the other player passed."
        } else {
            ""
        }
    }
}

impl Session for GreedSession {
    fn begin(&mut self) -> Vec<Told> {
        let mut turns = self
            .audience
            .start(self.first, &format!("seed {}", self.seed));
        turns.extend(self.computer_plays());
        turns
    }

    fn prompt(&self, hints: bool) -> Option<Prompt> {
        if self.ended.is_some() || self.position.mover != 0 {
            return None;
        }
        let (own, opponent) = (self.position.scores[0], self.position.scores[1]);
        let mut lines = vec![format!(
            "\nYou {own}, computer {opponent}. Your turn.{}",
            self.last()
        )];
        if hints {
            let best = self.advisor.best(&self.position);
            lines.push("Your chance to win (ties count half), then playing perfectly:".into());
            for (n, value) in self.advisor.hints(&self.position, HINTS) {
                let mark = if n == best { "  <- best" } else { "" };
                lines.push(if n == 0 {
                    format!("  pass      {value:.6}{mark}")
                } else {
                    format!("  {n:>3} dice  {value:.6}{mark}")
                });
            }
        }
        Some(Prompt {
            lines,
            question: format!("How many dice (0 to pass, up to {MAX_DICE})? "),
            answers: Answers::Dice(0, u32::from(MAX_DICE)),
        })
    }

    fn act(&mut self, action: &Action) -> Result<Vec<Told>, String> {
        if self.ended.is_some() {
            return Err("the game is over".to_string());
        }
        let Action::Dice(n) = *action else {
            return Err("greed is played by rolling dice: roll N dice, 0 to pass".to_string());
        };
        let n = u8::try_from(n).map_err(|_| format!("dice {n} is not 0 to {MAX_DICE}"))?;
        let mut turns = vec![self.play(n, format!("You roll {n}."))];
        turns.extend(self.computer_plays());
        Ok(turns)
    }

    fn ended(&self) -> Option<Option<usize>> {
        self.ended
    }

    fn waiting(&self) -> bool {
        self.ended.is_none() && self.position.mover == 0
    }

    fn view(&self) -> View {
        let position = &self.position;
        let limit = self.advisor.game().limit();
        let mut view = View::new(NAME, Reading::TiesHalf, self.ended(), self.waiting());
        view.scores(position.scores.map(i64::from));
        view.goal = Some(limit);
        view.facts.push(format!("going over {limit} loses"));
        if view.your_turn {
            if position.passed {
                view.facts
                    .push("the computer passed: this is your last turn".to_string());
            }
            let best = self.advisor.best(position);
            view.offer(
                self.advisor
                    .hints(position, HINTS)
                    .into_iter()
                    .map(|(n, value)| Choice {
                        label: if n == 0 {
                            "Pass".to_string()
                        } else {
                            format!("Roll {n}")
                        },
                        key: (n == 0).then_some('p'),
                        value,
                        best: n == best,
                        action: Action::Dice(u32::from(n)),
                    })
                    .collect(),
            );
            view.count = Some(Count {
                verb: "Roll".to_string(),
                unit: "dice".to_string(),
                least: 0,
                most: u32::from(MAX_DICE),
            });
        }
        view
    }
}
