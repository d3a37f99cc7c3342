//! `import swine`: the solver from Python, in-process, numbers and numpy arrays back.
//!
//! No game logic lives here: rulesets open through the solver's catalog, strategies through
//! each game's parser, and every number comes from the same solvers the CLI runs. Long solves
//! release the GIL; every error is a [`SwineError`] (a `ValueError`) carrying the CLI's
//! message.

mod chopsticks;
mod game;
mod results;

use numpy::ToPyArray;
use numpy::ndarray::Array2;
use pyo3::IntoPyObjectExt;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use swine_solver::catalog::Rules;
use swine_solver::contest::ContestError;
use swine_solver::tournament::round_robin;

use game::Game;
use results::{Match, Position, Simulation, Solution, Tournament};

create_exception!(
    swine,
    SwineError,
    PyValueError,
    "A swine error: bad rules, a bad strategy, or a solve that failed. The message is the CLI's."
);

/// An error's message and the reasons beneath it, as the CLI prints them.
fn message(err: &dyn std::error::Error) -> String {
    let mut message = err.to_string();
    let mut source = err.source();
    while let Some(reason) = source {
        message.push_str(&format!(": {reason}"));
        source = reason.source();
    }
    message
}

/// The error as Python sees it.
fn error(err: impl std::error::Error) -> PyErr {
    SwineError::new_err(message(&err))
}

/// Binds `$game` to the game `$rules` holds (Hog, Greed or the Pig family) and evaluates
/// `$body`; Chopsticks, which has no strategies, and Farkle (not yet here) are errors.
macro_rules! with_game {
    ($rules:expr, |$game:ident| $body:expr) => {
        match &$rules {
            Rules::Hog(rules) => {
                let $game = rules.as_ref();
                $body
            }
            Rules::Greed($game) => $body,
            Rules::Pig($game) => $body,
            Rules::Chopsticks => Err(SwineError::new_err(game::NO_STRATEGIES)),
            Rules::Farkle(_) => Err(SwineError::new_err(NO_FARKLE)),
        }
    };
}

/// Farkle is solved by the CLI (`swine solve --rules farkle`), not yet through this package.
const NO_FARKLE: &str = "farkle is not in the Python package yet: swine solve, eval, simulate \
                         and play --rules farkle solve it";

/// Refuses `exact=True` for a game without fractions, in the CLI's words.
fn refuse_exact(rules: &Rules, exact: bool) -> PyResult<()> {
    match rules.game().no_fractions() {
        Some(reason) if exact => Err(SwineError::new_err(reason)),
        _ => Ok(()),
    }
}

/// The exact win rate of `strategy` against `vs` (the ruleset's yardstick when None).
///
/// A strategy is a spec (`"always_roll:4"`, `"bacon:8,6"`, a table file, `"optimal"`), a numpy
/// array of the course table (Hog: dice at `[own, opponent]`), or a callable taking the same
/// indices (`f(score, opponent_score)`; Greed `f(myscore, theirscore, last)`; Pig
/// `f(score, opponent_score, turn_total) -> bool`). With `exact=True` the rates are also
/// given as fractions.
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
    let rules = game::open(rules, goal, set)?;
    refuse_exact(&rules, exact)?;
    with_game!(rules, |game| evaluate_in(py, game, strategy, vs, exact))
}

fn evaluate_in<G: Game>(
    py: Python<'_>,
    game: &G,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    exact: bool,
) -> PyResult<Match> {
    let first = game::strategy(py, strategy, game)?;
    let second = game::opponent(py, vs, game)?;
    let (outcome, rates) = py
        .detach(|| {
            let outcome = game.play(&first, &second).map_err(|e| message(&e))?;
            let rates = exact.then(|| game.fractions(&first, &second)).transpose()?;
            Ok::<_, String>((outcome, rates))
        })
        .map_err(SwineError::new_err)?;
    Match::new(py, outcome, rates.as_ref())
}

