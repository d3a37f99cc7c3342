//! The exact distribution of the final score under optimal play: the probability of every
//! score, pushed forward from the empty card one turn at a time.
//!
//! Each card reached carries the distribution of the points scored so far; a turn from it ends
//! ([`Turn::ends`](super::Turn::ends)) in each card after with the points gained, and moves its
//! distribution there shifted by those points. After thirteen turns every card is full and
//! their distributions together are the final score's.

use rayon::prelude::*;

use super::rules::BOXES;
use super::solve::Solution;
use super::strategy::{Player, thumb_keeps};
use super::turn::Card;

/// The final score's distribution.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    /// P(final score = s), by s.
    pub probabilities: Vec<f64>,
}

impl Distribution {
    /// The expected final score.
    pub fn mean(&self) -> f64 {
        self.probabilities
            .iter()
            .enumerate()
            .map(|(s, p)| s as f64 * p)
            .sum()
    }

    /// The standard deviation of the final score.
    pub fn sd(&self) -> f64 {
        let mean = self.mean();
        self.probabilities
            .iter()
            .enumerate()
            .map(|(s, p)| (s as f64 - mean).powi(2) * p)
            .sum::<f64>()
            .sqrt()
    }

    /// The least score `s` with P(final score ≤ s) ≥ `q` (the median at ½).
    pub fn quantile(&self, q: f64) -> usize {
        let mut cumulative = 0.0;
        self.probabilities
            .iter()
            .position(|&p| {
                cumulative += p;
                cumulative >= q
            })
            .unwrap_or(self.probabilities.len() - 1)
    }

    /// P(final score ≥ t), for every t from 0 to the highest score possible here.
    pub fn at_least(&self) -> Vec<f64> {
        let mut tail = 0.0;
        let mut out: Vec<f64> = self
            .probabilities
            .iter()
            .rev()
            .map(|&p| {
                tail += p;
                tail
            })
            .collect();
        out.reverse();
        out
    }
}

/// The distribution of the final score of `solution`'s optimal play from the empty card.
pub fn distribution(solution: &Solution) -> Distribution {
    distribution_of(solution, Player::Optimal)
}

/// The distribution of the final score of `player` from the empty card (playing by
/// `solution`'s tables: its values where the player is the optimum).
pub fn distribution_of(solution: &Solution, player: Player) -> Distribution {
    let thumb = thumb_keeps(solution.keeps());
    let mut layer: Vec<(Card, Vec<f64>)> = vec![(Card::EMPTY, vec![1.0])];
    while layer.iter().any(|(card, _)| !card.is_full()) {
        // The cards of the same filled boxes have their turns valued side by side (the layer
        // is sorted so).
        let groups: Vec<&[(Card, Vec<f64>)]> = layer
            .chunk_by(|(a, _), (b, _)| (a.filled, a.fifty) == (b.filled, b.fifty))
            .collect();
        let ends: Vec<Vec<(Card, u16, f64)>> = groups
            .par_iter()
            .flat_map_iter(|group| {
                let cards: Vec<Card> = group.iter().map(|(card, _)| *card).collect();
                player.ends(solution, &cards, &thumb)
            })
            .collect();
        layer = arrive(&layer, &ends);
    }
    let longest = layer.iter().map(|(_, d)| d.len()).max().unwrap_or(1);
    let mut probabilities = vec![0.0; longest];
    for (_, scored) in &layer {
        for (total, &p) in probabilities.iter_mut().zip(scored) {
            *total += p;
        }
    }
    Distribution { probabilities }
}

