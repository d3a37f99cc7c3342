//! Yahtzee players written in Python, asked in batches by a child `python3` that stays (a
//! [`Session`] of `yahtzee.py`, under the runner's limits) or, given to the Python package as a
//! callable, in the caller's interpreter; and games played with them.
//!
//! The signature:
//!
//! ```python
//! def final_strategy(card, dice, rolls_left):
//!     return kept      # with rolls left: the dice to keep, the rest rolled again
//!     return box       # with none: the box to fill, its number from 0 or its name
//! ```
//!
//! `card` is the boxes in the card's order (Yahtzee's thirteen: Ones … Sixes, Three of a Kind,
//! Four of a Kind, Full House, Small Straight, Large Straight, Yahtzee, Chance; Yatzy's
//! fifteen, [`YATZY_SHEET`](super::rules::YATZY_SHEET)), each its points or `None` where open; `dice` the five faces showing, sorted; `rolls_left` 2, 1 or 0. A box is
//! named as `swine eval --from` names it (`full_house`) or as the card prints it (`Full
//! House`). A keep must be among the dice, a box open and allowed by the joker rules.
//!
//! A player sees every box's points, so its decision points are every card box by box × roll ×
//! rolls left: more than the 4·10^8 of the solve's cards (filled boxes, upper total, Yahtzee
//! box) alone, too many to ask, so a Python player is rated by games played side by side
//! through the rules ([`crate::game::sides`]), each round's decisions asked in one batch, every
//! answer remembered; a decision of one choice (a Yahtzee the forced joker sends to its upper
//! box) is made without asking.

use serde::Serialize;
use serde_json::Value;

use super::cards::{Cards, Decision, Table};
use super::keeps::faces;
use super::rules::{Counts, MOST_BOXES, Settings};
use crate::game::sides::Asker;
use crate::game::{Run, Stopped};
use crate::python::{Answers, Asked, Callable, PythonError, PythonSpec, Runner, python_text};

/// The function a Yahtzee player file defines unless the spec names another.
pub const FUNCTION: &str = "final_strategy";

/// The signature of [`FUNCTION`], for messages and help.
pub const SIGNATURE: &str = "final_strategy(card, dice, rolls_left) -> kept dice or box";

/// Decision points asked in one request at most.
const BATCH: usize = 20_000;

/// Decision points asked between two checks of the stop flag: a few milliseconds of a
/// function in Python.
const BETWEEN_CHECKS: usize = 500;

/// The harness: `yahtzee.py` imports the helpers of the strategies' `harness.py`.
const FILES: [(&str, &str); 2] = [
    ("harness.py", crate::python::HARNESS),
    ("yahtzee.py", include_str!("../python/yahtzee.py")),
];

/// Where a player decides: each box's points (−1 open), the dice showing, the rolls left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Question {
    /// By box, then −1 past the card's boxes, of which there are `size`.
    boxes: [i16; MOST_BOXES],
    size: u8,
    dice: Counts,
    rolls_left: u8,
}

/// A batch of states: (card, dice, rolls left).
#[derive(Serialize)]
struct Batch {
    states: Vec<(Vec<Option<i16>>, Vec<u8>, u8)>,
}

/// A Python Yahtzee player, imported in a running harness or given as a callable; its answers
/// remembered.
pub struct PythonPlayer {
    asked: Asked<Question, Decision>,
}

impl std::fmt::Debug for PythonPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PythonPlayer")
            .field("function", &self.function())
            .finish_non_exhaustive()
    }
}

impl Question {
    /// The state as the harness sends it.
    fn state(&self) -> (Vec<Option<i16>>, Vec<u8>, u8) {
        let boxes = &self.boxes[..usize::from(self.size)];
        let card = boxes.iter().map(|&p| (p >= 0).then_some(p)).collect();
        (card, faces(&self.dice), self.rolls_left)
    }

    /// The call on this state as Python shows it.
    fn call(&self, function: &str) -> String {
        let (card, dice, rolls_left) = self.state();
        let card: Vec<Value> = card.into_iter().map(Value::from).collect();
        format!(
            "{function}({}, {}, {rolls_left})",
            python_text(&Value::from(card)),
            python_text(&Value::from(dice))
        )
    }
}

impl PythonPlayer {
    /// Imports the file of `spec` in a harness run by `runner`.
    pub fn start(spec: &PythonSpec, runner: &Runner) -> Result<PythonPlayer, PythonError> {
        let asked = Asked::start(spec, runner, (&FILES, "yahtzee.py"), FUNCTION)?;
        Ok(PythonPlayer { asked })
    }

    /// The player `function` plays, a callable of the caller's interpreter.
    pub fn of_callable(function: Box<dyn Callable>) -> PythonPlayer {
        PythonPlayer {
            asked: Asked::of_callable(function),
        }
    }

    /// The function called.
    pub fn function(&self) -> &str {
        self.asked.function()
    }

