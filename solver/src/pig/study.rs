//! A Pig match-up as a chain of turns ([`TurnChain`]), and the same played with real dice:
//! the study's exact figures and their check.
//!
//! A node is a turn's start, `2 · (own · goal + opponent) + seat`, the scores seen from the
//! mover. Each node's turn is worked out once, decision by decision in rising turn total (a
//! roll that goes on adds points), into where the turn ends and how likely: what it counts is
//! a **Pig Out** (a 1, or tails in piglet: the turn total lost), two-dice Pig's **two 1s** (the
//! score lost) and a **hold** that banks points (holding at 0 only passes the turn).

use rand::SeedableRng;

use super::game::{Lead, Pig, Roll, Variant};
use super::policy::Policy;
use super::simulate::{Game, Step};
use crate::game::study::{Ending, Landing, Tally, TurnChain};

/// What a Pig turn can end in, by bit.
const PIG_OUT: u32 = 1;
const TWO_ONES: u32 = 2;
const HOLD: u32 = 4;

/// The names of what a Pig turn counts, by bit, for `variant` (bits it cannot have left out).
fn names(variant: Variant) -> Vec<(u32, &'static str)> {
    match variant {
        Variant::Pig => vec![(PIG_OUT, "Pig Out"), (HOLD, "hold")],
        Variant::Piglet => vec![(PIG_OUT, "tails"), (HOLD, "hold")],
        Variant::TwoDicePig => vec![(PIG_OUT, "Pig Out"), (TWO_ONES, "two 1s"), (HOLD, "hold")],
    }
}

/// The chain's bits (one per name, in order) of what happened, `happened` in the flags above.
fn bits(variant: Variant, happened: u32) -> u32 {
    names(variant)
        .iter()
        .enumerate()
        .filter(|(_, (flag, _))| happened & flag != 0)
        .fold(0, |set, (bit, _)| set | 1 << bit)
}

/// Two fixed policies of a Pig game as a chain of turns, every node's turn worked out.
pub struct PigChain {
    goal: usize,
    /// By node: where its turn ends, how likely, and the chain's bits of what happened.
    turns: Vec<Vec<(Landing, f64, u32)>>,
    names: Vec<String>,
}

impl PigChain {
    /// The chain of `policies` (seat 0's, seat 1's, each by state seen from its mover).
    pub fn new(pig: &Pig, policies: [&Policy; 2]) -> PigChain {
        let goal = pig.goal() as usize;
        let variant = pig.variant();
        let node = |own: u32, opponent: u32, seat: usize| {
            2 * (own as usize * goal + opponent as usize) + seat
        };
        let mut turns = vec![Vec::new(); 2 * goal * goal];
        let mut mass = vec![0.0; goal];
        for own in 0..pig.goal() {
            for opponent in 0..pig.goal() {
                for seat in 0..2 {
                    let ends = &mut turns[node(own, opponent, seat)];
                    let mut end = |landing, p, happened| {
                        ends.push((landing, p, bits(variant, happened)));
                    };
                    mass.fill(0.0);
                    mass[0] = 1.0;
                    for total in 0..goal {
                        let here = mass[total];
                        if here == 0.0 || !pig.is_state(own, total as u32) {
                            continue;
                        }
                        let state = pig.state(own, opponent, total as u32);
                        if !policies[seat].rolls(state) {
                            let banked = if total > 0 { HOLD } else { 0 };
                            let next = node(opponent, own + total as u32, 1 - seat);
                            end(Landing::Node(next), here, banked);
                            continue;
                        }
                        for &(roll, p) in pig.outcomes() {
                            match pig.lead(own, total as u32, roll) {
                                Lead::Won => end(Landing::Won(seat), here * p, 0),
                                Lead::Rolls(to) => mass[to as usize] += here * p,
                                Lead::Passes(score) => {
                                    let lost = match roll {
                                        Roll::LoseScore => TWO_ONES,
                                        _ => PIG_OUT,
                                    };
                                    let next = node(opponent, score, 1 - seat);
                                    end(Landing::Node(next), here * p, lost);
                                }
                            }
                        }
                    }
                }
            }
        }
        PigChain {
            goal,
            turns,
            names: names(variant).iter().map(|(_, n)| n.to_string()).collect(),
        }
    }
}

impl TurnChain for PigChain {
    fn nodes(&self) -> usize {
        2 * self.goal * self.goal
    }

    fn starts(&self) -> [usize; 2] {
        [0, 1]
    }

    fn rules(&self) -> Vec<String> {
        self.names.clone()
    }

    fn each(&self, node: usize, visit: &mut dyn FnMut(Landing, f64, u32)) {
        for &(landing, p, happened) in &self.turns[node] {
            visit(landing, p, happened);
        }
    }
}

/// Plays `games` seeded games with each seat moving first, `policies[0]` (the studied
/// strategy) against `policies[1]`, throwing real dice, and counts each turn's end as the
/// chain does: `[as_first, as_second]`.
pub fn tally(pig: &Pig, policies: [&Policy; 2], games: u64, seed: u64) -> [Tally; 2] {
    let variant = pig.variant();
    [0, 1].map(|first| {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed ^ first as u64);
        let mut tally = Tally::new(names(variant).len());
        for _ in 0..games {
            let mut game = Game::new(first);
            let mut played = tally.game();
            let mut winner = None;
            while winner.is_none() && played.turns() < crate::game::simulate::MOST_DECISIONS {
                let mover = game.mover;
                let rolls = policies[mover].rolls(game.state(pig));
                let step = game.decide(pig, rolls, &mut rng);
                let happened = match (rolls, step) {
                    (_, Step::Added(_)) => continue,
                    (_, Step::Won) => {
                        winner = Some(mover == 0);
                        0
                    }
                    (true, Step::Lost) => PIG_OUT,
                    // Holding at 0 only passes the turn.
                    (false, Step::Lost) => 0,
                    (_, Step::Reset) => TWO_ONES,
                    (_, Step::Held(_)) => HOLD,
                };
                played.turn(bits(variant, happened));
            }
            tally.add(played, Ending::of(winner));
        }
        tally
    })
}
