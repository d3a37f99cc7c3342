//! Chopsticks positions and the move generator of RULES.md.
//!
//! A player's [`Hands`] show 0..=4 fingers each; a [`Position`] is both players' hands. Who is
//! to move is not part of it: with a move limit the level decides (A moves at even levels),
//! without one the side to move is kept beside it. [`Position::index`] numbers the 625
//! positions densely.
//!
//! **Move order.** [`Position::moves`] lists the mover's moves in this order, each new position
//! once (the first time it is produced):
//! 1. taps: mover's left on the opponent's left, left on right, right on left, right on right
//!    (each only when both hands show fingers);
//! 2. transfers from left to right, moving 1, 2, ... fingers;
//! 3. transfers from right to left, moving 1, 2, ... fingers.
//!
//! Best moves are the first optimal successor in this order.

use std::fmt;

/// Fingers on a hand after adding `a` and `b`: a hand that reaches 5 or more drops to 0.
pub fn add(a: u8, b: u8) -> u8 {
    if a + b < 5 { a + b } else { 0 }
}

/// One player's hands: fingers on the left and on the right, each 0..=4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hands {
    /// Fingers on the left hand.
    pub left: u8,
    /// Fingers on the right hand.
    pub right: u8,
}

impl Hands {
    /// Hands showing `left` and `right` fingers (each 0..=4).
    pub const fn new(left: u8, right: u8) -> Hands {
        Hands { left, right }
    }

    /// Whether both hands are empty: this player has lost.
    pub fn is_dead(self) -> bool {
        self.left == 0 && self.right == 0
    }

    /// The hands a transfer can make: `(left, right)` with the same total, each hand below 5,
    /// not the same hands and not merely the two swapped, in the documented order.
    fn transfers(self) -> impl Iterator<Item = Hands> {
        let Hands { left, right } = self;
        let to_right = (1..=left)
            .filter(move |&i| right + i < 5)
            .map(move |i| Hands::new(left - i, right + i));
        let to_left = (1..=right)
            .filter(move |&i| left + i < 5)
            .map(move |i| Hands::new(left + i, right - i));
        to_right
            .chain(to_left)
            .filter(move |h| *h != Hands::new(right, left))
    }
}

impl fmt::Display for Hands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.left, self.right)
    }
}

/// Which player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Player A, who moves first.
    A,
    /// Player B.
    B,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// The result (from A's point of view) of this player winning: 1 for A, −1 for B.
    pub fn wins(self) -> i8 {
        match self {
            Player::A => 1,
            Player::B => -1,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}

/// Both players' hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Player A's hands.
    pub a: Hands,
    /// Player B's hands.
    pub b: Hands,
}

/// The number of positions: 5⁴ finger configurations.
pub const POSITIONS: usize = 625;

impl Position {
    /// The start: every hand shows one finger.
    pub const START: Position = Position {
        a: Hands::new(1, 1),
        b: Hands::new(1, 1),
    };

    /// A's hands and B's hands.
    pub const fn new(a: Hands, b: Hands) -> Position {
        Position { a, b }
    }

    /// The position's number in `0..625`: A's left, A's right, B's left, B's right in base 5.
    pub fn index(self) -> usize {
        let digits = [self.a.left, self.a.right, self.b.left, self.b.right];
        digits.iter().fold(0, |n, &d| n * 5 + usize::from(d))
    }

    /// The position numbered `index` (in `0..625`).
    pub fn from_index(index: usize) -> Position {
        let digit = |power: usize| (index / power % 5) as u8;
        Position::new(
            Hands::new(digit(125), digit(25)),
            Hands::new(digit(5), digit(1)),
        )
    }

    /// Every position, by index.
    pub fn all() -> impl Iterator<Item = Position> {
        (0..POSITIONS).map(Position::from_index)
    }

    /// The hands of `player`.
    pub fn hands(self, player: Player) -> Hands {
        match player {
            Player::A => self.a,
            Player::B => self.b,
        }
    }

    /// This position with `player`'s hands replaced.
    fn with(self, player: Player, hands: Hands) -> Position {
        match player {
            Player::A => Position { a: hands, ..self },
            Player::B => Position { b: hands, ..self },
        }
    }