    /// The player's decisions on `questions`, each checked against the rules `settings`
    /// (answers given before are not asked again).
    fn decide(
        &self,
        settings: &Settings,
        questions: &[Question],
    ) -> Result<Vec<Decision>, PythonError> {
        self.asked.decide(questions, BATCH, |questions, answers| {
            self.answer(settings, questions, answers)
        })
    }

    /// Asks again a random sample of the states it answered since the last time, and refuses
    /// an answer that changed ([`Asked::ask_again`]).
    fn ask_again(&self, settings: &Settings) -> Result<(), PythonError> {
        let function = self.function();
        self.asked.ask_again(
            BATCH,
            |questions, answers| self.answer(settings, questions, answers),
            |question| question.call(function),
        )
    }

    /// Its answers to one batch of `questions`, each checked against the rules `settings`.
    fn answer(
        &self,
        settings: &Settings,
        questions: &[Question],
        answers: Answers<'_>,
    ) -> Result<Vec<Decision>, PythonError> {
        let function = self.function();
        let batch = Batch {
            states: questions.iter().map(Question::state).collect(),
        };
        let calls = || {
            let arguments = |(card, dice, rolls_left): (Vec<Option<i16>>, Vec<u8>, u8)| {
                vec![
                    Value::from(card),
                    Value::from(dice),
                    Value::from(rolls_left),
                ]
            };
            batch.states.iter().cloned().map(arguments).collect()
        };
        let answered = answers.get(&batch, calls, |answer| Ok(answer.clone()))?;
        let check = |i: usize, answer: Value| {
            checked(settings, &questions[i], &answer).map_err(|problem| {
                PythonError::Rejected(format!(
                    "{} returned {}: {problem}",
                    questions[i].call(function),
                    python_text(&answer)
                ))
            })
        };
        answered.checked(questions.len(), check, |i| questions[i].call(function))
    }
}

/// `answer` at `question` as a decision the rules allow, or why it is none.
fn checked(settings: &Settings, question: &Question, answer: &Value) -> Result<Decision, String> {
    if question.rolls_left > 0 {
        let mut kept = [0u8; 6];
        for die in answer.as_array().ok_or("not the dice to keep")? {
            let face = die
                .as_u64()
                .filter(|f| (1..=6).contains(f))
                .ok_or("not dice")?;
            kept[face as usize - 1] += 1;
        }
        if (0..6).any(|f| kept[f] > question.dice[f]) {
            return Err("those dice are not all among the dice showing".to_string());
        }
        return Ok(Decision::Keep(kept));
    }
    let boxes = settings.sheet.boxes;
    let b = match answer {
        Value::Number(n) => n
            .as_u64()
            .map(|b| b as usize)
            .filter(|&b| b < boxes.len())
            .ok_or_else(|| format!("no box number (0 to {})", boxes.len() - 1))?,
        Value::String(name) => {
            let wanted = name.trim().to_lowercase().replace([' ', '-'], "_");
            (0..boxes.len())
                .find(|&b| boxes[b].key == wanted)
                .ok_or_else(|| format!("no box is called {name:?}"))?
        }
        _ => return Err("not a box".to_string()),
    };
    let filled = question
        .boxes
        .iter()
        .enumerate()
        .filter(|(_, p)| **p >= 0)
        .fold(0u16, |filled, (b, _)| filled | 1 << b);
    if filled & (1 << b) != 0 {
        return Err(format!("{} is filled already", boxes[b].name));
    }
    if settings.placements(&question.dice, filled).allowed & (1 << b) == 0 {
        return Err(format!(
            "the joker rules do not let these dice fill {}",
            boxes[b].name
        ));
    }
    Ok(Decision::Fill(b))
}

/// A Python player at play in games of one card: asked about every game waiting on it at
/// once, a few hundred decisions between two looks at `run`'s stop flag.
pub struct Asking<'a> {
    /// The player.
    pub player: &'a PythonPlayer,
    /// The rules its answers are checked against.
    pub settings: &'a Settings,
    /// What stops its games.
    pub run: &'a Run,
}

impl Asker<Cards> for Asking<'_> {
    fn ask(&self, tables: &[Table]) -> Result<Vec<Decision>, PythonError> {
        let settings = self.settings;
        let questions: Vec<Question> = tables
            .iter()
            .map(|table| Question {
                boxes: table.own().boxes,
                size: settings.boxes() as u8,
                dice: table.dice,
                rolls_left: table.rolls_left,
            })
            .collect();
        let mut decisions = Vec::with_capacity(questions.len());
        for some in questions.chunks(BETWEEN_CHECKS) {
            if self.run.stopped() {
                return Err(PythonError::Rejected(Stopped.to_string()));
            }
            decisions.extend(self.player.decide(settings, some)?);
        }
        Ok(decisions)
    }

    fn ask_again(&self) -> Result<(), PythonError> {
        self.player.ask_again(self.settings)
    }
}
