//! A person plays Farkle against the computer (`swine play`, the page), at the one sitting
//! every game is played at ([`Sitting`]): rolls, keeps and banks one decision at a time, the
//! computer's roll by roll, each told, and before each of the person's decisions the exact
//! value of every choice (then playing perfectly), as `swine eval --from ... --dice` values it
//! ([`Advisor`], from the match-up solved once); how Farkle reads to a person ([`Presented`]).
//!
//! At the terminal the person's rolls are made for them where a roll is the only move (a
//! turn's start, after a keep that cannot be banked); the page asks for each roll.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use thiserror::Error;

use super::game::{Farkle, UNIT};
use super::plays::Plays;
use super::position::choice_value;
use super::python::Asking;
use super::rules::{Move, Play, Unkept, dice_of, keep_of, points, spaced};
use super::solve::Solution;
use super::strategy::Strategy;
use super::turn::Turn;
use crate::game::sides::Asker;
use crate::game::{
    Action, Advisor, Answers, Audience, Chooser, Dice, Engine, Keeping, Map, Memory, Number,
    Presented, Reading, Rules, Session, Sitting, Tray, View, dice_label,
};

/// Farkle solved for a perfect player (seat 0) against the computer's strategy (seat 1).
pub struct FarkleEngine {
    game: Arc<Farkle>,
    advice: Arc<Advice>,
}

impl FarkleEngine {
    /// The engine of `solution` of `game` (seat 0 optimal against `computer` in seat 1).
    pub fn new(game: Arc<Farkle>, solution: Solution, computer: Strategy) -> FarkleEngine {
        FarkleEngine {
            game,
            advice: Arc::new(Advice {
                solution,
                computer,
                person: Mutex::new(None),
                memory: Mutex::new(None),
            }),
        }
    }
}

impl Engine for FarkleEngine {
    fn computer(&self) -> &str {
        self.advice.computer.name()
    }

    fn opening(&self, seed: u64) -> String {
        format!(
            "farkle (goal {}): you are Player 0, the computer (Player 1) plays {}. Seed {seed}.",
            self.game.goal(),
            self.advice.computer.name()
        )
    }

    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        let advisor: Arc<dyn Advisor<Farkle>> = Arc::clone(&self.advice) as _;
        Box::new(Sitting::new(
            Arc::clone(&self.game),
            advisor,
            first,
            seed,
            audience,
        ))
    }

    fn map(&self) -> Result<Map, String> {
        Err(
            "the page maps one choice per cell of scores; farkle's choices depend on the turn \
             total, the dice and the farkle counts too"
                .to_string(),
        )
    }
}

/// The match-up's advice to the games of it: the solution, the computer's strategy, and the
/// turns last solved (the person's, the computer's), which the next decisions of the same
/// turn ask about again.
struct Advice {
    solution: Solution,
    computer: Strategy,
    /// The person's turn last solved.
    person: Mutex<Option<Arc<Solved>>>,
    /// What the computer's seat remembers of the turn it plays.
    memory: Mutex<Memory>,
}

/// The person's turn from one turn start, solved against the values.
struct Solved {
    /// The turn-start state.
    state: usize,
    /// The turn.
    turn: Turn,
    /// The lane of the person's farkle count.
    lane: usize,
}

/// A mutex's contents (a panic while one was held leaves nothing half-done here).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Advice {
    /// The person's turn from turn-start state `state`, solved against the values.
    fn person_turn(&self, state: usize) -> Arc<Solved> {
        let mut held = lock(&self.person);
        match &*held {
            Some(solved) if solved.state == state => Arc::clone(solved),
            _ => {
                let (turn, lane) = self.solution.turn(0, state);
                let solved = Arc::new(Solved { state, turn, lane });
                *held = Some(Arc::clone(&solved));
                solved
            }
        }
    }
}

impl Advisor<Farkle> for Advice {
    /// As `swine eval --from` values them.
    fn values(&self, play: &Play, choices: &[Move]) -> Vec<f64> {
        let solution = &self.solution;
        let solved = self.person_turn(play.table.state(solution.game()));
        let turn = (&solved.turn, solved.lane);
        let value = |choice| choice_value(solution, 0, turn, play, choice);
        choices.iter().map(value).collect()
    }

    /// The first of the most valuable.
    fn best(&self, play: &Play) -> Move {
        let choices = self.solution.game().choices(play);
        let values = self.values(play, &choices);
        let best =
            (0..choices.len()).fold(0, |best, i| if values[i] > values[best] { i } else { best });
        choices[best]
    }

    /// The computer's choice; where its Python strategy fails, the first choice listed (a
    /// sitting asks [`try_computer`](Advisor::try_computer), which says why and ends the
    /// game).
    fn computer(&self, play: &Play) -> Move {
        self.try_computer(play)
            .unwrap_or_else(|_| self.solution.game().choices(play)[0])
    }

