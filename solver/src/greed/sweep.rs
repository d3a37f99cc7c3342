//! The sweep that answers every question about a Greed game.
//!
//! Each seat is a [`Player`]: a fixed [`Policy`] or an optimising player. The sweep computes,
//! for both seats and every state, the value of the player to move there (and, for reports,
//! its probabilities of winning, tying and losing).
//!
//! **Order.** A state where the opponent has passed is the mover's last turn: its value needs
//! nothing else, so those come first. Otherwise scores never fall, so the sweep visits totals
//! `own + opponent` from the highest down. Within one total, states can repeat: a roll that
//! totals 0 (every die shows 0, probability `6^-n`) hands (a, b) to the opponent as (b, a),
//! and the same from there. So each seat's (a, b) and the other seat's (b, a) are solved
//! together, exactly, as two linear equations ([`Value::pair`]); nothing else repeats.
//!
//! **Optimising players.** In a pair where a player optimises, the sweep picks each side's
//! best dice count at the current values, solves the pair exactly for those counts, and
//! repeats until the picks no longer change (policy iteration; [`MAX_ROUNDS`] at most, else
//! [`SolveError::Unconverged`]); a side only switches to a count better by more than
//! [`TIE_TOLERANCE`]. Once settled, counts within that tolerance of the best count as equally
//! good, and the smallest of them is kept. The **residual** is the largest `|V − max_n Q(n)|`
//! over all states and seats at the final values (`Q(n)` = the value of rolling `n` given the
//! other states' values): how far the values are from solving the game's equations, the tie
//! tolerance's share included (so it is at most about 1e-15).
//!
//! **The dice cap.** Rolling `n` dice with `room` points left is worth at most
//! P(total of `n` <= `room`), which falls as `n` grows. An optimiser first considers
//! `0..=cap(room)` dice ([`Greed::cap`]); at every state the sweep then checks that the bound
//! for one die more is below the best value found, and widens the search where it is not, so
//! the cap never binds.

use rayon::prelude::*;

use super::game::{Greed, MAX_DICE};
use super::policy::Policy;
use super::value::Value;

/// Dice counts whose values differ by at most this much are equally good (the smallest wins).
/// A few units in the last place of 1: enough that a certain win summed from many
/// probabilities (1 ± 2⁻⁵²) ties with passing, small enough that a real gain of 1e-15 counts
/// (the rational reference solver's choices are matched to 1e-13 in the tests).
pub const TIE_TOLERANCE: f64 = 1e-15;

/// Rounds of policy iteration a pair of states may take before the solve gives up.
pub const MAX_ROUNDS: usize = 64;

/// Who sits in a seat.
#[derive(Clone, Debug)]
pub enum Player {
    /// Plays the given policy.
    Fixed(Policy),
    /// Rolls, in every state, the dice count that maximises its value (P(win) + ½·P(tie)).
    Optimising,
}

/// Why a solve failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// Policy iteration did not settle at a pair of states.
    #[error(
        "greed: the solve did not converge within {MAX_ROUNDS} rounds at own {own}, opponent \
         {opponent} and at own {opponent}, opponent {own}, which lead to each other"
    )]
    Unconverged {
        /// The first player's score in the pair.
        own: usize,
        /// The other's.
        opponent: usize,
    },
    /// Even 255 dice could beat the best value found: the cap would bind.
    #[error("greed: at own {own}, opponent {opponent} the dice cap of {MAX_DICE} could bind")]
    CapBinds {
        /// The mover's score.
        own: usize,
        /// The opponent's score.
        opponent: usize,
    },
}

/// Values of both seats in every state, the dice each chose, and the residual.
#[derive(Clone, Debug)]
pub(crate) struct Sweep<V> {
    /// `values[seat][state]`.
    pub values: [Vec<V>; 2],
    /// `dice[seat][state]`.
    pub dice: [Vec<u8>; 2],
    /// The largest `|V − max_n Q(n)|` (see the module docs).
    pub residual: f64,
    /// `last[seat][cell]`: the last turns' values, laid out as the sweep reads them.
    last: [Vec<V>; 2],
    /// `flipped[seat][cell]`: the other turns' values seen by the other player.
    flipped: [Vec<V>; 2],
}

