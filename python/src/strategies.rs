//! What Python gives, made into the solver's objects: the game `rules=` names (kept from an
//! earlier call where it may be), whole numbers, parameters, and strategies from a spec, a numpy
//! array of the course table or a callable (which the game tabulates, or asks as it plays).

use std::ops::RangeInclusive;
use std::sync::{Mutex, PoisonError};

use ndarray::{ArrayD, Dimension};
use numpy::PyReadonlyArrayDyn;
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString, PyTuple};
use serde_json::Value;
use swine_solver::catalog::{self, OpenError};
use swine_solver::game::{Capability, DynGame, GameError, Opened, PLAYERS, Run, Strategy};
use swine_solver::machine;
use swine_solver::python::{Callable, Runner};
use swine_solver::table::{Schema, Table};

use crate::opened;
use crate::{SwineError, error, message};

/// The ruleset `rules=` names at `goal=` with Hog script parameters `set=` and `players=`
/// players (the `players` setting, as the CLI's `--players`; kept from an earlier call where it
/// may be, see [`opened`]), errors in the words of the CLI (a goal out of range is the goal's
/// own message, whatever its size). Rules whose solve would not fit in the memory this process
/// may use (free memory, `ulimit -v`, its cgroup's limit) are refused, as the CLI refuses them.
pub fn open(
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
) -> PyResult<Opened> {
    let mut settings = settings(set)?;
    if let Some(players) = players {
        let players = whole(PLAYERS, players)?;
        settings.push((PLAYERS.to_string(), players.to_string()));
    }
    let goal = goal.map(|goal| whole("goal", goal)).transpose()?;
    // A goal no u32 holds is out of every game's range: the game says so with a stand-in
    // of the same side, then the message shows the goal given.
    let (stand_in, given) = match goal {
        Some(goal) => match u32::try_from(goal) {
            Ok(goal) => (Some(goal), None),
            Err(_) => (Some(if goal < 1 { 0 } else { u32::MAX }), Some(goal)),
        },
        None => (None, None),
    };
    // Sized before it is opened, and again when kept (the memory free may have changed).
    let opened = opened::kept_or(rules, stand_in, &settings, || {
        let named = catalog::named(rules, stand_in, &settings, &Runner::default())?;
        machine::check(&named.footprint()).map_err(OpenError::rules)?;
        named.open()
    })
    .and_then(|opened| {
        machine::check(&opened.info().footprint).map_err(OpenError::rules)?;
        Ok(opened)
    });
    match (opened, stand_in.zip(given)) {
        (Ok(rules), None) => Ok(rules),
        (Ok(_), Some((_, given))) => Err(SwineError::new_err(format!(
            "goal={given}: {rules} takes no such goal"
        ))),
        (Err(err), stand_in) => {
            let mut text = message(&err);
            if let Some((stand_in, given)) = stand_in {
                // The number stands between spaces (Hog: "goal 0 is outside") or before a
                // colon (Farkle: "goal = 0: expected").
                let shown = [" ", ":"]
                    .iter()
                    .map(|after| (format!(" {stand_in}{after}"), format!(" {given}{after}")))
                    .find(|(stand_in, _)| text.contains(stand_in.as_str()));
                if let Some((stand_in, given)) = shown {
                    text = text.replacen(&stand_in, &given, 1);
                }
            }
            Err(SwineError::new_err(text))
        }
    }
}

/// `value` given to the parameter `name` as a whole number (a Python int, not a bool, though
/// Python counts `True` as 1), or an error naming the parameter.
pub fn whole(name: &str, value: &Bound<'_, PyAny>) -> PyResult<i128> {
    if value.is_instance_of::<PyBool>() {
        return Err(SwineError::new_err(format!(
            "{name}={value}: a bool, not a whole number"
        )));
    }
    value.extract::<i128>().map_err(|_| {
        let shown = value
            .repr()
            .map_or_else(|_| "?".to_string(), |r| r.to_string());
        SwineError::new_err(format!("{name}={shown}: not a whole number in range"))
    })
}

/// `value` given to `name` as a whole number in `range`: else the CLI's message for a number
/// out of range ("0 is not in 1..=18446744073709551615").
pub fn count(name: &str, value: &Bound<'_, PyAny>, range: RangeInclusive<u64>) -> PyResult<u64> {
    let n = whole(name, value)?;
    match u64::try_from(n) {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(SwineError::new_err(format!(
            "{name}={n}: {n} is not in {}..={}",
            range.start(),
            range.end()
        ))),
    }
}

