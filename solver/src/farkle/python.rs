//! Farkle strategies written in Python: a function of the state and the dice shown, asked in
//! batches by a child `python3` that stays (a [`Session`] of `farkle.py`, under the runner's
//! limits), or a callable of the package's own interpreter asked the same way
//! ([`PythonStrategy::of_callable`]).
//!
//! The signature:
//!
//! ```python
//! def final_strategy(score, opponent_score, farkles, opponent_farkles, turn_total, dice):
//!     return kept, bank
//! ```
//!
//! Scores and the turn total in points, the farkle counts in a row, `dice` the faces shown as
//! a sorted tuple (a roll that scores: a farkle asks nothing); `kept` the faces set aside (a
//! tuple or list, every one of them scoring, at least one) and `bank` whether to bank after
//! keeping them (else roll the dice left, six after hot dice). A keep that reaches the goal
//! wins whatever `bank` says, and a bank below `min_bank` rolls on, as for every strategy. The
//! points of the dice kept are the most their scoring combinations give (four 1s: 2000).
//!
//! Every decision point is (turn start, turn total, dice left, roll): about 6·10^10 at goal
//! 10000, too many to ask. So [`PythonStrategy::transitions`] evaluates exactly only games of at
//! most [`EXACT_LIMIT`] of them, asking only the points its own play reaches, turn totals in
//! increasing order, one batch per turn total for a block of turn starts at a time; games
//! played with it ([`Asking`]) run side by side and ask each round's decisions in one batch
//! ([`crate::game::sides`]), remembering every answer.

use std::fmt;

use serde::Serialize;
use serde_json::Value;
use thiserror::Error;

use super::game::{DICE, Farkle, Keep, UNIT, keeps_of};
use super::rules::{Move, Play, Unkept, keep_of, points};
use super::turn::Transition;
use crate::dice::multisets;
use crate::game::sides::Asker;
use crate::python::{Answers, Asked, Callable, PythonError, PythonSpec, Runner, python_text};

/// The function a Farkle strategy file defines unless the spec names another.
pub const FUNCTION: &str = "final_strategy";

/// The signature of [`FUNCTION`], for messages and help.
pub const SIGNATURE: &str = "final_strategy(score, opponent_score, farkles, opponent_farkles, \
                             turn_total, dice) -> (kept, bank)";

/// The most decision points a game may have for an exact evaluation of a Python strategy
/// (which asks only those its play reaches): goal − floor up to 500 points with three farkle
/// counts. A strategy that rolls to the goal everywhere is asked about all of them: a few
/// minutes for a simple one (`bank_at:300` in Python takes about 6.6 µs a call).
pub const EXACT_LIMIT: u64 = 5_000_000;

/// Decision points asked in one request.
const BATCH: usize = 20_000;

/// Turn starts followed together in an exact evaluation.
const BLOCK: usize = 4_096;

/// The harness: `farkle.py` imports the helpers of the strategies' `harness.py`.
const FILES: [(&str, &str); 2] = [
    ("harness.py", crate::python::HARNESS),
    ("farkle.py", include_str!("../python/farkle.py")),
];

/// Where a Python strategy decides: both banked scores and farkle counts, the turn total, the
/// dice shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Question {
    /// The mover's banked score (points).
    pub own: i64,
    /// The opponent's banked score (points).
    pub opponent: i64,
    /// The mover's farkles in a row.
    pub farkles: usize,
    /// The opponent's farkles in a row.
    pub opponent_farkles: usize,
    /// The turn total before this roll (points).
    pub total: u32,
    /// The dice shown, as counts of faces 1..=6.
    pub shown: [u8; 6],
}

impl Question {
    /// The faces shown, sorted.
    fn faces(&self) -> Vec<u8> {
        (1..=6u8)
            .flat_map(|face| std::iter::repeat_n(face, self.shown[face as usize - 1] as usize))
            .collect()
    }
}

/// What a Python strategy decided: the keep (its points and the dice it leaves) and whether to
/// bank after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The keep.
    pub keep: Keep,
    /// Whether it banks after keeping.
    pub bank: bool,
}

