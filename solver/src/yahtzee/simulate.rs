//! Yahtzee played with real dice by the optimal strategy: the Monte Carlo check of the
//! solver's expected score and distribution.
//!
//! A game throws five dice, one face at a time, keeps what the turn's values say twice, and
//! fills the best box; it shares with the solver the values of each choice ([`Turn`]), not the
//! grouping of rolls or the forward pass over cards.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::keeps::DICE;
use super::rules::Counts;
use super::solve::{Solution, Turn};
use super::turn::Card;

/// One game's final score, its dice drawn from `rng`.
pub fn play_one(solution: &Solution, rng: &mut impl Rng) -> u32 {
    let keeps = solution.keeps();
    let roll_number =
        |counts: &Counts| keeps.number(counts).expect("five dice are a roll") - keeps.first_roll();
    let mut card = Card::EMPTY;
    let mut score = 0u32;
    while !card.is_full() {
        let turns = solution.turn(card);
        let turn: Turn = turns.at(card);
        let mut dice = [0u8; 6];
        for rolls_left in [2, 1, 0] {
            let held: u8 = dice.iter().sum();
            for _ in held..DICE as u8 {
                dice[rng.random_range(0..6)] += 1;
            }
            if rolls_left > 0 {
                let keep = turn.best_keep(roll_number(&dice), rolls_left);
                dice = *keeps.counts(keep);
            }
        }
        let placed = turn.best_box(roll_number(&dice));
        score += u32::from(placed.gained);
        card = placed.after;
    }
    score
}

/// The final scores of `games` games, game `i` drawing its dice from stream `i` of the
/// generator seeded by `seed`.
pub fn play(solution: &Solution, games: u64, seed: u64) -> Vec<u32> {
    (0..games)
        .into_par_iter()
        .map(|i| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(i);
            play_one(solution, &mut rng)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yahtzee::{Settings, solve};

    /// Games played with real dice agree with the exact mean within 4.5 standard errors.
    #[test]
    fn games_with_real_dice_agree_with_the_exact_mean() {
        let solution = solve(&Settings::default());
        let games = 4000;
        let scores: Vec<f64> = play(&solution, games, 7)
            .into_iter()
            .map(f64::from)
            .collect();
        let n = games as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let z = (mean - solution.expected_score()).abs() / (variance / n).sqrt();
        assert!(
            z < 4.5,
            "mean {mean} vs {}: z {z}",
            solution.expected_score()
        );
    }
}
