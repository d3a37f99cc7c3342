//! A table from a Python strategy: its function asked about every state in batches, then about
//! a random sample of them again.
//!
//! The harness (`harness.py`) runs as a [`Session`]: it imports the file, answers which
//! function it found, and then answers batches of states with the function's checked results.
//! Every batch carries a nonce swine made for it (see [`Session::ask_within`]), so an answer the
//! strategy wrote into the channel itself is refused as forged; swine checks each result's
//! range again; and once the table is whole, [`REASKED`] states drawn at random are asked
//! again, in random order, and must be answered as the table says. A strategy whose answers
//! change between asks — one that is not deterministic, or one that put a table of its own in
//! the harness's place — is refused.

use std::time::{Duration, Instant};

use ndarray::{ArrayD, IxDyn};
use rand::seq::{IndexedRandom, SliceRandom};
use serde::Serialize;
use serde_json::Value;

use super::asked::{Answered, CHANGED, REASKED};
use super::{HARNESS, PythonError, PythonSpec, Runner, Session, Tabulated, call_text};
use crate::table::{Schema, Table};

/// States asked in one request.
const BATCH: usize = 2000;

/// What the table harness needs besides the limits: the legal results, how they are written,
/// and the time one call may take.
#[derive(Serialize)]
struct Checks {
    legal: [u32; 2],
    truth_result: bool,
    call_seconds: f64,
}

/// A batch of states, each its function's arguments.
#[derive(Serialize)]
struct Batch<'a> {
    states: &'a [Vec<Value>],
}

/// Calls the strategy `spec` names on every state of `schema` under `runner`'s limits, the
/// whole within its wall-clock limit.
pub(super) fn tabulate(
    runner: &Runner,
    spec: &PythonSpec,
    schema: &Schema,
) -> Result<Tabulated, PythonError> {
    let deadline = Instant::now() + runner.limits.timeout;
    let signature = schema.python.as_ref();
    let defaults: Vec<&str> = signature
        .into_iter()
        .flat_map(|s| std::iter::once(s.function).chain(s.alias))
        .collect();
    let legal = [schema.min_action.into(), schema.max_action.into()];
    let checks = Checks {
        legal,
        truth_result: signature.is_some_and(|s| s.truth_result),
        call_seconds: runner.limits.call.as_secs_f64(),
    };
    let harness = (&[("harness.py", HARNESS)][..], "harness.py");
    let (mut session, function) = Session::strategy(spec, runner, harness, &defaults, checks)?;
    let states = schema.asked();
    let mut dice = ArrayD::zeros(IxDyn(&schema.shape()));
    let ask = |session: &mut Session, states: &[(Vec<usize>, Vec<Value>)]| {
        let arguments: Vec<Vec<Value>> = states.iter().map(|(_, a)| a.clone()).collect();
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining == Duration::ZERO {
            return Err(PythonError::TimedOut(runner.limits.timeout));
        }
        let answer = session.ask_within(&Batch { states: &arguments }, remaining)?;
        let answered: Answered<i64> =
            serde_json::from_value(answer).map_err(|e| PythonError::Garbled(e.to_string()))?;
        let call = |i: usize| call_text(&function, &arguments[i]);
        answered.checked(
            arguments.len(),
            |i, result| {
                u8::try_from(result)
                    .ok()
                    .filter(|d| (legal[0]..=legal[1]).contains(&u32::from(*d)))
                    .ok_or_else(|| PythonError::Garbled(format!("{} answered {result}", call(i))))
            },
            call,
        )
    };
    for batch in states.chunks(BATCH) {
        for ((index, _), decided) in batch.iter().zip(ask(&mut session, batch)?) {
            dice[index.as_slice()] = decided;
        }
    }
    let mut again: Vec<(Vec<usize>, Vec<Value>)> = states
        .choose_multiple(&mut rand::rng(), REASKED)
        .cloned()
        .collect();
    again.shuffle(&mut rand::rng());
    for ((index, arguments), decided) in again.iter().zip(ask(&mut session, &again)?) {
        if dice[index.as_slice()] != decided {
            return Err(PythonError::Rejected(format!(
                "{} returned {}, then {decided} when asked again: {CHANGED}",
                call_text(&function, arguments),
                dice[index.as_slice()]
            )));
        }
    }
    let table = Table::new(schema.clone(), dice).map_err(PythonError::Garbled)?;
    Ok(Tabulated { function, table })
}
