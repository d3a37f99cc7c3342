//! Exact distributions of the points one turn of dice scores, for any die and any number of
//! dice.
//!
//! A [`Die`] says which faces it shows (`first_face..first_face + faces`: Hog's `1..=6` or
//! `1..=4`, Greed's `0..=5`) and whether it obeys Pig Out (any die showing 1 makes the whole turn
//! score exactly 1). [`TurnPoints::rolls`] computes the distribution of a turn's points for every
//! dice count `1..=n` by dynamic programming over the dice, each count from the one before, so
//! the work is `O(n² · faces²)` instead of `faces^n` enumerated outcomes.
//!
//! **Precision.** While `faces^n <= 2^53` the counts of outcomes are exact integers and each
//! probability is one correctly rounded division (for six faces: up to 20 dice, and every Hog
//! roll). Past that, exact counts would soon overflow (`6^25 > 2^64`), so the recurrence goes on in
//! floating point: each step adds at most `faces` non-negative probabilities and divides by
//! `faces` once, so every probability of `n` dice keeps a relative error below
//! `(faces + 1) · (n − n₀ + 1) · 2^-53`, where `n₀` is the last exact count (for Greed's 255 dice:
//! below `1.9e-13` relative). The tests check that bound against exact 128-bit counts.
//!
//! A die may also give **face bonuses**: points each die adds by the face it shows, whether or
//! not the turn pigs out (a ruleset's hook, e.g. one extra point per die of the mover's score's
//! parity). Such a die's distribution comes from the same kind of recurrence over the dice, kept
//! apart for the outcomes with and without a 1; Hog rolls at most 10 dice of at most
//! [`MOST_FACES`] faces, so its counts stay exact.
//!
//! [`DiceCache`] holds the distribution of every dice count for every die a ruleset uses, so each
//! (die, n) pair is computed once.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// [`TurnPoints::expected_over`] sums in this many interleaved lanes, reading up to this many
/// values minus one past [`TurnPoints::max_points`] (their probabilities are zero).
pub const LANES: usize = 4;

/// The most faces a die may have, and the highest face it may show.
pub const MOST_FACES: usize = 20;

/// A kind of die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Die {
    /// Number of faces.
    pub faces: u8,
    /// The lowest face; the faces show `first_face..first_face + faces`.
    pub first_face: u8,
    /// Whether a 1 on any die makes the turn score exactly 1 point (Pig Out), face bonuses
    /// aside.
    pub pig_out: bool,
    /// Points each die adds to the turn by the face it shows (indexed by the face), Pig Out or
    /// not; `None` for a plain die.
    pub face_bonus: Option<[u8; MOST_FACES + 1]>,
}

impl Die {
    /// The ordinary six-sided die (1..=6) with Pig Out.
    pub const SIX_SIDED: Die = Die {
        faces: 6,
        first_face: 1,
        pig_out: true,
        face_bonus: None,
    };
    /// A four-sided die (1..=4) with Pig Out, as Hog Wild uses.
    pub const FOUR_SIDED: Die = Die {
        faces: 4,
        first_face: 1,
        pig_out: true,
        face_bonus: None,
    };
    /// Greed's die: faces 0..=5, no Pig Out.
    pub const ZERO_TO_FIVE: Die = Die {
        faces: 6,
        first_face: 0,
        pig_out: false,
        face_bonus: None,
    };

    /// The highest face.
    pub fn last_face(self) -> u8 {
        self.first_face + self.faces - 1
    }

    /// The points a turn scores when the dice show `shown` (at least one face).
    #[inline]
    pub fn points(&self, shown: &[u8]) -> u32 {
        let Some(face_bonus) = &self.face_bonus else {
            return if self.pig_out && shown.contains(&1) {
                1
            } else {
                shown.iter().map(|&face| u32::from(face)).sum()
            };
        };
        let (mut faces, mut bonus, mut a_one) = (0u32, 0u32, false);
        for &face in shown {
            faces += u32::from(face);
            bonus += u32::from(face_bonus.get(usize::from(face)).copied().unwrap_or(0));
            a_one |= face == 1;
        }
        if self.pig_out && a_one {
            1 + bonus
        } else {
            faces + bonus
        }
    }

    /// Whether `face` triggers Pig Out.
    fn pigs_out(self, face: usize) -> bool {
        self.pig_out && face == 1
    }