    /// The winner, if a player has lost both hands (`None` too when both have, which no play
    /// reaches).
    pub fn winner(self) -> Option<Player> {
        match (self.a.is_dead(), self.b.is_dead()) {
            (false, true) => Some(Player::A),
            (true, false) => Some(Player::B),
            _ => None,
        }
    }

    /// Whether the game is over: a player has no fingers left.
    pub fn is_over(self) -> bool {
        self.a.is_dead() || self.b.is_dead()
    }

    /// The positions `mover` can move to, in the documented order, each once; none when the
    /// game is over.
    pub fn moves(self, mover: Player) -> Vec<Position> {
        if self.is_over() {
            return Vec::new();
        }
        let own = self.hands(mover);
        let other = self.hands(mover.other());
        let mut moves: Vec<Position> = Vec::with_capacity(8);
        let mut push = |p: Position| {
            if !moves.contains(&p) {
                moves.push(p);
            }
        };
        for tapping in [own.left, own.right] {
            if tapping == 0 {
                continue;
            }
            if other.left > 0 {
                push(self.with(
                    mover.other(),
                    Hands::new(add(tapping, other.left), other.right),
                ));
            }
            if other.right > 0 {
                push(self.with(
                    mover.other(),
                    Hands::new(other.left, add(tapping, other.right)),
                ));
            }
        }
        for hands in own.transfers() {
            push(self.with(mover, hands));
        }
        moves
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.a, self.b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(a: (u8, u8), b: (u8, u8)) -> Position {
        Position::new(Hands::new(a.0, a.1), Hands::new(b.0, b.1))
    }

    #[test]
    fn indices_cover_every_position_once() {
        for index in 0..POSITIONS {
            assert_eq!(Position::from_index(index).index(), index);
        }
        // Digits 1, 1, 1, 1 in base 5.
        assert_eq!(Position::START.index(), 125 + 25 + 5 + 1);
    }

    #[test]
    fn the_starts_moves_worked_by_hand() {
        // Four taps make two distinct positions; transfers (0, 2) and (2, 0); nothing else.
        assert_eq!(
            Position::START.moves(Player::A),
            [
                p((1, 1), (2, 1)),
                p((1, 1), (1, 2)),
                p((0, 2), (1, 1)),
                p((2, 0), (1, 1))
            ]
        );
    }

    #[test]
    fn the_mirror_rule_and_the_kill_at_five() {
        // B (2, 1) against A (1, 1): taps make A (3,1), (1,3), (2,1), (1,2); transfers (0, 3)
        // and (3, 0); (1, 2) would only mirror B's hands.
        let moves = p((1, 1), (2, 1)).moves(Player::B);
        assert_eq!(
            moves,
            [
                p((3, 1), (2, 1)),
                p((1, 3), (2, 1)),
                p((2, 1), (2, 1)),
                p((1, 2), (2, 1)),
                p((1, 1), (0, 3)),
                p((1, 1), (3, 0)),
            ]
        );
        // B (4, 0): the 4 kills either of A's ones; transfers (3,1), (2,2), (1,3), not (0,4).
        let moves = p((1, 1), (4, 0)).moves(Player::B);
        assert_eq!(
            moves,
            [
                p((0, 1), (4, 0)),
                p((1, 0), (4, 0)),
                p((1, 1), (3, 1)),
                p((1, 1), (2, 2)),
                p((1, 1), (1, 3)),
            ]
        );
        // A (1, 4) taps B's 3 with the 4: 7 >= 5 drops it to 0, and B has lost.
        let winning = p((1, 4), (3, 0)).moves(Player::A);
        assert!(winning.contains(&p((1, 4), (0, 0))));
        assert_eq!(p((1, 4), (0, 0)).winner(), Some(Player::A));
        assert!(p((1, 4), (0, 0)).moves(Player::B).is_empty());
    }

    #[test]
    fn transfers_keep_the_total_and_never_reach_five() {
        for position in Position::all().filter(|p| !p.is_over()) {
            for next in position.moves(Player::A) {
                if next.b == position.b {
                    let (before, after) = (position.a, next.a);
                    assert_eq!(before.left + before.right, after.left + after.right);
                    assert_ne!(after, Hands::new(before.right, before.left));
                    assert!(after.left < 5 && after.right < 5);
                }
            }
        }
        assert_eq!(add(2, 1), 3);
        assert_eq!(add(3, 2), 0);
        assert_eq!(add(4, 3), 0);
    }
}
