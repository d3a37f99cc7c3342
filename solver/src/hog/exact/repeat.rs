//! Exact win probabilities as fractions, for Hog rules where a turn can leave the total as it
//! was (a *repeating* total, see [`Order`](crate::hog::Order)): textbook Hog's Pig Out worth 0,
//! a Free Bacon worth 0.
//!
//! Totals are solved from the highest down, in rationals. On a total every choice of every
//! state is worth `Q = c + p · F(V(next))`, as in the float solver: `c` the exact value of the
//! outcomes that leave the total (final, as higher totals are solved), `p` the probability of
//! gaining nothing, `next` the one state of this total that leads to, `F` the identity or
//! `1 − v` when the opponent moves there. With a choice fixed in every state, each state leads
//! to at most one other, so each component is a cycle with paths feeding it: around a cycle
//! the affine maps compose to `V = A + B · V`, so `V = A / (1 − B)` exactly (a cycle that
//! gains nothing for sure, `B = 1`, never ends and is worth ½, a tie, as in the float solver),
//! and the other states follow by substitution.
//!
//! The float solve fixes the first choices; an optimising seat then takes, wherever another
//! choice is worth strictly more at the exact values, the fewest dice among the best, and the
//! total is solved again (exact policy iteration) until nothing changes. The fractions are
//! those of an exactly optimal policy, not of the float one. Exact ties are listed as in the
//! rising sweep.
//!
//! Rational arithmetic reduces by a gcd at every step and the fractions grow with every
//! total, so this is for small goals: docs/performance.md gives the cost at the benchmarked ones.

use num_bigint::BigUint;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rayon::prelude::*;

use super::{ExactError, ExactSolution, ExactTie, Landing, Weights, reach, rescale_successors};
use crate::fraction::Fraction;
use crate::hog::layout::Layout;
use crate::hog::ruleset::Ruleset;
use crate::hog::strategy::Strategy;
use crate::hog::sweep::{Player, solve};

/// The reduced fraction `numerator / denominator`.
fn ratio(numerator: BigUint, denominator: BigUint) -> BigRational {
    BigRational::new(numerator.into(), denominator.into())
}

/// Rounds of exact policy improvement a total may take (the float choices are optimal but for
/// choices within rounding of each other, so one or two rounds suffice).
const MAX_ROUNDS: usize = 64;

/// The denominators the choices of the total being solved share: every `c` is over
/// `common · base` (`common` the successors' common denominator), every `p` over `base`.
struct Scale {
    common: BigUint,
    base: u64,
    of_c: BigUint,
}

/// One choice of one state: `Q = c + p · F(V(next))`.
#[derive(Clone, Debug)]
struct Choice {
    /// The dice asked for.
    n: u8,
    /// The value of the outcomes that leave the total, over [`Scale::of_c`].
    c: BigUint,
    /// The probability of gaining nothing and staying on the total, over [`Scale::base`].
    p: u64,
    /// The state of the total that leads to (its node) and whether the opponent moves there.
    next: Option<(usize, bool)>,
}

impl Choice {
    /// `c + p · F(V(next))`, with `value` giving a node's value: integer products, no
    /// reduction.
    fn worth<'v>(&self, scale: &Scale, value: impl Fn(usize) -> &'v BigRational) -> Worth {
        match self.next {
            Some((next, flipped)) if self.p > 0 => {
                let v = value(next);
                let (top, bottom) = (v.numer().magnitude(), v.denom().magnitude());
                let seen = if flipped { bottom - top } else { top.clone() };
                Worth {
                    numerator: &self.c * bottom + seen * &scale.common * self.p,
                    denominator: &scale.of_c * bottom,
                }
            }
            _ => Worth {
                numerator: self.c.clone(),
                denominator: scale.of_c.clone(),
            },
        }
    }

    /// The map `v ↦ a + b · v` this choice applies to its next state's value.
    fn affine(&self, scale: &Scale) -> (BigRational, BigRational) {
        let c = ratio(self.c.clone(), scale.of_c.clone());
        let p = ratio(self.p.into(), scale.base.into());
        match self.next {
            None => (c, BigRational::zero()),
            Some((_, true)) => (c + &p, -p),
            Some((_, false)) => (c, p),
        }
    }
}