    /// The one-die polynomials of a die with face bonuses, each coefficient `weight`: the
    /// points of each face without a 1 (face plus bonus), the bonus of every face, and the
    /// bonus of each face without a 1.
    fn face_bonus_polynomials<T: Weight>(self, weight: T) -> [Vec<T>; 3] {
        let most_bonus = self
            .face_bonus
            .map_or(0, |b| usize::from(*b.iter().max().unwrap_or(&0)));
        let widest = usize::from(self.last_face()) + most_bonus;
        let mut polynomials = [(); 3].map(|_| vec![T::default(); widest + 1]);
        for face in usize::from(self.first_face)..=usize::from(self.last_face()) {
            let bonus = self
                .face_bonus
                .map_or(0, |b| usize::from(b.get(face).copied().unwrap_or(0)));
            polynomials[1][bonus] = polynomials[1][bonus] + weight;
            if !self.pigs_out(face) {
                polynomials[0][face + bonus] = polynomials[0][face + bonus] + weight;
                polynomials[2][bonus] = polynomials[2][bonus] + weight;
            }
        }
        polynomials
    }

    /// The lowest face that does not trigger Pig Out.
    fn lowest_scoring_face(self) -> usize {
        if self.pig_out && self.first_face <= 1 {
            2
        } else {
            usize::from(self.first_face)
        }
    }
}

/// The exact counts of outcomes behind a distribution (when they fit, see the module docs).
#[derive(Clone, Debug, PartialEq)]
struct Counts {
    sums: Vec<u64>,
    pig_out: u64,
    total: u64,
}

/// The distribution of the points scored by rolling some number of dice of one kind.
///
/// Stored as the probability of Pig Out (exactly 1 point) plus a dense run of probabilities for
/// the sums of the dice when no die shows 1, padded with zeros to a whole number of [`LANES`].
#[derive(Clone, Debug, PartialEq)]
pub struct TurnPoints {
    pig_out: f64,
    lowest_sum: usize,
    sums: Vec<f64>,
    /// `sums` again, in aligned chunks of [`LANES`]: [`expected_over`](Self::expected_over)
    /// multiplies straight from memory, which only aligned operands allow.
    chunks: Vec<Chunk>,
    /// The number of sums before the padding.
    length: usize,
    counts: Option<Counts>,
    /// A bound on the relative error of each probability: half an ulp where it comes from
    /// exact counts, the bound of the module docs where the recurrence went on in floating
    /// point, and 1 (no bound) where it was built from given probabilities.
    error: f64,
}

/// The largest number of outcomes whose probabilities are computed from exact counts: every
/// count and the total convert to `f64` without rounding.
const EXACT_OUTCOMES: u64 = 1 << 53;

impl TurnPoints {
    /// The distribution of a turn's points when `dice` (at least 1) dice of kind `die` are
    /// rolled.
    pub fn roll(die: Die, dice: usize) -> TurnPoints {
        assert!(dice >= 1, "a roll needs at least one die");
        TurnPoints::rolls(die, dice)
            .pop()
            .expect("one distribution per count")
    }

    /// The distributions of `1..=most` dice of kind `die`, in order.
    pub fn rolls(die: Die, most: usize) -> Vec<TurnPoints> {
        if die.face_bonus.is_some() {
            return TurnPoints::rolls_with_face_bonus(die, most);
        }
        let faces = u64::from(die.faces);
        let lowest = die.lowest_scoring_face();
        let highest = usize::from(die.last_face());
        let mut rolls = Vec::with_capacity(most);
        // ways[sum] = number of ordered outcomes of the dice so far, none showing a 1 when Pig
        // Out applies, whose faces add up to `sum`.
        let mut ways = vec![1u64];
        let mut total = 1u64;
        // The same, as probabilities, once the counts are too large to be exact.
        let mut probabilities: Vec<f64> = Vec::new();
        let mut pig_out = 0.0;
        let mut last_exact = 0;
        for n in 1..=most {
            let lowest_sum = n * lowest;
            let exact = total.checked_mul(faces).filter(|&t| t <= EXACT_OUTCOMES);
            let roll = if let Some(next_total) = exact {
                last_exact = n;
                let mut next = vec![0u64; ways.len() + highest];
                for (sum, &count) in ways.iter().enumerate().filter(|(_, c)| **c > 0) {
                    for face in lowest..=highest {
                        next[sum + face] += count;
                    }
                }
                ways = next;
                total = next_total;
                let counts = Counts {
                    sums: ways[lowest_sum..=n * highest].to_vec(),
                    pig_out: total - ways.iter().sum::<u64>(),
                    total,
                };
                let share = |count: u64| count as f64 / total as f64;
                pig_out = share(counts.pig_out);
                probabilities = ways.iter().map(|&c| share(c)).collect();
                TurnPoints::new(
                    pig_out,
                    lowest_sum,
                    counts.sums.iter().map(|&c| share(c)).collect(),
                    Some(counts),
                )
            } else {
                let mut next = vec![0.0; probabilities.len() + highest];
                for (sum, slot) in next.iter_mut().enumerate() {
                    let faces_here = (lowest..=highest).filter(|&f| f <= sum);
                    let added: f64 = faces_here
                        .filter_map(|face| probabilities.get(sum - face))
                        .sum();
                    *slot = added / faces as f64;
                }
                let no_ones_before: f64 = probabilities.iter().sum();
                let ones = usize::from(die.pig_out && die.first_face <= 1);
                pig_out += no_ones_before * ones as f64 / faces as f64;
                probabilities = next;
                let sums = probabilities[lowest_sum..=n * highest].to_vec();
                let mut roll = TurnPoints::new(pig_out, lowest_sum, sums, None);
                let steps = (n - last_exact + 1) as f64;
                roll.error = (faces + 1) as f64 * steps * f64::EPSILON / 2.0;
                roll
            };
            rolls.push(roll);
        }
        rolls
    }

