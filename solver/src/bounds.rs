//! Certified bounds: intervals that provably contain a game's values, for the games and rules
//! whose fractions are out of reach (Greed's many dice, rules where positions repeat, big
//! goals).
//!
//! A game describes its match-up as a [`Chain`]: states (one per seat and position), each with
//! its choices (one for a fixed strategy, every one for an optimising player), each choice a
//! list of outcomes with probability intervals. [`certify`] runs interval value iteration,
//! Gauss-Seidel in the chain's order: every state keeps `[lo, hi]`, starting from `[0, 1]`,
//! and is updated to
//!
//! - `lo = max over choices of Σ p_lo · (lo of a successor the mover moves at again, or
//!   1 − hi of one where the opponent moves)`, and `hi` the same with `p_hi` and the other
//!   ends, every product, sum and difference rounded outward (`next_down` / `next_up` of the
//!   rounded result).
//!
//! This map is monotone and every fixpoint of the game's equations within `[0, 1]` (the
//! game's value among them, with a never-ending game worth ½) is mapped into any interval
//! that holds it, so by induction every interval computed holds the value: the bounds are
//! valid after any number of sweeps, and tighten as they go. They meet (up to rounding) where
//! the game's equations have one solution.

use serde::Serialize;

/// Where an outcome leads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// A state where the same player moves again.
    Same(usize),
    /// A state where the other player moves: worth 1 − its value to the mover.
    Other(usize),
    /// The game is over, worth this much to the mover (1, ½ or 0).
    Over(f64),
}

/// One outcome of a choice: where it leads, and its probability as an interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Where play goes.
    pub to: Target,
    /// Lower and upper bound of its probability.
    pub p: [f64; 2],
}

impl Outcome {
    /// An outcome of probability `count / total` (exact integers below 2^53): the correctly
    /// rounded quotient, widened by one unit in the last place each way.
    pub fn counted(to: Target, count: u64, total: u64) -> Outcome {
        let p = count as f64 / total as f64;
        Outcome {
            to,
            p: [p.next_down().max(0.0), p.next_up().min(1.0)],
        }
    }

    /// An outcome of probability `p` known to a relative error of at most `error`.
    pub fn approximate(to: Target, p: f64, error: f64) -> Outcome {
        Outcome {
            to,
            p: [
                (p * (1.0 - error)).next_down().max(0.0),
                (p * (1.0 + error)).next_up().min(1.0),
            ],
        }
    }
}

/// A match-up as interval value iteration sees it.
pub trait Chain: Sync {
    /// The number of states (both seats together).
    fn states(&self) -> usize;

    /// The states in the order one sweep visits them (those whose successors are finished
    /// first converge fastest: higher totals first).
    fn order(&self) -> Vec<usize>;

    /// The number of choices in `state`: 1 for a fixed strategy.
    fn choices(&self, state: usize) -> usize;

    /// Fills `out` with the outcomes of `choice` in `state`. Outcomes worth 0 to the mover
    /// (a loss) may be left out.
    fn outcomes(&self, state: usize, choice: usize, out: &mut Vec<Outcome>);
}

/// An interval `[lo, hi]` that provably holds a value, written as a two-element array.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval(pub [f64; 2]);

impl Interval {
    /// The lower end.
    pub fn lo(self) -> f64 {
        self.0[0]
    }

    /// The upper end.
    pub fn hi(self) -> f64 {
        self.0[1]
    }

    /// Whether `x` lies within.
    pub fn contains(self, x: f64) -> bool {
        self.lo() <= x && x <= self.hi()
    }

    /// `1 − self`, rounded outward.
    pub fn complement(self) -> Interval {
        Interval([
            (1.0 - self.hi()).next_down().max(0.0),
            (1.0 - self.lo()).next_up().min(1.0),
        ])
    }

    /// The mean of `self` and `other`, rounded outward.
    pub fn mean(self, other: Interval) -> Interval {
        Interval([
            ((self.lo() + other.lo()).next_down() / 2.0)
                .next_down()
                .max(0.0),
            ((self.hi() + other.hi()).next_up() / 2.0)
                .next_up()
                .min(1.0),
        ])
    }
}

/// A strategy's certified win rates against an opponent.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoundedRates {
    /// The two seats' values averaged.
    pub win_rate: Interval,
    /// The value moving first.
    pub as_first: Interval,
    /// The value moving second.
    pub as_second: Interval,
    /// Under minimax, the first player's value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_player_wins: Option<Interval>,
    /// Sweeps of interval iteration run.
    pub sweeps: usize,
}

impl BoundedRates {
    /// The rates of a seat worth `as_first` moving first and whose opponent, moving first, is
    /// worth `opponent_first` (so the seat's value moving second is its complement).
    pub fn from_seats(as_first: Interval, opponent_first: Interval, sweeps: usize) -> BoundedRates {
        let as_second = opponent_first.complement();
        BoundedRates {
            win_rate: as_first.mean(as_second),
            as_first,
            as_second,
            first_player_wins: None,
            sweeps,
        }
    }

    /// The same rates, marked as minimax.
    pub fn minimax(mut self) -> BoundedRates {
        self.first_player_wins = Some(self.as_first);
        self
    }

