//! A second way to solve small Farkle games, written apart from the solver: its own scoring
//! (every subset of the dice shown, split into combinations every way), every ordered roll
//! counted, and plain value iteration over every state — turn starts and every (turn total,
//! dice) inside a turn — until nothing moves. Only the rules' numbers ([`Settings`]) are shared.

use std::collections::{BTreeSet, HashMap};

use super::game::Settings;

/// The points a set of dice (counts per face) scores when every die of it is in some
/// combination, each way of splitting it once; `whole` says it is all six dice of a roll (so a
/// straight or three pairs may count).
fn splits(rules: &Settings, counts: [u8; 6], whole: bool) -> BTreeSet<u32> {
    let mut out = BTreeSet::new();
    let total: u8 = counts.iter().sum();
    if total == 0 {
        out.insert(0);
        return out;
    }
    if whole && total == 6 {
        if counts == [1; 6] && rules.straight > 0 {
            out.insert(rules.straight);
        }
        let mut pairs: Vec<u8> = counts.iter().copied().filter(|&c| c > 0).collect();
        pairs.sort_unstable();
        if (pairs == [2, 2, 2] || pairs == [2, 4]) && rules.three_pairs > 0 {
            out.insert(rules.three_pairs);
        }
    }
    // The lowest face shown must be in some combination of its own face.
    let face = counts.iter().position(|&c| c > 0).expect("some die");
    let value = face as u32 + 1;
    let single = match value {
        1 => rules.one,
        5 => rules.five,
        _ => 0,
    };
    let mut take = |n: u8, points: u32| {
        if points == 0 {
            return;
        }
        let mut rest = counts;
        rest[face] -= n;
        for p in splits(rules, rest, false) {
            out.insert(points + p);
        }
    };
    take(1, single);
    let three = if value == 1 {
        rules.three_ones
    } else {
        rules.triple * value
    };
    for n in 3..=counts[face] {
        let times = if rules.doubling == 1 {
            1 << (n - 3)
        } else {
            u32::from(n) - 2
        };
        take(n, three * times);
    }
    out
}

/// Every keep of an ordered roll: (points in units, dice left, six after hot dice).
fn keeps(rules: &Settings, roll: &[u8]) -> BTreeSet<(usize, usize)> {
    let n = roll.len();
    let mut out = BTreeSet::new();
    for subset in 1..(1u32 << n) {
        let mut counts = [0u8; 6];
        for (i, &face) in roll.iter().enumerate() {
            if subset & (1 << i) != 0 {
                counts[face as usize - 1] += 1;
            }
        }
        let used = subset.count_ones() as usize;
        let left = if used == n { 6 } else { n - used };
        for points in splits(rules, counts, n == 6 && used == 6) {
            out.insert((points as usize / 50, left));
        }
    }
    out
}

/// What a roll of n dice does: P(farkle), and each set of keeps with its probability.
type Rolls = (f64, Vec<(f64, Vec<(usize, usize)>)>);

/// Turn-start values by (own, opponent, own count, opponent's count), solved by value
/// iteration; returns them with the largest change of the last iteration.
pub struct Reference {
    scores: usize,
    farkles: usize,
    /// W by `((own · K + count) · K + opponent count) · scores + opponent`, as the solver.
    pub values: Vec<f64>,
}

impl Reference {
    /// Solves the game of `rules` with both players optimal.
    pub fn solve(rules: &Settings) -> Reference {
        let scores = ((i64::from(rules.goal) - rules.floor) / 50) as usize;
        let k = rules.farkles as usize;
        let penalty = (rules.penalty / 50) as usize;
        let min_bank = ((rules.min_bank / 50) as usize).max(1);
        // By dice rolled: the farkle probability and each roll's keeps with its probability.
        let mut rolls: Vec<Rolls> = vec![(0.0, Vec::new())];
        for n in 1..=6usize {
            let total = 6usize.pow(n as u32);
            let mut counted: HashMap<Vec<(usize, usize)>, usize> = HashMap::new();
            for code in 0..total {
                let roll: Vec<u8> = (0..n)
                    .map(|i| (code / 6usize.pow(i as u32) % 6) as u8 + 1)
                    .collect();
                let options: Vec<(usize, usize)> = keeps(rules, &roll).into_iter().collect();
                *counted.entry(options).or_default() += 1;
            }
            let farkle = counted.remove(&Vec::new()).unwrap_or(0) as f64 / total as f64;
            let offers = counted
                .into_iter()
                .map(|(options, count)| (count as f64 / total as f64, options))
                .collect();
            rolls.push((farkle, offers));
        }
        let index = |own: usize, opponent: usize, f: usize, e: usize| {
            ((own * k + f) * k + e) * scores + opponent
        };
        let mut w = vec![0.5; scores * scores * k * k];
        // Within-turn values by state and (t, n), t < scores − own.
        let mut v: Vec<Vec<f64>> = (0..w.len())
            .map(|s| vec![0.5; (scores - s / (k * k * scores)) * 7])
            .collect();
        let mut last = f64::INFINITY;
        loop {
            let mut moved: f64 = 0.0;
            for own in 0..scores {
                for opponent in 0..scores {
                    for f in 0..k {
                        for e in 0..k {
                            let s = index(own, opponent, f, e);
                            let len = scores - own;
                            let (after, next) = if f + 1 < k {
                                (own, f + 1)
                            } else {
                                (own.saturating_sub(penalty), 0)
                            };
                            let farkle = 1.0 - w[index(opponent, after, e, next)];
                            let within = &mut v[s];
                            for t in (0..len).rev() {
                                for n in 1..=6 {
                                    if t == 0 && n < 6 {
                                        continue;
                                    }
                                    let (pf, offers) = &rolls[n];
                                    let mut roll = pf * farkle;
                                    for (p, options) in offers {
                                        let best = options
                                            .iter()
                                            .map(|&(points, left)| {
                                                if t + points >= len {
                                                    1.0
                                                } else {
                                                    within[(t + points) * 7 + left]
                                                }
                                            })
                                            .fold(f64::NEG_INFINITY, f64::max);
                                        roll += p * best;
                                    }
                                    let value = if t >= min_bank {
                                        roll.max(1.0 - w[index(opponent, own + t, e, 0)])
                                    } else {
                                        roll
                                    };
                                    moved = moved.max((value - within[t * 7 + n]).abs());
                                    within[t * 7 + n] = value;
                                }
                            }
                            w[s] = within[6];
                        }
                    }
                }
            }
            // Settled: nothing moves, or only rounding that no longer shrinks.
            if moved <= 1e-16 || (moved <= 1e-14 && moved >= last) {
                return Reference {
                    scores,
                    farkles: k,
                    values: w,
                };
            }
            last = moved;
        }
    }

    /// W at (own, opponent) score indices and farkle counts.
    pub fn value(&self, own: usize, opponent: usize, f: usize, e: usize) -> f64 {
        self.values[((own * self.farkles + f) * self.farkles + e) * self.scores + opponent]
    }
}