impl<V: Value> Sweep<V> {
    /// Q(n): what rolling `n` dice (0: passing) at (own, opponent, passed) is worth to the
    /// player in `seat`, given the sweep's values of every other state, the other seat's
    /// (opponent, own) included when a roll totals 0. The sweep's own arithmetic, so Q of the
    /// count a fixed player rolls there is its value up to rounding.
    pub(crate) fn roll_value(
        &self,
        game: &Greed,
        seat: usize,
        (own, opponent, passed): (usize, usize, bool),
        n: u8,
    ) -> V {
        if passed {
            return last_turn_value(game, own, opponent, n);
        }
        let ctx = Context {
            game,
            last: &self.last,
            flipped: &self.flipped,
        };
        let (value, zero) = ctx.roll(seat, own, opponent, n);
        value.add_scaled(zero, self.flipped[1 - seat][opponent * game.scores() + own])
    }
}

/// The candidates one seat weighs at one state: (dice, value given the others, P(total 0)).
type Choices<V> = Vec<(u8, V, f64)>;

/// Runs the sweep with `players[0]` in seat 0 and `players[1]` in seat 1.
pub(crate) fn sweep<V: Value>(game: &Greed, players: [&Player; 2]) -> Result<Sweep<V>, SolveError> {
    let s = game.scores();
    let cell = |own: usize, opponent: usize| own * s + opponent;
    // Last turns: `last[seat][cell]`.
    let mut last: [Vec<V>; 2] = [vec![V::LOSS; s * s], vec![V::LOSS; s * s]];
    let mut dice: [Vec<u8>; 2] = [vec![0; game.states()], vec![0; game.states()]];
    let mut residual: f64 = 0.0;
    for seat in 0..2 {
        let rows: Vec<Vec<(V, u8, f64)>> = (0..s)
            .into_par_iter()
            .map(|own| {
                (0..s)
                    .map(|opponent| last_turn(game, players[seat], own, opponent))
                    .collect::<Result<_, _>>()
            })
            .collect::<Result<_, _>>()?;
        for (own, row) in rows.into_iter().enumerate() {
            for (opponent, (value, n, shortfall)) in row.into_iter().enumerate() {
                last[seat][cell(own, opponent)] = value;
                dice[seat][game.state(own, opponent, true)] = n;
                residual = residual.max(shortfall);
            }
        }
    }
    // Turns before anyone passed: `open[seat][cell]`, and their flips for the dot products.
    let mut open: [Vec<V>; 2] = [vec![V::LOSS; s * s], vec![V::LOSS; s * s]];
    let mut flipped: [Vec<V>; 2] = [vec![V::WIN; s * s], vec![V::WIN; s * s]];
    let limit = s - 1;
    for total in (0..=2 * limit).rev() {
        let lowest = total.saturating_sub(limit);
        let solved: Vec<Solved<V>> = (lowest..=total.min(limit))
            .into_par_iter()
            .map(|a| {
                let b = total - a;
                let ctx = Context {
                    game,
                    last: &last,
                    flipped: &flipped,
                };
                ctx.pair(players, a, b)
            })
            .collect::<Result<_, _>>()?;
        for (a, pair) in (lowest..).zip(solved) {
            let b = total - a;
            open[0][cell(a, b)] = pair.x;
            open[1][cell(b, a)] = pair.y;
            flipped[0][cell(a, b)] = pair.x.flip();
            flipped[1][cell(b, a)] = pair.y.flip();
            dice[0][game.state(a, b, false)] = pair.x_dice;
            dice[1][game.state(b, a, false)] = pair.y_dice;
            residual = residual.max(pair.residual);
        }
    }
    let values = [0, 1].map(|seat| {
        let mut values = vec![V::LOSS; game.states()];
        for own in 0..s {
            for opponent in 0..s {
                values[game.state(own, opponent, false)] = open[seat][cell(own, opponent)];
                values[game.state(own, opponent, true)] = last[seat][cell(own, opponent)];
            }
        }
        values
    });
    Ok(Sweep {
        values,
        dice,
        residual,
        last,
        flipped,
    })
}

/// The mover's last turn at (own, opponent): its value, its dice, and how far the value is
/// from the best count's (within the tie tolerance).
fn last_turn<V: Value>(
    game: &Greed,
    player: &Player,
    own: usize,
    opponent: usize,
) -> Result<(V, u8, f64), SolveError> {
    let room = game.limit() as usize - own;
    let value = |n: u8| last_turn_value::<V>(game, own, opponent, n);
    match player {
        Player::Fixed(policy) => {
            let n = policy.dice(game.state(own, opponent, true));
            Ok((value(n), n, 0.0))
        }
        Player::Optimising => {
            let mut cap = game.cap(room);
            loop {
                let values: Vec<V> = (0..=cap).map(value).collect();
                let n = smallest_best(&values);
                let best = values[n];
                match wider_cap(game, cap, room, best.worth(), (own, opponent))? {
                    Some(wider) => cap = wider,
                    None => return Ok((best, n as u8, shortfall(&values, best))),
                }
            }
        }
    }
}

