//! A game of the Pig family at the table, decision by decision: [`Game`] applies the rules
//! straight from the faces thrown (a die's 1, the coin's tails, two dice's 1s), not from the
//! solver's table of outcomes, so the simulator ([`crate::game::simulate`] over
//! [`Rules`](crate::game::Rules)) shares nothing with the solver but the players' policies: an
//! independent check of the outcomes, the cycles and the solve.

use rand::Rng;

use super::game::{Pig, Variant};
use crate::dice::Die;

/// A game in progress, seen from the table: seat 0 and seat 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// Both players' banked scores, by seat.
    pub scores: [u32; 2],
    /// The mover's turn total.
    pub turn_total: u32,
    /// The seat to move.
    pub mover: usize,
}

/// What one decision did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The roll added to the turn total; the mover decides again.
    Added(u32),
    /// The turn ended without gain (a 1, tails, or holding with nothing).
    Lost,
    /// Two 1s: the turn ended and the mover's score dropped to 0.
    Reset,
    /// The mover banked its turn total.
    Held(u32),
    /// The mover reached the goal and won.
    Won,
}

/// What one roll throws in each variant: a die (1..=6), a coin as a two-faced die (1 tails, 2
/// heads), or two dice.
pub fn thrown(variant: Variant) -> (Die, u8) {
    match variant {
        Variant::Pig => (Die::SIX_SIDED, 1),
        Variant::Piglet => (
            Die {
                faces: 2,
                ..Die::SIX_SIDED
            },
            1,
        ),
        Variant::TwoDicePig => (Die::SIX_SIDED, 2),
    }
}

impl Game {
    /// A new game at 0 : 0 with `first` to move.
    pub fn new(first: usize) -> Game {
        Game {
            scores: [0, 0],
            turn_total: 0,
            mover: first,
        }
    }

    /// The state of the game seen from its mover.
    pub fn state(&self, pig: &Pig) -> usize {
        let (own, opponent) = (self.scores[self.mover], self.scores[1 - self.mover]);
        pig.state(own, opponent, self.turn_total)
    }

    /// The mover rolls (the variant's dice thrown from `rng`) or holds, as `rolls` says.
    pub fn decide(&mut self, pig: &Pig, rolls: bool, rng: &mut impl Rng) -> Step {
        if rolls {
            let (die, count) = thrown(pig.variant());
            let mut faces = [0u8; 2];
            let faces = &mut faces[..usize::from(count)];
            for face in faces.iter_mut() {
                *face = rng.random_range(die.first_face..=die.last_face());
            }
            self.roll(pig, faces)
        } else {
            self.hold()
        }
    }

    /// The mover holds: banks its turn total and passes the turn.
    pub fn hold(&mut self) -> Step {
        let banked = self.turn_total;
        self.scores[self.mover] += banked;
        self.end_turn();
        if banked == 0 {
            Step::Lost
        } else {
            Step::Held(banked)
        }
    }

    /// The mover rolled and the thrown faces are `faces` (one die's face, the coin's 1 for
    /// tails and 2 for heads, or two dice's faces).
    pub fn roll(&mut self, pig: &Pig, faces: &[u8]) -> Step {
        let ones = faces.iter().filter(|&&f| f == 1).count();
        let step = match (pig.variant(), ones) {
            (Variant::TwoDicePig, 2) => {
                self.scores[self.mover] = 0;
                self.end_turn();
                return Step::Reset;
            }
            (_, 0) => {
                let points = match pig.variant() {
                    Variant::Piglet => 1,
                    _ => faces.iter().map(|&f| u32::from(f)).sum(),
                };
                self.turn_total += points;
                Step::Added(points)
            }
            _ => {
                self.end_turn();
                return Step::Lost;
            }
        };
        if self.scores[self.mover] + self.turn_total >= pig.goal() {
            self.scores[self.mover] += self.turn_total;
            self.turn_total = 0;
            return Step::Won;
        }
        step
    }

    fn end_turn(&mut self) {
        self.turn_total = 0;
        self.mover = 1 - self.mover;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_follow_the_rules() {
        let pig = Pig::new(Variant::TwoDicePig, 100).unwrap();
        let mut game = Game {
            scores: [40, 30],
            turn_total: 10,
            mover: 0,
        };
        assert_eq!(game.roll(&pig, &[3, 4]), Step::Added(7));
        assert_eq!(game.turn_total, 17);
        assert_eq!(game.roll(&pig, &[1, 4]), Step::Lost);
        assert_eq!((game.scores, game.mover, game.turn_total), ([40, 30], 1, 0));
        assert_eq!(game.roll(&pig, &[1, 1]), Step::Reset);
        assert_eq!((game.scores, game.mover), ([40, 0], 0));
        let piglet = Pig::new(Variant::Piglet, 2).unwrap();
        let mut game = Game::new(0);
        assert_eq!(game.roll(&piglet, &[2]), Step::Added(1));
        assert_eq!(game.roll(&piglet, &[2]), Step::Won);
        assert_eq!(game.scores, [2, 0]);
    }
}
