//! Exact advice during a Greed game: what each choice is worth to a player who plays on
//! perfectly against a fixed opponent.

use std::sync::Arc;

use super::game::Greed;
use super::simulate::Game;
use super::sweep::{Player, SolveError, Sweep, sweep};

/// How many dice counts a player is hinted besides passing, in `swine play` and on the page.
pub const HINTS: usize = 5;

/// The game solved for an advised player (seat 0 of every [`Game`] it is asked about) who
/// plays optimally against a fixed opponent (seat 1).
pub struct Advisor {
    game: Arc<Greed>,
    sweep: Sweep<f64>,
}

impl Advisor {
    /// Solves `game` for the advised player against `opponent`.
    pub fn new(game: Arc<Greed>, opponent: &Player) -> Result<Advisor, SolveError> {
        Ok(Advisor {
            sweep: sweep(&game, [&Player::Optimising, opponent])?,
            game,
        })
    }

    /// The game.
    pub fn game(&self) -> &Greed {
        &self.game
    }

    /// The advised player's value (P(win) + ½·P(tie)) if it rolls each dice count now (`[n]`,
    /// 0 for passing, up to the most worth considering) in `position` with seat 0 to move, and
    /// plays optimally afterwards.
    pub fn choices(&self, position: &Game) -> Vec<f64> {
        debug_assert_eq!(position.mover, 0, "advice is for seat 0's turns");
        let (own, opponent) = (position.scores[0] as usize, position.scores[1] as usize);
        let room = self.game.limit() as usize - own;
        let most = self.game.cap(room).max(self.best(position));
        (0..=most)
            .map(|n| {
                self.sweep
                    .roll_value(&self.game, 0, (own, opponent, position.passed), n)
            })
            .collect()
    }

    /// Passing and the `count` best dice counts with their values (as in
    /// [`choices`](Self::choices)), passing first, then the best first (equal values by count).
    pub fn hints(&self, position: &Game, count: usize) -> Vec<(u8, f64)> {
        let choices = self.choices(position);
        let mut ranked: Vec<usize> = (1..choices.len()).collect();
        ranked.sort_by(|&a, &b| choices[b].total_cmp(&choices[a]).then(a.cmp(&b)));
        ranked.truncate(count);
        ranked.insert(0, 0);
        ranked.into_iter().map(|n| (n as u8, choices[n])).collect()
    }

    /// The dice the advised player's optimal play rolls in `position` (seat 0 to move).
    pub fn best(&self, position: &Game) -> u8 {
        self.sweep.dice[0][position.state(&self.game)]
    }

    /// What the best choice in `position` (seat 0 to move) is worth: its entry in
    /// [`choices`](Self::choices), without valuing the others.
    pub fn value(&self, position: &Game) -> f64 {
        let (own, opponent) = (position.scores[0] as usize, position.scores[1] as usize);
        self.sweep.roll_value(
            &self.game,
            0,
            (own, opponent, position.passed),
            self.best(position),
        )
    }

    /// The dice the opponent rolls in `position` (seat 1 to move).
    pub fn opponent(&self, position: &Game) -> u8 {
        self.sweep.dice[1][position.state(&self.game)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::greed::{Strategy, solve};

    #[test]
    fn the_best_choice_is_worth_the_solved_value() {
        let game = Arc::new(Greed::new(100).unwrap());
        let sample2 = Strategy::parse("sample2", &game).unwrap();
        let advisor = Advisor::new(Arc::clone(&game), sample2.player()).unwrap();
        let start = Game::new(0);
        let choices = advisor.choices(&start);
        let best = advisor.best(&start);
        let solution = solve(&game, [&Player::Optimising, sample2.player()]).unwrap();
        let value = solution.value(0, game.start());
        approx::assert_abs_diff_eq!(choices[usize::from(best)], value, epsilon = 1e-12);
        assert!(choices.iter().all(|&c| c <= value + 1e-12));
        // The best choice's value alone is the solved value too, at the start and in play
        // (the opponent having passed or not).
        for (scores, passed) in [([0, 0], false), ([37, 52], false), ([61, 45], true)] {
            let position = Game {
                scores,
                mover: 0,
                passed,
            };
            let solved = solution.value(0, position.state(&game));
            approx::assert_abs_diff_eq!(advisor.value(&position), solved, epsilon = 1e-12);
        }
        // Passing at 0 : 0 hands sample2 a last turn at 0 : 0: it rolls, and wins unless every
        // die shows 0 (a tie) or it goes over.
        assert!(choices[0] < 0.1);
    }
}
