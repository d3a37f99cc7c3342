//! How likely the game is to pass through each state: the forward counterpart of the sweep.
//!
//! [`reach`] pushes probability from the start along every turn, in increasing total score, for
//! two fixed policies. With half the games started by each seat, the mass of a state is the
//! expected number of times a game passes through it with that seat to move. Where every turn
//! raises the total a game visits a state at most once, so that is the probability of passing
//! through it. On a total where positions repeat (see [`Order`](super::Order)) the turns that
//! gain nothing lead from each state to at most one other of the same total, a functional
//! graph: its trees pass their mass on in order, and a cycle whose steps repeat with
//! probabilities multiplying to `B` holds `1 / (1 − B)` times the mass that enters it. Mass
//! that enters a cycle that repeats for sure never leaves: those games never end. On a merged
//! layer (play can return to lower totals) mass is passed round the layer until what is left
//! to pass is below 2⁻⁶⁰ of what entered.
//!
//! This weighs states by how much they matter to the win rate: it is what the table search uses
//! to choose one dice count per cell. Like the sweep, it visits only the states whose memories
//! the two policies can hold.

use std::sync::atomic::{AtomicBool, Ordering};

use super::layout::Layout;
use super::policy::Policy;
use super::ruleset::Pass;
use super::ruleset::Ruleset;
use crate::game::Stopped;

/// For every state, the expected number of times a game passes through it with each seat to
/// move, when each seat starts half the games (the probability of passing through it where no
/// position repeats).
#[derive(Clone, Debug)]
pub struct Reach {
    mass: Vec<[f64; 2]>,
    wins: [f64; 2],
    never_ends: f64,
    /// The flow on each repeating total, by total.
    repeating: Vec<Option<Flow>>,
}

/// How mass moves on one repeating total: its nodes (`2 · state + seat`, ascending), the mass
/// that arrived at each from outside the total, and each node's one step that stays on it (the
/// index of the node it leads to, and the probability).
#[derive(Clone, Debug)]
pub(crate) struct Flow {
    nodes: Vec<usize>,
    arrived: Vec<f64>,
    stays: Vec<Option<(usize, f64)>>,
}

impl Flow {
    /// The position of `node` among the total's nodes, if it is one.
    pub fn index(&self, node: usize) -> Option<usize> {
        self.nodes.binary_search(&node).ok()
    }

    /// The node at position `index`.
    pub fn node(&self, index: usize) -> usize {
        self.nodes[index]
    }

    /// The expected visits of the nodes at `changed` (indices) if each took the step given
    /// beside it instead (a node of the total and its probability, or none), everything else
    /// as it is; `None` if a step leads to a state the flow does not hold (a memory the table
    /// never leads to), or if that made a cycle that repeats for sure and that mass enters.
    pub fn visits_if(&self, changed: &[(usize, Option<(usize, f64)>)]) -> Option<Vec<f64>> {
        let mut stays = self.stays.clone();
        for &(i, step) in changed {
            stays[i] = match step {
                None => None,
                Some((node, p)) => Some((self.index(node)?, p)),
            };
        }
        let mut visits = self.arrived.clone();
        if settle_cycles(&mut visits, &stays) > 0.0 {
            return None;
        }
        Some(changed.iter().map(|&(i, _)| visits[i]).collect())
    }
}

impl Reach {
    /// The expected number of times a game passes through `state` with `seat` to move (where
    /// positions never repeat, the probability that it does).
    pub fn probability(&self, seat: usize, state: usize) -> f64 {
        self.mass[state][seat]
    }

    /// P(each seat wins), over both seatings: the mass that reached the end of the game. It
    /// must agree with the sweep's win rate, which is computed backwards.
    pub fn wins(&self) -> [f64; 2] {
        self.wins
    }

    /// P(the game never ends), over both seatings: the mass that entered a cycle that repeats
    /// for sure (or, on a merged layer, was still being passed round).
    pub fn never_ends(&self) -> f64 {
        self.never_ends
    }

