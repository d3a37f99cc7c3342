//! Certified bounds for the Pig family (see [`crate::bounds`]): every state of both seats as
//! a chain, optimising seats with both decisions, fixed ones with theirs.

use super::game::{Lead, Pig, Roll};
use super::solve::Player;
use super::strategy::Strategy;
use crate::bounds::{BoundedRates, Chain, Outcome, Target, certify_rates};

/// The match-up as a chain: state `seat · cube + cube index`.
struct PigChain<'a> {
    pig: &'a Pig,
    players: [&'a Player; 2],
    outcomes: (Vec<(Roll, u64)>, u64),
}

impl PigChain<'_> {
    /// Whether `choice` of `seat` in `state` rolls: an optimiser's choice 0 rolls and 1
    /// holds; a fixed player has its one decision.
    fn rolls(&self, seat: usize, state: usize, choice: usize) -> bool {
        match self.players[seat] {
            Player::Optimising => choice == 0,
            Player::Fixed(policy) => policy.rolls(state),
        }
    }
}

impl Chain for PigChain<'_> {
    fn states(&self) -> usize {
        2 * self.pig.cube()
    }

    fn order(&self) -> Vec<usize> {
        let pig = self.pig;
        let goal = pig.goal();
        let mut order = Vec::new();
        for total in (0..=2 * (goal - 1)).rev() {
            for own in total.saturating_sub(goal - 1)..=total.min(goal - 1) {
                let opponent = total - own;
                for k in (0..goal - own).rev() {
                    for seat in 0..2 {
                        order.push(seat * pig.cube() + pig.state(own, opponent, k));
                    }
                }
            }
        }
        order
    }

    fn choices(&self, state: usize) -> usize {
        match self.players[state / self.pig.cube()] {
            Player::Optimising => 2,
            Player::Fixed(_) => 1,
        }
    }

    fn outcomes(&self, state: usize, choice: usize, out: &mut Vec<Outcome>) {
        let pig = self.pig;
        let cube = pig.cube();
        let (seat, at) = (state / cube, state % cube);
        let (own, opponent, k) = pig.position(at);
        let other = |index: usize| Target::Other((1 - seat) * cube + index);
        let rolls = self.rolls(seat, at, choice);
        if !rolls {
            out.push(Outcome::counted(
                other(pig.state(opponent, own + k, 0)),
                1,
                1,
            ));
            return;
        }
        let (outcomes, total) = &self.outcomes;
        for &(roll, count) in outcomes {
            let to = match pig.lead(own, k, roll) {
                Lead::Passes(kept) => other(pig.state(opponent, kept, 0)),
                Lead::Won => Target::Over(1.0),
                Lead::Rolls(next) => Target::Same(seat * cube + pig.state(own, opponent, next)),
            };
            out.push(Outcome::counted(to, count, *total));
        }
    }
}

/// Certified bounds of `strategies[0]` (seat 0) against `strategies[1]`: optimising seats
/// with every decision open, so the bounds hold the optimum's value (minimax if both).
pub fn certify_pig(pig: &Pig, strategies: [&Strategy; 2]) -> BoundedRates {
    let chain = PigChain {
        pig,
        players: strategies.map(Strategy::player),
        outcomes: pig.variant().counted_outcomes(),
    };
    let start = pig.start();
    let starts = [start, pig.cube() + start];
    certify_rates(&chain, starts, strategies.iter().all(|s| s.is_optimising()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pig::{Variant, solve_exact};

    fn bounds_hold_the_fraction(variant: Variant, goal: u32, a: &str, b: &str) {
        let pig = Pig::new(variant, goal).unwrap();
        let parse = |s| Strategy::parse(s, &pig).unwrap();
        let (a, b) = (parse(a), parse(b));
        let bounds = certify_pig(&pig, [&a, &b]);
        let exact = solve_exact(&pig, [&a, &b]).unwrap();
        let exact = exact.rates();
        for ((_, interval), (_, fraction)) in bounds.rows().into_iter().zip(exact.rows()) {
            // The interval holds the fraction: compare the ends with it exactly.
            let (lo, hi) = (interval.lo(), interval.hi());
            let as_rational = |x: f64| num_rational::BigRational::from_float(x).unwrap();
            assert!(&as_rational(lo) <= fraction.rational(), "{lo} > {fraction}");
            assert!(&as_rational(hi) >= fraction.rational(), "{hi} < {fraction}");
            assert!(hi - lo < 1e-13, "{interval:?}");
        }
    }

    #[test]
    fn bounds_hold_the_exact_fractions() {
        bounds_hold_the_fraction(Variant::Piglet, 2, "minimax", "minimax");
        bounds_hold_the_fraction(Variant::Piglet, 10, "optimal", "hold_at:2");
        bounds_hold_the_fraction(Variant::Pig, 20, "minimax", "minimax");
        bounds_hold_the_fraction(Variant::Pig, 15, "keep_pace", "score_base");
    }
}
