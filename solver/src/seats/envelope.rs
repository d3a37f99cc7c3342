//! A group's equilibrium from its members' best answers, for three seats: where policy
//! iteration and the mixes of the plans it met find none.
//!
//! **One number per member.** Given the values outside the group, a member's turn depends on
//! one number: c, what the start its empty turn hands on is worth to it. Each plan k of its turn
//! is worth `e_k + p_k · c` to it (`e_k` its other ends, `p_k` its chance of an empty turn), a
//! line in c, so its best plans over c ∈ [0, 1] are the upper envelope of those lines
//! ([`Envelope`]): a few plans in the order of c, two neighbours worth the same at each break.
//! The envelope is found from the turn itself (its best plan at c = 0 and 1, then at the
//! meeting of two neighbours' lines, until no plan beats them there), not from the plans a
//! search happened to meet.
//!
//! **Equilibria.** In a stationary equilibrium each member plays one plan of its envelope, or
//! mixes two neighbours at their break b, which fixes its own value (both lines meet there):
//! its condition c = b is then an equation in the other members' mixing probabilities alone.
//! Three members each handing on to the next (the rotations of three different scores) have
//! `c_i = F_{i+1}[2] + E_{i+1} F_{i+2}[1] + E_{i+1} E_{i+2} v_i` (F, E a member's other ends
//! and empty chance, affine in its probability; `v_i` its own value), bilinear in the other
//! two: with two mixing each condition is linear in the other's probability, with three the
//! conditions come down to a quadratic in one. One member (the three scores alike) is one
//! unknown, quadratic. Every choice of a plan or a break per member is tried, the fewest mixes
//! first, until no member gains by more than a tie by any plan. Every turn ends the group with
//! some chance, so a stationary equilibrium in mixed plans exists: the search misses only where
//! a member would mix alone, or three lines meet (neither happens but by accident).

use super::{
    Ends, MOST_SEATS, Mix, Race, Support, TIE, Values, Wins, blend, content, line, mixed_values,
    same_plan, settled, solve_affine,
};

/// Plans one envelope holds at most (a guard against rounding: Pig's have a few).
const MOST_PLANS: usize = 64;

/// Probabilities this far outside [0, 1] are rounding, taken as the bound.
const SLACK: f64 = 1e-9;

/// A member's best plans over c, the value to it of the start its empty turn hands on.
struct Envelope {
    /// Each plan, in the order of c, with an empty value it is the best answer to.
    plans: Vec<(Ends, Wins)>,
    /// `breaks[k]`: the c where plans k and k + 1 are worth the same.
    breaks: Vec<f64>,
}

/// The envelope of `start`'s plans: its best plan at c = 0 and 1, then wherever two
/// neighbours' lines meet, the best plan there between them if it beats them, else a break.
fn envelope<R: Race>(
    race: &R,
    start: usize,
    values: &Values,
    base: &Wins,
    scratch: &mut R::Scratch,
) -> Envelope {
    let seats = values.seats();
    let mut best_at = |c: f64| {
        let mut empty = *base;
        empty[seats - 1] = c;
        (race.ends(start, values, &empty, scratch), empty)
    };
    let mut plans = vec![best_at(0.0)];
    let mut breaks = Vec::new();
    // The plans still to the right of the last found, the nearest last.
    let mut right = vec![best_at(1.0)];
    while let Some(next) = right.pop() {
        let last = plans.last().expect("the envelope starts with a plan");
        if same_plan(&last.0, &next.0) {
            continue;
        }
        let (low, high) = (last.1[seats - 1], next.1[seats - 1]);
        let slopes = next.0.empty - last.0.empty;
        let meet = if slopes > 0.0 {
            ((last.0.fixed[0] - next.0.fixed[0]) / slopes)
                .max(low)
                .min(high)
        } else {
            high
        };
        let between = best_at(meet);
        let beats = line(&between.0, meet) > line(&last.0, meet).max(line(&next.0, meet)) + TIE;
        if beats && plans.len() + right.len() < MOST_PLANS {
            right.push(next);
            right.push(between);
        } else {
            breaks.push(meet);
            plans.push(next);
        }
    }
    Envelope { plans, breaks }
}

/// A member's part in a choice: one plan of its envelope, or the two on either side of one of
/// its breaks mixed.
#[derive(Clone, Copy, Debug)]
enum Part {
    /// Plan k.
    Plays(usize),
    /// Plans k and k + 1, at `breaks[k]`.
    Mixes(usize),
}

