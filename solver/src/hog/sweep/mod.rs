//! The one backward sweep that answers every question about a Hog game.
//!
//! Each seat is a [`Player`]: either *fixed* (a [`Policy`]) or *optimising*. The sweep computes,
//! for both seats and every state, the **value** = P(the player to move wins), seen by the player
//! to move. Two fixed players give an exact evaluation; an optimising player against a fixed one
//! gives the best response (the optimal `final_strategy`); two optimising players give minimax.
//!
//! Every turn raises the total of the two scores (checked when the ruleset is compiled), so the
//! sweep visits diagonals of equal total from the highest down: every value a state needs is
//! final by the time the state is reached, and one pass is exact.
//!
//! The sweep keeps a second table beside the state values: for each seat, the value of having
//! *reached* `x` points against an opponent with `o` (before the after-turn rules, with both
//! memories after the turn). An entry is final once the diagonal `x + o` is, because the
//! after-turn rules never lower the total. Valuing a choice is then a dot product of the turn's
//! points distribution with a contiguous run of that table, the same code for fixed and
//! optimising players. Cells of one diagonal are independent and are computed in parallel when
//! the diagonal is large enough to pay for it.
//!
//! The sweep visits only the states whose memories both seats can hold given the dice each
//! can ask for (see [`Layout`]): a fixed policy holds only what its own dice counts lead to.
//! [`solve_everywhere`] visits every state, for files that tabulate them all.
//!
//! Hog has no ties (only the mover's score rises, and a swap leaves one score below the goal),
//! so the value is also P(win) + ½·P(tie).

mod repeat;

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::definition::ACTIONS;
use super::definition::DiceSet;
use super::error::SolveError;
use super::layout::{Layout, Memories};
use super::policy::{Policy, ScoreTable};
use super::reach::may_not_end;
use super::ruleset::Pass;
use super::ruleset::{Effect, Next, Remembered, Roll, RollsAt, Ruleset};
use crate::game::Stopped;
use crate::machine::OutOfMemory;
use crate::memory::zeroed_stopping;
use crate::outcome::{Outcome, SeatOutcome};

pub use repeat::{MAX_PASSES, MAX_ROUNDS, SETTLED, TIE_TOLERANCE};

/// Who sits in a seat: a fixed policy, or a player that maximises its winning probability.
#[derive(Clone, Debug)]
pub enum Player {
    /// Plays the given policy.
    Fixed(Policy),
    /// Chooses, in every state, the dice that maximise its probability of winning (the lowest
    /// dice count among equally good ones). It sees the full state, memories included.
    Optimising,
    /// Plays a score table that it improves cell by cell during the sweep (one step of the
    /// table search, see [`best_table`](super::best_table)).
    Improving(Improvement),
}

/// One step of the table search: the table played so far, and for every state how likely the
/// game is to reach it with this player to move.
///
/// In each cell the player picks the one dice count that maximises the reach-weighted value of
/// the cell's states, given the values already swept. As the reach of a cell depends only on
/// cells of lower total, which the sweep has not changed yet, each pick is the exact best change
/// of that one cell. The table's dice count stays unless another is better by more than
/// `tolerance` times the cell's weight (floating-point noise must not make the search cycle).
#[derive(Clone, Debug)]
pub struct Improvement {
    table: ScoreTable,
    weights: Vec<f64>,
    tolerance: f64,
}

impl Improvement {
    /// Improves `table` with `weights`: for every state, the probability that the game reaches
    /// it with this player to move (see [`reach`](super::reach)). `tolerance` is a fraction of
    /// a cell's weight.
    pub fn new(table: ScoreTable, weights: Vec<f64>, tolerance: f64) -> Improvement {
        Improvement {
            table,
            weights,
            tolerance,
        }
    }
}

/// The states `players` can reach, the memories a fixed memory-blind seat cannot tell apart
/// merged (see [`Layout::merged`]).
fn merged(rules: &Ruleset, players: [&Player; 2]) -> Layout {
    let fixed = players.map(|p| match p {
        Player::Fixed(policy) => Some(policy),
        Player::Optimising | Player::Improving(_) => None,
    });
    Layout::merged(rules, players.map(|p| p.dice(rules)), fixed)
}

impl Player {
    /// The dice counts this player can ask for: a fixed policy's, or any the rules allow.
    pub(crate) fn dice(&self, rules: &Ruleset) -> DiceSet {
        match self {
            Player::Fixed(policy) => policy.dice_set(),
            Player::Optimising | Player::Improving(_) => rules.dice_set(),
        }
    }
}

