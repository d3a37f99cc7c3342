//! A person plays Hog against the computer (`swine play`, the page): the game solved once for a
//! perfect player against the computer's strategy ([`HogEngine`]), games of it in progress,
//! each turn told, with the exact value of every dice count before each of the person's turns.

use std::sync::{Arc, OnceLock};

use super::advice::Advisor;
use super::definition::MAX_DICE;
use super::error::SolveError;
use super::narrate::{NEVER_ENDS, capitalized, play_turn};
use super::ruleset::Ruleset;
use super::simulate::{Game, LoopWatch};
use super::strategy::Strategy;
use crate::commentary::{self, Commentary, Names};
use crate::dice::SeededDice;
use crate::game::{
    Action, Answers, Audience, Axes, Choice, Engine, Map, MapChoice, Prompt, Reading, Session,
    Told, View, grid,
};

/// Hog solved for a perfect player (seat 0) against the computer's strategy (seat 1).
pub struct HogEngine {
    advisor: Arc<Advisor>,
    computer: String,
    map: OnceLock<Map>,
}

impl HogEngine {
    /// Solves `rules` for a perfect player against `computer`.
    pub fn new(rules: Arc<Ruleset>, computer: &Strategy) -> Result<HogEngine, SolveError> {
        let player = computer.player(&rules);
        Ok(HogEngine {
            advisor: Arc::new(Advisor::new(rules, &player)?),
            computer: computer.name().to_string(),
            map: OnceLock::new(),
        })
    }
}

impl Engine for HogEngine {
    fn computer(&self) -> &str {
        &self.computer
    }

    fn opening(&self, seed: u64) -> String {
        let rules = self.advisor.rules();
        format!(
            "{} (goal {}): you are Player 0, the computer (Player 1) plays {}. Seed {seed}.",
            rules.name(),
            rules.goal(),
            self.computer,
        )
    }

    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        let rules = self.advisor.rules();
        let names = audience.names(0);
        Box::new(HogSession {
            advisor: Arc::clone(&self.advisor),
            seed,
            first,
            game: Game::new(rules, first),
            dice: SeededDice::new(seed),
            commentary: Box::new(commentary::full(names)),
            names,
            audience,
            ended: None,
            endless: false,
        })
    }

    /// In every (own, opponent) cell, the memories at their start: the best dice count and
    /// what it is worth.
    fn map(&self) -> Result<Map, String> {
        let advisor = &self.advisor;
        let map = self.map.get_or_init(|| {
            let rules = advisor.rules();
            let initial = rules.memory().initial;
            let goal = rules.goal();
            let cell = |own, other| {
                let game = Game {
                    scores: [own, other],
                    memory: [initial, initial],
                    mover: 0,
                };
                (advisor.best(&game), advisor.value(&game))
            };
            let (best, values) = grid(goal, &cell);
            Map {
                rules: rules.name().to_string(),
                vs: self.computer.clone(),
                size: goal,
                axes: Axes::scores(),
                choices: MapChoice::each(&best, MapChoice::dice),
                best,
                values,
                to_goal: None,
                scale: "dice to roll:".to_string(),
                legend: "Your score across, the computer's up. Darker: more dice (up to the most \
                         any cell rolls); black: 0 dice."
                    .to_string(),
                reading: Reading::WinChance,
            }
        });
        Ok(map.clone())
    }
}

/// A game of Hog in progress.
struct HogSession {
    advisor: Arc<Advisor>,
    seed: u64,
    first: usize,
    game: Game,
    dice: SeededDice,
    commentary: Box<dyn Commentary + Send>,
    names: Names,
    audience: Audience,
    ended: Option<Option<usize>>,
    /// Whether the game ended going round for ever.
    endless: bool,
}

impl HogSession {
    /// The rules.
    fn rules(&self) -> &Ruleset {
        self.advisor.rules()
    }

    /// Plays `requested` dice for the seat to move, told.
    fn play(&mut self, requested: u8, heading: String) -> Told {
        let who = self.game.mover;
        let advisor = Arc::clone(&self.advisor);
        let (turn, lines) = play_turn(
            advisor.rules(),
            &mut self.game,
            requested,
            &mut self.dice,
            &mut *self.commentary,
            self.names,
        );
        if let Some(winner) = turn.winner {
            self.ended = Some(Some(winner));
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
        // The computer's turns in a row that come back where they were go round for ever.
        let mut watch = LoopWatch::default();
        let mut turns = Vec::new();
        while self.ended.is_none() && self.game.mover == 1 {
            let n = self.advisor.opponent(&self.game);
            let (rolled, _) = self.game.dice_to_roll(self.rules(), n);
            if watch.comes_back(self.rules(), &self.game, rolled) {
                self.ended = Some(None);
                self.endless = true;
                turns.push(self.audience.note(NEVER_ENDS));
                break;
            }
            let (own, opponent) = (self.game.scores[1], self.game.scores[0]);
            let heading = format!("\nComputer {own}, you {opponent}. The computer rolls {n}.");
            turns.push(self.play(n, heading));
        }
        if let Some(ended) = self.ended.filter(|_| !self.endless) {
            turns.extend(self.audience.verdict(ended));
        }
        turns
    }

    /// The fewest and the most dice the person may ask for now.
    fn dice_range(&self) -> (u8, u8) {
        let (own, opponent) = (self.game.scores[0], self.game.scores[1]);
        let rules = self.rules();
        (
            rules.least_dice(),
            rules.dice_rolled(own, opponent, MAX_DICE),
        )
    }
}

impl Session for HogSession {
    fn begin(&mut self) -> Vec<Told> {
        let mut turns = self
            .audience
            .start(self.first, &format!("seed {}", self.seed));
        turns.extend(self.computer_plays());
        turns
    }

