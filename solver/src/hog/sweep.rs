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
//! Hog has no ties (only the mover's score rises, and a swap leaves one score below the goal),
//! so the value is also P(win) + ½·P(tie).

use rayon::prelude::*;

use super::definition::MAX_DICE;
use super::policy::{Policy, ScoreTable};
use super::ruleset::{ACTIONS, Effect, Memories, Next, Ruleset};
use crate::outcome::{Outcome, SeatOutcome};

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

/// The exact result of a sweep: values and choices of both seats in every state.
#[derive(Clone, Debug)]
pub struct Solution {
    /// By state: the value for each seat to move there (the won cell's last).
    values: Vec<[f64; 2]>,
    /// By state: the dice each seat asks for there.
    dice: Vec<[u8; 2]>,
    start: usize,
}

impl Solution {
    /// P(the player in `seat` wins) when it is to move in `state`.
    pub fn value(&self, seat: usize, state: usize) -> f64 {
        self.values[state][seat]
    }

    /// The policy the player in `seat` followed (for an optimising player, its optimal choices).
    pub fn policy(&self, seat: usize) -> Policy {
        Policy::from_states(self.dice.iter().map(|d| d[seat]).collect())
    }

    /// Seat 0's outcome from the start, moving first and second (Hog has no ties).
    pub fn matchup(&self) -> Outcome {
        Outcome {
            first: SeatOutcome::without_ties(self.values[self.start][0]),
            second: SeatOutcome::without_ties(1.0 - self.values[self.start][1]),
        }
    }
}

/// States a parallel job should cover at least: below this, waking another thread costs more
/// than it saves, so small diagonals run inline.
const STATES_PER_JOB: usize = 4096;

/// Games with fewer states are solved on the calling thread alone: the whole sweep takes about
/// as long as handing work to other threads a few hundred times.
const PARALLEL_STATES: usize = 100_000;

/// Runs the backward sweep with `players[0]` in seat 0 and `players[1]` in seat 1.
pub fn solve(rules: &Ruleset, players: [&Player; 2]) -> Solution {
    solve_keeping_reached(rules, players).0
}

/// [`solve`], also returning the values of every turn's reachable outcome, from which any
/// choice in any state can be valued afterwards ([`weighted_choices`]).
pub(crate) fn solve_keeping_reached(rules: &Ruleset, players: [&Player; 2]) -> (Solution, Reached) {
    let space = rules.space();
    let per_cell = space.states_per_cell();
    let mut values = vec![[0.0; 2]; space.states() + per_cell];
    values[space.states()..].fill([1.0; 2]);
    let mut dice = vec![[0u8; 2]; space.states()];
    let mut reached = Reached::new(rules);
    let parallel = space.states() >= PARALLEL_STATES;
    let mut sweep = || {
        for total in (0..reached.totals()).rev() {
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
            reached.update(rules, total, values.as_flattened(), parallel);
        }
    };
    if parallel {
        // On a pool thread, diagonals too small to split cost no thread switch.
        rayon::scope(|_| sweep());
    } else {
        sweep();
    }
    values.truncate(space.states());
    let solution = Solution {
        values,
        dice,
        start: rules.start(),
    };
    (solution, reached)
}

/// For `seat` in `cell` after a sweep that produced `reached`: the value of each dice count
/// (`[n]`, `0..=MAX_DICE`) summed over the cell's states, each weighted by `weights[state]`
/// (indexed by state over the whole space), every other state keeping its swept value.
pub(crate) fn weighted_choices(
    rules: &Ruleset,
    reached: &Reached,
    cell: usize,
    seat: usize,
    weights: &[f64],
) -> [f64; ACTIONS] {
    let m = rules.space().memory_size();
    let mut choices = vec![0.0; m * ACTIONS * m];
    let first = cell * m * m;
    let cell = Cell::new(rules, reached, cell);
    cell.fill_all_choices(seat, &mut choices);
    cell.weighted_sums(&weights[first..first + m * m], &choices)
}

/// Values and choices of both seats on the diagonal of cells whose scores add up to `total`.
fn solve_diagonal(
    rules: &Ruleset,
    players: [&Player; 2],
    total: usize,
    reached: &Reached,
    values: &mut [[f64; 2]],
    dice: &mut [[u8; 2]],
    parallel: bool,
) {
    let space = rules.space();
    let per_cell = space.states_per_cell();
    let cells = space.diagonal(total);
    let states = cells.start * per_cell..cells.end * per_cell;
    let solve_cell = |choices: &mut Vec<f64>, i: usize, values: &mut [[f64; 2]], dice: &mut _| {
        let cell = Cell::new(rules, reached, cells.start + i);
        for (seat, player) in players.into_iter().enumerate() {
            match player {
                Player::Fixed(policy) => cell.follow(seat, policy, values, dice, choices),
                Player::Optimising => cell.optimise(seat, values, dice, choices),
                Player::Improving(step) => cell.improve(seat, step, values, dice, choices),
            }
        }
    };
    let m = space.memory_size();
    let choices = || vec![0.0; m * ACTIONS * m];
    let (values, dice) = (&mut values[states.clone()], &mut dice[states]);
    if parallel {
        values
            .par_chunks_mut(per_cell)
            .zip(dice.par_chunks_mut(per_cell))
            .enumerate()
            .with_min_len(STATES_PER_JOB.div_ceil(per_cell))
            .for_each_init(choices, |choices, (i, (values, dice))| {
                solve_cell(choices, i, values, dice)
            });
    } else {
        let mut choices = choices();
        for (i, (values, dice)) in values
            .chunks_mut(per_cell)
            .zip(dice.chunks_mut(per_cell))
            .enumerate()
        {
            solve_cell(&mut choices, i, values, dice);
        }
    }
}