/// The exact result of a sweep: values and choices of both seats in every state it visited.
#[derive(Clone, Debug)]
pub struct Solution {
    /// By seat, then slot (see [`Layout`]): the value for the seat to move there.
    values: [Vec<f64>; 2],
    /// By seat, then slot: the dice the seat asks for there.
    dice: [Vec<u8>; 2],
    layout: Layout,
    memory: usize,
    /// The slot of the start, for each seat.
    start: [usize; 2],
    /// The largest `|V − TV|` over the states solved to a fixpoint (0 where one sweep is
    /// exact).
    residual: f64,
    /// Whether some game may never end: then `never_ending` says how likely that is.
    may_not_end: bool,
    never_ending: Option<NeverEnding>,
}

/// What tells how likely a game is never to end, where that can happen.
#[derive(Clone, Debug)]
struct NeverEnding {
    /// By seat and slot: the value of the same policies with such games counted as that seat's
    /// wins.
    counted_as_won: [Vec<f64>; 2],
    /// By node (`2 · state + seat`), where merged layers make it needed: whether a game from
    /// there can fail to end at all.
    tainted: Option<Vec<bool>>,
}

impl Solution {
    /// The value for the player in `seat` when it is to move in `state`, P(it wins) + ½·P(the
    /// game never ends), if the sweep visited the state: a state whose memories the players
    /// cannot hold was not (see [`solve_everywhere`]).
    pub fn value(&self, seat: usize, state: usize) -> Option<f64> {
        Some(self.values[seat][self.slot_of(seat, state)?])
    }

    /// The probability that the game never ends from `state` with `seat` to move, if the sweep
    /// visited it (0 wherever every game ends).
    pub fn never_ends(&self, seat: usize, state: usize) -> Option<f64> {
        let slot = self.slot_of(seat, state)?;
        Some(self.never_ends_at(seat, slot))
    }

    /// P(win), P(never ends) and P(loss) for the player in `seat` to move in `state`, if the
    /// sweep visited it.
    pub fn outcome(&self, seat: usize, state: usize) -> Option<SeatOutcome> {
        let slot = self.slot_of(seat, state)?;
        Some(self.outcome_at(seat, slot))
    }

    /// The largest `|V − TV|` over the states the sweep solved to a fixpoint: how far its
    /// values are from solving the game's equations (0 for rules where every turn raises the
    /// total, which one sweep solves exactly).
    pub fn residual(&self) -> f64 {
        self.residual
    }

    /// The slot of `state` in `seat`'s arrays, if the sweep visited it.
    fn slot_of(&self, seat: usize, state: usize) -> Option<usize> {
        let m = self.memory;
        let (cell, a, b) = (state / (m * m), state / m % m, state % m);
        let slot = self.layout.slot(seat, a as u8, b as u8)?;
        Some(cell * self.layout.per_cell() + slot)
    }

    /// P(the game never ends) from `seat`'s `slot`: 0 where no game from there can fail to
    /// end (decided from the graph of outcomes), else the value with such games counted as the
    /// seat's wins against the value with them counted half, doubled.
    fn never_ends_at(&self, seat: usize, slot: usize) -> f64 {
        let Some(counted) = &self.never_ending else {
            return 0.0;
        };
        let per_cell = self.layout.per_cell();
        let (a, b) = self.layout.memories_of(seat, slot % per_cell);
        let m = self.memory;
        let state = slot / per_cell * m * m + usize::from(a) * m + usize::from(b);
        if counted
            .tainted
            .as_ref()
            .is_some_and(|t| !t[2 * state + seat])
        {
            return 0.0;
        }
        let never = counted.counted_as_won[seat][slot] - self.values[seat][slot];
        (2.0 * never).clamp(0.0, 1.0)
    }

    /// The outcome for `seat` to move in `slot`.
    fn outcome_at(&self, seat: usize, slot: usize) -> SeatOutcome {
        SeatOutcome::with_endless(self.values[seat][slot], self.never_ends_at(seat, slot))
    }

    /// The policy the player in `seat` followed (for an optimising player, its optimal
    /// choices). A state the sweep did not visit asks for what the first visited state of its
    /// cell asks for (a score table's choice).
    pub fn policy(&self, seat: usize) -> Policy {
        policy_of(&self.layout, self.memory, seat, &self.dice[seat])
    }

    /// Seat 0's outcome from the start, moving first and second. A game that never ends is a
    /// tie (a win for neither); without such games there are no ties.
    pub fn matchup(&self) -> Outcome {
        Outcome {
            first: self.outcome_at(0, self.start[0]),
            second: self.outcome_at(1, self.start[1]).flipped(),
        }
    }
}

