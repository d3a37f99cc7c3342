//! Totals whose states can lead to each other: solved to their exact fixpoint.
//!
//! On a *repeating* total (see [`Order`](crate::hog::Order)) a turn that gains nothing leaves
//! the total as it was: the after-turn rules take the mover's unchanged score to one state of
//! the same total (the mover again, or the opponent, with the scores as they were or swapped).
//! So every choice of every state of the total is worth
//!
//! `Q = c + p · F(V(next))`
//!
//! where `c` is the value of every outcome that leaves the total (final, since higher totals
//! are solved), `p` the probability of gaining nothing, `next` the one state of this total
//! that leads to, and `F` is `1 − v` when the opponent moves there and `v` when the mover
//! does. With a choice fixed in every state the states form a *functional graph*: each leads
//! to at most one other, so each component is one cycle with trees feeding it. [`evaluate`]
//! solves it exactly: a state on a cycle of length `k` composes the `k` affine maps around it
//! (`V = A + B · V`, `B` the product of the `p`s, so `V = A / (1 − B)`), each state from its
//! own place on the cycle so that mirrored states get bit-identical values; the trees follow
//! by substitution. A cycle every step of which gains nothing for sure (`B = 1`) is a game
//! that never ends: a win for neither player, worth what [`Sweep`](super) says (½ each, the
//! value of a tie).
//!
//! Optimising players are solved by **policy iteration**: choose, evaluate exactly, let every
//! optimising state switch to a choice better by more than [`TIE_TOLERANCE`] at those values, and
//! repeat until no state switches (at most [`MAX_ROUNDS`] rounds, then value iteration to
//! machine precision). Among choices within the tolerance of the best, the fewest dice are
//! kept. The **residual** is one more application of the equations to the final values: the
//! largest `|V − max Q|` (or `|V − Q(chosen)|` for a fixed player) over the total's states.
//!
//! A *merged* layer (play can return to a lower total) is iterated as a whole: its totals are
//! solved from the highest down as above, again and again (Gauss–Seidel), until no value moves
//! by more than [`SETTLED`]; every value starts at the worth of a game that never ends, which is
//! where states that can never finish stay.

use rayon::prelude::*;

use super::{Cell, Player, Reached, STATES_PER_JOB, seen_by_mover};
use crate::hog::definition::ACTIONS;
use crate::hog::error::SolveError;
use crate::hog::ruleset::Layer;
use crate::hog::ruleset::Ruleset;

/// Choices within this much of the best are equally good (the fewest dice are kept): a few
/// units in the last place of 1, so that rounding never makes policy iteration cycle.
pub const TIE_TOLERANCE: f64 = 1e-15;

/// Rounds of policy iteration a total may take before value iteration finishes it.
pub const MAX_ROUNDS: usize = 64;

/// Value iteration, and the passes over a merged layer, stop once no value moves by more than
/// this: two units in the last place of 1. At the fixpoint, rounding alone can move a value by
/// a unit or two from one pass to the next, so a tighter limit can wait forever.
pub const SETTLED: f64 = 2.0 * f64::EPSILON;

/// The most value-iteration sweeps of one total, or passes over one merged layer.
pub const MAX_PASSES: usize = 100_000;

/// No state of the total: the choice leaves it.
const NONE: u32 = u32::MAX;

/// One choice of one state: `Q = c + p · F(V(next))`.
#[derive(Clone, Copy, Debug)]
struct Choice {
    /// The value of the outcomes that leave the total.
    c: f64,
    /// The probability of gaining nothing and staying on the total.
    p: f64,
    /// The state of the total that leads to (its node), or [`NONE`].
    next: u32,
    /// The dice asked for.
    n: u8,
}

/// What a solve of repeating states found.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Settled {
    /// The largest `|V − TV|` over the states solved.
    pub residual: f64,
    /// Whether some states can go on forever (a cycle that gains nothing for sure, or a merged
    /// layer, where that cannot be ruled out).
    pub may_not_end: bool,
}

/// Everything a solve of repeating states reads and writes.
pub(super) struct Context<'a> {
    pub rules: &'a Ruleset,
    pub players: [&'a Player; 2],
    pub reached: &'a mut Reached,
    pub values: &'a mut [Vec<f64>; 2],
    pub dice: &'a mut [Vec<u8>; 2],
    pub parallel: bool,
    /// What a game that never ends is worth to the player to move, by seat.
    pub never_ending: [f64; 2],
}