/// The Hog script parameters `set=` gives: a dict `{"lucky": 5}`, or `"NAME=VALUE"` strings or
/// `(name, value)` pairs.
fn settings(set: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, String)>> {
    let Some(set) = set else {
        return Ok(Vec::new());
    };
    let bad = |what: String| SwineError::new_err(format!("set: {what}"));
    let entries: Vec<Bound<'_, PyAny>> = match set.cast::<PyDict>() {
        Ok(dict) => dict.items().iter().collect(),
        Err(_) if set.is_instance_of::<PyString>() => {
            return Err(bad(format!(
                "{set} is one string; set= takes a dict such as {{\"lucky\": 5}}"
            )));
        }
        Err(_) => set
            .try_iter()
            .map_err(|_| bad(format!("{set} is not a dict such as {{\"lucky\": 5}}")))?
            .collect::<PyResult<_>>()?,
    };
    entries
        .iter()
        .map(|entry| {
            if let Ok(text) = entry.extract::<String>() {
                return catalog::setting(&text).map_err(bad);
            }
            let (name, value): (String, Bound<'_, PyAny>) = entry.extract().map_err(|_| {
                bad(format!(
                    "{entry} is neither NAME=VALUE nor a (name, value) pair"
                ))
            })?;
            // A named value ({"joker": "none"}) is read by its game as NAME=VALUE is.
            if let Ok(text) = value.extract::<String>() {
                return Ok((name, text));
            }
            let value = value
                .extract::<i64>()
                .ok()
                .filter(|_| !value.is_instance_of::<PyBool>())
                .ok_or_else(|| bad(format!("{name}'s value {value} is not a whole number")))?;
            Ok((name, value.to_string()))
        })
        .collect()
}

/// A strategy given from Python: a spec (`"always_roll:4"`, a table file, `"optimal"`), a
/// callable (which the game tabulates over its course table, or asks as it plays), or a numpy
/// array of the game's course table.
pub fn strategy(
    py: Python<'_>,
    given: &Bound<'_, PyAny>,
    game: &dyn DynGame,
) -> PyResult<Strategy> {
    let info = game.info();
    info.allows(Capability::Strategies).map_err(error)?;
    if let Ok(spec) = given.extract::<String>() {
        return game.resolve(&spec, &Runner::default()).map_err(error);
    }
    if given.is_callable() {
        let function = PyCallable {
            name: given
                .getattr("__name__")
                .and_then(|n| n.extract::<String>())
                .unwrap_or_else(|_| "strategy".to_string()),
            function: given.clone().unbind(),
        };
        // What a callable raised before is not this one's.
        raised();
        let tabulated = game.callable(Box::new(function), &Run::default());
        return match raised() {
            Some(interrupt) => Err(interrupt),
            None => tabulated.map_err(error),
        };
    }
    let Some(schema) = game.course_schema() else {
        return Err(error(info.allows(Capability::Tables).err().unwrap_or_else(
            || GameError::Refused(format!("{}: a strategy is a spec string", info.rules)),
        )));
    };
    let dice = from_array(py, given, &schema)?;
    let table = Table::new(schema, dice).map_err(SwineError::new_err)?;
    game.table_strategy("table", table).map_err(error)
}

/// The opponent `vs` names, or the game's yardstick.
pub fn opponent(
    py: Python<'_>,
    vs: Option<&Bound<'_, PyAny>>,
    game: &dyn DynGame,
) -> PyResult<Strategy> {
    match vs {
        Some(vs) => strategy(py, vs, game),
        None => {
            let yardstick = game.info().yardstick.clone().unwrap_or_default();
            strategy(py, yardstick.into_pyobject(py)?.as_any(), game)
        }
    }
}

/// What a callable raised that is no error of its own but a request to stop (Python's
/// `BaseException`s that are not `Exception`s: `KeyboardInterrupt` from Ctrl-C, `SystemExit`),
/// kept to be raised again as it is by the call that asked.
static RAISED: Mutex<Option<PyErr>> = Mutex::new(None);

/// What a callable raised to stop (see [`RAISED`]) since this was last asked, taken.
pub fn raised() -> Option<PyErr> {
    RAISED.lock().unwrap_or_else(PoisonError::into_inner).take()
}

/// A Python callable as the solver asks it: arguments from JSON (a list as a tuple), answers
/// as JSON.
struct PyCallable {
    name: String,
    function: Py<PyAny>,
}

impl Callable for PyCallable {
    fn name(&self) -> &str {
        &self.name
    }

