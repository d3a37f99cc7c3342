//! Policies: the dice a player asks for in every state.
//!
//! A course strategy sees only (own score, opponent score): a [`ScoreTable`], `goal × goal`
//! dice counts indexed `[own, opponent]`. A full-information strategy also sees both players'
//! memories: a [`FullTable`] indexed `[own, opponent, own memory, opponent memory]`. The solver
//! works on a [`Policy`], which gives a dice count for every state of the
//! [`StateSpace`](super::StateSpace); both kinds of table convert to and from it.

use ndarray::{Array2, Array4};

use super::ruleset::Ruleset;

/// Dice counts indexed `[own score, opponent score]`.
pub type ScoreTable = Array2<u8>;

/// Dice counts indexed `[own score, opponent score, own memory, opponent memory]`.
pub type FullTable = Array4<u8>;

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