/// The states of one total, numbered as nodes: seat 0's slots of the total's cells, then seat
/// 1's.
struct Nodes {
    /// The total's first cell.
    first_cell: usize,
    /// Its cells.
    cells: usize,
    /// Slots per cell.
    per_cell: usize,
    /// Choices per node, by seat.
    width: [usize; 2],
}

impl Nodes {
    fn per_seat(&self) -> usize {
        self.cells * self.per_cell
    }

    fn seat(&self, node: usize) -> usize {
        usize::from(node >= self.per_seat())
    }

    /// The node's slot in the sweep's arrays of its seat.
    fn slot(&self, node: usize) -> usize {
        self.first_cell * self.per_cell + node % self.per_seat()
    }

    /// The choices of `node` among `choices` (both seats', seat 0's first).
    fn of<'c>(&self, choices: &'c [Choice], node: usize) -> &'c [Choice] {
        let start = self.start(node);
        &choices[start..start + self.width[self.seat(node)]]
    }

    fn start(&self, node: usize) -> usize {
        let seat = self.seat(node);
        let local = node % self.per_seat();
        seat * self.per_seat() * self.width[0] + local * self.width[seat]
    }
}

/// Solves the states of the repeating total `total` (see the module docs) and fills the table of
/// reached values for it.
pub(super) fn solve_total(ctx: &mut Context, total: usize) -> Result<Settled, SolveError> {
    let rules = ctx.rules;
    let cells = rules.space().diagonal(total);
    let per_cell = ctx.reached.layout.per_cell();
    let width = ctx.players.map(|player| match player {
        Player::Fixed(_) => 1,
        Player::Optimising | Player::Improving(_) => rules.dice_choices().len(),
    });
    let nodes = Nodes {
        first_cell: cells.start,
        cells: cells.len(),
        per_cell,
        width,
    };
    ctx.reached
        .update_leaving(rules, total, [&ctx.values[0], &ctx.values[1]], ctx.parallel);
    let choices = build(ctx, &nodes);
    let Settlement {
        chosen,
        values,
        closed,
        residual,
    } = settle(ctx, &nodes, &choices, total)?;
    for node in 0..2 * nodes.per_seat() {
        let (seat, slot) = (nodes.seat(node), nodes.slot(node));
        ctx.values[seat][slot] = values[node];
        ctx.dice[seat][slot] = nodes.of(&choices, node)[chosen[node]].n;
    }
    ctx.reached
        .update(rules, total, [&ctx.values[0], &ctx.values[1]], ctx.parallel);
    Ok(Settled {
        residual,
        may_not_end: closed,
    })
}

/// Solves a merged layer of totals by passes from its highest total down until no value moves
/// (see the module docs).
pub(super) fn solve_layer(ctx: &mut Context, layer: Layer) -> Result<Settled, SolveError> {
    let rules = ctx.rules;
    let space = rules.space();
    let per_cell = ctx.reached.layout.per_cell();
    let diagonals = space.diagonals();
    let top = layer.high.min(diagonals.saturating_sub(1));
    let slots = if layer.low < diagonals {
        space.diagonal(layer.low).start * per_cell..space.diagonal(top).end * per_cell
    } else {
        0..0
    };
    for seat in 0..2 {
        ctx.values[seat][slots.clone()].fill(ctx.never_ending[seat]);
    }
    for pass in 1..=MAX_PASSES {
        let before = [
            ctx.values[0][slots.clone()].to_vec(),
            ctx.values[1][slots.clone()].to_vec(),
        ];
        let mut residual: f64 = 0.0;
        for total in (layer.low..=layer.high).rev() {
            if total < diagonals {
                residual = residual.max(solve_total(ctx, total)?.residual);
            } else {
                ctx.reached
                    .update(rules, total, [&ctx.values[0], &ctx.values[1]], ctx.parallel);
            }
        }
        let moved = (0..2)
            .flat_map(|seat| {
                before[seat]
                    .iter()
                    .zip(&ctx.values[seat][slots.clone()])
                    .map(|(a, b)| (a - b).abs())
            })
            .fold(0.0, f64::max);
        if moved <= SETTLED {
            return Ok(Settled {
                residual: residual.max(moved),
                may_not_end: true,
            });
        }
        if pass == MAX_PASSES {
            return Err(SolveError::Unconverged {
                rules: rules.name().to_string(),
                low: layer.low,
                high: layer.high,
                passes: MAX_PASSES,
                moved,
            });
        }
    }
    unreachable!("the passes end by settling or by the error")
}