/// Why an exact evaluation of a Python strategy could not be made.
#[derive(Debug, Error)]
pub enum ExactError {
    /// The strategy failed.
    #[error(transparent)]
    Python(#[from] PythonError),
    /// The game has more decision points than [`EXACT_LIMIT`].
    #[error(
        "too large to evaluate a Python strategy exactly: goal {goal} has {count} decision \
         points (turn starts x turn totals x dice left x rolls), the limit is {limit}. Use \
         swine simulate, which asks only about the states the games reach, or a smaller goal"
    )]
    TooLarge {
        /// The goal.
        goal: u32,
        /// [`EXACT_LIMIT`].
        limit: u64,
        /// Every decision point of the game.
        count: u64,
    },
}

/// A batch of states.
#[derive(Serialize)]
struct Batch {
    states: Vec<(i64, i64, usize, usize, u32, Vec<u8>)>,
}

/// A Python Farkle strategy, imported in a running harness or given as a callable; its answers
/// remembered.
pub struct PythonStrategy {
    asked: Asked<Question, Decision>,
}

impl fmt::Debug for PythonStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PythonStrategy")
            .field("function", &self.function())
            .finish_non_exhaustive()
    }
}

impl PythonStrategy {
    /// Imports the file of `spec` in a harness run by `runner`.
    pub fn start(spec: &PythonSpec, runner: &Runner) -> Result<PythonStrategy, PythonError> {
        let asked = Asked::start(spec, runner, (&FILES, "farkle.py"), FUNCTION)?;
        Ok(PythonStrategy { asked })
    }

    /// The strategy `function` plays, a callable of the caller's interpreter.
    pub fn of_callable(function: Box<dyn Callable>) -> PythonStrategy {
        PythonStrategy {
            asked: Asked::of_callable(function),
        }
    }

    /// The function called.
    pub fn function(&self) -> &str {
        self.asked.function()
    }

    /// The call of the function on `question`, as text.
    fn call(&self, question: &Question) -> String {
        let dice: Vec<String> = question.faces().iter().map(u8::to_string).collect();
        let comma = if dice.len() == 1 { "," } else { "" };
        format!(
            "{}({}, {}, {}, {}, {}, ({}{comma}))",
            self.function(),
            question.own,
            question.opponent,
            question.farkles,
            question.opponent_farkles,
            question.total,
            dice.join(", ")
        )
    }

    /// The strategy's decisions on `questions`, each checked to be a keep the rules allow
    /// (answers given before are not asked again).
    pub fn decide(
        &self,
        game: &Farkle,
        questions: &[Question],
    ) -> Result<Vec<Decision>, PythonError> {
        self.asked.decide(questions, BATCH, |questions, answers| {
            self.answer(game, questions, answers)
        })
    }

    /// Asks again a random sample of the states it answered since the last time, and refuses
    /// an answer that changed ([`Asked::ask_again`]).
    pub fn ask_again(&self, game: &Farkle) -> Result<(), PythonError> {
        self.asked.ask_again(
            BATCH,
            |questions, answers| self.answer(game, questions, answers),
            |question| self.call(question),
        )
    }

    /// Its answers to one batch of `questions`, each checked to be a keep the rules allow.
    fn answer(
        &self,
        game: &Farkle,
        questions: &[Question],
        answers: Answers<'_>,
    ) -> Result<Vec<Decision>, PythonError> {
        let batch = Batch {
            states: questions
                .iter()
                .map(|q| {
                    let (own, opponent) = (q.own, q.opponent);
                    (
                        own,
                        opponent,
                        q.farkles,
                        q.opponent_farkles,
                        q.total,
                        q.faces(),
                    )
                })
                .collect(),
        };
        let answered = answers.get(&batch, || calls(&batch), form)?;
        let check = |i: usize, (kept, bank): (Vec<u8>, bool)| {
            let question = &questions[i];
            let keep = kept_of(game, question, &kept).map_err(|problem| {
                let kept: Vec<String> = kept.iter().map(u8::to_string).collect();
                PythonError::Rejected(format!(
                    "{} returned kept = ({}): {problem}",
                    self.call(question),
                    kept.join(", ")
                ))
            })?;
            Ok(Decision { keep, bank })
        };
        answered.checked(questions.len(), check, |i| self.call(&questions[i]))
    }