/// The value of rolling `n` dice on the last turn at (own, opponent): the higher score wins.
fn last_turn_value<V: Value>(game: &Greed, own: usize, opponent: usize, n: u8) -> V {
    let outcome = |mine: usize| match mine.cmp(&opponent) {
        std::cmp::Ordering::Greater => V::WIN,
        std::cmp::Ordering::Equal => V::TIE,
        std::cmp::Ordering::Less => V::LOSS,
    };
    if n == 0 {
        return outcome(own);
    }
    let room = game.limit() as usize - own;
    let within = |points: usize| game.within(usize::from(n), points);
    let over = game.over(n, room);
    if opponent < own {
        // Anything that stays within the limit wins.
        return V::ZERO
            .add_scaled(within(room), V::WIN)
            .add_scaled(over, V::LOSS);
    }
    let needed = opponent - own;
    let tie = game.roll(n).probability(needed);
    let behind = if needed == 0 { 0.0 } else { within(needed - 1) };
    let ahead = within(room) - within(needed);
    V::ZERO
        .add_scaled(ahead, V::WIN)
        .add_scaled(tie, V::TIE)
        .add_scaled(behind + over, V::LOSS)
}

/// Whether the dice cap binds at a state (own, opponent) with `room` points left, where the
/// best value found within `cap` dice is `best`: `None` when one die more could not beat it
/// (rolling n dice is worth at most P(total <= room), which falls with n), else the first
/// wider cap for which that holds.
fn wider_cap(
    game: &Greed,
    cap: u8,
    room: usize,
    best: f64,
    (own, opponent): (usize, usize),
) -> Result<Option<u8>, SolveError> {
    let safe = |n: u8| game.within(usize::from(n) + 1, room) < best;
    if safe(cap) {
        return Ok(None);
    }
    (cap + 1..MAX_DICE)
        .find(|&n| safe(n))
        .map(Some)
        .ok_or(SolveError::CapBinds { own, opponent })
}

/// One pair of coupled states, solved.
struct Solved<V> {
    /// Seat 0's value at (a, b) and seat 1's at (b, a).
    x: V,
    y: V,
    x_dice: u8,
    y_dice: u8,
    residual: f64,
}

/// What every pair of one total reads: last turns and the flipped values of higher totals.
struct Context<'a, V> {
    game: &'a Greed,
    last: &'a [Vec<V>; 2],
    flipped: &'a [Vec<V>; 2],
}

impl<V: Value> Context<'_, V> {
    /// What rolling `n` dice at (a, b) is worth to `seat`, leaving out the share of a zero
    /// total (returned beside it): the opponent moves next at (b, a + total).
    fn roll(&self, seat: usize, a: usize, b: usize, n: u8) -> (V, f64) {
        let s = self.game.scores();
        let other = 1 - seat;
        if n == 0 {
            // A pass: the opponent's last turn at (b, a).
            return (self.last[other][b * s + a].flip(), 0.0);
        }
        let room = s - 1 - a;
        let roll = self.game.roll(n);
        let p = roll.sum_probabilities();
        let reach = room.min(roll.max_points());
        let row = &self.flipped[other][b * s + a + 1..=b * s + a + reach];
        let value = V::dot(&p[1..=reach], row).add_scaled(self.game.over(n, room), V::LOSS);
        (value, p[0])
    }

    /// The choices `player` in `seat` weighs at (a, b) with dice up to `cap`.
    fn choices(&self, player: &Player, seat: usize, a: usize, b: usize, cap: u8) -> Choices<V> {
        match player {
            Player::Fixed(policy) => {
                let n = policy.dice(self.game.state(a, b, false));
                let (value, zero) = self.roll(seat, a, b, n);
                vec![(n, value, zero)]
            }
            Player::Optimising => (0..=cap)
                .map(|n| {
                    let (value, zero) = self.roll(seat, a, b, n);
                    (n, value, zero)
                })
                .collect(),
        }
    }

    /// Seat 0 at (a, b) and seat 1 at (b, a), which lead to each other through zero totals.
    fn pair(&self, players: [&Player; 2], a: usize, b: usize) -> Result<Solved<V>, SolveError> {
        let limit = self.game.limit() as usize;
        let (room_x, room_y) = (limit - a, limit - b);
        let mut caps = [self.game.cap(room_x), self.game.cap(room_y)];
        loop {
            let x_choices = self.choices(players[0], 0, a, b, caps[0]);
            let y_choices = self.choices(players[1], 1, b, a, caps[1]);
            let solved = solve_pair(&x_choices, &y_choices).ok_or(SolveError::Unconverged {
                own: a,
                opponent: b,
            })?;
            // The cap never binds: one die more than the cap is worth less than the best.
            let mut widen = false;
            for (seat, (player, value, room, state)) in [
                (players[0], solved.x, room_x, (a, b)),
                (players[1], solved.y, room_y, (b, a)),
            ]
            .into_iter()
            .enumerate()
            {
                if !matches!(player, Player::Optimising) {
                    continue;
                }
                if let Some(wider) = wider_cap(self.game, caps[seat], room, value.worth(), state)? {
                    caps[seat] = wider;
                    widen = true;
                }
            }
            if !widen {
                return Ok(solved);
            }
        }
    }
}

