//! The solver of the Pig family: every state's value for both seats, exact.
//!
//! Each seat is a [`Player`]: a fixed [`Policy`], or an optimising player. The value of a state
//! is P(the player to move wins) + ½·P(the game never ends), seen by the player to move.
//!
//! **Order.** A hold that banks points leads to a higher total score; everything else about a
//! turn stays with one pair of scores: a roll that adds to the turn total leads to a higher
//! turn total of the same scores, and a turn that ends without gain (a 1, tails, or holding with
//! nothing) hands the same scores to the opponent, who starts its turn there. So the solver
//! visits totals from the highest down and, in each, every pair of mirrored sides: the mover
//! at (i, j) and the opponent at (j, i), the seats' values on one side all affine in the other
//! side's value at turn total 0: `V(k) = a_k + b_k · w`, with `w = 1 − V_other(0)`. The pairs of
//! one total read only higher totals, so they are solved side by side on every core, each into
//! its own buffers, which are then written in order: the values do not depend on the threads.
//!
//! **Policy iteration** on each pair (Newton on the two values at turn total 0): given the other
//! side's value, each side's best decisions follow by backward induction over the turn total
//! (roll unless holding is better by more than [`TIE_TOLERANCE`]: ties roll), which fixes
//! `a` and `b`; the two values then solve two linear equations exactly; repeat until no
//! decision changes ([`MAX_ROUNDS`] at most, then value iteration finishes the pair). A pair
//! where both sides pass the turn for sure (hold with nothing) never ends: a tie.
//!
//! **Two-dice Pig** lowers scores: two 1s hand the opponent (j, 0) at turn total 0, a lower
//! total. Those values, one per score and seat, are read from the pass before; passes repeat
//! until none of them moves by more than [`SETTLED`] (at most [`MAX_PASSES`]), every pass
//! solving each pair exactly.
//!
//! The **residual** is the largest `|V − TV|`: every state valued once more from the final
//! values (best decision for an optimiser, its own for a fixed policy).

use rayon::prelude::*;

use super::game::{Pig, Roll};
use super::policy::Policy;
use crate::machine::OutOfMemory;
use crate::memory::zeroed;
use crate::outcome::{Outcome, SeatOutcome};

/// Holding must beat rolling by more than this to be chosen: ties roll.
pub const TIE_TOLERANCE: f64 = 1e-15;

/// Rounds of policy iteration a pair may take before value iteration finishes it.
pub const MAX_ROUNDS: usize = 64;

/// Passes over two-dice Pig, and value iteration of a pair, stop once no value moves by more
/// than this (half a unit in the last place of 1).
pub const SETTLED: f64 = f64::EPSILON / 2.0;

/// The most passes over two-dice Pig, or value-iteration steps of one pair.
pub const MAX_PASSES: usize = 10_000;

/// Rounding can leave a pair's two values flickering in their last bits, a step up and a step
/// down, as a decision tied within [`TIE_TOLERANCE`] flips (piglet from goal 50 on): once the
/// largest move has not shrunk for [`STALLED`] steps and is no more than this (eight units in
/// the last place of 1), the values are as settled as doubles hold them; the residual says
/// how far from a fixpoint they are.
pub const FLICKER: f64 = 8.0 * f64::EPSILON;

/// Value-iteration steps without a smaller move after which a move within [`FLICKER`] ends
/// the iteration.
pub const STALLED: usize = 100;

/// Who sits in a seat.
#[derive(Clone, Debug)]
pub enum Player {
    /// Plays the given policy.
    Fixed(Policy),
    /// Rolls or holds, in every state, as maximises its value (rolling on ties).
    Optimising,
}

/// Why a solve failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// Iterating did not settle.
    #[error(
        "{rules}: the values did not settle within {passes} passes (the last moved one by \
         {moved:e}); swine will not report values that have not converged"
    )]
    Unconverged {
        /// The game.
        rules: &'static str,
        /// The passes made.
        passes: usize,
        /// How far the last pass moved a value.
        moved: f64,
    },
    /// The system refused the memory of the sweep's arrays.
    #[error(transparent)]
    OutOfMemory(#[from] OutOfMemory),
}

