//! Farkle for Python: solve, evaluate, simulate and a position's values, each by the solver's
//! own functions (`swine solve`, `eval`, `simulate` and `eval --from --dice --rules farkle`
//! call the same), converted to Python's numbers, dicts and numpy arrays.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use numpy::{PyArray1, PyArrayDyn, ToPyArray};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use swine_solver::farkle::{
    AT_NAMES, At, DEFAULT_GAMES, Farkle, Player, PositionError, STRATEGY_FORMS, Seated, Solution,
    Strategy, VALUES_FORMATS, YARDSTICK, evaluate, play_games, python_names, value_position,
};
use swine_solver::format::{ValuesFile, write_rendered};
use swine_solver::outcome::Outcome;
use swine_solver::python::Runner;

use crate::interrupt::{Progress, interruptible, waiting};
use crate::results::{Match, Simulation, formats_named, rates};
use crate::{SwineError, display, error, game, message};

/// The Farkle strategy `given` names: a spec string (a built-in or a Python file), as the CLI
/// takes it.
fn strategy(given: &Bound<'_, PyAny>, game: &Farkle) -> PyResult<Strategy> {
    let spec: String = given.extract().map_err(|_| {
        SwineError::new_err(format!(
            "a farkle strategy is a spec string: {}, or FILE.py[:FUNCTION]",
            STRATEGY_FORMS.join(", ")
        ))
    })?;
    Strategy::resolve(&spec, game, &Runner::default()).map_err(error)
}

/// `strategy` and the opponent `vs` names (the yardstick `bank_at:300` when None).
fn pair(
    given: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    game: &Farkle,
) -> PyResult<[Strategy; 2]> {
    let opponent = match vs {
        Some(vs) => strategy(vs, game)?,
        None => Strategy::resolve(YARDSTICK, game, &Runner::default()).map_err(error)?,
    };
    Ok([strategy(given, game)?, opponent])
}

/// The exact values of `strategies[0]` (seat 0) against `strategies[1]`, solved on a thread
/// that Ctrl-C leaves behind.
fn solved(py: Python<'_>, game: &Farkle, strategies: [Strategy; 2]) -> PyResult<Solution> {
    let game = game.clone();
    interruptible(py, move || {
        evaluate(&game, [&strategies[0], &strategies[1]], &|_| {}, &|_| {}).map_err(|e| message(&e))
    })?
    .map_err(SwineError::new_err)
}

/// `swine.evaluate(..., rules="farkle")`: the exact match of `strategy` against `vs`.
pub fn evaluate_match(
    py: Python<'_>,
    game: &Farkle,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
) -> PyResult<Match> {
    let solution = solved(py, game, pair(strategy, vs, game)?)?;
    Match::new(py, solution.matchup(), None)
}

/// `swine.solve(rules="farkle", vs=...)`: the optimal strategy against `vs` (both optimal
/// under `"minimax"`), as `swine solve --rules farkle` finds it.
pub fn solve(
    py: Python<'_>,
    game: &Farkle,
    vs: Option<&Bound<'_, PyAny>>,
) -> PyResult<FarkleSolution> {
    let optimal = "optimal".into_pyobject(py)?;
    let [optimal, opponent] = pair(optimal.as_any(), vs, game)?;
    let name = opponent.name().to_string();
    let optimiser = opponent.optimiser_name().to_string();
    let solution = solved(py, game, [optimal, opponent])?;
    let outcome = solution.matchup();
    Ok(FarkleSolution {
        outcome,
        first_player_wins: (solution.players() == [Player::Optimising; 2])
            .then(|| outcome.as_first()),
        residual: solution.residual(),
        states: game.states(),
        scores: (0..game.scores()).map(|i| game.points(i)).collect(),
        values: solution.values_file(&optimiser, &name),
    })
}