/// Solves the pair `x = c + p·F(y)` (seat 0's choices), `y = c' + p'·F(x)` (seat 1's), each
/// side keeping its best choice, by policy iteration; `None` if it does not settle.
///
/// A side switches only to a choice better by more than [`TIE_TOLERANCE`], so no round makes a
/// side worse and near-ties cannot flip back and forth. Once settled, each side takes the
/// smallest count within the tolerance of its best, and the residual is measured against the
/// true best at the final values.
fn solve_pair<V: Value>(xs: &Choices<V>, ys: &Choices<V>) -> Option<Solved<V>> {
    let values = |choices: &Choices<V>, other: V| -> Vec<V> {
        choices
            .iter()
            .map(|&(_, c, p)| c.add_scaled(p, other.flip()))
            .collect()
    };
    // The same formula for both sides, so a strategy against itself gets equal values.
    let solve = |i: usize, j: usize| {
        let ((_, x_c, x_p), (_, y_c, y_p)) = (xs[i], ys[j]);
        (V::pair(x_c, x_p, y_c, y_p), V::pair(y_c, y_p, x_c, x_p))
    };
    let (mut i, mut j) = (0usize, 0usize);
    for _ in 0..MAX_ROUNDS {
        let (x, y) = solve(i, j);
        let next = (improved(&values(xs, y), i), improved(&values(ys, x), j));
        if next != (i, j) {
            (i, j) = next;
            continue;
        }
        let settled = (smallest_best(&values(xs, y)), smallest_best(&values(ys, x)));
        let (x, y) = if settled == (i, j) {
            (x, y)
        } else {
            solve(settled.0, settled.1)
        };
        let residual = shortfall(&values(xs, y), x).max(shortfall(&values(ys, x), y));
        return Some(Solved {
            x,
            y,
            x_dice: xs[settled.0].0,
            y_dice: ys[settled.1].0,
            residual,
        });
    }
    None
}

/// Policy iteration's step: the best choice, unless `current` is within [`TIE_TOLERANCE`] of it.
fn improved<V: Value>(values: &[V], current: usize) -> usize {
    let best = (0..values.len())
        .reduce(|b, k| {
            if values[k].worth() > values[b].worth() {
                k
            } else {
                b
            }
        })
        .expect("at least one choice");
    if values[best].worth() > values[current].worth() + TIE_TOLERANCE {
        best
    } else {
        current
    }
}

/// The smallest choice within [`TIE_TOLERANCE`] of the best.
fn smallest_best<V: Value>(values: &[V]) -> usize {
    let best = values
        .iter()
        .map(|v| v.worth())
        .fold(f64::NEG_INFINITY, f64::max);
    values
        .iter()
        .position(|v| v.worth() >= best - TIE_TOLERANCE)
        .expect("at least one choice")
}

/// How far `value` is from the best of `values`: `|V − max_n Q(n)|`.
fn shortfall<V: Value>(values: &[V], value: V) -> f64 {
    let best = values
        .iter()
        .map(|v| v.worth())
        .fold(f64::NEG_INFINITY, f64::max);
    (best - value.worth()).abs()
}