/// Every choice of every node: `Q = c + p · F(V(next))`. The entries of the reached table for
/// turns that stay on the total hold 0 (see [`Reached::update_leaving`]), so `c` leaves them
/// out and `p`, `next` say where they go.
fn build(ctx: &Context, nodes: &Nodes) -> Vec<Choice> {
    let rules = ctx.rules;
    let reached: &Reached = ctx.reached;
    let layout = &reached.layout;
    let won = rules.space().won_cell();
    let cells = nodes.first_cell..nodes.first_cell + nodes.cells;
    let unset = Choice {
        c: 0.0,
        p: 0.0,
        next: NONE,
        n: 0,
    };
    let mut choices = vec![unset; nodes.per_seat() * (nodes.width[0] + nodes.width[1])];
    let (seat_0, seat_1) = choices.split_at_mut(nodes.per_seat() * nodes.width[0]);
    let fill_cell = |seat: usize, i: usize, out: &mut [Choice], known: &mut Vec<f64>| {
        let cell = Cell::new(rules, reached, nodes.first_cell + i);
        let known = cell.clear(seat, known);
        let (own, opponent) = (cell.own as u32, cell.opponent);
        let width = nodes.width[seat];
        // With one state per cell nothing is shared: value each choice directly.
        let single = nodes.per_cell == 1;
        cell.for_each_slot(seat, |slot, state, own_memory, (j, opponent_memory)| {
            let asked = match ctx.players[seat] {
                Player::Fixed(policy) => {
                    let n = policy.dice_in(cell.cell, state);
                    n..n + 1
                }
                Player::Optimising | Player::Improving(_) => rules.dice_choices(),
            };
            for (k, n) in asked.enumerate() {
                let effect = rules.effect((own_memory, opponent_memory), n);
                let c = if single {
                    cell.choice(seat, n, effect, opponent_memory)
                } else {
                    cell.known_choice(seat, (j, opponent_memory), own_memory, n, known)
                };
                let mut choice = Choice {
                    c,
                    p: 0.0,
                    next: NONE,
                    n,
                };
                // The chance of gaining nothing (no bonus, and the roll scores nothing).
                let p = match effect.bonus {
                    0 => cell.rolls.probability_of_nothing(n),
                    _ => 0.0,
                };
                if p > 0.0 {
                    let (next, remembered) = rules.landing((own, opponent), effect, 0);
                    if next.cell() != won && cells.contains(&next.cell()) {
                        let memories = layout.memories(seat, remembered, opponent_memory);
                        let local = memories.slot(next) - nodes.first_cell * nodes.per_cell;
                        choice.p = p;
                        choice.next = (next.next_seat(seat) * nodes.per_seat() + local) as u32;
                    }
                }
                out[slot * width + k] = choice;
            }
        });
    };
    let fill_seat = |seat: usize, out: &mut [Choice]| {
        let chunk = nodes.per_cell * nodes.width[seat];
        if ctx.parallel {
            out.par_chunks_mut(chunk)
                .enumerate()
                .with_min_len(STATES_PER_JOB.div_ceil(nodes.per_cell))
                .for_each_init(Vec::new, |known, (i, out)| fill_cell(seat, i, out, known));
        } else {
            let mut known = Vec::new();
            for (i, out) in out.chunks_mut(chunk).enumerate() {
                fill_cell(seat, i, out, &mut known);
            }
        }
    };
    fill_seat(0, seat_0);
    fill_seat(1, seat_1);
    choices
}

