//! A person plays Greed against the computer (`swine play`, the page), with the exact value of
//! passing and of the best dice counts before each of the person's turns: the match-up solved
//! once ([`GreedEngine`], advising through [`Advice`]) at the one sitting every game is played
//! at ([`Sitting`]), and how Greed reads to a person ([`Presented`]).

use std::sync::{Arc, OnceLock};

use super::advice::Advice;
use super::game::{Greed, MAX_DICE, NAME};
use super::rules::Table;
use super::strategy::Strategy;
use super::sweep::SolveError;
use super::turn::Game;
use crate::game::{
    Action, Advisor, Answers, Audience, Axes, Count, Engine, Map, MapChoice, Presented, Reading,
    Session, Sitting, View, grid,
};

/// Greed solved for a perfect player (seat 0) against the computer's strategy (seat 1).
pub struct GreedEngine {
    advice: Arc<Advice>,
    computer: String,
    map: OnceLock<Map>,
}

impl GreedEngine {
    /// Solves `game` for a perfect player against `computer`.
    pub fn new(game: Arc<Greed>, computer: &Strategy) -> Result<GreedEngine, SolveError> {
        Ok(GreedEngine {
            advice: Arc::new(Advice::new(game, computer.player())?),
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
            self.advice.game().limit(),
            self.computer,
        )
    }

    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        let advisor: Arc<dyn Advisor<Greed>> = Arc::clone(&self.advice) as _;
        Box::new(Sitting::new(
            Arc::clone(self.advice.game()),
            advisor,
            first,
            seed,
            audience,
        ))
    }

    /// In every (own, opponent) cell, nobody having passed: the best dice count (0 passing)
    /// and what it is worth.
    fn map(&self) -> Result<Map, String> {
        let advice = &self.advice;
        let map = self.map.get_or_init(|| {
            let cell = |own, other| {
                let position = Game {
                    scores: [own, other],
                    mover: 0,
                    passed: false,
                };
                (advice.best(&position), advice.value(&position))
            };
            let size = advice.game().limit() + 1;
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

impl Presented for Greed {
    fn reading(&self) -> Reading {
        Reading::TiesHalf
    }

    fn situation(&self, table: &Table) -> Vec<String> {
        if table.game.passed {
            vec!["This is the last turn: the computer passed.".to_string()]
        } else {
            Vec::new()
        }
    }

    fn label(&self, _: &Table, &dice: &u8) -> String {
        match dice {
            0 => "Pass".to_string(),
            n => format!("Roll {n}"),
        }
    }

    fn key(&self, _: &Table, &dice: &u8) -> Option<char> {
        (dice == 0).then_some('p')
    }

    fn action(&self, _: &Table, &dice: &u8) -> Action {
        Action::Dice(u32::from(dice))
    }

    fn choice(&self, _: &Table, action: &Action) -> Result<u8, String> {
        let Action::Dice(n) = *action else {
            return Err("greed is played by rolling dice: roll N dice, 0 to pass".to_string());
        };
        u8::try_from(n).map_err(|_| format!("dice {n} is not 0 to {MAX_DICE}"))
    }

    fn question(&self, _: &Table) -> (String, Answers) {
        (
            format!("How many dice (0 to pass, up to {MAX_DICE})? "),
            Answers::Dice(0, u32::from(MAX_DICE)),
        )
    }

    /// The scores, the limit and, on the person's last turn, that it is the last; any count
    /// of dice may be typed.
    fn view(&self, table: &Table, view: &mut View) {
        let limit = self.limit();
        view.rules = NAME.to_string();
        view.scores(table.game.scores.map(i64::from));
        view.goal = Some(limit);
        view.facts.push(format!("going over {limit} loses"));
        if view.your_turn {
            if table.game.passed {
                view.facts
                    .push("the computer passed: this is your last turn".to_string());
            }
            view.count = Some(Count {
                verb: "Roll".to_string(),
                unit: "dice".to_string(),
                least: 0,
                most: u32::from(MAX_DICE),
            });
        }
    }
}
