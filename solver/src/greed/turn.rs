//! A Greed game at the table, turn by turn, as the assignment plays it: a turn's dice total
//! added to the mover's score, going over the limit losing, a pass giving the other one last
//! turn ([`Game::play`]). The rules interface ([`crate::game::Rules`]) and the chain of turns
//! `swine study` measures both play their turns by it: one rules implementation.

use super::game::Greed;

/// A Greed game in progress, seen from the table: seat 0 and seat 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// Both players' scores, by seat.
    pub scores: [u32; 2],
    /// The seat to move.
    pub mover: usize,
    /// Whether the mover's opponent passed on its last turn (this is the last turn).
    pub passed: bool,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// This seat won.
    Won(usize),
    /// This seat went over the limit, so the other won.
    Bust(usize),
    /// Equal scores after the last turn.
    Tie,
}

impl Game {
    /// A new game at 0 : 0 with `first` to move.
    pub fn new(first: usize) -> Game {
        Game {
            scores: [0, 0],
            mover: first,
            passed: false,
        }
    }

    /// The state index of the position, seen from the mover.
    pub fn state(&self, game: &Greed) -> usize {
        let (own, opponent) = (self.scores[self.mover], self.scores[1 - self.mover]);
        game.state(own as usize, opponent as usize, self.passed)
    }

    /// Plays the mover's turn: it rolled dice whose faces add up to `total` (0 for a pass).
    /// Returns how the game ended, if it did.
    pub fn play(&mut self, limit: u32, dice: u8, total: u32) -> Option<End> {
        let mover = self.mover;
        self.scores[mover] += total;
        if self.scores[mover] > limit {
            return Some(End::Bust(mover));
        }
        if self.passed {
            let [a, b] = self.scores;
            return Some(match a.cmp(&b) {
                std::cmp::Ordering::Greater => End::Won(0),
                std::cmp::Ordering::Less => End::Won(1),
                std::cmp::Ordering::Equal => End::Tie,
            });
        }
        self.passed = dice == 0;
        self.mover = 1 - mover;
        None
    }
}

impl End {
    /// The seat that won, or `None` for a tie (a bust is the other seat's win).
    pub fn winner(self) -> Option<usize> {
        match self {
            End::Won(seat) => Some(seat),
            End::Bust(seat) => Some(1 - seat),
            End::Tie => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_assignments_example_game() {
        // autoplayLoud(sample1, sample1): 32 : 0, 32 : 31, Player 1 passes, Player 2 rolls 24.
        let mut game = Game::new(0);
        assert_eq!(game.play(100, 12, 32), None);
        assert_eq!(game.play(100, 12, 31), None);
        assert_eq!(game.play(100, 0, 0), None);
        assert!(game.passed);
        assert_eq!(game.play(100, 12, 24), Some(End::Won(1)));
        assert_eq!(game.scores, [32, 55]);
    }

    #[test]
    fn busts_ties_and_repeats() {
        let mut game = Game {
            scores: [95, 60],
            mover: 0,
            passed: false,
        };
        assert_eq!(game.play(100, 3, 6), Some(End::Bust(0)));
        let mut game = Game {
            scores: [50, 60],
            mover: 1,
            passed: true,
        };
        assert_eq!(game.play(100, 0, 0), Some(End::Won(1)));
        let mut game = Game {
            scores: [60, 50],
            mover: 1,
            passed: true,
        };
        assert_eq!(game.play(100, 4, 10), Some(End::Tie));
        // A roll totalling 0 hands the same scores to the opponent.
        let mut game = Game::new(0);
        assert_eq!(game.play(100, 5, 0), None);
        assert_eq!((game.scores, game.mover, game.passed), ([0, 0], 1, false));
    }
}