/// The policy of `seat` that asks for `dice[slot]` in each slot of `layout` (memories of
/// `memory` values each). A state outside the layout asks for what the first slot of its cell
/// asks for (a score table's choice).
pub(crate) fn policy_of(layout: &Layout, memory: usize, seat: usize, dice: &[u8]) -> Policy {
    let (m, per_cell) = (memory, layout.per_cell());
    let mut states = vec![0; dice.len() / per_cell * m * m];
    for (cell_states, slots) in states.chunks_mut(m * m).zip(dice.chunks(per_cell)) {
        for (index, chosen) in cell_states.iter_mut().enumerate() {
            let (a, b) = ((index / m) as u8, (index % m) as u8);
            *chosen = slots[layout.slot(seat, a, b).unwrap_or(0)];
        }
    }
    Policy::from_states(states, m * m)
}

/// States a parallel job should cover at least: below this, waking another thread costs more
/// than it saves, so small diagonals run inline. (At 1024, against 4096, hog-fa19's
/// full-information best response and a table's evaluation run 20–50% faster on two cores.)
const STATES_PER_JOB: usize = 1024;

/// Sweeps visiting fewer states run on the calling thread alone: the whole sweep takes about
/// as long as handing work to other threads a few hundred times.
const PARALLEL_STATES: usize = 100_000;

/// What a game that never ends is worth to the player to move, by seat: a tie, half each.
const TIE: [f64; 2] = [0.5, 0.5];

/// The same game counted as won by seat 0, and by seat 1: solving again with these tells how
/// likely a game is never to end (the difference of the values, doubled).
const COUNTED_FOR: [[f64; 2]; 2] = [[1.0, 0.0], [0.0, 1.0]];

/// Runs the backward sweep with `players[0]` in seat 0 and `players[1]` in seat 1, over the
/// states whose memories the two can hold.
pub fn solve(rules: &Ruleset, players: [&Player; 2]) -> Result<Solution, SolveError> {
    solve_stopping(rules, players, None)
}

/// [`solve`], ended with [`SolveError::Stopped`] once `stop` is set (checked before each layer
/// of totals).
pub fn solve_stopping(
    rules: &Ruleset,
    players: [&Player; 2],
    stop: Option<&AtomicBool>,
) -> Result<Solution, SolveError> {
    let layout = merged(rules, players);
    solved(rules, players, layout, stop).map(|(solution, _)| solution)
}

/// [`solve`] over every state of the space, those no game of this match-up reaches included:
/// for tables and values files, which tabulate them all.
pub fn solve_everywhere(rules: &Ruleset, players: [&Player; 2]) -> Result<Solution, SolveError> {
    solve_everywhere_stopping(rules, players, None)
}

/// [`solve_everywhere`], stopped as [`solve_stopping`] is.
pub fn solve_everywhere_stopping(
    rules: &Ruleset,
    players: [&Player; 2],
    stop: Option<&AtomicBool>,
) -> Result<Solution, SolveError> {
    let layout = Layout::everywhere(rules.space().memory_size());
    solved(rules, players, layout, stop).map(|(solution, _)| solution)
}

/// [`solve`], also returning the values of every turn's reachable outcome, from which any
/// choice of seat 0 in any state can be valued afterwards ([`weighted_choices`]).
pub(crate) fn solve_keeping_reached(
    rules: &Ruleset,
    players: [&Player; 2],
) -> Result<(Solution, Reached), SolveError> {
    let layout = merged(rules, [&Player::Optimising, players[1]]);
    solved(rules, players, layout, None)
}

/// [`solve_everywhere`], also returning the values of every turn's reachable outcome (see
/// [`solve_keeping_reached`]).
pub(crate) fn solve_everywhere_keeping_reached(
    rules: &Ruleset,
    players: [&Player; 2],
) -> Result<(Solution, Reached), SolveError> {
    solved(
        rules,
        players,
        Layout::everywhere(rules.space().memory_size()),
        None,
    )
}