/// `swine.simulate(..., rules="farkle")`: seeded games of `strategy` against `vs` beside the
/// exact win rate, or, where a Python strategy is too large to evaluate exactly, the games
/// alone (then `exact_win_rate` and `z` are None).
pub fn simulate(
    py: Python<'_>,
    game: &Farkle,
    (strategy, vs): (&Bound<'_, PyAny>, Option<&Bound<'_, PyAny>>),
    (games, seed): (Option<u64>, u64),
    progress: bool,
) -> PyResult<Simulation> {
    let games = games.unwrap_or(DEFAULT_GAMES);
    let strategies = pair(strategy, vs, game)?;
    let progress = progress.then(|| Progress::new(2 * games, "games"));
    let done = progress.as_ref().map(|p| Arc::clone(&p.done));
    let game = game.clone();
    let work = move || {
        let strategies = [&strategies[0], &strategies[1]];
        let seated = Seated::new(&game, strategies, &|_| {}, &|_| {}).map_err(|e| message(&e))?;
        let played = |n: u64| {
            if let Some(done) = &done {
                done.fetch_add(n, Ordering::Relaxed);
            }
        };
        let simulation = play_games(seated.solution(), strategies, games, seed, &played)
            .map_err(|e| format!("{}: {}", python_names(strategies), message(&e)))?;
        let exact = match seated {
            Seated::Exact(solution) => Some(solution.matchup()),
            Seated::Played(_) => None,
        };
        Ok::<_, String>((simulation, exact))
    };
    let (simulation, exact) = waiting(py, work, progress.as_ref())?.map_err(SwineError::new_err)?;
    let observed = simulation.win_rate();
    let standard_error = exact
        .unwrap_or_else(|| simulation.observed())
        .win_rate_error(games);
    let exact_win_rate = exact.map(|e| e.win_rate());
    Ok(Simulation {
        games_per_seat: games,
        seed,
        win_rate: observed,
        exact_win_rate,
        standard_error,
        z: exact_win_rate.map(|rate| (observed - rate) / standard_error),
    })
}

/// `swine.position(..., rules="farkle")`: the position `at` (own, opponent, own_farkles,
/// opponent_farkles, turn_total, dice_left) of `strategy` against `vs`, and after a roll
/// showing `dice` each keep, as `swine eval --from ... --dice ...` values them.
pub fn position(
    py: Python<'_>,
    game: &Farkle,
    (strategy, vs): (&Bound<'_, PyAny>, Option<&Bound<'_, PyAny>>),
    at: &[Bound<'_, PyAny>],
    dice: Option<Vec<Bound<'_, PyAny>>>,
) -> PyResult<FarklePosition> {
    let at = numbers("at", at)?;
    let six: [i64; 6] = at.as_slice().try_into().map_err(|_| {
        SwineError::new_err(format!(
            "at={at:?}: {} number(s), expected 6 ({})",
            at.len(),
            AT_NAMES.join(", ")
        ))
    })?;
    let faces = dice.map(|dice| numbers("dice", &dice)).transpose()?;
    let solution = solved(py, game, pair(strategy, vs, game)?)?;
    let valued = value_position(&solution, At::of(six), faces.as_deref()).map_err(|err| {
        SwineError::new_err(match err {
            PositionError::At(_) => format!("at={at:?}: {err}"),
            PositionError::Dice(_) => format!("dice={:?}: {err}", faces.unwrap_or_default()),
        })
    })?;
    let most = (valued.choices.iter()).fold(f64::NEG_INFINITY, |most, c| most.max(c.value));
    let best = (valued.choices.iter())
        .find(|c| c.value == most)
        .map(|c| c.label.clone())
        .unwrap_or_default();
    Ok(FarklePosition {
        turn_start: valued.turn_start,
        choices: valued
            .choices
            .iter()
            .map(|c| (c.label.clone(), c.value))
            .collect(),
        keeps: valued
            .choices
            .iter()
            .filter_map(|c| c.keep.map(|(points, left)| (points, left, c.value)))
            .collect(),
        best,
    })
}

/// The whole numbers given to `name`, each within i64.
fn numbers(name: &str, given: &[Bound<'_, PyAny>]) -> PyResult<Vec<i64>> {
    given
        .iter()
        .map(|n| {
            let n = game::whole(name, n)?;
            i64::try_from(n)
                .map_err(|_| SwineError::new_err(format!("{name}: {n} is not in i64's range")))
        })
        .collect()
}

/// Farkle solved: the optimal strategy's exact rates against the opponent and its turn-start
/// values W, from which every decision inside a turn follows (see `swine.position`).
#[pyclass(frozen, module = "swine")]
pub struct FarkleSolution {
    outcome: Outcome,
    first_player_wins: Option<f64>,
    residual: f64,
    states: usize,
    scores: Vec<i64>,
    values: ValuesFile,
}

#[pymethods]
impl FarkleSolution {
    /// P(win) averaged over the two seats.
    #[getter]
    fn win_rate(&self) -> f64 {
        self.outcome.win_rate()
    }

    /// P(win) moving first.
    #[getter]
    fn as_first(&self) -> f64 {
        self.outcome.as_first()
    }

    /// P(win) moving second.
    #[getter]
    fn as_second(&self) -> f64 {
        self.outcome.as_second()
    }

    /// Under minimax, P(the first player wins) with both optimal; else None.
    #[getter]
    fn first_player_wins(&self) -> Option<f64> {
        self.first_player_wins
    }

    /// The largest |TW − W| the solve ended with (a fixed opponent's last evaluation pass
    /// included).
    #[getter]
    fn residual(&self) -> f64 {
        self.residual
    }

    /// The turn-start states: scores² · farkle counts².
    #[getter]
    fn states(&self) -> usize {
        self.states
    }

    /// The banked score of each index of the values' score axes, in points (int64, from the
    /// floor in steps of 50).
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.scores.to_pyarray(py)
    }

    /// The turn-start values W: float64 P(the optimal player wins) with it to move at its
    /// turn's start, indexed `[own, opponent, own_farkles, opponent_farkles]` (scores by index,
    /// see `scores`; farkles in a row 0..farkles).
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f64>> {
        self.values.values.to_pyarray(py)
    }

    /// The names of the values' axes, outermost first.
    #[getter]
    fn values_axes(&self) -> Vec<String> {
        self.values.axes.clone()
    }

    /// Writes the values files `swine solve --rules farkle` writes (npy and bin, or those of
    /// `formats`) into `directory`, all or nothing; returns their paths.
    #[pyo3(signature = (directory, formats=None))]
    fn write(&self, directory: PathBuf, formats: Option<Vec<String>>) -> PyResult<Vec<PathBuf>> {
        let formats = match formats {
            Some(names) => formats_named(&names)?,
            None => VALUES_FORMATS.to_vec(),
        };
        write_rendered(&directory, self.values.rendered(&formats)).map_err(error)
    }

    /// The rates, the residual and the state count, as an HTML table (a notebook shows it).
    fn _repr_html_(&self) -> String {
        let mut rows: Vec<Vec<String>> = rates(&self.outcome, self.first_player_wins)
            .iter()
            .map(|(label, p)| vec![label.replace('_', " "), display::probability(*p)])
            .collect();
        rows.push(vec!["residual".into(), format!("{:e}", self.residual)]);
        rows.push(vec!["turn-start states".into(), self.states.to_string()]);
        let caption = format!(
            "farkle, goal {}: optimal against {}",
            self.values.goal, self.values.opponent
        );
        display::table(&caption, &["", "P(win)"], &rows)
    }

    /// The rates, the residual and the state count as a one-row pandas DataFrame (where
    /// pandas is installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut numbers = rates(&self.outcome, self.first_player_wins);
        numbers.push(("residual", self.residual));
        numbers.push(("states", self.states as f64));
        display::data_frame(py, &display::one_row(py, &numbers)?)
    }

    fn __repr__(&self) -> String {
        format!(
            "FarkleSolution(win_rate={}, as_first={}, as_second={}, residual={:e}, states={})",
            self.win_rate(),
            self.as_first(),
            self.as_second(),
            self.residual,
            self.states
        )
    }
}