    fn call(&mut self, calls: &[Vec<Value>]) -> (Vec<Value>, Option<String>) {
        Python::attach(|py| {
            let function = self.function.bind(py);
            let mut answers = Vec::with_capacity(calls.len());
            for call in calls {
                let answer = call
                    .iter()
                    .map(|argument| to_python(py, argument))
                    .collect::<PyResult<Vec<_>>>()
                    .and_then(|arguments| function.call1(PyTuple::new(py, arguments)?));
                match answer {
                    Ok(answer) => match to_json(&answer) {
                        Some(answer) => answers.push(answer),
                        None => {
                            let shown = answer
                                .repr()
                                .map_or_else(|_| "?".to_string(), |r| r.to_string());
                            return (
                                answers,
                                Some(format!(
                                    "returned {shown}, which is no whole number, bool, string or tuple of them"
                                )),
                            );
                        }
                    },
                    Err(err) => {
                        let problem = format!("raised {err}");
                        if !err.is_instance_of::<PyException>(py) {
                            *RAISED.lock().unwrap_or_else(PoisonError::into_inner) = Some(err);
                        }
                        return (answers, Some(problem));
                    }
                }
            }
            (answers, None)
        })
    }
}

/// A JSON argument as Python takes it: a list as a tuple.
fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    match value {
        Value::Null => Ok(py.None().into_bound(py)),
        Value::Bool(b) => b.into_bound_py_any(py),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into_bound_py_any(py),
            None => n.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py),
        },
        Value::String(text) => text.into_bound_py_any(py),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|item| to_python(py, item))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, items)?.into_any())
        }
        Value::Object(_) => Ok(PyDict::new(py).into_any()),
    }
}

/// A Python answer as JSON: a bool, a float, a whole number (numpy's too), a string (a Yahtzee
/// box's name), or a tuple or list of them; `None` for anything else.
fn to_json(answer: &Bound<'_, PyAny>) -> Option<Value> {
    if let Ok(b) = answer.cast::<PyBool>() {
        return Some(Value::Bool(b.is_true()));
    }
    if let Ok(text) = answer.cast::<PyString>() {
        return Some(Value::String(text.to_string()));
    }
    if let Ok(f) = answer.cast::<PyFloat>() {
        return Some(Value::from(f.value()));
    }
    if let Ok(n) = answer.extract::<i64>() {
        return Some(Value::from(n));
    }
    if answer.is_instance_of::<PyTuple>() || answer.is_instance_of::<PyList>() {
        let items: Option<Vec<Value>> = answer
            .try_iter()
            .ok()?
            .map(|item| to_json(&item.ok()?))
            .collect();
        return items.map(Value::Array);
    }
    None
}

/// The table a numpy array (or anything `numpy.asarray` takes) holds: integers, or floats
/// that are all whole (a fractional entry is an error naming its cell, never truncated).
fn from_array(py: Python<'_>, given: &Bound<'_, PyAny>, schema: &Schema) -> PyResult<ArrayD<u8>> {
    let not_a_table = || {
        SwineError::new_err(
            "a strategy is a spec string, a numpy array of the course table, or a callable",
        )
    };
    let array = py
        .import("numpy")?
        .call_method1("asarray", (given,))
        .map_err(|_| not_a_table())?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "b" | "i" | "u" | "f") {
        return Err(not_a_table());
    }
    let array = array.call_method1("astype", ("float64",))?;
    let array: PyReadonlyArrayDyn<'_, f64> = array.extract()?;
    let array = array.as_array();
    let mut dice = ArrayD::zeros(array.raw_dim());
    for (at, &n) in array.indexed_iter() {
        let place = format!("the table at {:?}", at.slice());
        if n.fract() != 0.0 || !n.is_finite() {
            return Err(SwineError::new_err(format!(
                "{place}: {n} is not a whole number of {}",
                schema.action
            )));
        }
        // Whole and finite: `as` saturates, so an entry out of i64's range stays out of range.
        dice[at] = action(n as i64, &place, schema)?;
    }
    Ok(dice)
}

/// `n` as an action of `schema`'s range, or an error naming where it came from.
fn action(n: i64, at: &str, schema: &Schema) -> PyResult<u8> {
    let legal = i64::from(schema.min_action)..=i64::from(schema.max_action);
    if legal.contains(&n) {
        Ok(n as u8)
    } else {
        Err(SwineError::new_err(format!(
            "{at}: {} {n} is outside {}..={} for {}",
            schema.action, schema.min_action, schema.max_action, schema.rules
        )))
    }
}