/// The group's equilibrium over its members' envelopes (three seats, one or three members each
/// handing on to the next); none where the group is of another shape or none is found.
pub(super) fn equilibrium<R: Race>(
    race: &R,
    (starts, next): (&[usize], &[usize]),
    bases: &[Wins],
    values: &Values,
    scratch: &mut R::Scratch,
) -> Option<Vec<(usize, Wins, Option<Mix>)>> {
    let seats = race.seats();
    let members = starts.len();
    let cycle = (0..members).all(|i| next[next[next[i]]] == i && next[i] == (i + 1) % members);
    if seats != 3 || !(members == 1 || members == 3) || !cycle {
        return None;
    }
    let envelopes: Vec<Envelope> = starts
        .iter()
        .zip(bases)
        .map(|(&start, base)| envelope(race, start, values, base, scratch))
        .collect();
    let parts: Vec<Vec<Part>> = envelopes
        .iter()
        .map(|e| {
            let plays = (0..e.plans.len()).map(Part::Plays);
            plays.chain((0..e.breaks.len()).map(Part::Mixes)).collect()
        })
        .collect();
    let mut choices: Vec<Vec<Part>> = vec![Vec::new()];
    for options in &parts {
        choices = choices
            .into_iter()
            .flat_map(|choice| {
                options.iter().map(move |&part| {
                    let mut choice = choice.clone();
                    choice.push(part);
                    choice
                })
            })
            .collect();
    }
    let mixes = |choice: &Vec<Part>| {
        choice
            .iter()
            .filter(|p| matches!(p, Part::Mixes(_)))
            .count()
    };
    choices.sort_by_key(mixes);
    for choice in choices {
        let mut ends: Vec<Ends> = Vec::new();
        let mut plans: Support = Vec::new();
        let mut meets: Vec<(f64, f64)> = Vec::new();
        for (i, (part, e)) in choice.iter().zip(&envelopes).enumerate() {
            match *part {
                Part::Plays(k) => ends.push(e.plans[k].0.clone()),
                Part::Mixes(k) => {
                    ends.push(e.plans[k].0.clone());
                    plans.push((i, vec![e.plans[k].clone(), e.plans[k + 1].clone()]));
                    let at = e.breaks[k];
                    meets.push((at, line(&e.plans[k].0, at)));
                }
            }
        }
        for q in probabilities(&plans, &meets, &ends, seats) {
            let mut trial = ends.clone();
            let Some((q, wins)) = mixed_values(members, next, &plans, &mut trial, seats, q) else {
                continue;
            };
            if content(race, (starts, next), &wins, values, scratch) {
                return Some(settled(starts, wins, &plans, &q));
            }
        }
        if plans.is_empty() {
            let mut wins = vec![[1.0 / seats as f64; MOST_SEATS]; members];
            solve_affine(&ends, next, &mut wins, seats);
            if content(race, (starts, next), &wins, values, scratch) {
                return Some(settled(starts, wins, &[], &[]));
            }
        }
    }
    None
}

/// The mixing probabilities (P(the first plan) of each member of `plans`) that make every
/// mixing member's c its break, `meets` (each break and the member's own value there); the
/// members not in `plans` play their plan in `ends`. None where nobody mixes.
fn probabilities(
    plans: &Support,
    meets: &[(f64, f64)],
    ends: &[Ends],
    seats: usize,
) -> Vec<Vec<f64>> {
    let members = ends.len();
    // Member m's condition, c_m − b_m, with the mixing members at probabilities `q`.
    let gap = |m: usize, q: &[f64]| {
        let mut ends = ends.to_vec();
        for ((i, list), &q) in plans.iter().zip(q) {
            ends[*i] = blend(&list[0].0, &list[1].0, q);
        }
        let (at, own) = meets[m];
        handed_on(&ends, plans[m].0, own, seats) - at
    };
    match plans.len() {
        0 => Vec::new(),
        1 if members == 1 => {
            let [g0, g1, g2] = [0.0, 0.5, 1.0].map(|q| gap(0, &[q]));
            quadratic_roots(2.0 * (g0 - 2.0 * g1 + g2), 4.0 * g1 - 3.0 * g0 - g2, g0)
                .into_iter()
                .map(|q| vec![q])
                .collect()
        }
        2 => {
            // Each condition is affine in the other mixing member's probability.
            let solve = |m: usize| {
                let at = |q: f64| gap(m, &if m == 0 { [0.5, q] } else { [q, 0.5] });
                let (g0, g1) = (at(0.0), at(1.0));
                (g0 != g1).then(|| g0 / (g0 - g1))
            };
            match (solve(1), solve(0)) {
                (Some(a), Some(b)) => within(&[a, b]).into_iter().collect(),
                _ => Vec::new(),
            }
        }
        3 => three_mixing(|m, x, y| {
            let mut q = [0.5; 3];
            q[(m + 1) % 3] = x;
            q[(m + 2) % 3] = y;
            gap(m, &q)
        }),
        _ => Vec::new(),
    }
}