    /// [`rolls`](Self::rolls) for a die with face bonuses. With `A`, `B`, `C` the one-die
    /// polynomials of [`Die::face_bonus_polynomials`], `n` dice score `A^n` without a 1, and
    /// `1 + (bonuses)` with one, the bonuses distributed as `B^n − C^n` (every outcome less
    /// those without a 1): counted exactly while `faces^n <= 2^53`, in probabilities after.
    fn rolls_with_face_bonus(die: Die, most: usize) -> Vec<TurnPoints> {
        let faces = u64::from(die.faces);
        let counting = die.face_bonus_polynomials(1u64);
        let sharing = die.face_bonus_polynomials(1.0 / faces as f64);
        let mut counts = [vec![1u64], vec![1u64], vec![1u64]];
        let mut shares: Option<[Vec<f64>; 3]> = None;
        let mut total = 1u64;
        let mut rolls = Vec::with_capacity(most);
        for _ in 0..most {
            let exact = total.checked_mul(faces).filter(|&t| t <= EXACT_OUTCOMES);
            let (points, exact_points) = match (exact, &mut shares) {
                (Some(next_total), None) => {
                    for (power, one_die) in counts.iter_mut().zip(&counting) {
                        *power = times(power, one_die);
                    }
                    total = next_total;
                    let [clean, all, no_one] = &counts;
                    let pigged: Vec<u64> = all
                        .iter()
                        .enumerate()
                        .map(|(b, &c)| c - no_one.get(b).copied().unwrap_or(0))
                        .collect();
                    let points = spread(clean, &pigged);
                    let share = points.iter().map(|&c| c as f64 / total as f64).collect();
                    (share, Some(points))
                }
                (_, shares) => {
                    let powers = shares.get_or_insert_with(|| {
                        counts
                            .clone()
                            .map(|power| power.iter().map(|&c| c as f64 / total as f64).collect())
                    });
                    for (power, one_die) in powers.iter_mut().zip(&sharing) {
                        *power = times(power, one_die);
                    }
                    let [clean, all, no_one] = &*powers;
                    let pigged: Vec<f64> = all
                        .iter()
                        .enumerate()
                        .map(|(b, &p)| (p - no_one.get(b).copied().unwrap_or(0.0)).max(0.0))
                        .collect();
                    (spread(clean, &pigged), None)
                }
            };
            let lowest = points.iter().position(|&p| p > 0.0).unwrap_or(0);
            let highest = points.iter().rposition(|&p| p > 0.0).unwrap_or(0);
            let counts = exact_points.map(|points| Counts {
                sums: points[lowest..=highest].to_vec(),
                pig_out: 0,
                total,
            });
            rolls.push(TurnPoints::new(
                0.0,
                lowest,
                points[lowest..=highest].to_vec(),
                counts,
            ));
        }
        rolls
    }

    fn new(pig_out: f64, lowest_sum: usize, mut sums: Vec<f64>, counts: Option<Counts>) -> Self {
        let length = sums.len();
        sums.resize(length.next_multiple_of(LANES), 0.0);
        let error = if counts.is_some() {
            f64::EPSILON / 2.0
        } else {
            1.0
        };
        let chunks = sums
            .chunks_exact(LANES)
            .map(|chunk| Chunk(chunk.try_into().expect("chunks of LANES")))
            .collect();
        TurnPoints {
            pig_out,
            lowest_sum,
            chunks,
            sums,
            length,
            counts,
            error,
        }
    }

