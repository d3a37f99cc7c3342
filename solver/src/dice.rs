//! Exact distributions of the points one turn of dice scores.
//!
//! A [`Die`] says how many faces it has (numbered `1..=faces`) and whether it obeys Pig Out (any
//! die showing 1 makes the whole turn score exactly 1). [`TurnPoints::roll`] computes the exact
//! distribution of a turn's points for `n` such dice by dynamic programming over the dice: the
//! number of ways to reach every sum with `k` dice that show no 1 is built from the ways with
//! `k − 1` dice, so the work is `O(n² · faces²)` instead of `faces^n` enumerated outcomes. The
//! counts are exact integers; each probability is one correctly rounded division.
//!
//! [`DiceCache`] holds the distribution of every dice count for every die a ruleset uses, so each
//! (die, n) pair is computed once.

/// The largest number of dice a Hog turn may roll.
pub const MAX_DICE: u8 = 10;

/// [`TurnPoints::expected_over`] sums in this many interleaved lanes, reading up to this many
/// values minus one past [`TurnPoints::max_points`] (their probabilities are zero).
pub const LANES: usize = 4;

/// A kind of die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Die {
    /// Number of faces; the faces show `1..=faces`.
    pub faces: u8,
    /// Whether a 1 on any die makes the turn score exactly 1 point (Pig Out).
    pub pig_out: bool,
}

impl Die {
    /// The ordinary six-sided die with Pig Out.
    pub const SIX_SIDED: Die = Die {
        faces: 6,
        pig_out: true,
    };
    /// A four-sided die (faces 1..4) with Pig Out, as Hog Wild uses.
    pub const FOUR_SIDED: Die = Die {
        faces: 4,
        pig_out: true,
    };
}

/// The exact distribution of the points scored by rolling some number of dice of one kind.
///
/// Stored as the probability of Pig Out (exactly 1 point) plus a dense run of probabilities for
/// the sums of the dice when no die shows 1, padded with zeros to a whole number of [`LANES`].
#[derive(Clone, Debug, PartialEq)]
pub struct TurnPoints {
    pig_out: f64,
    lowest_sum: usize,
    sums: Vec<f64>,
    outcome_counts: Vec<u64>,
    pig_out_count: u64,
    total_count: u64,
}

impl TurnPoints {
    /// The distribution of a turn's points when `dice` dice of kind `die` are rolled.
    ///
    /// `dice` must be in `1..=MAX_DICE`; the rules never ask for more (a ruleset caps every
    /// request at [`MAX_DICE`]).
    pub fn roll(die: Die, dice: u8) -> TurnPoints {
        assert!(
            (1..=MAX_DICE).contains(&dice),
            "dice count {dice} outside 1..={MAX_DICE}"
        );
        let faces = u64::from(die.faces);
        let lowest_face: usize = if die.pig_out { 2 } else { 1 };
        // ways[sum] = number of ordered outcomes of the dice so far, none showing a 1 when Pig
        // Out applies, whose faces add up to `sum`.
        let mut ways = vec![1u64];
        for _ in 0..dice {
            let mut next = vec![0u64; ways.len() + usize::from(die.faces)];
            for (sum, &count) in ways.iter().enumerate().filter(|(_, c)| **c > 0) {
                for face in lowest_face..=usize::from(die.faces) {
                    next[sum + face] += count;
                }
            }
            ways = next;
        }
        let lowest_sum = usize::from(dice) * lowest_face;
        let highest_sum = usize::from(dice) * usize::from(die.faces);
        let outcome_counts = ways[lowest_sum..=highest_sum].to_vec();
        let total_count = faces.pow(u32::from(dice));
        let pig_out_count = total_count - outcome_counts.iter().sum::<u64>();
        let probability = |count: u64| count as f64 / total_count as f64;
        TurnPoints {
            pig_out: probability(pig_out_count),
            lowest_sum,
            sums: {
                let mut sums: Vec<f64> = outcome_counts.iter().map(|&c| probability(c)).collect();
                sums.resize(sums.len().next_multiple_of(LANES), 0.0);
                sums
            },
            outcome_counts,
            pig_out_count,
            total_count,
        }
    }

