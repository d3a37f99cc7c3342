//! What the package's functions return: plain Python objects with read-only attributes, named
//! as the CLI's JSON names them (docs/json.md), for every game alike.

use std::path::PathBuf;

use numpy::ndarray::Array2;
use numpy::{PyArrayDyn, ToPyArray};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::Serialize;
use swine_solver::format::{Format, Probability, render_files, write_rendered};
use swine_solver::fraction::ExactRates;
use swine_solver::game::{
    ChartAsk, ChartKind, Evaluated, Opened, Reported, Run, Simulated, Solved, Strategy, meet,
};
use swine_solver::python::Runner;
use swine_solver::report::ranking::TournamentReport;
use swine_solver::report::{
    MatchReport, PointsGradeReport, PositionReport, ScoreReport, ScoreSimulationReport, SeatsReport,
};

use crate::{SwineError, display, error};

/// `value` as Python sees its JSON: dicts, lists, numbers and strings, by the CLI's names.
pub fn to_python<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| SwineError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// `value` as a Python dict, through its JSON.
fn dict(py: Python<'_>, value: &impl Serialize) -> PyResult<Py<PyDict>> {
    Ok(to_python(py, value)?.cast_into::<PyDict>()?.unbind())
}

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
fn formats_named(names: &[String]) -> PyResult<Vec<Format>> {
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

/// A report's rates by name: the win rate, as first, as second, and under minimax the first
/// player's value.
fn rates(report: &MatchReport) -> Vec<(&'static str, f64)> {
    let mut rates = vec![
        ("win_rate", report.rates.win_rate.0),
        ("as_first", report.rates.as_first.0),
        ("as_second", report.rates.as_second.0),
    ];
    rates.extend(report.first_player_wins.map(|p| ("first_player_wins", p.0)));
    rates
}

/// The rates as an HTML table under `caption`.
fn rates_table(caption: &str, report: &MatchReport) -> String {
    let rows: Vec<Vec<String>> = rates(report)
        .iter()
        .map(|(label, p)| vec![label.replace('_', " "), display::probability(*p)])
        .collect();
    display::table(caption, &["", "P(win) + ½·P(tie)"], &rows)
}

/// A final score's numbers by name (the expected score, its sd, its median), as a notebook's
/// table and DataFrame show them.
fn score_numbers(expected_score: f64, sd: f64, median: u32) -> [(&'static str, f64); 3] {
    [
        ("expected_score", expected_score),
        ("sd", sd),
        ("median", f64::from(median)),
    ]
}

/// A final score's `numbers` as an HTML table under `caption`.
/// A game of more than two players' numbers: the strategy's chance in each seat, by name
/// (`seat_1` moves first), and their mean.
fn seat_numbers(report: &SeatsReport) -> Vec<(&'static str, f64)> {
    const SEATS: [&str; 6] = ["seat_1", "seat_2", "seat_3", "seat_4", "seat_5", "seat_6"];
    let mut numbers: Vec<(&'static str, f64)> = SEATS
        .iter()
        .zip(&report.strategy_wins)
        .map(|(name, p)| (*name, p.0))
        .collect();
    numbers.push(("mean", report.mean.0));
    numbers
}

/// A game of more than two players' numbers as an HTML table.
fn seats_table(caption: &str, report: &SeatsReport) -> String {
    let rows: Vec<Vec<String>> = seat_numbers(report)
        .iter()
        .map(|(label, v)| vec![label.replace('_', " "), format!("{v:.6}")])
        .collect();
    display::table(caption, &["", "P(win)"], &rows)
}

fn score_table(caption: &str, numbers: &[(&'static str, f64)]) -> String {
    let rows: Vec<Vec<String>> = numbers
        .iter()
        .map(|(label, v)| vec![label.replace('_', " "), format!("{v:.6}")])
        .collect();
    display::table(caption, &["", "points"], &rows)
}

/// One strategy's exact final score, playing alone (a game of one player's score; the keys of
/// `swine eval --json` without `--vs`).
#[pyclass(frozen, get_all, module = "swine")]
pub struct Score {
    /// The ruleset with its parameters (`yahtzee`, `yahtzee[joker=none]`).
    pub rules: String,
    /// The strategy, by name.
    pub strategy: String,
    /// The expected final score, points.
    pub expected_score: f64,
    /// Its standard deviation, points.
    pub sd: f64,
    /// Its median, points.
    pub median: u32,
    /// The final scores with 5%, 25%, 50%, 75% and 95% of games at or below them.
    pub quantiles: Vec<u32>,
    /// Sentences about the numbers.
    pub notes: Vec<String>,
}

impl Score {
    /// The score `report` gives.
    pub fn new(report: &ScoreReport) -> Score {
        Score {
            rules: report.heading.batch.rules.clone(),
            strategy: report.heading.strategy.clone(),
            expected_score: report.expected_score,
            sd: report.sd,
            median: report.median,
            quantiles: report.quantiles.clone(),
            notes: report.notes.clone(),
        }
    }
}

#[pymethods]
impl Score {
    /// The numbers as an HTML table (a notebook shows it).
    fn _repr_html_(&self) -> String {
        let numbers = score_numbers(self.expected_score, self.sd, self.median);
        score_table(&format!("{}: {}", self.rules, self.strategy), &numbers)
    }

    fn __repr__(&self) -> String {
        format!(
            "Score(expected_score={}, sd={}, median={})",
            self.expected_score, self.sd, self.median
        )
    }
}

/// Seeded games of one strategy alone beside its exact expected score (the keys of `swine
/// simulate --json` without `--vs`, `simulated` flattened).
#[pyclass(frozen, get_all, module = "swine")]
pub struct ScoreSimulation {
    /// The ruleset with its parameters.
    pub rules: String,
    /// The strategy, by name.
    pub strategy: String,
    /// The dice's seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Their mean final score, points.
    pub mean_score: f64,
    /// Their final scores' standard deviation, points.
    pub sd: f64,
    /// The mean's standard error, points.
    pub standard_error: f64,
    /// The exact expected score they sample; None where it is not known (a Python player).
    pub expected_score: Option<f64>,
    /// (mean − exact) / standard error; None where the exact score is not known.
    pub z: Option<f64>,
}

impl ScoreSimulation {
    /// The games `report` tells of.
    pub fn new(report: &ScoreSimulationReport) -> ScoreSimulation {
        let s = &report.simulated;
        ScoreSimulation {
            rules: report.heading.batch.rules.clone(),
            strategy: report.heading.strategy.clone(),
            seed: report.seed,
            games: s.games,
            mean_score: s.mean_score,
            sd: s.sd,
            standard_error: s.standard_error,
            expected_score: report.exact.as_ref().map(|e| e.expected_score),
            z: report.z,
        }
    }
}

#[pymethods]
impl ScoreSimulation {
    fn __repr__(&self) -> String {
        format!(
            "ScoreSimulation(mean_score={}, standard_error={}, expected_score={:?})",
            self.mean_score, self.standard_error, self.expected_score
        )
    }
}

/// The exact result of a match-up: win rates from the full state space.
#[pyclass(frozen, get_all, module = "swine")]
pub struct Match {
    /// The ruleset with its parameters, as reports head it (`hog-fa20`, `farkle[floor=-250]`).
    pub rules: String,
    /// The strategy the numbers are about, by name (a callable by its function's name).
    pub strategy: String,
    /// Its opponent, by name.
    pub opponent: String,
    /// P(win) + ½·P(tie), averaged over the two seats (the course's win rate).
    pub win_rate: f64,
    /// P(win) + ½·P(tie) moving first.
    pub as_first: f64,
    /// P(win) + ½·P(tie) moving second.
    pub as_second: f64,
    /// P(tie) averaged over the seats: Greed's ties, or in Hog and Pig a game that never ends.
    pub tie: f64,
    /// Under minimax, the first player's value; else None.
    pub first_player_wins: Option<f64>,
    /// Where the values come from a fixpoint: the largest |V − TV| left; else None.
    pub residual: Option<f64>,
    /// Sentences about the numbers, as the CLI prints them.
    pub notes: Vec<String>,
    /// With `exact=True`: the rates as `fractions.Fraction`, else None.
    pub exact: Option<Py<PyDict>>,
}

impl Match {
    /// The match `evaluated`, with its fractions if given.
    pub fn new(
        py: Python<'_>,
        evaluated: &Evaluated,
        exact: Option<&ExactRates>,
    ) -> PyResult<Match> {
        let report = &evaluated.report;
        Ok(Match {
            rules: report.heading.batch.rules.clone(),
            strategy: report.heading.strategy.clone(),
            opponent: report.heading.opponent().to_string(),
            win_rate: report.rates.win_rate.0,
            as_first: report.rates.as_first.0,
            as_second: report.rates.as_second.0,
            tie: evaluated.outcome.averaged().tie,
            first_player_wins: report.first_player_wins.map(|p| p.0),
            residual: report.residual,
            notes: report.notes.clone(),
            exact: exact.map(|rates| fractions(py, rates)).transpose()?,
        })
    }

    /// The rates by name.
    fn numbers(&self) -> [(&'static str, f64); 4] {
        [
            ("win_rate", self.win_rate),
            ("as_first", self.as_first),
            ("as_second", self.as_second),
            ("tie", self.tie),
        ]
    }
}

#[pymethods]
impl Match {
    /// The rates as an HTML table (a notebook shows it).
    fn _repr_html_(&self) -> String {
        let rows: Vec<Vec<String>> = self
            .numbers()
            .iter()
            .map(|(label, p)| vec![label.replace('_', " "), display::probability(*p)])
            .collect();
        display::table("the exact match", &["", "P(win) + ½·P(tie)"], &rows)
    }

    /// The rates as a one-row pandas DataFrame (where pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        display::data_frame(py, &display::one_row(py, &self.numbers())?)
    }

    fn __repr__(&self) -> String {
        format!(
            "Match(win_rate={}, as_first={}, as_second={}, tie={})",
            self.win_rate, self.as_first, self.as_second, self.tie
        )
    }
}

/// The optimal strategy against an opponent (or both players optimal), as `swine solve` finds
/// it: its exact rates, its table (and every state's value) where the game has them, and the
/// files the CLI writes.
#[pyclass(frozen, module = "swine")]
pub struct Solution {
    /// The solve.
    pub solved: Solved,
    /// The game, to draw the strategy map.
    pub game: Opened,
    /// The opponent solved against, to draw the strategy map (none without strategies).
    pub opponent: Option<Strategy>,
}

#[pymethods]
impl Solution {
    /// P(win) + ½·P(tie) averaged over the two seats (None where solved alone).
    #[getter]
    fn win_rate(&self) -> Option<f64> {
        self.matchup().map(|r| r.rates.win_rate.0)
    }

    /// P(win) + ½·P(tie) moving first (None where solved alone).
    #[getter]
    fn as_first(&self) -> Option<f64> {
        self.matchup().map(|r| r.rates.as_first.0)
    }

    /// P(win) + ½·P(tie) moving second (None where solved alone).
    #[getter]
    fn as_second(&self) -> Option<f64> {
        self.matchup().map(|r| r.rates.as_second.0)
    }

    /// Under minimax, the first player's value with both optimal; else None.
    #[getter]
    fn first_player_wins(&self) -> Option<f64> {
        self.matchup()?.first_player_wins.map(|p| p.0)
    }

    /// Where the values come from a fixpoint: the largest |V − TV| left; else None.
    #[getter]
    fn residual(&self) -> Option<f64> {
        self.matchup()?.residual
    }

    /// Solved for more than two players (`players=N`): every seat's chance, as `evaluate`
    /// gives it (`Seats`); else None.
    #[getter]
    fn seats(&self) -> Option<Seats> {
        match &self.solved.report {
            Reported::Seats(report) => Some(Seats::new(report)),
            Reported::Match(_) | Reported::Score(_) => None,
        }
    }

    /// Sentences about the numbers, as the CLI prints them.
    #[getter]
    fn notes(&self) -> Vec<String> {
        match &self.solved.report {
            Reported::Match(report) => report.notes.clone(),
            Reported::Score(report) => report.notes.clone(),
            Reported::Seats(report) => report.notes.clone(),
        }
    }

    /// Solved alone (a game of one player's score, without `vs`): the optimum's expected final
    /// score; else None.
    #[getter]
    fn expected_score(&self) -> Option<f64> {
        self.alone().map(|s| s.expected_score)
    }

    /// Solved alone: its standard deviation; else None.
    #[getter]
    fn sd(&self) -> Option<f64> {
        self.alone().map(|s| s.sd)
    }

    /// Solved alone: its median final score; else None.
    #[getter]
    fn median(&self) -> Option<u32> {
        self.alone().map(|s| s.median)
    }

    /// Solved alone: the final scores with 5%, 25%, 50%, 75% and 95% of games at or below
    /// them; else None.
    #[getter]
    fn quantiles(&self) -> Option<Vec<u32>> {
        self.alone().map(|s| s.quantiles.clone())
    }

    /// With `exact=True`, the rates as `fractions.Fraction`; else None.
    #[getter]
    fn exact(&self, py: Python<'_>) -> PyResult<Option<Py<PyDict>>> {
        self.matchup()
            .and_then(|r| r.exact.as_ref())
            .map(|rates| fractions(py, rates))
            .transpose()
    }

    /// The game's own account of the solve (Chopsticks: the start's result, the counts of
    /// positions by result), as the CLI's JSON gives it under `details`; else None.
    #[getter]
    fn details<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.matchup()
            .and_then(|r| r.details.as_ref())
            .map(|details| to_python(py, &details.json))
            .transpose()
    }

    /// The strategy as a uint8 array, indexed by the state (see `table_axes`): Hog's dice at
    /// `[own, opponent]`; Greed's dice at `[own, opponent, last]` (0 is a pass); the Pig
    /// family's decisions at `[own, opponent, turn_total]` (1 roll, 0 hold); None where the
    /// solution is its values (Farkle) or its positions (Chopsticks).
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArrayDyn<u8>>> {
        self.solved
            .tables
            .first()
            .map(|(file, _)| file.table.dice.to_pyarray(py))
    }

    /// The names of the table's axes, outermost first (empty without a table).
    #[getter]
    fn table_axes(&self) -> Vec<&'static str> {
        self.solved.tables.first().map_or(Vec::new(), |(file, _)| {
            file.table
                .schema
                .axes
                .iter()
                .map(|axis| axis.column)
                .collect()
        })
    }

    /// The value of every state for the table against the opponent, the table's player to
    /// move (Farkle: P(win) at every turn's start): a float64 array indexed by `values_axes`;
    /// None where the game has none.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArrayDyn<f64>>> {
        self.solved
            .values
            .as_ref()
            .map(|(values, _)| values.values.to_pyarray(py))
    }

    /// The names of the values' axes, outermost first.
    #[getter]
    fn values_axes(&self) -> Vec<String> {
        self.solved
            .values
            .as_ref()
            .map_or(Vec::new(), |(values, _)| values.axes.clone())
    }

    /// Writes the files `swine solve` writes (each table in its formats, or those of
    /// `formats`; with `values=True` also those of `swine solve --values`; a game whose
    /// solution is its values or its positions writes those) into `directory`, all or nothing;
    /// returns their paths.
    #[pyo3(signature = (directory, formats=None, values=false))]
    fn write(
        &self,
        directory: PathBuf,
        formats: Option<Vec<String>>,
        values: bool,
    ) -> PyResult<Vec<PathBuf>> {
        let requested = formats.as_deref().map(formats_named).transpose()?;
        let tables: Vec<_> = self
            .solved
            .tables
            .iter()
            .map(|(file, _)| (file, file.formats(requested.as_deref())))
            .collect();
        let mut rendered = render_files(&tables).map_err(error)?;
        if let Some((file, own)) = &self.solved.values
            && (values || self.solved.tables.is_empty())
        {
            let formats = match &requested {
                Some(formats) => formats.clone(),
                None if self.solved.tables.is_empty() => own.clone(),
                None => Format::ALL.to_vec(),
            };
            rendered.extend(file.rendered(&formats));
        }
        rendered.extend(self.solved.files.iter().cloned());
        write_rendered(&directory, rendered).map_err(error)
    }

    /// The rates and the strategy map, as HTML (a notebook shows it; the map is drawn as
    /// `swine plot map` draws it, where the game has one).
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let caption = self.solved.report.heading().text();
        let mut html = match &self.solved.report {
            Reported::Match(report) => rates_table(&caption, report),
            Reported::Score(r) => {
                score_table(&caption, &score_numbers(r.expected_score, r.sd, r.median))
            }
            Reported::Seats(r) => seats_table(&caption, r),
        };
        if let Some(map) = self.map() {
            html.push_str(&display::image(py, &map)?);
        }
        Ok(html)
    }

    /// The rates as a one-row pandas DataFrame (where pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let numbers = match &self.solved.report {
            Reported::Match(report) => rates(report),
            Reported::Score(r) => score_numbers(r.expected_score, r.sd, r.median).to_vec(),
            Reported::Seats(r) => seat_numbers(r),
        };
        display::data_frame(py, &display::one_row(py, &numbers)?)
    }

    fn __repr__(&self) -> String {
        match &self.solved.report {
            Reported::Match(r) => format!(
                "Solution(win_rate={}, as_first={}, as_second={})",
                r.rates.win_rate.0, r.rates.as_first.0, r.rates.as_second.0
            ),
            Reported::Score(r) => {
                format!("Solution(expected_score={}, sd={})", r.expected_score, r.sd)
            }
            Reported::Seats(r) => {
                let wins: Vec<String> = r.strategy_wins.iter().map(|p| p.0.to_string()).collect();
                format!(
                    "Solution(players={}, strategy_wins=[{}])",
                    r.players,
                    wins.join(", ")
                )
            }
        }
    }
}

