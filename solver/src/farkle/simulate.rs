//! Playing Farkle with real dice: the Monte Carlo check of the solver.
//!
//! A [`Game`] rolls the dice a turn has, one face at a time, scores what shows ([`keeps_of`]),
//! and asks each seat's [`Plan`] what to keep and whether to bank (or waits for a Python
//! strategy's decision); it applies the farkle, the penalty, the floor and hot dice itself.
//! It shares with the solver the scoring of a roll and the players' decisions (the optimiser's
//! from a turn solved against the values), not the grouping of rolls, the transitions or the
//! iteration. [`play_one`] plays one game to its end; Python seats play in
//! [`simulate_python`](super::simulate_python)'s games, side by side.

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

    /// Which of `keeps` (a roll of `dice` dice at turn total `t`, units) the player takes: the
    /// first of the most valuable, as the exact evaluation plays it (a keep reaching the goal
    /// is worth a win to the optimiser, and its points to `max_points`).
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
    played: &dyn crate::montecarlo::Played,
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
    let mut game = Game::new(solution.game(), first, rng);
    let waiting = game.advance(solution, [false; 2]);
    assert!(
        waiting.is_none(),
        "a Python seat is simulated by simulate_python"
    );
    game.winner.expect("a game played to its end has a winner")
}

/// One game played roll by roll with real dice: the seats play their plans, except seats
/// whose keeps are decided elsewhere (a Python strategy's, asked in batches), where a roll
/// waits for [`apply`](Self::apply).
pub(super) struct Game<R> {
    /// Banked scores, farkle counts and the seat to move.
    pub table: Table,
    /// The seat that moved first.
    pub first: usize,
    /// The turn total (units).
    pub total: usize,
    /// The seat that reached the goal, once one has.
    pub winner: Option<usize>,
    rng: R,
    /// The mover's plan, unless its keeps are decided elsewhere (made at the turn's start).
    plan: Option<Plan>,
    /// The dice the mover rolls next.
    dice: usize,
    /// What the turns ended so far ended in.
    pub ended: Ended,
}

/// What the turns of a game that ended before the goal was reached ended in: every turn but
/// the winning one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ended {
    /// Turns that banked.
    pub banked: u64,
    /// Turns that farkled.
    pub farkles: u64,
    /// Farkles that completed a run and cost the penalty.
    pub penalties: u64,
}

impl<R: Rng> Game<R> {
    /// A new game of `game`, 0 : 0, with `first` to move, rolling dice drawn from `rng`.
    pub fn new(game: &Farkle, first: usize, rng: R) -> Game<R> {
        Game {
            table: Table::new(game, first),
            first,
            total: 0,
            winner: None,
            rng,
            plan: None,
            dice: DICE,
            ended: Ended::default(),
        }
    }

    /// Rolls on until the game ends (`None`) or a seat of `elsewhere` must decide its keep:
    /// then the dice shown, counted by face.
    pub fn advance(&mut self, solution: &Solution, elsewhere: [bool; 2]) -> Option<[u8; 6]> {
        let game = solution.game();
        while self.winner.is_none() {
            let mover = self.table.mover;
            if self.total == 0 && self.dice == DICE && !elsewhere[mover] && self.plan.is_none() {
                self.plan = Plan::new(solution, mover, self.table.state(game));
            }
            let mut shown = [0u8; 6];
            for _ in 0..self.dice {
                shown[self.rng.random_range(0..6)] += 1;
            }
            let keeps = keeps_of(game.settings(), &shown);
            if keeps.is_empty() {
                self.end_turn(game, None);
                continue;
            }
            let Some(plan) = &self.plan else {
                return Some(shown);
            };
            let k = plan.keep(solution, self.total, self.dice, &keeps);
            debug_assert!(set_aside(keeps[k], self.dice) > 0);
            let (t, left) = (self.total + keeps[k].units as usize, keeps[k].left);
            let bank = t < self.reach(game) && plan.banks(solution, t, left as usize);
            self.apply(game, keeps[k], bank);
        }
        None
    }

    /// Turn totals (units) the mover can add before reaching the goal.
    fn reach(&self, game: &Farkle) -> usize {
        game.scores() - self.table.scores[self.table.mover]
    }

    /// Takes `keep`, then banks if `bank` (and the rules allow it), else rolls on; a keep that
    /// reaches the goal wins.
    pub fn apply(&mut self, game: &Farkle, keep: Keep, bank: bool) {
        self.total += keep.units as usize;
        self.dice = keep.left as usize;
        if self.total >= self.reach(game) {
            self.winner = Some(self.table.mover);
            self.plan = None;
        } else if bank && self.total >= game.min_bank_units() {
            self.end_turn(game, Some(self.total));
        }
    }

    /// Ends the turn (banking `Some(t)`, or a farkle) and starts the next.
    fn end_turn(&mut self, game: &Farkle, banked: Option<usize>) {
        if banked.is_some() {
            self.ended.banked += 1;
        } else {
            self.ended.farkles += 1;
            let count = self.table.counts[self.table.mover];
            self.ended.penalties += u64::from(game.penalised(count));
        }
        self.table.end_turn(game, banked);
        self.total = 0;
        self.dice = DICE;
        self.plan = None;
    }
}
