//! Playing Farkle with real dice: the Monte Carlo check of the solver.
//!
//! [`play_one`] rolls the dice a turn has, one face at a time, scores what shows
//! ([`keeps_of`]), and asks each seat's player what to keep and whether to bank; it applies the
//! farkle, the penalty, the floor and hot dice itself. It shares with the solver the scoring of
//! a roll and the players' decisions (the optimiser's from a turn solved against the values),
//! not the grouping of rolls, the transitions or the iteration.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::game::{DICE, Farkle, Keep, Table, UNIT, keeps_of};
use super::policy::{Fixed, Player, keep_most, max_points, set_aside};
use super::solve::Solution;
use super::turn::Turn;
use crate::montecarlo;
use crate::outcome::Simulation;

/// How one seat decides inside the turn it is playing: its player's keeps and banking.
pub enum Plan {
    /// The turn solved for the best play (or `max_points`), and the lane of the mover's
    /// farkle count.
    Solved(Box<Turn>, usize),
    /// `bank_at`: bank at this turn total (units) or with fewer dice left than this.
    BankAt(usize, usize),
}

impl Plan {
    /// The plan of the player in `seat` of `solution` for its turn from `state` (none for a
    /// Python strategy, which is asked about each roll).
    pub fn new(solution: &Solution, seat: usize, state: usize) -> Option<Plan> {
        plan(solution, seat, state)
    }

    /// Which of `keeps` (a roll of `dice` dice at turn total `t`, units) the player takes.
    pub fn keep(&self, solution: &Solution, t: usize, dice: usize, keeps: &[Keep]) -> usize {
        match self {
            Plan::BankAt(..) => keep_most(keeps, dice),
            Plan::Solved(turn, lane) => {
                let worth = |i: usize| {
                    let next = t + keeps[i].units as usize;
                    turn.value(solution.layout(), next, keeps[i].left as usize, *lane)
                };
                (0..keeps.len()).fold(0, |best, i| if worth(i) > worth(best) { i } else { best })
            }
        }
    }

    /// Whether the player banks at turn total `t` (units, below the goal's reach) with `dice`
    /// dice to roll.
    pub fn banks(&self, solution: &Solution, t: usize, dice: usize) -> bool {
        t >= solution.game().min_bank_units()
            && match self {
                Plan::BankAt(units, fewer) => t >= *units || dice < *fewer,
                Plan::Solved(turn, lane) => turn.banks(solution.layout(), t, dice, *lane),
            }
    }
}

/// Plays `games_per_seat` games with each seat moving first, the seats playing as `solution`'s
/// players (the optimisers against its values), dice drawn from a generator seeded by `seed`;
/// `played(n)` hears of every `n` games finished.
pub fn simulate(
    solution: &Solution,
    games_per_seat: u64,
    seed: u64,
    played: &(dyn Fn(u64) + Sync),
) -> Simulation {
    montecarlo::simulate(
        games_per_seat,
        seed,
        |first, rng| {
            if play_one(solution, first, rng) == 0 {
                montecarlo::Result::Won
            } else {
                montecarlo::Result::Lost
            }
        },
        played,
    )
}

/// The turn plan of the player in `seat` to move with banked scores `own`, `opponent` (score
/// indices) and farkle counts `count`, `opponent_count`.
fn plan(solution: &Solution, seat: usize, state: usize) -> Option<Plan> {
    let game = solution.game();
    Some(match solution.players()[seat] {
        Player::Optimising | Player::Equilibrium => {
            let (turn, lane) = solution.turn(seat, state);
            Plan::Solved(Box::new(turn), lane)
        }
        Player::Fixed(Fixed::BankAt { total, dice }) => {
            Plan::BankAt(total.div_ceil(UNIT) as usize, dice as usize)
        }
        Player::Fixed(Fixed::MaxPoints) => {
            let (own, ..) = game.position(state);
            let mut turn = Turn::new(game, solution.layout());
            max_points(&mut turn, solution.layout(), game.scores() - own);
            Plan::Solved(Box::new(turn), 0)
        }
        Player::Python => return None,
    })
}

/// One game with `first` to move first; returns the winning seat. Neither seat is a Python
/// strategy (those games are [`simulate_python`](super::simulate_python)'s).
pub fn play_one(solution: &Solution, first: usize, rng: &mut ChaCha8Rng) -> usize {
    let game: &Farkle = solution.game();
    let mut table = Table::new(game, first);
    loop {
        let (mover, state) = (table.mover, table.state(game));
        let plan =
            plan(solution, mover, state).expect("a Python seat is simulated by simulate_python");
        let len = game.scores() - table.scores[mover];
        let (mut t, mut dice) = (0usize, DICE);
        let banked = loop {
            let mut shown = [0u8; 6];
            for _ in 0..dice {
                shown[rng.random_range(0..6)] += 1;
            }
            let keeps = keeps_of(game.settings(), &shown);
            if keeps.is_empty() {
                break None;
            }
            let k = match &plan {
                Plan::BankAt(..) => keep_most(&keeps, dice),
                Plan::Solved(turn, lane) => {
                    let worth = |i: usize| {
                        let next = t + keeps[i].units as usize;
                        if next >= len {
                            f64::INFINITY
                        } else {
                            turn.value(solution.layout(), next, keeps[i].left as usize, *lane)
                        }
                    };
                    (0..keeps.len())
                        .fold(0, |best, i| if worth(i) > worth(best) { i } else { best })
                }
            };
            debug_assert!(set_aside(keeps[k], dice) > 0);
            t += keeps[k].units as usize;
            dice = keeps[k].left as usize;
            if t >= len {
                return mover;
            }
            if plan.banks(solution, t, dice) {
                break Some(t);
            }
        };
        table.end_turn(game, banked);
    }
}