    /// The flow on the repeating total `total`, if it is one.
    pub(crate) fn flow(&self, total: usize) -> Option<&Flow> {
        self.repeating.get(total)?.as_ref()
    }
}

/// The reach probabilities of every state when seat 0 follows `policies[0]` and seat 1
/// `policies[1]`.
pub fn reach(rules: &Ruleset, policies: [&Policy; 2]) -> Reach {
    match reach_stopping(rules, policies, None) {
        Ok(reach) => reach,
        Err(Stopped) => unreachable!("nothing stops a reach without a stop flag"),
    }
}

/// [`reach`], ended with [`Stopped`] once `stop` is set: checked before each cell of a total
/// played once, each total where positions repeat and each pass round a merged layer (a
/// reach of hog-fa17 at goal 300 takes seconds, and the table search makes many).
pub fn reach_stopping(
    rules: &Ruleset,
    policies: [&Policy; 2],
    stop: Option<&AtomicBool>,
) -> Result<Reach, Stopped> {
    let check = || {
        if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            Err(Stopped)
        } else {
            Ok(())
        }
    };
    let space = rules.space();
    let m = space.memory_size();
    let per_cell = m * m;
    let held = &Layout::reachable(rules, policies.map(Policy::dice_set));
    // Mass is kept by node, `2 · state + seat`; the won cell at the end gathers finished games,
    // by winning seat.
    let mut mass = vec![[0.0; 2]; space.states() + per_cell];
    mass[rules.start()] = [0.5, 0.5];
    let mut never_ends = 0.0;
    let mut repeating = vec![None; space.diagonals()];
    let flat = mass.as_flattened_mut();
    let turns = Turns::new(rules, policies);
    // The nodes of the states of `totals` the two can hold, in order.
    let nodes_of = |totals: std::ops::Range<usize>| -> Vec<usize> {
        let cells = space.diagonal(totals.start).start..space.diagonal(totals.end - 1).end;
        (cells.start * per_cell..cells.end * per_cell)
            .flat_map(|state| {
                let (a, b) = ((state % per_cell / m) as u8, (state % m) as u8);
                (0..2)
                    .filter(move |&seat| held.slot(seat, a, b).is_some())
                    .map(move |seat| 2 * state + seat)
            })
            .collect()
    };
    let mut layers: Vec<_> = rules.order().layers().to_vec();
    layers.reverse();
    for layer in layers {
        check()?;
        let totals = layer.low..(layer.high + 1).min(space.diagonals());
        if totals.is_empty() {
            continue;
        }
        let cells = space.diagonal(totals.start).start..space.diagonal(totals.end - 1).end;
        if layer.pass == Pass::Once {
            // The hot loop of the table search: what a cell shares is read once.
            for cell in cells {
                check()?;
                let (own, opponent) = space.scores(cell);
                for a in 0..m as u8 {
                    for b in 0..m as u8 {
                        let state = space.state(cell, a, b);
                        for seat in 0..2 {
                            let here = flat[2 * state + seat];
                            if here == 0.0 || held.slot(seat, a, b).is_none() {
                                continue;
                            }
                            let n = policies[seat].dice_in(cell, state);
                            turns.from(own, opponent, (a, b), seat, n, |target, p| {
                                flat[target] += here * p;
                            });
                        }
                    }
                }
            }
            continue;
        }
        let nodes = nodes_of(totals.clone());
        let inside = |target: usize| cells.contains(&(target / 2 / per_cell));
        match layer.pass {
            Pass::Once => unreachable!("solved above"),
            Pass::Repeating => {
                let index = |node: usize| nodes.binary_search(&node).expect("a node of the total");
                // The one step of each node that stays on the total, if any.
                let stays: Vec<Option<(usize, f64)>> = nodes
                    .iter()
                    .map(|&node| {
                        let mut stay = None;
                        turns.each(node, |target, p| {
                            if inside(target) {
                                stay = Some((index(target), p));
                            }
                        });
                        stay
                    })
                    .collect();
                let arrived: Vec<f64> = nodes.iter().map(|&node| flat[node]).collect();
                let mut visits = arrived.clone();
                never_ends += settle_cycles(&mut visits, &stays);
                for ((&node, stay), &here) in nodes.iter().zip(&stays).zip(&visits) {
                    flat[node] = here;
                    if here != 0.0 && stay.is_none_or(|(_, p)| p < 1.0) {
                        turns.each(node, |target, p| {
                            if !inside(target) {
                                flat[target] += here * p;
                            }
                        });
                    }
                }
                repeating[layer.low] = Some(Flow {
                    nodes,
                    arrived,
                    stays,
                });
            }
            Pass::Merged => {
                // Mass still to be passed on, by node of the layer.
                let mut pending: Vec<f64> = nodes.iter().map(|&node| flat[node]).collect();
                let entered: f64 = pending.iter().sum();
                for _ in 0..super::MAX_PASSES {
                    check()?;
                    if pending.iter().sum::<f64>() <= entered * 2f64.powi(-60) {
                        break;
                    }
                    for i in 0..nodes.len() {
                        let amount = std::mem::take(&mut pending[i]);
                        if amount == 0.0 {
                            continue;
                        }
                        turns.each(nodes[i], |target, p| {
                            flat[target] += amount * p;
                            if inside(target) {
                                let j = nodes.binary_search(&target).expect("a node of the layer");
                                pending[j] += amount * p;
                            }
                        });
                    }
                }
                never_ends += pending.iter().sum::<f64>();
            }
        }
    }
    let wins = mass[space.states()..]
        .iter()
        .fold([0.0; 2], |[a, b], [x, y]| [a + x, b + y]);
    mass.truncate(space.states());
    Ok(Reach {
        mass,
        wins,
        never_ends,
        repeating,
    })
}