/// What a game that never ends is worth to the player to move, by seat: a tie.
const TIE: [f64; 2] = [0.5, 0.5];

/// The same game counted as a win of seat 0, and of seat 1: solving again with these tells how
/// likely a game is never to end.
const COUNTED_FOR: [[f64; 2]; 2] = [[1.0, 0.0], [0.0, 1.0]];

/// Both seats' values and decisions in every state, and the residual.
#[derive(Clone, Debug)]
pub struct Solution {
    pig: Pig,
    values: [Vec<f64>; 2],
    rolls: [Vec<u8>; 2],
    residual: f64,
    /// Where some game never ends: by seat, the values with such games counted as that seat's
    /// wins.
    counted_as_won: Option<[Vec<f64>; 2]>,
}

impl Solution {
    /// The value for the player in `seat` to move in `state`: P(win) + ½·P(the game never ends).
    pub fn value(&self, seat: usize, state: usize) -> f64 {
        self.values[seat][state]
    }

    /// P(win), P(the game never ends) and P(loss) for the player in `seat` to move in `state`.
    pub fn outcome(&self, seat: usize, state: usize) -> SeatOutcome {
        let value = self.values[seat][state];
        let never = match &self.counted_as_won {
            None => 0.0,
            Some(counted) => (2.0 * (counted[seat][state] - value)).clamp(0.0, 1.0),
        };
        SeatOutcome::with_endless(value, never)
    }

    /// The policy the player in `seat` followed (an optimiser's best decisions).
    pub fn policy(&self, seat: usize) -> Policy {
        Policy::from_cube(self.rolls[seat].clone())
    }

    /// Seat 0's outcome from the start, moving first and second.
    pub fn matchup(&self) -> Outcome {
        let start = self.pig.start();
        Outcome {
            first: self.outcome(0, start),
            second: self.outcome(1, start).flipped(),
        }
    }

    /// The largest `|V − TV|` over every state: how far the values are from the game's
    /// equations.
    pub fn residual(&self) -> f64 {
        self.residual
    }

    /// What rolling and what holding now are worth to the player in `seat` in `state` (its
    /// policy played afterwards): `(roll, hold)`.
    pub fn choices(&self, seat: usize, state: usize) -> (f64, f64) {
        let (own, opponent, turn_total) = self.pig.position(state);
        let values = [&self.values[0][..], &self.values[1][..]];
        let side = Side {
            seat,
            own,
            opponent,
        };
        let w = 1.0 - values[1 - seat][self.pig.state(opponent, own, 0)];
        let lost = 1.0 - values[1 - seat][self.pig.state(opponent, 0, 0)];
        let (a, b) = side.ends(&self.pig, lost);
        let roll = Side::roll_value(&self.pig, turn_total as usize, a + b * w, |k| {
            if self.pig.is_state(own, k as u32) {
                values[seat][self.pig.state(own, opponent, k as u32)]
            } else {
                1.0
            }
        });
        let hold = side.hold_value(&self.pig, turn_total, w, values);
        (roll, hold)
    }

    /// What the decision of the player in `seat` in `state` (its policy's, an optimiser's
    /// best) is worth to it: its entry of [`choices`](Self::choices), roll or hold, the same
    /// number the hints show (P(win) + ½·P(the game never ends)).
    pub fn chosen_value(&self, seat: usize, state: usize) -> f64 {
        let (roll, hold) = self.choices(seat, state);
        if self.rolls[seat][state] == 1 {
            roll
        } else {
            hold
        }
    }
}

/// One side of a pair: `seat` to move at (own, opponent).
#[derive(Clone, Copy, Debug)]
pub(super) struct Side {
    pub seat: usize,
    pub own: u32,
    pub opponent: u32,
}

impl Side {
    /// States of this side: turn totals `0..goal − own`.
    fn states(self, pig: &Pig) -> u32 {
        pig.goal() - self.own
    }

    /// The other side of its pair.
    pub fn other(self) -> Side {
        Side {
            seat: 1 - self.seat,
            own: self.opponent,
            opponent: self.own,
        }
    }

