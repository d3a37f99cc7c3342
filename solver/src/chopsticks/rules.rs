//! Chopsticks' rules as the one rules interface ([`Rules`]) plays them: a seat's choices are
//! the positions its side can move to ([`Position::moves`]), nothing is left to chance, and a
//! game ends when a side has lost both hands or, under a move limit, when both sides have made
//! their moves (a tie).

use super::narrate::said;
use super::position::{Player, Position};
use super::table::Table;
use crate::commentary::{Commentary, Names};
use crate::dice::Die;
use crate::game::{Rules, Step, ToMove};

/// Chopsticks with at most `moves` moves per player, or without a limit (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rulebook {
    /// The move limit per player, if there is one.
    pub moves: Option<u32>,
}

impl Rulebook {
    /// How the game at `table` ended, from A's point of view: 1 (A wins), −1 (B wins) or 0 (a
    /// tie at the move limit, or both sides without fingers, which no play reaches); `None`
    /// while it goes on.
    pub fn result(&self, table: &Table) -> Option<i8> {
        if table.position.is_over() {
            return Some(table.position.winner().map_or(0, Player::wins));
        }
        let at_limit = self.moves.is_some_and(|m| table.level >= 2 * m);
        at_limit.then_some(0)
    }

    /// Moves the player to move at `table` has left, this one included (with a move limit).
    pub fn moves_left(&self, table: &Table) -> Option<u32> {
        self.moves.map(|m| m - table.level / 2)
    }
}

impl Rules for Rulebook {
    type State = Table;
    /// The position moved to.
    type Choice = Position;

    /// Seat `first` plays A.
    fn start(&self, first: usize) -> Table {
        Table::new(first)
    }

    fn to_move(&self, table: &Table) -> ToMove {
        match self.result(table) {
            Some(_) => ToMove::Over,
            None => ToMove::Seat(table.seat(table.mover())),
        }
    }

    /// In the documented order.
    fn choices(&self, table: &Table) -> Vec<Position> {
        table.position.moves(table.mover())
    }

    /// Never asked: Chopsticks leaves nothing to chance, so no state is a chance node.
    fn die(&self, _: &Table) -> Die {
        unreachable!("chopsticks throws no dice")
    }

    /// Without a move limit only whose turn it is counts, not how many moves were made: a game
    /// whose hands come back with the same side to move is where it was, and one that goes
    /// round for ever is seen to ([`LoopWatch`](crate::game::LoopWatch)).
    fn choose(&self, table: &mut Table, &hands: &Position) {
        table.play(hands);
        if self.moves.is_none() {
            table.level %= 2;
        }
    }

    /// Never asked, as [`die`](Self::die).
    fn throw(&self, _: &mut Table, _: u8) {
        unreachable!("chopsticks throws no dice")
    }

    /// 1 to the winner, 0 to the other; ½ each for a tie.
    fn returns(&self, table: &Table) -> Vec<f64> {
        match table.for_seat_zero(self.result(table).unwrap_or(0)) {
            1 => vec![1.0, 0.0],
            -1 => vec![0.0, 1.0],
            _ => vec![0.5, 0.5],
        }
    }

    /// Chopsticks keeps no scores.
    fn scores(&self, _: &Table) -> [u32; 2] {
        [0, 0]
    }

    /// `You tap: the computer's hands go from (1, 1) to (2, 1).`, then the hands, the winner
    /// or the tie.
    fn narrate(
        &self,
        step: &Step<'_, Rulebook>,
        names: Names,
        _: &mut dyn Commentary,
    ) -> Vec<String> {
        said(step.before, step.after, self.result(step.after), names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chopsticks::{Hands, NODES, Node, Retrograde, Solver};
    use crate::game::{Advisor, Chooser, Ended, play_choice, play_out};

    /// Both seats play the solution.
    struct Perfect(Solver);

    impl Chooser<Rulebook> for Perfect {
        fn choose(&self, table: &Table) -> Position {
            self.0.best(table)
        }
    }

    /// Plays `table` out under `rules` with both seats perfect: how it ended, each seat's
    /// returns, and the moves made.
    fn perfect(rules: Rulebook, mut table: Table) -> (Ended, Vec<f64>, u32) {
        let solver = Perfect(Solver::for_limit(rules.moves));
        let mut made = 0;
        let ended = play_out(
            &rules,
            &mut table,
            &[&solver, &solver],
            &mut |_| unreachable!("chopsticks throws no dice"),
            10_000,
            Some(&mut |_: &Step<'_, Rulebook>| made += 1),
        );
        let returns = match ended {
            Ended::Over => rules.returns(&table),
            _ => Vec::new(),
        };
        (ended, returns, made)
    }

    #[test]
    fn perfect_play_ends_as_solved_or_is_seen_to_go_round_for_ever() {
        // Within 10 moves each the start is a tie; without a limit B (seat 1) wins in 26 plies.
        assert_eq!(
            perfect(Rulebook { moves: Some(10) }, Table::new(0)),
            (Ended::Over, vec![0.5, 0.5], 20)
        );
        let unlimited = Rulebook { moves: None };
        let start = Retrograde::solve().distance(Node::START);
        assert_eq!(start, Some(26));
        assert_eq!(
            perfect(unlimited, Table::new(0)),
            (Ended::Over, vec![0.0, 1.0], 26)
        );
        // From a drawn position the same hands come back with the same side to move.
        let solved = Retrograde::solve();
        let drawn = (0..NODES)
            .map(Node::from_index)
            .find(|n| n.to_move == Player::A && !n.position.is_over() && solved.result(*n) == 0)
            .expect("some positions are draws");
        let table = Table {
            position: drawn.position,
            ..Table::new(0)
        };
        let (ended, _, made) = perfect(unlimited, table);
        assert_eq!(ended, Ended::Endless);
        assert!(made < 1250, "{made} moves");
    }

    #[test]
    fn a_game_ends_with_a_side_out_of_fingers_or_at_the_move_limit() {
        let rules = Rulebook { moves: Some(1) };
        let mut table = rules.start(1);
        // Seat 1 plays A and moves first; each side has one move.
        assert_eq!(rules.to_move(&table), ToMove::Seat(1));
        assert_eq!(rules.choices(&table), Position::START.moves(Player::A));
        let mut thrown = Vec::new();
        for seat in [1, 0] {
            assert_eq!(rules.to_move(&table), ToMove::Seat(seat));
            let first = rules.choices(&table)[0];
            play_choice(
                &rules,
                &mut table,
                &first,
                &mut |_| unreachable!(),
                &mut thrown,
            );
            assert!(thrown.is_empty());
        }
        assert_eq!(
            (rules.to_move(&table), rules.result(&table)),
            (ToMove::Over, Some(0))
        );
        assert_eq!(rules.returns(&table), [0.5, 0.5]);
        // B (seat 0 here) with no fingers left has lost, whatever the limit.
        let mut over = Table::new(1);
        over.position.b = Hands::new(0, 0);
        let unlimited = Rulebook { moves: None };
        assert_eq!(unlimited.result(&over), Some(1));
        assert_eq!(unlimited.returns(&over), [0.0, 1.0]);
        assert_eq!(rules.moves_left(&Table::new(0)), Some(1));
    }
}
