//! Certified bounds for Greed (see [`crate::bounds`]): its rolls of up to 255 dice have too
//! many outcomes for fractions. Both seats play fixed policies (an optimiser the policy its
//! float solve found), so the bounds hold the value of the strategies as played; each
//! probability is widened by the relative error the dice recurrence guarantees.

use super::analysis::solve;
use super::game::Greed;
use super::policy::Policy;
use super::strategy::Strategy;
use super::sweep::SolveError;
use crate::bounds::{BoundedRates, Chain, Outcome, Target, certify_rates};

/// The match-up as a chain: state `seat · states + state`.
struct GreedChain<'a> {
    game: &'a Greed,
    policies: [Policy; 2],
}

impl Chain for GreedChain<'_> {
    fn states(&self) -> usize {
        2 * self.game.states()
    }

    fn order(&self) -> Vec<usize> {
        let s = self.game.scores();
        let mut order = Vec::with_capacity(self.states());
        for total in (0..2 * s - 1).rev() {
            for own in total.saturating_sub(s - 1)..=total.min(s - 1) {
                for passed in [true, false] {
                    let state = self.game.state(own, total - own, passed);
                    order.extend([state, self.game.states() + state]);
                }
            }
        }
        order
    }

    fn choices(&self, _: usize) -> usize {
        1
    }

    fn outcomes(&self, state: usize, _: usize, out: &mut Vec<Outcome>) {
        let game = self.game;
        let (seat, at) = (state / game.states(), state % game.states());
        let s = game.scores();
        let (own, opponent, passed) = (at / 2 / s, at / 2 % s, at % 2 == 1);
        let n = self.policies[seat].dice(at);
        let other = |index: usize| Target::Other((1 - seat) * game.states() + index);
        // The last turn ends the game: the higher score wins, equal scores tie.
        let over = |mine: usize| {
            Target::Over(match mine.cmp(&opponent) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            })
        };
        if n == 0 {
            let to = if passed {
                over(own)
            } else {
                other(game.state(opponent, own, true))
            };
            out.push(Outcome::counted(to, 1, 1));
            return;
        }
        let roll = game.roll(n);
        let room = game.limit() as usize - own;
        for (points, p) in roll.sum_outcomes().filter(|&(points, _)| points <= room) {
            let to = if passed {
                over(own + points)
            } else {
                other(game.state(opponent, own + points, false))
            };
            out.push(Outcome::approximate(to, p, roll.relative_error()));
        }
    }
}

/// Certified bounds of `strategies[0]` (seat 0) against `strategies[1]`, each playing its
/// policy (an optimiser: the one its float solve found).
pub fn certify_greed(game: &Greed, strategies: [&Strategy; 2]) -> Result<BoundedRates, SolveError> {
    let solution = solve(game, strategies.map(Strategy::player))?;
    let policies = [solution.policy(0), solution.policy(1)];
    let chain = GreedChain { game, policies };
    let start = game.start();
    let starts = [start, game.states() + start];
    let minimax = strategies.iter().all(|s| s.is_optimising());
    Ok(certify_rates(&chain, starts, minimax))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::greed::{Player, evaluate};

    #[test]
    fn bounds_hold_the_float_values_tightly() {
        let game = Greed::new(100).unwrap();
        let parse = |s| Strategy::parse(s, &game).unwrap();
        let (a, b) = (parse("sample1"), parse("sample2"));
        let bounds = certify_greed(&game, [&a, &b]).unwrap();
        let policies = [a.player(), b.player()].map(|p| match p {
            Player::Fixed(policy) => policy.clone(),
            Player::Optimising => unreachable!("built-ins are fixed"),
        });
        let (float, _) = evaluate(&game, [&policies[0], &policies[1]]).unwrap();
        assert!(
            bounds.as_first.contains(float.as_first()),
            "{bounds:?} {float:?}"
        );
        assert!(
            bounds.as_second.contains(float.as_second()),
            "{bounds:?} {float:?}"
        );
        assert!(
            bounds.win_rate.hi() - bounds.win_rate.lo() < 1e-10,
            "{bounds:?}"
        );
    }
}
