//! N seats racing to a goal, each for itself: every turn start's vector of the seats' chances of
//! winning, solved once for every game of turns (the Pig family, Farkle).
//!
//! **Values.** A turn start's value is a vector: entry k is P(the seat k places after the mover
//! wins), the mover first. After the mover's turn the next seat moves, so a value read at the
//! start the turn hands on is turned round by one place ([`Values::passed`]) to be seen from the
//! mover. A game that never ends gives each seat 1/N: every value starts there.
//!
//! **Max-n.** Within a turn the mover takes what is worth most to itself (its own entry), with
//! ties to the choice that ends the turn (the game says which, [`TIE`]). The game solves its turn
//! from the values of the starts the turn can end in and says where the turn ends ([`Ends`]):
//! with a win, at other starts (points banked, or a score lowered), or at the one start an empty
//! turn hands on (nothing gained: the same scores, the next seat to move).
//!
//! **Order.** The game gives its starts in layers, each of groups: a group's empty turns stay in
//! it (the rotations of one tuple of scores); every other end of a group's turns lies in an
//! earlier layer, except where a rule lowers a score. The groups of a layer are solved side by
//! side on every core, each by policy iteration: given the values, each member's best turn
//! fixes its ends, the members' values then solve a small linear system (each value affine in the
//! value its empty turn hands on), repeated until no value moves by more than [`SETTLED`].
//!
//! **Sweeps and the residual.** Rules that lower a score read starts of a later layer, from the
//! sweep before: sweeps repeat until the **residual**, the largest change one more valuation of
//! every start would make (`max |TW − W|`, each turn solved afresh), is at most [`RESIDUAL`]. It
//! is measured after every sweep, so a game whose turns only raise scores stops after one sweep
//! and one check, and the check is what says so (not a promise of the game).

use rayon::prelude::*;

use crate::game::{Run, Stopped};
use crate::machine::OutOfMemory;
use crate::memory::zeroed;

/// The most seats a race is solved for.
pub const MOST_SEATS: usize = 6;

/// The largest residual a solve may end with.
pub const RESIDUAL: f64 = 1e-12;

/// Two choices whose values to the mover differ by at most this are worth the same: the mover
/// takes the one that ends its turn (holds, banks).
pub const TIE: f64 = 1e-12;

/// A group's policy iteration stops once no value moves by more than this.
pub const SETTLED: f64 = 1e-15;

/// Rounds of policy iteration a group may take.
pub const MOST_ROUNDS: usize = 200;

/// Sweeps a solve may take before it gives up.
pub const MOST_SWEEPS: usize = 500;

/// Every seat's chance of winning, the mover first; entries past the seats are 0.
pub type Wins = [f64; MOST_SEATS];

/// Where a turn from one start ends under its mover's choices, as an affine form of the value
/// of the start an empty turn hands on: `value = fixed + empty · passed(empty_to)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Ends {
    /// What the turn's other ends are worth, each weighed by its probability (a win is the
    /// mover's 1), seen from the mover.
    pub fixed: Wins,
    /// P(the turn ends with nothing gained).
    pub empty: f64,
}

/// A game of N seats moving in turn, each turn from one of its numbered starts.
pub trait Race: Sync {
    /// A turn's scratch (its within-turn values), one per thread.
    type Scratch: Send;

    /// How many seats play.
    fn seats(&self) -> usize;

    /// How many turn starts there are.
    fn starts(&self) -> usize;

    /// Fresh scratch for solving turns.
    fn scratch(&self) -> Self::Scratch;

    /// The starts in the order they are solved: layers, each of groups of starts (see the
    /// module's **Order**). Every group holds the start its members' empty turns hand on.
    fn layers(&self) -> Vec<Vec<Vec<u32>>>;

    /// The start an empty turn from `start` hands on.
    fn empty_to(&self, start: usize) -> usize;

