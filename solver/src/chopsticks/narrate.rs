//! Chopsticks told move by move, as Hog's, Greed's and the Pig family's games are told: who
//! tapped or moved fingers, whose hands went from what to what, then the hands, the winner or
//! the tie. The seats are a [`Match`]'s ([`Match::seat`]: 0 the person, 1 the computer), called
//! by the commentary's [`Names`].

use super::position::{Player, Position};
use super::session::Match;
use crate::commentary::Names;

/// What a move does: tap the opponent's hands, or move fingers across the mover's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A tap: the opponent's hands change.
    Tap,
    /// A transfer: the mover's own hands change.
    MoveFingers,
}

/// What moving to `hands` (one of `game`'s choices) does, and whose hands it changes.
pub fn kind(game: &Match, hands: Position) -> (Kind, Player) {
    let mover = game.to_move();
    if hands.hands(mover) == game.position().hands(mover) {
        (Kind::Tap, mover.other())
    } else {
        (Kind::MoveFingers, mover)
    }
}

/// The line telling the move to `hands` (one of `game`'s choices): "You tap: the computer's
/// hands go from (1, 1) to (2, 1)."
pub fn told_move(game: &Match, hands: Position, names: Names) -> String {
    let mover = game.seat(game.to_move());
    let (kind, changed) = kind(game, hands);
    let verb = match kind {
        Kind::Tap => names.act(mover, "taps", "tap"),
        Kind::MoveFingers => names.act(mover, "moves fingers", "move fingers"),
    };
    format!(
        "{verb}: {} hands go from {} to {}.",
        whose(names, game.seat(changed), mover),
        game.position().hands(changed),
        hands.hands(changed)
    )
}

/// Plays the move to `hands` (one of `game`'s choices) and tells it: the move, then who won,
/// the tie at the move limit, or both seats' hands.
pub fn play_move(game: &mut Match, hands: Position, names: Names) -> Vec<String> {
    let mut lines = vec![told_move(game, hands, names)];
    game.play(hands);
    lines.push(match game.outcome() {
        Some(Some(winner)) => format!("{}.", names.act(winner, "wins", "win")),
        Some(None) => "The move limit is reached: a tie.".to_string(),
        None => format!(
            "Hands: {} {}, {} {}.",
            names.name(0),
            game.position().hands(game.side(0)),
            names.name(1),
            game.position().hands(game.side(1))
        ),
    });
    lines
}

/// A choice of the player to move as its list shows it: "Tap: the computer's hands become
/// (2, 1)", "Move fingers: your hands become (0, 2)".
pub fn label(game: &Match, choice: Position, names: Names) -> String {
    let (kind, changed) = kind(game, choice);
    let what = match kind {
        Kind::Tap => "Tap",
        Kind::MoveFingers => "Move fingers",
    };
    let mover = game.seat(game.to_move());
    format!(
        "{what}: {} hands become {}",
        whose(names, game.seat(changed), mover),
        choice.hands(changed)
    )
}

/// The game's length as its start tells it: "at most 10 moves each", "no move limit".
pub fn limit(game: &Match) -> String {
    match game.move_limit() {
        Some(m) => format!("at most {m} moves each"),
        None => "no move limit".to_string(),
    }
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

    #[test]
    fn moves_read_from_the_persons_side() {
        let mut game = Match::new(Solver::for_limit(Some(3)), Player::B);
        let choices = game.choices();
        let names = Names::YouAndComputer;
        // The first choice taps: the computer's left hand gets the person's finger.
        assert_eq!(
            label(&game, choices[0], names),
            "Tap: the computer's hands become (2, 1)"
        );
        assert_eq!(
            play_move(&mut game, choices[0], names),
            [
                "You tap: the computer's hands go from (1, 1) to (2, 1).",
                "Hands: you (1, 1), the computer (2, 1)."
            ]
        );
        let reply = game.best_move();
        let told = told_move(&game, reply, names);
        assert!(told.starts_with("The computer "), "{told}");
        assert!(
            told.contains(" taps: your hands") || told.contains(" moves fingers: its hands"),
            "{told}"
        );
        assert_eq!(limit(&game), "at most 3 moves each");
    }

    #[test]
    fn numbered_seats_own_their_hands_by_name() {
        let game = Match::new(Solver::for_limit(Some(1)), Player::A);
        let tap = game.choices()[0];
        assert_eq!(
            told_move(&game, tap, Names::Numbered(0)),
            "Player 1 taps: Player 0's hands go from (1, 1) to (2, 1)."
        );
    }
}
