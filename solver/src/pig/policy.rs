//! Policies: roll or hold in every state, and the tables they are written as.
//!
//! A [`Policy`] holds a decision for every state of the cube (1: roll, 0: hold). Most policies
//! people write, and the optimal ones found so far, are *thresholds*: in each (own, opponent)
//! cell they roll while the turn total is below some number and hold from it on. Such a
//! policy is written as a `goal × goal` table of thresholds; any other as the full table of
//! decisions, with the cells that are no threshold named.

use ndarray::{Array2, Array3, ArrayD};

use super::game::Pig;
use crate::memory::zeroed_or_abort;
use crate::table::Table;

/// Hold thresholds indexed `[own score, opponent score]`.
pub type Thresholds = Array2<u8>;

/// Decisions indexed `[own score, opponent score, turn total]`: 1 to roll, 0 to hold.
pub type Decisions = Array3<u8>;

/// Roll (1) or hold (0) in every state of a game's cube.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    rolls: Vec<u8>,
}

impl Policy {
    /// The policy that rolls where `rolls(own, opponent, turn total)` says, in every state of
    /// `pig`.
    pub fn from_fn(pig: &Pig, rolls: impl Fn(u32, u32, u32) -> bool) -> Policy {
        let goal = pig.goal();
        let mut decisions: Vec<u8> = zeroed_or_abort(pig.cube());
        for own in 0..goal {
            for opponent in 0..goal {
                for turn_total in 0..goal - own {
                    decisions[pig.state(own, opponent, turn_total)] =
                        u8::from(rolls(own, opponent, turn_total));
                }
            }
        }
        Policy { rolls: decisions }
    }

    /// The policy of a table of thresholds.
    pub fn from_thresholds(pig: &Pig, table: &Thresholds) -> Policy {
        Policy::from_fn(pig, |own, opponent, turn_total| {
            turn_total < u32::from(table[[own as usize, opponent as usize]])
        })
    }

    /// The policy of a table of decisions.
    pub fn from_decisions(pig: &Pig, table: &Decisions) -> Policy {
        Policy::from_fn(pig, |own, opponent, turn_total| {
            table[[own as usize, opponent as usize, turn_total as usize]] == 1
        })
    }

    /// The same policy with the decision of `state` turned round.
    pub fn flipped(&self, state: usize) -> Policy {
        let mut rolls = self.rolls.clone();
        rolls[state] = 1 - rolls[state];
        Policy { rolls }
    }

    /// Wraps decisions laid out as the cube.
    pub(crate) fn from_cube(rolls: Vec<u8>) -> Policy {
        Policy { rolls }
    }

    /// Whether the policy rolls in `state`.
    #[inline]
    pub fn rolls(&self, state: usize) -> bool {
        self.rolls[state] == 1
    }

    /// In each (own, opponent) cell, the threshold the policy follows, or `None` where it is no
    /// threshold (it holds at some turn total and rolls at a higher one). A cell that never
    /// holds has the threshold `goal − own`, where every strategy holds and wins.
    pub fn thresholds(&self, pig: &Pig) -> Array2<Option<u8>> {
        let goal = pig.goal();
        Array2::from_shape_fn((goal as usize, goal as usize), |(own, opponent)| {
            let (own, opponent) = (own as u32, opponent as u32);
            let rolls = |k: u32| self.rolls(pig.state(own, opponent, k));
            let threshold = (0..goal - own).find(|&k| !rolls(k)).unwrap_or(goal - own);
            (threshold..goal - own)
                .all(|k| !rolls(k))
                .then_some(threshold as u8)
        })
    }

    /// In each (own, opponent) cell, the first turn total at which the policy holds (`goal −
    /// own` where it never does): the hold boundary Neller & Presser draw.
    pub fn first_holds(&self, pig: &Pig) -> Array2<u8> {
        let goal = pig.goal();
        Array2::from_shape_fn((goal as usize, goal as usize), |(own, opponent)| {
            let (own, opponent) = (own as u32, opponent as u32);
            (0..goal - own)
                .find(|&k| !self.rolls(pig.state(own, opponent, k)))
                .unwrap_or(goal - own) as u8
        })
    }

    /// The policy as a table: thresholds where every cell is one, else every decision; with the
    /// cells (own, opponent) that are no threshold.
    pub fn table(&self, pig: &Pig) -> (Table, Vec<(u32, u32)>) {
        let thresholds = self.thresholds(pig);
        let broken: Vec<(u32, u32)> = thresholds
            .indexed_iter()
            .filter(|(_, t)| t.is_none())
            .map(|((own, opponent), _)| (own as u32, opponent as u32))
            .collect();
        if broken.is_empty() {
            let dice: ArrayD<u8> = thresholds.mapv(|t| t.unwrap_or(0)).into_dyn();
            let table = Table::new(pig.thresholds_schema(), dice).expect("thresholds fit");
            return (table, broken);
        }
        let g = pig.goal() as usize;
        let dice = Decisions::from_shape_fn((g, g, g), |(own, opponent, k)| {
            if pig.is_state(own as u32, k as u32) {
                u8::from(self.rolls(pig.state(own as u32, opponent as u32, k as u32)))
            } else {
                0
            }
        });
        let table = Table::new(pig.decisions_schema(), dice.into_dyn()).expect("decisions fit");
        (table, broken)
    }

    /// The policy of a table of either schema.
    pub fn of_table(pig: &Pig, table: &Table) -> Policy {
        if table.dice.ndim() == 2 {
            let thresholds: Thresholds =
                table.dice.clone().into_dimensionality().expect("two axes");
            Policy::from_thresholds(pig, &thresholds)
        } else {
            let decisions: Decisions = table
                .dice
                .clone()
                .into_dimensionality()
                .expect("three axes");
            Policy::from_decisions(pig, &decisions)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pig::Variant;

    #[test]
    fn thresholds_round_trip_and_others_are_named() {
        let pig = Pig::new(Variant::Piglet, 6).unwrap();
        let hold_at_2 = Policy::from_fn(&pig, |_, _, k| k < 2);
        let (table, broken) = hold_at_2.table(&pig);
        assert!(broken.is_empty());
        assert_eq!(table.dice.ndim(), 2);
        // At own 5, turn total 0 is the only state: the threshold is 1, then the goal.
        assert_eq!(table.dice[[5, 0]], 1);
        assert_eq!(table.dice[[0, 3]], 2);
        assert_eq!(Policy::of_table(&pig, &table), hold_at_2);
        // Holding at 1 but rolling at 2 is no threshold.
        let odd = Policy::from_fn(&pig, |own, opponent, k| {
            !(own == 0 && opponent == 1 && k == 1)
        });
        let (table, broken) = odd.table(&pig);
        assert_eq!(broken, [(0, 1)]);
        assert_eq!(table.dice.ndim(), 3);
        assert_eq!(Policy::of_table(&pig, &table), odd);
    }
}