/// For each seat, the value of having reached `x` points (before the after-turn rules) against
/// an opponent with `o`, the mover remembering `a` after the turn and the opponent `b`: planes
/// `[seat][a][b]`, rows `[o]`, entries `[x]` for every score a turn can reach.
pub(crate) struct Reached {
    values: Vec<f64>,
    memory: usize,
    row: usize,
    plane: usize,
}

impl Reached {
    fn new(rules: &Ruleset) -> Reached {
        let memory = rules.space().memory_size();
        let row = rules.reachable();
        let plane = rules.goal() as usize * row;
        Reached {
            values: vec![0.0; 2 * memory * memory * plane],
            memory,
            row,
            plane,
        }
    }

    /// Number of totals `x + o` the table spans.
    fn totals(&self) -> usize {
        self.plane / self.row + self.row - 1
    }

    /// The entries for `seat` against `opponent` points, with the two memories, by `x`.
    #[inline]
    fn row(&self, seat: usize, remembered: u8, opponent_memory: u8, opponent: u32) -> &[f64] {
        let plane = (seat * self.memory + usize::from(remembered)) * self.memory
            + usize::from(opponent_memory);
        let start = plane * self.plane + opponent as usize * self.row;
        &self.values[start..start + self.row]
    }

    /// Fills the entries with `x + o = total`, whose successors are all final in `values`
    /// (interleaved by seat: `2 · state + seat`).
    fn update(&mut self, rules: &Ruleset, total: usize, values: &[f64], parallel: bool) {
        let (m, row) = (self.memory, self.row);
        let goal = rules.goal() as usize;
        let opponents = total.saturating_sub(row - 1)..=total.min(goal - 1);
        let update_plane = |(plane, entries): (usize, &mut [f64])| {
            let (seat, remembered, opponent_memory) = (plane / (m * m), plane / m % m, plane % m);
            let memories = Memories::new(m, remembered, opponent_memory);
            for opponent in opponents.clone() {
                let x = total - opponent;
                let next = rules.nexts(opponent as u32, remembered as u8)[x];
                entries[opponent * row + x] = value_of(values, seat, next, &memories);
            }
        };
        if parallel {
            self.values
                .par_chunks_mut(self.plane)
                .enumerate()
                .with_min_len(STATES_PER_JOB.div_ceil(goal))
                .for_each(update_plane);
        } else {
            self.values
                .chunks_mut(self.plane)
                .enumerate()
                .for_each(update_plane);
        }
    }
}

/// P(the player in `seat` wins) when play goes to `next`, the two memories placed by
/// `memories`, from the interleaved state values.
#[inline]
fn value_of(values: &[f64], seat: usize, next: Next, memories: &Memories) -> f64 {
    let value = values[next.index(memories, seat)];
    // The opponent's value v becomes 1 − v, exactly as `1.0 - v` would.
    let flip = usize::from(next.opponent_moves());
    value * [1.0, -1.0][flip] + [0.0, 1.0][flip]
}

/// One cell being solved.
struct Cell<'a> {
    rules: &'a Ruleset,
    reached: &'a Reached,
    cell: usize,
    own: usize,
    opponent: u32,
}

