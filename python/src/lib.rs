//! `import swine`: the solver from Python, in-process, numbers and numpy arrays back.
//!
//! No game logic lives here: rulesets open through the solver's catalog, strategies through
//! its parser, and every number comes from the same sweep the CLI runs. Long solves release
//! the GIL; every error is a [`SwineError`] (a `ValueError`) carrying the CLI's message.

use std::path::PathBuf;

use ndarray::{ArrayD, Dimension, IxDyn};
use numpy::{PyArrayDyn, PyReadonlyArrayDyn, ToPyArray};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use swine_solver::catalog::{self, Rules};
use swine_solver::format::{Format, TableFile, write_files};
use swine_solver::fraction::ExactRates;
use swine_solver::hog::{
    Ruleset, SearchLimits, Solved, Strategy, evaluate as evaluate_exactly, make_exact,
    solve_against, solve_exact,
};
use swine_solver::python::Runner;
use swine_solver::table::{Schema, Table};

create_exception!(
    swine,
    SwineError,
    PyValueError,
    "A swine error: bad rules, a bad strategy, or a solve that failed. The message is the CLI's."
);

/// The error as Python sees it: its message and the reasons beneath it, as the CLI prints them.
fn error(err: impl std::error::Error) -> PyErr {
    let mut message = err.to_string();
    let mut source = err.source();
    while let Some(reason) = source {
        message.push_str(&format!(": {reason}"));
        source = reason.source();
    }
    SwineError::new_err(message)
}

/// The Hog ruleset `rules` names at `goal` with script parameters `set`.
fn hog_rules(rules: &str, goal: Option<u32>, set: Option<Vec<(String, i64)>>) -> PyResult<Ruleset> {
    match catalog::open(rules, goal, &set.unwrap_or_default()).map_err(error)? {
        Rules::Hog(rules) => Ok(*rules),
        _ => Err(SwineError::new_err(format!(
            "{rules}: the Python package solves Hog rulesets (presets and rule scripts) so far; \
             use the swine CLI for this game"
        ))),
    }
}

/// A strategy given from Python: a spec (`"always_roll:4"`, a table file, `"optimal"`), a numpy
/// array of dice counts shaped (goal, goal), or a callable `f(score, opponent_score)`
/// tabulated once, in this process.
fn strategy(py: Python<'_>, given: &Bound<'_, PyAny>, rules: &Ruleset) -> PyResult<Strategy> {
    if let Ok(spec) = given.extract::<String>() {
        return Strategy::resolve(&spec, rules, &Runner::default())
            .map(|resolved| resolved.strategy)
            .map_err(error);
    }
    let schema = rules.score_schema();
    let goal = rules.goal() as usize;
    let dice: ArrayD<u8> = if given.is_callable() {
        let mut dice = ArrayD::zeros(IxDyn(&[goal, goal]));
        for own in 0..goal {
            for opponent in 0..goal {
                let at = format!("strategy({own}, {opponent})");
                let answer = given
                    .call1((own, opponent))
                    .map_err(|err| SwineError::new_err(format!("{at} raised {err}")))?;
                let n: i64 = answer.extract().map_err(|_| {
                    SwineError::new_err(format!("{at} returned {answer}, not a number of dice"))
                })?;
                dice[[own, opponent]] = dice_count(n, &at, &schema)?;
            }
        }
        dice
    } else {
        let numpy = py.import("numpy")?;
        let array = numpy
            .call_method1("asarray", (given, "int64"))
            .map_err(|_| {
                SwineError::new_err(
                    "a strategy is a spec string, a numpy array of dice counts, or a callable",
                )
            })?;
        let array: PyReadonlyArrayDyn<'_, i64> = array.extract()?;
        let array = array.as_array();
        let mut dice = ArrayD::zeros(array.raw_dim());
        for (at, &n) in array.indexed_iter() {
            let place = format!("the table at {:?}", at.as_array_view().to_vec());
            dice[at] = dice_count(n, &place, &schema)?;
        }
        dice
    };
    let table = Table::new(schema, dice).map_err(SwineError::new_err)?;
    Ok(Strategy::from_table("table", table))
}