    /// What the outcomes of a roll that end the turn add to its value, as `(a, b)`: `a + b · w`
    /// when the turn ending without gain is worth `w` and losing the score `lost`, summed in
    /// the order of the outcomes (which list them before those that add points).
    #[inline]
    fn ends(self, pig: &Pig, lost: f64) -> (f64, f64) {
        let (mut a, mut b) = (0.0, 0.0);
        for &(roll, p) in pig.outcomes() {
            match roll {
                Roll::EndTurn => b += p,
                Roll::LoseScore if self.own > 0 => a += p * lost,
                Roll::LoseScore => b += p,
                Roll::Add(_) => {}
            }
        }
        (a, b)
    }

    /// What rolling at turn total `k` is worth, the ends of the turn being worth `ended` (see
    /// [`ends`](Self::ends)) and the turn going on at turn total `k'` worth `at(k')`: `at` is
    /// asked past the last turn total too, where the roll has won (worth 1).
    #[inline]
    fn roll_value(pig: &Pig, k: usize, ended: f64, at: impl Fn(usize) -> f64) -> f64 {
        let mut value = ended;
        for &(points, p) in pig.adds() {
            value += p * at(k + points);
        }
        value
    }

    /// What holding at turn total `k` is worth: passing the turn (`w`) with nothing, else the
    /// opponent's turn at the higher total, from `values`.
    #[inline]
    fn hold_value(self, pig: &Pig, k: u32, w: f64, values: [&[f64]; 2]) -> f64 {
        if k == 0 {
            w
        } else {
            1.0 - values[1 - self.seat][pig.state(self.opponent, self.own + k, 0)]
        }
    }
}

/// Solves the game with `players[0]` in seat 0 and `players[1]` in seat 1.
pub fn solve(pig: &Pig, players: [&Player; 2]) -> Result<Solution, SolveError> {
    let mut sweep = Sweep::new(pig, players, TIE, true)?;
    sweep.run()?;
    let mut solution = Solution {
        pig: pig.clone(),
        values: sweep.values,
        rolls: sweep.rolls,
        residual: sweep.residual,
        counted_as_won: None,
    };
    if sweep.closed {
        let policies = [solution.policy(0), solution.policy(1)].map(Player::Fixed);
        let counted = COUNTED_FOR.map(|counting| {
            let mut again = Sweep::new(pig, [&policies[0], &policies[1]], counting, true)?;
            again.run().map(|_| again.values)
        });
        let [for_0, for_1] = counted;
        let ([for_0, _], [_, for_1]) = (for_0?, for_1?);
        solution.counted_as_won = Some([for_0, for_1]);
    }
    Ok(solution)
}

/// Seat 0's outcome from the start, moving first and second, and the residual: what
/// [`solve`] followed by [`Solution::matchup`] gives, to the bit, without keeping every state's
/// value (each pair's values live only while its pair is solved; only the values at turn total
/// 0 are kept). A game that may never end is solved in full, to count how likely that is.
pub fn matchup(pig: &Pig, players: [&Player; 2]) -> Result<(Outcome, f64), SolveError> {
    let mut sweep = Sweep::new(pig, players, TIE, false)?;
    sweep.run()?;
    if sweep.closed {
        let solution = solve(pig, players)?;
        return Ok((solution.matchup(), solution.residual()));
    }
    let value = |seat: usize| SeatOutcome::with_endless(sweep.starts[seat][0], 0.0);
    let outcome = Outcome {
        first: value(0),
        second: value(1).flipped(),
    };
    Ok((outcome, sweep.residual))
}

/// The arrays one solve fills.
struct Sweep<'a> {
    rules: Rules<'a>,
    /// By seat, every state's value and decision (the cubes), if kept; else the blocks of the
    /// pairs of one total, packed side by side, which each total overwrites.
    values: [Vec<f64>; 2],
    rolls: [Vec<u8>; 2],
    keeps_cubes: bool,
    /// By seat and score j: the value at (j, 0, 0), which two 1s hand the opponent; read from
    /// the pass before.
    lost: [Vec<f64>; 2],
    residual: f64,
    /// Whether some pair never ends.
    closed: bool,
    /// Whether the values hold a pass's already (two-dice Pig's later passes start from them).
    warm: bool,
    /// By seat, `[own · goal + opponent]`: the value at (own, opponent) and turn total 0 once
    /// written (what holding hands the opponent, read along a row).
    starts: [Vec<f64>; 2],
}