/// For every node (`2 · state + seat`, the won cell's included): whether a game from there can
/// fail to end under the two policies, because it can reach a state from which no sequence of
/// outcomes reaches the end. Exact: read off the graph of outcomes with a positive
/// probability, not from any sum.
pub(crate) fn may_not_end(rules: &Ruleset, policies: [&Policy; 2]) -> Vec<bool> {
    let space = rules.space();
    let m = space.memory_size();
    let per_cell = m * m;
    let held = Layout::reachable(rules, policies.map(Policy::dice_set));
    let turns = Turns::new(rules, policies);
    let count = 2 * (space.states() + per_cell);
    let is_held = |node: usize| {
        let state = node / 2;
        let (a, b) = ((state % per_cell / m) as u8, (state % m) as u8);
        state < space.states() && held.slot(node % 2, a, b).is_some()
    };
    // The graph backwards, as lists of predecessors (compressed rows).
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for node in (0..2 * space.states()).filter(|&node| is_held(node)) {
        turns.each(node, |target, _| edges.push((target, node)));
    }
    edges.sort_unstable();
    edges.dedup();
    let mut start = vec![0usize; count + 1];
    for &(target, _) in &edges {
        start[target + 1] += 1;
    }
    for i in 0..count {
        start[i + 1] += start[i];
    }
    let backwards = |marked: &mut Vec<bool>, mut queue: Vec<usize>| {
        while let Some(node) = queue.pop() {
            for &(_, before) in &edges[start[node]..start[node + 1]] {
                if !marked[before] {
                    marked[before] = true;
                    queue.push(before);
                }
            }
        }
    };
    let ended: Vec<usize> = (2 * space.states()..count).collect();
    let mut can_end = vec![false; count];
    for &node in &ended {
        can_end[node] = true;
    }
    backwards(&mut can_end, ended);
    let stuck: Vec<usize> = (0..2 * space.states())
        .filter(|&node| is_held(node) && !can_end[node])
        .collect();
    let mut tainted = vec![false; count];
    for &node in &stuck {
        tainted[node] = true;
    }
    backwards(&mut tainted, stuck);
    tainted
}

/// The outcomes of every node's turn under two policies.
pub(crate) struct Turns<'a> {
    rules: &'a Ruleset,
    policies: [&'a Policy; 2],
    everywhere: Layout,
}

