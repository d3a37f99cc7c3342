//! Exact advice during a Greed game: what each choice is worth to a player who plays on
//! perfectly against a fixed opponent, and what that opponent rolls; the advisor of a Greed
//! sitting ([`crate::game::Advisor`]).

use std::sync::Arc;

use super::game::Greed;
use super::rules::Table;
use super::sweep::{Player, SolveError, Sweep, sweep};
use super::turn::Game;
use crate::game::Advisor;

/// How many dice counts a player is offered besides passing, in `swine play` and on the page.
pub const HINTS: usize = 5;

/// The game solved for an advised player (seat 0 of every [`Game`] it is asked about) who
/// plays optimally against a fixed opponent (seat 1).
pub struct Advice {
    game: Arc<Greed>,
    sweep: Sweep<f64>,
}

impl Advice {
    /// Solves `game` for the advised player against `opponent`.
    pub fn new(game: Arc<Greed>, opponent: &Player) -> Result<Advice, SolveError> {
        Ok(Advice {
            sweep: sweep(&game, [&Player::Optimising, opponent])?,
            game,
        })
    }

    /// The game.
    pub fn game(&self) -> &Arc<Greed> {
        &self.game
    }

    /// The advised player's value (P(win) + ½·P(tie)) if it rolls `dice` now in `position`
    /// with seat 0 to move, and plays optimally afterwards.
    fn roll_value(&self, position: &Game, dice: u8) -> f64 {
        let (own, opponent) = (position.scores[0] as usize, position.scores[1] as usize);
        self.sweep
            .roll_value(&self.game, 0, (own, opponent, position.passed), dice)
    }

    /// The value of each dice count (`[n]`, 0 for passing, up to the most worth considering)
    /// in `position` with seat 0 to move.
    fn choices(&self, position: &Game) -> Vec<f64> {
        debug_assert_eq!(position.mover, 0, "advice is for seat 0's turns");
        let room = self.game.limit() - position.scores[0];
        let most = self.game.cap(room as usize).max(self.dice(0, position));
        (0..=most).map(|n| self.roll_value(position, n)).collect()
    }

    /// The dice `seat`'s play rolls in `position` (`seat` to move): the advised player's
    /// optimal play, or the opponent's.
    fn dice(&self, seat: usize, position: &Game) -> u8 {
        self.sweep.dice[seat][position.state(&self.game)]
    }

    /// What the best choice in `position` (seat 0 to move) is worth, without valuing the
    /// others.
    pub fn value(&self, position: &Game) -> f64 {
        self.roll_value(position, self.dice(0, position))
    }

    /// The dice the advised player's optimal play rolls in `position` (seat 0 to move).
    pub fn best(&self, position: &Game) -> u8 {
        self.dice(0, position)
    }
}

impl Advisor<Greed> for Advice {
    fn values(&self, table: &Table, choices: &[u8]) -> Vec<f64> {
        choices
            .iter()
            .map(|&n| self.roll_value(&table.game, n))
            .collect()
    }

    fn best(&self, table: &Table) -> u8 {
        self.dice(0, &table.game)
    }

    fn computer(&self, table: &Table) -> u8 {
        self.dice(1, &table.game)
    }

    /// Passing and the [`HINTS`] best dice counts with their values, passing first, then the
    /// best first (equal values by count); any other count is still taken when typed.
    fn offered(&self, table: &Table, _: Vec<u8>) -> Vec<(u8, f64)> {
        let choices = self.choices(&table.game);
        let mut ranked: Vec<usize> = (1..choices.len()).collect();
        ranked.sort_by(|&a, &b| choices[b].total_cmp(&choices[a]).then(a.cmp(&b)));
        ranked.truncate(HINTS);
        ranked.insert(0, 0);
        ranked.into_iter().map(|n| (n as u8, choices[n])).collect()
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
        let advice = Advice::new(Arc::clone(&game), sample2.player()).unwrap();
        let start = Game::new(0);
        let choices = advice.choices(&start);
        let best = advice.best(&start);
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
            approx::assert_abs_diff_eq!(advice.value(&position), solved, epsilon = 1e-12);
        }
        // Passing at 0 : 0 hands sample2 a last turn at 0 : 0: it rolls, and wins unless every
        // die shows 0 (a tie) or it goes over.
        assert!(choices[0] < 0.1);
        // Offered: passing, then the five best counts, the best first, each at its value.
        let offered = advice.offered(&Table::at(start), Vec::new());
        assert_eq!(offered.len(), 1 + HINTS);
        assert_eq!(offered[0], (0, choices[0]));
        assert_eq!(offered[1], (best, choices[usize::from(best)]));
        assert!(offered[1..].windows(2).all(|w| w[0].1 >= w[1].1));
    }
}