/// What every pair of a solve reads and none writes: the game, who sits in each seat, and
/// what a game that never ends is worth to each.
#[derive(Clone, Copy)]
struct Rules<'a> {
    pig: &'a Pig,
    players: [&'a Player; 2],
    never_ending: [f64; 2],
}

/// What the pairs of one total read: the rules and the values settled before them.
#[derive(Clone, Copy)]
struct Settled<'s> {
    rules: Rules<'s>,
    lost: &'s [Vec<f64>; 2],
    starts: &'s [Vec<f64>; 2],
    warm: bool,
}

/// The states of one pair, the side's first and the other side's second: values and decisions
/// by turn total from 0 (in the cubes, or in a total's scratch where the cubes are not kept).
struct Blocks<'c> {
    values: [&'c mut [f64]; 2],
    rolls: [&'c mut [u8]; 2],
}

/// What solving a pair tells the sweep besides its values: its residual, whether it never
/// ends (both pass for sure), and the values at turn total 0 (the side's, the other side's).
struct Solved {
    residual: f64,
    closed: bool,
    starts: (f64, f64),
}

/// The coefficients of one side: `V(k) = a[k] + b[k] · w`, and its decisions.
///
/// `a` and `b` run past the side's last turn total by the most points a roll adds, with
/// `a = 1`, `b = 0` there: a roll that reaches the goal wins, read like any other.
#[derive(Default)]
struct Coefficients {
    a: Vec<f64>,
    b: Vec<f64>,
    rolls: Vec<bool>,
    /// By turn total `k ≥ 1`: what holding is worth (the opponent's turn at the higher total),
    /// which no round of the pair changes.
    hold: Vec<f64>,
    /// The side's values as [`write`](Settled::write) checks them, the won states past the last
    /// turn total included.
    written: Vec<f64>,
}

impl<'a> Sweep<'a> {
    /// A sweep of `players` in their seats, a game that never ends worth `never_ending` to
    /// each, keeping every state's value and decision if `keeps_cubes`.
    fn new(
        pig: &'a Pig,
        players: [&'a Player; 2],
        never_ending: [f64; 2],
        keeps_cubes: bool,
    ) -> Result<Sweep<'a>, OutOfMemory> {
        let goal = pig.goal() as usize;
        // Without the cubes: the most the blocks of one total take, every own score's.
        let entries = if keeps_cubes {
            pig.cube()
        } else {
            goal * (goal + 1) / 2
        };
        Ok(Sweep {
            rules: Rules {
                pig,
                players,
                never_ending,
            },
            values: [zeroed(entries)?, zeroed(entries)?],
            rolls: [zeroed(entries)?, zeroed(entries)?],
            keeps_cubes,
            lost: [vec![0.5; goal], vec![0.5; goal]],
            residual: 0.0,
            closed: false,
            warm: false,
            starts: [vec![0.0; goal * goal], vec![0.0; goal * goal]],
        })
    }

    /// Solves every pair, from the highest total down; for two-dice Pig, pass after pass until
    /// the values two 1s lead to settle.
    fn run(&mut self) -> Result<(), SolveError> {
        let pig = self.rules.pig;
        let passes = if pig.lowers_scores() { MAX_PASSES } else { 1 };
        let goal = pig.goal();
        // Comparing two fixed policies reads both cubes: once per solve.
        let mirrored = self.rules.mirrored();
        for pass in 1..=passes {
            self.residual = 0.0;
            self.closed = false;
            for total in (0..=2 * (goal - 1)).rev() {
                self.total(total, mirrored)?;
            }
            if !pig.lowers_scores() {
                return Ok(());
            }
            self.warm = true;
            let mut moved: f64 = 0.0;
            for seat in 0..2 {
                for j in 0..goal {
                    let now = self.starts[seat][(j * goal) as usize];
                    moved = moved.max((now - self.lost[seat][j as usize]).abs());
                    self.lost[seat][j as usize] = now;
                }
            }
            if moved <= SETTLED {
                // One more look at every state with the settled values: the residual.
                self.residual = self.residual.max(moved);
                return Ok(());
            }
            if pass == passes {
                return Err(SolveError::Unconverged {
                    rules: pig.name(),
                    passes,
                    moved,
                });
            }
        }
        unreachable!("the passes end by settling or by the error")
    }

    /// Solves every pair whose scores add up to `total`, side by side on every core; seat 1's
    /// pairs are copied from seat 0's where the game is `mirrored`.
    fn total(&mut self, total: u32, mirrored: bool) -> Result<(), SolveError> {
        let pig = self.rules.pig;
        let goal = pig.goal();
        let lowest = total.saturating_sub(goal - 1);
        // Each pair once: seat 0's side at (own, opponent), own ≤ opponent, and seat 1's where
        // own < opponent unless seat 1 mirrors seat 0.
        let sides: Vec<Side> = (lowest..=total.min(goal - 1))
            .filter(|&own| own <= total - own)
            .flat_map(|own| {
                let opponent = total - own;
                let seats = if own == opponent || mirrored { 1 } else { 2 };
                (0..seats).map(move |seat| Side {
                    seat,
                    own,
                    opponent,
                })
            })
            .collect();
        let packed = !self.keeps_cubes;
        let mut values = self
            .values
            .each_mut()
            .map(|cube| blocks(cube, pig, total, packed));
        let mut rolls = self
            .rolls
            .each_mut()
            .map(|cube| blocks(cube, pig, total, packed));
        let mut take = |side: Side| {
            let at = (side.own - lowest) as usize;
            let taken = "a block belongs to one pair";
            (
                values[side.seat][at].take().expect(taken),
                rolls[side.seat][at].take().expect(taken),
            )
        };
        let pairs: Vec<(Side, Blocks)> = sides
            .iter()
            .map(|&side| {
                let (side_values, side_rolls) = take(side);
                let (other_values, other_rolls) = take(side.other());
                let blocks = Blocks {
                    values: [side_values, other_values],
                    rolls: [side_rolls, other_rolls],
                };
                (side, blocks)
            })
            .collect();
        let settled = Settled {
            rules: self.rules,
            lost: &self.lost,
            starts: &self.starts,
            warm: self.warm,
        };
        let solved: Vec<Result<Solved, SolveError>> = pairs
            .into_par_iter()
            .map_init(
                || [Coefficients::default(), Coefficients::default()],
                |scratch, (side, blocks)| settled.pair(side, blocks, scratch),
            )
            .collect();
        for (pair, side) in solved.into_iter().zip(sides) {
            let pair = pair?;
            self.residual = self.residual.max(pair.residual);
            self.closed |= pair.closed;
            for (side, start) in [(side, pair.starts.0), (side.other(), pair.starts.1)] {
                self.starts[side.seat][(side.own * goal + side.opponent) as usize] = start;
            }
            if mirrored && side.own < side.opponent {
                self.mirror(side.own, side.opponent);
            }
        }
        Ok(())
    }

    /// Seat 1's side of (own, opponent) and seat 0's of (opponent, own) as the pair of seat 0
    /// at (own, opponent) left them, in a [mirrored](Rules::mirrored) game.
    fn mirror(&mut self, own: u32, opponent: u32) {
        let pig = self.rules.pig;
        for (from, at, first_own) in [(0, own, opponent), (1, opponent, own)] {
            if self.keeps_cubes {
                let first = pig.state(at, first_own, 0);
                let states = first..first + (pig.goal() - at) as usize;
                copy_seat(&mut self.values, from, states.clone());
                copy_seat(&mut self.rolls, from, states);
            }
            let start = (at * pig.goal() + first_own) as usize;
            self.starts[1 - from][start] = self.starts[from][start];
        }
    }
}

/// One seat's cube cut at `total`: the states (own, total − own, ·) of each own score from the
/// lowest, disjoint blocks of `goal − own` turn totals; where they lie in the cube, or side by
/// side from the start of `cube` if `packed`.
fn blocks<'c, T>(
    cube: &'c mut [T],
    pig: &Pig,
    total: u32,
    packed: bool,
) -> Vec<Option<&'c mut [T]>> {
    let goal = pig.goal();
    let lowest = total.saturating_sub(goal - 1);
    let mut rest = cube;
    let mut offset = 0;
    let mut blocks = Vec::new();
    for own in lowest..=total.min(goal - 1) {
        let first = if packed {
            offset
        } else {
            pig.state(own, total - own, 0)
        };
        let (_, tail) = std::mem::take(&mut rest).split_at_mut(first - offset);
        let (block, tail) = tail.split_at_mut((goal - own) as usize);
        blocks.push(Some(block));
        rest = tail;
        offset = first + (goal - own) as usize;
    }
    blocks
}