    /// A Python strategy is asked about each roll as it comes; any other plays as solved.
    fn try_computer(&self, play: &Play) -> Result<Move, String> {
        let game = self.solution.game();
        let Some(python) = self.computer.python() else {
            let plays = Plays {
                solution: &self.solution,
                seat: 1,
            };
            return Ok(plays.recall(play, &mut lock(&self.memory)));
        };
        let asked = Asking { game, python }.ask(std::slice::from_ref(play));
        asked
            .map(|moves| moves[0])
            .map_err(|error| format!("{}: {error}", self.computer.name()))
    }
}

/// Why a move cannot be played now.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// A roll waits for a keep.
    #[error("the dice shown wait for a keep")]
    Waiting,
    /// No roll waits for a keep.
    #[error("no roll waits for a keep; roll first")]
    NoRoll,
    /// Banking before the least bankable turn total.
    #[error("a turn total of {total} cannot be banked; the least is {least}")]
    TooLittle {
        /// The turn total (points).
        total: u32,
        /// The least bankable (points).
        least: u32,
    },
    /// A keep's number past the keeps offered.
    #[error("keep {choice} is not below {offered}, the number of keeps offered")]
    NoSuchKeep {
        /// The number asked for (from 0).
        choice: usize,
        /// Keeps offered.
        offered: usize,
    },
    /// Dice set aside that the roll did not show.
    #[error("{kept}: not among the dice shown ({shown})")]
    NotShown {
        /// The faces asked to keep.
        kept: String,
        /// The faces shown.
        shown: String,
    },
    /// Dice rolled by hand, which Farkle does not take.
    #[error("farkle rolls its own dice")]
    ByHand,
    /// Dice set aside of which some do not score.
    #[error("{kept}: not every one of these dice scores")]
    NotScoring {
        /// The faces asked to keep.
        kept: String,
    },
}

impl Farkle {
    /// The keeps the roll shown offers, sorted (none without one).
    fn keeps(&self, play: &Play) -> &[super::game::Keep] {
        play.shown()
            .and_then(|_| self.offer(&play.counts()))
            .map_or(&[], |offer| &offer.keeps)
    }

    /// The number of `choice` among the keeps the roll shown offers, if it is a keep.
    fn keep_number(&self, play: &Play, choice: &Move) -> Option<usize> {
        let Move::Keep(keep) = choice else {
            return None;
        };
        self.keeps(play).iter().position(|k| k == keep)
    }

    /// The person's `action` as a move at `play`, or why the rules refuse it.
    fn move_of(&self, play: &Play, action: &Action) -> Result<Move, MoveError> {
        let shown = play.shown();
        match action {
            Action::Dice(1 | 0) if shown.is_some() => Err(MoveError::Waiting),
            Action::Dice(1) => Ok(Move::Roll),
            Action::Dice(_) if !play.may_bank(self) => Err(MoveError::TooLittle {
                total: points(play.total),
                least: points(self.min_bank_units()),
            }),
            Action::Dice(_) => Ok(Move::Bank),
            Action::Choice(choice) => {
                shown.ok_or(MoveError::NoRoll)?;
                let keeps = self.keeps(play);
                let keep = keeps.get(*choice).ok_or(MoveError::NoSuchKeep {
                    choice: *choice,
                    offered: keeps.len(),
                })?;
                Ok(Move::Keep(*keep))
            }
            Action::Rolled(_) => Err(MoveError::ByHand),
            Action::Keep(kept) => {
                let shown = shown.ok_or(MoveError::NoRoll)?;
                let keep = keep_of(self.settings(), &play.counts(), kept);
                keep.map(Move::Keep).map_err(|unkept| match unkept {
                    Unkept::NotShown(_) => MoveError::NotShown {
                        kept: spaced(kept),
                        shown: spaced(shown),
                    },
                    Unkept::Nothing | Unkept::NotScoring => {
                        MoveError::NotScoring { kept: spaced(kept) }
                    }
                })
            }
        }
    }
}

impl Presented for Farkle {
    fn reading(&self) -> Reading {
        Reading::WinChance
    }

    /// `Turn total 100, 5 dice to roll; farkles in a row: you 0, computer 1.`
    fn situation(&self, play: &Play) -> Vec<String> {
        let [you, computer] = play.table.counts;
        let total = points(play.total);
        let dice = match play.shown() {
            Some(_) => String::new(),
            None => format!(", {} to roll", dice_label(play.dice as u8)),
        };
        vec![format!(
            "Turn total {total}{dice}; farkles in a row: you {you}, computer {computer}."
        )]
    }