/// The sweep over the states of `layout`; where some games may never end, a second sweep of
/// the policies found, counting those games as seat 0's, tells how likely that is. Stopped by
/// `stop`, as [`sweep`] is.
fn solved(
    rules: &Ruleset,
    players: [&Player; 2],
    layout: Layout,
    stop: Option<&AtomicBool>,
) -> Result<(Solution, Reached), SolveError> {
    let (mut solution, reached) = sweep(rules, players, (layout.clone(), stop), TIE)?;
    if solution.may_not_end {
        // Some game can go on forever under the policies found: how likely is that? Where
        // only single totals repeat, a state from which no such game can start has the same
        // value in every sweep below, to the last bit; merged layers are iterated, so which
        // states those are is read off the graph of outcomes.
        let policies = [solution.policy(0), solution.policy(1)];
        let merged = rules
            .order()
            .layers()
            .iter()
            .any(|l| l.pass == Pass::Merged);
        let tainted = merged.then(|| may_not_end(rules, [&policies[0], &policies[1]]));
        let fixed = policies.map(Player::Fixed);
        // Each seat's values with such games counted as its own wins: mirrored sweeps, so a
        // strategy against itself still gets mirrored numbers.
        let counted = COUNTED_FOR.map(|counting| {
            sweep(
                rules,
                [&fixed[0], &fixed[1]],
                (layout.clone(), stop),
                counting,
            )
            .map(|(solved, _)| solved.values)
        });
        let [for_0, for_1] = counted;
        let ([for_0, _], [_, for_1]) = (for_0?, for_1?);
        solution.never_ending = Some(NeverEnding {
            counted_as_won: [for_0, for_1],
            tainted,
        });
    }
    Ok((solution, reached))
}

/// The backward sweep over the states of `layout`, layer by layer of the ruleset's
/// [`Order`](super::Order); a game that never ends is worth `never_ending` to the player to
/// move in each seat. Ended with [`SolveError::Stopped`] once `stop` is set, checked before
/// each layer.
fn sweep(
    rules: &Ruleset,
    players: [&Player; 2],
    (layout, stop): (Layout, Option<&AtomicBool>),
    never_ending: [f64; 2],
) -> Result<(Solution, Reached), SolveError> {
    let space = rules.space();
    let per_cell = layout.per_cell();
    let slots = space.cells() * per_cell;
    let seat_values = || {
        let mut values = zeroed_stopping(slots + per_cell, stop)?;
        values[slots..].fill(1.0);
        Ok::<_, OutOfMemory>(values)
    };
    let mut values = [seat_values()?, seat_values()?];
    let mut dice = [zeroed_stopping(slots, stop)?, zeroed_stopping(slots, stop)?];
    let mut reached = Reached::new(rules, layout, stop)?;
    let parallel = slots >= PARALLEL_STATES;
    let mut settled = repeat::Settled::default();
    let mut sweep = || -> Result<(), SolveError> {
        for layer in rules.order().layers() {
            if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                return Err(Stopped.into());
            }
            match layer.pass {
                Pass::Once => {
                    let total = layer.high;
                    if total < space.diagonals() {
                        solve_diagonal(
                            rules,
                            players,
                            total,
                            &reached,
                            &mut values,
                            &mut dice,
                            parallel,
                        );
                    }
                    reached.update(rules, total, [&values[0], &values[1]], parallel);
                }
                Pass::Repeating | Pass::Merged => {
                    let mut ctx = repeat::Context {
                        rules,
                        players,
                        reached: &mut reached,
                        values: &mut values,
                        dice: &mut dice,
                        parallel,
                        never_ending,
                    };
                    let layer_settled = if layer.pass == Pass::Repeating {
                        repeat::solve_total(&mut ctx, layer.high)?
                    } else {
                        repeat::solve_layer(&mut ctx, *layer)?
                    };
                    settled.residual = settled.residual.max(layer_settled.residual);
                    settled.may_not_end |= layer_settled.may_not_end;
                }
            }
        }
        Ok(())
    };
    if parallel {
        // On a pool thread, diagonals too small to split cost no thread switch.
        rayon::scope(|_| sweep())?;
    } else {
        sweep()?;
    }
    for values in &mut values {
        values.truncate(slots);
    }
    let initial = rules.memory().initial;
    let start_cell = space.cell(0, 0) * per_cell;
    let start = [0, 1].map(|seat| {
        let slot = reached.layout.slot(seat, initial, initial);
        start_cell + slot.expect("both seats hold the initial memory")
    });
    let solution = Solution {
        values,
        dice,
        layout: reached.layout.clone(),
        memory: space.memory_size(),
        start,
        residual: settled.residual,
        may_not_end: settled.may_not_end,
        never_ending: None,
    };
    Ok((solution, reached))
}

/// For `seat` in `cell` after a sweep that produced `reached`: the value of each dice count
/// (`[n]`, `0..=MAX_DICE`; minus infinity where the rules forbid it) summed over the cell's states, each weighted by `weights` (the
/// cell's states, `[own memory · m + opponent memory]`; zero where the sweep visited no state),
/// every other state keeping its swept value.
pub(crate) fn weighted_choices(
    rules: &Ruleset,
    reached: &Reached,
    cell: usize,
    seat: usize,
    weights: &[f64],
) -> [f64; ACTIONS] {
    let cell = Cell::new(rules, reached, cell);
    let mut known = Vec::new();
    cell.weighted_sums(seat, weights, cell.clear(seat, &mut known))
}

