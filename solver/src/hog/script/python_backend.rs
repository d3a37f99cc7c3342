//! The Python harness that runs a rule module (`FILE.py`): a [`Session`] with
//! `rules.py` (see its docstring), which imports the module once and then answers each batch
//! of hook calls in one request.

use std::path::Path;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{Failure, Function, Parameter, Returned, TopLevel, Value, call_text};
use crate::python::{PythonError, Runner, Session, seconds};

/// The harness: `rules.py` imports the helpers of the strategies' `harness.py`.
const FILES: [(&str, &str); 2] = [
    ("harness.py", crate::python::HARNESS),
    ("rules.py", include_str!("../../python/rules.py")),
];

/// A rule module imported in a running harness.
pub(super) struct Module {
    session: Mutex<Session>,
    timeout: Duration,
}

/// The first request: the module and the limits.
#[derive(Serialize)]
struct Start<'a> {
    file: &'a Path,
    text: &'a str,
    settings: &'a [(String, i64)],
    cpu_seconds: u64,
    memory_bytes: u64,
    file_bytes: u64,
    processes: u32,
    recursion_limit: u32,
}

/// A batch: the function `name` of `arity` arguments on each call of `args`.
#[derive(Serialize)]
struct Batch<'a> {
    name: &'a str,
    arity: usize,
    args: &'a [i64],
}

/// The answer to [`Start`].
#[derive(Deserialize)]
struct Started {
    top: Option<Top>,
    error: Option<Problem>,
}

/// What the module's top level left, as the harness sends it.
#[derive(Deserialize)]
struct Top {
    variables: serde_json::Map<String, serde_json::Value>,
    functions: Vec<Defined>,
    declared: Vec<(String, i64, i64)>,
}

/// A function of the module, or a strategy's function under the strategy's name.
#[derive(Deserialize)]
struct Defined {
    name: String,
    arity: usize,
    line: Option<usize>,
}

/// The answer to a [`Batch`].
#[derive(Deserialize)]
struct Answered {
    values: Vec<serde_json::Value>,
    error: Option<Problem>,
}

/// Why the module's code failed: what it did (`None`: it ran out of time), and where.
#[derive(Deserialize)]
struct Problem {
    problem: Option<String>,
    line: Option<usize>,
}

impl Module {
    /// Starts a harness with `runner` and imports the module `text` (read from `path`) with
    /// the parameters in `settings` set.
    pub(super) fn start(
        path: &Path,
        text: &str,
        settings: &[(String, i64)],
        runner: &Runner,
    ) -> Result<(Module, TopLevel), Failure> {
        let file = path.canonicalize().map_err(|e| Failure {
            line: None,
            message: e.to_string(),
        })?;
        let start = Start {
            file: &file,
            text,
            settings,
            cpu_seconds: runner.limits.timeout.as_secs() + 1,
            memory_bytes: runner.limits.memory,
            file_bytes: runner.limits.file_size,
            processes: runner.limits.processes,
            recursion_limit: 10_000,
        };
        let importing = |error: PythonError| Failure {
            line: None,
            message: match error {
                PythonError::TimedOut(_) | PythonError::Crashed(_) => {
                    format!("importing it: {error}")
                }
                _ => error.to_string(),
            },
        };
        let (session, answer) =
            Session::start(runner, &FILES, "rules.py", &start).map_err(importing)?;
        let timeout = session.timeout();
        let started: Started = serde_json::from_value(answer)
            .map_err(|e| importing(PythonError::Garbled(e.to_string())))?;
        if let Some(Problem { problem, line }) = started.error {
            let message = match problem {
                Some(problem) => format!("importing it {problem}"),
                None => format!(
                    "importing it: still running after {} s: killed (an infinite loop?)",
                    seconds(timeout)
                ),
            };
            return Err(Failure { line, message });
        }
        let Some(top) = started.top else {
            return Err(importing(PythonError::Garbled(
                "neither the module nor an error".to_string(),
            )));
        };
        let top = TopLevel {
            variables: top
                .variables
                .into_iter()
                .map(|(name, value)| (name, value_of(value)))
                .collect(),
            functions: top
                .functions
                .into_iter()
                .map(|f| Function {
                    name: f.name,
                    arity: f.arity,
                    line: f.line,
                })
                .collect(),
            declared: top
                .declared
                .into_iter()
                .map(|(name, value, default)| Parameter {
                    name,
                    value,
                    default,
                })
                .collect(),
        };
        let module = Module {
            session: Mutex::new(session),
            timeout,
        };
        Ok((module, top))
    }

    /// Calls `hook` on each call of `args` (`arity` numbers a call) in one batch, in order, up
    /// to the first that fails.
    pub(super) fn call_all(&self, hook: &str, arity: usize, args: &[i64]) -> Returned {
        let batch = Batch {
            name: hook,
            arity,
            args,
        };
        let failed = |message: String| Returned {
            values: Vec::new(),
            failure: Some(Failure {
                line: None,
                message,
            }),
        };
        let answer = self
            .session
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .ask(&batch);
        let answered = answer.and_then(|answer| {
            serde_json::from_value::<Answered>(answer)
                .map_err(|e| PythonError::Garbled(e.to_string()))
        });
        let answered = match answered {
            Ok(answered) => answered,
            Err(error) => return failed(format!("{hook}: {error}")),
        };
        let calls = args.len() / arity;
        let complete = answered.values.len() == calls;
        if answered.values.len() > calls || (complete != answered.error.is_none()) {
            return failed(format!(
                "{hook}: {}",
                PythonError::Garbled(format!(
                    "{} values for {calls} calls",
                    answered.values.len()
                ))
            ));
        }
        let failure = answered.error.map(|Problem { problem, line }| {
            let at = answered.values.len();
            let call = call_text(hook, &args[at * arity..(at + 1) * arity]);
            let message = match problem {
                Some(problem) => format!("{call} {problem}"),
                None => format!(
                    "{call}: still running after {} s: killed (an infinite loop?)",
                    seconds(self.timeout)
                ),
            };
            Failure { line, message }
        });
        Returned {
            values: answered.values.into_iter().map(value_of).collect(),
            failure,
        }
    }
}

/// A value as the harness sends it (see `rules.py`) as a [`Value`].
fn value_of(json: serde_json::Value) -> Value {
    use serde_json::Value as Json;
    let text = |json: Option<&Json>| json.and_then(Json::as_str).unwrap_or_default().to_string();
    match json {
        Json::Null => Value::Nothing,
        Json::Bool(b) => Value::Bool(b),
        Json::Number(n) => n.as_i64().map_or_else(
            || Value::Other {
                shown: n.to_string(),
                kind: "float".to_string(),
            },
            Value::Int,
        ),
        Json::String(text) => Value::Text(text),
        Json::Array(items) => Value::List(items.into_iter().map(value_of).collect()),
        Json::Object(mut object) => {
            if let Some(Json::Array(pairs)) = object.remove("dict") {
                Value::Map(
                    pairs
                        .into_iter()
                        .map(|pair| match pair {
                            Json::Array(mut pair) if pair.len() == 2 => {
                                let value = value_of(pair.pop().unwrap_or_default());
                                (text(pair.first()), value)
                            }
                            other => (other.to_string(), Value::Nothing),
                        })
                        .collect(),
                )
            } else if object.contains_key("huge") {
                Value::Huge(text(object.get("huge")))
            } else {
                Value::Other {
                    shown: text(object.get("other")),
                    kind: text(object.get("kind")),
                }
            }
        }
    }
}