    fn prompt(&self, hints: bool) -> Option<Prompt> {
        if self.ended.is_some() || self.game.mover != 0 {
            return None;
        }
        let rules = self.rules();
        let (own, opponent) = (self.game.scores[0], self.game.scores[1]);
        let mut lines = vec![format!("\nYou {own}, computer {opponent}. Your turn.")];
        let (least, limit) = self.dice_range();
        let die = rules.die(own, opponent);
        let mut rules_now = Vec::new();
        if least == 0 {
            let bacon = rules.free_bacon(own, opponent);
            let name = rules.rules().rule_name("free_bacon");
            rules_now.push(format!("{name} would give {bacon}"));
        }
        if limit < MAX_DICE {
            rules_now.push(format!("you may roll at most {limit} dice"));
        }
        if die.faces != 6 {
            rules_now.push(format!("the dice are {}-sided", die.faces));
        }
        if !rules_now.is_empty() {
            lines.push(format!("{}.", capitalized(&rules_now.join("; "))));
        }
        if hints {
            let choices = self.advisor.choices(&self.game);
            let best = self.advisor.best(&self.game);
            lines.push("Your chance to win if you roll, then play perfectly:".to_string());
            for n in least..=limit {
                let mark = if n == best { "  <- best" } else { "" };
                lines.push(format!(
                    "  {n:>2} dice  {:.6}{mark}",
                    choices[usize::from(n)]
                ));
            }
        }
        Some(Prompt {
            lines,
            question: format!("How many dice ({least} to {limit})? "),
            answers: Answers::Dice(u32::from(least), u32::from(limit)),
        })
    }

    fn act(&mut self, action: &Action) -> Result<Vec<Told>, String> {
        if self.ended.is_some() {
            return Err("the game is over".to_string());
        }
        let Action::Dice(n) = *action else {
            return Err("hog is played by rolling dice: roll N dice".to_string());
        };
        let least = self.rules().least_dice();
        let requested = u8::try_from(n)
            .ok()
            .filter(|n| (least..=MAX_DICE).contains(n))
            .ok_or_else(|| format!("dice {n} is not {least} to {MAX_DICE}"))?;
        let mut turns = vec![self.play(requested, format!("You roll {requested}."))];
        turns.extend(self.computer_plays());
        Ok(turns)
    }

    fn ended(&self) -> Option<Option<usize>> {
        self.ended
    }

    fn waiting(&self) -> bool {
        self.ended.is_none() && self.game.mover == 0
    }

    fn view(&self) -> View {
        let rules = self.rules();
        let game = &self.game;
        let mut view = View::new(
            rules.name(),
            Reading::WinChance,
            self.ended(),
            self.waiting(),
        );
        view.scores(game.scores.map(i64::from));
        view.goal = Some(rules.goal());
        view.facts.push(format!("goal {}", rules.goal()));
        if view.your_turn {
            let (own, opponent) = (game.scores[0], game.scores[1]);
            let choices = self.advisor.choices(game);
            let best = self.advisor.best(game);
            let (least, limit) = self.dice_range();
            if least == 0 {
                let name = rules.rules().rule_name("free_bacon");
                let bacon = rules.free_bacon(own, opponent);
                view.facts.push(format!("{name} would give {bacon}"));
            }
            if limit < MAX_DICE {
                view.facts
                    .push(format!("you may roll at most {limit} dice"));
            }
            let faces = rules.die(own, opponent).faces;
            if faces != 6 {
                view.facts.push(format!("the dice are {faces}-sided"));
            }
            view.offer(
                (least..=limit)
                    .map(|n| Choice {
                        label: format!("Roll {n}"),
                        key: char::from_digit(u32::from(n), 10).or((n == 10).then_some('t')),
                        value: choices[usize::from(n)],
                        best: n == best,
                        action: Action::Dice(u32::from(n)),
                    })
                    .collect(),
            );
        }
        view
    }
}