/// Values and choices of both seats on the diagonal of cells whose scores add up to `total`.
///
/// On one thread a cell's two seats are solved together: they share the cell's lookups, and
/// one seat's work fills the processor while the other waits on its sums. Split over threads,
/// each seat's cells are shared out.
fn solve_diagonal(
    rules: &Ruleset,
    players: [&Player; 2],
    total: usize,
    reached: &Reached,
    values: &mut [Vec<f64>; 2],
    dice: &mut [Vec<u8>; 2],
    parallel: bool,
) {
    let per_cell = reached.layout.per_cell();
    let cells = rules.space().diagonal(total);
    let slots = cells.start * per_cell..cells.end * per_cell;
    let ([values_0, values_1], [dice_0, dice_1]) = (values, dice);
    let (values_0, dice_0) = (&mut values_0[slots.clone()], &mut dice_0[slots.clone()]);
    let (values_1, dice_1) = (&mut values_1[slots.clone()], &mut dice_1[slots]);
    if parallel {
        let solve_seat = |seat: usize, values: &mut [f64], dice: &mut [u8]| {
            values
                .par_chunks_mut(per_cell)
                .zip(dice.par_chunks_mut(per_cell))
                .enumerate()
                .with_min_len(STATES_PER_JOB.div_ceil(per_cell))
                .for_each_init(Vec::new, |known, (i, (values, dice))| {
                    let cell = Cell::new(rules, reached, cells.start + i);
                    cell.solve(seat, players[seat], values, dice, known);
                });
        };
        rayon::join(
            || solve_seat(0, values_0, dice_0),
            || solve_seat(1, values_1, dice_1),
        );
    } else {
        let mut known = Vec::new();
        let seat_0 = values_0
            .chunks_mut(per_cell)
            .zip(dice_0.chunks_mut(per_cell));
        let seat_1 = values_1
            .chunks_mut(per_cell)
            .zip(dice_1.chunks_mut(per_cell));
        for (i, ((values_0, dice_0), (values_1, dice_1))) in seat_0.zip(seat_1).enumerate() {
            let cell = Cell::new(rules, reached, cells.start + i);
            cell.solve(0, players[0], values_0, dice_0, &mut known);
            cell.solve(1, players[1], values_1, dice_1, &mut known);
        }
    }
}

/// For each seat, the value of having reached `x` points (before the after-turn rules) against
/// an opponent with `o`, the mover remembering `a` after the turn and the opponent `b`: one
/// plane per seat and pair of memories (`a` one the seat's choices lead to), rows `[o]`,
/// entries `[x]` for every score a turn can reach.
pub(crate) struct Reached {
    values: Vec<f64>,
    layout: Layout,
    /// By plane: the seat and its slot.
    planes: Vec<(usize, usize)>,
    /// By seat and pair of memories (`(seat · m + remembered) · m + opponent memory`): the
    /// plane, if any.
    plane_of: Vec<u32>,
    memory: usize,
    row: usize,
    plane: usize,
}

impl Reached {
    /// The arrays of a sweep over `layout`, zero (their memory mapped in until `stop` is set).
    fn new(
        rules: &Ruleset,
        layout: Layout,
        stop: Option<&AtomicBool>,
    ) -> Result<Reached, OutOfMemory> {
        let row = rules.reachable();
        let plane = rules.goal() as usize * row;
        let mut planes = Vec::new();
        let memory = rules.space().memory_size();
        let mut plane_of = vec![u32::MAX; 2 * memory * memory];
        for seat in 0..2 {
            for slot in 0..layout.per_cell() {
                let (remembered, opponent_memory) = layout.memories_of(seat, slot);
                if layout.after_a_choice(seat, remembered) {
                    // Every member of the two classes reads the plane of their slot.
                    for &a in layout.members(seat, remembered) {
                        for &b in layout.members(1 - seat, opponent_memory) {
                            let index = (seat * memory + usize::from(a)) * memory + usize::from(b);
                            plane_of[index] = planes.len() as u32;
                        }
                    }
                    planes.push((seat, slot));
                }
            }
        }
        Ok(Reached {
            values: zeroed_stopping(planes.len() * plane, stop)?,
            layout,
            planes,
            plane_of,
            memory,
            row,
            plane,
        })
    }

    /// The entries for `seat` against `opponent` points, with the two memories, by `x`.
    #[inline]
    fn row(&self, seat: usize, remembered: u8, opponent_memory: u8, opponent: u32) -> &[f64] {
        let m = self.memory;
        let plane = self.plane_of
            [(seat * m + usize::from(remembered)) * m + usize::from(opponent_memory)]
            as usize;
        debug_assert!(
            plane != u32::MAX as usize,
            "seat {seat} cannot hold {remembered}"
        );
        let start = plane * self.plane + opponent as usize * self.row;
        &self.values[start..start + self.row]
    }

