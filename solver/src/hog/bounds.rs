//! Certified bounds for Hog rules (see [`crate::bounds`]), where positions repeat or the
//! fractions are too long: every state of both seats as a chain, an optimising seat with every
//! dice count open, a fixed one with its own.

use super::ruleset::{Roll, Ruleset};
use super::strategy::Strategy;
use super::sweep::Player;
use crate::bounds::{BoundedRates, Chain, Outcome, Target, certify_rates};

/// The match-up as a chain: state `seat · states + state`.
struct HogChain<'a> {
    rules: &'a Ruleset,
    players: [Player; 2],
}

impl HogChain<'_> {
    /// The dice count of `choice` for `seat` in `state`.
    fn dice(&self, seat: usize, state: usize, choice: usize) -> u8 {
        match &self.players[seat] {
            Player::Fixed(policy) => policy.dice(state),
            Player::Optimising | Player::Improving(_) => self.rules.least_dice() + choice as u8,
        }
    }
}

impl Chain for HogChain<'_> {
    fn states(&self) -> usize {
        2 * self.rules.space().states()
    }

    fn order(&self) -> Vec<usize> {
        let space = self.rules.space();
        let per_cell = space.states_per_cell();
        let mut order = Vec::with_capacity(self.states());
        for cell in (0..space.cells()).rev() {
            for state in cell * per_cell..(cell + 1) * per_cell {
                order.extend([state, space.states() + state]);
            }
        }
        order
    }

    fn choices(&self, state: usize) -> usize {
        match &self.players[state / self.rules.space().states()] {
            Player::Fixed(_) => 1,
            Player::Optimising | Player::Improving(_) => self.rules.dice_choices().count(),
        }
    }

    fn outcomes(&self, state: usize, choice: usize, out: &mut Vec<Outcome>) {
        let rules = self.rules;
        let space = rules.space();
        let (seat, at) = (state / space.states(), state % space.states());
        let m = space.memory_size();
        let (cell, a, b) = (at / (m * m), (at / m % m) as u8, (at % m) as u8);
        let (own, opponent) = space.scores(cell);
        let n = self.dice(seat, at, choice);
        let effect = rules.effect((a, b), n);
        let mut push = |points: usize, count: u64, total: u64| {
            let (next, remembered) = rules.landing((own, opponent), effect, points);
            let to = if next.cell() == space.won_cell() {
                Target::Over(if next.opponent_moves() { 0.0 } else { 1.0 })
            } else if next.opponent_moves() {
                let index = space.state(next.cell(), b, remembered);
                Target::Other((1 - seat) * space.states() + index)
            } else {
                let index = space.state(next.cell(), remembered, b);
                Target::Same(seat * space.states() + index)
            };
            out.push(Outcome::counted(to, count, total));
        };
        match rules.rolls_at(own, opponent).roll(n) {
            Roll::FreeBacon(points) => push(points, 1, 1),
            Roll::Dice(roll) => {
                let total = roll.total_count().expect("Hog's rolls are counted exactly");
                for (points, count) in roll.counted_outcomes().into_iter().flatten() {
                    push(points, count, total);
                }
            }
        }
    }
}

/// Certified bounds of `strategies[0]` (seat 0) against `strategies[1]`: an optimising seat
/// with every dice count open, so the bounds hold the optimum's value (minimax if both; the
/// full-information optimum where the rules remember something).
pub fn certify_hog(rules: &Ruleset, strategies: [&Strategy; 2]) -> BoundedRates {
    let chain = HogChain {
        rules,
        players: strategies.map(|s| s.player(rules)),
    };
    let start = rules.start();
    let starts = [start, rules.space().states() + start];
    certify_rates(&chain, starts, strategies.iter().all(|s| s.is_optimising()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hog::{evaluate, solve_exact};

    #[test]
    fn bounds_hold_the_exact_fractions_and_the_float_values_where_positions_repeat() {
        let rules = Ruleset::preset("hog-fa20", 40).unwrap();
        let parse = |rules: &Ruleset, s| Strategy::parse(s, rules).unwrap();
        for (a, b) in [("always_roll:6", "always_roll:4"), ("minimax", "minimax")] {
            let (a, b) = (parse(&rules, a), parse(&rules, b));
            let bounds = certify_hog(&rules, [&a, &b]);
            let exact = solve_exact(&rules, [&a, &b]).unwrap().rates();
            for ((_, interval), (_, fraction)) in bounds.rows().into_iter().zip(exact.rows()) {
                let as_rational = |x: f64| num_rational::BigRational::from_float(x).unwrap();
                assert!(&as_rational(interval.lo()) <= fraction.rational());
                assert!(&as_rational(interval.hi()) >= fraction.rational());
                assert!(interval.hi() - interval.lo() < 1e-13, "{interval:?}");
            }
        }
        let textbook = Ruleset::preset("hog-textbook", 30).unwrap();
        let (a, b) = (
            parse(&textbook, "always_roll:5"),
            parse(&textbook, "always_roll:3"),
        );
        let bounds = certify_hog(&textbook, [&a, &b]);
        let float = evaluate(&textbook, &a, &b).unwrap();
        assert!(
            bounds.as_first.contains(float.as_first()),
            "{bounds:?} {float:?}"
        );
        assert!(
            bounds.as_second.contains(float.as_second()),
            "{bounds:?} {float:?}"
        );
        assert!(
            bounds.win_rate.hi() - bounds.win_rate.lo() < 1e-13,
            "{bounds:?}"
        );
    }
}
