//! A strategy function of the caller's interpreter tabulated over a game's course table: what
//! a callable becomes in a game whose strategies are tables (Hog, Greed, the Pig family).

use ndarray::{ArrayD, IxDyn};
use serde_json::Value;

use super::{GameError, Run};
use crate::python::{Callable, call_text, python_text};
use crate::table::{Schema, Table};

/// States asked of the function at once.
const BATCH: usize = 10_000;

/// The table `function` fills, called once on every state of `schema` (its indices; a flag
/// such as Greed's `last` as a bool), in batches with `run` checked between them. Entries that
/// are no state of the game keep the smallest legal action. An answer that is no whole number
/// in the legal range is refused, naming the call.
pub fn tabulate(
    schema: Schema,
    function: &mut dyn Callable,
    run: &Run,
) -> Result<Table, GameError> {
    let mut dice = ArrayD::from_elem(IxDyn(&schema.shape()), schema.min_action);
    let states = schema.asked();
    for batch in states.chunks(BATCH) {
        run.check()?;
        let calls: Vec<Vec<Value>> = batch.iter().map(|(_, call)| call.clone()).collect();
        let (answers, failure) = function.call(&calls);
        let answered = answers.len();
        for (((index, _), call), answer) in batch.iter().zip(&calls).zip(answers) {
            let at = call_text(function.name(), call);
            dice[index.as_slice()] = action(&answer, &at, &schema)?;
        }
        if let Some(failure) = failure {
            let at = calls.get(answered).map_or_else(
                || function.name().to_string(),
                |call| call_text(function.name(), call),
            );
            return Err(GameError::Refused(format!("{at} {failure}")));
        }
    }
    Table::new(schema, dice).map_err(GameError::Refused)
}

/// `answer` as an action of `schema`'s range, or an error naming the call `at`.
fn action(answer: &Value, at: &str, schema: &Schema) -> Result<u8, GameError> {
    let refused = |text: String| Err(GameError::Refused(text));
    // A bool is 1 or 0, as Python counts it (the Pig family's `True` rolls).
    let Some(n) = answer.as_i64().or_else(|| answer.as_bool().map(i64::from)) else {
        return refused(format!(
            "{at} returned {}, not a {}",
            python_text(answer),
            schema.action
        ));
    };
    let legal = i64::from(schema.min_action)..=i64::from(schema.max_action);
    if legal.contains(&n) {
        Ok(n as u8)
    } else {
        refused(format!(
            "{at}: {} {n} is outside {}..={} for {}",
            schema.action, schema.min_action, schema.max_action, schema.rules
        ))
    }
}