    /// Its turn from every turn-start state of `game` (indexed as [`Farkle::state`]), found by
    /// following its decisions from each start: the exact evaluation's input. `asked(n)` hears
    /// of every batch of `n` decision points asked.
    pub fn transitions(
        &self,
        game: &Farkle,
        asked: &(dyn Fn(u64) + Sync),
    ) -> Result<Vec<Transition>, ExactError> {
        let count = decision_points(game);
        if count > EXACT_LIMIT {
            return Err(ExactError::TooLarge {
                goal: game.goal(),
                limit: EXACT_LIMIT,
                count,
            });
        }
        let rolls = scoring_rolls(game);
        let scores = game.scores();
        let min_bank = game.min_bank_units();
        let mut transitions = vec![Transition::default(); game.states()];
        let states: Vec<usize> = (0..game.states()).collect();
        for block in states.chunks(BLOCK) {
            let lens: Vec<usize> = block.iter().map(|&s| scores - game.position(s).0).collect();
            let mut follow: Vec<Following> = lens.iter().map(|&len| Following::new(len)).collect();
            let longest = lens.iter().copied().max().unwrap_or(0);
            for t in 0..longest {
                // The cells (turn start, dice) with mass left rolling at t, and their rolls.
                let mut questions = Vec::new();
                let mut cells = Vec::new();
                for (i, &state) in block.iter().enumerate() {
                    if t >= lens[i] {
                        continue;
                    }
                    let (own, opponent, f, e) = game.position(state);
                    let following = &mut follow[i];
                    for dice in 1..=DICE {
                        let at = (dice - 1) * lens[i] + t;
                        if following.banking[at] != 0.0 {
                            following.bank[t] += following.banking[at];
                        }
                        let m = following.mass[at];
                        if m == 0.0 {
                            continue;
                        }
                        following.farkle += m * game.throw(dice).farkle;
                        cells.push((i, dice, m));
                        for roll in &rolls[dice - 1] {
                            questions.push(Question {
                                own: game.points(own),
                                opponent: game.points(opponent),
                                farkles: f,
                                opponent_farkles: e,
                                total: t as u32 * UNIT,
                                shown: roll.shown,
                            });
                        }
                    }
                }
                let decisions = self.decide(game, &questions)?;
                asked(questions.len() as u64);
                let mut next_decision = decisions.into_iter();
                for (i, dice, m) in cells {
                    let following = &mut follow[i];
                    let all = 6u64.pow(dice as u32) as f64;
                    // Rolls of one offer taking the same decision move together, as a built-in's
                    // whole offer does (the same sums, to the bit).
                    let mut taken: Vec<(usize, Decision, u64)> = Vec::new();
                    for (roll, decision) in rolls[dice - 1].iter().zip(next_decision.by_ref()) {
                        match taken
                            .iter_mut()
                            .find(|(offer, d, _)| *offer == roll.offer && *d == decision)
                        {
                            Some(entry) => entry.2 += roll.ways,
                            None => taken.push((roll.offer, decision, roll.ways)),
                        }
                    }
                    for (_, decision, ways) in taken {
                        let p = m * (ways as f64 / all);
                        following.take(t, decision, p, min_bank);
                    }
                }
                // Answers for turn totals passed are never asked again.
                self.asked.forget();
            }
            for (&state, following) in block.iter().zip(follow) {
                transitions[state] =
                    Transition::new(following.win, following.farkle, &following.bank);
            }
        }
        self.ask_again(game)?;
        Ok(transitions)
    }
}

/// Each state of `batch` as the function's arguments, for a callable.
fn calls(batch: &Batch) -> Vec<Vec<Value>> {
    batch
        .states
        .iter()
        .map(|(own, opponent, farkles, opponent_farkles, total, dice)| {
            vec![
                Value::from(*own),
                Value::from(*opponent),
                Value::from(*farkles),
                Value::from(*opponent_farkles),
                Value::from(*total),
                Value::from(dice.clone()),
            ]
        })
        .collect()
}

/// `answer` as (kept faces, sorted; bank), or what is wrong with it, as the words after
/// `returned`.
fn form(answer: &Value) -> Result<(Vec<u8>, bool), String> {
    let shown = python_text;
    let Some([kept, bank]) = answer.as_array().map(Vec::as_slice) else {
        return Err(format!("{}, not a pair (kept, bank)", shown(answer)));
    };
    let Some(faces) = kept.as_array() else {
        return Err(format!("kept = {}, not a tuple of dice", shown(kept)));
    };
    let mut dice = Vec::with_capacity(faces.len());
    for face in faces {
        match face.as_u64().filter(|f| (1..=6).contains(f)) {
            Some(f) => dice.push(f as u8),
            None => {
                return Err(format!(
                    "kept = {}: {} is not a die 1..6",
                    shown(kept),
                    shown(face)
                ));
            }
        }
    }
    dice.sort_unstable();
    let bank = match bank {
        Value::Bool(bank) => *bank,
        other => match other.as_u64() {
            Some(0) => false,
            Some(1) => true,
            _ => return Err(format!("bank = {}, not True or False", shown(bank))),
        },
    };
    Ok((dice, bank))
}

