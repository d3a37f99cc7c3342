//! What the package's functions return: plain Python objects with read-only attributes.

use std::path::PathBuf;

use numpy::{PyArrayDyn, ToPyArray};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use swine_solver::format::{Format, render_files, write_rendered};
use swine_solver::fraction::ExactRates;
use swine_solver::outcome::Outcome;

use crate::game::Solved;
use crate::{SwineError, display, error};

/// The exact rates as a dict of `fractions.Fraction` (keys `win_rate`, `as_first`,
/// `as_second`, and under minimax `first_player_wins`).
pub fn fractions(py: Python<'_>, rates: &ExactRates) -> PyResult<Py<PyDict>> {
    let fraction = py.import("fractions")?.getattr("Fraction")?;
    let dict = PyDict::new(py);
    for (label, value) in rates.rows() {
        dict.set_item(
            label.replace(' ', "_"),
            fraction.call1((value.to_string(),))?,
        )?;
    }
    Ok(dict.unbind())
}

/// The file formats `names` gives (`write(formats=[...])`), or the unknown name.
pub fn formats_named(names: &[String]) -> PyResult<Vec<Format>> {
    names
        .iter()
        .map(|name| {
            Format::from_extension(name).ok_or_else(|| {
                SwineError::new_err(format!(
                    "unknown format '{name}'; the formats are csv, json, py, npy, bin"
                ))
            })
        })
        .collect()
}

/// A solve's rates by name: the win rate, as first, as second, and under minimax P(the first
/// player wins).
pub fn rates(outcome: &Outcome, first_player_wins: Option<f64>) -> Vec<(&'static str, f64)> {
    let mut rates = vec![
        ("win_rate", outcome.win_rate()),
        ("as_first", outcome.as_first()),
        ("as_second", outcome.as_second()),
    ];
    rates.extend(first_player_wins.map(|p| ("first_player_wins", p)));
    rates
}

/// The exact result of a match-up: win rates from the full state space.
#[pyclass(frozen, get_all, module = "swine")]
pub struct Match {
    /// P(win) + ½·P(tie), averaged over the two seats (the course's win rate).
    pub win_rate: f64,
    /// P(win) + ½·P(tie) moving first.
    pub as_first: f64,
    /// P(win) + ½·P(tie) moving second.
    pub as_second: f64,
    /// P(tie) averaged over the seats: Greed's ties, or in Hog and Pig a game that never ends.
    pub tie: f64,
    /// With `exact=True`: the rates as `fractions.Fraction`, else None.
    pub exact: Option<Py<PyDict>>,
}

impl Match {
    /// The match of `outcome`, with its fractions if given.
    pub fn new(py: Python<'_>, outcome: Outcome, exact: Option<&ExactRates>) -> PyResult<Match> {
        Ok(Match {
            win_rate: outcome.win_rate(),
            as_first: outcome.as_first(),
            as_second: outcome.as_second(),
            tie: outcome.averaged().tie,
            exact: exact.map(|rates| fractions(py, rates)).transpose()?,
        })
    }
}

#[pymethods]
impl Match {
    /// The rates as an HTML table (a notebook shows it).
    fn _repr_html_(&self) -> String {
        let rows = [
            ("win rate", self.win_rate),
            ("as first", self.as_first),
            ("as second", self.as_second),
            ("tie", self.tie),
        ];
        let rows: Vec<Vec<String>> = rows
            .iter()
            .map(|(label, p)| vec![label.to_string(), display::probability(*p)])
            .collect();
        display::table("the exact match", &["", "P(win) + ½·P(tie)"], &rows)
    }

    /// The rates as a one-row pandas DataFrame (where pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let row = display::one_row(
            py,
            &[
                ("win_rate", self.win_rate),
                ("as_first", self.as_first),
                ("as_second", self.as_second),
                ("tie", self.tie),
            ],
        )?;
        display::data_frame(py, &row)
    }

    fn __repr__(&self) -> String {
        format!(
            "Match(win_rate={}, as_first={}, as_second={}, tie={})",
            self.win_rate, self.as_first, self.as_second, self.tie
        )
    }
}

