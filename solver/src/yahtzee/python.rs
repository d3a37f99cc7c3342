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
//! box) alone, too many to ask, so a Python player is rated by games played side by side, each
//! round's decisions asked in one batch, every answer remembered.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde_json::Value;

use super::keeps::{DICE, faces};
use super::rules::{Counts, MOST_BOXES, Settings};
use super::simulate::Played;
use super::turn::{Card, happenings};
use crate::game::{GameError, Run};
use crate::python::{Asked, Callable, PythonError, PythonSpec, Runner, python_text};
use crate::report::full_message;

/// The function a Yahtzee player file defines unless the spec names another.
pub const FUNCTION: &str = "final_strategy";

/// The signature of [`FUNCTION`], for messages and help.
pub const SIGNATURE: &str = "final_strategy(card, dice, rolls_left) -> kept dice or box";

/// Decision points asked in one request at most.
const BATCH: usize = 20_000;

/// Decision points asked between two checks of the stop flag: a few milliseconds of a
/// function in Python.
const BETWEEN_CHECKS: usize = 500;

/// Games played side by side at once: setting them up and each round of their questions take
/// milliseconds, so a stop is seen between blocks as it is between batches (a million games
/// set up at once took over a second before the first check).
const GAMES_AT_ONCE: u64 = 4_096;

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

/// What a player decided: the dice kept (counts per face) or the box filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decision {
    Keep(Counts),
    Fill(usize),
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
        let function = self.function();
        self.asked.decide(questions, BATCH, |questions, answers| {
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
        })
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

/// One game in progress.
struct Game {
    rng: ChaCha8Rng,
    card: Card,
    boxes: [i16; MOST_BOXES],
    dice: Counts,
    rolls_left: u8,
    played: Played,
}

impl Game {
    /// Rolls the dice not in `kept`.
    fn roll(&mut self, kept: Counts) {
        self.dice = kept;
        let held: u8 = kept.iter().sum();
        for _ in held..DICE as u8 {
            self.dice[self.rng.random_range(0..6)] += 1;
        }
    }
}

/// `games` games of `player` under `settings`, played side by side, game `i` drawing its dice
/// from stream `i` of the generator seeded by `seed` (as the built-ins' games do); the player
/// is asked a few hundred decisions at a time, and the games stop with `run`. A player that
/// fails is refused with why, under its `name`.
pub fn play_games(
    (player, name): (&PythonPlayer, &str),
    settings: &Settings,
    (games, seed): (u64, u64),
    run: &Run,
) -> Result<Vec<Played>, GameError> {
    let mut played = Vec::new();
    let mut first = 0;
    while first < games {
        run.check()?;
        let end = games.min(first + GAMES_AT_ONCE);
        played.extend(play_block(
            (player, name),
            settings,
            (first..end, seed),
            run,
        )?);
        first = end;
    }
    Ok(played)
}

/// The games of `streams` (game `i` on stream `i` of `seed`) played side by side, as
/// [`play_games`] plays them.
fn play_block(
    (player, name): (&PythonPlayer, &str),
    settings: &Settings,
    (streams, seed): (std::ops::Range<u64>, u64),
    run: &Run,
) -> Result<Vec<Played>, GameError> {
    let mut playing: Vec<Game> = streams
        .map(|i| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(i);
            let mut game = Game {
                rng,
                card: Card::EMPTY,
                boxes: [-1; MOST_BOXES],
                dice: [0; 6],
                rolls_left: 2,
                played: Played::default(),
            };
            game.roll([0; 6]);
            game
        })
        .collect();
    while playing.iter().any(|g| !g.card.is_full(settings)) {
        let asked: Vec<usize> = (0..playing.len())
            .filter(|&i| !playing[i].card.is_full(settings))
            .collect();
        let questions: Vec<Question> = asked
            .iter()
            .map(|&i| Question {
                boxes: playing[i].boxes,
                size: settings.boxes() as u8,
                dice: playing[i].dice,
                rolls_left: playing[i].rolls_left,
            })
            .collect();
        let mut decisions = Vec::with_capacity(questions.len());
        for some in questions.chunks(BETWEEN_CHECKS) {
            run.check()?;
            let decided = player
                .decide(settings, some)
                .map_err(|error| GameError::Refused(format!("{name}: {}", full_message(&error))))?;
            decisions.extend(decided);
        }
        for (&i, decision) in asked.iter().zip(decisions) {
            let game = &mut playing[i];
            match decision {
                Decision::Keep(kept) => {
                    game.roll(kept);
                    game.rolls_left -= 1;
                }
                Decision::Fill(b) => {
                    let points = settings.placements(&game.dice, game.card.filled).points[b];
                    let (gained, after) = game.card.place(settings, &game.dice, b, points);
                    let rolled = super::rules::yahtzee_face(&game.dice).is_some();
                    let happened = happenings(settings, game.card, after, rolled);
                    for (count, happened) in game.played.happened.iter_mut().zip(happened) {
                        *count += u32::from(happened);
                    }
                    game.played.score += u32::from(gained);
                    game.boxes[b] = points as i16;
                    game.card = after;
                    if !game.card.is_full(settings) {
                        game.rolls_left = 2;
                        game.roll([0; 6]);
                    }
                }
            }
        }
    }
    Ok(playing.into_iter().map(|g| g.played).collect())
}
