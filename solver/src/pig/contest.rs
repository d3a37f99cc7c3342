//! The Pig family's side of grading and tournaments (see [`crate::contest`]).

use super::analysis::{evaluate, solve_against};
use super::explain::{ExplainError, explain};
use super::game::Pig;
use super::solve::{Player, SolveError};
use super::strategy::Strategy;
use crate::contest::{Change, Contest, ContestError};
use crate::outcome::Outcome;
use crate::python::Runner;
use crate::spec::{Resolved, StrategyError};
use crate::table::Schema;

impl From<SolveError> for ContestError {
    fn from(error: SolveError) -> ContestError {
        ContestError::Solve(Box::new(error))
    }
}

impl From<ExplainError> for ContestError {
    fn from(error: ExplainError) -> ContestError {
        match error {
            ExplainError::Solve(error) => error.into(),
            lowering @ ExplainError::Lowering(_) => ContestError::Explain(lowering.to_string()),
        }
    }
}

impl Contest for Pig {
    type Strategy = Strategy;

    fn rules_name(&self) -> String {
        self.name().to_string()
    }

    fn goal_name(&self) -> &'static str {
        "goal"
    }

    fn goal(&self) -> u32 {
        Pig::goal(self)
    }

    fn yardstick(&self) -> &str {
        self.variant().yardstick()
    }

    fn course_schema(&self) -> Schema {
        self.decisions_schema()
    }

    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Resolved<Strategy>, StrategyError> {
        Strategy::resolve(spec, self, runner)
    }

    fn name<'a>(&self, strategy: &'a Strategy) -> &'a str {
        strategy.name()
    }

    fn is_fixed(&self, strategy: &Strategy) -> bool {
        !strategy.is_optimising()
    }

    fn play(&self, strategy: &Strategy, opponent: &Strategy) -> Result<Outcome, ContestError> {
        Ok(evaluate(self, strategy, opponent)?.0)
    }

    fn explain(
        &self,
        strategy: &Strategy,
        opponent: &Strategy,
    ) -> Result<Vec<Change>, ContestError> {
        let (Player::Fixed(policy), Player::Fixed(against)) =
            (strategy.player(), opponent.player())
        else {
            return Err(ContestError::not_fixed(
                strategy.name(),
                strategy.is_optimising(),
                opponent.name(),
            ));
        };
        Ok(explain(self, policy, against)?
            .into_iter()
            .map(|state| Change {
                score: state.own,
                opponent_score: state.opponent,
                passed: None,
                turn_total: Some(state.turn_total),
                chosen: u8::from(state.rolls),
                best: u8::from(!state.rolls),
                reach: state.visits,
                gain: state.gain,
            })
            .collect())
    }

    fn optimum(&self, opponent: &Strategy) -> Result<(Outcome, bool), ContestError> {
        Ok((solve_against(self, opponent)?.outcome, false))
    }
}