impl Solution {
    /// The match-up solved, where there is one.
    fn matchup(&self) -> Option<&MatchReport> {
        self.solved.report.as_match()
    }

    /// The optimum's final score, where solved alone.
    fn alone(&self) -> Option<&ScoreReport> {
        match &self.solved.report {
            Reported::Score(report) => Some(report),
            Reported::Match(_) | Reported::Seats(_) => None,
        }
    }
    /// The strategy map `swine plot map` draws of this solve, where the game draws one.
    fn map(&self) -> Option<swine_plot::Chart> {
        let opponent = self.opponent.clone()?;
        let run = Run::default();
        let name = if opponent.is_fixed() {
            "optimal"
        } else {
            "minimax"
        };
        let strategy = self.game.resolve(name, &Runner::default()).ok()?;
        let seats = meet(self.game.as_ref(), strategy, opponent, &run).ok()?;
        let ask = ChartAsk {
            kind: ChartKind::Map,
            layer: None,
        };
        self.game.chart(ask, [&seats[0], &seats[1]], &run).ok()
    }
}

/// A game of more than two players rated exactly (`evaluate(..., players=N)`; the keys of `swine
/// eval --players N --json`): the strategy in each seat in turn, the opponent in the others.
#[pyclass(frozen, module = "swine")]
pub struct Seats {
    /// The ruleset with its parameters.
    #[pyo3(get)]
    pub rules: String,
    /// The strategy, by name.
    #[pyo3(get)]
    pub strategy: String,
    /// The opponent in every other seat, by name.
    #[pyo3(get)]
    pub opponent: String,
    /// How many seats play.
    #[pyo3(get)]
    pub players: usize,
    /// Where every seat plays alike: each seat's chance of winning, the first mover first
    /// (summing to 1); else None.
    #[pyo3(get)]
    pub seat_wins: Option<Vec<f64>>,
    /// The strategy's chance of winning in each seat (moving first, second, ...).
    #[pyo3(get)]
    pub strategy_wins: Vec<f64>,
    /// Its mean over the seats.
    #[pyo3(get)]
    pub mean: f64,
    /// 1/N: what a seat wins where every seat is alike and the order does not matter.
    #[pyo3(get)]
    pub fair_share: f64,
    /// With the strategy in each seat (one list per seat it takes), every seat's chance.
    #[pyo3(get)]
    pub seatings: Vec<Vec<f64>>,
    /// Sentences about the numbers, as the CLI prints them.
    #[pyo3(get)]
    pub notes: Vec<String>,
    /// The report, for the notebook's table and DataFrame.
    report: SeatsReport,
}