/// The optimal strategy against an opponent (or minimax), with its exact win rates and the
/// value of every state.
#[pyclass(frozen, module = "swine")]
pub struct Solution {
    /// The solve.
    pub solved: Solved,
    /// The fractions, if asked for.
    pub exact: Option<Py<PyDict>>,
}

#[pymethods]
impl Solution {
    /// P(win) + ½·P(tie) averaged over the two seats.
    #[getter]
    fn win_rate(&self) -> f64 {
        self.solved.outcome.win_rate()
    }

    /// P(win) + ½·P(tie) moving first.
    #[getter]
    fn as_first(&self) -> f64 {
        self.solved.outcome.as_first()
    }

    /// P(win) + ½·P(tie) moving second.
    #[getter]
    fn as_second(&self) -> f64 {
        self.solved.outcome.as_second()
    }

    /// Under minimax, P(the first player wins) with both optimal; else None.
    #[getter]
    fn first_player_wins(&self) -> Option<f64> {
        self.solved.first_player_wins
    }

    /// With `exact=True`, the rates as `fractions.Fraction`; else None.
    #[getter]
    fn exact(&self, py: Python<'_>) -> Option<Py<PyDict>> {
        self.exact.as_ref().map(|d| d.clone_ref(py))
    }

    /// The strategy as a uint8 array, indexed by the state (see `table_axes`): Hog's dice at
    /// `[own, opponent]` (goal × goal); Greed's dice at `[own, opponent, last]` ((limit+1) ×
    /// (limit+1) × 2, 0 is a pass); the Pig family's decisions at `[own, opponent,
    /// turn_total]` (goal × goal × goal, 1 roll, 0 hold).
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<u8>> {
        self.solved.file.table.dice.to_pyarray(py)
    }

    /// The names of the table's axes, outermost first.
    #[getter]
    fn table_axes(&self) -> Vec<&'static str> {
        let axes = &self.solved.file.table.schema.axes;
        axes.iter().map(|axis| axis.column).collect()
    }

    /// The value of every state for the table against the opponent, the table's player to
    /// move: a float64 array of P(win) + ½·P(tie), indexed by `values_axes`.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f64>> {
        self.solved.values.values.to_pyarray(py)
    }

    /// The names of the values' axes, outermost first (Hog with memory adds each player's).
    #[getter]
    fn values_axes(&self) -> Vec<String> {
        self.solved.values.axes.clone()
    }

    /// Writes the files `swine solve` writes (csv, json, py, npy, bin, or those of `formats`;
    /// with `values=True` also those of `swine solve --values`) into `directory`, all or
    /// nothing; returns their paths.
    #[pyo3(signature = (directory, formats=None, values=false))]
    fn write(
        &self,
        directory: PathBuf,
        formats: Option<Vec<String>>,
        values: bool,
    ) -> PyResult<Vec<PathBuf>> {
        let file = &self.solved.file;
        let requested = formats.as_deref().map(formats_named).transpose()?;
        let tables = file.formats(requested.as_deref());
        let all = requested.unwrap_or(Format::ALL.to_vec());
        let mut rendered = render_files(&[(file, tables)]).map_err(error)?;
        if values {
            rendered.extend(self.solved.values.rendered(&all));
        }
        write_rendered(&directory, rendered).map_err(error)
    }

    /// The rates and the strategy map, as HTML (a notebook shows it; the map is drawn as
    /// `swine plot map` draws it).
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let meta = &self.solved.file.meta;
        let rows: Vec<Vec<String>> = rates(&self.solved.outcome, self.solved.first_player_wins)
            .iter()
            .map(|(label, p)| vec![label.replace('_', " "), display::probability(*p)])
            .collect();
        let caption = format!(
            "{}: {} against {}",
            self.solved.file.table.schema.rules, meta.strategy, meta.opponent
        );
        let mut html = display::table(&caption, &["", "P(win) + ½·P(tie)"], &rows);
        if let Some(map) = &self.solved.map {
            html.push_str(&display::image(py, map)?);
        }
        Ok(html)
    }

    /// The rates as a one-row pandas DataFrame (where pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let rates = rates(&self.solved.outcome, self.solved.first_player_wins);
        display::data_frame(py, &display::one_row(py, &rates)?)
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