    /// Each interval with its label, as reports list them.
    pub fn rows(&self) -> Vec<(&'static str, Interval)> {
        let mut rows = vec![
            ("win rate", self.win_rate),
            ("as first", self.as_first),
            ("as second", self.as_second),
        ];
        rows.extend(self.first_player_wins.map(|i| ("first player wins", i)));
        rows
    }
}

/// The most sweeps [`certify`] runs; it stops sooner once a sweep moves no bound by more than
/// [`SETTLED`].
pub const MAX_SWEEPS: usize = 5_000;

/// A sweep that moves no bound by more than this (a hundredth of an ulp of ½) ends the
/// iteration: the bounds are valid whenever it stops, and sweeps past this point only creep.
pub const SETTLED: f64 = f64::EPSILON / 400.0;

/// Interval value iteration over `chain` (see the module docs): the certified interval of
/// every state, and the sweeps run.
pub fn certify(chain: &impl Chain) -> (Vec<Interval>, usize) {
    let n = chain.states();
    let mut lo = vec![0.0f64; n];
    let mut hi = vec![1.0f64; n];
    let order = chain.order();
    let mut outcomes = Vec::new();
    let mut sweeps = 0;
    while sweeps < MAX_SWEEPS {
        sweeps += 1;
        let mut moved: f64 = 0.0;
        for &state in &order {
            let (mut best_lo, mut best_hi) = (0.0f64, 0.0f64);
            for choice in 0..chain.choices(state) {
                outcomes.clear();
                chain.outcomes(state, choice, &mut outcomes);
                let (mut sum_lo, mut sum_hi) = (0.0f64, 0.0f64);
                for outcome in &outcomes {
                    let (v_lo, v_hi) = match outcome.to {
                        Target::Same(s) => (lo[s], hi[s]),
                        Target::Other(s) => ((1.0 - hi[s]).next_down(), (1.0 - lo[s]).next_up()),
                        Target::Over(v) => (v, v),
                    };
                    sum_lo = (sum_lo + (outcome.p[0] * v_lo.max(0.0)).next_down()).next_down();
                    sum_hi = (sum_hi + (outcome.p[1] * v_hi.min(1.0)).next_up()).next_up();
                }
                best_lo = best_lo.max(sum_lo);
                best_hi = best_hi.max(sum_hi);
            }
            // Never looser than before: the old bounds hold too.
            let new_lo = best_lo.max(lo[state]).max(0.0);
            let new_hi = best_hi.min(hi[state]).min(1.0);
            moved = moved.max(new_lo - lo[state]).max(hi[state] - new_hi);
            lo[state] = new_lo;
            hi[state] = new_hi;
        }
        if moved <= SETTLED {
            break;
        }
    }
    let intervals = lo
        .into_iter()
        .zip(hi)
        .map(|(l, h)| Interval([l, h]))
        .collect();
    (intervals, sweeps)
}

/// Certified rates of seat 0 from [`certify`]: `starts` are the start states of seat 0 and of
/// seat 1 in the chain; `minimax` marks both seats optimising.
pub fn certify_rates(chain: &impl Chain, starts: [usize; 2], minimax: bool) -> BoundedRates {
    let (bounds, sweeps) = certify(chain);
    let rates = BoundedRates::from_seats(bounds[starts[0]], bounds[starts[1]], sweeps);
    if minimax { rates.minimax() } else { rates }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two players flip a fair coin in turn; heads wins. The mover wins with 2/3.
    struct Coins;

    impl Chain for Coins {
        fn states(&self) -> usize {
            2
        }
        fn order(&self) -> Vec<usize> {
            vec![0, 1]
        }
        fn choices(&self, _: usize) -> usize {
            1
        }
        fn outcomes(&self, state: usize, _: usize, out: &mut Vec<Outcome>) {
            out.push(Outcome::counted(Target::Over(1.0), 1, 2));
            out.push(Outcome::counted(Target::Other(1 - state), 1, 2));
        }
    }

    #[test]
    fn a_coin_race_is_bounded_tightly_around_two_thirds() {
        let (bounds, sweeps) = certify(&Coins);
        for b in bounds {
            assert!(b.contains(2.0 / 3.0), "{b:?}");
            assert!(b.hi() - b.lo() < 1e-14, "{b:?}");
        }
        assert!(sweeps < MAX_SWEEPS);
    }

    /// Two players who may pass for ever: any split x + y = 1 solves the equations, so the
    /// bounds stay wide (honestly).
    struct Passing;

    impl Chain for Passing {
        fn states(&self) -> usize {
            2
        }
        fn order(&self) -> Vec<usize> {
            vec![0, 1]
        }
        fn choices(&self, _: usize) -> usize {
            1
        }
        fn outcomes(&self, state: usize, _: usize, out: &mut Vec<Outcome>) {
            out.push(Outcome::counted(Target::Other(1 - state), 1, 1));
        }
    }

    #[test]
    fn equations_with_many_solutions_leave_the_interval_open() {
        let (bounds, _) = certify(&Passing);
        assert_eq!(bounds[0], Interval([0.0, 1.0]));
    }
}
