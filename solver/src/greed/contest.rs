//! Greed's side of grading and tournaments (see [`crate::contest`]).

use super::explain::explain;
use super::game::{Greed, NAME, YARDSTICK};
use super::strategy::Strategy;
use super::sweep::{Player, SolveError};
use super::{play, solve_against};
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

impl Contest for Greed {
    type Strategy = Strategy;

    fn rules_name(&self) -> String {
        NAME.to_string()
    }

    fn goal_name(&self) -> &'static str {
        "limit"
    }

    fn goal(&self) -> u32 {
        self.limit()
    }

    fn yardstick(&self) -> &str {
        YARDSTICK
    }

    fn course_schema(&self) -> Schema {
        self.schema()
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
        Ok(play(self, strategy, opponent)?.outcome)
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
            .map(|cell| Change {
                score: cell.own,
                opponent_score: cell.opponent,
                passed: Some(cell.passed),
                turn_total: None,
                chosen: cell.chosen,
                best: cell.best,
                reach: cell.reach,
                gain: cell.gain,
            })
            .collect())
    }

    fn optimum(&self, opponent: &Strategy) -> Result<(Outcome, bool), ContestError> {
        Ok((solve_against(self, opponent)?.outcome, false))
    }
}