impl Seats {
    /// The Python object of `report`.
    pub fn new(report: &SeatsReport) -> Seats {
        let numbers = |list: &[Probability]| list.iter().map(|p| p.0).collect();
        Seats {
            rules: report.heading.batch.rules.clone(),
            strategy: report.heading.strategy.clone(),
            opponent: report.heading.opponent().to_string(),
            players: report.players,
            seat_wins: report.seat_wins.as_deref().map(numbers),
            strategy_wins: numbers(&report.strategy_wins),
            mean: report.mean.0,
            fair_share: report.fair_share.0,
            seatings: report.seatings.iter().map(|w| numbers(w)).collect(),
            notes: report.notes.clone(),
            report: report.clone(),
        }
    }
}

#[pymethods]
impl Seats {
    /// The strategy's chance in each seat, as an HTML table (a notebook shows it).
    fn _repr_html_(&self) -> String {
        seats_table(&self.report.heading.text(), &self.report)
    }

    /// The strategy's chance in each seat (`seat_1` moves first) and their mean, as a one-row
    /// pandas DataFrame (where pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        display::data_frame(py, &display::one_row(py, &seat_numbers(&self.report))?)
    }

    fn __repr__(&self) -> String {
        let wins: Vec<String> = self.strategy_wins.iter().map(f64::to_string).collect();
        format!(
            "Seats(players={}, strategy_wins=[{}], mean={})",
            self.players,
            wins.join(", "),
            self.mean
        )
    }
}