/// The opponent `vs` names, or the ruleset's yardstick.
fn opponent(py: Python<'_>, vs: Option<&Bound<'_, PyAny>>, rules: &Ruleset) -> PyResult<Strategy> {
    match vs {
        Some(vs) => strategy(py, vs, rules),
        None => strategy(
            py,
            rules.rules().yardstick().into_pyobject(py)?.as_any(),
            rules,
        ),
    }
}

/// `n` as a dice count of `schema`'s range, or an error naming where it came from.
fn dice_count(n: i64, at: &str, schema: &Schema) -> PyResult<u8> {
    let legal = i64::from(schema.min_action)..=i64::from(schema.max_action);
    if legal.contains(&n) {
        Ok(n as u8)
    } else {
        Err(SwineError::new_err(format!(
            "{at}: {n} dice is outside {}..={} for {}",
            schema.min_action, schema.max_action, schema.rules
        )))
    }
}

/// The exact rates as a dict of `fractions.Fraction`.
fn fractions<'py>(py: Python<'py>, rates: &ExactRates) -> PyResult<Bound<'py, PyDict>> {
    let fraction = py.import("fractions")?.getattr("Fraction")?;
    let dict = PyDict::new(py);
    for (label, value) in rates.rows() {
        dict.set_item(
            label.replace(' ', "_"),
            fraction.call1((value.to_string(),))?,
        )?;
    }
    Ok(dict)
}

/// The exact result of a match-up: win rates from the full state space.
#[pyclass(frozen, get_all, module = "swine")]
struct Match {
    /// P(win) averaged over the two seats.
    win_rate: f64,
    /// P(win) moving first.
    as_first: f64,
    /// P(win) moving second.
    as_second: f64,
    /// With `exact=True`: the same rates as `fractions.Fraction` (keys `win_rate`,
    /// `as_first`, `as_second`), else None.
    exact: Option<Py<PyDict>>,
}

#[pymethods]
impl Match {
    fn __repr__(&self) -> String {
        format!(
            "Match(win_rate={}, as_first={}, as_second={})",
            self.win_rate, self.as_first, self.as_second
        )
    }
}

/// The optimal strategy against an opponent (or minimax), with its exact win rates.
#[pyclass(frozen, module = "swine")]
struct Solution {
    solved: Solved,
    exact: Option<Py<PyDict>>,
}

#[pymethods]
impl Solution {
    /// P(win) averaged over the two seats.
    #[getter]
    fn win_rate(&self) -> f64 {
        self.solved.outcome.win_rate()
    }

    /// P(win) moving first.
    #[getter]
    fn as_first(&self) -> f64 {
        self.solved.outcome.as_first()
    }

    /// P(win) moving second.
    #[getter]
    fn as_second(&self) -> f64 {
        self.solved.outcome.as_second()
    }

    /// Under minimax, P(the first player wins) with both optimal; else None.
    #[getter]
    fn first_player_wins(&self) -> Option<f64> {
        self.solved.first_player_wins
    }

    /// With `exact=True`, the rates as `fractions.Fraction` (minimax: also
    /// `first_player_wins`); else None.
    #[getter]
    fn exact(&self, py: Python<'_>) -> Option<Py<PyDict>> {
        self.exact.as_ref().map(|d| d.clone_ref(py))
    }

    /// The strategy: a uint8 array shaped (goal, goal), the dice to roll at
    /// `[own score, opponent score]`.
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<u8>> {
        self.solved.file.table.dice.to_pyarray(py)
    }