/// Seeded games played beside the exact numbers they sample.
#[pyclass(frozen, get_all, module = "swine")]
pub struct Simulation {
    /// Games played with each seat moving first.
    pub games_per_seat: u64,
    /// The dice's seed: the same seed gives the same games.
    pub seed: u64,
    /// The observed win rate: (wins + ½·ties) / games, averaged over the seats.
    pub win_rate: f64,
    /// The exact win rate the games sample; None where it is not known (Farkle with a Python
    /// strategy too large to evaluate exactly: the games are then an estimate).
    pub exact_win_rate: Option<f64>,
    /// The standard error of the observed win rate (from the exact probabilities, else from
    /// the observed ones).
    pub standard_error: f64,
    /// How far the observed win rate is from the exact one, in standard errors (None where
    /// the exact rate is not known).
    pub z: Option<f64>,
}

impl Simulation {
    /// The numbers, by name (NaN where not known).
    fn numbers(&self) -> [(&'static str, f64); 4] {
        [
            ("win_rate", self.win_rate),
            ("exact_win_rate", self.exact_win_rate.unwrap_or(f64::NAN)),
            ("standard_error", self.standard_error),
            ("z", self.z.unwrap_or(f64::NAN)),
        ]
    }
}

#[pymethods]
impl Simulation {
    /// The games beside the exact rate, as an HTML table (a notebook shows it).
    fn _repr_html_(&self) -> String {
        let rows: Vec<Vec<String>> = self
            .numbers()
            .iter()
            .map(|(label, value)| {
                let shown = if value.is_nan() {
                    "not known (an estimate)".to_string()
                } else {
                    value.to_string()
                };
                vec![label.replace('_', " "), shown]
            })
            .collect();
        let caption = format!("{} games per seat, seed {}", self.games_per_seat, self.seed);
        display::table(&caption, &["", ""], &rows)
    }

    /// The numbers as a one-row pandas DataFrame (where pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        display::data_frame(py, &display::one_row(py, &self.numbers())?)
    }

    fn __repr__(&self) -> String {
        match (self.exact_win_rate, self.z) {
            (Some(exact), Some(z)) => format!(
                "Simulation(games_per_seat={}, win_rate={}, exact_win_rate={exact}, z={z:.2})",
                self.games_per_seat, self.win_rate
            ),
            _ => format!(
                "Simulation(games_per_seat={}, win_rate={} (an estimate), standard_error={})",
                self.games_per_seat, self.win_rate, self.standard_error
            ),
        }
    }
}

/// One position of a match-up solved exactly, for the player to move there.
#[pyclass(frozen, get_all, module = "swine")]
pub struct Position {
    /// P(the player to move wins).
    pub mover_wins: f64,
    /// P(a tie) (Greed's ties; in Hog and Pig a game that never ends).
    pub tie: f64,
    /// P(the player to move loses).
    pub mover_loses: f64,
    /// The position's value: P(win) + ½·P(tie).
    pub value: f64,
    /// What the strategy chooses there (dice; Greed 0 passes; Pig 1 rolls, 0 holds).
    pub chosen: u8,
    /// The value of each choice there, the strategy played afterwards: {choice: value}.
    pub choices: Py<PyDict>,
}

#[pymethods]
impl Position {
    fn __repr__(&self) -> String {
        format!(
            "Position(mover_wins={}, value={}, chosen={})",
            self.mover_wins, self.value, self.chosen
        )
    }
}

