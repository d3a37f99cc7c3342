//! The Pig family's side of grading and tournaments (see [`crate::contest`]).

use super::analysis::{evaluate, position, solve_against};
use super::explain::{ExplainError, explain};
use super::game::Pig;
use super::simulate::simulate;
use super::solve::{Player, SolveError, solve};
use super::strategy::Strategy;
use crate::contest::{Change, Contest, ContestError, Found, check_position};
use crate::outcome::{Outcome, Position, Simulation};
use crate::python::Runner;
use crate::spec::{Resolved, StrategyError};
use crate::table::{Schema, Table};

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

    /// `own`, `opponent` and `turn_total`, each below the goal.
    fn position_parts(&self) -> Vec<(&'static str, u32)> {
        let goal = Pig::goal(self);
        vec![("own", goal), ("opponent", goal), ("turn_total", goal)]
    }

    fn position(
        &self,
        strategy: &Strategy,
        opponent: &Strategy,
        at: &[u32],
    ) -> Result<Position, ContestError> {
        check_position(&self.position_parts(), at)?;
        let (own, other, turn_total) = (at[0], at[1], at[2]);
        if !self.is_state(own, turn_total) {
            return Err(ContestError::Position(format!(
                "own {own} + turn total {turn_total} reach the goal {}: the mover holds and \
                 has won",
                Pig::goal(self)
            )));
        }
        Ok(position(
            self,
            strategy,
            opponent,
            (own, other, turn_total),
        )?)
    }

    fn simulate(
        &self,
        strategy: &Strategy,
        opponent: &Strategy,
        games: u64,
        seed: u64,
        played: &(dyn Fn(u64) + Sync),
    ) -> Result<(Simulation, Outcome), ContestError> {
        let solution = solve(self, [strategy.player(), opponent.player()])?;
        let policies = [solution.policy(0), solution.policy(1)];
        let simulation = simulate(self, [&policies[0], &policies[1]], games, seed, played);
        Ok((simulation, solution.matchup()))
    }

    fn optimum(&self, opponent: &Strategy) -> Result<(Outcome, Found), ContestError> {
        Ok((solve_against(self, opponent)?.outcome, Found::Solved))
    }

    fn minimax_table(&self) -> Result<Table, ContestError> {
        Ok(solve_against(self, &Strategy::optimal())?.file.table)
    }
}