/// The optimal strategy against `vs` (a strategy as in `evaluate`, `"minimax"` for both
/// players optimal, or the ruleset's yardstick when None), as `swine solve` finds it.
/// Chopsticks is solved with both sides perfect, within `moves` moves per player or without a
/// limit.
#[pyfunction]
#[pyo3(signature = (rules="hog-fa20", vs=None, *, goal=None, set=None, exact=false, moves=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    rules: &str,
    vs: Option<&Bound<'_, PyAny>>,
    goal: Option<u32>,
    set: Option<Vec<(String, i64)>>,
    exact: bool,
    moves: Option<u32>,
) -> PyResult<Py<PyAny>> {
    let name = rules;
    let rules = game::open(rules, goal, set)?;
    refuse_exact(&rules, exact)?;
    if let Rules::Chopsticks = rules {
        if vs.is_some() {
            return Err(SwineError::new_err(
                "--vs: chopsticks has no strategies to solve against; both sides play perfectly",
            ));
        }
        return chopsticks::solve(py, moves)?.into_py_any(py);
    }
    if moves.is_some() {
        return Err(SwineError::new_err(format!(
            "--moves is a move limit for chopsticks; {name} has none"
        )));
    }
    with_game!(rules, |game| solve_in(py, game, vs, exact)?.into_py_any(py))
}

fn solve_in<G: Game>(
    py: Python<'_>,
    game: &G,
    vs: Option<&Bound<'_, PyAny>>,
    exact: bool,
) -> PyResult<Solution> {
    let opponent = game::opponent(py, vs, game)?;
    let solved = py
        .detach(|| game.solve(&opponent, exact))
        .map_err(SwineError::new_err)?;
    let exact = solved
        .file
        .meta
        .exact
        .as_ref()
        .map(|rates| results::fractions(py, rates))
        .transpose()?;
    Ok(Solution { solved, exact })
}

/// `games` seeded games with each seat moving first, `strategy` against `vs`, beside the
/// exact win rate they sample (as `swine simulate`).
#[pyfunction]
#[pyo3(signature = (strategy, vs=None, *, rules="hog-fa20", goal=None, set=None, games=100_000, seed=1))]
#[allow(clippy::too_many_arguments)]
fn simulate(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &str,
    goal: Option<u32>,
    set: Option<Vec<(String, i64)>>,
    games: u64,
    seed: u64,
) -> PyResult<Simulation> {
    if games == 0 {
        return Err(SwineError::new_err("games: at least 1 game per seat"));
    }
    let rules = game::open(rules, goal, set)?;
    with_game!(rules, |game| simulate_in(
        py, game, strategy, vs, games, seed
    ))
}

fn simulate_in<G: Game>(
    py: Python<'_>,
    game: &G,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
) -> PyResult<Simulation> {
    let first = game::strategy(py, strategy, game)?;
    let second = game::opponent(py, vs, game)?;
    let (simulation, exact) = py
        .detach(|| game.simulate(&first, &second, games, seed, &|_| {}))
        .map_err(error)?;
    let standard_error = exact.win_rate_error(games);
    Ok(Simulation {
        games_per_seat: games,
        seed,
        win_rate: simulation.win_rate(),
        exact_win_rate: exact.win_rate(),
        standard_error,
        z: (simulation.win_rate() - exact.win_rate()) / standard_error,
    })
}

/// One position of `strategy` against `vs`, `strategy` to move (as `swine eval --from`):
/// `at` is `(own, opponent)` in Hog (with each player's memory where the rules keep one),
/// `(own, opponent, last)` in Greed, `(own, opponent, turn_total)` in the Pig family.
#[pyfunction]
#[pyo3(signature = (strategy, at, vs=None, *, rules="hog-fa20", goal=None, set=None))]
#[allow(clippy::too_many_arguments)]
fn position(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    at: Vec<u32>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &str,
    goal: Option<u32>,
    set: Option<Vec<(String, i64)>>,
) -> PyResult<Position> {
    let rules = game::open(rules, goal, set)?;
    with_game!(rules, |game| position_in(py, game, strategy, &at, vs))
}

