//! A Python strategy asked state by state, as the games whose decisions are too many to
//! tabulate (Farkle, Yahtzee) play one: a file's function in a harness, or a callable of the
//! caller's interpreter, its answers remembered, and a random sample of them asked again once
//! the work is done ([`Asked::ask_again`]), as a table's are ([`tabulate`](super::tabulate)).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard, PoisonError};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{Callable, PythonError, PythonSpec, Runner, Session, call_text};

/// Where a Python strategy's answers come from.
enum Source {
    /// A file's function, in a child `python3` running the harness under the runner's limits.
    Harness(Session),
    /// A callable of the caller's interpreter (the package's), each answer's form checked by
    /// the game as the harness checks a file's.
    Callable(Box<dyn Callable>),
}

/// A batch's answers, as the harness sends them: the decisions in its form up to the first
/// state that failed, and why that one did (or that it ran out of time).
#[derive(serde::Deserialize)]
pub(crate) struct Answered<T> {
    decisions: Vec<T>,
    error: Option<String>,
    #[serde(default)]
    out_of_time: bool,
}

/// A Python strategy asked about states `Q`, deciding `D`, its answers remembered.
pub(crate) struct Asked<Q, D> {
    function: String,
    source: Mutex<Source>,
    answers: Mutex<HashMap<Q, D>>,
    sample: Mutex<Sample<Q, D>>,
}

/// States asked again: of a table once it is whole ([`tabulate`](super::tabulate)), and at
/// most of those a strategy asked position by position answered ([`Asked::ask_again`]).
pub(super) const REASKED: usize = 200;

/// Why an answer that changed when asked again is refused.
pub(super) const CHANGED: &str =
    "its answers changed between asks (it is not deterministic, or they were forged)";

/// A uniform random sample of at most [`REASKED`] of the answers given since the last asking
/// again (reservoir sampling), drawn by a generator seeded where the strategy cannot see.
struct Sample<Q, D> {
    given: u64,
    kept: Vec<(Q, D)>,
    rng: ChaCha8Rng,
}

impl<Q, D> Sample<Q, D> {
    fn new() -> Sample<Q, D> {
        Sample {
            given: 0,
            kept: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(rand::random()),
        }
    }

    /// Counts one more answer, kept with the chance that keeps the sample uniform.
    fn offer(&mut self, question: Q, decision: D) {
        self.given += 1;
        if self.kept.len() < REASKED {
            self.kept.push((question, decision));
        } else if let Ok(slot) = usize::try_from(self.rng.random_range(0..self.given))
            && slot < REASKED
        {
            self.kept[slot] = (question, decision);
        }
    }
}

/// A mutex's contents (a panic while one was held leaves nothing half-done here).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<Q: Copy + Eq + Hash + Ord, D: Copy> Asked<Q, D> {
    /// Imports the file of `spec` in the harness `harness` (its files, and the script run) run
    /// by `runner`, the function named `function` unless the spec names another.
    pub(crate) fn start(
        spec: &PythonSpec,
        runner: &Runner,
        harness: (&[(&str, &str)], &str),
        function: &str,
    ) -> Result<Asked<Q, D>, PythonError> {
        let (session, function) = Session::strategy(spec, runner, harness, &[function], ())?;
        Ok(Asked::new(function, Source::Harness(session)))
    }

    /// The strategy `function` plays, a callable of the caller's interpreter.
    pub(crate) fn of_callable(function: Box<dyn Callable>) -> Asked<Q, D> {
        Asked::new(function.name().to_string(), Source::Callable(function))
    }

    fn new(function: String, source: Source) -> Asked<Q, D> {
        Asked {
            function,
            source: Mutex::new(source),
            answers: Mutex::new(HashMap::new()),
            sample: Mutex::new(Sample::new()),
        }
    }

    /// The function called.
    pub(crate) fn function(&self) -> &str {
        &self.function
    }

    /// Lets every answer remembered go (for states that will not be asked about again).
    pub(crate) fn forget(&self) {
        lock(&self.answers).clear();
    }

    /// The decisions on `questions`: those not answered before are asked once each, in order,
    /// in batches of at most `batch`, each batch's answers checked by `check`.
    pub(crate) fn decide(
        &self,
        questions: &[Q],
        batch: usize,
        mut check: impl FnMut(&[Q], Answers<'_>) -> Result<Vec<D>, PythonError>,
    ) -> Result<Vec<D>, PythonError> {
        let mut known = lock(&self.answers);
        let mut fresh: Vec<Q> = questions
            .iter()
            .filter(|q| !known.contains_key(q))
            .copied()
            .collect();
        fresh.sort_unstable();
        fresh.dedup();
        for chunk in fresh.chunks(batch) {
            let decided = check(
                chunk,
                Answers {
                    source: &mut lock(&self.source),
                },
            )?;
            let mut sample = lock(&self.sample);
            for (question, decision) in chunk.iter().zip(decided) {
                known.insert(*question, decision);
                sample.offer(*question, decision);
            }
        }
        Ok(questions.iter().map(|q| known[q]).collect())
    }

    /// Asks again a random sample of the states answered since the last asking again (at most
    /// [`REASKED`]), in batches of at most `batch`, each batch's answers checked by `check` as
    /// [`decide`](Self::decide)'s are. A strategy's answer depends on its arguments alone: one
    /// that differs from the answer given before is refused, its call named by `call` (an
    /// answer written past the function, or drawn at random, is caught so, not prevented).
    pub(crate) fn ask_again(
        &self,
        batch: usize,
        mut check: impl FnMut(&[Q], Answers<'_>) -> Result<Vec<D>, PythonError>,
        call: impl Fn(&Q) -> String,
    ) -> Result<(), PythonError>
    where
        D: PartialEq,
    {
        let kept = {
            let mut sample = lock(&self.sample);
            sample.given = 0;
            std::mem::take(&mut sample.kept)
        };
        for chunk in kept.chunks(batch) {
            let questions: Vec<Q> = chunk.iter().map(|&(question, _)| question).collect();
            let again = check(
                &questions,
                Answers {
                    source: &mut lock(&self.source),
                },
            )?;
            let changed = chunk
                .iter()
                .zip(&again)
                .find(|((_, before), now)| before != *now);
            if let Some(((question, _), _)) = changed {
                return Err(PythonError::Rejected(format!(
                    "{} gave another answer when asked again: {CHANGED}",
                    call(question)
                )));
            }
        }
        Ok(())
    }
}

/// Where one batch's answers come from, for [`Asked::decide`]'s check.
pub(crate) struct Answers<'a> {
    source: &'a mut Source,
}

