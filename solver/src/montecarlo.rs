//! Seeded, parallel Monte Carlo play, shared by every game's simulator.
//!
//! [`simulate`] plays games in fixed-size batches, each with its own random stream derived from
//! the seed, in parallel: the result depends only on the seed and the number of games, not on
//! the number of threads.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::outcome::{Simulation, Tally};

/// How one game ended for seat 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result {
    /// Seat 0 won.
    Won,
    /// Nobody won.
    Tied,
    /// Seat 1 won.
    Lost,
}

/// Games per independently seeded batch.
const BATCH: u64 = 4096;

/// Games between two looks at the stop flag inside a batch.
const STOP_CHECK: u64 = 256;

/// What a simulation tells as it goes, and asks as it goes whether to go on.
pub trait Played: Sync {
    /// `n` more games finished.
    fn played(&self, n: u64);

    /// Whether to stop: the batches not yet finished are abandoned (the simulation is then
    /// incomplete, and whoever stopped it discards it).
    fn stopped(&self) -> bool {
        false
    }
}

impl<F: Fn(u64) + Sync> Played for F {
    fn played(&self, n: u64) {
        self(n)
    }
}

/// Plays `games_per_seat` games with each seat moving first: `play(first, rng)` plays one game
/// in which seat `first` moves first, drawing its dice from `rng`. `played` hears of every
/// `n` games finished (a batch), from whichever thread played them, and may stop the rest.
pub fn simulate(
    games_per_seat: u64,
    seed: u64,
    play: impl Fn(usize, &mut ChaCha8Rng) -> Result + Sync,
    played: &dyn Played,
) -> Simulation {
    let batches = games_per_seat.div_ceil(BATCH);
    let tally = |first: usize| -> Tally {
        let counts = (0..batches)
            .into_par_iter()
            .map(|batch| {
                if played.stopped() {
                    return (0, 0);
                }
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                rng.set_stream(batch * 2 + first as u64);
                let games = BATCH.min(games_per_seat - batch * BATCH);
                let mut counts = (0u64, 0u64);
                for game in 0..games {
                    // A long game (Farkle's) makes a batch last tens of milliseconds: a stop
                    // abandons it too.
                    if game % STOP_CHECK == 0 && played.stopped() {
                        return (0, 0);
                    }
                    match play(first, &mut rng) {
                        Result::Won => counts.0 += 1,
                        Result::Tied => counts.1 += 1,
                        Result::Lost => {}
                    }
                }
                played.played(games);
                counts
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        Tally {
            games: games_per_seat,
            wins: counts.0,
            ties: counts.1,
        }
    };
    Simulation {
        first: tally(0),
        second: tally(1),
    }
}