    /// The probability that the turn scores exactly `points` points.
    pub fn probability(&self, points: usize) -> f64 {
        let from_sums = points
            .checked_sub(self.lowest_sum)
            .and_then(|i| self.sums.get(i))
            .copied()
            .unwrap_or(0.0);
        if points == 1 && self.pig_out > 0.0 {
            self.pig_out + from_sums
        } else {
            from_sums
        }
    }

    /// The exact number of equally likely outcomes (faces^n) behind this distribution, while
    /// it is at most 2^53.
    pub fn total_count(&self) -> Option<u64> {
        self.counts.as_ref().map(|c| c.total)
    }

    /// The exact number of outcomes, out of [`total_count`](Self::total_count), that score
    /// exactly `points` points, while the total is at most 2^53.
    pub fn count(&self, points: usize) -> Option<u64> {
        let counts = self.counts.as_ref()?;
        let from_sums = points
            .checked_sub(self.lowest_sum)
            .and_then(|i| counts.sums.get(i))
            .copied()
            .unwrap_or(0);
        Some(if points == 1 {
            counts.pig_out + from_sums
        } else {
            from_sums
        })
    }

    /// Every (points, count) outcome with a positive count, out of
    /// [`total_count`](Self::total_count), by increasing points (Pig Out first), while the
    /// counts are exact.
    pub fn counted_outcomes(&self) -> Option<impl Iterator<Item = (usize, u64)> + '_> {
        let counts = self.counts.as_ref()?;
        let pig_out = (counts.pig_out > 0).then_some((1, counts.pig_out));
        Some(pig_out.into_iter().chain(self.counted_sums(counts)))
    }

    /// The (points, count) outcomes without a Pig Out, by increasing points, while the counts
    /// are exact.
    pub fn counted_sum_outcomes(&self) -> Option<impl Iterator<Item = (usize, u64)> + '_> {
        Some(self.counted_sums(self.counts.as_ref()?))
    }

    fn counted_sums<'a>(&'a self, counts: &'a Counts) -> impl Iterator<Item = (usize, u64)> + 'a {
        counts
            .sums
            .iter()
            .enumerate()
            .map(|(i, &c)| (self.lowest_sum + i, c))
            .filter(|&(_, c)| c > 0)
    }

    /// This distribution with the exact counts behind it: `outcomes` (points, count; equal
    /// points add up) out of `total`, which must be the distribution's own.
    pub fn with_counts(
        mut self,
        outcomes: impl IntoIterator<Item = (usize, u64)>,
        total: u64,
    ) -> TurnPoints {
        let mut sums = vec![0u64; self.length];
        for (points, count) in outcomes {
            sums[points - self.lowest_sum] += count;
        }
        debug_assert!(
            sums.iter()
                .enumerate()
                .all(|(i, &c)| (c as f64 / total as f64 - self.sums[i]).abs() < 1e-12),
            "the counts are this distribution's"
        );
        self.counts = Some(Counts {
            sums,
            pig_out: 0,
            total,
        });
        self
    }

    /// A bound on the relative error of each probability of this distribution (see the
    /// module docs; 1 where none is known).
    pub fn relative_error(&self) -> f64 {
        self.error
    }

    /// Whether the roll always scores the same points (one outcome with a positive
    /// probability).
    pub fn is_certain(&self) -> bool {
        self.outcomes().nth(1).is_none()
    }

    /// The most points this roll can score.
    pub fn max_points(&self) -> usize {
        (self.lowest_sum + self.length).saturating_sub(1).max(1)
    }

    /// P(Pig Out): some die shows a 1 (0 for dice without Pig Out, and for distributions a
    /// ruleset rescored, whose Pig Outs are among the sums).
    pub fn pig_out_probability(&self) -> f64 {
        self.pig_out
    }

    /// The fewest points the dice can add up to without Pig Out.
    pub fn lowest_sum(&self) -> usize {
        self.lowest_sum
    }

    /// P(the dice add up to `lowest_sum() + i`) without Pig Out, by `i`, followed by zeros to a
    /// whole number of [`LANES`].
    pub fn sum_probabilities(&self) -> &[f64] {
        &self.sums
    }

    /// Every (points, probability) outcome with a positive probability, by increasing points.
    pub fn outcomes(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        let pig_out = (self.pig_out > 0.0).then_some((1, self.pig_out));
        pig_out.into_iter().chain(self.sum_outcomes())
    }

    /// The (points, probability) outcomes without a Pig Out (no die showing a 1, or every
    /// outcome for dice without Pig Out), by increasing points.
    pub fn sum_outcomes(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        self.sums
            .iter()
            .enumerate()
            .map(|(i, &p)| (self.lowest_sum + i, p))
            .filter(|&(_, p)| p > 0.0)
    }

    /// The distribution with these (points, probability) outcomes (the probabilities of equal
    /// points add up), without a Pig Out share apart: what rules that score a roll otherwise
    /// make of it.
    pub fn from_outcomes(outcomes: impl IntoIterator<Item = (usize, f64)>) -> TurnPoints {
        let mut by_points: Vec<f64> = Vec::new();
        for (points, p) in outcomes {
            if by_points.len() <= points {
                by_points.resize(points + 1, 0.0);
            }
            by_points[points] += p;
        }
        let lowest = by_points.iter().position(|&p| p > 0.0).unwrap_or(0);
        TurnPoints::new(0.0, lowest, by_points.split_off(lowest), None)
    }

    /// The expectation of `values[points]` over this distribution; `values` must be finite
    /// (Pig Out's share is `p · values[1]` even where `p` is 0) and cover
    /// [`max_points`](Self::max_points) `+ LANES − 1`.
    ///
    /// Every value of rolling dice the solver computes goes through here, for fixed and
    /// optimising players alike, so the same position always gets bit-identical values however
    /// it was reached. The sum runs in [`LANES`] interleaved lanes (a fixed order, so still
    /// deterministic) to keep the floating-point adds pipelined; the zero padding adds exact
    /// zeros.
    #[inline]
    pub fn expected_over(&self, values: &[f64]) -> f64 {
        let window = &values[self.lowest_sum..][..self.sums.len()];
        self.finish(lanes(&self.chunks, window), values[1])
    }

    /// Adds Pig Out's share, `pig_out · pig_out_value` (an exact 0 without Pig Out, as every
    /// value is a finite probability), to the four lanes of the sums, in a fixed order.
    #[inline]
    fn finish(&self, lanes: [f64; LANES], pig_out_value: f64) -> f64 {
        self.pig_out * pig_out_value + ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3]))
    }
}

