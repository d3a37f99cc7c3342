//! Hog's side of grading and tournaments (see [`crate::contest`]).

use super::committed::committed_best_table;
use super::error::SolveError;
use super::explain::{ExplainError, explain};
use super::ruleset::Ruleset;
use super::simulate::simulate;
use super::strategy::{Strategy, StrategyKind};
use super::sweep::Player;
use super::{SearchLimits, evaluate, position, solve, solve_against};
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

    fn table_strategy(&self, name: &str, table: Table) -> Strategy {
        Strategy::from_table(name, table)
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

    /// `own`, `opponent`, and where the rules remember something, each player's memory.
    fn position_parts(&self) -> Vec<(&'static str, u32)> {
        let (goal, memories) = (self.goal(), self.space().memory_size() as u32);
        let mut parts = vec![("own", goal), ("opponent", goal)];
        if memories > 1 {
            parts.extend([("own_memory", memories), ("opponent_memory", memories)]);
        }
        parts
    }

    fn position(
        &self,
        strategy: &Strategy,
        opponent: &Strategy,
        at: &[u32],
    ) -> Result<Position, ContestError> {
        check_position(&self.position_parts(), at)?;
        let initial = self.memory().initial;
        let memories = match at {
            [_, _, own, other] => (*own as u8, *other as u8),
            _ => (initial, initial),
        };
        let space = self.space();
        let state = space.state(space.cell(at[0], at[1]), memories.0, memories.1);
        Ok(position(self, strategy, opponent, state)?)
    }

    fn simulate(
        &self,
        strategy: &Strategy,
        opponent: &Strategy,
        games: u64,
        seed: u64,
        played: &(dyn Fn(u64) + Sync),
    ) -> Result<(Simulation, Outcome), ContestError> {
        let solution = solve(self, [&strategy.player(self), &opponent.player(self)])?;
        let policies = [solution.policy(0), solution.policy(1)];
        let simulation = simulate(self, [&policies[0], &policies[1]], games, seed, played);
        Ok((simulation, solution.matchup()))
    }

    fn optimum(&self, opponent: &Strategy) -> Result<(Outcome, Found), ContestError> {
        if let Some((path, file)) = committed_best_table(self, opponent) {
            let table = Strategy::from_table(&file.meta.strategy, file.table);
            return Ok((evaluate(self, &table, opponent)?, Found::Committed(path)));
        }
        let solved = solve_against(self, opponent, SearchLimits::default(), |_| {})?;
        let found = match solved.search {
            Some(_) => Found::Searched,
            None => Found::Solved,
        };
        Ok((solved.outcome, found))
    }

    fn minimax_table(&self) -> Result<Table, ContestError> {
        let minimax = Strategy::optimising(MINIMAX);
        let solved = solve_against(self, &minimax, SearchLimits::default(), |_| {})?;
        Ok(solved.file.table)
    }
}