impl Answers<'_> {
    /// The answers to `batch`: the harness's, or the callable's on `calls` (each state's
    /// arguments), each put in the harness's form by `form` (or why not, in the words after
    /// "returned").
    pub(crate) fn get<T: DeserializeOwned>(
        self,
        batch: &impl Serialize,
        calls: impl FnOnce() -> Vec<Vec<Value>>,
        form: impl Fn(&Value) -> Result<T, String>,
    ) -> Result<Answered<T>, PythonError> {
        match self.source {
            Source::Harness(session) => serde_json::from_value(session.ask(batch)?)
                .map_err(|e| PythonError::Garbled(e.to_string())),
            Source::Callable(function) => Ok(called(function.as_mut(), &calls(), form)),
        }
    }
}

/// A callable's answers to `calls`, each in the harness's form by `form`, up to the first call
/// that failed, and why that one did.
fn called<T>(
    function: &mut dyn Callable,
    calls: &[Vec<Value>],
    form: impl Fn(&Value) -> Result<T, String>,
) -> Answered<T> {
    let (answers, failure) = function.call(calls);
    let mut decisions = Vec::with_capacity(answers.len());
    for (call, answer) in calls.iter().zip(&answers) {
        match form(answer) {
            Ok(decision) => decisions.push(decision),
            Err(problem) => {
                let error = format!("{} returned {problem}", call_text(function.name(), call));
                return Answered {
                    decisions,
                    error: Some(error),
                    out_of_time: false,
                };
            }
        }
    }
    let error = failure.map(|failure| match calls.get(decisions.len()) {
        Some(call) => format!("{} {failure}", call_text(function.name(), call)),
        None => format!("{} {failure}", function.name()),
    });
    Answered {
        decisions,
        error,
        out_of_time: false,
    }
}

impl<T> Answered<T> {
    /// The decisions of a batch of `asked` states, each checked by `check` (its place and
    /// its answer); then the failure the batch ended on, the state that ran out of time named
    /// by `call` (its place).
    pub(crate) fn checked<D>(
        self,
        asked: usize,
        mut check: impl FnMut(usize, T) -> Result<D, PythonError>,
        call: impl Fn(usize) -> String,
    ) -> Result<Vec<D>, PythonError> {
        let done = self.decisions.len();
        if done > asked {
            return Err(PythonError::Garbled(
                "more decisions than states".to_string(),
            ));
        }
        let decisions = self
            .decisions
            .into_iter()
            .enumerate()
            .map(|(i, answer)| check(i, answer))
            .collect::<Result<Vec<D>, PythonError>>()?;
        if self.out_of_time {
            return Err(PythonError::Rejected(format!(
                "{} ran out of time: killed (an infinite loop?)",
                call(done)
            )));
        }
        match self.error {
            Some(error) => Err(PythonError::Rejected(error)),
            None if done < asked => Err(PythonError::Garbled(
                "fewer decisions than states".to_string(),
            )),
            None => Ok(decisions),
        }
    }
}
