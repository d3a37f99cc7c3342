//! Chopsticks told move by move, as Hog's, Greed's and the Pig family's games are told: who
//! tapped or moved fingers, whose hands went from what to what, then the hands, the winner or
//! the tie; and the hands as the assignment's `display` prints them. The seats are a
//! [`Table`]'s ([`Table::seat`]), called by the commentary's [`Names`].

use super::position::{Player, Position};
use super::table::Table;
use crate::commentary::Names;

/// What a move does: tap the opponent's hands, or move fingers across the mover's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A tap: the opponent's hands change.
    Tap,
    /// A transfer: the mover's own hands change.
    MoveFingers,
}

/// What moving to `hands` (one of the moves at `table`) does, and whose hands it changes.
pub fn kind(table: &Table, hands: Position) -> (Kind, Player) {
    let mover = table.mover();
    if hands.hands(mover) == table.position.hands(mover) {
        (Kind::Tap, mover.other())
    } else {
        (Kind::MoveFingers, mover)
    }
}

/// The line telling the move to `hands` (one of the moves at `table`): "You tap: the
/// computer's hands go from (1, 1) to (2, 1)."
pub fn told_move(table: &Table, hands: Position, names: Names) -> String {
    let mover = table.seat(table.mover());
    let (kind, changed) = kind(table, hands);
    let verb = match kind {
        Kind::Tap => names.act(mover, "taps", "tap"),
        Kind::MoveFingers => names.act(mover, "moves fingers", "move fingers"),
    };
    format!(
        "{verb}: {} hands go from {} to {}.",
        whose(names, table.seat(changed), mover),
        table.position.hands(changed),
        hands.hands(changed)
    )
}

/// The move from `before` to `after` told: the move, then who won, the tie at the move limit,
/// or both seats' hands; `result` is how the game ended at `after` (from A's point of view),
/// if it did.
pub fn said(before: &Table, after: &Table, result: Option<i8>, names: Names) -> Vec<String> {
    let ended = match result {
        Some(1) => format!("{}.", names.act(after.seat(Player::A), "wins", "win")),
        Some(-1) => format!("{}.", names.act(after.seat(Player::B), "wins", "win")),
        Some(_) => "The move limit is reached: a tie.".to_string(),
        None => format!(
            "Hands: {} {}, {} {}.",
            names.name(0),
            after.position.hands(after.side(0)),
            names.name(1),
            after.position.hands(after.side(1))
        ),
    };
    vec![told_move(before, after.position, names), ended]
}

/// A move at `table` as its list shows it: "Tap: the computer's hands become (2, 1)", "Move
/// fingers: your hands become (0, 2)".
pub fn label(table: &Table, choice: Position, names: Names) -> String {
    let (kind, changed) = kind(table, choice);
    let what = match kind {
        Kind::Tap => "Tap",
        Kind::MoveFingers => "Move fingers",
    };
    let mover = table.seat(table.mover());
    format!(
        "{what}: {} hands become {}",
        whose(names, table.seat(changed), mover),
        choice.hands(changed)
    )
}

/// The game's length as its start tells it: "at most 10 moves each", "no move limit".
pub fn limit(moves: Option<u32>) -> String {
    match moves {
        Some(m) => format!("at most {m} moves each"),
        None => "no move limit".to_string(),
    }
}

/// The hands as the assignment's `display` prints them.
pub fn display(position: Position) -> Vec<String> {
    vec![
        "***********************".to_string(),
        format!("A: {}", position.a),
        format!("B: {}", position.b),
    ]
}

/// Whose hands the seat `owner`'s are, told of the move of the seat `mover`: "your", "its"
/// (the computer's own), "the computer's", "Player 1's".
fn whose(names: Names, owner: usize, mover: usize) -> String {
    match names {
        Names::YouAndComputer if owner == 0 => "your".to_string(),
        Names::YouAndComputer if owner == mover => "its".to_string(),
        _ => format!("{}'s", names.name(owner)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chopsticks::Solver;
    use crate::game::Advisor;

    #[test]
    fn moves_read_from_the_persons_side() {
        // The person plays A.
        let mut table = Table::new(0);
        let choices = table.position.moves(table.mover());
        let names = Names::YouAndComputer;
        // The first choice taps: the computer's left hand gets the person's finger.
        assert_eq!(
            label(&table, choices[0], names),
            "Tap: the computer's hands become (2, 1)"
        );
        let before = table;
        table.play(choices[0]);
        assert_eq!(
            said(&before, &table, None, names),
            [
                "You tap: the computer's hands go from (1, 1) to (2, 1).",
                "Hands: you (1, 1), the computer (2, 1)."
            ]
        );
        let reply = Solver::for_limit(Some(3)).computer(&table);
        let told = told_move(&table, reply, names);
        assert!(told.starts_with("The computer "), "{told}");
        assert!(
            told.contains(" taps: your hands") || told.contains(" moves fingers: its hands"),
            "{told}"
        );
        assert_eq!(limit(Some(3)), "at most 3 moves each");
    }

    #[test]
    fn numbered_seats_own_their_hands_by_name() {
        // Seat 1 plays A, so Player 1 taps Player 0's hands.
        let table = Table::new(1);
        let tap = table.position.moves(table.mover())[0];
        assert_eq!(
            told_move(&table, tap, Names::Numbered(0)),
            "Player 1 taps: Player 0's hands go from (1, 1) to (2, 1)."
        );
    }
}