    /// `Keep 1 5: 150 points, 4 dice left`, `Roll 4 dice`, `Bank 300`.
    fn label(&self, play: &Play, choice: &Move) -> String {
        match *choice {
            Move::Keep(keep) => {
                let kept = dice_of(self.settings(), play.shown().unwrap_or_default(), keep);
                let left = match keep.left {
                    6 => "hot dice".to_string(),
                    1 => "1 die left".to_string(),
                    left => format!("{left} dice left"),
                };
                format!(
                    "Keep {}: {} points, {left}",
                    spaced(&kept),
                    keep.units * UNIT
                )
            }
            Move::Roll => format!("Roll {}", dice_label(play.dice as u8)),
            Move::Bank => format!("Bank {}", points(play.total)),
        }
    }

    /// A keep's number (from 1), `r` rolls, `b` banks.
    fn key(&self, play: &Play, choice: &Move) -> Option<char> {
        match choice {
            Move::Keep(_) => char::from_digit(self.keep_number(play, choice)? as u32 + 1, 10),
            Move::Roll => Some('r'),
            Move::Bank => Some('b'),
        }
    }

    /// A keep sends its number (from 0); rolling one die, banking none.
    fn action(&self, play: &Play, choice: &Move) -> Action {
        match choice {
            Move::Keep(_) => Action::Choice(self.keep_number(play, choice).unwrap_or_default()),
            Move::Roll => Action::Dice(1),
            Move::Bank => Action::Dice(0),
        }
    }

    fn choice(&self, play: &Play, action: &Action) -> Result<Move, String> {
        match action {
            Action::Dice(n) if *n > 1 => Err(format!("dice {n} is neither 1 (roll) nor 0 (bank)")),
            Action::Keep(_) => self
                .move_of(play, action)
                .map_err(|error| format!("dice {error}")),
            _ => self
                .move_of(play, action)
                .map_err(|error| error.to_string()),
        }
    }

    fn question(&self, play: &Play) -> (String, Answers) {
        if play.shown().is_some() {
            let keeps = self.keeps(play).len();
            return ("Which keep? ".to_string(), Answers::Choice(1, keeps));
        }
        if play.may_bank(self) {
            let answers = vec![("b", Action::Dice(0)), ("r", Action::Dice(1))];
            return ("Bank or roll (b/r)? ".to_string(), Answers::Words(answers));
        }
        let answers = vec![("r", Action::Dice(1))];
        ("Roll (r)? ".to_string(), Answers::Words(answers))
    }

    /// The seats' banked scores and farkles in a row, the mover's turn total (and the dice to
    /// roll, before a roll), the rules' numbers; on the person's turn the roll waiting for a
    /// keep, the dice to click.
    fn view(&self, play: &Play, view: &mut View) {
        let rules = self.settings();
        let table = &play.table;
        view.rules = self.name().to_string();
        view.scores(self.shown_scores(play));
        view.goal = Some(self.goal());
        for (seat, count) in view.seats.iter_mut().zip(table.counts) {
            seat.numbers
                .push(Number::new("farkles in a row", count as u32));
        }
        if !view.over {
            let mover = &mut view.seats[table.mover].numbers;
            mover.push(Number::new("turn total", points(play.total)));
            if play.shown().is_none() {
                mover.push(Number::new("dice to roll", play.dice as u32));
            }
        }
        view.facts.push(format!("goal {}", self.goal()));
        view.facts.push(format!(
            "{} farkles in a row cost {}, never below {}",
            rules.farkles, rules.penalty, rules.floor
        ));
        if rules.min_bank > 0 {
            view.facts.push(format!("bank at least {}", rules.min_bank));
        }
        if !view.your_turn {
            return;
        }
        if let Some(shown) = play.shown() {
            view.ask = Some("keep some scoring dice".to_string());
            view.dice = Some(Tray {
                dice: Dice::six_sided(shown.to_vec()),
                keep: Some(Keeping {
                    label: "Keep the dice chosen".to_string(),
                    key: 'k',
                    none: false,
                }),
            });
        } else if play.total > 0 {
            view.ask = Some("bank or roll on".to_string());
        }
    }

    /// The banked scores in points, below 0 down to the floor; a seat that won by reaching the
    /// goal mid-turn (a keep, not a bank) has its turn total counted in.
    fn shown_scores(&self, play: &Play) -> [i64; 2] {
        let mut scores = play.table.scores.map(|s| self.points(s));
        if let Some(winner) = play.winner() {
            scores[winner] += i64::from(points(play.total));
        }
        scores
    }