/// The choice of every node and the exact values of those choices: one evaluation for fixed
/// players, policy iteration where a player optimises or improves its table (see the module
/// docs). Also whether some cycle never ends.
fn settle(
    ctx: &Context,
    nodes: &Nodes,
    choices: &[Choice],
    total: usize,
) -> Result<Settlement, SolveError> {
    let count = 2 * nodes.per_seat();
    let mut chosen = vec![0usize; count];
    // Optimisers start from their best choice with every state of the total worth ½.
    let halves = vec![0.5; count];
    for (node, pick) in chosen.iter_mut().enumerate() {
        let seat = nodes.seat(node);
        let options = nodes.of(choices, node);
        *pick = match ctx.players[seat] {
            Player::Fixed(_) => 0,
            Player::Optimising => best(options, |c| worth(nodes, c, &halves, seat)),
            Player::Improving(step) => {
                let cell = nodes.first_cell + (node % nodes.per_seat()) / nodes.per_cell;
                let (own, opponent) = ctx.rules.space().scores(cell);
                let n = step.table[[own as usize, opponent as usize]];
                options.iter().position(|c| c.n == n).unwrap_or(0)
            }
        };
    }
    let optimising = ctx.players.iter().any(|p| !matches!(p, Player::Fixed(_)));
    let mut scratch = Scratch::new(count);
    let mut values = vec![0.0; count];
    let mut evaluated = |chosen: &[usize], values: &mut [f64]| {
        evaluate(
            nodes,
            choices,
            chosen,
            ctx.never_ending,
            &mut scratch,
            values,
        )
    };
    let mut closed = evaluated(&chosen, &mut values);
    // The residual of the optimisers' states, from the last look at their choices.
    let mut optimisers_residual = 0.0;
    if optimising {
        for round in 0..=MAX_ROUNDS {
            if round == MAX_ROUNDS {
                // Policy iteration has not settled: value iteration finishes the job.
                value_iteration(ctx, nodes, choices, &chosen, &mut values, total)?;
                for (node, pick) in chosen.iter_mut().enumerate() {
                    let seat = nodes.seat(node);
                    if matches!(ctx.players[seat], Player::Optimising) {
                        *pick = best(nodes.of(choices, node), |c| worth(nodes, c, &values, seat));
                    }
                }
                fewest_dice(ctx, nodes, choices, &mut chosen, &values);
                closed = evaluated(&chosen, &mut values);
                optimisers_residual =
                    fewest_dice(ctx, nodes, choices, &mut chosen.clone(), &values).1;
                break;
            }
            if improve(ctx, nodes, choices, &mut chosen, &values) {
                closed = evaluated(&chosen, &mut values);
                continue;
            }
            let (changed, residual) = fewest_dice(ctx, nodes, choices, &mut chosen, &values);
            if !changed {
                optimisers_residual = residual;
                break;
            }
            closed = evaluated(&chosen, &mut values);
        }
    }
    // The residual: one more application of the game's equations to the final values.
    let mut residual: f64 = optimisers_residual;
    for (node, &value) in values.iter().enumerate() {
        let seat = nodes.seat(node);
        if !matches!(ctx.players[seat], Player::Optimising) {
            let option = &nodes.of(choices, node)[chosen[node]];
            residual = residual.max((value - worth(nodes, option, &values, seat)).abs());
        }
    }
    Ok(Settlement {
        chosen,
        values,
        closed,
        residual,
    })
}

/// What [`settle`] found: the choice of every node, their exact values, whether some cycle
/// never ends, and the residual (the largest `|V − TV|`, one more application of the game's
/// equations to the final values).
struct Settlement {
    chosen: Vec<usize>,
    values: Vec<f64>,
    closed: bool,
    residual: f64,
}

/// What `choice` of a node of `seat` is worth at `values`: `c + p · F(V(next))`.
fn worth(nodes: &Nodes, choice: &Choice, values: &[f64], seat: usize) -> f64 {
    if choice.next == NONE {
        return choice.c;
    }
    let next = choice.next as usize;
    choice.c + choice.p * seen_by_mover(values[next], nodes.seat(next) != seat)
}

/// Once policy iteration has settled, every optimising node takes, among the choices within
/// [`TIE_TOLERANCE`] of its best, the fewest dice, one node after another, but never a choice
/// that would make a cycle of certain repeats (a game that never ends) when one as good does
/// not: passing the turn back to a player who passed it is always exactly as good as what that
/// player gave up, and two such choices at once would leave both players there for ever.
/// Whether any choice changed.
/// Also the largest `|V − max Q|` over the optimising nodes at `values` (their residual, when
/// nothing changed).
fn fewest_dice(
    ctx: &Context,
    nodes: &Nodes,
    choices: &[Choice],
    chosen: &mut [usize],
    values: &[f64],
) -> (bool, f64) {
    let mut changed = false;
    let mut residual: f64 = 0.0;
    let mut worths = [0.0; ACTIONS];
    for node in 0..chosen.len() {
        let seat = nodes.seat(node);
        if !matches!(ctx.players[seat], Player::Optimising) {
            continue;
        }
        let options = nodes.of(choices, node);
        let worths = &mut worths[..options.len()];
        for (worth_of, option) in worths.iter_mut().zip(options) {
            *worth_of = worth(nodes, option, values, seat);
        }
        let top = worths.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        residual = residual.max((values[node] - top).abs());
        let good = |k: &usize| worths[*k] >= top - TIE_TOLERANCE;
        let ends = |k: &usize| !closes(nodes, choices, chosen, node, &options[*k]);
        let pick = (0..options.len())
            .filter(good)
            .find(ends)
            .or_else(|| (0..options.len()).find(good))
            .expect("the best choice is within the tolerance of itself");
        if pick != chosen[node] {
            chosen[node] = pick;
            changed = true;
        }
    }
    (changed, residual)
}