impl<'a> Cell<'a> {
    fn new(rules: &'a Ruleset, reached: &'a Reached, cell: usize) -> Cell<'a> {
        let (own, opponent) = rules.space().scores(cell);
        Cell {
            rules,
            reached,
            cell,
            own: own as usize,
            opponent,
        }
    }

    /// The value for `seat` of choosing `n` dice, with effect `effect`, against an opponent
    /// remembering `opponent_memory`.
    #[inline]
    fn choice(&self, seat: usize, n: u8, effect: Effect, opponent_memory: u8) -> f64 {
        let row = self
            .reached
            .row(seat, effect.remembered, opponent_memory, self.opponent);
        let rolled = self.rules.dice_rolled(self.own as u32, self.opponent, n);
        self.rules
            .roll(self.own as u32, self.opponent, rolled)
            .expected_over(&row[self.own + effect.bonus as usize..])
    }

    /// Fills `choices[n · m + variant]` with the value for `seat` of each (dice, effect
    /// variant) pair against an opponent remembering `opponent_memory`.
    fn fill_choices(&self, seat: usize, opponent_memory: u8, choices: &mut [f64]) {
        let m = self.rules.space().memory_size();
        for n in 0..=MAX_DICE {
            for (variant, &effect) in self.rules.distinct_effects(n).iter().enumerate() {
                choices[usize::from(n) * m + variant] =
                    self.choice(seat, n, effect, opponent_memory);
            }
        }
    }

    /// Fills `seat`'s values for a player following `policy`. States of the cell that make the
    /// same choice with the same effect (a score table ignores memories) share one value, kept
    /// in `choices`; a cell of a single state has nothing to share.
    fn follow(
        &self,
        seat: usize,
        policy: &Policy,
        values: &mut [[f64; 2]],
        dice: &mut [[u8; 2]],
        choices: &mut [f64],
    ) {
        let space = self.rules.space();
        let m = space.memory_size();
        if m == 1 {
            let n = policy.dice(space.state(self.cell, 0, 0));
            values[0][seat] = self.choice(seat, n, self.rules.effect(0, n), 0);
            dice[0][seat] = n;
            return;
        }
        let known = &mut choices[..ACTIONS * m];
        for b in 0..m as u8 {
            known.fill(f64::NAN);
            for a in 0..m as u8 {
                let local = usize::from(a) * m + usize::from(b);
                let n = policy.dice(space.state(self.cell, a, b));
                let slot = usize::from(n) * m + self.rules.effect_variant(a, n);
                if known[slot].is_nan() {
                    known[slot] = self.choice(seat, n, self.rules.effect(a, n), b);
                }
                values[local][seat] = known[slot];
                dice[local][seat] = n;
            }
        }
    }

    /// Fills `seat`'s values and choices for an optimising player.
    fn optimise(
        &self,
        seat: usize,
        values: &mut [[f64; 2]],
        dice: &mut [[u8; 2]],
        choices: &mut [f64],
    ) {
        let rules = self.rules;
        let m = rules.space().memory_size();
        let choices = &mut choices[..ACTIONS * m];
        for b in 0..m as u8 {
            self.fill_choices(seat, b, choices);
            for a in 0..m as u8 {
                let mut best = (f64::NEG_INFINITY, 0);
                for n in 0..=MAX_DICE {
                    let value = choices[usize::from(n) * m + rules.effect_variant(a, n)];
                    if value > best.0 {
                        best = (value, n);
                    }
                }
                let local = usize::from(a) * m + usize::from(b);
                values[local][seat] = best.0;
                dice[local][seat] = best.1;
            }
        }
    }

    /// Fills `choices` (`[b][n · m + variant]`) with the value to `seat` of every choice
    /// against every opponent memory.
    fn fill_all_choices(&self, seat: usize, choices: &mut [f64]) {
        let per_memory = ACTIONS * self.rules.space().memory_size();
        for (b, slice) in choices.chunks_mut(per_memory).enumerate() {
            self.fill_choices(seat, b as u8, slice);
        }
    }

    /// The value of each dice count (`[n]`) summed over the cell's states weighted by
    /// `weights` (`[a · m + b]`), from `choices` as [`fill_all_choices`](Self::fill_all_choices)
    /// left them.
    fn weighted_sums(&self, weights: &[f64], choices: &[f64]) -> [f64; ACTIONS] {
        let rules = self.rules;
        let m = rules.space().memory_size();
        let per_memory = ACTIONS * m;
        let mut sums = [0.0; ACTIONS];
        for (n, sum) in (0..=MAX_DICE).zip(&mut sums) {
            for a in 0..m as u8 {
                for b in 0..m as u8 {
                    let value = choices[usize::from(b) * per_memory
                        + usize::from(n) * m
                        + rules.effect_variant(a, n)];
                    *sum += weights[usize::from(a) * m + usize::from(b)] * value;
                }
            }
        }
        sums
    }

    /// Fills `seat`'s values for a table player improving this cell (see [`Improvement`]).
    fn improve(
        &self,
        seat: usize,
        step: &Improvement,
        values: &mut [[f64; 2]],
        dice: &mut [[u8; 2]],
        choices: &mut [f64],
    ) {
        let rules = self.rules;
        let m = rules.space().memory_size();
        let first = self.cell * m * m;
        let weights = &step.weights[first..first + m * m];
        self.fill_all_choices(seat, choices);
        let per_memory = ACTIONS * m;
        let value = |a: u8, b: u8, n: u8| {
            choices[usize::from(b) * per_memory + usize::from(n) * m + rules.effect_variant(a, n)]
        };
        let mut chosen = step.table[[self.own, self.opponent as usize]];
        let weight: f64 = weights.iter().sum();
        if weight > 0.0 {
            let gains = self.weighted_sums(weights, choices);
            let mut best = 0;
            for n in 1..=MAX_DICE {
                if gains[usize::from(n)] > gains[usize::from(best)] {
                    best = n;
                }
            }
            if gains[usize::from(best)] > gains[usize::from(chosen)] + step.tolerance * weight {
                chosen = best;
            }
        }
        for a in 0..m as u8 {
            for b in 0..m as u8 {
                let local = usize::from(a) * m + usize::from(b);
                values[local][seat] = value(a, b, chosen);
                dice[local][seat] = chosen;
            }
        }
    }
}
