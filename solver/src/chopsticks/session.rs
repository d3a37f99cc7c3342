//! A person plays Chopsticks against the solver (`swine play`, the page): the game solved once
//! for its move limit ([`ChopsticksEngine`]; [`Solver`] advises the one sitting every game is
//! played at, [`Sitting`]), and how Chopsticks reads to a person ([`Presented`]). At the
//! terminal it is the assignment's `chopsticks_game`: the hands as its `display` prints them,
//! the numbered choices, the computer's "I will win." and the winner by side.
//!
//! With a move limit the computer follows the move-limited solution; without one, the
//! retrograde solution (fastest win, slowest loss). Games share one solution (`swine serve`
//! keeps one per move limit).

use std::sync::Arc;

use super::NAME;
use super::limited::Limited;
use super::narrate::{display, label, limit};
use super::position::Position;
use super::retrograde::{Node, Retrograde};
use super::rules::Rulebook;
use super::table::Table;
use crate::commentary::Names;
use crate::game::{
    Action, Advisor, Answers, Audience, Board, Cell, CellState, Engine, Layout, Map, Presented,
    Reading, Rules, Session, Sitting, Tally, View,
};

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

    /// The result of the game at `table` under perfect play, from A's point of view: 1 (A
    /// wins), 0 (a tie at the move limit, or a draw without one) or −1 (B wins).
    pub fn result(&self, table: &Table) -> i8 {
        match self {
            Solver::Limited(solved) => solved.result(table.position, table.level),
            Solver::Unlimited(solved) => solved.result(node(table)),
        }
    }
}

/// The node of the unlimited game at `table`.
fn node(table: &Table) -> Node {
    Node {
        position: table.position,
        to_move: table.mover(),
    }
}

impl Advisor<Rulebook> for Solver {
    /// The verdict under perfect play once the person has moved to each of `choices`.
    fn values(&self, table: &Table, choices: &[Position]) -> Vec<f64> {
        choices
            .iter()
            .map(|&hands| {
                let mut next = *table;
                next.play(hands);
                f64::from(table.for_seat_zero(self.result(&next)))
            })
            .collect()
    }

    /// The solution's move (the first best one in the documented order).
    fn best(&self, table: &Table) -> Position {
        let best = match self {
            Solver::Limited(solved) => solved.best(table.position, table.level),
            Solver::Unlimited(solved) => solved.best(node(table)).map(|n| n.position),
        };
        best.expect("the game goes on, so the mover has a move")
    }

    fn computer(&self, table: &Table) -> Position {
        self.best(table)
    }

    /// "I will win." where the computer's position is a forced win, else "I may not win."
    fn remark(&self, table: &Table) -> Option<String> {
        let forced = self.result(table) == table.side(1).wins();
        Some(
            if forced {
                "I will win."
            } else {
                "I may not win."
            }
            .to_string(),
        )
    }

    /// The verdict under perfect play, as the person sees it, at any time.
    fn worth(&self, table: &Table) -> Option<f64> {
        Some(f64::from(table.for_seat_zero(self.result(table))))
    }
}

/// Chopsticks solved under a move limit (or none), shared by its games.
pub struct ChopsticksEngine {
    rules: Arc<Rulebook>,
    solver: Arc<Solver>,
}

impl ChopsticksEngine {
    /// Solves Chopsticks with at most `moves` moves per player, or without a limit (`None`).
    pub fn new(moves: Option<u32>) -> ChopsticksEngine {
        ChopsticksEngine {
            rules: Arc::new(Rulebook { moves }),
            solver: Arc::new(Solver::for_limit(moves)),
        }
    }
}

impl Engine for ChopsticksEngine {
    fn computer(&self) -> &str {
        "perfect play"
    }

    fn opening(&self, _seed: u64) -> String {
        match self.rules.moves {
            Some(m) => format!("The chopsticks game.\nThe game will end within {m} moves."),
            None => "The chopsticks game.\nThe game has no move limit.".to_string(),
        }
    }

    fn asks_who_goes_first(&self) -> bool {
        true
    }

    /// The seat moving first plays A.
    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        let advisor: Arc<dyn Advisor<Rulebook>> = Arc::clone(&self.solver) as _;
        Box::new(Sitting::new(
            Arc::clone(&self.rules),
            advisor,
            first,
            seed,
            audience,
        ))
    }

    fn map(&self) -> Result<Map, String> {
        Err("chopsticks has no scores to map".to_string())
    }
}

impl Rulebook {
    /// Where `hands` is among the moves at `table`.
    fn place(&self, table: &Table, hands: &Position) -> usize {
        let choices = self.choices(table);
        choices
            .iter()
            .position(|c| c == hands)
            .unwrap_or(choices.len())
    }

    /// Both players' hands as a board: each seat's left and right hand, its fingers up of
    /// four.
    fn board(table: &Table) -> Board {
        let cells = (0..2)
            .flat_map(|seat| {
                let h = table.position.hands(table.side(seat));
                [("left hand", h.left), ("right hand", h.right)].map(|(row, up)| Cell {
                    row: row.to_string(),
                    seat,
                    shown: up.to_string(),
                    state: CellState::Filled,
                    tally: Some(Tally { up, of: 4 }),
                    choice: None,
                })
            })
            .collect();
        Board {
            layout: Layout::Seats,
            cells,
        }
    }
}

