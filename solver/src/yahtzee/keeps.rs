//! The dice of a Yahtzee turn laid out once: the 462 keeps (every multiset of zero to five
//! dice), the 252 rolls among them (five dice), and how they link.
//!
//! Two recursions over the links give a turn's two kinds of step without a table of
//! roll-by-keep probabilities:
//!
//! - **Rolling the rest** ([`Keeps::expect`]): the value of keeping `k` and rolling the other
//!   dice is the mean, over the six faces, of keeping `k` plus that face and rolling the rest
//!   (the dice are rolled one at a time), down from the five-dice rolls: 210 × 6 sums.
//! - **Choosing what to keep** ([`Keeps::best_below`]): the best keep within a roll is the
//!   keep itself or, for some face it holds, the best keep within it less one die of that
//!   face, up from the empty keep: about 1,400 comparisons.

use crate::dice::multisets;

use super::rules::Counts;

/// The dice of a roll.
pub const DICE: usize = 5;

/// A keep in words: `keep 1 1 5`, `keep nothing`.
pub fn keep_words(counts: &[u8; 6]) -> String {
    if counts.iter().all(|&n| n == 0) {
        "keep nothing".to_string()
    } else {
        format!("keep {}", dice_words(counts))
    }
}

/// Dice (counts per face) in words, their faces in rising order: `2 2 5 6 6`.
pub fn dice_words(counts: &[u8; 6]) -> String {
    let faces: Vec<String> = faces(counts).iter().map(u8::to_string).collect();
    faces.join(" ")
}

/// The faces of counts per face, in rising order.
pub fn faces(counts: &[u8; 6]) -> Vec<u8> {
    (0..6u8)
        .flat_map(|f| std::iter::repeat_n(f + 1, usize::from(counts[usize::from(f)])))
        .collect()
}

/// The larger of `a` and `b` (values are never NaN: a plain comparison, one instruction for
/// two lanes).
pub fn larger(a: f64, b: f64) -> f64 {
    if b > a { b } else { a }
}

/// The keeps, rolls and their links.
#[derive(Clone, Debug)]
pub struct Keeps {
    /// Every keep as counts per face, by number: by size, then as [`multisets`] orders them.
    counts: Vec<Counts>,
    /// The first keep number of each size `0..=5`, and the total.
    starts: [usize; DICE + 2],
    /// For each keep of fewer than five dice: the keep with one more die of each face.
    more: Vec<[u16; 6]>,
    /// For each keep: the keeps with one die fewer (one per face it holds).
    fewer: Vec<Vec<u16>>,
    /// For each roll (numbered from 0): how many of the 6⁵ ordered rolls it is, over 6⁵.
    probabilities: Vec<f64>,
}

impl Keeps {
    /// Lays the keeps out.
    pub fn new() -> Keeps {
        let mut counts = Vec::new();
        let mut starts = [0; DICE + 2];
        let mut probabilities = Vec::new();
        for (size, start) in starts.iter_mut().enumerate().take(DICE + 1) {
            *start = counts.len();
            for (keep, ways) in multisets(size) {
                counts.push(keep);
                if size == DICE {
                    probabilities.push(ways as f64 / 6f64.powi(DICE as i32));
                }
            }
        }
        starts[DICE + 1] = counts.len();
        let number = |keep: &Counts| {
            counts
                .iter()
                .position(|k| k == keep)
                .expect("every multiset is a keep") as u16
        };
        let size = |keep: &Counts| keep.iter().map(|&c| c as usize).sum::<usize>();
        let more = counts
            .iter()
            .filter(|k| size(k) < DICE)
            .map(|keep| {
                std::array::from_fn(|face| {
                    let mut next = *keep;
                    next[face] += 1;
                    number(&next)
                })
            })
            .collect();
        let fewer = counts
            .iter()
            .map(|keep| {
                (0..6)
                    .filter(|&face| keep[face] > 0)
                    .map(|face| {
                        let mut less = *keep;
                        less[face] -= 1;
                        number(&less)
                    })
                    .collect()
            })
            .collect();
        Keeps {
            counts,
            starts,
            more,
            fewer,
            probabilities,
        }
    }

    /// How many keeps there are (462).
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether there are none (never).
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The number of the first roll (five dice) among the keeps.
    pub fn first_roll(&self) -> usize {
        self.starts[DICE]
    }

    /// How many rolls there are (252).
    pub fn rolls(&self) -> usize {
        self.len() - self.first_roll()
    }

    /// The counts per face of keep number `k`.
    pub fn counts(&self, k: usize) -> &Counts {
        &self.counts[k]
    }

    /// The number of the keep with `counts`.
    pub fn number(&self, counts: &Counts) -> Option<usize> {
        let size: usize = counts.iter().map(|&c| c as usize).sum();
        (size <= DICE).then(|| {
            (self.starts[size]..self.starts[size + 1])
                .find(|&k| &self.counts[k] == counts)
                .expect("every multiset of at most five dice is a keep")
        })
    }

    /// The probability of roll number `r` (counted from the first roll) when five dice are
    /// rolled.
    pub fn probability(&self, r: usize) -> f64 {
        self.probabilities[r]
    }