/// [`LANES`] probabilities, aligned to their size.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(align(32))]
struct Chunk([f64; LANES]);

/// `Σ p[i] · v[i]` over the probabilities in `sums` and `window` (of as many entries) in
/// [`LANES`] lanes: lane `l` sums the entries `l`, `l + LANES`, … in order.
#[cfg(target_arch = "x86_64")]
#[inline]
fn lanes(sums: &[Chunk], window: &[f64]) -> [f64; LANES] {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe { sse2_lanes(sums, window) }
}

/// [`lanes`] in two SSE2 registers, lanes (0, 1) and (2, 3): left to itself the compiler
/// holds (0, 2) and (1, 3) and shuffles every chunk into place. Each lane's products and adds
/// are the same IEEE operations either way, so the sums are the same to the bit.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn sse2_lanes(sums: &[Chunk], window: &[f64]) -> [f64; LANES] {
    use std::arch::x86_64::{
        _mm_add_pd, _mm_cvtsd_f64, _mm_mul_pd, _mm_set_pd, _mm_setzero_pd, _mm_unpackhi_pd,
    };
    let (mut low, mut high) = (_mm_setzero_pd(), _mm_setzero_pd());
    for (Chunk(p), v) in sums.iter().zip(window.chunks_exact(LANES)) {
        low = _mm_add_pd(
            low,
            _mm_mul_pd(_mm_set_pd(p[1], p[0]), _mm_set_pd(v[1], v[0])),
        );
        high = _mm_add_pd(
            high,
            _mm_mul_pd(_mm_set_pd(p[3], p[2]), _mm_set_pd(v[3], v[2])),
        );
    }
    [
        _mm_cvtsd_f64(low),
        _mm_cvtsd_f64(_mm_unpackhi_pd(low, low)),
        _mm_cvtsd_f64(high),
        _mm_cvtsd_f64(_mm_unpackhi_pd(high, high)),
    ]
}

/// [`lanes`] on other targets.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn lanes(sums: &[Chunk], window: &[f64]) -> [f64; LANES] {
    let mut lanes = [0.0; LANES];
    for (Chunk(p), v) in sums.iter().zip(window.chunks_exact(LANES)) {
        for lane in 0..LANES {
            lanes[lane] += p[lane] * v[lane];
        }
    }
    lanes
}

/// The most bonus points one face may add.
pub const MOST_FACE_BONUS: usize = 20;

/// A count of outcomes or a probability: what the dice recurrences add up.
trait Weight: Copy + Default + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self> {}

impl Weight for u64 {}
impl Weight for f64 {}

