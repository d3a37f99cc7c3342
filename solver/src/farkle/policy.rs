//! Who sits in a seat: an optimising player, or a fixed policy of the built-ins.
//!
//! A built-in decides from the turn total, the dice left and what the roll offers, and (for
//! `max_points`) the mover's own score, so its turn from any start is one [`Transition`] per
//! own score, computed once.

use super::game::{DICE, Farkle, Keep, UNIT};
use super::turn::{Best, Decide, Layout, Mass, Transition, Turn};

/// A fixed policy of the built-ins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixed {
    /// Keep every scoring die (the keep that sets aside the most dice, then the most points);
    /// bank once the turn total is at least `total` points, or with fewer than `dice` dice left.
    BankAt {
        /// The turn total (points) to bank at.
        total: u32,
        /// Bank with fewer dice than this left (0: never for that reason).
        dice: u32,
    },
    /// Maximise the expected points of each turn (a turn total reaching the goal counts as
    /// itself): bank or roll, and keep, as that says.
    MaxPoints,
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Plays to maximise its probability of winning, in every state.
    Optimising,
    /// Plays a built-in.
    Fixed(Fixed),
    /// Plays a Python strategy, whose turn from every turn start is given to
    /// [`solve_with`](super::solve_with) (a [`PythonStrategy`](super::PythonStrategy)'s
    /// transitions).
    Python,
    /// Plays the decisions of both players optimal (the minimax solve's) whatever it meets:
    /// `minimax` facing a fixed policy, as in the other games (`Contest::meet`).
    Equilibrium,
}

/// The dice a keep sets aside from `dice` rolled.
pub fn set_aside(keep: Keep, dice: usize) -> usize {
    if keep.left as usize == DICE {
        dice
    } else {
        dice - keep.left as usize
    }
}

/// `bank_at`'s decisions.
pub(super) struct BankAt {
    units: usize,
    dice: usize,
}

impl BankAt {
    /// Banking once the turn total is at least `total` points, or with fewer than `dice` dice
    /// left.
    pub(super) fn new(total: u32, dice: u32) -> BankAt {
        BankAt {
            units: total.div_ceil(UNIT) as usize,
            dice: dice as usize,
        }
    }
}

impl Decide for BankAt {
    fn banks(&self, t: usize, dice: usize) -> bool {
        t >= self.units || dice < self.dice
    }

    fn keep(&self, _t: usize, dice: usize, _offer: usize, keeps: &[Keep]) -> usize {
        keep_most(keeps, dice)
    }
}

/// The keep setting aside the most dice, then scoring the most: every scoring die.
pub fn keep_most(keeps: &[Keep], dice: usize) -> usize {
    (0..keeps.len())
        .max_by_key(|&i| (set_aside(keeps[i], dice), keeps[i].units))
        .expect("an offer has keeps")
}

impl Fixed {
    /// The turn of this policy from every own score index (turn totals below `goal − own`).
    pub fn transitions(self, game: &Farkle, layout: &Layout) -> Vec<Transition> {
        let mut turn = Turn::new(game, layout);
        let mut mass = Mass::new(game, layout);
        (0..game.scores())
            .map(|own| {
                let len = game.scores() - own;
                match self {
                    Fixed::BankAt { total, dice } => {
                        mass.forward(layout, len, &BankAt::new(total, dice))
                    }
                    Fixed::MaxPoints => {
                        max_points(&mut turn, layout, len);
                        let best = Best {
                            turn: &turn,
                            layout,
                            lane: 0,
                        };
                        mass.forward(layout, len, &best)
                    }
                }
            })
            .collect()
    }
}

/// Solves `turn` for the expected points of a turn with `len` turn totals below the goal.
pub fn max_points(turn: &mut Turn, layout: &Layout, len: usize) {
    let bank: Vec<f64> = (0..len).map(|t| t as f64).collect();
    turn.backward(layout, len, &bank, [0.0; super::turn::LANES], |t| t as f64);
}
