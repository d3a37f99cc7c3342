//! The games with strategies, as the package asks them: grading's questions ([`Contest`]),
//! plus exact fractions and a solve with its per-state values; and strategies made from what
//! Python gives (a spec, a numpy array, a callable).

use std::ops::RangeInclusive;
use std::sync::Arc;

use ndarray::{ArrayD, Dimension, IxDyn};
use numpy::PyReadonlyArrayDyn;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use swine_plot::{Chart, greed_map, hog_map, pig_map};
use swine_solver::catalog::{self, Rules};
use swine_solver::contest::Contest;
use swine_solver::format::{TableFile, ValuesFile};
use swine_solver::fraction::ExactRates;
use swine_solver::outcome::Outcome;
use swine_solver::python::Runner;
use swine_solver::table::{Schema, Table};
use swine_solver::{greed, hog, pig};

use crate::interrupt::on_game;
use crate::opened;
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
    /// Its strategy map, where it has one.
    pub map: Option<Chart>,
}

/// A solve's table file, its outcome, and under minimax P(the first player wins).
type Optimum = (TableFile, Outcome, Option<f64>);

/// What the package asks of a game beyond grading's questions.
pub trait Game: Contest + 'static
where
    Self::Strategy: 'static,
{
    /// The game `rules` holds: the rules this game was taken from (see `with_game!`).
    fn of(rules: &Rules) -> &Self;
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

    /// The strategy map of a solved table, as `swine plot map` draws it (None for a table that
    /// reads hidden memories, which no map of scores shows).
    fn map(&self, file: &TableFile, rate: f64) -> Option<Chart>;

    /// The optimal strategy against `opponent` with its per-state values.
    fn solve(&self, opponent: &Self::Strategy, exact: bool) -> Result<Solved, String> {
        let (file, outcome, first_player_wins) = self.optimum_file(opponent, exact)?;
        let table = self.table_strategy(&file.meta.strategy, file.table.clone());
        let values = self.values(&table, opponent, file.stem())?;
        let map = self.map(&file, outcome.win_rate());
        Ok(Solved {
            file,
            outcome,
            first_player_wins,
            values,
            map,
        })
    }
}

impl Game for hog::Ruleset {
    fn of(rules: &Rules) -> &Self {
        match rules {
            Rules::Hog(rules) => rules.as_ref(),
            _ => unreachable!("with_game! hands each game its own rules"),
        }
    }

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

    fn map(&self, file: &TableFile, rate: f64) -> Option<Chart> {
        let table = file.table.dice.clone().into_dimensionality().ok()?;
        let meta = &file.meta;
        Some(hog_map(
            self.name(),
            &meta.strategy,
            &meta.opponent,
            rate,
            table,
        ))
    }
}

impl Game for pig::Pig {
    fn of(rules: &Rules) -> &Self {
        match rules {
            Rules::Pig(game) => game,
            _ => unreachable!("with_game! hands each game its own rules"),
        }
    }

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

    fn map(&self, file: &TableFile, rate: f64) -> Option<Chart> {
        let meta = &file.meta;
        let strategy = pig::Strategy::from_table(&meta.strategy, &file.table, self);
        let pig::Player::Fixed(policy) = strategy.player() else {
            return None;
        };
        let not_thresholds = policy
            .thresholds(self)
            .iter()
            .filter(|t| t.is_none())
            .count();
        Some(pig_map(
            (self.name(), self.goal()),
            (&meta.strategy, &meta.opponent),
            rate,
            &policy.first_holds(self),
            not_thresholds,
        ))
    }
}

/// Why Greed has no fractions (the CLI's words).
fn greed_has_no_fractions() -> String {
    catalog::Game::Greed.no_fractions().unwrap_or_default()
}

impl Game for greed::Greed {
    fn of(rules: &Rules) -> &Self {
        match rules {
            Rules::Greed(game) => game,
            _ => unreachable!("with_game! hands each game its own rules"),
        }
    }

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

    fn map(&self, file: &TableFile, rate: f64) -> Option<Chart> {
        let dice = file.table.dice.clone().into_dimensionality().ok()?;
        Some(greed_map(
            &file.meta.strategy,
            &file.meta.opponent,
            rate,
            &dice,
        ))
    }
}

/// The ruleset `rules=` names at `goal=` with Hog script parameters `set=` (kept from an earlier
/// call where it may be, see [`opened`]), errors in the words of the CLI (a goal out of range
/// is the goal's own message, whatever its size).
pub fn open(
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
) -> PyResult<Arc<Rules>> {
    let settings = settings(set)?;
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
    let opened = opened::kept_or(rules, stand_in, &settings, || {
        catalog::open(rules, stand_in, &settings, &Runner::default())
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

/// `value` given to the parameter `name` as a whole number (a Python int), or an error naming
/// the parameter.
pub fn whole(name: &str, value: &Bound<'_, PyAny>) -> PyResult<i128> {
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
fn settings(set: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, i64)>> {
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
            let value = value
                .extract::<i64>()
                .map_err(|_| bad(format!("{name}'s value {value} is not a whole number")))?;
            Ok((name, value))
        })
        .collect()
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
    rules: &Arc<Rules>,
) -> PyResult<[G::Strategy; 2]> {
    let first = self::strategy(py, strategy, game)?;
    let second = opponent(py, vs, game)?;
    on_game(py, rules, move |game: &G| game.meet(first, second))?.map_err(error)
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
