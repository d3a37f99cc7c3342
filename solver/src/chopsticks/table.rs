//! A game of Chopsticks at the table: both players' hands, the moves made, and which seat
//! plays A (who moves first).

use super::limited::mover;
use super::position::{Player, Position};

/// A game of Chopsticks in progress, seen from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// Both players' hands.
    pub position: Position,
    /// Moves made so far; without a move limit, only whether A (0) or B (1) is to move
    /// ([`Rulebook`](super::Rulebook)'s `choose`).
    pub level: u32,
    /// The seat playing A, who moves first.
    pub first: usize,
}

impl Table {
    /// A new game from the start, seat `first` playing A.
    pub fn new(first: usize) -> Table {
        Table {
            position: Position::START,
            level: 0,
            first,
        }
    }

    /// The side to move.
    pub fn mover(&self) -> Player {
        mover(self.level)
    }

    /// The seat `side` sits in.
    pub fn seat(&self, side: Player) -> usize {
        match side {
            Player::A => self.first,
            Player::B => 1 - self.first,
        }
    }

    /// The side the player in `seat` plays.
    pub fn side(&self, seat: usize) -> Player {
        if seat == self.first {
            Player::A
        } else {
            Player::B
        }
    }

    /// A result from A's point of view (1 A wins, 0 a tie or draw, −1 B wins) as seat 0 sees
    /// it: 1 seat 0 wins, −1 seat 1 does.
    pub fn for_seat_zero(&self, result: i8) -> i8 {
        if self.first == 0 { result } else { -result }
    }

    /// The side to move moves to `hands`, one of its moves.
    pub fn play(&mut self, hands: Position) {
        self.position = hands;
        self.level += 1;
    }
}