/// An exact round robin: every pair of entries played once, each seat first in half the games.
#[pyclass(frozen, get_all, module = "swine")]
pub struct Tournament {
    /// The standings, best first: dicts with `rank`, `strategy`, `mean_win_rate`,
    /// `matches_won` (the keys of `swine tournament --json`).
    pub rows: Py<PyAny>,
    /// The entries' names in the order given (those left out aside).
    pub names: Vec<String>,
    /// `win_rates[i][j]`: entry i's win rate against entry j (NaN on the diagonal), float64.
    pub win_rates: Py<PyAny>,
    /// The entries that could not be used, as (spec, reason).
    pub left_out: Vec<(String, String)>,
}

#[pymethods]
impl Tournament {
    /// The standings and the matrix of win rates, as HTML tables (a notebook shows them).
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let mut standings = Vec::new();
        for row in self.rows.bind(py).try_iter()? {
            let row = row?;
            let cell =
                |key: &str| -> PyResult<String> { Ok(row.get_item(key)?.str()?.to_string()) };
            standings.push(vec![
                cell("rank")?,
                cell("strategy")?,
                cell("mean_win_rate")?,
                cell("matches_won")?,
            ]);
        }
        let mut html = display::table(
            "the exact round robin",
            &["rank", "strategy", "mean win rate", "matches won"],
            &standings,
        );
        let rates: Vec<Vec<f64>> = self.win_rates.bind(py).call_method0("tolist")?.extract()?;
        let matrix: Vec<Vec<String>> = (self.names.iter().zip(&rates))
            .map(|(name, row)| {
                std::iter::once(name.clone())
                    .chain(row.iter().map(|r| {
                        if r.is_nan() {
                            "".into()
                        } else {
                            format!("{r:.6}")
                        }
                    }))
                    .collect()
            })
            .collect();
        let mut header = vec!["row against column"];
        header.extend(self.names.iter().map(String::as_str));
        html.push_str(&display::table("win rates", &header, &matrix));
        if !self.left_out.is_empty() {
            let left: Vec<Vec<String>> = (self.left_out.iter())
                .map(|(entry, why)| vec![entry.clone(), why.clone()])
                .collect();
            html.push_str(&display::table("left out", &["entry", "why"], &left));
        }
        Ok(html)
    }

    /// The standings as a pandas DataFrame (where pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        display::data_frame(py, self.rows.bind(py).cast::<PyList>()?)
    }

    fn __repr__(&self) -> String {
        format!("Tournament(names={:?})", self.names)
    }
}

/// A sweep over a rule script's parameters (`swine sweep`): one row per variant.
#[pyclass(frozen, get_all, module = "swine")]
pub struct Sweep {
    /// The rules swept.
    pub rules: String,
    /// One dict per variant: its parameters by name, then `optimal_win_rate`,
    /// `full_information`, `minimax_first_player_wins`, `best_always_roll`,
    /// `best_always_roll_win_rate`, `gap` and `residual` (the keys of `swine sweep --json`), or
    /// `error` with why it could not be solved.
    pub rows: Py<PyList>,
}

#[pymethods]
impl Sweep {
    /// The rows as an HTML table (a notebook shows it).
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let rows = self.rows.bind(py);
        let mut header: Vec<String> = Vec::new();
        for row in rows.iter() {
            for key in row.cast::<PyDict>()?.keys() {
                let key: String = key.extract()?;
                if !header.contains(&key) {
                    header.push(key);
                }
            }
        }
        let mut cells = Vec::new();
        for row in rows.iter() {
            let row = row.cast::<PyDict>()?;
            let mut line = Vec::new();
            for key in &header {
                line.push(match row.get_item(key)? {
                    Some(value) => value.str()?.to_string(),
                    None => String::new(),
                });
            }
            cells.push(line);
        }
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        Ok(display::table(
            &format!("{}, swept", self.rules),
            &header,
            &cells,
        ))
    }

    /// The rows as a pandas DataFrame (where pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        display::data_frame(py, self.rows.bind(py))
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Sweep(rules={:?}, variants={})",
            self.rules,
            self.rows.bind(py).len()
        )
    }
}
