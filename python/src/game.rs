//! The games with strategies, as the package asks them: grading's questions ([`Contest`]),
//! plus exact fractions and a solve with its per-state values; and strategies made from what
//! Python gives (a spec, a numpy array, a callable).

use ndarray::{ArrayD, Dimension, IxDyn};
use numpy::PyReadonlyArrayDyn;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use swine_solver::catalog::{self, Rules};
use swine_solver::contest::Contest;
use swine_solver::format::{TableFile, ValuesFile};
use swine_solver::fraction::ExactRates;
use swine_solver::outcome::Outcome;
use swine_solver::python::Runner;
use swine_solver::table::{Schema, Table};
use swine_solver::{greed, hog, pig};

use crate::{SwineError, error, message};

/// An optimal strategy solved, with what the package shows of it.
pub struct Solved {
    /// The table, as the CLI writes it.
    pub file: TableFile,
    /// Its exact outcome against the opponent.
    pub outcome: Outcome,
    /// Under minimax, P(the first player wins) with both optimal.
    pub first_player_wins: Option<f64>,
    /// The value of every state for the table against the opponent, the table to move.
    pub values: ValuesFile,
}

/// A solve's table file, its outcome, and under minimax P(the first player wins).
type Optimum = (TableFile, Outcome, Option<f64>);

/// What the package asks of a game beyond grading's questions.
pub trait Game: Contest {
    /// The exact rates of `strategy` against `opponent` (seat 0), as fractions.
    fn fractions(
        &self,
        strategy: &Self::Strategy,
        opponent: &Self::Strategy,
    ) -> Result<ExactRates, String>;
    /// The optimal strategy against `opponent` as `swine solve` writes it, its fractions in
    /// the file's metadata when `exact`.
    fn optimum_file(&self, opponent: &Self::Strategy, exact: bool) -> Result<Optimum, String>;
    /// The value of every state for `strategy` against `opponent`, as `swine solve --values`
    /// writes it under `stem`.
    fn values(
        &self,
        strategy: &Self::Strategy,
        opponent: &Self::Strategy,
        stem: String,
    ) -> Result<ValuesFile, String>;

    /// The optimal strategy against `opponent` with its per-state values.
    fn solve(&self, opponent: &Self::Strategy, exact: bool) -> Result<Solved, String> {
        let (file, outcome, first_player_wins) = self.optimum_file(opponent, exact)?;
        let table = self.table_strategy(&file.meta.strategy, file.table.clone());
        let values = self.values(&table, opponent, file.stem())?;
        Ok(Solved {
            file,
            outcome,
            first_player_wins,
            values,
        })
    }
}

impl Game for hog::Ruleset {
    fn fractions(
        &self,
        strategy: &hog::Strategy,
        opponent: &hog::Strategy,
    ) -> Result<ExactRates, String> {
        hog::solve_exact(self, [strategy, opponent])
            .map(|solution| solution.rates())
            .map_err(|e| message(&e))
    }

    fn optimum_file(&self, opponent: &hog::Strategy, exact: bool) -> Result<Optimum, String> {
        let limits = hog::SearchLimits::default();
        let mut solved =
            hog::solve_against(self, opponent, limits, |_| {}).map_err(|e| message(&e))?;
        if exact {
            hog::make_exact(self, opponent, &mut solved).map_err(|e| message(&e))?;
        }
        Ok((solved.file, solved.outcome, solved.first_player_wins))
    }

    fn values(
        &self,
        strategy: &hog::Strategy,
        opponent: &hog::Strategy,
        stem: String,
    ) -> Result<ValuesFile, String> {
        hog::values_file(self, strategy, opponent, stem).map_err(|e| message(&e))
    }
}

impl Game for pig::Pig {
    fn fractions(
        &self,
        strategy: &pig::Strategy,
        opponent: &pig::Strategy,
    ) -> Result<ExactRates, String> {
        pig::solve_exact(self, [strategy, opponent])
            .map(|solution| solution.rates().clone())
            .map_err(|e| message(&e))
    }

    fn optimum_file(&self, opponent: &pig::Strategy, exact: bool) -> Result<Optimum, String> {
        let mut solved = pig::solve_against(self, opponent).map_err(|e| message(&e))?;
        if exact {
            pig::make_exact(self, opponent, &mut solved).map_err(|e| message(&e))?;
        }
        Ok((solved.file, solved.outcome, solved.first_player_wins))
    }

    fn values(
        &self,
        strategy: &pig::Strategy,
        opponent: &pig::Strategy,
        stem: String,
    ) -> Result<ValuesFile, String> {
        pig::values_file(self, strategy, opponent, stem).map_err(|e| message(&e))
    }
}

/// Why Greed has no fractions (the CLI's words).
fn greed_has_no_fractions() -> String {
    catalog::Game::Greed.no_fractions().unwrap_or_default()
}

impl Game for greed::Greed {
    fn fractions(&self, _: &greed::Strategy, _: &greed::Strategy) -> Result<ExactRates, String> {
        Err(greed_has_no_fractions())
    }

    fn optimum_file(&self, opponent: &greed::Strategy, exact: bool) -> Result<Optimum, String> {
        if exact {
            return Err(greed_has_no_fractions());
        }
        let solved = greed::solve_against(self, opponent).map_err(|e| message(&e))?;
        Ok((solved.file, solved.outcome, solved.first_player_wins))
    }

