//! A person plays Hog against the computer (`swine play`, the page), turn by turn, with the
//! exact value of every dice count before each of the person's turns: the game solved once for
//! a perfect player against the computer's strategy ([`HogEngine`]), advising the one sitting
//! every game is played at ([`Sitting`]), and how Hog reads to a person ([`Presented`]).

use std::sync::{Arc, OnceLock};

use super::advice::Advice;
use super::definition::MAX_DICE;
use super::error::SolveError;
use super::narrate::capitalized;
use super::rules::Table;
use super::ruleset::Ruleset;
use super::strategy::Strategy;
use super::turn::Game;
use crate::game::{
    Action, Advisor, Answers, Audience, Axes, Engine, Map, MapChoice, Presented, Reading, Rules,
    Session, Sitting, View, grid,
};

/// Hog solved for a perfect player (seat 0) against the computer's strategy (seat 1).
pub struct HogEngine {
    advisor: Arc<Advice>,
    computer: String,
    map: OnceLock<Map>,
}

impl HogEngine {
    /// Solves `rules` for a perfect player against `computer`.
    pub fn new(rules: Arc<Ruleset>, computer: &Strategy) -> Result<HogEngine, SolveError> {
        let player = computer.player(&rules);
        Ok(HogEngine {
            advisor: Arc::new(Advice::new(rules, &player)?),
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
        let advisor: Arc<dyn Advisor<Ruleset>> = Arc::clone(&self.advisor) as _;
        Box::new(Sitting::new(
            Arc::clone(self.advisor.rules()),
            advisor,
            first,
            seed,
            audience,
        ))
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

impl Presented for Ruleset {
    fn reading(&self) -> Reading {
        Reading::WinChance
    }

    /// The rules about to apply, where the position has them: Free Bacon's points, a dice
    /// limit, dice of another kind than six-sided.
    fn situation(&self, table: &Table) -> Vec<String> {
        let rules_now = rules_now(self, table);
        if rules_now.is_empty() {
            Vec::new()
        } else {
            vec![format!("{}.", capitalized(&rules_now.join("; ")))]
        }
    }

    fn label(&self, _: &Table, &n: &u8) -> String {
        format!("Roll {n}")
    }

    /// The digit; 10 dice by `t`.
    fn key(&self, _: &Table, &n: &u8) -> Option<char> {
        char::from_digit(u32::from(n), 10).or((n == 10).then_some('t'))
    }

    fn action(&self, _: &Table, &n: &u8) -> Action {
        Action::Dice(u32::from(n))
    }

    /// Any count from the fewest the rules allow to [`MAX_DICE`]: asking for more than the
    /// position lets the mover roll rolls as many as it may.
    fn choice(&self, _: &Table, action: &Action) -> Result<u8, String> {
        let Action::Dice(n) = *action else {
            return Err("hog is played by rolling dice: roll N dice".to_string());
        };
        let least = self.least_dice();
        u8::try_from(n)
            .ok()
            .filter(|n| (least..=MAX_DICE).contains(n))
            .ok_or_else(|| format!("dice {n} is not {least} to {MAX_DICE}"))
    }

    fn question(&self, table: &Table) -> (String, Answers) {
        let choices = self.choices(table);
        let (least, most) = (choices[0], choices[choices.len() - 1]);
        (
            format!("How many dice ({least} to {most})? "),
            Answers::Dice(u32::from(least), u32::from(most)),
        )
    }

    fn view(&self, table: &Table, view: &mut View) {
        view.rules = self.name().to_string();
        view.scores(table.game.scores.map(i64::from));
        view.goal = Some(self.goal());
        view.facts.push(format!("goal {}", self.goal()));
        if view.your_turn {
            view.facts.extend(rules_now(self, table));
        }
    }
}

/// The rules about to apply at `table` for the mover, in words: what Free Bacon would give,
/// the most dice it may roll, the kind of dice.
fn rules_now(rules: &Ruleset, table: &Table) -> Vec<String> {
    let (own, opponent) = table.cell();
    let mut said = Vec::new();
    if rules.least_dice() == 0 {
        let name = rules.rules().rule_name("free_bacon");
        said.push(format!(
            "{name} would give {}",
            rules.free_bacon(own, opponent)
        ));
    }
    let limit = rules.dice_rolled(own, opponent, MAX_DICE);
    if limit < MAX_DICE {
        said.push(format!("you may roll at most {limit} dice"));
    }
    let faces = rules.die(own, opponent).faces;
    if faces != 6 {
        said.push(format!("the dice are {faces}-sided"));
    }
    said
}
