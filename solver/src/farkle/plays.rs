//! A seat of a solved match-up at play ([`Plays`], the [`Chooser`] of a built-in or an
//! optimiser): what it keeps after each roll and whether it banks, decided as its exact
//! evaluation plays it. An optimiser's turn (and `max_points`'s) is solved once, at its first
//! decision, and remembered to the turn's end.

use super::game::{Farkle, Keep, UNIT};
use super::policy::{Fixed, Player, keep_most, max_points};
use super::rules::{Move, Play};
use super::solve::Solution;
use super::turn::Turn;
use crate::game::{Chooser, Memory};

/// How one seat decides inside the turn it is playing: its player's keeps and banking.
enum Plan {
    /// The turn solved for the best play (or `max_points`), and the lane of the mover's
    /// farkle count.
    Solved(Box<Turn>, usize),
    /// `bank_at`: bank at this turn total (units) or with fewer dice left than this.
    BankAt(usize, usize),
}

impl Plan {
    /// Which of `keeps` (a roll of `dice` dice at turn total `t`, units) the player takes: the
    /// first of the most valuable, as the exact evaluation plays it (a keep reaching the goal
    /// is worth a win to the optimiser, and its points to `max_points`).
    fn keep(&self, solution: &Solution, t: usize, dice: usize, keeps: &[Keep]) -> usize {
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

    /// Whether the player banks at turn total `t` (units, below the goal's reach, at least
    /// the least bankable) with `dice` dice to roll.
    fn banks(&self, solution: &Solution, t: usize, dice: usize) -> bool {
        match self {
            Plan::BankAt(units, fewer) => t >= *units || dice < *fewer,
            Plan::Solved(turn, lane) => turn.banks(solution.layout(), t, dice, *lane),
        }
    }
}

/// The seat `seat` of a solved match-up, playing as its player (unless a Python strategy
/// plays it, which is asked: [`Asking`](super::python::Asking)).
pub struct Plays<'a> {
    /// The match-up.
    pub solution: &'a Solution,
    /// The seat.
    pub seat: usize,
}

impl Plays<'_> {
    /// The plan of its turn from the mover's turn-start state `state`.
    fn plan(&self, state: usize) -> Plan {
        let solution = self.solution;
        let game = solution.game();
        match solution.players()[self.seat] {
            Player::Fixed(Fixed::BankAt { total, dice }) => {
                Plan::BankAt(total.div_ceil(UNIT) as usize, dice as usize)
            }
            Player::Fixed(Fixed::MaxPoints) => {
                let (own, ..) = game.position(state);
                let mut turn = Turn::new(game, solution.layout());
                max_points(&mut turn, solution.layout(), game.scores() - own);
                Plan::Solved(Box::new(turn), 0)
            }
            Player::Optimising | Player::Equilibrium => {
                let (turn, lane) = solution.turn(self.seat, state);
                Plan::Solved(Box::new(turn), lane)
            }
            Player::Python => unreachable!("a Python strategy's seat is asked, not played"),
        }
    }

    /// The plan of the turn `play` is in: the one `memory` holds if it is this turn's, else
    /// made now and remembered.
    fn recalled<'m>(&self, play: &Play, memory: &'m mut Memory) -> &'m Plan {
        let state = play.table.state(self.solution.game());
        if !matches!(remembered(memory), Some((held, _)) if *held == state) {
            *memory = Some(Box::new((state, self.plan(state))));
        }
        &remembered(memory).expect("the plan just remembered").1
    }
}

/// The plan `memory` holds, with the turn-start state it is of.
fn remembered(memory: &Memory) -> Option<&(usize, Plan)> {
    memory.as_ref()?.downcast_ref()
}

impl Chooser<Farkle> for Plays<'_> {
    fn choose(&self, play: &Play) -> Move {
        self.recall(play, &mut None)
    }

    /// Rolls where a roll is the only move, without a plan; otherwise as the turn's plan says.
    fn recall(&self, play: &Play, memory: &mut Memory) -> Move {
        let solution = self.solution;
        let game = solution.game();
        if let Some(keeps) = play.shown().and_then(|_| game.offer(&play.counts())) {
            let keeps = &keeps.keeps;
            let plan = self.recalled(play, memory);
            return Move::Keep(keeps[plan.keep(solution, play.total, play.dice, keeps)]);
        }
        if play.may_bank(game)
            && self
                .recalled(play, memory)
                .banks(solution, play.total, play.dice)
        {
            Move::Bank
        } else {
            Move::Roll
        }
    }
}
