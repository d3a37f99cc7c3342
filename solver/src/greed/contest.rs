//! Greed's side of grading and tournaments (see [`crate::contest`]).

use super::explain::explain;
use super::game::{Greed, NAME, YARDSTICK};
use super::simulate::simulate;
use super::strategy::Strategy;
use super::sweep::{Player, SolveError};
use super::{play, position, solve_against};
use crate::contest::{Change, Contest, ContestError, Found, MINIMAX, check_position};
use crate::outcome::{Outcome, Position, Simulation};
use crate::python::Runner;
use crate::spec::{Resolved, StrategyError};
use crate::table::{Schema, Table};

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

    fn table_strategy(&self, name: &str, table: Table) -> Strategy {
        Strategy::from_table(name, &table, self)
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

    /// `own` and `opponent` (0 to the limit) and `passed` (1 if the opponent has just passed).
    fn position_parts(&self) -> Vec<(&'static str, u32)> {
        let scores = self.limit() + 1;
        vec![("own", scores), ("opponent", scores), ("passed", 2)]
    }

    fn position(
        &self,
        strategy: &Strategy,
        opponent: &Strategy,
        at: &[u32],
    ) -> Result<Position, ContestError> {
        check_position(&self.position_parts(), at)?;
        let at = (at[0] as usize, at[1] as usize, at[2] == 1);
        Ok(position(self, strategy, opponent, at)?)
    }

    fn simulate(
        &self,
        strategy: &Strategy,
        opponent: &Strategy,
        games: u64,
        seed: u64,
        played: &(dyn Fn(u64) + Sync),
    ) -> Result<(Simulation, Outcome), ContestError> {
        let played_exactly = play(self, strategy, opponent)?;
        let policies = &played_exactly.policies;
        let simulation = simulate(self, [&policies[0], &policies[1]], games, seed, played);
        Ok((simulation, played_exactly.outcome))
    }

    fn optimum(&self, opponent: &Strategy) -> Result<(Outcome, Found), ContestError> {
        Ok((solve_against(self, opponent)?.outcome, Found::Solved))
    }

    fn minimax_table(&self) -> Result<Table, ContestError> {
        let minimax = Strategy::parse(MINIMAX, self)?;
        Ok(solve_against(self, &minimax)?.file.table)
    }
}