/// c_i of member `i` of the group's `ends` (one or three members, each handing on to the next),
/// its own value at its start `own`: what the start its empty turn hands on is worth to it,
/// following the empty turns round the table back to it.
fn handed_on(ends: &[Ends], i: usize, own: f64, seats: usize) -> f64 {
    let members = ends.len();
    let mut value = 0.0;
    let mut reach = 1.0;
    for t in 1..seats {
        let at = &ends[(i + t) % members];
        value += reach * at.fixed[seats - t];
        reach *= at.empty;
    }
    value + reach * own
}

/// Three members all mixing, member m's condition `gap(m, q_{m+1}, q_{m+2})` bilinear in the
/// other two: the first two conditions give q_1 and q_0 as ratios of affine forms in q_2, the
/// third is then a quadratic in q_2.
fn three_mixing(gap: impl Fn(usize, f64, f64) -> f64) -> Vec<Vec<f64>> {
    // a + b x + c y + d x y from the four corners.
    let form = |m: usize| {
        let [g00, g10, g01, g11] =
            [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map(|(x, y)| gap(m, x, y));
        [g00, g10 - g00, g01 - g00, g11 - g10 - g01 + g00]
    };
    let ([a0, b0, c0, d0], [a1, b1, c1, d1], [a2, b2, c2, d2]) = (form(0), form(1), form(2));
    // q_1 = n1(t) / d1(t), q_0 = n0(t) / e0(t), each an affine form [constant, slope] in t = q_2.
    let (n1, e1) = ([-a0, -c0], [b0, d0]);
    let (n0, e0) = ([-a1, -b1], [c1, d1]);
    let times = |p: [f64; 2], r: [f64; 2]| [p[0] * r[0], p[0] * r[1] + p[1] * r[0], p[1] * r[1]];
    let terms = [
        (a2, times(e0, e1)),
        (b2, times(n0, e1)),
        (c2, times(n1, e0)),
        (d2, times(n0, n1)),
    ];
    let mut poly = [0.0; 3];
    for (weight, p) in terms {
        for (x, y) in poly.iter_mut().zip(p) {
            *x += weight * y;
        }
    }
    let at = |p: [f64; 2], t: f64| p[0] + p[1] * t;
    quadratic_roots(poly[2], poly[1], poly[0])
        .into_iter()
        .filter_map(|t| {
            let (d0, d1) = (at(e0, t), at(e1, t));
            (d0 != 0.0 && d1 != 0.0).then(|| [at(n0, t) / d0, at(n1, t) / d1, t])
        })
        .filter_map(|q| within(&q))
        .collect()
}

/// The roots in [0, 1] of `a t² + b t + c` (a line where `a` is nothing beside the others);
/// none where it is nothing at all.
fn quadratic_roots(a: f64, b: f64, c: f64) -> Vec<f64> {
    let scale = a.abs().max(b.abs()).max(c.abs());
    if scale == 0.0 {
        return Vec::new();
    }
    let roots = if a.abs() <= 1e-12 * scale {
        vec![-c / b]
    } else {
        let disc = b * b - 4.0 * a * c;
        if disc < 0.0 {
            Vec::new()
        } else {
            // The root without cancellation, then the other from their product.
            let big = -(b + b.signum() * disc.sqrt()) / 2.0;
            if big == 0.0 {
                vec![0.0]
            } else {
                vec![big / a, c / big]
            }
        }
    };
    roots
        .into_iter()
        .filter_map(|t| within(&[t]))
        .map(|q| q[0])
        .collect()
}

/// `q` with each probability in [0, 1], where each is no further outside than rounding.
fn within<const N: usize>(q: &[f64; N]) -> Option<Vec<f64>> {
    q.iter()
        .all(|x| x.is_finite() && (-SLACK..=1.0 + SLACK).contains(x))
        .then(|| q.iter().map(|x| x.clamp(0.0, 1.0)).collect())
}
