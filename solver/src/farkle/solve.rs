//! The solver: every turn-start value W(b, d, f, e) for both seats, exact.
//!
//! **Why it iterates.** Banking raises the mover's score (a higher total of both scores); a
//! farkle hands the same scores to the opponent with one more farkle counted (the same total,
//! a higher sum of farkle counts); the farkle that completes a run costs a penalty, down to a
//! lower total, or to the same total at the floor. So play returns to positions, and no order
//! of the states solves them in one pass.
//!
//! **Policy iteration.** A policy's turn from a turn start is a [`Transition`]: where the turn
//! ends (each banked turn total, the goal, a farkle), with probabilities. Given the policies,
//! the turn-start values solve a sparse linear system, which [`evaluate`](Sweep::evaluate)
//! solves by Gauss–Seidel from the highest total down, each pair of mirrored positions in
//! decreasing order of the farkle counts' sum, so that only the penalties read values of the
//! pass before; passes repeat until no value moves by more than [`SETTLED`]. Then a sweep
//! solves every optimiser's turn anew from those values ([`Turn::backward`]: the best bank or
//! roll and keep in every within-turn state) and takes its decisions as the next policy. The
//! largest change the sweep makes is the **residual** `max |TW − W|`; the iteration stops once
//! it is at most [`RESIDUAL`], and fails (never returning unconverged values) after
//! [`MAX_ROUNDS`]. The iteration starts from the values of `max_points` (the most points per
//! turn), a few passes of evaluating it, and its first sweep runs from the highest total down
//! writing as it goes, so its first policy starts close: the full game settles in fewer
//! rounds, each a sweep of every within-turn state, which is most of a solve's time.
//!
//! Both seats optimising is one table: the game is the same from either seat.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;

use super::game::Farkle;
use super::policy::{Fixed, Player};
use super::turn::{
    LANES, Lanes, Layout, Layouts, Transition, TransitionRef, TransitionTable, Turn,
};
use crate::format::{Format, ValuesFile};
use crate::outcome::{Outcome, SeatOutcome};

/// The formats the turn-start values are written in unless others are asked for (`swine
/// solve --rules farkle`): numpy's and the raw binary.
pub const VALUES_FORMATS: [Format; 2] = [Format::Npy, Format::Binary];

/// The axes of the turn-start values, outermost first: banked scores by index from the floor
/// in steps of [`UNIT`](super::UNIT), then farkles in a row.
pub const VALUES_AXES: [&str; 4] = ["own", "opponent", "own_farkles", "opponent_farkles"];

/// The largest residual `max |TW − W|` a solve may end with.
pub const RESIDUAL: f64 = 1e-14;

/// Policy-iteration rounds before a solve gives up.
pub const MAX_ROUNDS: usize = 30;

/// An evaluation stops once a pass moves no value by more than this (four units in the last
/// place of 1).
pub const SETTLED: f64 = 4.0 * f64::EPSILON;

/// Changes this small are rounding: an evaluation whose largest change is below it and has
/// stopped shrinking has settled.
pub const ROUNDING: f64 = 1e-14;

/// Evaluation passes between two sweeps at most (modified policy iteration: a policy far from
/// the best need not be valued exactly before the next improves on it).
pub const ROUND_PASSES: usize = 50;

/// Evaluation passes before a solve gives up.
pub const MAX_PASSES: usize = 100_000;

/// Repeats of each pair's turns in the first sweep.
const REPEATS: usize = 1;

/// [`backup`] solves the states of every this many sums of the two scores, from the highest:
/// an eighth of a full backup's time, and still every kind of turn (each reads states of
/// many other sums; values of other rules or another opponent move nearly everywhere).
pub const BACKUP_EVERY: usize = 8;

/// Why a solve failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// The values did not settle.
    #[error(
        "farkle: the values did not settle within {rounds} {what} (the last moved one by \
         {moved:e}); swine will not report values that have not converged"
    )]
    Unconverged {
        /// Rounds or passes made.
        rounds: usize,
        /// `policy-iteration rounds` or `evaluation passes`.
        what: &'static str,
        /// How far the last one moved a value.
        moved: f64,
    },
    /// A Python seat came without its turns ([`PythonStrategy::transitions`]), which only
    /// [`evaluate`](super::evaluate) computes.
    ///
    /// [`PythonStrategy::transitions`]: super::PythonStrategy::transitions
    #[error("farkle: a Python strategy is solved through evaluate, which asks it its turns")]
    PythonWithoutTurns,
    /// The solve was stopped by its stop flag (an interrupt).
    #[error("farkle: the solve was stopped before it finished (interrupted)")]
    Stopped,
}