/// The next layer: each card the turns from `layer` reach (`ends`, aligned with `layer`),
/// with the distribution of the score so far there, by (filled boxes, Yahtzee box, upper
/// total). Each set of filled boxes is gathered on its own, from the sets with one box fewer,
/// in a fixed order (the box filled, then the layer's order), so the sums do not depend on the
/// threads.
fn arrive(layer: &[(Card, Vec<f64>)], ends: &[Vec<(Card, u16, f64)>]) -> Vec<(Card, Vec<f64>)> {
    let group = |card: &Card| usize::from(card.filled) * 2 + usize::from(card.fifty);
    let mut sources: Vec<std::ops::Range<usize>> = vec![0..0; 1 << (BOXES + 1)];
    let mut start = 0;
    for same in layer.chunk_by(|(a, _), (b, _)| group(a) == group(b)) {
        sources[group(&same[0].0)] = start..start + same.len();
        start += same.len();
    }
    let mut targets: Vec<usize> = ends
        .iter()
        .flat_map(|ends| ends.iter().map(|(after, _, _)| group(after)))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    targets
        .par_iter()
        .flat_map_iter(|&target| {
            let (sources, filled) = (&sources, (target / 2) as u16);
            // The cards with these boxes filled, by upper total: their sources and their ends.
            let reaching = || {
                (0..BOXES)
                    .filter(move |b| filled & (1 << b) != 0)
                    .flat_map(move |b| {
                        let before = usize::from(filled & !(1 << b));
                        [0, 1].map(|fifty| sources[before * 2 + fifty].clone())
                    })
                    .flatten()
                    .flat_map(|source| {
                        ends[source]
                            .iter()
                            .filter(|(after, _, _)| group(after) == target)
                            .map(move |&(after, gained, p)| (source, after, gained, p))
                    })
            };
            let mut lengths: Vec<usize> = Vec::new();
            for (source, after, gained, _) in reaching() {
                let upper = usize::from(after.upper);
                if lengths.len() <= upper {
                    lengths.resize(upper + 1, 0);
                }
                let length = layer[source].1.len() + usize::from(gained);
                lengths[upper] = lengths[upper].max(length);
            }
            let mut arrived: Vec<Option<Vec<f64>>> = lengths
                .iter()
                .map(|&length| (length > 0).then(|| vec![0.0; length]))
                .collect();
            for (source, after, gained, p) in reaching() {
                let scored = arrived[usize::from(after.upper)]
                    .as_mut()
                    .expect("a length for every card reached");
                let from = &layer[source].1;
                for (t, &m) in scored[usize::from(gained)..].iter_mut().zip(from) {
                    *t += p * m;
                }
            }
            arrived
                .into_iter()
                .enumerate()
                .filter_map(move |(upper, scored)| {
                    let card = Card {
                        filled,
                        upper: upper as u16,
                        fifty: target % 2 == 1,
                    };
                    scored.map(|scored| (card, scored))
                })
        })
        .collect()
}

/// A duel of two cards played apart, final scores distributed as `a` and `b`: P(a's score
/// is higher), P(the scores are equal), P(b's is higher). The two sides are summed alike, so a
/// distribution against itself wins exactly what it loses.
pub fn duel(a: &Distribution, b: &Distribution) -> (f64, f64, f64) {
    let beats = |x: &Distribution, y: &Distribution| {
        let (mut won, mut below) = (0.0, 0.0);
        for (s, &p) in x.probabilities.iter().enumerate() {
            won += p * below;
            below += y.probabilities.get(s).copied().unwrap_or(0.0);
        }
        won
    };
    let tie = a
        .probabilities
        .iter()
        .zip(&b.probabilities)
        .map(|(p, q)| p * q)
        .sum();
    (beats(a, b), tie, beats(b, a))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yahtzee::fixtures::{hasbro, hasbro_distributions};
    use crate::yahtzee::simulate::play_games;
    use crate::yahtzee::{Settings, solve};

    /// A duel is even against oneself (win = loss, ties apart), and the optimum's duel with the
    /// rule of thumb agrees with pairs of games played with real dice.
    #[test]
    fn duels_from_two_distributions() {
        let solution = hasbro();
        let [optimal, thumb] = hasbro_distributions();
        let (win, tie, lose) = duel(optimal, optimal);
        assert_eq!(win, lose);
        assert!(tie > 0.0 && tie < 0.01, "{tie}");
        let (win, tie, lose) = duel(optimal, thumb);
        assert!((win + tie + lose - 1.0).abs() < 1e-12);
        let games = 4000;
        let a = play_games(solution, Player::Optimal, games, 1);
        let b = play_games(solution, Player::Thumb, games, 2);
        let won = a.iter().zip(&b).filter(|(a, b)| a > b).count() as f64 / games as f64;
        let z = (won - win).abs() / (win * (1.0 - win) / games as f64).sqrt();
        assert!(z < 4.5, "won {won} of the games vs {win}: z {z}");
    }

    /// Under Verhoeff's rules his published figures: mean 254.5896, standard deviation
    /// 59.6117, median 248; the mean pushed forward equals the value solved backward.
    #[test]
    fn verhoeffs_standard_deviation_and_median() {
        let settings = Settings::default().set("joker", "verhoeff").unwrap();
        let solution = solve(&settings);
        let d = distribution(&solution);
        assert!(
            (d.mean() - solution.expected_score()).abs() < 1e-9,
            "{} vs {}",
            d.mean(),
            solution.expected_score()
        );
        assert_eq!(format!("{:.4}", d.sd()), "59.6117", "{}", d.sd());
        assert_eq!(d.quantile(0.5), 248);
    }
}
