//! A game between a person and the solver, as the assignment's `chopsticks_game` plays it.
//!
//! [`Match`] knows the position, whose turn it is, the person's choices and the computer's
//! reply; the CLI reads the person's input and prints. With a move limit the computer follows
//! the move-limited solution; without one, the retrograde solution (fastest win, slowest loss).
//! Games may share one solution (`swine serve` keeps one per move limit).

use std::sync::Arc;

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

impl Solver {
    /// Solves the game with at most `moves` moves per player, or without a limit (`None`).
    pub fn for_limit(moves: Option<u32>) -> Solver {
        match moves {
            Some(m) => Solver::Limited(Limited::solve(m)),
            None => Solver::Unlimited(Retrograde::solve()),
        }
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Match {
    solver: Arc<Solver>,
    position: Position,
    /// Moves made so far.
    level: u32,
    computer: Player,
}

impl Match {
    /// A new game from the start; the computer plays `computer`.
    pub fn new(solver: impl Into<Arc<Solver>>, computer: Player) -> Match {
        Match {
            solver: solver.into(),
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

    /// The player the computer plays.
    pub fn computer(&self) -> Player {
        self.computer
    }

    /// The seat `side` sits in, as a person playing the computer numbers them (as
    /// [`Names::YouAndComputer`](crate::commentary::Names) does): 0 the person, 1 the computer.
    pub fn seat(&self, side: Player) -> usize {
        usize::from(side == self.computer)
    }

    /// The side the player in `seat` plays (0 the person, 1 the computer).
    pub fn side(&self, seat: usize) -> Player {
        if seat == 1 {
            self.computer
        } else {
            self.computer.other()
        }
    }

    /// A result from A's point of view (1 A wins, 0 a tie or draw, −1 B wins) seen by the
    /// person: 1 the person wins, −1 the computer does.
    pub fn for_person(&self, result: i8) -> i8 {
        if self.computer == Player::A {
            -result
        } else {
            result
        }
    }

    /// How the game ended, by seat ([`seat`](Self::seat)): `Some(Some(seat))` that seat won,
    /// `Some(None)` a tie at the move limit; `None` while it goes on.
    pub fn outcome(&self) -> Option<Option<usize>> {
        self.ended().map(|result| match result {
            1 => Some(self.seat(Player::A)),
            -1 => Some(self.seat(Player::B)),
            _ => None,
        })
    }

    /// Whether the computer moves now.
    pub fn computers_turn(&self) -> bool {
        self.to_move() == self.computer
    }

    /// The move limit per player, if there is one.
    pub fn move_limit(&self) -> Option<u32> {
        match &*self.solver {
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

    /// The result of the game from here under perfect play, from A's point of view: 1 (A
    /// wins), 0 (a tie at the move limit, or a draw without one) or −1 (B wins).
    pub fn result(&self) -> i8 {
        match &*self.solver {
            Solver::Limited(solved) => solved.result(self.position, self.level),
            Solver::Unlimited(solved) => solved.result(self.node()),
        }
    }

    /// The result under perfect play (as [`result`](Self::result)) once the player to move
    /// has played `choice`, one of [`choices`](Self::choices).
    pub fn result_after(&self, choice: Position) -> i8 {
        let mut next = self.clone();
        next.play(choice);
        next.result()
    }

    /// Whether the computer's position is a forced win for it (it says "I will win.").
    pub fn computer_will_win(&self) -> bool {
        self.result() == self.computer.wins()
    }

    /// The best move of the player to move (the computer's move on its turn): the solution's.
    pub fn best_move(&self) -> Position {
        let best = match &*self.solver {
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
                next.play(game.best_move());
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

    #[test]
    fn the_best_move_keeps_the_result_and_no_choice_beats_it() {
        let solvers = [
            Solver::Limited(Limited::solve(10)),
            Solver::Unlimited(Retrograde::solve()),
        ];
        for solver in solvers {
            let mut game = Match::new(solver, Player::B);
            // Without a limit perfect play may go on for ever: a few dozen moves tell.
            for _ in 0..40 {
                if game.ended().is_some() {
                    break;
                }
                let sign = game.to_move().wins();
                let best = game.best_move();
                assert_eq!(game.result_after(best), game.result());
                for choice in game.choices() {
                    assert!(game.result_after(choice) * sign <= game.result() * sign);
                }
                game.play(best);
            }
        }
    }
}