/// Whether `node` taking `choice` closes a cycle of certain repeats: the choice stays on the
/// total for sure, and so does every node it leads to, back to `node`.
fn closes(
    nodes: &Nodes,
    choices: &[Choice],
    chosen: &[usize],
    node: usize,
    choice: &Choice,
) -> bool {
    let mut step = *choice;
    for _ in 0..chosen.len() {
        if step.p < 1.0 || step.next == NONE {
            return false;
        }
        let next = step.next as usize;
        if next == node {
            return true;
        }
        step = nodes.of(choices, next)[chosen[next]];
    }
    false
}

/// The first of `options` with the largest `worth`.
fn best(options: &[Choice], worth: impl Fn(&Choice) -> f64) -> usize {
    let mut best = (f64::NEG_INFINITY, 0);
    for (k, option) in options.iter().enumerate() {
        let value = worth(option);
        if value > best.0 {
            best = (value, k);
        }
    }
    best.1
}

/// One step of policy iteration: every optimising node switches to its best choice at
/// `values` if that is better by more than [`TIE_TOLERANCE`]; an improving player's cell switches
/// when the reach-weighted sum over its states is better by more than its search tolerance.
/// Whether anything switched.
fn improve(
    ctx: &Context,
    nodes: &Nodes,
    choices: &[Choice],
    chosen: &mut [usize],
    values: &[f64],
) -> bool {
    let q = |choice: &Choice, values: &[f64], seat: usize| worth(nodes, choice, values, seat);
    let mut changed = false;
    for seat in 0..2 {
        let first = seat * nodes.per_seat();
        match ctx.players[seat] {
            Player::Fixed(_) => {}
            Player::Optimising => {
                let seat_nodes = chosen.iter_mut().enumerate().skip(first);
                for (node, pick) in seat_nodes.take(nodes.per_seat()) {
                    let options = nodes.of(choices, node);
                    let top = best(options, |c| q(c, values, seat));
                    let value = |k: usize| q(&options[k], values, seat);
                    if value(top) > value(*pick) + TIE_TOLERANCE {
                        *pick = top;
                        changed = true;
                    }
                }
            }
            Player::Improving(step) => {
                let space = ctx.rules.space();
                for i in 0..nodes.cells {
                    let cell = nodes.first_cell + i;
                    let block = first + i * nodes.per_cell..first + (i + 1) * nodes.per_cell;
                    let weight_of = |node: usize| {
                        let slot = node % nodes.per_seat() % nodes.per_cell;
                        let (a, b) = ctx.reached.layout.memories_of(seat, slot);
                        step.weights[space.state(cell, a, b)]
                    };
                    let weight: f64 = block.clone().map(weight_of).sum();
                    if weight == 0.0 {
                        continue;
                    }
                    let sum = |k: usize| -> f64 {
                        block
                            .clone()
                            .map(|node| {
                                weight_of(node) * q(&nodes.of(choices, node)[k], values, seat)
                            })
                            .sum()
                    };
                    let width = nodes.width[seat];
                    let current = chosen[block.start];
                    let top = (0..width).fold(0, |b, k| if sum(k) > sum(b) { k } else { b });
                    if sum(top) > sum(current) + step.tolerance * weight {
                        for node in block {
                            chosen[node] = top;
                        }
                        changed = true;
                    }
                }
            }
        }
    }
    changed
}