impl Presented for Rulebook {
    fn reading(&self) -> Reading {
        let even = match self.moves {
            Some(_) => "a tie at the move limit",
            None => "a draw: neither side can force a win",
        };
        Reading::Verdict {
            even: even.to_string(),
        }
    }

    /// The moves left, then the choices numbered from 0, as the assignment lists them.
    fn situation(&self, table: &Table) -> Vec<String> {
        let left = self
            .moves_left(table)
            .map(|left| format!("{left} moves left."));
        let choices = self.choices(table).into_iter().enumerate();
        left.into_iter()
            .chain(["Choices:".to_string()])
            .chain(choices.map(|(i, choice)| format!("{i} : {choice}")))
            .collect()
    }

    fn label(&self, table: &Table, hands: &Position) -> String {
        label(table, *hands, Names::YouAndComputer)
    }

    /// 1 for the first choice, up to 9.
    fn key(&self, table: &Table, hands: &Position) -> Option<char> {
        char::from_digit(self.place(table, hands) as u32 + 1, 10)
    }

    fn action(&self, table: &Table, hands: &Position) -> Action {
        Action::Choice(self.place(table, hands))
    }

    fn choice(&self, table: &Table, action: &Action) -> Result<Position, String> {
        let Action::Choice(choice) = *action else {
            return Err(
                "chopsticks has no dice: it is played by moves, one of those listed".into(),
            );
        };
        let choices = self.choices(table);
        choices.get(choice).copied().ok_or_else(|| {
            format!(
                "choice {choice} is not below {}, the number of choices",
                choices.len()
            )
        })
    }

    fn question(&self, table: &Table) -> (String, Answers) {
        let choices = self.choices(table).len();
        ("Your move: ".to_string(), Answers::Choice(0, choices - 1))
    }

    /// The sides the seats play, their hands, and the move limit with the moves left.
    fn view(&self, table: &Table, view: &mut View) {
        view.rules = NAME.to_string();
        for (seat, side) in view.seats.iter_mut().enumerate() {
            side.plays = Some(table.side(seat).to_string());
        }
        view.board = Some(Rulebook::board(table));
        view.facts.push(match (self.moves, self.moves_left(table)) {
            (Some(m), Some(left)) => format!("at most {m} moves each; {left} left for you"),
            _ => "no move limit".to_string(),
        });
    }

    /// The move limit: Chopsticks has no dice to seed.
    fn new_game(&self, _seed: u64) -> String {
        limit(self.moves)
    }

    fn printed(&self, table: &Table) -> Option<Vec<String>> {
        Some(display(table.position))
    }

    fn last_words(&self, table: &Table) -> Option<String> {
        Some(
            match self.result(table) {
                Some(1) => "A wins.",
                Some(-1) => "B wins.",
                _ => "It is a tie.",
            }
            .to_string(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ToMove;

    #[test]
    fn the_computer_never_loses_a_game_it_said_it_would_win() {
        // Against every reply of the person, a computer that says "I will win." wins.
        fn play_out(rules: &Rulebook, solver: &Solver, table: Table) -> bool {
            match rules.to_move(&table) {
                ToMove::Over => rules.returns(&table)[1] == 1.0,
                ToMove::Seat(1) => {
                    let mut next = table;
                    next.play(solver.computer(&table));
                    play_out(rules, solver, next)
                }
                _ => rules.choices(&table).into_iter().all(|choice| {
                    let mut next = table;
                    next.play(choice);
                    play_out(rules, solver, next)
                }),
            }
        }
        let rules = Rulebook { moves: Some(4) };
        let solver = Solver::for_limit(rules.moves);
        for first in [0, 1] {
            let mut probe = rules.start(first);
            if rules.to_move(&probe) == ToMove::Seat(0) {
                probe.play(rules.choices(&probe)[0]);
            }
            if solver.remark(&probe).as_deref() == Some("I will win.") {
                assert!(play_out(&rules, &solver, probe));
            }
        }
    }

    #[test]
    fn the_best_move_keeps_the_result_and_no_choice_beats_it() {
        for moves in [Some(10), None] {
            let rules = Rulebook { moves };
            let solver = Solver::for_limit(moves);
            // The person plays A.
            let mut table = rules.start(0);
            // Without a limit perfect play may go on for ever: a few dozen moves tell.
            for _ in 0..40 {
                if rules.to_move(&table) == ToMove::Over {
                    break;
                }
                let sign = f64::from(table.mover().wins());
                let result = f64::from(solver.result(&table));
                let best = solver.best(&table);
                let choices = rules.choices(&table);
                let values = solver.values(&table, &choices);
                // Values are seat 0's (A's): a result from A's point of view.
                let best_value = values[choices.iter().position(|&c| c == best).unwrap()];
                assert_eq!(best_value, result);
                assert!(values.iter().all(|v| v * sign <= result * sign));
                table.play(best);
            }
        }
    }
}