    /// The probability that the turn scores exactly `points` points.
    pub fn probability(&self, points: usize) -> f64 {
        self.count(points) as f64 / self.total_count as f64
    }

    /// The exact number of equally likely outcomes (faces^n) behind this distribution.
    pub fn total_count(&self) -> u64 {
        self.total_count
    }

    /// The number of outcomes, out of [`total_count`](Self::total_count), that score exactly
    /// `points` points.
    pub fn count(&self, points: usize) -> u64 {
        let from_sums = points
            .checked_sub(self.lowest_sum)
            .and_then(|i| self.outcome_counts.get(i))
            .copied()
            .unwrap_or(0);
        if points == 1 {
            self.pig_out_count + from_sums
        } else {
            from_sums
        }
    }

    /// The most points this roll can score.
    pub fn max_points(&self) -> usize {
        (self.lowest_sum + self.outcome_counts.len())
            .saturating_sub(1)
            .max(1)
    }

    /// Every (points, probability) outcome with a positive probability, by increasing points.
    pub fn outcomes(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        let pig_out = (self.pig_out > 0.0).then_some((1, self.pig_out));
        let sums = self
            .sums
            .iter()
            .enumerate()
            .map(|(i, &p)| (self.lowest_sum + i, p));
        pig_out.into_iter().chain(sums.filter(|&(_, p)| p > 0.0))
    }

    /// The expectation of `values[points]` over this distribution; `values` must cover
    /// [`max_points`](Self::max_points) `+ LANES − 1`.
    ///
    /// Every value of rolling dice the solver computes goes through here, for fixed and
    /// optimising players alike, so the same position always gets bit-identical values however
    /// it was reached. The sum runs in [`LANES`] interleaved lanes (a fixed order, so still
    /// deterministic) to keep the floating-point adds pipelined; the zero padding adds exact
    /// zeros.
    #[inline]
    pub fn expected_over(&self, values: &[f64]) -> f64 {
        let window = &values[self.lowest_sum..self.lowest_sum + self.sums.len()];
        let mut lanes = [0.0; LANES];
        for (p, v) in self
            .sums
            .chunks_exact(LANES)
            .zip(window.chunks_exact(LANES))
        {
            for lane in 0..LANES {
                lanes[lane] += p[lane] * v[lane];
            }
        }
        self.finish(lanes, || values[1])
    }

    /// Adds Pig Out's share to the four lanes of the sums, in a fixed order.
    #[inline]
    fn finish(&self, lanes: [f64; LANES], pig_out_value: impl FnOnce() -> f64) -> f64 {
        let pig_out = if self.pig_out > 0.0 {
            self.pig_out * pig_out_value()
        } else {
            0.0
        };
        pig_out + ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3]))
    }
}

/// Distributions of every dice count `1..=MAX_DICE` for a set of dice, computed once.
#[derive(Clone, Debug)]
pub struct DiceCache {
    dice: Vec<Die>,
    rolls: Vec<TurnPoints>,
}

impl DiceCache {
    /// Computes the distributions of `1..=MAX_DICE` dice for each die in `dice`.
    pub fn new(dice: Vec<Die>) -> DiceCache {
        let rolls = dice
            .iter()
            .flat_map(|&die| (1..=MAX_DICE).map(move |n| TurnPoints::roll(die, n)))
            .collect();
        DiceCache { dice, rolls }
    }

    /// The dice this cache covers, in the order their indices refer to.
    pub fn dice(&self) -> &[Die] {
        &self.dice
    }

