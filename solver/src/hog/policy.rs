//! Policies: the dice a player asks for in every state.
//!
//! A course strategy sees only (own score, opponent score): a [`ScoreTable`], `goal × goal`
//! dice counts indexed `[own, opponent]`. A full-information strategy also sees both players'
//! memories: a [`FullTable`] indexed `[own, opponent, own memory, opponent memory]`. The solver
//! works on a [`Policy`], which gives a dice count for every state of the
//! [`StateSpace`](super::StateSpace); both kinds of table convert to and from it.

use ndarray::{Array2, Array4};

use super::definition::MAX_DICE;
use super::ruleset::{DEFAULT_GOAL, Ruleset};
use crate::table::{Axis, PythonSignature, Schema, Table};

/// Dice counts indexed `[own score, opponent score]`.
pub type ScoreTable = Array2<u8>;

/// Dice counts indexed `[own score, opponent score, own memory, opponent memory]`.
pub type FullTable = Array4<u8>;

/// The course's `final_strategy`, which a score table becomes.
const FINAL_STRATEGY: PythonSignature = PythonSignature {
    function: "final_strategy",
    parameters: &["score", "opponent_score"],
    flags: &[],
    index: "[score][opponent_score]",
    docstring: "Return the number of dice (0 to 10) to roll at score against opponent_score.",
    alias: None,
    paste_into: "hog.py",
};

impl Ruleset {
    /// The schema of a score table: `goal × goal` dice counts in `0..=10`, indexed
    /// `[own score, opponent score]`, written in Python as `final_strategy`.
    pub fn score_schema(&self) -> Schema {
        let goal = self.goal() as usize;
        Schema {
            game: "Hog",
            rules: self.rules().variant(),
            goal: self.goal(),
            goal_name: "goal",
            default_goal: DEFAULT_GOAL,
            axes: vec![
                Axis {
                    name: "own score",
                    column: "own",
                    length: goal,
                },
                Axis {
                    name: "opponent score",
                    column: "opponent",
                    length: goal,
                },
            ],
            max_action: MAX_DICE,
            python: Some(FINAL_STRATEGY),
        }
    }

    /// The schema of a full-state table, which also reads both memories: no course strategy
    /// can, so it has no Python function.
    pub fn full_schema(&self) -> Schema {
        let mut schema = self.score_schema();
        let m = self.space().memory_size();
        schema.axes.push(Axis {
            name: "own memory",
            column: "own_memory",
            length: m,
        });
        schema.axes.push(Axis {
            name: "opponent memory",
            column: "opponent_memory",
            length: m,
        });
        schema.python = None;
        schema
    }

    /// The tables a strategy file may hold for this ruleset: a score table, and a full-state
    /// table when the rules remember something.
    pub fn schemas(&self) -> Vec<Schema> {
        let mut schemas = vec![self.score_schema()];
        if self.space().memory_size() > 1 {
            schemas.push(self.full_schema());
        }
        schemas
    }

    /// `table` as a game-neutral table, for the file formats.
    pub fn score_table(&self, table: ScoreTable) -> Table {
        Table::new(self.score_schema(), table.into_dyn()).expect("a goal x goal table of dice")
    }

    /// `table` as a game-neutral table, for the file formats.
    pub fn full_table(&self, table: FullTable) -> Table {
        Table::new(self.full_schema(), table.into_dyn()).expect("a full table of dice")
    }
}

/// The dice a player asks for in every state of a ruleset's state space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    dice: Vec<u8>,
}

impl Policy {
    /// Wraps dice counts already laid out by state index.
    pub(crate) fn from_states(dice: Vec<u8>) -> Policy {
        Policy { dice }
    }

    /// The policy that plays `table[own, opponent]` whatever either player remembers.
    /// `table` must be `goal × goal`.
    pub fn from_scores(rules: &Ruleset, table: &ScoreTable) -> Policy {
        let space = rules.space();
        let per_cell = space.states_per_cell();
        let mut dice = vec![0; space.states()];
        for cell in 0..space.cells() {
            let (own, opponent) = space.scores(cell);
            let n = table[[own as usize, opponent as usize]];
            dice[cell * per_cell..(cell + 1) * per_cell].fill(n);
        }
        Policy { dice }
    }

    /// The policy that plays `table[own, opponent, own memory, opponent memory]`. `table` must be
    /// `goal × goal × m × m` for the ruleset's memory of `m` values.
    pub fn from_full(rules: &Ruleset, table: &FullTable) -> Policy {
        let space = rules.space();
        let m = space.memory_size() as u8;
        let mut dice = vec![0; space.states()];
        for cell in 0..space.cells() {
            let (own, opponent) = space.scores(cell);
            for a in 0..m {
                for b in 0..m {
                    dice[space.state(cell, a, b)] =
                        table[[own as usize, opponent as usize, a.into(), b.into()]];
                }
            }
        }
        Policy { dice }
    }

    /// The dice asked for in `state`.
    #[inline]
    pub fn dice(&self, state: usize) -> u8 {
        self.dice[state]
    }

    /// The policy as a full-information table.
    pub fn to_full(&self, rules: &Ruleset) -> FullTable {
        let space = rules.space();
        let (g, m) = (space.goal() as usize, space.memory_size());
        FullTable::from_shape_fn((g, g, m, m), |(own, opponent, a, b)| {
            self.dice[space.state(space.cell(own as u32, opponent as u32), a as u8, b as u8)]
        })
    }

    /// The policy as a score table, if it ignores memory (always so for rules without memory).
    pub fn to_scores(&self, rules: &Ruleset) -> Option<ScoreTable> {
        let space = rules.space();
        let per_cell = space.states_per_cell();
        let g = space.goal() as usize;
        let mut table = ScoreTable::zeros((g, g));
        for cell in 0..space.cells() {
            let states = &self.dice[cell * per_cell..(cell + 1) * per_cell];
            if states.iter().any(|&n| n != states[0]) {
                return None;
            }
            let (own, opponent) = space.scores(cell);
            table[[own as usize, opponent as usize]] = states[0];
        }
        Some(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_tables_round_trip_through_policies() {
        let rules = Ruleset::preset("hog-fa19", 10).unwrap();
        let table = ScoreTable::from_shape_fn((10, 10), |(s, o)| ((s * 3 + o) % 11) as u8);
        let policy = Policy::from_scores(&rules, &table);
        assert_eq!(policy.to_scores(&rules), Some(table.clone()));
        let full = policy.to_full(&rules);
        assert_eq!(full[[4, 7, 3, 9]], table[[4, 7]]);
        assert_eq!(Policy::from_full(&rules, &full), policy);
    }

    #[test]
    fn a_policy_that_reads_memory_is_not_a_score_table() {
        let rules = Ruleset::preset("hog-fa19", 5).unwrap();
        let full = FullTable::from_shape_fn((5, 5, 11, 11), |(_, _, a, _)| a as u8 % 11);
        assert_eq!(Policy::from_full(&rules, &full).to_scores(&rules), None);
    }
}
