//! Hog's side of grading and tournaments (see [`crate::contest`]).

use super::error::SolveError;
use super::explain::{ExplainError, explain};
use super::ruleset::Ruleset;
use super::strategy::{Strategy, StrategyKind};
use super::sweep::Player;
use super::{SearchLimits, evaluate, solve_against};
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

impl Contest for Ruleset {
    type Strategy = Strategy;

    fn rules_name(&self) -> String {
        self.name().to_string()
    }

    fn goal_name(&self) -> &'static str {
        "goal"
    }

    fn goal(&self) -> u32 {
        Ruleset::goal(self)
    }

    fn yardstick(&self) -> &str {
        self.rules().yardstick()
    }

    fn course_schema(&self) -> Schema {
        self.score_schema()
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
        Ok(evaluate(self, strategy, opponent)?)
    }

    fn explain(
        &self,
        strategy: &Strategy,
        opponent: &Strategy,
    ) -> Result<Vec<Change>, ContestError> {
        let table = match strategy.kind() {
            StrategyKind::Scores(table) => table,
            StrategyKind::Full(_) => {
                return Err(ContestError::Explain(format!(
                    "{} reads the hidden memories: its cells are not what a course strategy sees",
                    strategy.name()
                )));
            }
            StrategyKind::Optimising => {
                return Err(ContestError::not_fixed(
                    strategy.name(),
                    true,
                    opponent.name(),
                ));
            }
        };
        let Player::Fixed(policy) = opponent.player(self) else {
            return Err(ContestError::not_fixed(
                strategy.name(),
                false,
                opponent.name(),
            ));
        };
        Ok(explain(self, table, &policy)?
            .into_iter()
            .map(|cell| Change {
                score: cell.score,
                opponent_score: cell.opponent_score,
                passed: None,
                turn_total: None,
                chosen: cell.chosen,
                best: cell.best,
                reach: cell.reach,
                gain: cell.gain,
            })
            .collect())
    }

    fn optimum(&self, opponent: &Strategy) -> Result<(Outcome, bool), ContestError> {
        let solved = solve_against(self, opponent, SearchLimits::default(), |_| {})?;
        Ok((solved.outcome, solved.search.is_some()))
    }
}