    /// The turn from `start` under its mover's choices (the best for itself, or its fixed
    /// strategy's): the empty turn's end valued `empty` (seen from the next mover), every other
    /// end read from `values` (none of them in `start`'s group).
    fn ends(
        &self,
        start: usize,
        values: &Values,
        empty: &Wins,
        scratch: &mut Self::Scratch,
    ) -> Ends;
}

/// Every start's value, N numbers per start.
#[derive(Clone, Debug)]
pub struct Values {
    seats: usize,
    data: Vec<f64>,
}

impl Values {
    /// `starts` starts of `seats` seats, each valued 1/N (a game that never ends).
    pub fn even(seats: usize, starts: usize) -> Result<Values, OutOfMemory> {
        let mut data: Vec<f64> = zeroed(seats * starts)?;
        data.fill(1.0 / seats as f64);
        Ok(Values { seats, data })
    }

    /// How many seats play.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// `start`'s value, the mover first.
    #[inline]
    pub fn get(&self, start: usize) -> Wins {
        let mut wins = [0.0; MOST_SEATS];
        wins[..self.seats].copy_from_slice(&self.data[start * self.seats..][..self.seats]);
        wins
    }

    /// `start`'s value seen from the seat that moved before: its entry first.
    #[inline]
    pub fn passed(&self, start: usize) -> Wins {
        passed(&self.get(start), self.seats)
    }

    /// P(the seat that moved before `start`'s mover wins), from `start`: what a turn that ends
    /// there is worth to its mover.
    #[inline]
    pub fn to_previous(&self, start: usize) -> f64 {
        self.data[start * self.seats + self.seats - 1]
    }

    fn set(&mut self, start: usize, wins: &Wins) {
        self.data[start * self.seats..][..self.seats].copy_from_slice(&wins[..self.seats]);
    }
}

/// `wins`, seen from the next mover, as the seat before sees it: its own entry (the last)
/// first.
#[inline]
pub fn passed(wins: &Wins, seats: usize) -> Wins {
    let mut out = [0.0; MOST_SEATS];
    for k in 0..seats {
        out[k] = wins[(k + seats - 1) % seats];
    }
    out
}

/// `a + weight · b`, entry by entry.
#[inline]
pub fn add_weighted(a: &mut Wins, weight: f64, b: &Wins) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += weight * y;
    }
}

/// The value of `start`'s turn from `values`: what one more valuation makes of it.
pub fn revalue<R: Race>(race: &R, start: usize, values: &Values, scratch: &mut R::Scratch) -> Wins {
    let empty = values.get(race.empty_to(start));
    let ends = race.ends(start, values, &empty, scratch);
    let mut wins = ends.fixed;
    add_weighted(&mut wins, ends.empty, &passed(&empty, values.seats));
    wins
}

/// A solve: every start's value, how far it is from the values one more valuation gives, and
/// what it took.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Every start's value.
    pub values: Values,
    /// The largest change one more valuation of every start makes.
    pub residual: f64,
    /// Sweeps over every start.
    pub sweeps: usize,
}

