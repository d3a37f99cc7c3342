//! Yahtzee played with real dice by the optimal strategy: the Monte Carlo check of the
//! solver's expected score and distribution.
//!
//! A game throws five dice, one face at a time, keeps what the turn's values say twice, and
//! fills the best box; it shares with the solver the values of each choice ([`Turn`]), not the
//! grouping of rolls or the forward pass over cards.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::rules::yahtzee_face;
use super::solve::Solution;
use super::strategy::{Player, Thumb, thumb_keeps};
use super::turn::{Card, happenings, play};
use crate::game::{Run, Stopped};

/// One game played: its final score and what happened on the way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// The final score, points.
    pub score: u32,
    /// Each happening's count in the game, as
    /// [`Sheet::happenings`](super::rules::Sheet::happenings) orders them: the upper bonus, 50
    /// in the Yahtzee box, Yahtzee bonuses, Yahtzees placed.
    pub happened: [u32; 4],
}

/// One game, `player` playing by `solution`'s tables, its dice drawn from `rng`.
pub fn play_one(solution: &Solution, player: Player, rng: &mut impl Rng) -> Played {
    let keeps = solution.keeps();
    let settings = solution.settings();
    let thumb = thumb_keeps(keeps);
    let mut card = Card::EMPTY;
    let mut played = Played::default();
    while !card.is_full(settings) {
        let (dice, placed) = match player {
            Player::Optimal => play(keeps, &solution.turn(card).at(card), rng),
            Player::Thumb => {
                let thumb = Thumb {
                    solution,
                    card,
                    keeps: &thumb,
                };
                play(keeps, &thumb, rng)
            }
        };
        let happened = happenings(settings, card, placed.after, yahtzee_face(&dice).is_some());
        for (count, happened) in played.happened.iter_mut().zip(happened) {
            *count += u32::from(happened);
        }
        played.score += u32::from(placed.gained);
        card = placed.after;
    }
    played
}

/// The games `games` of `player`, game `i` drawing its dice from stream `i` of the generator
/// seeded by `seed`; stopped by `run`, checked before each game.
pub fn play_games(
    solution: &Solution,
    player: Player,
    (games, seed): (u64, u64),
    run: &Run,
) -> Result<Vec<Played>, Stopped> {
    (0..games)
        .into_par_iter()
        .map(|i| {
            run.check()?;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(i);
            Ok(play_one(solution, player, &mut rng))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yahtzee::fixtures::{small, small_distributions};

    /// Games played with real dice agree with the exact mean within 4.5 standard errors, for
    /// the optimum and the rule of thumb (whose mean is its exact distribution's).
    #[test]
    fn games_with_real_dice_agree_with_the_exact_mean() {
        let solution = small();
        let thumb = small_distributions()[1].mean();
        for (player, exact) in [
            (Player::Optimal, solution.expected_score()),
            (Player::Thumb, thumb),
        ] {
            let games = 4000;
            let scores: Vec<f64> = play_games(solution, player, (games, 7), &Run::default())
                .unwrap()
                .into_iter()
                .map(|played| f64::from(played.score))
                .collect();
            let n = games as f64;
            let mean = scores.iter().sum::<f64>() / n;
            let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
            let z = (mean - exact).abs() / (variance / n).sqrt();
            assert!(z < 4.5, "{player:?}: mean {mean} vs {exact}: z {z}");
        }
    }
}
