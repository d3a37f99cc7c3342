//! Where a solved player banks (Busche's pictures): for each number of dice left, over the
//! banked scores, the turn total at which its within-turn decisions ([`Solution::turn`]) bank.
//!
//! The best play need not be a threshold: at some scores it banks a turn total and would roll
//! on at a higher one (with the same dice left). The map gives the **least** turn total at
//! which it banks, every turn total below the goal's reach considered (reachable or not), and
//! counts the cells where it rolls again above that total.

use ndarray::Array2;
use rayon::prelude::*;

use super::game::{DICE, UNIT};
use super::solve::Solution;

/// Where one seat banks, at given farkle counts.
#[derive(Clone, Debug, PartialEq)]
pub struct BankMap {
    /// `least[dice − 1][[own, opponent]]` (score indices): the least turn total, in points, at
    /// which it banks with `dice` dice left; `None` where it rolls on until the goal.
    pub least: Vec<Array2<Option<u32>>>,
    /// `not_thresholds[dice − 1]`: the (own, opponent) cells where, with `dice` dice left, it
    /// rolls at some turn total above the least one it banks at: no threshold.
    pub not_thresholds: [usize; DICE],
}

/// One (own, opponent) cell by dice left: the least turn total banked, and whether it rolls
/// again above it.
type Cell = ([Option<u32>; DICE], [usize; DICE]);

/// The bank map of the player in `seat` of `solution`, its own farkle count `own_farkles` and
/// the opponent's `opponent_farkles`.
pub fn bank_map(
    solution: &Solution,
    seat: usize,
    own_farkles: usize,
    opponent_farkles: usize,
) -> BankMap {
    let game = solution.game();
    let scores = game.scores();
    let first = game.min_bank_units().max(1);
    let columns: Vec<Vec<Cell>> = (0..scores)
        .into_par_iter()
        .map(|own| {
            (0..scores)
                .map(|opponent| {
                    let state = game.state(own, opponent, own_farkles, opponent_farkles);
                    let (turn, lane) = solution.turn(seat, state);
                    let mut least = [None; DICE];
                    let mut again = [0; DICE];
                    for (dice, least) in least.iter_mut().enumerate() {
                        let banks = |t: usize| turn.banks(solution.layout(), t, dice + 1, lane);
                        let found = (first..scores - own).find(|&t| banks(t));
                        if let Some(t) = found {
                            *least = Some(t as u32 * UNIT);
                            again[dice] = usize::from((t..scores - own).any(|u| !banks(u)));
                        }
                    }
                    (least, again)
                })
                .collect()
        })
        .collect();
    let least = (0..DICE)
        .map(|dice| Array2::from_shape_fn((scores, scores), |(o, p)| columns[o][p].0[dice]))
        .collect();
    let mut not_thresholds = [0; DICE];
    for (_, again) in columns.iter().flatten() {
        for (count, again) in not_thresholds.iter_mut().zip(again) {
            *count += again;
        }
    }
    BankMap {
        least,
        not_thresholds,
    }
}