    /// The distribution for `dice` (in `1..=MAX_DICE`) dice of the die with index `die`.
    #[inline]
    pub fn get(&self, die: usize, dice: u8) -> &TurnPoints {
        &self.rolls[die * usize::from(MAX_DICE) + usize::from(dice) - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_six_sided_die_is_uniform_with_pig_out_on_one() {
        let roll = TurnPoints::roll(Die::SIX_SIDED, 1);
        for points in 1..=6 {
            assert_eq!(roll.count(points), 1);
            assert_eq!(roll.probability(points), 1.0 / 6.0);
        }
        assert_eq!(roll.probability(7), 0.0);
        assert_eq!(roll.max_points(), 6);
    }

    #[test]
    fn two_dice_counted_by_hand() {
        // 36 outcomes; 11 contain a 1 (Pig Out). Without 1s: 4 = 2+2 (1 way), 7 = 2+5, 5+2,
        // 3+4, 4+3 (4 ways), 12 = 6+6 (1 way).
        let roll = TurnPoints::roll(Die::SIX_SIDED, 2);
        assert_eq!(roll.total_count(), 36);
        assert_eq!(roll.count(1), 11);
        assert_eq!(roll.count(2), 0);
        assert_eq!(roll.count(3), 0);
        assert_eq!(roll.count(4), 1);
        assert_eq!(roll.count(7), 4);
        assert_eq!(roll.count(12), 1);
        assert_eq!(roll.max_points(), 12);
    }

    #[test]
    fn four_sided_dice_pig_out() {
        // Two four-sided dice: 16 outcomes, 7 with a 1; 9 = 3 x 3 without.
        let roll = TurnPoints::roll(Die::FOUR_SIDED, 2);
        assert_eq!(roll.total_count(), 16);
        assert_eq!(roll.count(1), 7);
        assert_eq!((4..=8).map(|p| roll.count(p)).sum::<u64>(), 9);
        assert_eq!(roll.count(6), 3);
    }

    #[test]
    fn counts_sum_to_all_outcomes_and_probabilities_to_one() {
        for die in [Die::SIX_SIDED, Die::FOUR_SIDED] {
            for n in 1..=MAX_DICE {
                let roll = TurnPoints::roll(die, n);
                let counts: u64 = (0..=roll.max_points()).map(|p| roll.count(p)).sum();
                assert_eq!(counts, u64::from(die.faces).pow(u32::from(n)));
                let total: f64 = (0..=roll.max_points()).map(|p| roll.probability(p)).sum();
                approx::assert_abs_diff_eq!(total, 1.0, epsilon = 1e-14);
                approx::assert_abs_diff_eq!(roll.expected_over(&[1.0; 64]), 1.0, epsilon = 1e-14);
            }
        }
    }

    #[test]
    fn expectations_match_a_plain_sum() {
        let values: Vec<f64> = (0..64)
            .map(|p| (p as f64 * 0.37).sin().abs() / 3.0)
            .collect();
        for n in 1..=MAX_DICE {
            let roll = TurnPoints::roll(Die::SIX_SIDED, n);
            let plain: f64 = (0..=60).map(|p| roll.probability(p) * values[p]).sum();
            approx::assert_abs_diff_eq!(roll.expected_over(&values), plain, epsilon = 1e-15);
        }
    }

    #[test]
    fn outcomes_list_every_score_once() {
        let roll = TurnPoints::roll(Die::SIX_SIDED, 2);
        let outcomes: Vec<(usize, f64)> = roll.outcomes().collect();
        assert_eq!(outcomes.first(), Some(&(1, 11.0 / 36.0)));
        assert_eq!(outcomes.len(), 1 + 9);
        assert!(
            outcomes
                .iter()
                .all(|&(points, p)| p == roll.probability(points))
        );
    }

    #[test]
    fn one_die_averages_three_and_a_half_points() {
        let roll = TurnPoints::roll(Die::SIX_SIDED, 1);
        let points: Vec<f64> = (0..10).map(f64::from).collect();
        approx::assert_abs_diff_eq!(roll.expected_over(&points), 3.5, epsilon = 1e-15);
    }

    #[test]
    fn pig_out_probability_is_one_minus_no_ones() {
        let roll = TurnPoints::roll(Die::SIX_SIDED, 10);
        assert_eq!(roll.count(1), 6u64.pow(10) - 5u64.pow(10));
        assert_eq!(roll.max_points(), 60);
    }

    #[test]
    fn cache_returns_the_requested_die_and_count() {
        let cache = DiceCache::new(vec![Die::SIX_SIDED, Die::FOUR_SIDED]);
        assert_eq!(cache.get(0, 3), &TurnPoints::roll(Die::SIX_SIDED, 3));
        assert_eq!(cache.get(1, 10), &TurnPoints::roll(Die::FOUR_SIDED, 10));
    }
}