/// A Farkle position inside a turn valued for the player to move, as `swine eval --from`
/// (and `--dice`) values it: each choice, then playing perfectly.
#[pyclass(frozen, get_all, module = "swine")]
pub struct FarklePosition {
    /// P(the mover wins) at its turn's start (the position's banked scores and farkle
    /// counts), its strategy played.
    pub turn_start: f64,
    /// P(the mover wins) by choice, in the CLI's order and words: `bank` (where the turn
    /// total may be banked) and `roll`; after a roll, `keep P points, N dice left` for each keep.
    pub choices: Vec<(String, f64)>,
    /// After a roll: `(points, dice_left, value)` for each keep (six dice left after hot dice);
    /// else empty.
    pub keeps: Vec<(u32, u8, f64)>,
    /// The first of the choices worth the most.
    pub best: String,
}

#[pymethods]
impl FarklePosition {
    /// The choices and their values as an HTML table (a notebook shows it).
    fn _repr_html_(&self) -> String {
        let rows: Vec<Vec<String>> = self
            .choices
            .iter()
            .map(|(choice, p)| vec![choice.clone(), display::probability(*p)])
            .collect();
        let caption = format!("P(mover wins) at the turn's start {:.12}", self.turn_start);
        display::table(&caption, &["choice", "P(mover wins)"], &rows)
    }

    /// The choices as a pandas DataFrame, one row each: `choice`, `value` (where pandas is
    /// installed).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let rows = PyList::empty(py);
        for (choice, value) in &self.choices {
            let row = PyDict::new(py);
            row.set_item("choice", choice)?;
            row.set_item("value", value)?;
            rows.append(row)?;
        }
        display::data_frame(py, &rows)
    }

    fn __repr__(&self) -> String {
        format!(
            "FarklePosition(turn_start={}, best={:?})",
            self.turn_start, self.best
        )
    }
}