/// Seeded games played beside the exact numbers they sample (the keys of `swine simulate
/// --json`).
#[pyclass(frozen, get_all, module = "swine")]
pub struct Simulation {
    /// The ruleset with its parameters.
    pub rules: String,
    /// The strategy simulated, by name.
    pub strategy: String,
    /// Its opponent, by name.
    pub opponent: String,
    /// Games played with each seat moving first.
    pub games_per_seat: u64,
    /// The dice's seed: the same seed gives the same games.
    pub seed: u64,
    /// The observed `{win_rate, as_first, as_second}` (with `win`, `tie`, `loss` where a game
    /// can tie).
    pub simulated: Py<PyDict>,
    /// Their standard errors, the same keys (from the exact probabilities, else from the
    /// observed ones).
    pub standard_error: Py<PyDict>,
    /// The exact values the games sample, the same keys; None where they are not known (Farkle
    /// with a Python strategy too large to evaluate exactly: the games are then an estimate).
    pub exact: Option<Py<PyDict>>,
    /// (simulated − exact) / standard error, the same keys; None where `exact` is.
    pub z: Option<Py<PyDict>>,
    /// Where there is no exact value: why.
    pub notes: Vec<String>,
}

impl Simulation {
    /// The simulation `simulated` reports.
    pub fn new(py: Python<'_>, simulated: &Simulated) -> PyResult<Simulation> {
        if let Simulated::Seats(r) = simulated {
            return Simulation::of_seats(py, r);
        }
        let (heading, games_per_seat, seed) = match simulated {
            Simulated::Exact(r) => (&r.heading, r.games_per_seat, r.seed),
            Simulated::Estimate(r) => (&r.heading, r.games_per_seat, r.seed),
            Simulated::Seats(_) => unreachable!("answered above"),
        };
        let (observed, errors, exact, z, notes) = match simulated {
            Simulated::Exact(r) => (
                dict(py, &r.simulated)?,
                dict(py, &r.standard_error)?,
                Some(dict(py, &r.exact)?),
                Some(dict(py, &r.z)?),
                Vec::new(),
            ),
            Simulated::Estimate(r) => (
                dict(py, &r.simulated)?,
                dict(py, &r.standard_error)?,
                None,
                None,
                r.notes.clone(),
            ),
            Simulated::Seats(_) => unreachable!("answered above"),
        };
        Ok(Simulation {
            rules: heading.batch.rules.clone(),
            strategy: heading.strategy.clone(),
            opponent: heading.opponent().to_string(),
            games_per_seat,
            seed,
            simulated: observed,
            standard_error: errors,
            exact,
            z,
            notes,
        })
    }