    /// Writes the files `swine solve` writes (csv, json, py, npy, bin, or those of `formats`)
    /// into `directory`, all or nothing; returns their paths.
    #[pyo3(signature = (directory, formats=None))]
    fn write(&self, directory: PathBuf, formats: Option<Vec<String>>) -> PyResult<Vec<PathBuf>> {
        let file: &TableFile = &self.solved.file;
        let formats: Vec<Format> = match formats {
            None => Format::ALL
                .into_iter()
                .filter(|f| f.holds(&file.table))
                .collect(),
            Some(names) => names
                .iter()
                .map(|name| {
                    Format::from_extension(name).ok_or_else(|| {
                        SwineError::new_err(format!(
                            "unknown format '{name}'; the formats are csv, json, py, npy, bin"
                        ))
                    })
                })
                .collect::<PyResult<_>>()?,
        };
        write_files(&directory, &[(file, formats)]).map_err(error)
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution(win_rate={}, as_first={}, as_second={})",
            self.win_rate(),
            self.as_first(),
            self.as_second()
        )
    }
}

/// The exact win rate of `strategy` against `vs` (the ruleset's yardstick when None).
///
/// A strategy is a spec (`"always_roll:4"`, `"bacon:8,6"`, a table file, `"optimal"`), a
/// numpy array of dice counts shaped (goal, goal) indexed `[own score, opponent score]`, or a
/// callable `f(score, opponent_score) -> dice`. With `exact=True` the rates are also given as
/// fractions.
#[pyfunction]
#[pyo3(signature = (strategy, vs=None, *, rules="hog-fa20", goal=None, set=None, exact=false))]
fn evaluate(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &str,
    goal: Option<u32>,
    set: Option<Vec<(String, i64)>>,
    exact: bool,
) -> PyResult<Match> {
    let rules = hog_rules(rules, goal, set)?;
    let first = self::strategy(py, strategy, &rules)?;
    let second = opponent(py, vs, &rules)?;
    let (outcome, rates) = py
        .detach(|| {
            let outcome = evaluate_exactly(&rules, &first, &second).map_err(|e| e.to_string())?;
            let rates = if exact {
                Some(
                    solve_exact(&rules, [&first, &second])
                        .map_err(|e| e.to_string())?
                        .rates(),
                )
            } else {
                None
            };
            Ok::<_, String>((outcome, rates))
        })
        .map_err(SwineError::new_err)?;
    Ok(Match {
        win_rate: outcome.win_rate(),
        as_first: outcome.as_first(),
        as_second: outcome.as_second(),
        exact: rates
            .map(|r| fractions(py, &r).map(Bound::unbind))
            .transpose()?,
    })
}

/// The optimal strategy against `vs` (a strategy as in [`evaluate`], `"minimax"` for both
/// players optimal, or the ruleset's yardstick when None), as `swine solve` finds it.
#[pyfunction]
#[pyo3(signature = (rules="hog-fa20", vs=None, *, goal=None, set=None, exact=false))]
fn solve(
    py: Python<'_>,
    rules: &str,
    vs: Option<&Bound<'_, PyAny>>,
    goal: Option<u32>,
    set: Option<Vec<(String, i64)>>,
    exact: bool,
) -> PyResult<Solution> {
    let rules = hog_rules(rules, goal, set)?;
    let opponent = self::opponent(py, vs, &rules)?;
    let (solved, rates) = py
        .detach(|| {
            let mut solved = solve_against(&rules, &opponent, SearchLimits::default(), |_| {})
                .map_err(|e| e.to_string())?;
            if exact {
                make_exact(&rules, &opponent, &mut solved).map_err(|e| e.to_string())?;
            }
            let rates = solved.file.meta.exact.clone();
            Ok::<_, String>((solved, rates))
        })
        .map_err(SwineError::new_err)?;
    Ok(Solution {
        solved,
        exact: rates
            .map(|r| fractions(py, &r).map(Bound::unbind))
            .transpose()?,
    })
}

/// Exact win probabilities and optimal strategies for Hog-family dice games.
#[pymodule]
fn swine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SwineError", m.py().get_type::<SwineError>())?;
    m.add_class::<Match>()?;
    m.add_class::<Solution>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    Ok(())
}