impl<'a> Turns<'a> {
    /// The turns of the two policies.
    pub(crate) fn new(rules: &'a Ruleset, policies: [&'a Policy; 2]) -> Turns<'a> {
        Turns {
            rules,
            policies,
            everywhere: Layout::everywhere(rules.space().memory_size()),
        }
    }

    /// Calls `visit(target, p)` for every outcome of the turn at `node` (`2 · state + seat`):
    /// where it leads as a node (the won cell's for a finished game) and how likely it is.
    fn each(&self, node: usize, visit: impl FnMut(usize, f64)) {
        let m = self.rules.space().memory_size();
        let state = node / 2;
        let n = self.policies[node % 2].dice_in(state / (m * m), state);
        self.each_with(node, n, visit);
    }

    /// [`each`](Self::each) for a turn that asks for `n` dice, whatever the policy says.
    pub(crate) fn each_with(&self, node: usize, n: u8, visit: impl FnMut(usize, f64)) {
        let space = self.rules.space();
        let m = space.memory_size();
        let (state, seat) = (node / 2, node % 2);
        let (own, opponent) = space.scores(state / (m * m));
        let memories = ((state / m % m) as u8, (state % m) as u8);
        self.from(own, opponent, memories, seat, n, visit);
    }

    /// The outcomes of `seat` asking for `n` dice at (own, opponent) with `memories` (its own,
    /// the opponent's), as [`each`](Self::each) gives them.
    #[inline]
    fn from(
        &self,
        own: u32,
        opponent: u32,
        (a, b): (u8, u8),
        seat: usize,
        n: u8,
        mut visit: impl FnMut(usize, f64),
    ) {
        let rules = self.rules;
        let effect = rules.effect((a, b), n);
        for (points, p) in rules.rolls_at(own, opponent).roll(n).outcomes() {
            let (next, remembered) = rules.landing((own, opponent), effect, points);
            let memories = self.everywhere.memories(seat, remembered, b);
            visit(2 * memories.slot(next) + next.next_seat(seat), p);
        }
    }
}