    /// Fills the entries with `x + o = total` from the values of their successors in `values`
    /// (by seat, then slot).
    fn update(&mut self, rules: &Ruleset, total: usize, values: [&[f64]; 2], parallel: bool) {
        self.fill(rules, total, values, parallel, None);
    }

    /// [`update`](Self::update), but an entry whose successor is a cell of the same total (a
    /// turn that gained nothing and left the total as it was) holds 0: the repeating solve
    /// ([`repeat`]) values those turns itself.
    fn update_leaving(
        &mut self,
        rules: &Ruleset,
        total: usize,
        values: [&[f64]; 2],
        parallel: bool,
    ) {
        let cells = if total < rules.space().diagonals() {
            rules.space().diagonal(total)
        } else {
            0..0
        };
        self.fill(rules, total, values, parallel, Some(cells));
    }

    /// Fills the entries of `total`, those whose successor is one of `staying` with 0.
    fn fill(
        &mut self,
        rules: &Ruleset,
        total: usize,
        values: [&[f64]; 2],
        parallel: bool,
        staying: Option<std::ops::Range<usize>>,
    ) {
        let (layout, row) = (&self.layout, self.row);
        let goal = rules.goal() as usize;
        let opponents = total.saturating_sub(row - 1)..=total.min(goal - 1);
        let staying = staying.unwrap_or(0..0);
        let update_plane = |(&(seat, slot), entries): (&(usize, usize), &mut [f64])| {
            let (remembered, opponent_memory) = layout.memories_of(seat, slot);
            let memories = layout.memories(seat, remembered, opponent_memory);
            // Entry (o, total − o) sits at o · row + total − o: one step of row − 1 per o.
            let first = opponents.start() * (row - 1) + total;
            let entries = entries[first..].iter_mut().step_by(row - 1);
            let nexts = rules.nexts_along(total, opponents.clone(), remembered);
            let (mover, opponent) = (values[seat], values[1 - seat]);
            for (entry, next) in entries.zip(nexts) {
                *entry = if staying.contains(&next.cell()) {
                    0.0
                } else {
                    value_of(mover, opponent, next, &memories)
                };
            }
        };
        if parallel {
            self.planes
                .par_iter()
                .zip(self.values.par_chunks_mut(self.plane))
                .with_min_len(STATES_PER_JOB.div_ceil(goal))
                .for_each(update_plane);
        } else {
            self.planes
                .iter()
                .zip(self.values.chunks_mut(self.plane))
                .for_each(update_plane);
        }
    }
}

/// P(the player who moved wins) when play goes to `next`, the two memories placed by
/// `memories`, from the slot values of the mover's seat and of the opponent's.
#[inline]
fn value_of(mover: &[f64], opponent: &[f64], next: Next, memories: &Memories) -> f64 {
    let values = if next.opponent_moves() {
        opponent
    } else {
        mover
    };
    seen_by_mover(values[memories.slot(next)], next.opponent_moves())
}

/// A successor's value `value` for the player who moved: `1 − value` when the opponent moves
/// there (computed as `1.0 - value` would be, without a branch), else `value`.
#[inline]
fn seen_by_mover(value: f64, opponent_moves: bool) -> f64 {
    let flip = usize::from(opponent_moves);
    value * [1.0, -1.0][flip] + [0.0, 1.0][flip]
}

/// One cell being solved.
///
/// Its methods value choices lazily in a scratch array `known`, `[j][n][variant]` for the
/// opponent's `j`-th held memory, dice count `n` and effect variant (NaN until computed):
/// states of the cell that make the same choice with the same effect share one value.
struct Cell<'a> {
    rules: &'a Ruleset,
    reached: &'a Reached,
    cell: usize,
    own: usize,
    opponent: u32,
    rolls: RollsAt<'a>,
}