/// How far a solve has come, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// A sweep of every optimiser's turns: `done` of `total` turn-start states, in `round`.
    Sweep {
        /// The policy-iteration round (0: the first sweep).
        round: usize,
        /// States solved.
        done: usize,
        /// States in all.
        total: usize,
    },
    /// A round ended with this residual.
    Round {
        /// The round.
        round: usize,
        /// `max |TW − W|` of its sweep.
        residual: f64,
        /// Evaluation passes it took.
        passes: usize,
    },
}

/// The values of every turn-start state, seat by seat, and how they were found.
#[derive(Clone, Debug)]
pub struct Solution {
    game: Farkle,
    layouts: Layouts,
    players: [Player; 2],
    /// One array (both optimising: the seats are alike) or one per seat.
    values: Vec<Vec<f64>>,
    /// Where a seat plays [`Player::Equilibrium`]: W of both players optimal, which its
    /// decisions are taken against.
    equilibrium: Option<Vec<f64>>,
    residual: f64,
    rounds: usize,
}

impl Solution {
    /// The players, none optimising, without values: enough to play them (a simulation too
    /// large to evaluate exactly), not to ask their values (which are empty). `None` if a
    /// player optimises or plays the equilibrium (both need values). Only [`Seated::Played`]
    /// holds one, and lets nothing but games be played from it.
    ///
    /// [`Seated::Played`]: super::Seated::Played
    pub(super) fn unvalued(game: &Farkle, players: [Player; 2]) -> Option<Solution> {
        let needs_values = |p: &Player| matches!(p, Player::Optimising | Player::Equilibrium);
        (!players.iter().any(needs_values)).then(|| Solution {
            game: game.clone(),
            layouts: Layouts::new(game),
            players,
            values: vec![Vec::new()],
            equilibrium: None,
            residual: f64::NAN,
            rounds: 0,
        })
    }

    /// The game.
    pub fn game(&self) -> &Farkle {
        &self.game
    }

    /// P(the player in `seat` wins) with it to move in `state`.
    pub fn value(&self, seat: usize, state: usize) -> f64 {
        self.values[seat.min(self.values.len() - 1)][state]
    }

    /// Every turn-start value of `seat`, by state number.
    pub fn values(&self, seat: usize) -> &[f64] {
        &self.values[seat.min(self.values.len() - 1)]
    }

    /// Seat 0's outcome from the start, moving first and second.
    pub fn matchup(&self) -> Outcome {
        let start = self.game.start();
        Outcome {
            first: SeatOutcome::without_ties(self.value(0, start)),
            second: SeatOutcome::without_ties(1.0 - self.value(1, start)),
        }
    }

    /// The largest `|TW − W|` (an optimiser's best turn against the values), or of a fixed
    /// policy's last evaluation pass.
    pub fn residual(&self) -> f64 {
        self.residual
    }

    /// Policy-iteration rounds taken (0 where no seat optimises).
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// The players.
    pub fn players(&self) -> [Player; 2] {
        self.players
    }

    /// The values the turns of the player in `seat` are decided against: the other seat's,
    /// or for [`Player::Equilibrium`] those of both players optimal.
    fn against(&self, seat: usize) -> &[f64] {
        match (&self.equilibrium, self.players[seat]) {
            (Some(minimax), Player::Equilibrium) => minimax,
            _ => self.values(1 - seat),
        }
    }

    /// The turn of the player in `seat` from `state` solved for the best play against these
    /// values: banking and farkling valued from the values of the other seat (for
    /// [`Player::Equilibrium`], of both players optimal: its decisions, and their values in
    /// that game). Returns the solved scratch and the lane of `state` (its own farkle count).
    pub fn turn(&self, seat: usize, state: usize) -> (Turn, usize) {
        let (own, opponent, count, opponent_count) = self.game.position(state);
        let mut turn = Turn::new(&self.game, &self.layouts.full);
        let other = self.against(seat);
        let block = Block {
            own,
            opponent,
            opponent_count,
        };
        block.solve(&self.game, &self.layouts, false, other, &mut turn);
        (turn, count)
    }