/// Spreads the mass that arrived at each node of a repeating total (`visits`, by index) along
/// the steps that stay on it (`stays`: the index of the node each leads to, and how likely):
/// afterwards `visits` holds the expected number of visits of each node. Returns the mass that
/// entered cycles that repeat for sure (games that never end), which stays where it arrived.
fn settle_cycles(visits: &mut [f64], stays: &[Option<(usize, f64)>]) -> f64 {
    let count = visits.len();
    // Trees first, leaves inwards (Kahn's order): what is left on cycles afterwards.
    let mut into = vec![0usize; count];
    for &(next, _) in stays.iter().flatten() {
        into[next] += 1;
    }
    let mut ready: Vec<usize> = (0..count).filter(|&i| into[i] == 0).collect();
    let mut done = vec![false; count];
    while let Some(i) = ready.pop() {
        done[i] = true;
        if let Some((next, p)) = stays[i] {
            visits[next] += p * visits[i];
            into[next] -= 1;
            if into[next] == 0 {
                ready.push(next);
            }
        }
    }
    let mut never_ends = 0.0;
    for first in 0..count {
        if done[first] {
            continue;
        }
        // The cycle through `first`, in order.
        let mut cycle = vec![first];
        loop {
            let (next, _) = stays[*cycle.last().expect("not empty")].expect("a cycle goes on");
            if next == first {
                break;
            }
            cycle.push(next);
        }
        let p = |k: usize| stays[cycle[k]].expect("on a cycle").1;
        let returns: f64 = (0..cycle.len()).map(p).product();
        let entered: Vec<f64> = cycle.iter().map(|&i| visits[i]).collect();
        if returns >= 1.0 {
            never_ends += entered.iter().sum::<f64>();
        } else {
            // What enters after the first node, carried round to just before it.
            let mut carried = 0.0;
            for (k, &arrived) in entered.iter().enumerate().skip(1) {
                carried = carried * p(k - 1) + arrived;
            }
            let mut here = (entered[0] + p(cycle.len() - 1) * carried) / (1.0 - returns);
            visits[first] = here;
            for k in 1..cycle.len() {
                here = entered[k] + p(k - 1) * here;
                visits[cycle[k]] = here;
            }
        }
        for &i in &cycle {
            done[i] = true;
        }
    }
    never_ends
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hog::{Strategy, solve};

    fn reach_of(rules: &Ruleset, specs: [&str; 2]) -> (Reach, f64) {
        let players = specs.map(|spec| Strategy::parse(spec, rules).unwrap().player(rules));
        let solution = solve(rules, [&players[0], &players[1]]).unwrap();
        let policies = [solution.policy(0), solution.policy(1)];
        (
            reach(rules, [&policies[0], &policies[1]]),
            solution.matchup().win_rate(),
        )
    }

    #[test]
    fn a_reach_told_to_stop_ends_with_stopped_and_one_not_told_is_whole() {
        let rules = Ruleset::preset("hog-fa17", 40).unwrap();
        let four = Strategy::parse("always_roll:4", &rules)
            .unwrap()
            .player(&rules);
        let solution = solve(&rules, [&four, &four]).unwrap();
        let policies = [solution.policy(0), solution.policy(1)];
        let stopped = reach_stopping(
            &rules,
            [&policies[0], &policies[1]],
            Some(&AtomicBool::new(true)),
        );
        assert!(matches!(stopped, Err(Stopped)));
        let going = AtomicBool::new(false);
        let whole = reach_stopping(&rules, [&policies[0], &policies[1]], Some(&going)).unwrap();
        // Half the games start with each seat; every game ends with a winner.
        approx::assert_relative_eq!(whole.wins[0] + whole.wins[1], 1.0, epsilon = 1e-12);
    }

    #[test]
    fn tiny_game_by_hand() {
        // hog-fa20, goal 2, one die each. Either seat starts (1/2) and pigs out (1/6), leaving
        // the other to move at 0 : 1; that one pigs out too (1/6) and the first mover is at
        // 1 : 1: 1/2 * 1/6 * 1/6 = 1/72 for each seat.
        let rules = Ruleset::preset("hog-fa20", 2).unwrap();
        let (reach, _) = reach_of(&rules, ["always_roll:1", "always_roll:1"]);
        let space = rules.space();
        let at = |own, opponent| space.state(space.cell(own, opponent), 0, 0);
        assert_eq!(reach.probability(0, rules.start()), 0.5);
        approx::assert_relative_eq!(reach.probability(0, at(0, 1)), 1.0 / 12.0);
        approx::assert_relative_eq!(reach.probability(1, at(1, 1)), 1.0 / 72.0);
        approx::assert_relative_eq!(reach.probability(0, at(1, 1)), 1.0 / 72.0);
        assert_eq!(reach.probability(0, at(1, 0)), 0.0);
    }

    #[test]
    fn forward_wins_agree_with_the_backward_sweep() {
        for (name, specs) in [
            ("hog-fa20", ["extra_turn", "always_roll:4"]),
            ("hog-wild", ["mean:3", "always_roll:5"]),
            ("hog-fa19", ["swap", "always_roll:4"]),
            // Positions repeat: the flow is passed round each repeating total.
            ("hog-textbook", ["always_roll:3", "always_roll:5"]),
            ("hog-nju21", ["minimax", "minimax"]),
        ] {
            let rules = Ruleset::preset(name, 100).unwrap();
            let (reach, win_rate) = reach_of(&rules, specs);
            let [first, second] = reach.wins();
            // A game that never ends (hog-nju21's minimax has some) counts half for each.
            let never = reach.never_ends();
            approx::assert_relative_eq!(first + never / 2.0, win_rate, max_relative = 1e-12);
            approx::assert_relative_eq!(first + second + never, 1.0, max_relative = 1e-12);
            assert_eq!(never > 0.0, name == "hog-nju21", "{name}: {never}");
        }
    }
}