impl<'a> Cell<'a> {
    #[inline(always)]
    fn new(rules: &'a Ruleset, reached: &'a Reached, cell: usize) -> Cell<'a> {
        let (own, opponent) = rules.space().scores(cell);
        Cell {
            rules,
            reached,
            cell,
            own: own as usize,
            opponent,
            rolls: rules.rolls_at(own, opponent),
        }
    }

    /// Fills `seat`'s values and choices for `player`, with `known` as scratch.
    #[inline]
    fn solve(
        &self,
        seat: usize,
        player: &Player,
        values: &mut [f64],
        dice: &mut [u8],
        known: &mut Vec<f64>,
    ) {
        match player {
            Player::Fixed(policy) => self.follow(seat, policy, values, dice, known),
            Player::Optimising => self.optimise(seat, values, dice, known),
            Player::Improving(step) => self.improve(seat, step, values, dice, known),
        }
    }

    /// The scratch array `known` sized for `seat` and cleared (only cells with several slots
    /// use it).
    fn clear<'k>(&self, seat: usize, known: &'k mut Vec<f64>) -> &'k mut [f64] {
        let opponents = self.reached.layout.held(1 - seat).len();
        known.clear();
        known.resize(
            opponents * ACTIONS * self.rules.most_effect_variants(),
            f64::NAN,
        );
        known
    }

    /// The value for `seat` of choosing `n` dice, with effect `effect`, against an opponent
    /// remembering `opponent_memory`.
    #[inline]
    fn choice(&self, seat: usize, n: u8, effect: Effect, opponent_memory: u8) -> f64 {
        let roll = self.rolls.roll(n);
        match effect.memory {
            Remembered::Fixed(remembered) => {
                let row = self
                    .reached
                    .row(seat, remembered, opponent_memory, self.opponent);
                roll.expected_over(&row[self.own + effect.bonus as usize..])
            }
            Remembered::ByPoints(_) => self.choice_by_points(seat, roll, effect, opponent_memory),
        }
    }

    /// Calls `visit(n, value)` with the value for `seat` of each dice count `n` in `counts`,
    /// in order, the memories being `(own, opponent)`: [`choice`](Self::choice) for every
    /// count, the row of a memory looked up once for all counts that leave it.
    #[inline(always)]
    fn each_choice(
        &self,
        seat: usize,
        memories: (u8, u8),
        counts: impl Iterator<Item = u8>,
        mut visit: impl FnMut(u8, f64),
    ) {
        let effects = self.rules.effects(memories);
        let mut row: (Option<u8>, &[f64]) = (None, &[]);
        for n in counts {
            let effect = effects[usize::from(n)];
            let roll = self.rolls.roll(n);
            let value = match effect.memory {
                Remembered::Fixed(remembered) => {
                    if row.0 != Some(remembered) {
                        let values = self
                            .reached
                            .row(seat, remembered, memories.1, self.opponent);
                        row = (Some(remembered), values);
                    }
                    roll.expected_over(&row.1[self.own + effect.bonus as usize..])
                }
                Remembered::ByPoints(_) => self.choice_by_points(seat, roll, effect, memories.1),
            };
            visit(n, value);
        }
    }

    /// [`choice`](Self::choice) where the memory a turn leaves depends on its points: each
    /// outcome reads the row of the memory its points leave (kept out of line: the common
    /// case stays small).
    #[inline(never)]
    fn choice_by_points(
        &self,
        seat: usize,
        roll: Roll,
        effect: Effect,
        opponent_memory: u8,
    ) -> f64 {
        let reached = self.own + effect.bonus as usize;
        roll.outcomes()
            .map(|(points, p)| {
                let remembered = self.rules.remembered_after(effect, points);
                let row = self
                    .reached
                    .row(seat, remembered, opponent_memory, self.opponent);
                p * row[reached + points]
            })
            .sum()
    }

    /// The value for `seat` of choosing `n` dice holding `own` against the opponent's `j`-th
    /// held memory `opponent_memory`, computed once per effect in `known`.
    #[inline]
    fn known_choice(
        &self,
        seat: usize,
        (j, opponent_memory): (usize, u8),
        own: u8,
        n: u8,
        known: &mut [f64],
    ) -> f64 {
        let variants = self.rules.most_effect_variants();
        let memories = (own, opponent_memory);
        let slot =
            (j * ACTIONS + usize::from(n)) * variants + self.rules.effect_variant(memories, n);
        if known[slot].is_nan() {
            known[slot] = self.choice(seat, n, self.rules.effect(memories, n), opponent_memory);
        }
        known[slot]
    }

    /// The memories (own, opponent's) of `seat`'s only slot, when the cell has one (always so
    /// for rules without memory).
    #[inline]
    fn single_slot(&self, seat: usize) -> Option<(u8, u8)> {
        let layout = &self.reached.layout;
        match (layout.held(seat), layout.held(1 - seat)) {
            (&[own], &[opponent]) => Some((own, opponent)),
            _ => None,
        }
    }

    /// Calls `visit(slot, state, own memory, (j, opponent memory))` for every slot of `seat`.
    #[inline]
    fn for_each_slot(&self, seat: usize, mut visit: impl FnMut(usize, usize, u8, (usize, u8))) {
        let layout = &self.reached.layout;
        let space = self.rules.space();
        let opponents = layout.held(1 - seat);
        for (i, &own) in layout.held(seat).iter().enumerate() {
            for (j, &opponent) in opponents.iter().enumerate() {
                let state = space.state(self.cell, own, opponent);
                visit(i * opponents.len() + j, state, own, (j, opponent));
            }
        }
    }

    /// Fills `seat`'s values for a player following `policy`.
    fn follow(
        &self,
        seat: usize,
        policy: &Policy,
        values: &mut [f64],
        dice: &mut [u8],
        known: &mut Vec<f64>,
    ) {
        if let Some((own, opponent)) = self.single_slot(seat) {
            // Nothing to share: value the one choice directly.
            let n = policy.dice_in(
                self.cell,
                self.rules.space().state(self.cell, own, opponent),
            );
            self.each_choice(seat, (own, opponent), std::iter::once(n), |_, value| {
                values[0] = value;
            });
            dice[0] = n;
            return;
        }
        let known = self.clear(seat, known);
        self.for_each_slot(seat, |slot, state, own, opponent| {
            let n = policy.dice_in(self.cell, state);
            values[slot] = self.known_choice(seat, opponent, own, n, known);
            dice[slot] = n;
        });
    }

    /// Fills `seat`'s values and choices for an optimising player.
    fn optimise(&self, seat: usize, values: &mut [f64], dice: &mut [u8], known: &mut Vec<f64>) {
        if let Some((own, opponent)) = self.single_slot(seat) {
            let mut best = (f64::NEG_INFINITY, 0);
            self.each_choice(
                seat,
                (own, opponent),
                self.rules.dice_choices(),
                |n, value| {
                    if value > best.0 {
                        best = (value, n);
                    }
                },
            );
            (values[0], dice[0]) = best;
            return;
        }
        let known = self.clear(seat, known);
        self.for_each_slot(seat, |slot, _, own, opponent| {
            let mut best = (f64::NEG_INFINITY, 0);
            for n in self.rules.dice_choices() {
                let value = self.known_choice(seat, opponent, own, n, known);
                if value > best.0 {
                    best = (value, n);
                }
            }
            values[slot] = best.0;
            dice[slot] = best.1;
        });
    }

    /// The value of each dice count (`[n]`) for `seat` summed over the cell's states weighted
    /// by `weights` (`[a · m + b]`, the cell's states); minus infinity for counts the rules
    /// forbid.
    fn weighted_sums(&self, seat: usize, weights: &[f64], known: &mut [f64]) -> [f64; ACTIONS] {
        let first = self.rules.space().state(self.cell, 0, 0);
        let mut sums = [f64::NEG_INFINITY; ACTIONS];
        for n in self.rules.dice_choices() {
            sums[usize::from(n)] = 0.0;
        }
        let layout = &self.reached.layout;
        let space = self.rules.space();
        self.for_each_slot(seat, |_, _, own, opponent| {
            // A slot stands for every pair of its classes' members.
            let mut weight = 0.0;
            for &a in layout.members(seat, own) {
                for &b in layout.members(1 - seat, opponent.1) {
                    weight += weights[space.state(self.cell, a, b) - first];
                }
            }
            if weight != 0.0 {
                for n in self.rules.dice_choices() {
                    sums[usize::from(n)] +=
                        weight * self.known_choice(seat, opponent, own, n, known);
                }
            }
        });
        sums
    }

    /// Fills `seat`'s values for a table player improving this cell (see [`Improvement`]).
    fn improve(
        &self,
        seat: usize,
        step: &Improvement,
        values: &mut [f64],
        dice: &mut [u8],
        known: &mut Vec<f64>,
    ) {
        let known = self.clear(seat, known);
        let per_cell = self.rules.space().states_per_cell();
        let first = self.cell * per_cell;
        let weights = &step.weights[first..first + per_cell];
        let mut chosen = step.table[[self.own, self.opponent as usize]];
        let weight: f64 = weights.iter().sum();
        if weight > 0.0 {
            let gains = self.weighted_sums(seat, weights, known);
            let mut best = self.rules.least_dice();
            for n in self.rules.dice_choices() {
                if gains[usize::from(n)] > gains[usize::from(best)] {
                    best = n;
                }
            }
            if gains[usize::from(best)] > gains[usize::from(chosen)] + step.tolerance * weight {
                chosen = best;
            }
        }
        self.for_each_slot(seat, |slot, _, own, opponent| {
            values[slot] = self.known_choice(seat, opponent, own, chosen, known);
            dice[slot] = chosen;
        });
    }
}