    /// The turn of the player in `seat` from every turn start, as its games play it: a
    /// built-in's policy, or the best turn against these values ([`turn`](Self::turn)'s, every
    /// keep weighed) followed from each start; `None` for a Python strategy (its turns are
    /// what it answered, [`PythonStrategy::transitions`](super::PythonStrategy::transitions)).
    pub fn turns(&self, seat: usize) -> Option<Turns> {
        let game = &self.game;
        let layout = &self.layouts.full;
        match self.players[seat] {
            Player::Python => None,
            Player::Fixed(policy) => Some(Turns::ByOwn(policy.transitions(game, layout))),
            Player::Optimising | Player::Equilibrium => {
                let (scores, k) = (game.scores(), game.farkles());
                let other = self.against(seat);
                let blocks: Vec<Vec<(usize, Transition)>> = (0..scores * scores * k)
                    .into_par_iter()
                    .map_init(
                        || (Turn::new(game, layout), Vec::new()),
                        |(turn, mass), block| {
                            let block = Block {
                                own: block / (scores * k),
                                opponent: block / k % scores,
                                opponent_count: block % k,
                            };
                            block.solve(game, &self.layouts, false, other, turn);
                            let ends = turn.follow(layout, scores - block.own, k, mass);
                            ends.into_iter()
                                .enumerate()
                                .map(|(count, end)| {
                                    let state = game.state(
                                        block.own,
                                        block.opponent,
                                        count,
                                        block.opponent_count,
                                    );
                                    (state, end)
                                })
                                .collect()
                        },
                    )
                    .collect();
                let mut turns = vec![Transition::default(); game.states()];
                for (state, end) in blocks.into_iter().flatten() {
                    turns[state] = end;
                }
                Some(Turns::ByState(turns))
            }
        }
    }

    /// What banking turn total `t` (units, below the goal's reach) is worth to the player in
    /// `seat` in `state`: the opponent's turn start at the higher score, or 1 at the goal
    /// (valued as [`turn`](Self::turn) values it).
    pub fn bank_value(&self, seat: usize, state: usize, t: usize) -> f64 {
        let (own, opponent, _, opponent_count) = self.game.position(state);
        if own + t >= self.game.scores() {
            return 1.0;
        }
        1.0 - self.against(seat)[self.game.state(opponent, own + t, opponent_count, 0)]
    }

    /// What rolling `dice` dice at turn total `t` (units) is worth to the player in `seat` in
    /// `state`, given its solved `turn` and `lane` from [`turn`](Self::turn): a farkle hands
    /// the opponent its turn, each roll that scores is worth its best keep.
    pub fn roll_value(
        &self,
        seat: usize,
        state: usize,
        (turn, lane): (&Turn, usize),
        t: usize,
        dice: usize,
    ) -> f64 {
        let game = &self.game;
        let (own, opponent, count, opponent_count) = game.position(state);
        let (after, next) = game.after_farkle(own, count);
        let farkle = 1.0 - self.against(seat)[game.state(opponent, after, opponent_count, next)];
        let throw = game.throw(dice);
        let mut value = throw.farkle * farkle;
        for offer in &throw.offers {
            let best = offer
                .keeps
                .iter()
                .map(|k| turn.value(self.layout(), t + k.units as usize, k.left as usize, lane))
                .fold(f64::NEG_INFINITY, f64::max);
            value += offer.probability * best;
        }
        value
    }

    /// The layout of the rolls [`turn`](Self::turn) solves over: every keep.
    pub fn layout(&self) -> &Layout {
        &self.layouts.full
    }

    /// Seat 0's turn-start values as the file `swine solve` writes for `strategy` against
    /// `opponent` (see [`values_file`]).
    pub fn values_file(&self, strategy: &str, opponent: &str) -> ValuesFile {
        values_file(&self.game, self.values(0), strategy, opponent)
    }
}