    /// The games of a game of more than two players: per seat (`seat_1` moves first) the share
    /// the strategy won, its standard error, the exact chance and z.
    fn of_seats(py: Python<'_>, report: &SeatsReport) -> PyResult<Simulation> {
        const SEATS: [&str; 6] = ["seat_1", "seat_2", "seat_3", "seat_4", "seat_5", "seat_6"];
        let simulated = report
            .simulated
            .as_ref()
            .ok_or_else(|| pyo3::exceptions::PyValueError::new_err("no games were played"))?;
        let by_seat = |numbers: &[f64]| -> PyResult<Py<PyDict>> {
            let dict = PyDict::new(py);
            for (name, value) in SEATS.iter().zip(numbers) {
                dict.set_item(*name, *value)?;
            }
            Ok(dict.unbind())
        };
        let exact: Vec<f64> = report.strategy_wins.iter().map(|p| p.0).collect();
        Ok(Simulation {
            rules: report.heading.batch.rules.clone(),
            strategy: report.heading.strategy.clone(),
            opponent: report.heading.opponent().to_string(),
            games_per_seat: simulated.games,
            seed: simulated.seed,
            simulated: by_seat(&simulated.strategy_wins)?,
            standard_error: by_seat(&simulated.standard_error)?,
            exact: Some(by_seat(&exact)?),
            z: Some(by_seat(&simulated.z)?),
            notes: report.notes.clone(),
        })
    }

