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

use std::collections::BTreeMap;

use rayon::prelude::*;

use crate::game::{Run, Stopped};
use crate::machine::OutOfMemory;
use crate::memory::zeroed;

mod envelope;

/// The most seats a race is solved for.
pub const MOST_SEATS: usize = 6;

/// The largest residual a solve may end with.
pub const RESIDUAL: f64 = 1e-12;

/// Two choices whose values to the mover differ by at most this are worth the same: the mover
/// takes the one that ends its turn (holds, banks).
pub const TIE: f64 = 1e-12;

/// A group's policy iteration, and the solve of its affine system, stop once no value moves
/// by more than this (four units in the last place of 1), or once the changes stop shrinking
/// (rounding).
pub const SETTLED: f64 = 4.0 * f64::EPSILON;

/// Rounds of policy iteration a group takes before it goes on by value iteration.
pub const POLICY_ROUNDS: usize = 8;

/// Changes of one member's plan at a time a group may take after its policy rounds.
pub const MOST_ROUNDS: usize = 10_000;

/// Gauss–Seidel steps of one group's affine system at most (each shrinks the error by the chance
/// that a round of the group's empty turns comes back).
const MOST_AFFINE_STEPS: usize = 100_000;

/// Newton steps on a group's mixing probabilities at most.
const MOST_NEWTON_STEPS: usize = 50;

/// Changes of the plans a group's members mix before its search for an equilibrium tries every
/// choice of plans.
const MOST_SUPPORTS: usize = 20;

/// Choices of plans (one, or two mixed, per member) a group's search tries at most.
const MOST_SUPPORT_CHOICES: usize = 100_000;

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