impl Rules<'_> {
    /// Whether the two seats play the same game: the same player in both (two optimisers, or
    /// one policy twice) and a game that never ends worth the same to both. Then seat 1's
    /// values are seat 0's, and each pair is solved once.
    fn mirrored(&self) -> bool {
        let same = match self.players {
            [Player::Optimising, Player::Optimising] => true,
            [Player::Fixed(a), Player::Fixed(b)] => a == b,
            _ => false,
        };
        same && self.never_ending[0] == self.never_ending[1]
    }
}

impl Settled<'_> {
    /// Solves the pair of `side` and its other side exactly (see the module docs) into
    /// `blocks`, reading only higher totals and, in two-dice Pig, the pass before (its values
    /// at turn total 0, in `starts`).
    fn pair(
        &self,
        side: Side,
        blocks: Blocks,
        scratch: &mut [Coefficients; 2],
    ) -> Result<Solved, SolveError> {
        let Rules {
            pig,
            players,
            never_ending,
        } = self.rules;
        let other = side.other();
        let sides = [side, other];
        let optimising = sides.map(|s| matches!(players[s.seat], Player::Optimising));
        // Where policy iteration starts: the values at turn total 0 of both sides in the pass
        // before, or in the first pass those of the pair one point higher (close, so that an
        // optimiser's first decisions are most often its last), or ½ at the very top.
        let (mut x, mut y) = if self.warm {
            self.starts_of(side)
        } else {
            self.above(side)
        };
        let mut closed = false;
        let [left, right] = scratch;
        self.holds(side, left);
        self.holds(other, right);
        let mut settled = false;
        for round in 0..MAX_ROUNDS {
            let changed_left = self.coefficients(side, 1.0 - y, left);
            let changed_right = self.coefficients(other, 1.0 - x, right);
            let (a1, b1, a2, b2) = (left.a[0], left.b[0], right.a[0], right.b[0]);
            if b1 * b2 >= 1.0 {
                // Both pass for sure: the pair never ends.
                closed = true;
                (x, y) = (never_ending[side.seat], never_ending[other.seat]);
            } else {
                // x = a1 + b1 (1 − y), y = a2 + b2 (1 − x), each from its own side (so mirrored
                // pairs get mirrored numbers).
                x = (a1 + b1 * (1.0 - a2 - b2)) / (1.0 - b1 * b2);
                y = (a2 + b2 * (1.0 - a1 - b1)) / (1.0 - b2 * b1);
            }
            let changed = changed_left || changed_right;
            if !optimising.contains(&true) || (round > 0 && !changed) {
                settled = true;
                break;
            }
        }
        if !settled {
            // Value iteration on the two values, each side deciding afresh every step.
            let mut steps = 0;
            let (mut least, mut stalled) = (f64::INFINITY, 0);
            loop {
                self.coefficients(side, 1.0 - y, left);
                self.coefficients(other, 1.0 - x, right);
                let next = (
                    left.a[0] + left.b[0] * (1.0 - y),
                    right.a[0] + right.b[0] * (1.0 - x),
                );
                let moved = (next.0 - x).abs().max((next.1 - y).abs());
                (x, y) = next;
                steps += 1;
                if moved <= SETTLED {
                    break;
                }
                if moved < least {
                    (least, stalled) = (moved, 0);
                } else {
                    stalled += 1;
                }
                if stalled >= STALLED && moved <= FLICKER {
                    break;
                }
                if steps == MAX_PASSES {
                    return Err(SolveError::Unconverged {
                        rules: pig.name(),
                        passes: steps,
                        moved,
                    });
                }
            }
        }
        let Blocks {
            values: [side_values, other_values],
            rolls: [side_rolls, other_rolls],
        } = blocks;
        let residual = self
            .write(side, x, y, left, side_values, side_rolls)
            .max(self.write(other, y, x, right, other_values, other_rolls));
        Ok(Solved {
            residual,
            closed,
            starts: (x, y),
        })
    }

    /// The values at turn total 0 of `side` and of its other side as last written: `(side's,
    /// other side's)`.
    fn starts_of(&self, side: Side) -> (f64, f64) {
        let goal = self.rules.pig.goal();
        (
            self.starts[side.seat][(side.own * goal + side.opponent) as usize],
            self.starts[1 - side.seat][(side.opponent * goal + side.own) as usize],
        )
    }

    /// The values at turn total 0 of `side`'s pair one point higher, (own, opponent + 1), or
    /// (own + 1, opponent) at the opponent's last score: `(side's, other side's)`, ½ each above
    /// the highest total.
    fn above(&self, side: Side) -> (f64, f64) {
        let goal = self.rules.pig.goal();
        let (own, opponent) = if side.opponent + 1 < goal {
            (side.own, side.opponent + 1)
        } else if side.own + 1 < goal {
            (side.own + 1, side.opponent)
        } else {
            return (0.5, 0.5);
        };
        self.starts_of(Side {
            seat: side.seat,
            own,
            opponent,
        })
    }

    /// What holding is worth to `side` at each turn total (into `out.hold`).
    fn holds(&self, side: Side, out: &mut Coefficients) {
        let pig = self.rules.pig;
        let n = side.states(pig) as usize;
        // The opponent's turns at (opponent, own + k), k ≥ 1, side by side.
        let goal = pig.goal() as usize;
        let row = side.opponent as usize * goal;
        let opponent = &self.starts[1 - side.seat][row + side.own as usize..row + goal];
        out.hold.clear();
        out.hold.push(0.0);
        out.hold
            .extend(opponent[1..n].iter().map(|value| 1.0 - value));
    }

    /// The coefficients and decisions of `side` when the turn ending without gain is worth `w`
    /// (an optimiser decides at that `w`), by backward induction over the turn total, holding
    /// worth `out.hold`; whether any decision differs from those `out` held.
    fn coefficients(&self, side: Side, w: f64, out: &mut Coefficients) -> bool {
        let pig = self.rules.pig;
        let n = side.states(pig) as usize;
        let reach = n + pig.most_points() as usize;
        out.a.clear();
        out.a.resize(reach, 1.0);
        out.b.clear();
        out.b.resize(reach, 0.0);
        let mut changed = out.rolls.len() != n;
        out.rolls.resize(n, false);
        let lost = 1.0 - self.lost[1 - side.seat][side.opponent as usize];
        let (end_a, end_b) = side.ends(pig, lost);
        let first = pig.state(side.own, side.opponent, 0);
        for k in (0..n).rev() {
            // Rolling: the turn's ends, then Σ p · a[k + points] and Σ p · b[k + points] in
            // the order of the outcomes (a roll past the goal reads a = 1, b = 0).
            let (mut a, mut b) = (end_a, end_b);
            for &(points, p) in pig.adds() {
                a += p * out.a[k + points];
                b += p * out.b[k + points];
            }
            let (hold_a, hold_b) = if k == 0 {
                (0.0, 1.0)
            } else {
                (out.hold[k], 0.0)
            };
            let rolls = match self.rules.players[side.seat] {
                Player::Fixed(policy) => policy.rolls(first + k),
                Player::Optimising => hold_a + hold_b * w <= a + b * w + TIE_TOLERANCE,
            };
            changed |= out.rolls[k] != rolls;
            (out.a[k], out.b[k], out.rolls[k]) = if rolls {
                (a, b, true)
            } else {
                (hold_a, hold_b, false)
            };
        }
        changed
    }

    /// Writes `side`'s values (its value at turn total 0 being `x`, the other side's `y`) and
    /// decisions into `values` and `rolls`; the residual of its states.
    fn write(
        &self,
        side: Side,
        x: f64,
        y: f64,
        coefficients: &mut Coefficients,
        values: &mut [f64],
        rolls: &mut [u8],
    ) -> f64 {
        let pig = self.rules.pig;
        let w = 1.0 - y;
        let n = side.states(pig) as usize;
        for k in 0..n {
            values[k] = coefficients.a[k] + coefficients.b[k] * w;
            rolls[k] = u8::from(coefficients.rolls[k]);
        }
        // Its value at turn total 0 as the pair's equations gave it (a pair that never ends:
        // the worth of such a game, which its coefficients cannot say).
        values[0] = x;
        // The residual: every state valued once more from the values just written (read
        // with the won states past the last turn total, as `a` and `b` are).
        let written = &mut coefficients.written;
        written.clear();
        written.extend_from_slice(values);
        written.resize(n + pig.most_points() as usize, 1.0);
        let lost = 1.0 - self.lost[1 - side.seat][side.opponent as usize];
        let (a, b) = side.ends(pig, lost);
        let ended = a + b * w;
        let mut residual: f64 = 0.0;
        for k in 0..n {
            let roll = Side::roll_value(pig, k, ended, |k| written[k]);
            // Holding, read from the opponent's values at turn total 0 as written (`holds`
            // took them side by side from `starts`, a copy of those values).
            let hold = if k == 0 { w } else { coefficients.hold[k] };
            let target = match self.rules.players[side.seat] {
                Player::Optimising => roll.max(hold),
                Player::Fixed(_) if coefficients.rolls[k] => roll,
                Player::Fixed(_) => hold,
            };
            residual = residual.max((written[k] - target).abs());
        }
        residual
    }
}

