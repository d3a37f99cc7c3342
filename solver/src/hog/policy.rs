//! Policies: the dice a player asks for in every state.
//!
//! A course strategy sees only (own score, opponent score): a [`ScoreTable`], `goal × goal`
//! dice counts indexed `[own, opponent]`. A full-information strategy also sees both players'
//! memories: a [`FullTable`] indexed `[own, opponent, own memory, opponent memory]`. The solver
//! works on a [`Policy`], which gives a dice count for every state of the
//! [`StateSpace`](super::StateSpace); both kinds of table convert to and from it.

use ndarray::{Array2, Array4};

use super::definition::{DEFAULT_GOAL, DiceSet, MAX_DICE};
use super::ruleset::Ruleset;
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
    extra_parameters: &[],
    returns: "{}",
    truth_result: false,
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
            action: "dice",
            min_action: self.least_dice(),
            max_action: MAX_DICE,
            outside: None,
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
///
/// A policy that ignores memory (every score table) keeps one dice count per cell, so that
/// building one for a match-up costs `goal²` entries, not the `goal² · m²` states; any other
/// keeps one per state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    /// By cell when `per_entry` is the cell's number of states, else by state.
    dice: Vec<u8>,
    /// States each entry of `dice` stands for: 1, or the states of a cell.
    per_entry: usize,
    used: DiceSet,
}

/// The set of the dice counts in `dice`.
fn dice_set(dice: impl IntoIterator<Item = u8>) -> DiceSet {
    dice.into_iter().fold(0, |set, n| set | 1 << n)
}

impl Policy {
    /// Wraps dice counts laid out by state index, cells having `per_cell` states each.
    pub(crate) fn from_states(dice: Vec<u8>, per_cell: usize) -> Policy {
        let used = dice_set(dice.iter().copied());
        let by_cell = dice
            .chunks(per_cell)
            .all(|states| states.iter().all(|&n| n == states[0]));
        if by_cell && per_cell > 1 {
            let dice = dice.iter().step_by(per_cell).copied().collect();
            return Policy {
                dice,
                per_entry: per_cell,
                used,
            };
        }
        Policy {
            dice,
            per_entry: 1,
            used,
        }
    }

    /// The policy that plays `table[own, opponent]` whatever either player remembers.
    /// `table` must be `goal × goal`.
    pub fn from_scores(rules: &Ruleset, table: &ScoreTable) -> Policy {
        let space = rules.space();
        let dice = (0..space.cells())
            .map(|cell| {
                let (own, opponent) = space.scores(cell);
                table[[own as usize, opponent as usize]]
            })
            .collect();
        Policy {
            dice,
            per_entry: space.states_per_cell(),
            used: dice_set(table.iter().copied()),
        }
    }

    /// The policy that plays `table[own, opponent, own memory, opponent memory]`. `table` must be
    /// `goal × goal × m × m` for the ruleset's memory of `m` values.
    pub fn from_full(rules: &Ruleset, table: &FullTable) -> Policy {
        let space = rules.space();
        let (g, per_cell) = (space.goal() as usize, space.states_per_cell());
        let in_order: Vec<u8> = table.iter().copied().collect();
        let mut dice = vec![0; space.states()];
        for (index, memories) in in_order.chunks(per_cell).enumerate() {
            let cell = space.cell((index / g) as u32, (index % g) as u32);
            // A cell's states are numbered as the table orders its memories: own, then opponent.
            dice[cell * per_cell..(cell + 1) * per_cell].copy_from_slice(memories);
        }
        Policy::from_states(dice, per_cell)
    }

    /// The dice asked for in `state`.
    #[inline]
    pub fn dice(&self, state: usize) -> u8 {
        if self.per_entry == 1 {
            self.dice[state]
        } else {
            self.dice[state / self.per_entry]
        }
    }

    /// The dice asked for in `state`, which lies in `cell`.
    #[inline]
    pub(crate) fn dice_in(&self, cell: usize, state: usize) -> u8 {
        if self.per_entry == 1 {
            self.dice[state]
        } else {
            self.dice[cell]
        }
    }

    /// Whether the dice depend on the scores alone, whatever either player remembers.
    pub(crate) fn ignores_memory(&self) -> bool {
        self.per_entry > 1
    }

    /// Every dice count the policy asks for somewhere.
    pub(crate) fn dice_set(&self) -> DiceSet {
        self.used
    }

    /// The policy as a full-information table.
    pub fn to_full(&self, rules: &Ruleset) -> FullTable {
        let space = rules.space();
        let (g, m) = (space.goal() as usize, space.memory_size());
        FullTable::from_shape_fn((g, g, m, m), |(own, opponent, a, b)| {
            self.dice(space.state(space.cell(own as u32, opponent as u32), a as u8, b as u8))
        })
    }

    /// The policy as a score table, if it ignores memory (always so for rules without memory).
    pub fn to_scores(&self, rules: &Ruleset) -> Option<ScoreTable> {
        let space = rules.space();
        if self.per_entry != space.states_per_cell() {
            return None;
        }
        let g = space.goal() as usize;
        let mut table = ScoreTable::zeros((g, g));
        for (cell, &n) in self.dice.iter().enumerate() {
            let (own, opponent) = space.scores(cell);
            table[[own as usize, opponent as usize]] = n;
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