/// Value iteration on the total's nodes, in place, until no value moves by more than
/// [`SETTLED`]: what finishes policy iteration if it has not settled.
fn value_iteration(
    ctx: &Context,
    nodes: &Nodes,
    choices: &[Choice],
    chosen: &[usize],
    values: &mut [f64],
    total: usize,
) -> Result<(), SolveError> {
    let q = |choice: &Choice, values: &[f64], seat: usize| worth(nodes, choice, values, seat);
    for _ in 0..MAX_PASSES {
        let mut moved: f64 = 0.0;
        for node in 0..values.len() {
            let seat = nodes.seat(node);
            let options = nodes.of(choices, node);
            let value = match ctx.players[seat] {
                Player::Optimising => options
                    .iter()
                    .map(|c| q(c, values, seat))
                    .fold(f64::NEG_INFINITY, f64::max),
                Player::Fixed(_) | Player::Improving(_) => q(&options[chosen[node]], values, seat),
            };
            moved = moved.max((value - values[node]).abs());
            values[node] = value;
        }
        if moved <= SETTLED {
            return Ok(());
        }
    }
    Err(SolveError::Unconverged {
        rules: ctx.rules.name().to_string(),
        low: total,
        high: total,
        passes: MAX_PASSES,
        moved: f64::NAN,
    })
}

/// Work arrays of [`evaluate`].
struct Scratch {
    /// 0: not seen; 1: on the path being followed; 2: valued.
    mark: Vec<u8>,
    path: Vec<usize>,
}

impl Scratch {
    fn new(count: usize) -> Scratch {
        Scratch {
            mark: vec![0; count],
            path: Vec::new(),
        }
    }
}

/// Cycles longer than this are solved from one state and followed round (O(k)), not from
/// every state (O(k²)); only the latter makes mirrored cycles bit-identical.
const SHORT_CYCLE: usize = 64;

/// The exact values of the nodes when each plays its `chosen` choice: the functional graph's
/// cycles, then its trees (see the module docs). Whether some cycle never ends.
fn evaluate(
    nodes: &Nodes,
    choices: &[Choice],
    chosen: &[usize],
    never_ending: [f64; 2],
    scratch: &mut Scratch,
    values: &mut [f64],
) -> bool {
    // V(node) = a + b · V(next): a = c + p (opponent moves next) or c, b = ∓p.
    let step = |node: usize| -> (f64, f64, usize) {
        let choice = nodes.of(choices, node)[chosen[node]];
        if choice.next == NONE {
            return (choice.c, 0.0, usize::MAX);
        }
        let next = choice.next as usize;
        if nodes.seat(next) != nodes.seat(node) {
            (choice.c + choice.p, -choice.p, next)
        } else {
            (choice.c, choice.p, next)
        }
    };
    let Scratch { mark, path } = scratch;
    mark.fill(0);
    let mut closed = false;
    for start in 0..values.len() {
        if mark[start] == 2 {
            continue;
        }
        path.clear();
        let mut node = start;
        loop {
            if mark[node] == 2 {
                break;
            }
            if mark[node] == 1 {
                let at = path.iter().position(|&n| n == node).expect("on the path");
                let cycle = &path[at..];
                if cycle.len() <= SHORT_CYCLE {
                    for (i, &member) in cycle.iter().enumerate() {
                        let (mut a, mut b, _) = step(member);
                        for j in 1..cycle.len() {
                            let (a_j, b_j, _) = step(cycle[(i + j) % cycle.len()]);
                            a += b * a_j;
                            b *= b_j;
                        }
                        values[member] = if b >= 1.0 {
                            closed = true;
                            never_ending[nodes.seat(member)]
                        } else {
                            a / (1.0 - b)
                        };
                    }
                } else {
                    let (mut a, mut b, _) = step(cycle[0]);
                    for &member in &cycle[1..] {
                        let (a_j, b_j, _) = step(member);
                        a += b * a_j;
                        b *= b_j;
                    }
                    if b >= 1.0 {
                        closed = true;
                        for &member in cycle {
                            values[member] = never_ending[nodes.seat(member)];
                        }
                    } else {
                        values[cycle[0]] = a / (1.0 - b);
                        for &member in cycle[1..].iter().rev() {
                            let (a, b, next) = step(member);
                            values[member] = a + b * values[next];
                        }
                    }
                }
                for &member in cycle {
                    mark[member] = 2;
                }
                path.truncate(at);
                break;
            }
            mark[node] = 1;
            path.push(node);
            let (_, _, next) = step(node);
            if next == usize::MAX {
                break;
            }
            node = next;
        }
        while let Some(node) = path.pop() {
            let (a, b, next) = step(node);
            values[node] = if next == usize::MAX {
                a
            } else {
                a + b * values[next]
            };
            mark[node] = 2;
        }
    }
    closed
}