/// The product of two polynomials given by their coefficients, lowest power first.
fn times<T: Weight>(a: &[T], b: &[T]) -> Vec<T> {
    let mut product = vec![T::default(); a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            product[i + j] = product[i + j] + x * y;
        }
    }
    product
}

/// The points of a turn with face bonuses by number of points: `clean[p]` scores `p`,
/// `pigged[b]` (Pig Out with bonuses `b`) scores `1 + b`.
fn spread<T: Weight>(clean: &[T], pigged: &[T]) -> Vec<T> {
    let mut points = vec![T::default(); clean.len().max(pigged.len() + 1)];
    for (p, &w) in clean.iter().enumerate() {
        points[p] = points[p] + w;
    }
    for (b, &w) in pigged.iter().enumerate() {
        points[1 + b] = points[1 + b] + w;
    }
    points
}

/// Dice thrown by a seeded generator, for games played one at a time (transcripts, `play`):
/// the same seed gives the same faces. The last throw is kept for whoever shows the dice.
#[derive(Clone, Debug)]
pub struct SeededDice {
    rng: ChaCha8Rng,
    thrown: Option<Thrown>,
}

/// One throw: the kind of die and the faces the dice showed (none when no die was thrown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thrown {
    /// The kind of die.
    pub die: Die,
    /// The faces shown, in the order thrown.
    pub faces: Vec<u8>,
}

impl SeededDice {
    /// Dice seeded with `seed`.
    pub fn new(seed: u64) -> SeededDice {
        SeededDice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            thrown: None,
        }
    }

    /// The faces `n` dice of kind `die` show.
    pub fn roll(&mut self, die: Die, n: u8) -> Vec<u8> {
        let faces: Vec<u8> = (0..n)
            .map(|_| self.rng.random_range(die.first_face..=die.last_face()))
            .collect();
        self.thrown = Some(Thrown {
            die,
            faces: faces.clone(),
        });
        faces
    }

    /// The face one die of kind `die` shows (not kept as a throw: whoever throws die by die
    /// keeps the faces).
    pub fn face(&mut self, die: Die) -> u8 {
        self.rng.random_range(die.first_face..=die.last_face())
    }

    /// The last throw since the last call, if there was one (a game's turn or decision asks
    /// after it is played: a Pig hold throws nothing, Free Bacon and a Greed pass throw no
    /// dice).
    pub fn take_thrown(&mut self) -> Option<Thrown> {
        self.thrown.take()
    }
}

/// Distributions of every dice count `1..=most` for a set of dice, computed once.
#[derive(Clone, Debug)]
pub struct DiceCache {
    dice: Vec<Die>,
    most: usize,
    rolls: Vec<TurnPoints>,
}

impl DiceCache {
    /// Computes the distributions of `1..=most` dice for each die in `dice`.
    pub fn new(dice: Vec<Die>, most: usize) -> DiceCache {
        let rolls = dice
            .iter()
            .flat_map(|&die| TurnPoints::rolls(die, most))
            .collect();
        DiceCache { dice, most, rolls }
    }

    /// The cache with every distribution replaced by `rescore(die, dice, distribution)`.
    pub fn rescored<E>(
        mut self,
        mut rescore: impl FnMut(Die, u8, &TurnPoints) -> Result<TurnPoints, E>,
    ) -> Result<DiceCache, E> {
        for (index, roll) in self.rolls.iter_mut().enumerate() {
            let (die, dice) = (self.dice[index / self.most], index % self.most + 1);
            *roll = rescore(die, dice as u8, roll)?;
        }
        Ok(self)
    }

    /// The most points any distribution of the cache scores (any die, any count: rules on a
    /// turn's points may score many dice below fewer).
    pub fn max_points(&self) -> usize {
        self.rolls
            .iter()
            .map(TurnPoints::max_points)
            .max()
            .unwrap_or(0)
    }

    /// The dice this cache covers, in the order their indices refer to.
    pub fn dice(&self) -> &[Die] {
        &self.dice
    }

    /// The distribution for `dice` (in `1..=most`) dice of the die with index `die`.
    #[inline]
    pub fn get(&self, die: usize, dice: u8) -> &TurnPoints {
        &self.rolls[die * self.most + usize::from(dice) - 1]
    }

    /// The distributions of `1..=most` dice of the `die`-th kind, in order.
    pub fn of_die(&self, die: usize) -> &[TurnPoints] {
        &self.rolls[die * self.most..(die + 1) * self.most]
    }
}