    /// A roll where it is the only move.
    fn automatic(&self, play: &Play) -> Option<Move> {
        (play.shown().is_none() && !play.may_bank(self)).then_some(Move::Roll)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::farkle::{Keep, Table, evaluate};
    use crate::game::Told;

    fn game() -> Farkle {
        let settings = [("goal", 1000), ("floor", -500)].map(|(n, v)| (n.to_string(), v));
        Farkle::new(&settings).unwrap()
    }

    #[test]
    fn moves_out_of_turn_are_refused() {
        let game = game();
        let start = Play::start(&game, 0);
        let refused = |play: &Play, action: Action| game.move_of(play, &action).unwrap_err();
        assert_eq!(
            refused(&start, Action::Dice(0)),
            MoveError::TooLittle {
                total: 0,
                least: 50
            }
        );
        assert_eq!(refused(&start, Action::Choice(0)), MoveError::NoRoll);
        assert_eq!(refused(&start, Action::Keep(vec![5])), MoveError::NoRoll);
        assert_eq!(game.move_of(&start, &Action::Dice(1)), Ok(Move::Roll));
        let showing = Play::at(Table::new(&game, 0), 0, 4, Some(&[5, 2, 3, 4]));
        assert_eq!(refused(&showing, Action::Dice(1)), MoveError::Waiting);
        assert_eq!(refused(&showing, Action::Dice(0)), MoveError::Waiting);
        assert_eq!(
            refused(&showing, Action::Choice(1)),
            MoveError::NoSuchKeep {
                choice: 1,
                offered: 1
            }
        );
        assert_eq!(
            refused(&showing, Action::Keep(vec![5, 5])),
            MoveError::NotShown {
                kept: "5 5".to_string(),
                shown: "5 2 3 4".to_string()
            }
        );
        assert_eq!(
            refused(&showing, Action::Keep(vec![2])),
            MoveError::NotScoring {
                kept: "2".to_string()
            }
        );
        let five = Move::Keep(Keep { units: 1, left: 3 });
        assert_eq!(game.move_of(&showing, &Action::Choice(0)), Ok(five));
        assert_eq!(game.move_of(&showing, &Action::Keep(vec![5])), Ok(five));
        // As the page and the terminal read them: a dice count past 1, and dice kept.
        assert_eq!(
            game.choice(&start, &Action::Dice(2)),
            Err("dice 2 is neither 1 (roll) nor 0 (bank)".to_string())
        );
        assert_eq!(
            game.choice(&showing, &Action::Keep(vec![2])),
            Err("dice 2: not every one of these dice scores".to_string())
        );
    }

    #[test]
    fn the_terminal_rolls_for_the_person_where_a_roll_is_the_only_move() {
        // Goal 1000, floor −500, against bank_at:50: the person keeps the first keep listed and
        // rolls on, so its turns end in farkles or the goal, three farkles in a row costing 500:
        // the turn's heading says a score below 0.
        let settings = [("goal", 1000), ("floor", -500)].map(|(n, v)| (n.to_string(), v));
        let game = Arc::new(Farkle::new(&settings).unwrap());
        let [optimal, computer] =
            ["optimal", "bank_at:50"].map(|s| Strategy::parse(s, &game).unwrap());
        let solution = evaluate(&game, [&optimal, &computer], &|_| {}, &|_| {}).unwrap();
        let engine = FarkleEngine::new(Arc::clone(&game), solution, computer);
        let mut below_zero = 0;
        for seed in 0..30 {
            let mut session = engine.session(0, seed, Audience::Terminal);
            let mut told = session.begin();
            assert_eq!(
                told[0].heading.as_deref(),
                Some("\nYou 0, computer 0. Your turn.")
            );
            assert!(
                told[0].lines[0].starts_with("  Player 0 rolls 6 dice: "),
                "{told:?}"
            );
            while let Some(prompt) = session.prompt(false) {
                assert_ne!(prompt.question, "Roll (r)? ", "{told:?}");
                let action = match prompt.answers {
                    Answers::Choice(..) => Action::Choice(0),
                    _ => Action::Dice(1),
                };
                told.extend(session.act(&action).unwrap());
            }
            let verdict = told.last().map(|t: &Told| t.lines.clone());
            let verdicts = [
                vec!["You win!".to_string()],
                vec!["The computer wins.".to_string()],
            ];
            assert!(
                verdicts.iter().any(|v| Some(v) == verdict.as_ref()),
                "{told:?}"
            );
            let headings = told.iter().filter_map(|t| t.heading.as_deref());
            below_zero += headings.filter(|h| h.starts_with("\nYou -")).count();
            // The page asks for every roll.
            let page = engine.session(0, seed, Audience::Page);
            let view = page.view();
            assert_eq!(view.choices.len(), 1);
            assert_eq!(view.choices[0].action, Action::Dice(1));
        }
        assert!(below_zero > 0);
    }
}
