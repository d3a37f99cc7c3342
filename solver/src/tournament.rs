//! Exact round robins, for any game: every pair of entries played once, exactly, in parallel.
//!
//! A game supplies the match (`play(i, j)`: entry `i` in seat 0 against entry `j`, each moving
//! first in half the games); [`round_robin`] plays the `n·(n − 1)/2` pairs on the current rayon
//! pool and ranks the entries by their mean win rate (P(win) + ½·P(tie), seat-averaged) against
//! all the others.

use rayon::prelude::*;

use crate::outcome::Outcome;

/// The outcomes of every pair of a round robin, and the standings.
#[derive(Clone, Debug)]
pub struct RoundRobin {
    /// `outcomes[i][j]`: entry `i` against entry `j` (`None` on the diagonal).
    outcomes: Vec<Vec<Option<Outcome>>>,
}

/// One entry's place in a round robin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// The entry's index, in the order the entries were given.
    pub entry: usize,
    /// Its win rate averaged over all its opponents.
    pub mean_win_rate: f64,
    /// How many of its matches it won (win rate above ½).
    pub matches_won: usize,
}

impl RoundRobin {
    /// The number of entries.
    pub fn entries(&self) -> usize {
        self.outcomes.len()
    }

    /// Entry `i`'s win rate against entry `j` (`None` when `i == j`).
    pub fn win_rate(&self, i: usize, j: usize) -> Option<f64> {
        self.outcomes[i][j].map(|o| o.win_rate())
    }

    /// The standings, best first: by mean win rate, then matches won, then the order given.
    pub fn standings(&self) -> Vec<Standing> {
        let n = self.entries();
        let mut standings: Vec<Standing> = (0..n)
            .map(|entry| {
                let rates: Vec<f64> = (0..n).filter_map(|j| self.win_rate(entry, j)).collect();
                Standing {
                    entry,
                    mean_win_rate: rates.iter().sum::<f64>() / rates.len().max(1) as f64,
                    matches_won: rates.iter().filter(|&&r| r > 0.5).count(),
                }
            })
            .collect();
        standings.sort_by(|a, b| {
            b.mean_win_rate
                .total_cmp(&a.mean_win_rate)
                .then(b.matches_won.cmp(&a.matches_won))
                .then(a.entry.cmp(&b.entry))
        });
        standings
    }
}

/// Plays every pair of `entries` entries once with `play(i, j)` (`i < j`, entry `i` in seat 0),
/// in parallel, calling `done` after each match; the first error stops the round robin.
pub fn round_robin<E: Send>(
    entries: usize,
    play: impl Fn(usize, usize) -> Result<Outcome, E> + Sync,
    done: impl Fn() + Sync,
) -> Result<RoundRobin, E> {
    let pairs: Vec<(usize, usize)> = (0..entries)
        .flat_map(|i| (i + 1..entries).map(move |j| (i, j)))
        .collect();
    let played: Vec<Outcome> = pairs
        .par_iter()
        .map(|&(i, j)| {
            let outcome = play(i, j);
            done();
            outcome
        })
        .collect::<Result<_, E>>()?;
    let mut outcomes = vec![vec![None; entries]; entries];
    for (&(i, j), outcome) in pairs.iter().zip(played) {
        outcomes[i][j] = Some(outcome);
        outcomes[j][i] = Some(outcome.for_opponent());
    }
    Ok(RoundRobin { outcomes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::SeatOutcome;

    #[test]
    fn standings_rank_by_mean_win_rate_then_matches_won() {
        // Entry 2 beats both others narrowly; entry 0 beats 1 by far.
        let rate = |i: usize, j: usize| match (i, j) {
            (0, 1) => 0.9,
            (0, 2) => 0.45,
            (1, 2) => 0.4,
            _ => unreachable!("only i < j is played"),
        };
        let robin = round_robin(
            3,
            |i, j| {
                Ok::<_, ()>(Outcome {
                    first: SeatOutcome::without_ties(rate(i, j)),
                    second: SeatOutcome::without_ties(rate(i, j)),
                })
            },
            || {},
        )
        .unwrap();
        assert_eq!(robin.win_rate(1, 0), Some(1.0 - 0.9));
        assert_eq!(robin.win_rate(1, 1), None);
        let order: Vec<(usize, usize)> = robin
            .standings()
            .iter()
            .map(|s| (s.entry, s.matches_won))
            .collect();
        // Means: 0 → (0.9 + 0.45) / 2 = 0.675; 2 → (0.55 + 0.6) / 2 = 0.575; 1 → 0.25.
        assert_eq!(order, vec![(0, 1), (2, 2), (1, 0)]);
    }
}