/// One turn start's turn being followed: probability mass by `(dice − 1) · len + t` that rolls
/// there and that banks there, and where the turn ended so far.
struct Following {
    len: usize,
    mass: Vec<f64>,
    banking: Vec<f64>,
    bank: Vec<f64>,
    win: f64,
    farkle: f64,
}

impl Following {
    /// A turn with `len` turn totals below the goal, at its start.
    fn new(len: usize) -> Following {
        let mut mass = vec![0.0; DICE * len];
        mass[(DICE - 1) * len] = 1.0;
        Following {
            len,
            mass,
            banking: vec![0.0; DICE * len],
            bank: vec![0.0; len],
            win: 0.0,
            farkle: 0.0,
        }
    }

    /// Moves probability `p` at turn total `t` by `decision`: to the goal, to banking, or on.
    fn take(&mut self, t: usize, decision: Decision, p: f64, min_bank: usize) {
        let next = t + decision.keep.units as usize;
        if next >= self.len {
            self.win += p;
            return;
        }
        let at = (decision.keep.left as usize - 1) * self.len + next;
        if decision.bank && next >= min_bank {
            self.banking[at] += p;
        } else {
            self.mass[at] += p;
        }
    }
}

/// A roll that scores: the dice shown, how many of the 6^n ordered rolls show them, and the
/// number of its offer among the throw's.
struct Roll {
    shown: [u8; 6],
    ways: u64,
    offer: usize,
}

/// The rolls of 1..=6 dice that score, by dice − 1, grouped by offer in the throw's order.
fn scoring_rolls(game: &Farkle) -> Vec<Vec<Roll>> {
    (1..=DICE)
        .map(|n| {
            let offers = &game.throw(n).offers;
            let mut rolls: Vec<Roll> = multisets(n)
                .into_iter()
                .filter_map(|(shown, ways)| {
                    let keeps = keeps_of(game.settings(), &shown);
                    let offer = offers.iter().position(|o| o.keeps == keeps)?;
                    Some(Roll { shown, ways, offer })
                })
                .collect();
            rolls.sort_by_key(|r| r.offer);
            rolls
        })
        .collect()
}

/// Every decision point of `game`: turn starts × (turn total, dice left) × scoring rolls, the
/// start (turn total 0) with six dice only.
pub fn decision_points(game: &Farkle) -> u64 {
    let rolls: Vec<u64> = scoring_rolls(game).iter().map(|r| r.len() as u64).collect();
    let all: u64 = rolls.iter().sum();
    let per_score = (game.states() / game.scores()) as u64;
    (0..game.scores())
        .map(|own| {
            let len = (game.scores() - own) as u64;
            per_score * (rolls[DICE - 1] + (len - 1) * all)
        })
        .sum()
}

/// The keep setting aside `kept` from the roll of `question`, or why the rules do not allow it.
fn kept_of(game: &Farkle, question: &Question, kept: &[u8]) -> Result<Keep, String> {
    keep_of(game.settings(), &question.shown, kept).map_err(|unkept| match unkept {
        Unkept::Nothing => "no dice: a roll that scores keeps at least one scoring die".to_string(),
        Unkept::NotShown(face) => format!("more {face}s than the dice show"),
        Unkept::NotScoring => "not every die kept scores".to_string(),
    })
}

/// A Python strategy at play in a game: asked about its seat's rolls, every game's waiting on
/// it at once.
pub struct Asking<'a> {
    /// The game.
    pub game: &'a Farkle,
    /// The strategy.
    pub python: &'a PythonStrategy,
}

impl Asking<'_> {
    /// What the mover of `play` is asked: the roll shown, or the roll it just kept from (its
    /// answer says whether to bank); nothing at a turn's start.
    fn question(&self, play: &Play) -> Option<Question> {
        let game = self.game;
        let before = match (play.shown(), play.kept()) {
            (Some(_), _) => play.total,
            (None, Some(kept)) => play.total - kept.units as usize,
            (None, None) => return None,
        };
        let (table, mover) = (&play.table, play.table.mover);
        Some(Question {
            own: game.points(table.scores[mover]),
            opponent: game.points(table.scores[1 - mover]),
            farkles: table.counts[mover],
            opponent_farkles: table.counts[1 - mover],
            total: points(before),
            shown: play.counts(),
        })
    }
}