    fn values(
        &self,
        strategy: &greed::Strategy,
        opponent: &greed::Strategy,
        stem: String,
    ) -> Result<ValuesFile, String> {
        greed::values_file(self, strategy, opponent, stem).map_err(|e| message(&e))
    }
}

/// The ruleset `rules` names at `goal` with Hog script parameters `set`.
pub fn open(rules: &str, goal: Option<u32>, set: Option<Vec<(String, i64)>>) -> PyResult<Rules> {
    catalog::open(rules, goal, &set.unwrap_or_default(), &Runner::default()).map_err(error)
}

/// Why Chopsticks takes no strategies (the CLI's words).
pub const NO_STRATEGIES: &str = "chopsticks is a game without chance or strategies to evaluate: \
                                 swine.solve('chopsticks') solves it";

/// A strategy given from Python: a spec (`"always_roll:4"`, a table file, `"optimal"`), a numpy
/// array of the game's course table, or a callable taking the table's indices (a flag such as
/// Greed's `last` as a bool), tabulated once, in this process.
pub fn strategy<G: Game>(
    py: Python<'_>,
    given: &Bound<'_, PyAny>,
    game: &G,
) -> PyResult<G::Strategy> {
    if let Ok(spec) = given.extract::<String>() {
        return game
            .resolve(&spec, &Runner::default())
            .map(|resolved| resolved.strategy)
            .map_err(error);
    }
    let schema = game.course_schema();
    let (name, dice) = if given.is_callable() {
        let name = given
            .getattr("__name__")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "strategy".to_string());
        let dice = tabulate(given, &name, &schema)?;
        (name, dice)
    } else {
        ("table".to_string(), from_array(py, given, &schema)?)
    };
    let table = Table::new(schema, dice).map_err(SwineError::new_err)?;
    Ok(game.table_strategy(&name, table))
}

/// `strategy` and the opponent `vs` names as they meet: a `minimax` facing a fixed strategy
/// is the equilibrium strategy (the table `solve(vs="minimax")` finds).
pub fn pair<G: Game>(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    game: &G,
) -> PyResult<[G::Strategy; 2]> {
    let first = self::strategy(py, strategy, game)?;
    let second = opponent(py, vs, game)?;
    py.detach(|| game.meet(first, second)).map_err(error)
}

/// The opponent `vs` names, or the game's yardstick.
pub fn opponent<G: Game>(
    py: Python<'_>,
    vs: Option<&Bound<'_, PyAny>>,
    game: &G,
) -> PyResult<G::Strategy> {
    match vs {
        Some(vs) => strategy(py, vs, game),
        None => strategy(py, game.yardstick().into_pyobject(py)?.as_any(), game),
    }
}

/// The table `function` fills, called once per state of `schema` (entries outside the game
/// keep the smallest legal action).
fn tabulate(function: &Bound<'_, PyAny>, name: &str, schema: &Schema) -> PyResult<ArrayD<u8>> {
    let is_flag: Vec<bool> = match &schema.python {
        Some(signature) => (signature.parameters.iter())
            .map(|p| signature.flags.contains(p))
            .collect(),
        None => vec![false; schema.axes.len()],
    };
    let mut dice = ArrayD::from_elem(IxDyn(&schema.shape()), schema.min_action);
    for (index, entry) in dice.indexed_iter_mut() {
        let index = index.slice();
        if schema
            .outside
            .is_some_and(|o| index[o.axes[0]] + index[o.axes[1]] >= o.bound)
        {
            continue;
        }
        let arguments: Vec<Py<PyAny>> = index
            .iter()
            .zip(&is_flag)
            .map(|(&i, &flag)| {
                if flag {
                    (i == 1).into_py_any(function.py())
                } else {
                    i.into_py_any(function.py())
                }
            })
            .collect::<PyResult<_>>()?;
        let shown: Vec<String> = index.iter().map(usize::to_string).collect();
        let at = format!("{name}({})", shown.join(", "));
        let answer = function
            .call1(PyTuple::new(function.py(), arguments)?)
            .map_err(|err| SwineError::new_err(format!("{at} raised {err}")))?;
        let n: i64 = answer.extract().map_err(|_| {
            SwineError::new_err(format!("{at} returned {answer}, not a {}", schema.action))
        })?;
        *entry = action(n, &at, schema)?;
    }
    Ok(dice)
}

/// The table a numpy array (or anything `numpy.asarray` takes) holds.
fn from_array(py: Python<'_>, given: &Bound<'_, PyAny>, schema: &Schema) -> PyResult<ArrayD<u8>> {
    let numpy = py.import("numpy")?;
    let array = numpy
        .call_method1("asarray", (given, "int64"))
        .map_err(|_| {
            SwineError::new_err(
                "a strategy is a spec string, a numpy array of the course table, or a callable",
            )
        })?;
    let array: PyReadonlyArrayDyn<'_, i64> = array.extract()?;
    let array = array.as_array();
    let mut dice = ArrayD::zeros(array.raw_dim());
    for (at, &n) in array.indexed_iter() {
        let place = format!("the table at {:?}", at.slice());
        dice[at] = action(n, &place, schema)?;
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
