//! The exact distribution of the final score under optimal play: the probability of every
//! score, pushed forward from the empty card one turn at a time.
//!
//! Each card reached carries the distribution of the points scored so far; a turn from it ends
//! ([`Turn::ends`](super::Turn::ends)) in each card after with the points gained, and moves its
//! distribution there shifted by those points. After thirteen turns every card is full and
//! their distributions together are the final score's.

use std::collections::HashMap;

use rayon::prelude::*;

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
        // The cards of the same filled boxes have their turns valued side by side.
        layer.sort_by_key(|(card, _)| (card.filled, card.fifty, card.upper));
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
        let mut next: HashMap<Card, Vec<f64>> = HashMap::new();
        for ((_, scored), ends) in layer.iter().zip(ends) {
            for (after, gained, p) in ends {
                let gained = usize::from(gained);
                let to = next.entry(after).or_default();
                if to.len() < scored.len() + gained {
                    to.resize(scored.len() + gained, 0.0);
                }
                for (t, &m) in to[gained..].iter_mut().zip(scored) {
                    *t += p * m;
                }
            }
        }
        layer = next.into_iter().collect();
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