impl Asker<Farkle> for Asking<'_> {
    /// After a roll the keep the strategy answers; after a keep, bank if its answer banks
    /// and the turn total may be banked, else roll on (as at a turn's start).
    fn ask(&self, plays: &[Play]) -> Result<Vec<Move>, PythonError> {
        let questions: Vec<Option<Question>> = plays.iter().map(|p| self.question(p)).collect();
        let asked: Vec<Question> = questions.iter().flatten().copied().collect();
        let mut decisions = self.python.decide(self.game, &asked)?.into_iter();
        let answer = |(play, question): (&Play, Option<Question>)| {
            let decision = question.and_then(|_| decisions.next());
            match decision {
                Some(decision) if play.shown().is_some() => Move::Keep(decision.keep),
                Some(decision) if decision.bank && play.may_bank(self.game) => Move::Bank,
                _ => Move::Roll,
            }
        };
        Ok(plays.iter().zip(questions).map(answer).collect())
    }

    fn ask_again(&self) -> Result<(), PythonError> {
        self.python.ask_again(self.game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::farkle::{MatchError, Seated, Strategy, evaluate, play_games};

    fn question(shown: &[u8]) -> Question {
        let mut counts = [0; 6];
        for &d in shown {
            counts[d as usize - 1] += 1;
        }
        Question {
            own: 0,
            opponent: 0,
            farkles: 0,
            opponent_farkles: 0,
            total: 0,
            shown: counts,
        }
    }

    #[test]
    fn keeps_are_checked_against_the_roll_and_the_rules() {
        let game = Farkle::new(&[]).unwrap();
        let roll = question(&[1, 1, 1, 1, 2, 3]);
        // Four 1s score 2000 as four of a kind, leaving two dice.
        assert_eq!(
            kept_of(&game, &roll, &[1, 1, 1, 1]),
            Ok(Keep { units: 40, left: 2 })
        );
        assert_eq!(kept_of(&game, &roll, &[1]), Ok(Keep { units: 2, left: 5 }));
        assert_eq!(
            kept_of(&game, &roll, &[1, 2]),
            Err("not every die kept scores".to_string())
        );
        assert_eq!(
            kept_of(&game, &roll, &[5]),
            Err("more 5s than the dice show".to_string())
        );
        assert!(kept_of(&game, &roll, &[]).is_err());
        // Three pairs keep all six: hot dice, 750.
        let pairs = question(&[2, 2, 3, 3, 6, 6]);
        assert_eq!(
            kept_of(&game, &pairs, &[2, 2, 3, 3, 6, 6]),
            Ok(Keep { units: 15, left: 6 })
        );
    }

    /// A strategy of the repository's tests/python/farkle.
    fn fixture(name: &str) -> Strategy {
        let path = format!(
            "{}/../tests/python/farkle/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let game = small();
        Strategy::resolve(&path, &game, &Runner::default()).unwrap()
    }

    fn small() -> Farkle {
        Farkle::new(&[("goal".to_string(), 300), ("floor".to_string(), 0)]).unwrap()
    }

    #[test]
    fn bank_at_300_in_python_is_the_built_in_to_the_bit() {
        let game = small();
        let python = fixture("bank_at_300.py");
        let built_in = Strategy::parse("bank_at:300", &game).unwrap();
        for opponent in ["optimal", "max_points"] {
            let opponent = Strategy::parse(opponent, &game).unwrap();
            let asked = std::sync::atomic::AtomicU64::new(0);
            let count = |n| {
                asked.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
            };
            let mine = evaluate(&game, [&python, &opponent], &count, &|_| {}).unwrap();
            let theirs = evaluate(&game, [&built_in, &opponent], &|_| {}, &|_| {}).unwrap();
            for seat in 0..2 {
                let (a, b) = (mine.values(seat), theirs.values(seat));
                let differ = a
                    .iter()
                    .zip(b)
                    .filter(|(x, y)| x.to_bits() != y.to_bits())
                    .count();
                assert_eq!(differ, 0, "seat {seat}: {differ} values differ");
            }
            // It was asked about fewer points than the game has: only those its play reaches.
            let asked = asked.into_inner();
            assert!(asked > 0 && asked < decision_points(&game), "{asked}");
            // The same seat reversed: the Python strategy second.
            let second = evaluate(&game, [&opponent, &python], &|_| {}, &|_| {}).unwrap();
            let exact = second.matchup().win_rate();
            let flipped = evaluate(&game, [&opponent, &built_in], &|_| {}, &|_| {}).unwrap();
            assert_eq!(exact.to_bits(), flipped.matchup().win_rate().to_bits());
        }
    }

    #[test]
    fn simulating_a_python_strategy_agrees_with_its_exact_value() {
        let game = small();
        let python = fixture("bank_at_300.py");
        let opponent = Strategy::parse("max_points", &game).unwrap();
        let solution = evaluate(&game, [&python, &opponent], &|_| {}, &|_| {}).unwrap();
        let games = 5_000;
        let simulated =
            play_games(&solution, [&python, &opponent], games, 11, &|_: u64| {}).unwrap();
        let exact = solution.matchup();
        let error = crate::outcome::independent_mean([
            exact.first.value_error(games),
            exact.second.value_error(games),
        ]);
        let z = (simulated.win_rate() - exact.win_rate()) / error;
        assert!(z.abs() < 4.0, "z = {z}");
        // The same seed plays the same games.
        let again = play_games(&solution, [&python, &opponent], games, 11, &|_: u64| {}).unwrap();
        assert_eq!(again.win_rate(), simulated.win_rate());
    }

    #[test]
    fn failures_name_the_call_and_the_value() {
        let game = small();
        let opponent = Strategy::parse("bank_at:300", &game).unwrap();
        let error = |name: &str| {
            let python = fixture(name);
            evaluate(&game, [&python, &opponent], &|_| {}, &|_| {})
                .unwrap_err()
                .to_string()
        };
        let illegal = error("illegal.py");
        assert!(
            illegal.contains("illegal.py: final_strategy(0, 0, 0, 0, 0, (")
                && illegal.contains("returned kept = (")
                && illegal.contains("not every die kept scores"),
            "{illegal}"
        );
        let raised = error("raises.py");
        assert!(
            raised.contains("raised ValueError: no plan yet (raises.py, line 5)"),
            "{raised}"
        );
        let missing = Strategy::resolve("no/such/file.py", &game, &Runner::default())
            .unwrap_err()
            .to_string();
        assert_eq!(missing, "no/such/file.py: no such file");
    }

    #[test]
    fn too_large_to_evaluate_exactly_says_so() {
        let game = Farkle::new(&[]).unwrap();
        let python = fixture("bank_at_300.py");
        let optimal = Strategy::parse("optimal", &game).unwrap();
        let message = |result: Result<Seated, MatchError>| match result {
            Ok(_) => panic!("seated"),
            Err(error) => error.to_string(),
        };
        let refused = message(Seated::new(&game, [&python, &optimal], &|_| {}, &|_| {}));
        assert!(
            refused.contains("simulate it against a built-in"),
            "{refused}"
        );
        let count = decision_points(&game);
        assert!(refused.contains(&count.to_string()), "{refused}");
        let fixed = Strategy::parse("bank_at:300", &game).unwrap();
        let seated = Seated::new(&game, [&python, &fixed], &|_| {}, &|_| {}).unwrap();
        assert!(matches!(seated, Seated::Played(_)));
    }

    #[test]
    fn decision_points_are_counted_by_hand() {
        // Goal 100, floor 0: scores 0 and 50, one farkle count (farkles 1): 4 turn starts.
        // From 0, turn totals 0 (6 dice only) and 50; from 50, turn total 0 only. Scoring
        // rolls of 1..=6 dice: 2, 11, 40, 107, 236, 456 (counted apart, over the sorted rolls
        // showing a 1, a 5, three of a kind, or six dice as a straight or three pairs).
        let game = Farkle::new(&[
            ("goal".to_string(), 100),
            ("floor".to_string(), 0),
            ("farkles".to_string(), 1),
        ])
        .unwrap();
        let all = 2 + 11 + 40 + 107 + 236 + 456;
        // Own 0: two opponents × (456 + all); own 50: two opponents × 456.
        assert_eq!(decision_points(&game), 2 * (456 + all) + 2 * 456);
        let rolls = scoring_rolls(&game);
        let lens: Vec<usize> = rolls.iter().map(Vec::len).collect();
        assert_eq!(lens, [2, 11, 40, 107, 236, 456]);
    }
}