/// The sorted rolls of n six-sided dice, as counts per face (faces 1..=6 at 0..6), with how
/// many of the 6^n ordered rolls each is: Farkle's and Yahtzee's rolls.
pub fn multisets(n: usize) -> Vec<([u8; 6], u64)> {
    fn fill(face: usize, left: usize, counts: &mut [u8; 6], out: &mut Vec<[u8; 6]>) {
        if face == 5 {
            counts[5] = left as u8;
            out.push(*counts);
            return;
        }
        for c in 0..=left {
            counts[face] = c as u8;
            fill(face + 1, left - c, counts, out);
        }
    }
    let mut all = Vec::new();
    fill(0, n, &mut [0; 6], &mut all);
    let factorial = |k: u64| (1..=k).product::<u64>();
    all.into_iter()
        .map(|counts| {
            let ways = factorial(n as u64)
                / counts
                    .iter()
                    .map(|&c| factorial(u64::from(c)))
                    .product::<u64>();
            (counts, ways)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_six_sided_die_is_uniform_with_pig_out_on_one() {
        let roll = TurnPoints::roll(Die::SIX_SIDED, 1);
        for points in 1..=6 {
            assert_eq!(roll.count(points), Some(1));
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
        assert_eq!(roll.total_count(), Some(36));
        let counts: Vec<Option<u64>> = [1, 2, 3, 4, 7, 12].map(|p| roll.count(p)).to_vec();
        assert_eq!(counts, [11, 0, 0, 1, 4, 1].map(Some).to_vec());
        assert_eq!(roll.max_points(), 12);
    }

    #[test]
    fn four_sided_dice_pig_out() {
        // Two four-sided dice: 16 outcomes, 7 with a 1; 9 = 3 x 3 without.
        let roll = TurnPoints::roll(Die::FOUR_SIDED, 2);
        assert_eq!(roll.total_count(), Some(16));
        assert_eq!(roll.count(1), Some(7));
        assert_eq!((4..=8).map(|p| roll.count(p).unwrap()).sum::<u64>(), 9);
        assert_eq!(roll.count(6), Some(3));
    }

    #[test]
    fn zero_to_five_dice_counted_by_hand() {
        // Two dice showing 0..=5: sum 0 one way (0+0), 2 three ways (0+2, 1+1, 2+0), 5 six
        // ways, 10 one way (5+5). No Pig Out: a 1 is just a point.
        let roll = TurnPoints::roll(Die::ZERO_TO_FIVE, 2);
        assert_eq!(roll.total_count(), Some(36));
        let counts: Vec<Option<u64>> = [0, 1, 2, 5, 10, 11].map(|p| roll.count(p)).to_vec();
        assert_eq!(counts, [1, 2, 3, 6, 1, 0].map(Some).to_vec());
        assert_eq!(roll.lowest_sum(), 0);
        assert_eq!(roll.max_points(), 10);
        assert_eq!(roll.probability(0), 1.0 / 36.0);
    }

    #[test]
    fn counts_sum_to_all_outcomes_and_probabilities_to_one() {
        for die in [Die::SIX_SIDED, Die::FOUR_SIDED, Die::ZERO_TO_FIVE] {
            for (n, roll) in (1..).zip(TurnPoints::rolls(die, 10)) {
                let counts: u64 = (0..=roll.max_points())
                    .map(|p| roll.count(p).unwrap())
                    .sum();
                assert_eq!(counts, u64::from(die.faces).pow(n));
                let total: f64 = (0..=roll.max_points()).map(|p| roll.probability(p)).sum();
                approx::assert_abs_diff_eq!(total, 1.0, epsilon = 1e-14);
                approx::assert_abs_diff_eq!(roll.expected_over(&[1.0; 64]), 1.0, epsilon = 1e-14);
            }
        }
    }

    #[test]
    fn exact_counts_stop_at_two_to_the_fifty_three_outcomes() {
        let rolls = TurnPoints::rolls(Die::ZERO_TO_FIVE, 22);
        assert_eq!(rolls[19].total_count(), Some(6u64.pow(20)));
        assert_eq!(rolls[20].total_count(), None);
        assert_eq!(rolls[21].count(0), None);
    }

    #[test]
    fn many_dice_keep_the_stated_relative_precision() {
        // Exact counts in 128 bits (6^49 < 2^128) against the floating-point recurrence.
        const N: usize = 49;
        let mut ways = vec![1u128];
        for _ in 0..N {
            let mut next = vec![0u128; ways.len() + 5];
            for (sum, &count) in ways.iter().enumerate() {
                for face in 0..=5 {
                    next[sum + face] += count;
                }
            }
            ways = next;
        }
        let total = 6u128.pow(N as u32) as f64;
        let roll = &TurnPoints::rolls(Die::ZERO_TO_FIVE, N)[N - 1];
        let bound = 7.0 * (N - 20 + 1) as f64 * f64::EPSILON / 2.0;
        let mut worst: f64 = 0.0;
        for (sum, &count) in ways.iter().enumerate() {
            let exact = count as f64 / total;
            let relative = (roll.probability(sum) - exact).abs() / exact;
            worst = worst.max(relative);
        }
        assert!(
            worst > 0.0,
            "past 20 dice the recurrence is in floating point"
        );
        assert!(worst < bound, "relative error {worst:e} above {bound:e}");
        let total: f64 = (0..=5 * N).map(|p| roll.probability(p)).sum();
        approx::assert_abs_diff_eq!(total, 1.0, epsilon = 1e-13);
    }

    #[test]
    fn expectations_match_a_plain_sum() {
        let values: Vec<f64> = (0..64)
            .map(|p| (p as f64 * 0.37).sin().abs() / 3.0)
            .collect();
        for roll in TurnPoints::rolls(Die::SIX_SIDED, 10) {
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
        assert_eq!(roll.count(1), Some(6u64.pow(10) - 5u64.pow(10)));
        assert_eq!(roll.max_points(), 60);
    }

    /// A six-sided die with Pig Out giving one extra point per die of `parity` (0 even, 1 odd).
    fn parity_die(parity: usize) -> Die {
        let mut die = Die::SIX_SIDED;
        for face in (1..=6).filter(|f| f % 2 == parity) {
            die.face_bonus.get_or_insert([0; MOST_FACES + 1])[face] = 1;
        }
        die
    }

    #[test]
    fn face_bonuses_score_the_rule_examples() {
        // NJU SICP 2021's Feral Hogs: score 21 (odd), dice 1, 3, 5: Pig Out's 1 + 3 odd dice;
        // score 40 (even), dice 2, 3, 4, 5: 14 + 2 even dice.
        assert_eq!(parity_die(1).points(&[1, 3, 5]), 4);
        assert_eq!(parity_die(0).points(&[2, 3, 4, 5]), 16);
        assert_eq!(Die::SIX_SIDED.points(&[2, 3, 4, 5]), 14);
    }

    #[test]
    fn face_bonus_distributions_count_every_outcome() {
        // Against every outcome enumerated and scored by `Die::points`.
        for die in [parity_die(0), parity_die(1)] {
            for (n, roll) in (1..=5).zip(TurnPoints::rolls(die, 5)) {
                let mut counts = vec![0u64; 60];
                for outcome in 0..6u32.pow(n) {
                    let shown: Vec<u8> = (0..n)
                        .map(|i| (outcome / 6u32.pow(i) % 6 + 1) as u8)
                        .collect();
                    counts[die.points(&shown) as usize] += 1;
                }
                assert_eq!(roll.total_count(), Some(6u64.pow(n)));
                for (points, &count) in counts.iter().enumerate() {
                    assert_eq!(roll.count(points), Some(count), "{n} dice, {points} points");
                    assert_eq!(roll.probability(points), count as f64 / 6f64.powi(n as i32));
                }
            }
        }
    }

    #[test]
    fn face_bonus_probabilities_past_exact_counts_sum_to_one() {
        let mut die = Die::ZERO_TO_FIVE;
        let mut bonus = [0; MOST_FACES + 1];
        bonus[3] = 2;
        die.face_bonus = Some(bonus);
        let rolls = TurnPoints::rolls(die, 25);
        assert_eq!(rolls[20].total_count(), None);
        let total: f64 = (0..=rolls[24].max_points())
            .map(|p| rolls[24].probability(p))
            .sum();
        approx::assert_abs_diff_eq!(total, 1.0, epsilon = 1e-12);
        // Each die averages 2.5 + 2/6 points.
        let points: Vec<f64> = (0..rolls[24].max_points() + LANES)
            .map(|p| p as f64)
            .collect();
        approx::assert_abs_diff_eq!(
            rolls[24].expected_over(&points),
            25.0 * (2.5 + 1.0 / 3.0),
            epsilon = 1e-9
        );
    }

    #[test]
    fn cache_returns_the_requested_die_and_count() {
        let cache = DiceCache::new(vec![Die::SIX_SIDED, Die::FOUR_SIDED], 10);
        assert_eq!(cache.get(0, 3), &TurnPoints::roll(Die::SIX_SIDED, 3));
        assert_eq!(cache.get(1, 10), &TurnPoints::roll(Die::FOUR_SIDED, 10));
    }
}
