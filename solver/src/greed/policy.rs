//! Greed policies: the dice a player rolls in every state.
//!
//! A course strategy sees (own score, opponent score, whether the opponent just passed): a
//! [`GreedTable`] indexed `[own][opponent][passed]`. The sweep and the simulator read a
//! [`Policy`], the same dice laid out by state index.

use ndarray::Array3;

use super::game::Greed;

/// Dice counts indexed `[own score][opponent score][opponent passed]`.
pub type GreedTable = Array3<u8>;

/// The dice a player rolls in every state of a Greed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    dice: Vec<u8>,
}

impl Policy {
    /// The policy that rolls `dice(own, opponent, passed)` in every state.
    pub fn from_fn(game: &Greed, dice: impl Fn(u32, u32, bool) -> u8) -> Policy {
        let s = game.scores();
        let mut policy = vec![0; game.states()];
        for own in 0..s {
            for opponent in 0..s {
                for passed in [false, true] {
                    policy[game.state(own, opponent, passed)] =
                        dice(own as u32, opponent as u32, passed);
                }
            }
        }
        Policy { dice: policy }
    }

    /// Wraps dice counts already laid out by state index.
    pub(crate) fn from_states(dice: Vec<u8>) -> Policy {
        Policy { dice }
    }

    /// The policy of a table (which must be `(limit + 1) × (limit + 1) × 2`).
    pub fn from_table(game: &Greed, table: &GreedTable) -> Policy {
        Policy::from_fn(game, |own, opponent, passed| {
            table[[own as usize, opponent as usize, usize::from(passed)]]
        })
    }

    /// The dice rolled in `state`.
    #[inline]
    pub fn dice(&self, state: usize) -> u8 {
        self.dice[state]
    }

    /// The policy as a table indexed `[own][opponent][passed]`.
    pub fn to_table(&self, game: &Greed) -> GreedTable {
        let s = game.scores();
        GreedTable::from_shape_fn((s, s, 2), |(own, opponent, passed)| {
            self.dice[game.state(own, opponent, passed == 1)]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_round_trip_through_policies() {
        let game = Greed::new(10).unwrap();
        let policy = Policy::from_fn(&game, |own, opponent, passed| {
            (own * 3 + opponent + u32::from(passed)) as u8
        });
        let table = policy.to_table(&game);
        assert_eq!(table[[4, 7, 1]], 20);
        assert_eq!(Policy::from_table(&game, &table), policy);
    }
}