    /// The win rate's numbers, by name (NaN where not known).
    fn numbers(&self, py: Python<'_>) -> PyResult<[(&'static str, f64); 4]> {
        let win_rate = |dict: Option<&Py<PyDict>>| -> PyResult<f64> {
            match dict {
                Some(dict) => dict.bind(py).as_any().get_item("win_rate")?.extract(),
                None => Ok(f64::NAN),
            }
        };
        Ok([
            ("win_rate", win_rate(Some(&self.simulated))?),
            ("exact_win_rate", win_rate(self.exact.as_ref())?),
            ("standard_error", win_rate(Some(&self.standard_error))?),
            ("z", win_rate(self.z.as_ref())?),
        ])
    }
}

#[pymethods]
impl Simulation {
    /// The games beside the exact rate, as an HTML table (a notebook shows it).
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let rows: Vec<Vec<String>> = self
            .numbers(py)?
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
        Ok(display::table(&caption, &["", ""], &rows))
    }

    /// The win rate's numbers (`win_rate`, `exact_win_rate`, `standard_error`, `z`) as a
    /// one-row pandas DataFrame (where pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        display::data_frame(py, &display::one_row(py, &self.numbers(py)?)?)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let [(_, win_rate), (_, exact), (_, error), (_, z)] = self.numbers(py)?;
        Ok(if exact.is_nan() {
            format!(
                "Simulation(games_per_seat={}, win_rate={win_rate} (an estimate), \
                 standard_error={error})",
                self.games_per_seat
            )
        } else {
            format!(
                "Simulation(games_per_seat={}, win_rate={win_rate}, exact win_rate={exact}, \
                 z={z:.2})",
                self.games_per_seat
            )
        })
    }
}

