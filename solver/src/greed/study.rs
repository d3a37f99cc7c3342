//! A Greed match-up as a chain of turns ([`TurnChain`]), and the same played with real dice:
//! the study's exact figures and their check.
//!
//! A node is a position with its player to move, `2 · state + seat`, the state seen from the
//! mover (as [`Greed::state`] numbers it). A turn is one choice of dice and its roll, played by
//! the rules the simulator plays by too ([`Game::play`]), so the chain and the games it is
//! checked against share one rules implementation. What a turn counts: a **pass** (choosing no
//! dice), a **bust** (going over the limit: the mover loses) and a **roll of 0** (dice that all
//! show 0, which repeats a position).

use rand::{Rng, SeedableRng};

use super::game::Greed;
use super::policy::Policy;
use super::turn::{End, Game};
use crate::game::study::{Ending, Landing, Tally, TurnChain};

/// What a Greed turn counts, by bit.
const NAMES: [&str; 3] = ["pass", "bust", "roll of 0"];

/// The bits of what a turn that chose `dice` dice, rolled `total` and ended as `end` counted.
fn happened(dice: u8, total: u32, end: Option<End>) -> u32 {
    let pass = u32::from(dice == 0);
    let bust = u32::from(matches!(end, Some(End::Bust(_))));
    let zero = u32::from(dice > 0 && total == 0);
    pass | bust << 1 | zero << 2
}

/// The chain's landing after `game` (seat 0 the studied strategy) played a turn that ended as
/// `end`.
fn landing(greed: &Greed, game: &Game, end: Option<End>) -> Landing {
    match end.map(End::winner) {
        Some(Some(seat)) => Landing::Won(seat),
        Some(None) => Landing::Tie,
        None => Landing::Node(2 * game.state(greed) + game.mover),
    }
}

/// Two fixed policies of a Greed game as a chain of turns.
pub struct GreedChain<'a> {
    greed: &'a Greed,
    policies: [&'a Policy; 2],
}

impl<'a> GreedChain<'a> {
    /// The chain of `policies` (seat 0's, seat 1's, each by state seen from its mover).
    pub fn new(greed: &'a Greed, policies: [&'a Policy; 2]) -> GreedChain<'a> {
        GreedChain { greed, policies }
    }
}

impl TurnChain for GreedChain<'_> {
    fn nodes(&self) -> usize {
        2 * self.greed.states()
    }

    fn starts(&self) -> [usize; 2] {
        let start = self.greed.start();
        [2 * start, 2 * start + 1]
    }

    fn rules(&self) -> Vec<String> {
        NAMES.iter().map(|name| name.to_string()).collect()
    }

    fn each(&self, node: usize, visit: &mut dyn FnMut(Landing, f64, u32)) {
        let greed = self.greed;
        let (state, seat) = (node / 2, node % 2);
        let scores = greed.scores();
        let (own, opponent) = (state / 2 / scores, state / 2 % scores);
        let mut game = Game::new(seat);
        game.scores[seat] = own as u32;
        game.scores[1 - seat] = opponent as u32;
        game.passed = state % 2 == 1;
        debug_assert_eq!(game.state(greed), state);
        let dice = self.policies[seat].dice(state);
        let mut turn = |total: u32, p: f64| {
            let mut after = game;
            let end = after.play(greed.limit(), dice, total);
            visit(landing(greed, &after, end), p, happened(dice, total, end));
        };
        if dice == 0 {
            turn(0, 1.0);
        } else {
            for (total, p) in greed.roll(dice).outcomes() {
                turn(total as u32, p);
            }
        }
    }
}

/// Plays `games` seeded games with each seat moving first, `policies[0]` (the studied
/// strategy) against `policies[1]`, throwing real dice, and counts each turn as the chain
/// does: `[as_first, as_second]`.
pub fn tally(greed: &Greed, policies: [&Policy; 2], games: u64, seed: u64) -> [Tally; 2] {
    [0, 1].map(|first| {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed ^ first as u64);
        let mut tally = Tally::new(NAMES.len());
        for _ in 0..games {
            let mut game = Game::new(first);
            let mut played = tally.game();
            let ending = loop {
                let dice = policies[game.mover].dice(game.state(greed));
                let total = (0..dice).map(|_| rng.random_range(0..=5u32)).sum();
                let end = game.play(greed.limit(), dice, total);
                played.turn(happened(dice, total, end));
                if let Some(end) = end {
                    break match end.winner() {
                        Some(seat) => Ending::Won(seat == 0),
                        None => Ending::Tie,
                    };
                }
            };
            tally.add(played, ending);
        }
        tally
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Run;
    use crate::game::study::measure;

    /// At limit 1 with both players passing at once: the first passes, the second passes on
    /// its last turn, 0 : 0, a tie in two turns, two passes.
    #[test]
    fn two_passes_at_the_start_tie_in_two_turns() {
        let greed = Greed::new(1).unwrap();
        let pass = Policy::from_fn(&greed, |_, _, _| 0);
        let chain = GreedChain::new(&greed, [&pass, &pass]);
        let [first, _] = measure(&chain, true, &Run::default()).unwrap();
        assert_eq!((first.win, first.lose, first.tie), (0.0, 0.0, 1.0));
        assert_eq!(first.turns, [0.0, 1.0]);
        assert_eq!(first.rules[0].per_game, 2.0);
        assert_eq!(first.rules[0].at_least_once, 1.0);
        assert_eq!(first.rules[1].per_game, 0.0);
    }
}
