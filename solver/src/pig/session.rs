//! A person plays a game of the Pig family against the computer (`swine play`, the page),
//! decision by decision, with the exact value of rolling and of holding before each: the
//! match-up solved once ([`PigEngine`]), advising the one sitting every game is played at
//! ([`Sitting`]), and how the Pig family reads to a person ([`Presented`]).

use std::sync::{Arc, OnceLock};

use super::game::Pig;
use super::policy::Policy;
use super::rules::{Decision, Table};
use super::solve::{Player, Solution, SolveError, solve};
use super::strategy::Strategy;
use crate::game::{
    Action, Advisor, Answers, Audience, Axes, Engine, Map, MapChoice, Number, Presented, Reading,
    Session, Sitting, View, grid,
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
        let advisor: Arc<dyn Advisor<Pig>> = Arc::clone(&self.solved) as _;
        Box::new(Sitting::new(
            Arc::clone(&self.solved.pig),
            advisor,
            first,
            seed,
            audience,
        ))
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

impl Advisor<Pig> for Solved {
    fn values(&self, table: &Table, choices: &[Decision]) -> Vec<f64> {
        let (roll, hold) = self.solution.choices(0, table.game.state(&self.pig));
        choices
            .iter()
            .map(|choice| match choice {
                Decision::Roll => roll,
                Decision::Hold => hold,
            })
            .collect()
    }

    fn best(&self, table: &Table) -> Decision {
        Decision::of(self.best.rolls(table.game.state(&self.pig)))
    }

    fn computer(&self, table: &Table) -> Decision {
        Decision::of(self.computer.rolls(table.game.state(&self.pig)))
    }
}

impl Presented for Pig {
    fn reading(&self) -> Reading {
        Reading::WinChance
    }

    fn situation(&self, table: &Table) -> Vec<String> {
        vec![format!("Turn total {}.", table.game.turn_total)]
    }

    fn label(&self, _: &Table, decision: &Decision) -> String {
        match decision {
            Decision::Roll => "Roll",
            Decision::Hold => "Hold",
        }
        .to_string()
    }

    fn key(&self, _: &Table, decision: &Decision) -> Option<char> {
        Some(match decision {
            Decision::Roll => 'r',
            Decision::Hold => 'h',
        })
    }

    /// Rolling sends one die, holding none.
    fn action(&self, _: &Table, decision: &Decision) -> Action {
        Action::Dice(u32::from(*decision == Decision::Roll))
    }

    fn choice(&self, _: &Table, action: &Action) -> Result<Decision, String> {
        match action {
            Action::Dice(1) => Ok(Decision::Roll),
            Action::Dice(0) => Ok(Decision::Hold),
            Action::Dice(n) => Err(format!("dice {n} is neither 1 (roll) nor 0 (hold)")),
            _ => Err(format!(
                "{} is played by rolling (1) or holding (0)",
                self.name()
            )),
        }
    }

    fn question(&self, _: &Table) -> (String, Answers) {
        (
            "Roll or hold (r/h)? ".to_string(),
            Answers::Words(vec![("r", Action::Dice(1)), ("h", Action::Dice(0))]),
        )
    }

    fn view(&self, table: &Table, view: &mut View) {
        let game = &table.game;
        view.rules = self.name().to_string();
        view.scores(game.scores.map(i64::from));
        view.goal = Some(self.goal());
        view.facts.push(format!("goal {}", self.goal()));
        view.coin = self.tosses_coin();
        if !view.over {
            view.seats[game.mover]
                .numbers
                .push(Number::new("turn total", game.turn_total));
        }
    }
}
