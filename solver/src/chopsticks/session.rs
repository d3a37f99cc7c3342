//! A game between a person and the solver, as the assignment's `chopsticks_game` plays it.
//!
//! [`Match`] knows the position, whose turn it is, the person's choices and the computer's
//! reply; the CLI reads the person's input and prints. With a move limit the computer follows
//! the move-limited solution; without one, the retrograde solution (fastest win, slowest loss).

use super::limited::{Limited, mover};
use super::position::{Player, Position};
use super::retrograde::{Node, Retrograde};

/// The solution the computer plays by.
#[derive(Clone, Debug)]
pub enum Solver {
    /// At most this many moves per player.
    Limited(Limited),
    /// No move limit.
    Unlimited(Retrograde),
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Match {
    solver: Solver,
    position: Position,
    /// Moves made so far.
    level: u32,
    computer: Player,
}

impl Match {
    /// A new game from the start; the computer plays `computer`.
    pub fn new(solver: Solver, computer: Player) -> Match {
        Match {
            solver,
            position: Position::START,
            level: 0,
            computer,
        }
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.position
    }

    /// Who moves now.
    pub fn to_move(&self) -> Player {
        mover(self.level)
    }

    /// Whether the computer moves now.
    pub fn computers_turn(&self) -> bool {
        self.to_move() == self.computer
    }

    /// The move limit per player, if there is one.
    pub fn move_limit(&self) -> Option<u32> {
        match &self.solver {
            Solver::Limited(solved) => Some(solved.moves()),
            Solver::Unlimited(_) => None,
        }
    }

    /// How the game ended: 1 (A wins), −1 (B wins) or 0 (a tie at the move limit); `None`
    /// while it goes on.
    pub fn ended(&self) -> Option<i8> {
        if let Some(winner) = self.position.winner() {
            return Some(winner.wins());
        }
        let at_limit = self.move_limit().is_some_and(|m| self.level >= 2 * m);
        at_limit.then_some(0)
    }

    /// The moves the player to move may choose from, in the documented order.
    pub fn choices(&self) -> Vec<Position> {
        self.position.moves(self.to_move())
    }

    /// Moves the person has left, this one included (with a move limit).
    pub fn moves_left(&self) -> Option<u32> {
        self.move_limit().map(|m| m - self.level / 2)
    }

    /// Plays `choice`, one of [`choices`](Self::choices).
    pub fn play(&mut self, choice: Position) {
        debug_assert!(self.choices().contains(&choice));
        self.position = choice;
        self.level += 1;
    }

    /// Whether the computer's position is a forced win for it (it says "I will win.").
    pub fn computer_will_win(&self) -> bool {
        let result = match &self.solver {
            Solver::Limited(solved) => solved.result(self.position, self.level),
            Solver::Unlimited(solved) => solved.result(self.node()),
        };
        result == self.computer.wins()
    }

    /// The computer's move from here: the solution's best move.
    pub fn computer_move(&self) -> Position {
        let best = match &self.solver {
            Solver::Limited(solved) => solved.best(self.position, self.level),
            Solver::Unlimited(solved) => solved.best(self.node()).map(|n| n.position),
        };
        best.expect("the game goes on, so the mover has a move")
    }

    fn node(&self) -> Node {
        Node {
            position: self.position,
            to_move: self.to_move(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_never_loses_a_game_it_said_it_would_win() {
        // Against every reply of the person, a computer that says "I will win." wins.
        fn play_out(game: Match) -> bool {
            if let Some(result) = game.ended() {
                return result == game.computer.wins();
            }
            if game.computers_turn() {
                let mut next = game.clone();
                next.play(game.computer_move());
                play_out(next)
            } else {
                game.choices().into_iter().all(|choice| {
                    let mut next = game.clone();
                    next.play(choice);
                    play_out(next)
                })
            }
        }
        let solved = Limited::solve(4);
        for computer in [Player::A, Player::B] {
            let game = Match::new(Solver::Limited(solved.clone()), computer);
            let mut probe = game.clone();
            if !probe.computers_turn() {
                probe.play(probe.choices()[0]);
            }
            if probe.computer_will_win() {
                assert!(play_out(probe));
            }
        }
    }
}