/// Turn-start values of seat 0 (`values`, by state number) as the file `swine solve` writes
/// for `strategy` against `opponent`: P(seat 0 wins) indexed
/// `[own][opponent][own_farkles][opponent_farkles]`, scores by index from the floor in steps
/// of [`UNIT`](super::UNIT); named `farkle_minimax` where both play minimax (`farkle_STRATEGY`
/// where the two names agree), else `farkle_optimal_vs_` the opponent.
pub fn values_file(game: &Farkle, values: &[f64], strategy: &str, opponent: &str) -> ValuesFile {
    let (s, k) = (game.scores(), game.farkles());
    let array = ndarray::Array4::from_shape_fn((s, s, k, k), |(own, other, f, e)| {
        values[game.state(own, other, f, e)]
    });
    let stem = if strategy == opponent {
        format!("farkle_{strategy}")
    } else {
        format!("farkle_optimal_vs_{}", opponent.replace([':', ','], "_"))
    };
    ValuesFile {
        stem,
        rules: game.name().to_string(),
        goal: game.goal(),
        strategy: strategy.to_string(),
        opponent: opponent.to_string(),
        axes: VALUES_AXES.map(String::from).to_vec(),
        values: array.into_dyn(),
    }
}

/// Turn-start values by state number from `ordered`, the values of a file [`values_file`]
/// writes in C order (`[own][opponent][own_farkles][opponent_farkles]`).
pub fn values_by_state(game: &Farkle, ordered: &[f64]) -> Vec<f64> {
    let (s, k) = (game.scores(), game.farkles());
    let mut values = vec![0.0; game.states()];
    for (i, (own, other, f, e)) in ndarray::indices((s, s, k, k)).into_iter().enumerate() {
        values[game.state(own, other, f, e)] = ordered[i];
    }
    values
}

/// The turn starts of one (own, opponent, opponent's farkle count), every own count a lane.
#[derive(Clone, Copy, Debug)]
struct Block {
    own: usize,
    opponent: usize,
    opponent_count: usize,
}

/// Reads an f64 from its bits.
#[inline]
fn load(values: &[AtomicU64], i: usize) -> f64 {
    f64::from_bits(values[i].load(Ordering::Relaxed))
}

/// Values kept as bits for threads to share, as plain numbers.
fn plain(values: &[AtomicU64]) -> Vec<f64> {
    values
        .iter()
        .map(|x| f64::from_bits(x.load(Ordering::Relaxed)))
        .collect()
}

/// Anything the turn-start values can be read from.
trait Read: Sync {
    fn at(&self, i: usize) -> f64;
}

impl Read for [AtomicU64] {
    #[inline]
    fn at(&self, i: usize) -> f64 {
        load(self, i)
    }
}

impl Read for [f64] {
    #[inline]
    fn at(&self, i: usize) -> f64 {
        self[i]
    }
}

impl Block {
    /// What banking each turn total and farkling in each lane is worth, from the other seat's
    /// values, and the best turn: [`Turn::backward`]'s values at the start, per lane, and the
    /// layout it used (with `prune`, the pruned one of `layouts` where it may; else every keep).
    fn solve<'l>(
        self,
        game: &Farkle,
        layouts: &'l Layouts,
        prune: bool,
        other: &(impl Read + ?Sized),
        turn: &mut Turn,
    ) -> (Lanes, &'l Layout) {
        let scores = game.scores();
        let len = scores - self.own;
        // The opponent to move at (opponent, own + t, opponent's count, 0): side by side.
        let base = game.state(self.opponent, 0, self.opponent_count, 0) + self.own;
        let bank: Vec<f64> = (0..len).map(|t| 1.0 - other.at(base + t)).collect();
        let mut farkle = [0.0; LANES];
        for (count, c) in farkle.iter_mut().enumerate().take(game.farkles()) {
            let (own, next) = game.after_farkle(self.own, count);
            *c = 1.0 - other.at(game.state(self.opponent, own, self.opponent_count, next));
        }
        let layout = if prune {
            layouts.for_bank(&bank, game.min_bank_units())
        } else {
            &layouts.full
        };
        (turn.backward(layout, len, &bank, farkle, |_| 1.0), layout)
    }
}