/// The value of `start`'s turn from `values`, its mover mixing plans as `mix` says where it
/// does: what one more valuation makes of it; and by how much its mover's best plan beats
/// that for itself (0 where it plays its best).
pub fn revalue<R: Race>(
    race: &R,
    start: usize,
    values: &Values,
    mix: Option<&Mix>,
    scratch: &mut R::Scratch,
) -> (Wins, f64) {
    let seats = values.seats;
    let empty = values.get(race.empty_to(start));
    let best = race.ends(start, values, &empty, scratch);
    let ends = match mix {
        None => best.clone(),
        Some(mix) => {
            let [a, b] = mix
                .empties
                .map(|planned| race.ends(start, values, &planned, scratch));
            blend(&a, &b, mix.q)
        }
    };
    let mut wins = ends.fixed;
    add_weighted(&mut wins, ends.empty, &passed(&empty, seats));
    let gain = own_value(&best, &empty, seats) - wins[0];
    (wins, gain.max(0.0))
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
    /// The starts whose movers mix two plans (where no pure choice leaves every seat content),
    /// by start.
    pub mixed: BTreeMap<usize, Mix>,
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
    /// A group of starts where no equilibrium was found.
    #[error(transparent)]
    NoEquilibrium(#[from] NoEquilibrium),
    /// Not solved, in the game's words.
    #[error("{0}")]
    Unsolved(String),
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
        let mixed = sweep(race, &layers, &mut values, run)?;
        sweeps += 1;
        let residual = residual(race, &values, &mixed, run)?;
        if residual <= RESIDUAL {
            return Ok(Solution {
                values,
                residual,
                sweeps,
                mixed,
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
) -> Result<BTreeMap<usize, Mix>, RaceError> {
    let mut mixed = BTreeMap::new();
    for layer in layers {
        run.check()?;
        let solved: Result<Vec<_>, NoEquilibrium> = layer
            .par_iter()
            .map_init(
                || race.scratch(),
                |scratch, group| solve_group(race, group, values, scratch),
            )
            .collect();
        for (start, wins, mix) in solved?.into_iter().flatten() {
            values.set(start, &wins);
            if let Some(mix) = mix {
                mixed.insert(start, mix);
            }
        }
    }
    Ok(mixed)
}

/// One group's values by policy iteration, from `values` (which it reads but does not write:
/// the group's own values are kept apart until its layer is done).
fn solve_group<R: Race>(
    race: &R,
    group: &[u32],
    values: &Values,
    scratch: &mut R::Scratch,
) -> Result<Vec<(usize, Wins, Option<Mix>)>, NoEquilibrium> {
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
    let mut moved_before = f64::INFINITY;
    for _ in 0..POLICY_ROUNDS {
        let ends: Vec<Ends> = starts
            .iter()
            .zip(&next)
            .map(|(&start, &j)| race.ends(start, values, &wins[j], scratch))
            .collect();
        let before = wins.clone();
        solve_affine(&ends, &next, &mut wins, seats);
        let moved = most_moved(&before, &wins);
        if moved <= SETTLED || (moved < 1e-12 && moved >= moved_before) {
            return Ok(settled(&starts, wins, &[], &[]));
        }
        moved_before = moved;
    }
    // Max-n is no zero-sum game: decisions can answer each other round and round (two seats
    // each bolder where the other is timid, as in the game of chicken), and changing them all at
    // once goes round with them. One member at a time then, the first (in the group's order)
    // whose best turn beats its present one by more than a tie, the group's values solved anew
    // after each change, until no member gains; where that goes round too (matching pennies:
    // no choice of plans leaves every member content), the members that go round mix their two
    // plans ([`mix`]).
    let mut ends: Vec<Ends> = starts
        .iter()
        .zip(&next)
        .map(|(&start, &j)| race.ends(start, values, &wins[j], scratch))
        .collect();
    // The empty value each member's present plan answered.
    let mut planned: Vec<Wins> = next.iter().map(|&j| wins[j]).collect();
    solve_affine(&ends, &next, &mut wins, seats);
    let mut changes: Vec<(usize, Ends, Wins)> = Vec::new();
    for _ in 0..MOST_ROUNDS {
        let better = starts.iter().enumerate().find_map(|(i, &start)| {
            let empty = wins[next[i]];
            let best = race.ends(start, values, &empty, scratch);
            (own_value(&best, &empty, seats) > wins[i][0] + TIE).then_some((i, best, empty))
        });
        let Some((i, best, empty)) = better else {
            return Ok(settled(&starts, wins, &[], &[]));
        };
        if let Some(first) = changes
            .iter()
            .position(|(j, e, _)| *j == i && same_plan(e, &best))
        {
            let present = (&ends[..], &planned[..]);
            return mix(
                race,
                (&starts, &next),
                present,
                &changes[first..],
                values,
                scratch,
            );
        }
        ends[i] = best.clone();
        planned[i] = empty;
        changes.push((i, best, empty));
        solve_affine(&ends, &next, &mut wins, seats);
    }
    envelope::equilibrium(race, (&starts, &next), &planned, values, scratch)
        .ok_or(NoEquilibrium(starts[0]))
}

/// The group's result: each start with its value, and the mix of each member of `plans` at its
/// probability in `q` (every other plays one plan).
fn settled(
    starts: &[usize],
    wins: Vec<Wins>,
    plans: &[(usize, Vec<(Ends, Wins)>)],
    q: &[f64],
) -> Vec<(usize, Wins, Option<Mix>)> {
    let mut mixes: Vec<Option<Mix>> = vec![None; starts.len()];
    for ((i, list), &q) in plans.iter().zip(q) {
        mixes[*i] = Some(Mix {
            q,
            empties: [list[0].1, list[1].1],
        });
    }
    starts
        .iter()
        .zip(wins)
        .zip(mixes)
        .map(|((&s, w), m)| (s, w, m))
        .collect()
}

/// What a turn whose ends are `ends` is worth to its mover where the empty turn's end is worth
/// `empty` (seen from the next mover).
fn own_value(ends: &Ends, empty: &Wins, seats: usize) -> f64 {
    line(ends, empty[seats - 1])
}

/// What `plan` is worth to its mover where its empty turn is worth `c` to it: a line in `c`.
fn line(plan: &Ends, c: f64) -> f64 {
    plan.fixed[0] + plan.empty * c
}

/// How a member of a group mixes two plans of its turn: the plan that is best where its empty
/// turn is worth `empties[0]` with probability `q`, the one best where it is worth `empties[1]`
/// otherwise.
#[derive(Clone, Debug, PartialEq)]
pub struct Mix {
    /// P(the first plan).
    pub q: f64,
    /// The values of the empty turn each plan is the best answer to.
    pub empties: [Wins; 2],
}

/// The members of a group that mix, each with its two plans and the empty value each plan
/// answered.
type Support = Vec<(usize, Vec<(Ends, Wins)>)>;

/// A group in which no choice of plans leaves every member content: no equilibrium found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no equilibrium found among the turn starts with start {0}")]
pub struct NoEquilibrium(pub usize);

/// The group's values where its members' best plans went round (`cycle`: each change, the
/// member, its new plan and the empty value it answered): each member that changed plan in the
/// round mixes its two plans so that both are worth the same to it (Newton's method on the
/// mixing probabilities), every other keeps its plan; then no member may gain by more than a
/// tie by any plan.
fn mix<R: Race>(
    race: &R,
    (starts, next): (&[usize], &[usize]),
    (present, planned): (&[Ends], &[Wins]),
    cycle: &[(usize, Ends, Wins)],
    values: &Values,
    scratch: &mut R::Scratch,
) -> Result<Vec<(usize, Wins, Option<Mix>)>, NoEquilibrium> {
    let seats = race.seats();
    // Each member's plans in the round, with the empty value each answered.
    let mut plans: Support = Vec::new();
    for (i, ends, empty) in cycle {
        match plans.iter_mut().find(|(j, _)| j == i) {
            Some((_, list)) if list.iter().any(|(e, _)| same_plan(e, ends)) => {}
            Some((_, list)) => list.push((ends.clone(), *empty)),
            None => plans.push((*i, vec![(ends.clone(), *empty)])),
        }
    }
    let mut seen: Vec<Vec<(Ends, Wins)>> = vec![Vec::new(); starts.len()];
    let mut remember = |i: usize, plan: &Ends, empty: &Wins| {
        if !seen[i].iter().any(|(e, _)| same_plan(e, plan)) {
            seen[i].push((plan.clone(), *empty));
        }
    };
    for (i, plan, empty) in cycle {
        remember(*i, plan, empty);
    }
    for (i, plan) in present.iter().enumerate() {
        remember(i, plan, &planned[i]);
    }
    let mut planned = planned.to_vec();
    let mut ends = present.to_vec();
    let pairs = plans.iter().all(|(_, list)| list.len() == 2);
    let greedy = pairs
        .then(|| {
            let from = vec![0.5; plans.len()];
            mixed_values(starts.len(), next, &plans, &mut ends, seats, from)
        })
        .flatten();
    let Some(mut solved) = greedy else {
        return search(race, (starts, next), &seen, &planned, values, scratch);
    };
    for _ in 0..MOST_SUPPORTS {
        let (q, wins) = solved;
        // An equilibrium where no member gains by any plan; else the member that gains most
        // takes its best plan: in place of one of the two it mixes, or alone, or mixed with
        // the one it plays, whichever first leaves its own plans worth the same to it.
        let gains: Vec<(usize, f64, Ends, Wins)> = starts
            .iter()
            .enumerate()
            .map(|(i, &start)| {
                let empty = wins[next[i]];
                let best = race.ends(start, values, &empty, scratch);
                let gain = own_value(&best, &empty, seats) - wins[i][0];
                (i, gain, best, empty)
            })
            .collect();
        for (i, _, best, empty) in &gains {
            remember(*i, best, empty);
        }
        let Some((i, _, best, empty)) = gains
            .into_iter()
            .filter(|(_, gain, _, _)| *gain > TIE)
            .max_by(|a, b| a.1.total_cmp(&b.1))
        else {
            return Ok(settled(starts, wins, &plans, &q));
        };
        let mut candidates: Vec<(Support, Ends)> = Vec::new();
        let without: Vec<_> = plans.iter().filter(|(j, _)| *j != i).cloned().collect();
        match plans.iter().find(|(j, _)| *j == i) {
            Some((_, list)) => {
                for keep in [1, 0] {
                    let mut support = without.clone();
                    support.push((i, vec![list[keep].clone(), (best.clone(), empty)]));
                    candidates.push((support, best.clone()));
                }
            }
            None => {
                let mut support = without.clone();
                support.push((
                    i,
                    vec![(ends[i].clone(), planned[i]), (best.clone(), empty)],
                ));
                candidates.push((support, best.clone()));
            }
        }
        candidates.push((without, best));
        let found = candidates.into_iter().find_map(|(support, pure)| {
            let mut trial = ends.clone();
            trial[i] = pure;
            let from = vec![0.5; support.len()];
            mixed_values(starts.len(), next, &support, &mut trial, seats, from)
                .map(|solved| (support, trial, solved))
        });
        let Some((support, trial, next_solved)) = found else {
            break;
        };
        plans = support;
        ends = trial;
        planned[i] = empty;
        solved = next_solved;
    }
    search(race, (starts, next), &seen, &planned, values, scratch)
}

/// The group's equilibrium where its members' plans went round and mixing those of the round
/// settled nothing: among the plans `seen`, else over the members' best answers to every value
/// of their empty turns ([`envelope`]; `planned`, the empty value each member's present plan
/// answered).
fn search<R: Race>(
    race: &R,
    group: (&[usize], &[usize]),
    seen: &[Vec<(Ends, Wins)>],
    planned: &[Wins],
    values: &Values,
    scratch: &mut R::Scratch,
) -> Result<Vec<(usize, Wins, Option<Mix>)>, NoEquilibrium> {
    enumerate_supports(race, group, seen, values, scratch)
        .or_else(|| envelope::equilibrium(race, group, planned, values, scratch))
        .ok_or(NoEquilibrium(group.0[0]))
}

/// The group's equilibrium among the plans `seen` of each member: every choice of one plan or a
/// mix of two per member tried in turn (the fewest mixes first) until no member gains by more
/// than a tie by any plan; none where none does.
fn enumerate_supports<R: Race>(
    race: &R,
    (starts, next): (&[usize], &[usize]),
    seen: &[Vec<(Ends, Wins)>],
    values: &Values,
    scratch: &mut R::Scratch,
) -> Option<Vec<(usize, Wins, Option<Mix>)>> {
    let seats = race.seats();
    // Per member, its options: a plan alone, or two mixed.
    let options: Vec<Vec<Vec<usize>>> = seen
        .iter()
        .map(|plans| {
            let n = plans.len();
            let alone = (0..n).map(|a| vec![a]);
            let pairs = (0..n).flat_map(|a| (a + 1..n).map(move |b| vec![a, b]));
            alone.chain(pairs).collect()
        })
        .collect();
    let total: usize = options.iter().map(Vec::len).product();
    if total > MOST_SUPPORT_CHOICES {
        return None;
    }
    let mut choices: Vec<Vec<usize>> = (0..total)
        .map(|mut n| {
            options
                .iter()
                .map(|o| {
                    let c = n % o.len();
                    n /= o.len();
                    c
                })
                .collect()
        })
        .collect();
    let mixes_of = |choice: &Vec<usize>| -> usize {
        choice
            .iter()
            .zip(&options)
            .filter(|(c, o)| o[**c].len() == 2)
            .count()
    };
    choices.sort_by_key(mixes_of);
    for choice in choices {
        let mut ends: Vec<Ends> = Vec::new();
        let mut plans: Support = Vec::new();
        for (i, (&c, o)) in choice.iter().zip(&options).enumerate() {
            let picked: Vec<(Ends, Wins)> = o[c].iter().map(|&p| seen[i][p].clone()).collect();
            ends.push(picked[0].0.clone());
            if picked.len() == 2 {
                plans.push((i, picked));
            }
        }
        let from = vec![0.5; plans.len()];
        let Some((q, wins)) = mixed_values(starts.len(), next, &plans, &mut ends, seats, from)
        else {
            continue;
        };
        if content(race, (starts, next), &wins, values, scratch) {
            return Some(settled(starts, wins, &plans, &q));
        }
    }
    None
}

/// Whether no member of the group, its values `wins`, gains by more than a tie by any plan.
fn content<R: Race>(
    race: &R,
    (starts, next): (&[usize], &[usize]),
    wins: &[Wins],
    values: &Values,
    scratch: &mut R::Scratch,
) -> bool {
    let seats = race.seats();
    starts.iter().enumerate().all(|(i, &start)| {
        let empty = wins[next[i]];
        let best = race.ends(start, values, &empty, scratch);
        own_value(&best, &empty, seats) <= wins[i][0] + TIE
    })
}

/// The group's values with each member of `plans` mixing its two plans so that both are worth
/// the same to it (Newton's method on the mixing probabilities from `from`, each kept in
/// [0, 1]) and every other member playing its plan in `ends`: the probabilities and the values;
/// none where Newton's method finds no such mix.
fn mixed_values(
    members: usize,
    next: &[usize],
    plans: &[(usize, Vec<(Ends, Wins)>)],
    ends: &mut [Ends],
    seats: usize,
    from: Vec<f64>,
) -> Option<(Vec<f64>, Vec<Wins>)> {
    let solve_at = |q: &[f64], ends: &mut [Ends]| {
        for (m, (i, list)) in plans.iter().enumerate() {
            ends[*i] = blend(&list[0].0, &list[1].0, q[m]);
        }
        let mut wins: Vec<Wins> = vec![[1.0 / seats as f64; MOST_SEATS]; members];
        solve_affine(ends, next, &mut wins, seats);
        let gaps: Vec<f64> = plans
            .iter()
            .map(|(i, list)| {
                let empty = wins[next[*i]];
                own_value(&list[0].0, &empty, seats) - own_value(&list[1].0, &empty, seats)
            })
            .collect();
        (wins, gaps)
    };
    let k = plans.len();
    let mut q = from;
    let (mut wins, mut gaps) = solve_at(&q, ends);
    for _ in 0..MOST_NEWTON_STEPS {
        if gaps.iter().all(|g| g.abs() <= SETTLED) {
            return Some((q, wins));
        }
        let h = 1e-7;
        let mut jacobian = vec![vec![0.0; k]; k];
        for c in 0..k {
            let mut moved = q.clone();
            moved[c] += if q[c] + h <= 1.0 { h } else { -h };
            let step = moved[c] - q[c];
            let (_, shifted) = solve_at(&moved, ends);
            for r in 0..k {
                jacobian[r][c] = (shifted[r] - gaps[r]) / step;
            }
        }
        let step = solve_small(jacobian, gaps.clone())?;
        for (q, d) in q.iter_mut().zip(step) {
            *q = (*q - d).clamp(0.0, 1.0);
        }
        (wins, gaps) = solve_at(&q, ends);
    }
    gaps.iter().all(|g| g.abs() <= 1e-13).then_some((q, wins))
}
/// Whether two plans of one member's turn end alike (to rounding: the values they read settle
/// in the last places as the group is solved again).
fn same_plan(a: &Ends, b: &Ends) -> bool {
    (a.empty - b.empty).abs() <= 1e-12
        && a.fixed
            .iter()
            .zip(&b.fixed)
            .all(|(x, y)| (x - y).abs() <= 1e-12)
}

/// `q` of `a` and `1 − q` of `b`: a turn played by `a` with probability `q`.
fn blend(a: &Ends, b: &Ends, q: f64) -> Ends {
    let mut fixed = [0.0; MOST_SEATS];
    for (k, f) in fixed.iter_mut().enumerate() {
        *f = q * a.fixed[k] + (1.0 - q) * b.fixed[k];
    }
    Ends {
        fixed,
        empty: q * a.empty + (1.0 - q) * b.empty,
    }
}

/// `x` with `matrix · x = rhs` (Gaussian elimination with partial pivoting), for the few
/// mixing probabilities of a group; none where the matrix is singular.
fn solve_small(mut matrix: Vec<Vec<f64>>, mut rhs: Vec<f64>) -> Option<Vec<f64>> {
    let n = rhs.len();
    for c in 0..n {
        let pivot = (c..n).max_by(|&a, &b| matrix[a][c].abs().total_cmp(&matrix[b][c].abs()))?;
        if matrix[pivot][c].abs() < 1e-300 {
            return None;
        }
        matrix.swap(c, pivot);
        rhs.swap(c, pivot);
        let (above, below) = matrix.split_at_mut(c + 1);
        let pivot_row = &above[c];
        for (r, row) in below.iter_mut().enumerate() {
            let f = row[c] / pivot_row[c];
            for (x, p) in row[c..].iter_mut().zip(&pivot_row[c..]) {
                *x -= f * p;
            }
            rhs[c + 1 + r] -= f * rhs[c];
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let tail: f64 = (r + 1..n).map(|j| matrix[r][j] * x[j]).sum();
        x[r] = (rhs[r] - tail) / matrix[r][r];
    }
    Some(x)
}

/// The largest change of any seat's value between `before` and `after`.
fn most_moved(before: &[Wins], after: &[Wins]) -> f64 {
    before
        .iter()
        .zip(after)
        .flat_map(|(a, b)| a.iter().zip(b).map(|(x, y)| (x - y).abs()))
        .fold(0.0, f64::max)
}

/// The group's values from its members' ends, `wins[i] = fixed_i + empty_i · passed(wins[next_i])`,
/// by Gauss–Seidel until no value moves by more than [`SETTLED`] or the changes stop
/// shrinking (a round of empty turns that comes back for sure keeps the values it had: 1/N at
/// first).
fn solve_affine(ends: &[Ends], next: &[usize], wins: &mut [Wins], seats: usize) {
    let mut before = f64::INFINITY;
    for _ in 0..MOST_AFFINE_STEPS {
        let mut moved: f64 = 0.0;
        for i in 0..wins.len() {
            let mut value = ends[i].fixed;
            add_weighted(&mut value, ends[i].empty, &passed(&wins[next[i]], seats));
            for k in 0..seats {
                moved = moved.max((value[k] - wins[i][k]).abs());
            }
            wins[i] = value;
        }
        if moved <= SETTLED || (moved < 1e-12 && moved >= before) {
            break;
        }
        before = moved;
    }
}

/// The largest change one more valuation of every start makes.
fn residual<R: Race>(
    race: &R,
    values: &Values,
    mixed: &BTreeMap<usize, Mix>,
    run: &Run,
) -> Result<f64, Stopped> {
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
                    let (wins, gain) = revalue(race, start, values, mixed.get(&start), scratch);
                    let old = values.get(start);
                    most = most.max(gain);
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

#[cfg(test)]
mod tests;