/// A choice's worth as an unreduced fraction, compared by cross-multiplying.
struct Worth {
    numerator: BigUint,
    denominator: BigUint,
}

impl Worth {
    fn reduced(self) -> BigRational {
        ratio(self.numerator, self.denominator)
    }
}

impl Ord for Worth {
    fn cmp(&self, other: &Worth) -> std::cmp::Ordering {
        (&self.numerator * &other.denominator).cmp(&(&other.numerator * &self.denominator))
    }
}

impl PartialOrd for Worth {
    fn partial_cmp(&self, other: &Worth) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Worth {
    fn eq(&self, other: &Worth) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Worth {}

/// A state of the total being solved: its seat, its slot in the seat's arrays, and its choices
/// (one for a fixed player, every dice count for an optimising one).
struct Node {
    seat: usize,
    slot: usize,
    choices: Vec<Choice>,
}

/// The exact solve of `strategies[0]` in seat 0 against `strategies[1]`, for rules whose
/// repeating totals keep play on one total (no merged layers).
pub(super) fn solve_repeating(
    rules: &Ruleset,
    strategies: [&Strategy; 2],
) -> Result<ExactSolution, ExactError> {
    let players = strategies.map(|s| s.player(rules));
    let float = solve(rules, [&players[0], &players[1]])?;
    let policies = [float.policy(0), float.policy(1)];
    let optimising = players.each_ref().map(|p| !matches!(p, Player::Fixed(_)));
    let layout = Layout::reachable(rules, [players[0].dice(rules), players[1].dice(rules)]);
    let weights = Weights::of(rules)?;
    let space = rules.space();
    let per_cell = layout.per_cell();
    let slots = space.cells() * per_cell;
    // Solved values as numerators over one common denominator, the least common multiple of
    // theirs: a choice's sum over successors is then integer multiply-adds, one reduction.
    let mut numerators = [vec![BigUint::zero(); slots], vec![BigUint::zero(); slots]];
    let mut denominator = BigUint::one();
    let mut start = [BigRational::zero(), BigRational::zero()];
    let mut dice = [vec![0u8; slots], vec![0u8; slots]];
    let mut ties = Vec::new();
    let reach = reach(rules);
    let initial = rules.memory().initial;
    let start_slots = [0, 1].map(|seat| {
        let slot = layout.slot(seat, initial, initial);
        space.cell(0, 0) * per_cell + slot.expect("both seats hold the initial memory")
    });
    for total in (0..space.diagonals()).rev() {
        let cells = space.diagonal(total);
        let first = cells.start * per_cell;
        let per_seat = cells.len() * per_cell;
        let total_of = |slot: usize| {
            let (a, b) = space.scores(slot / per_cell);
            (a + b) as usize
        };
        let scale = Scale {
            of_c: &denominator * weights.base,
            common: denominator.clone(),
            base: weights.base,
        };
        let nodes: Vec<Node> = (0..2 * per_seat)
            .into_par_iter()
            .map(|node| {
                let seat = node / per_seat;
                let slot = first + node % per_seat;
                let cell = slot / per_cell;
                let scores = space.scores(cell);
                let (own_memory, opponent_memory) = layout.memories_of(seat, slot % per_cell);
                let asked = if optimising[seat] {
                    rules.dice_choices()
                } else {
                    let state = space.state(cell, own_memory, opponent_memory);
                    let n = policies[seat].dice_in(cell, state);
                    n..n + 1
                };
                let choices = asked
                    .map(|n| {
                        let effect = rules.effect((own_memory, opponent_memory), n);
                        let mut won = 0u128;
                        let mut stays = 0u64;
                        let mut next = None;
                        let (mut gained, mut lost) = (BigUint::zero(), BigUint::zero());
                        let choice = (n, effect, opponent_memory);
                        weights.for_each_landing(
                            (rules, &layout),
                            seat,
                            scores,
                            choice,
                            |weight, landing| match landing {
                                Landing::Ends(mover_won) => {
                                    won += u128::from(mover_won) * u128::from(weight)
                                }
                                Landing::Moves {
                                    seat,
                                    slot,
                                    flipped,
                                } if total_of(slot) == total => {
                                    // Only a turn that gains nothing stays, and all such
                                    // outcomes lead to the one same state.
                                    stays += weight;
                                    next = Some((seat * per_seat + slot - first, flipped));
                                }
                                Landing::Moves {
                                    seat,
                                    slot,
                                    flipped,
                                } => {
                                    let term = &numerators[seat][slot] * weight;
                                    if flipped {
                                        won += u128::from(weight);
                                        lost += term;
                                    } else {
                                        gained += term;
                                    }
                                }
                            },
                        );
                        Choice {
                            n,
                            c: &denominator * won + gained - lost,
                            p: stays,
                            next,
                        }
                    })
                    .collect();
                Node {
                    seat,
                    slot,
                    choices,
                }
            })
            .collect();
        let float_choice = |node: &Node| -> usize {
            let cell = node.slot / per_cell;
            let (own_memory, opponent_memory) = layout.memories_of(node.seat, node.slot % per_cell);
            let state = space.state(cell, own_memory, opponent_memory);
            let n = policies[node.seat].dice_in(cell, state);
            node.choices.iter().position(|c| c.n == n).unwrap_or(0)
        };
        let mut chosen: Vec<usize> = nodes.iter().map(float_choice).collect();
        let mut rounds = 0;
        let mut solved = loop {
            let solved = evaluate(&nodes, &chosen, &scale);
            if !improve(&nodes, &mut chosen, &solved, (&scale, optimising)) {
                break solved;
            }
            rounds += 1;
            if rounds == MAX_ROUNDS {
                let (own, opponent) = space.scores(cells.start);
                return Err(ExactError::Unsettled {
                    rules: rules.name().to_string(),
                    total: own + opponent,
                });
            }
        };
        // Among exactly equal best choices take the fewest dice, as the float solver does,
        // where that keeps the values and the policy stable (switching two mirrored states
        // to a choice that passes can turn a game that ends into one that never does).
        let fewest = fewest_dice(&nodes, &chosen, &solved, (&scale, optimising));
        if fewest != chosen {
            let values = evaluate(&nodes, &fewest, &scale);
            let mut check = fewest.clone();
            if values == solved && !improve(&nodes, &mut check, &values, (&scale, optimising)) {
                chosen = fewest;
                solved = values;
            }
        }
        for (i, node) in nodes.iter().enumerate() {
            if node.seat == 0 && optimising[0] {
                let worths: Vec<Worth> = node
                    .choices
                    .iter()
                    .map(|c| c.worth(&scale, |n| &solved[n]))
                    .collect();
                // The choice taken first, then the others from the fewest dice.
                let taken = node.choices[chosen[i]].n;
                let equal: Vec<u8> = std::iter::once(taken)
                    .chain(
                        node.choices
                            .iter()
                            .zip(&worths)
                            .filter(|(c, w)| **w == worths[chosen[i]] && c.n != taken)
                            .map(|(c, _)| c.n),
                    )
                    .collect();
                if equal.len() > 1 {
                    let (own, opponent) = space.scores(node.slot / per_cell);
                    ties.push(ExactTie {
                        own,
                        opponent,
                        memories: layout.memories_of(0, node.slot % per_cell),
                        dice: equal,
                    });
                }
            }
            dice[node.seat][node.slot] = node.choices[chosen[i]].n;
        }
        // The new common denominator; the successors a lower total can reach are rescaled to
        // it, those beyond let go.
        let common = solved
            .iter()
            .fold(denominator.clone(), |d, v| d.lcm(v.denom().magnitude()));
        let factor = &common / &denominator;
        rescale_successors(&mut numerators, (rules, per_cell), (total, reach), &factor);
        denominator = common;
        for (node, value) in nodes.iter().zip(solved) {
            let (numerator, below) = (value.numer().magnitude(), value.denom().magnitude());
            numerators[node.seat][node.slot] = numerator * (&denominator / below);
            if node.slot == start_slots[node.seat] {
                start[node.seat] = value;
            }
        }
    }
    ties.sort_by_key(|t| (t.own + t.opponent, t.own, t.memories));
    Ok(ExactSolution {
        memory: space.memory_size(),
        layout,
        dice,
        start: start.map(Fraction::from_rational),
        ties,
    })
}

/// The exact values of the nodes when each plays its `chosen` choice (see the module docs).
fn evaluate(nodes: &[Node], chosen: &[usize], scale: &Scale) -> Vec<BigRational> {
    let choice = |node: usize| &nodes[node].choices[chosen[node]];
    let mut values: Vec<Option<BigRational>> = vec![None; nodes.len()];
    // The walk that last visited each node, to tell a cycle of this walk from a path into a
    // node an older walk valued.
    let mut walked = vec![usize::MAX; nodes.len()];
    for from in 0..nodes.len() {
        let mut path = Vec::new();
        let mut node = from;
        // Walk forward until a valued node, the end of a chain, or a node of this walk.
        let cycle_at = loop {
            if values[node].is_some() {
                break None;
            }
            if walked[node] == from {
                break path.iter().position(|&n| n == node);
            }
            walked[node] = from;
            path.push(node);
            match choice(node).next {
                Some((next, _)) => node = next,
                None => break None,
            }
        };
        if let Some(at) = cycle_at {
            // V(path[at]) = A + B · V(path[at]), composing the maps around the cycle.
            let (mut a, mut b) = (BigRational::zero(), BigRational::one());
            for &node in path[at..].iter().rev() {
                let (c, p) = choice(node).affine(scale);
                a = &c + &p * a;
                b *= p;
            }
            let one = BigRational::one();
            values[path[at]] = Some(if b == one {
                BigRational::new(1.into(), 2.into())
            } else {
                a / (one - b)
            });
        }
        // Every other node of the walk leads to one valued already: substitute backwards.
        for &node in path.iter().rev() {
            if values[node].is_none() {
                let worth =
                    choice(node).worth(scale, |next| values[next].as_ref().expect("valued"));
                values[node] = Some(worth.reduced());
            }
        }
    }
    values
        .into_iter()
        .map(|v| v.expect("every node valued"))
        .collect()
}

/// Lets every node of an optimising seat take a choice worth strictly more than its own at
/// `values`, the fewest dice among the best (a step of policy iteration; switching between
/// equal choices could cycle). Whether any node changed.
fn improve(
    nodes: &[Node],
    chosen: &mut [usize],
    values: &[BigRational],
    (scale, optimising): (&Scale, [bool; 2]),
) -> bool {
    let picks: Vec<usize> = nodes
        .par_iter()
        .zip(chosen.par_iter())
        .map(|(node, &current)| {
            if !optimising[node.seat] {
                return current;
            }
            let (best, top) = best_choice(node, values, scale);
            let own = node.choices[current].worth(scale, |next| &values[next]);
            if top > own { best } else { current }
        })
        .collect();
    let changed = picks != chosen;
    chosen.copy_from_slice(&picks);
    changed
}

/// Every node's choice, an optimising seat's moved to the fewest dice among its best at
/// `values`.
fn fewest_dice(
    nodes: &[Node],
    chosen: &[usize],
    values: &[BigRational],
    (scale, optimising): (&Scale, [bool; 2]),
) -> Vec<usize> {
    nodes
        .par_iter()
        .zip(chosen.par_iter())
        .map(|(node, &current)| {
            if optimising[node.seat] {
                best_choice(node, values, scale).0
            } else {
                current
            }
        })
        .collect()
}

/// The first of `node`'s choices worth the most at `values`, and its worth.
fn best_choice(node: &Node, values: &[BigRational], scale: &Scale) -> (usize, Worth) {
    let mut best: Option<(usize, Worth)> = None;
    for (k, choice) in node.choices.iter().enumerate() {
        let worth = choice.worth(scale, |next| &values[next]);
        if best.as_ref().is_none_or(|(_, top)| worth > *top) {
            best = Some((k, worth));
        }
    }
    best.expect("every node has a choice")
}

#[cfg(test)]
mod tests {
    use crate::hog::{Ruleset, Strategy, solve_exact};

    fn fractions(rules: &Ruleset, a: &str, b: &str) -> [String; 2] {
        let parse = |s| Strategy::parse(s, rules).unwrap();
        let rates = solve_exact(rules, [&parse(a), &parse(b)]).unwrap().rates();
        [&rates.as_first, &rates.as_second].map(|f| f.to_string())
    }

    #[test]
    fn textbook_hog_to_two_and_three_matches_fractions_derived_by_hand() {
        // Textbook Hog, one die each: a 1 scores 0 and passes the turn, so the position comes
        // back with the seats swapped. Goal 2: any other face wins, V = 5/6 + (1/6)(1 − V),
        // V = 6/7.
        let rules = Ruleset::preset("hog-textbook", 2).unwrap();
        let one = "always_roll:1";
        assert_eq!(fractions(&rules, one, one), ["6/7", "1/7"]);
        // Goal 3, V(a, b) the mover's chance: V(2, 2) = 6/7 as above. x = V(0, 2) and
        // y = V(2, 0) lead to each other: x = 4/6 + (1/6)(1 − 6/7) + (1/6)(1 − y) and
        // y = 5/6 + (1/6)(1 − x), so x = 174/245, y = 216/245. Then
        // V(0, 0) = 4/6 + (1/6)(1 − x) + (1/6)(1 − V(0, 0)) = 1296/1715.
        let rules = Ruleset::preset("hog-textbook", 3).unwrap();
        assert_eq!(fractions(&rules, one, one), ["1296/1715", "419/1715"]);
    }

    #[test]
    fn textbook_minimax_is_exactly_optimal_and_agrees_with_the_float_solve() {
        let rules = Ruleset::preset("hog-textbook", 20).unwrap();
        let minimax = Strategy::optimising("minimax");
        let exact = solve_exact(&rules, [&minimax, &minimax]).unwrap();
        let float = crate::hog::evaluate(&rules, &minimax, &minimax).unwrap();
        let rates = exact.rates();
        assert!((rates.as_first.to_f64() - float.as_first()).abs() < 1e-15);
        // Mirrored seats: the exact values of the two seats are each other's complement.
        assert_eq!(rates.win_rate.to_string(), "1/2");
        // The exact policy, played as a fixed table, is worth exactly the optimum against the
        // exact optimum of the other seat.
        let first = crate::hog::Player::Fixed(exact.policy(0));
        let second = crate::hog::Player::Fixed(exact.policy(1));
        let replay = crate::hog::solve(&rules, [&first, &second])
            .unwrap()
            .matchup();
        assert!((replay.as_first() - rates.as_first.to_f64()).abs() < 1e-15);
    }

    #[test]
    fn games_that_never_end_count_half_and_equal_choices_that_would_cycle_are_kept() {
        // hog-nju21's Free Bacon can gain nothing for sure: if both seats passed, the game
        // would never end. Exact improvement switches only to a strictly better choice, so
        // it settles, and the value (win + tie/2) is the float solve's.
        let rules = Ruleset::preset("hog-nju21", 40).unwrap();
        let minimax = Strategy::optimising("minimax");
        let exact = solve_exact(&rules, [&minimax, &minimax]).unwrap();
        let float = crate::hog::evaluate(&rules, &minimax, &minimax).unwrap();
        let value = float.first.win + float.first.tie / 2.0;
        assert!((exact.rates().as_first.to_f64() - value).abs() < 1e-15);
        assert!(float.first.tie > 0.0);
        // A tie lists the choice taken first: the fewest dice where that is stable.
        let policy = exact.policy(0);
        for tie in exact.ties() {
            let space = rules.space();
            let state = space.state(space.cell(tie.own, tie.opponent), 0, 0);
            assert_eq!(policy.dice(state), tie.dice[0], "{tie:?}");
        }
    }
}