fn position_in<G: Game>(
    py: Python<'_>,
    game: &G,
    strategy: &Bound<'_, PyAny>,
    at: &[u32],
    vs: Option<&Bound<'_, PyAny>>,
) -> PyResult<Position> {
    let first = game::strategy(py, strategy, game)?;
    let second = game::opponent(py, vs, game)?;
    let solved = py
        .detach(|| game.position(&first, &second, at))
        .map_err(error)?;
    let choices = PyDict::new(py);
    for (choice, value) in &solved.choices {
        choices.set_item(choice, value)?;
    }
    Ok(Position {
        mover_wins: solved.outcome.win,
        tie: solved.outcome.tie,
        mover_loses: solved.outcome.loss,
        value: solved.outcome.value(),
        chosen: solved.chosen,
        choices: choices.unbind(),
    })
}

/// The exact round robin of `strategies` (each as in `evaluate`), as `swine tournament`
/// plays it; entries that cannot be used are left out with the reason.
#[pyfunction]
#[pyo3(signature = (strategies, *, rules="hog-fa20", goal=None, set=None))]
fn tournament(
    py: Python<'_>,
    strategies: &Bound<'_, PyList>,
    rules: &str,
    goal: Option<u32>,
    set: Option<Vec<(String, i64)>>,
) -> PyResult<Tournament> {
    let rules = game::open(rules, goal, set)?;
    with_game!(rules, |game| tournament_in(py, game, strategies))
}

fn tournament_in<G: Game>(
    py: Python<'_>,
    game: &G,
    given: &Bound<'_, PyList>,
) -> PyResult<Tournament> {
    let mut entries = Vec::new();
    let mut left_out = Vec::new();
    for entry in given.iter() {
        match game::strategy(py, &entry, game) {
            Ok(strategy) => entries.push(strategy),
            Err(err) => left_out.push((entry.str()?.to_string(), err.value(py).to_string())),
        }
    }
    if entries.len() < 2 {
        let left: Vec<String> = left_out.iter().map(|(s, r)| format!("{s}: {r}")).collect();
        return Err(error(ContestError::TooFew {
            usable: entries.len(),
            left_out: left.join("; "),
        }));
    }
    let n = entries.len();
    let played = py
        .detach(|| round_robin(n, |i, j| game.play(&entries[i], &entries[j]), || {}))
        .map_err(error)?;
    let names: Vec<String> = entries.iter().map(|s| game.name(s).to_string()).collect();
    let rows = PyList::empty(py);
    for (rank, standing) in played.standings().iter().enumerate() {
        let row = PyDict::new(py);
        row.set_item("rank", rank + 1)?;
        row.set_item("strategy", &names[standing.entry])?;
        row.set_item("mean_win_rate", standing.mean_win_rate)?;
        row.set_item("matches_won", standing.matches_won)?;
        rows.append(row)?;
    }
    let win_rates =
        Array2::from_shape_fn((n, n), |(i, j)| played.win_rate(i, j).unwrap_or(f64::NAN));
    Ok(Tournament {
        rows: rows.into_any().unbind(),
        names,
        win_rates: win_rates.to_pyarray(py).into_any().unbind(),
        left_out,
    })
}

/// Exact win probabilities and optimal strategies for Hog-family dice games, Greed, the Pig
/// family and Chopsticks.
#[pymodule]
fn swine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SwineError", m.py().get_type::<SwineError>())?;
    m.add_class::<Match>()?;
    m.add_class::<Solution>()?;
    m.add_class::<Simulation>()?;
    m.add_class::<Position>()?;
    m.add_class::<Tournament>()?;
    m.add_class::<chopsticks::Chopsticks>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(position, m)?)?;
    m.add_function(wrap_pyfunction!(tournament, m)?)?;
    Ok(())
}