/// One position of a match-up solved exactly, for the player to move there (as
/// `swine eval --from` gives it).
#[pyclass(frozen, get_all, module = "swine")]
pub struct Position {
    /// The position, by its parts' names (`from` in JSON; `from_` here, `from` being
    /// Python's keyword).
    pub from_: Py<PyDict>,
    /// The dice shown there (Farkle after a roll) as a list of faces, else None.
    pub dice: Option<Py<PyList>>,
    /// P(the player to move wins); None in a game of one player's score (Yahtzee).
    pub mover_wins: Option<f64>,
    /// P(a tie) (Greed's ties; in Hog and Pig a game that never ends).
    pub tie: f64,
    /// P(the player to move loses); None in a game of one player's score.
    pub mover_loses: Option<f64>,
    /// The position's value: P(win) + ½·P(tie); in a game of one player's score, the
    /// expected final score (points).
    pub value: f64,
    /// What the strategy chooses there, as the game names it (`3 dice`, `pass`, `roll`,
    /// `bank`, `keep 100 points, 5 dice left`).
    pub chosen: String,
    /// The value of each choice there, `afterwards` playing on: {choice: value}, in the
    /// game's order.
    pub choices: Py<PyDict>,
    /// Who plays the mover's decisions after each choice: its strategy, or `perfect play`.
    pub afterwards: String,
    /// The game's own values of the position beside the mover's, by name ({} where it has
    /// none; Farkle's `turn_start`: P(the mover wins) at the turn's start, its strategy
    /// played); JSON shows each as a key of the position.
    pub values: Py<PyDict>,
    /// Sentences about the values, as the CLI prints them.
    pub notes: Vec<String>,
}

impl Position {
    /// The position `report` describes.
    pub fn new(py: Python<'_>, report: &PositionReport) -> PyResult<Position> {
        let from = PyDict::new(py);
        for (name, value) in &report.from {
            from.set_item(name, value)?;
        }
        let values = PyDict::new(py);
        for (name, value) in &report.values {
            values.set_item(name, value.0)?;
        }
        let choices = PyDict::new(py);
        for choice in &report.choices {
            choices.set_item(&choice.choice, choice.value)?;
        }
        Ok(Position {
            from_: from.unbind(),
            dice: match &report.dice {
                Some(faces) => Some(PyList::new(py, faces)?.unbind()),
                None => None,
            },
            mover_wins: report.mover_wins.map(|p| p.0),
            tie: report.tie.map_or(0.0, |t| t.0),
            mover_loses: report.mover_loses.map(|p| p.0),
            value: report.value.0,
            chosen: report.chosen.clone(),
            choices: choices.unbind(),
            afterwards: report.afterwards.clone(),
            values: values.unbind(),
            notes: report.notes.clone(),
        })
    }
}

#[pymethods]
impl Position {
    /// The choices and their values as an HTML table (a notebook shows it).
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let mut rows = Vec::new();
        for (choice, value) in self.choices.bind(py).iter() {
            let value: f64 = value.extract()?;
            rows.push(vec![choice.str()?.to_string(), display::probability(value)]);
        }
        let caption = match self.mover_wins {
            Some(wins) => format!(
                "P(mover wins) {wins:.12}; each choice, {} afterwards",
                self.afterwards
            ),
            None => format!(
                "expected final score {:.12}; each choice, {} afterwards",
                self.value, self.afterwards
            ),
        };
        Ok(display::table(&caption, &["choice", "value"], &rows))
    }

    /// The choices as a pandas DataFrame, one row each: `choice`, `value` (where pandas is
    /// installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let rows = PyList::empty(py);
        for (choice, value) in self.choices.bind(py).iter() {
            let row = PyDict::new(py);
            row.set_item("choice", choice)?;
            row.set_item("value", value)?;
            rows.append(row)?;
        }
        display::data_frame(py, &rows)
    }

    fn __repr__(&self) -> String {
        format!(
            "Position(mover_wins={:?}, value={}, chosen={:?})",
            self.mover_wins, self.value, self.chosen
        )
    }
}