/// Why a race is not solved.
#[derive(Debug, thiserror::Error)]
pub enum RaceError {
    /// The values did not fit in memory.
    #[error(transparent)]
    Memory(#[from] OutOfMemory),
    /// Asked to stop.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// The sweeps ran out before the residual fell to [`RESIDUAL`].
    #[error("the values did not settle in {MOST_SWEEPS} sweeps (residual {0:e})")]
    Unsettled(f64),
}

/// Every start's value of `race`, solved to a residual of at most [`RESIDUAL`].
pub fn solve(race: &impl Race, run: &Run) -> Result<Solution, RaceError> {
    let seats = race.seats();
    assert!((2..=MOST_SEATS).contains(&seats), "2 to {MOST_SEATS} seats");
    let mut values = Values::even(seats, race.starts())?;
    let layers = race.layers();
    let mut sweeps = 0;
    loop {
        sweep(race, &layers, &mut values, run)?;
        sweeps += 1;
        let residual = residual(race, &values, run)?;
        if residual <= RESIDUAL {
            return Ok(Solution {
                values,
                residual,
                sweeps,
            });
        }
        if sweeps == MOST_SWEEPS {
            return Err(RaceError::Unsettled(residual));
        }
    }
}

/// One sweep: every layer in order, its groups side by side, each written when its layer is
/// done (so the values do not depend on the threads).
fn sweep<R: Race>(
    race: &R,
    layers: &[Vec<Vec<u32>>],
    values: &mut Values,
    run: &Run,
) -> Result<(), Stopped> {
    for layer in layers {
        run.check()?;
        let solved: Vec<Vec<(usize, Wins)>> = layer
            .par_iter()
            .map_init(
                || race.scratch(),
                |scratch, group| solve_group(race, group, values, scratch),
            )
            .collect();
        for (start, wins) in solved.iter().flatten() {
            values.set(*start, wins);
        }
    }
    Ok(())
}

/// One group's values by policy iteration, from `values` (which it reads but does not write:
/// the group's own values are kept apart until its layer is done).
fn solve_group<R: Race>(
    race: &R,
    group: &[u32],
    values: &Values,
    scratch: &mut R::Scratch,
) -> Vec<(usize, Wins)> {
    let seats = race.seats();
    let starts: Vec<usize> = group.iter().map(|&s| s as usize).collect();
    let next: Vec<usize> = starts
        .iter()
        .map(|&start| {
            let to = race.empty_to(start);
            starts
                .iter()
                .position(|&s| s == to)
                .expect("a group holds the start its empty turns hand on")
        })
        .collect();
    let mut wins: Vec<Wins> = starts.iter().map(|&s| values.get(s)).collect();
    for _ in 0..MOST_ROUNDS {
        let ends: Vec<Ends> = starts
            .iter()
            .zip(&next)
            .map(|(&start, &j)| race.ends(start, values, &wins[j], scratch))
            .collect();
        let before = wins.clone();
        solve_affine(&ends, &next, &mut wins, seats);
        let moved = before
            .iter()
            .zip(&wins)
            .flat_map(|(a, b)| a.iter().zip(b).map(|(x, y)| (x - y).abs()))
            .fold(0.0, f64::max);
        if moved <= SETTLED {
            break;
        }
    }
    starts.into_iter().zip(wins).collect()
}

/// The group's values from its members' ends, `wins[i] = fixed_i + empty_i · passed(wins[next_i])`,
/// by Gauss–Seidel until no value moves by more than a quarter of a unit in the last place of
/// 1 (a round of empty turns that comes back for sure keeps the values it had: 1/N at first).
fn solve_affine(ends: &[Ends], next: &[usize], wins: &mut [Wins], seats: usize) {
    for _ in 0..1_000_000 {
        let mut moved: f64 = 0.0;
        for i in 0..wins.len() {
            let mut value = ends[i].fixed;
            add_weighted(&mut value, ends[i].empty, &passed(&wins[next[i]], seats));
            for k in 0..seats {
                moved = moved.max((value[k] - wins[i][k]).abs());
            }
            wins[i] = value;
        }
        if moved <= f64::EPSILON / 4.0 {
            break;
        }
    }
}

/// The largest change one more valuation of every start makes.
fn residual<R: Race>(race: &R, values: &Values, run: &Run) -> Result<f64, Stopped> {
    let seats = race.seats();
    let chunk = 4096;
    let starts = race.starts();
    let changes: Vec<Result<f64, Stopped>> = (0..starts.div_ceil(chunk))
        .into_par_iter()
        .map_init(
            || race.scratch(),
            |scratch, c| {
                run.check()?;
                let mut most: f64 = 0.0;
                for start in c * chunk..((c + 1) * chunk).min(starts) {
                    let wins = revalue(race, start, values, scratch);
                    let old = values.get(start);
                    for k in 0..seats {
                        most = most.max((wins[k] - old[k]).abs());
                    }
                }
                Ok(most)
            },
        )
        .collect();
    changes
        .into_iter()
        .try_fold(0.0, |most, change| Ok(f64::max(most, change?)))
}