    /// Fills the value of keeping each keep of fewer than five dice and rolling the rest, in
    /// `values` (`lanes` values per keep, by keep number), from the values of the rolls there.
    pub fn expect(&self, values: &mut [f64], lanes: usize) {
        for k in (0..self.first_roll()).rev() {
            let (below, above) = values.split_at_mut((k + 1) * lanes);
            let out = &mut below[k * lanes..];
            out.fill(0.0);
            for &next in &self.more[k] {
                let from = &above[(next as usize - k - 1) * lanes..][..lanes];
                for (o, v) in out.iter_mut().zip(from) {
                    *o += v;
                }
            }
            for o in out.iter_mut() {
                *o /= 6.0;
            }
        }
    }

    /// [`best_below`](Self::best_below), saying in `choices` (by keep number, `lanes` each)
    /// which keep within each is the best: the first of the most valuable by keep number, so
    /// among keeps worth the same the one of fewest dice (the choice whose final score has
    /// Verhoeff's published standard deviation, 59.6117; keeping the most dice gives 59.6114,
    /// with the same mean and median).
    pub fn best_below_choosing(&self, values: &mut [f64], lanes: usize, choices: &mut Vec<u16>) {
        choices.clear();
        choices.resize(self.len() * lanes, 0);
        for (k, chosen) in choices.chunks_exact_mut(lanes).enumerate() {
            chosen.fill(k as u16);
        }
        for k in 1..self.len() {
            let (values_below, values_at) = values.split_at_mut(k * lanes);
            let (choices_below, choices_at) = choices.split_at_mut(k * lanes);
            let (out, chosen) = (&mut values_at[..lanes], &mut choices_at[..lanes]);
            for &less in &self.fewer[k] {
                let at = usize::from(less) * lanes;
                let lesser = values_below[at..at + lanes].iter();
                let lesser = lesser.zip(&choices_below[at..at + lanes]);
                for ((o, c), (v, less)) in out.iter_mut().zip(chosen.iter_mut()).zip(lesser) {
                    if *v > *o || (*v == *o && less < c) {
                        *o = *v;
                        *c = *less;
                    }
                }
            }
        }
    }

    /// Spreads the probability `mass` of each keep (`lanes` per keep, by keep number) over the
    /// rolls its dice complete to, the rest rolled: afterwards the rolls' entries hold where
    /// the dice land (the dual of [`expect`](Self::expect); the other entries are left spent).
    pub fn spread(&self, mass: &mut [f64], lanes: usize) {
        let mut share = vec![0.0; lanes];
        for k in 0..self.first_roll() {
            let at = &mut mass[k * lanes..][..lanes];
            if at.iter().all(|&m| m == 0.0) {
                continue;
            }
            for (s, m) in share.iter_mut().zip(at.iter_mut()) {
                *s = *m / 6.0;
                *m = 0.0;
            }
            for &next in &self.more[k] {
                let to = &mut mass[usize::from(next) * lanes..][..lanes];
                for (t, s) in to.iter_mut().zip(&share) {
                    *t += s;
                }
            }
        }
    }

    /// Raises each keep's value in `values` (`lanes` per keep) to the best of any keep within
    /// it: afterwards a roll's value is that of the best keep it offers.
    pub fn best_below(&self, values: &mut [f64], lanes: usize) {
        for k in 1..self.len() {
            let (below, at) = values.split_at_mut(k * lanes);
            let out = &mut at[..lanes];
            for &less in &self.fewer[k] {
                let from = &below[less as usize * lanes..][..lanes];
                for (o, v) in out.iter_mut().zip(from) {
                    *o = larger(*o, *v);
                }
            }
        }
    }
}

impl Default for Keeps {
    fn default() -> Keeps {
        Keeps::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_462_keeps_and_252_rolls_whose_chances_sum_to_one() {
        let keeps = Keeps::new();
        assert_eq!((keeps.len(), keeps.rolls()), (462, 252));
        let ways: f64 = (0..252)
            .map(|r| (keeps.probability(r) * 7776.0).round())
            .sum();
        assert_eq!(ways, 7776.0);
        // Five alike: one way in 6⁵; 1-2-3-4-5: 5! ways.
        let five = keeps.number(&[0, 0, 0, 0, 0, 5]).unwrap() - keeps.first_roll();
        assert_eq!(keeps.probability(five), 1.0 / 7776.0);
        let run = keeps.number(&[1, 1, 1, 1, 1, 0]).unwrap() - keeps.first_roll();
        assert_eq!(keeps.probability(run), 120.0 / 7776.0);
    }

    /// Keeping two sixes and rolling three dice: the chance of at least one more six is
    /// 1 − (5/6)³; the best keep of 6-6-6-1-2 for "count the sixes" keeps the three sixes.
    #[test]
    fn rolling_the_rest_and_the_best_keep_agree_with_hand_counts() {
        let keeps = Keeps::new();
        // Rolls score 1 with three sixes or more; the other entries are filled by `expect`.
        let mut values: Vec<f64> = (0..keeps.len())
            .map(|k| f64::from(u8::from(keeps.counts(k)[5] >= 3)))
            .collect();
        keeps.expect(&mut values, 1);
        let two_sixes = keeps.number(&[0, 0, 0, 0, 0, 2]).unwrap();
        let expected = 1.0 - (5.0f64 / 6.0).powi(3);
        assert!((values[two_sixes] - expected).abs() < 1e-15);
        let mut values: Vec<f64> = (0..keeps.len())
            .map(|k| f64::from(keeps.counts(k)[5]) - 0.1 * f64::from(keeps.counts(k)[0]))
            .collect();
        keeps.best_below(&mut values, 1);
        let roll = keeps.number(&[1, 1, 0, 0, 0, 3]).unwrap();
        assert_eq!(values[roll], 3.0);
    }
}