/// Copies seat `from`'s entries `states` of `by_seat` to the other seat's.
fn copy_seat<T: Copy>(by_seat: &mut [Vec<T>; 2], from: usize, states: std::ops::Range<usize>) {
    let [zero, one] = by_seat;
    let (source, target) = if from == 0 { (zero, one) } else { (one, zero) };
    target[states.clone()].copy_from_slice(&source[states]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pig::Variant;

    #[test]
    fn piglet_to_two_as_the_paper_solves_it() {
        // Neller & Presser: P(i, j, k) with both players optimal.
        let pig = Pig::new(Variant::Piglet, 2).unwrap();
        let solution = solve(&pig, [&Player::Optimising, &Player::Optimising]).unwrap();
        for ((own, opponent, k), fraction) in [
            ((0, 0, 0), 4.0 / 7.0),
            ((0, 0, 1), 5.0 / 7.0),
            ((0, 1, 0), 2.0 / 5.0),
            ((0, 1, 1), 3.0 / 5.0),
            ((1, 0, 0), 4.0 / 5.0),
            ((1, 1, 0), 2.0 / 3.0),
        ] {
            let state = pig.state(own, opponent, k);
            for seat in 0..2 {
                approx::assert_relative_eq!(
                    solution.value(seat, state),
                    fraction,
                    max_relative = 1e-15
                );
                // An optimiser's own decision is worth its value.
                approx::assert_relative_eq!(
                    solution.chosen_value(seat, state),
                    fraction,
                    max_relative = 1e-15
                );
            }
        }
        assert!(solution.residual() <= 1e-15);
    }

    #[test]
    fn the_matchup_without_cubes_is_the_full_solves_to_the_bit() {
        for (variant, goal) in [
            (Variant::Pig, 30),
            (Variant::Piglet, 10),
            (Variant::TwoDicePig, 30),
        ] {
            let pig = Pig::new(variant, goal).unwrap();
            let hold_at = |k: u32| Player::Fixed(Policy::from_fn(&pig, move |_, _, t| t < k));
            // Holds with nothing at odd totals: where both do, the game never ends.
            let lazy = Player::Fixed(Policy::from_fn(&pig, |own, opponent, t| {
                t < 4 && (own + opponent) % 2 == 0
            }));
            let (a, b) = (hold_at(5), hold_at(9));
            let optimal = Player::Optimising;
            for players in [
                [&optimal, &optimal],
                [&optimal, &b],
                [&a, &optimal],
                [&a, &b],
                [&b, &b],
                [&lazy, &lazy],
                [&lazy, &a],
            ] {
                let full = solve(&pig, players).unwrap();
                let (outcome, residual) = matchup(&pig, players).unwrap();
                assert_eq!(
                    format!("{outcome:?} {:e}", residual),
                    format!("{:?} {:e}", full.matchup(), full.residual()),
                    "{variant:?} to {goal}"
                );
            }
        }
    }
}