/// The entries of a tournament in a game of one player's score, ranked by expected final
/// score (the keys of `swine tournament --json` there).
#[pyclass(frozen, get_all, module = "swine")]
pub struct Standings {
    /// The ruleset with its parameters.
    pub rules: String,
    /// The optimum's expected final score, points.
    pub optimal_expected_score: f64,
    /// Best first: dicts with `file` (the entry's name), `status`, `error`, `expected_score`
    /// and `shortfall` (points), and `estimate` where the score is a simulation's mean.
    pub submissions: Py<PyAny>,
}

impl Standings {
    /// The standings `report` gives.
    pub fn new(py: Python<'_>, report: &PointsGradeReport) -> PyResult<Standings> {
        Ok(Standings {
            rules: report.batch.rules.clone(),
            optimal_expected_score: report.optimal_expected_score,
            submissions: to_python(py, &report.submissions)?.unbind(),
        })
    }
}

/// An exact round robin: every pair of entries played once, each seat first in half the games
/// (the keys of `swine tournament --json`).
#[pyclass(frozen, get_all, module = "swine")]
pub struct Tournament {
    /// The ruleset with its parameters.
    pub rules: String,
    /// The entries' names in the order given (those left out aside).
    pub strategies: Vec<String>,
    /// The standings, best first: dicts with `rank`, `strategy`, `mean_win_rate`,
    /// `matches_won`.
    pub standings: Py<PyAny>,
    /// `matrix[i][j]`: entry i's win rate against entry j (NaN on the diagonal), float64.
    pub matrix: Py<PyAny>,
    /// The entries that could not be used, each with why (`SPEC: REASON`).
    pub errors: Vec<String>,
}

impl Tournament {
    /// The round robin `report` gives.
    pub fn new(py: Python<'_>, report: &TournamentReport) -> PyResult<Tournament> {
        let n = report.strategies.len();
        let matrix = Array2::from_shape_fn((n, n), |(i, j)| {
            report.matrix[i][j].map_or(f64::NAN, |p| p.0)
        });
        Ok(Tournament {
            rules: report.batch.rules.clone(),
            strategies: report.strategies.clone(),
            standings: to_python(py, &report.standings)?.unbind(),
            matrix: matrix.to_pyarray(py).into_any().unbind(),
            errors: report.errors.clone(),
        })
    }
}

#[pymethods]
impl Tournament {
    /// The standings and the matrix of win rates, as HTML tables (a notebook shows them).
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let mut standings = Vec::new();
        for row in self.standings.bind(py).try_iter()? {
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
        let rates: Vec<Vec<f64>> = self.matrix.bind(py).call_method0("tolist")?.extract()?;
        let matrix: Vec<Vec<String>> = (self.strategies.iter().zip(&rates))
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
        header.extend(self.strategies.iter().map(String::as_str));
        html.push_str(&display::table("win rates", &header, &matrix));
        if !self.errors.is_empty() {
            let left: Vec<Vec<String>> = self.errors.iter().map(|why| vec![why.clone()]).collect();
            html.push_str(&display::table("left out", &["entry: why"], &left));
        }
        Ok(html)
    }

    /// The standings as a pandas DataFrame (where pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        display::data_frame(py, self.standings.bind(py).cast::<PyList>()?)
    }

    fn __repr__(&self) -> String {
        format!("Tournament(strategies={:?})", self.strategies)
    }
}

/// A sweep over a ruleset's parameters (`swine sweep`): one row per variant.
#[pyclass(frozen, get_all, module = "swine")]
pub struct Sweep {
    /// The rules swept.
    pub rules: String,
    /// One dict per variant: its parameters by name, then `optimal_win_rate`,
    /// `full_information`, `minimax_first_player_wins`, the best of the game's simple
    /// strategies (`best_always_roll`, `best_always_roll_win_rate` and `gap` in Hog,
    /// `best_hold_at`... in the Pig family) and `residual` (the keys of `swine sweep --json`),
    /// or `error` with why it could not be solved.
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