/// Solves Farkle with `players[0]` in seat 0 and `players[1]` in seat 1, telling `progress`
/// how far it has come (a [`Player::Python`] needs [`solve_with`]).
pub fn solve(
    game: &Farkle,
    players: [Player; 2],
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Solution, SolveError> {
    solve_with(game, players, [None, None], None, progress)
}

/// [`solve`], given the solution of both players optimal (`minimax`, of the same game) where
/// it is already at hand: a [`Player::Equilibrium`] takes its decisions from it, and both
/// players optimal is it.
pub fn solve_given(
    game: &Farkle,
    players: [Player; 2],
    minimax: Option<&Solution>,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Solution, SolveError> {
    solve_with(game, players, [None, None], minimax, progress)
}

/// [`solve_given`], where `turns[seat]` is the turn of the [`Player::Python`] in `seat` from
/// every turn-start state (by state number).
pub fn solve_with(
    game: &Farkle,
    players: [Player; 2],
    turns: [Option<Vec<Transition>>; 2],
    minimax: Option<&Solution>,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Solution, SolveError> {
    solve_stopping(
        game,
        players,
        turns,
        minimax,
        (progress, &AtomicBool::new(false)),
    )
}

/// [`solve_with`], stopping with [`SolveError::Stopped`] once `stop` is set: within
/// milliseconds (checked per block of a sweep and per diagonal of an evaluation pass).
pub fn solve_stopping(
    game: &Farkle,
    players: [Player; 2],
    turns: [Option<Vec<Transition>>; 2],
    minimax: Option<&Solution>,
    (progress, stop): (&(dyn Fn(Progress) + Sync), &AtomicBool),
) -> Result<Solution, SolveError> {
    let alike = players == [Player::Optimising; 2];
    if let (true, Some(minimax)) = (alike, minimax) {
        return Ok(minimax.clone());
    }
    let equilibrium = if players.contains(&Player::Equilibrium) {
        Some(match minimax {
            Some(minimax) => minimax.values(0).to_vec(),
            None => solve_stopping(
                game,
                [Player::Optimising; 2],
                [None, None],
                None,
                (progress, stop),
            )?
            .values[0]
                .clone(),
        })
    } else {
        None
    };
    let layouts = Layouts::new(game);
    let layout = &layouts.full;
    let seats = if alike { 1 } else { 2 };
    let mut turns = turns;
    let fixed: Vec<Option<Turns>> = (0..seats)
        .map(|seat| {
            Ok(match players[seat] {
                Player::Optimising | Player::Equilibrium => None,
                Player::Fixed(policy) => Some(Turns::ByOwn(policy.transitions(game, layout))),
                Player::Python => Some(Turns::ByState(
                    turns[seat].take().ok_or(SolveError::PythonWithoutTurns)?,
                )),
            })
        })
        .collect::<Result<_, SolveError>>()?;
    let mut sweep = Sweep {
        game,
        layouts: &layouts,
        values: (0..seats)
            .map(|_| {
                (0..game.states())
                    .map(|_| AtomicU64::new(0.5f64.to_bits()))
                    .collect()
            })
            .collect(),
        transitions: (0..seats).map(|_| TransitionTable::default()).collect(),
        fixed,
        stop,
    };
    let optimising: Vec<usize> = (0..seats)
        .filter(|&s| players[s] == Player::Optimising)
        .collect();
    if let Some(minimax) = &equilibrium {
        for seat in (0..seats).filter(|&s| players[s] == Player::Equilibrium) {
            sweep.improve(seat, false, 0, progress, Some(minimax), 1)?;
        }
    }
    sweep.check()?;
    let mut residual;
    let mut rounds = 0;
    if optimising.is_empty() {
        let (_, change, _) = sweep.evaluate(MAX_PASSES)?;
        residual = change;
    } else {
        sweep.start_from(&optimising, Fixed::MaxPoints)?;
        for &seat in &optimising {
            sweep.improve(seat, true, 0, progress, None, 1)?;
        }
        sweep.check()?;
        loop {
            rounds += 1;
            let (_, _, passes) = sweep.evaluate(ROUND_PASSES)?;
            residual = 0.0;
            for &seat in &optimising {
                residual = residual.max(sweep.improve(seat, false, rounds, progress, None, 1)?);
            }
            sweep.check()?;
            progress(Progress::Round {
                round: rounds,
                residual,
                passes,
            });
            if residual <= RESIDUAL {
                if seats == 2 {
                    // A fixed seat's values were last set by a capped evaluation: settle both
                    // seats on the final policies, its first pass a residual of the fixed seat.
                    let (first, _, _) = sweep.evaluate(MAX_PASSES)?;
                    residual = residual.max(first);
                }
                break;
            }
            if rounds == MAX_ROUNDS {
                return Err(SolveError::Unconverged {
                    rounds,
                    what: "policy-iteration rounds",
                    moved: residual,
                });
            }
        }
    }
    let values = sweep.values.iter().map(|v| plain(v)).collect();
    Ok(Solution {
        game: game.clone(),
        layouts: layouts.clone(),
        players,
        values,
        equilibrium,
        residual,
        rounds,
    })
}

/// Checks turn-start values found elsewhere (a file, or those committed in `tables/`) without
/// solving again: `values` (by state number) are seat 0's, an optimiser's, against `opponent`
/// (`None`: an optimiser too, the seats alike). The opponent's values follow from them by one
/// step of its fixed policy; then seat 0's best turn against those is solved anew in the
/// states of every [`BACKUP_EVERY`]-th score sum, one Bellman backup there, stopped with
/// [`SolveError::Stopped`] once `stop` is set. Returns its largest change `max |TW − W|` and
/// the solution the values are (that change its residual): values a solve found change by no
/// more than its residual, wrong or stale ones (other rules, another opponent) by far more.
pub fn backup(
    game: &Farkle,
    opponent: Option<Fixed>,
    values: &[f64],
    stop: &AtomicBool,
) -> Result<(f64, Solution), SolveError> {
    assert_eq!(values.len(), game.states(), "one value per state");
    let layouts = Layouts::new(game);
    let atomic = |v: &[f64]| v.iter().map(|x| AtomicU64::new(x.to_bits())).collect();
    let fixed = opponent.map(|policy| Turns::ByOwn(policy.transitions(game, &layouts.full)));
    let seats = if fixed.is_some() { 2 } else { 1 };
    let mut sweep = Sweep {
        game,
        layouts: &layouts,
        values: (0..seats).map(|_| atomic(values)).collect(),
        transitions: (0..seats).map(|_| TransitionTable::default()).collect(),
        fixed: vec![None, fixed].into_iter().take(seats).collect(),
        stop,
    };
    if seats == 2 {
        // Seat 1's turns read seat 0's values only: one pass values them exactly.
        (0..game.states()).into_par_iter().for_each(|state| {
            sweep.update(1, state);
        });
    }
    let change = sweep.improve(0, false, 0, &|_| {}, None, BACKUP_EVERY)?;
    // The backup wrote seat 0's values of the sums it solved only: the values checked stay.
    let mut solved = vec![values.to_vec()];
    if seats == 2 {
        solved.push(plain(&sweep.values[1]));
    }
    let solution = Solution {
        game: game.clone(),
        layouts: layouts.clone(),
        players: [
            Player::Optimising,
            opponent.map_or(Player::Optimising, Player::Fixed),
        ],
        values: solved,
        equilibrium: None,
        residual: change,
        rounds: 0,
    };
    Ok((change, solution))
}

/// The arrays of one solve.
struct Sweep<'a> {
    game: &'a Farkle,
    layouts: &'a Layouts,
    /// Per seat (one when the seats are alike): W by state.
    values: Vec<Vec<AtomicU64>>,
    /// Per optimising seat: its policy's turn from every state.
    transitions: Vec<TransitionTable>,
    /// Per fixed seat: its turns.
    fixed: Vec<Option<Turns>>,
    /// Set to stop the solve (looked at per block of a sweep and per diagonal of a pass).
    stop: &'a AtomicBool,
}

/// A seat's turn from every turn start: a built-in's by own score (its decisions see no
/// more), an optimiser's or a Python strategy's by state.
#[derive(Clone, Debug)]
pub enum Turns {
    /// By own score index.
    ByOwn(Vec<Transition>),
    /// By turn-start state number.
    ByState(Vec<Transition>),
}

impl Turns {
    /// The turn from turn-start `state` of `game`.
    #[inline]
    pub fn from(&self, game: &Farkle, state: usize) -> TransitionRef<'_> {
        match self {
            Turns::ByOwn(by_own) => by_own[game.position(state).0].view(),
            Turns::ByState(by_state) => by_state[state].view(),
        }
    }
}

impl Sweep<'_> {
    /// `Err(Stopped)` once the stop flag is set.
    fn check(&self) -> Result<(), SolveError> {
        if self.stop.load(Ordering::Relaxed) {
            Err(SolveError::Stopped)
        } else {
            Ok(())
        }
    }

    /// Values the optimisers in `seats` as if they played `start` (its turns once, then
    /// [`ROUND_PASSES`] evaluation passes at most), so that their first sweep decides from
    /// values close to the optimum's rather than from ½ everywhere: from `max_points`, goal
    /// 2000 and floor −1000 settle in 4 policy-iteration rounds instead of 6, the same values.
    fn start_from(&mut self, seats: &[usize], start: Fixed) -> Result<(), SolveError> {
        let turns = start.transitions(self.game, &self.layouts.full);
        for &seat in seats {
            self.fixed[seat] = Some(Turns::ByOwn(turns.clone()));
        }
        self.evaluate(ROUND_PASSES)?;
        for &seat in seats {
            self.fixed[seat] = None;
        }
        Ok(())
    }

    /// The seat whose values `seat`'s turns lead to.
    fn other(&self, seat: usize) -> usize {
        (1 - seat).min(self.values.len() - 1)
    }

    /// Solves every turn of the optimiser in `seat` against the current values (or the
    /// values `against`, the other seat's in a game of their own) and takes the best decisions
    /// as its policy; returns the largest change of a value, or [`SolveError::Stopped`] once
    /// the stop flag is set (what was solved is then of no use). In `place`, from the highest
    /// total down writing as it goes; else every value from the values before. Only the states
    /// of every `every`-th sum of the two scores are solved, from the highest down (1: all).
    fn improve(
        &mut self,
        seat: usize,
        place: bool,
        round: usize,
        progress: &(dyn Fn(Progress) + Sync),
        against: Option<&[f64]>,
        every: usize,
    ) -> Result<f64, SolveError> {
        let game = self.game;
        let layouts = self.layouts;
        let layout = &layouts.full;
        let (scores, k) = (game.scores(), game.farkles());
        let states = game.states();
        let other = self.other(seat);
        let next: Vec<AtomicU64> = if place {
            Vec::new()
        } else {
            (0..states).map(|_| AtomicU64::new(0)).collect()
        };
        // Improving reads values only: the last policy's turns go before the new are made,
        // in room for the longest banks every turn could have (one reservation: the memory
        // its turns do not fill is never touched, and the table is never copied as it grows).
        self.transitions[seat] = TransitionTable::default();
        let longest: usize = (0..scores).map(|own| scores - own).sum();
        let mut transitions = TransitionTable::new(states, longest * scores * k * k);
        let mut residual: f64 = 0.0;
        let mut done = 0;
        // In place, each pair's turns are solved REPEATS times: more than once would make what
        // a farkle hands over at the same scores this sweep's value (measured: one pass and a
        // capped evaluation need fewer sweeps).
        let repeats = if place { REPEATS } else { 1 };
        let stop = self.stop;
        for total in (0..=2 * (scores - 1)).rev().step_by(every) {
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            let lowest = total.saturating_sub(scores - 1);
            let values = &self.values;
            let target = if place { &values[seat] } else { &next };
            let solved: Vec<(f64, Vec<(usize, Transition)>)> = (lowest..=total.min(scores - 1))
                .into_par_iter()
                .filter(|&own| own <= total - own)
                .map_init(
                    || (Turn::new(game, layout), Vec::new()),
                    |(turn, mass), own| {
                        let opponent = total - own;
                        let sides: &[(usize, usize)] = if own == opponent {
                            &[(own, opponent)]
                        } else {
                            &[(own, opponent), (opponent, own)]
                        };
                        let mut moved: f64 = 0.0;
                        let mut ends = Vec::new();
                        for repeat in 0..repeats {
                            for opponent_count in (0..k).rev() {
                                for &(own, opponent) in sides {
                                    // A diagonal at full scale takes a tenth of a second: a
                                    // stop skips the blocks not yet begun (the caller drops
                                    // what was solved).
                                    if stop.load(Ordering::Relaxed) {
                                        return (0.0, Vec::new());
                                    }
                                    let block = Block {
                                        own,
                                        opponent,
                                        opponent_count,
                                    };
                                    let (start, layout) = match against {
                                        Some(w) => block.solve(game, layouts, true, w, turn),
                                        None => block.solve(
                                            game,
                                            layouts,
                                            true,
                                            &values[other][..],
                                            turn,
                                        ),
                                    };
                                    let state =
                                        |count| game.state(own, opponent, count, opponent_count);
                                    for (count, &value) in start.iter().enumerate().take(k) {
                                        let old = load(&values[seat], state(count));
                                        moved = moved.max((value - old).abs());
                                        target[state(count)]
                                            .store(value.to_bits(), Ordering::Relaxed);
                                    }
                                    if repeat + 1 == repeats {
                                        let follow = turn.follow(layout, scores - own, k, mass);
                                        for (count, end) in follow.into_iter().enumerate() {
                                            ends.push((state(count), end));
                                        }
                                    }
                                }
                            }
                        }
                        (moved, ends)
                    },
                )
                .collect();
            for (moved, ends) in solved {
                residual = residual.max(moved);
                done += ends.len();
                for (state, end) in ends {
                    transitions.set(state, &end);
                }
            }
            progress(Progress::Sweep {
                round,
                done,
                total: states,
            });
        }
        self.check()?;
        if !place {
            self.values[seat] = next;
        }
        self.transitions[seat] = transitions;
        Ok(residual)
    }

    /// Solves the values of the current policies, Gauss–Seidel (see the module docs), in at
    /// most `most` passes (then the values are only closer: the next sweep's residual says how
    /// close); returns the first and the last pass's largest change and the passes made.
    fn evaluate(&mut self, most: usize) -> Result<(f64, f64, usize), SolveError> {
        let game = self.game;
        let (scores, k) = (game.scores(), game.farkles());
        let seats = self.values.len();
        let mut last = f64::INFINITY;
        let mut first = None;
        for pass in 1..=MAX_PASSES {
            self.check()?;
            let mut change: f64 = 0.0;
            for total in (0..=2 * (scores - 1)).rev() {
                // A pass at full scale takes a few hundred milliseconds: a stop is seen
                // between diagonals, within milliseconds.
                self.check()?;
                let lowest = total.saturating_sub(scores - 1);
                let own_max = total.min(scores - 1);
                let moved = (lowest..=own_max)
                    .into_par_iter()
                    .filter(|&own| own <= total - own)
                    .map(|own| {
                        let opponent = total - own;
                        let mut moved: f64 = 0.0;
                        let sides: &[(usize, usize)] = if own == opponent {
                            &[(own, opponent)]
                        } else {
                            &[(own, opponent), (opponent, own)]
                        };
                        for sum in (0..=2 * (k - 1)).rev() {
                            for &(x, y) in sides {
                                for count in sum.saturating_sub(k - 1)..=sum.min(k - 1) {
                                    let state = game.state(x, y, count, sum - count);
                                    for seat in 0..seats {
                                        moved = moved.max(self.update(seat, state));
                                    }
                                }
                            }
                        }
                        moved
                    })
                    .reduce(|| 0.0, f64::max);
                change = change.max(moved);
            }
            // Rounding can leave a few values circling a few units in the last place: settled
            // too, once the largest change stops shrinking.
            let first = *first.get_or_insert(change);
            if change <= SETTLED || (change <= ROUNDING && change >= last) || pass == most {
                return Ok((first, change, pass));
            }
            last = change;
        }
        Err(SolveError::Unconverged {
            rounds: MAX_PASSES,
            what: "evaluation passes",
            moved: f64::NAN,
        })
    }

    /// Values `state` of `seat` from its policy's turn; returns how far it moved.
    #[inline]
    fn update(&self, seat: usize, state: usize) -> f64 {
        let game = self.game;
        let (own, opponent, count, opponent_count) = game.position(state);
        let end = match &self.fixed[seat] {
            Some(turns) => turns.from(game, state),
            None => self.transitions[seat].get(state),
        };
        let other = &self.values[self.other(seat)];
        let base = game.state(opponent, 0, opponent_count, 0) + own + end.first as usize;
        let mut value = end.win;
        for (i, &p) in end.bank.iter().enumerate() {
            value += p * (1.0 - load(other, base + i));
        }
        let (after, next) = game.after_farkle(own, count);
        value +=
            end.farkle * (1.0 - load(other, game.state(opponent, after, opponent_count, next)));
        let old = load(&self.values[seat], state);
        self.values[seat][state].store(value.to_bits(), Ordering::Relaxed);
        (value - old).abs()
    }
}
