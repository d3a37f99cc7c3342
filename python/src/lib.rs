//! `import swine`: the solver from Python, in-process, numbers and numpy arrays back.
//!
//! No game logic lives here: rulesets open through the solver's catalog, strategies through
//! each game's parser, and every number comes from the same solvers the CLI runs. Long calls
//! release the GIL and stop at Ctrl-C (see [`interrupt`]); every error is a [`SwineError`] (a
//! `ValueError`) carrying the CLI's message with the package's parameters for its flags.

mod chopsticks;
mod display;
mod farkle;
mod game;
mod interrupt;
mod opened;
mod results;

use std::sync::Arc;
use std::sync::atomic::Ordering;

use numpy::ToPyArray;
use numpy::ndarray::Array2;
use pyo3::IntoPyObjectExt;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use swine_solver::catalog::{self, Rules};
use swine_solver::chopsticks::MOST_MOVES;
use swine_solver::contest::{ContestError, check_position, entrants};
use swine_solver::python::Runner;
use swine_solver::tournament::round_robin;

use game::Game;
use interrupt::{Progress, on_game, waiting};
use results::{Match, Position, Simulation, Solution, Sweep, Tournament};

create_exception!(
    swine,
    SwineError,
    PyValueError,
    "A swine error: bad rules, a bad strategy, or a solve that failed. The message is the CLI's."
);

/// An error's message and the reasons beneath it, as the CLI prints them, in Python's words.
fn message(err: &dyn std::error::Error) -> String {
    python_words(&catalog::full_message(err))
}

/// The CLI's flags in a message as the package's parameters: `--rules FILE` is `rules=FILE`,
/// `--exact` is `exact=True`.
fn python_words(message: &str) -> String {
    const WORDS: [(&str, &str); 7] = [
        ("--goal and --set goal=...", "goal= and set={'goal': ...}"),
        ("--rules ", "rules="),
        ("--set", "set="),
        ("--goal", "goal="),
        ("--exact", "exact=True"),
        ("--bounds", "the CLI's --bounds"),
        ("--vs", "vs="),
    ];
    WORDS
        .iter()
        .fold(message.to_string(), |text, (flag, parameter)| {
            text.replace(flag, parameter)
        })
}

/// The error as Python sees it.
fn error(err: impl std::error::Error) -> PyErr {
    SwineError::new_err(message(&err))
}

/// Binds `$game` to the game the `Arc<Rules>` `$rules` holds (Hog, Greed or the Pig family)
/// and evaluates `$body`; Chopsticks, which has no strategies, is an error, and so is Farkle,
/// whose calls go to [`farkle`] before this, in a call Farkle does not have (the tournament).
macro_rules! with_game {
    ($rules:expr, |$game:ident| $body:expr) => {
        match $rules.as_ref() {
            Rules::Hog(rules) => {
                let $game = rules.as_ref();
                $body
            }
            Rules::Greed($game) => $body,
            Rules::Pig($game) => $body,
            Rules::Chopsticks => Err(SwineError::new_err(game::NO_STRATEGIES)),
            Rules::Farkle(_) => Err(SwineError::new_err(NO_FARKLE_TOURNAMENT)),
        }
    };
}

/// Farkle's tournament is the CLI's, not yet the package's.
const NO_FARKLE_TOURNAMENT: &str = "farkle: swine.tournament does not play farkle yet; swine \
                                    tournament --rules farkle does, and swine.evaluate plays one \
                                    match exactly";

/// Refuses `exact=True` for a game without fractions, in the CLI's words.
fn refuse_exact(rules: &Rules, exact: bool) -> PyResult<()> {
    match rules.game().no_fractions() {
        Some(reason) if exact => Err(SwineError::new_err(python_words(&reason))),
        _ => Ok(()),
    }
}

/// The exact win rate of `strategy` against `vs` (the ruleset's yardstick when None).
///
/// A strategy is a spec (`"always_roll:4"`, `"bacon:8,6"`, a table file, `"optimal"` the best
/// response to `vs`, `"minimax"` the equilibrium strategy whatever `vs` is), a numpy
/// array of the course table (Hog: dice at `[own, opponent]`), or a callable taking the same
/// indices (`f(score, opponent_score)`; Greed `f(myscore, theirscore, last)`; Pig
/// `f(score, opponent_score, turn_total) -> bool`). Farkle takes specs only (`"bank_at:300"`,
/// `"max_points"`, `"optimal"`, a Python file `FILE.py[:FUNCTION]` where the CLI evaluates it
/// exactly). With `exact=True` the rates are also given as fractions.
#[pyfunction]
#[pyo3(signature = (strategy, vs=None, *, rules="hog-fa20", goal=None, set=None, exact=false))]
fn evaluate(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    exact: bool,
) -> PyResult<Match> {
    let rules = game::open(rules, goal, set)?;
    refuse_exact(&rules, exact)?;
    if let Rules::Farkle(game) = rules.as_ref() {
        return farkle::evaluate_match(py, game, strategy, vs);
    }
    with_game!(rules, |game| evaluate_in(
        py, game, &rules, strategy, vs, exact
    ))
}

fn evaluate_in<G: Game>(
    py: Python<'_>,
    game: &G,
    rules: &Arc<Rules>,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    exact: bool,
) -> PyResult<Match> {
    let [first, second] = game::pair(py, strategy, vs, game, rules)?;
    let (outcome, rates) = on_game(py, rules, move |game: &G| {
        let outcome = game.play(&first, &second).map_err(|e| message(&e))?;
        let rates = exact.then(|| game.fractions(&first, &second)).transpose()?;
        Ok::<_, String>((outcome, rates))
    })?
    .map_err(SwineError::new_err)?;
    Match::new(py, outcome, rates.as_ref())
}

/// The optimal strategy against `vs` (a strategy as in `evaluate`, `"minimax"` for both
/// players optimal, or the ruleset's yardstick when None), as `swine solve` finds it.
/// Chopsticks is solved with both sides perfect, within `moves` moves per player or without a
/// limit; Farkle gives a `FarkleSolution` (its turn-start values W).
#[pyfunction]
#[pyo3(signature = (rules="hog-fa20", vs=None, *, goal=None, set=None, exact=false, moves=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    rules: &str,
    vs: Option<&Bound<'_, PyAny>>,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    exact: bool,
    moves: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let moves = moves
        .map(|m| game::count("moves", m, 1..=u64::from(MOST_MOVES)))
        .transpose()?
        .map(|m| m as u32);
    let name = rules;
    let rules = game::open(rules, goal, set)?;
    refuse_exact(&rules, exact)?;
    if let Rules::Chopsticks = *rules {
        if vs.is_some() {
            return Err(SwineError::new_err(
                "vs=: chopsticks has no strategies to solve against; both sides play perfectly",
            ));
        }
        return chopsticks::solve(py, moves)?.into_py_any(py);
    }
    if moves.is_some() {
        return Err(SwineError::new_err(format!(
            "moves= is a move limit for chopsticks; {name} has none"
        )));
    }
    if let Rules::Farkle(game) = rules.as_ref() {
        return farkle::solve(py, game, vs)?.into_py_any(py);
    }
    with_game!(rules, |game| solve_in(py, game, &rules, vs, exact)?
        .into_py_any(py))
}

fn solve_in<G: Game>(
    py: Python<'_>,
    game: &G,
    rules: &Arc<Rules>,
    vs: Option<&Bound<'_, PyAny>>,
    exact: bool,
) -> PyResult<Solution> {
    let opponent = game::opponent(py, vs, game)?;
    let solved = on_game(py, rules, move |game: &G| game.solve(&opponent, exact))?
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

/// `games` seeded games (100,000 unless given; Farkle 2,000) with each seat moving first,
/// `strategy` against `vs`, beside the exact win rate they sample (as `swine simulate`; `seed`
/// 1 unless given). A Farkle Python strategy too large to evaluate exactly is simulated alone:
/// an estimate, without the exact rate.
#[pyfunction]
#[pyo3(signature = (strategy, vs=None, *, rules="hog-fa20", goal=None, set=None, games=None, seed=None, progress=true))]
#[allow(clippy::too_many_arguments)]
fn simulate(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    games: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    progress: bool,
) -> PyResult<Simulation> {
    let games = games
        .map(|n| game::count("games", n, 1..=u64::MAX))
        .transpose()?;
    let seed = seed.map_or(Ok(1), |n| game::count("seed", n, 0..=u64::MAX))?;
    let rules = game::open(rules, goal, set)?;
    if let Rules::Farkle(game) = rules.as_ref() {
        return farkle::simulate(py, game, (strategy, vs), (games, seed), progress);
    }
    let games = games.unwrap_or(100_000);
    let progress = progress.then(|| Progress::new(2 * games, "games"));
    with_game!(rules, |game| simulate_in(
        py,
        game,
        &rules,
        (strategy, vs),
        (games, seed),
        progress.as_ref()
    ))
}

fn simulate_in<G: Game>(
    py: Python<'_>,
    game: &G,
    rules: &Arc<Rules>,
    (strategy, vs): (&Bound<'_, PyAny>, Option<&Bound<'_, PyAny>>),
    (games, seed): (u64, u64),
    progress: Option<&Progress>,
) -> PyResult<Simulation> {
    let [first, second] = game::pair(py, strategy, vs, game, rules)?;
    let done = progress.map(|p| Arc::clone(&p.done));
    let played = move |n: u64| {
        if let Some(done) = &done {
            done.fetch_add(n, Ordering::Relaxed);
        }
    };
    let rules = Arc::clone(rules);
    let (simulation, exact) = waiting(
        py,
        move || G::of(&rules).simulate(&first, &second, games, seed, &played),
        progress,
    )?
    .map_err(error)?;
    let standard_error = exact.win_rate_error(games);
    Ok(Simulation {
        games_per_seat: games,
        seed,
        win_rate: simulation.win_rate(),
        exact_win_rate: Some(exact.win_rate()),
        standard_error,
        z: Some((simulation.win_rate() - exact.win_rate()) / standard_error),
    })
}

/// One position of `strategy` against `vs`, `strategy` to move (as `swine eval --from`):
/// `at` is `(own, opponent)` in Hog (with each player's memory where the rules keep one),
/// `(own, opponent, last)` in Greed, `(own, opponent, turn_total)` in the Pig family; in Farkle
/// `(own, opponent, own_farkles, opponent_farkles, turn_total, dice_left)` in points and
/// counts, and `dice` the faces a roll there showed (as `--dice`), giving a `FarklePosition`.
#[pyfunction]
#[pyo3(signature = (strategy, at, vs=None, *, rules="hog-fa20", goal=None, set=None, dice=None))]
#[allow(clippy::too_many_arguments)]
fn position(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    at: Vec<Bound<'_, PyAny>>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    dice: Option<Vec<Bound<'_, PyAny>>>,
) -> PyResult<Py<PyAny>> {
    let name = rules;
    let rules = game::open(rules, goal, set)?;
    if let Rules::Farkle(game) = rules.as_ref() {
        return farkle::position(py, game, (strategy, vs), &at, dice)?.into_py_any(py);
    }
    if dice.is_some() {
        return Err(SwineError::new_err(format!(
            "dice= is the roll of a farkle position; {name} has none"
        )));
    }
    with_game!(rules, |game| position_in(
        py, game, &rules, strategy, at, vs
    )?
    .into_py_any(py))
}

fn position_in<G: Game>(
    py: Python<'_>,
    game: &G,
    rules: &Arc<Rules>,
    strategy: &Bound<'_, PyAny>,
    at: Vec<Bound<'_, PyAny>>,
    vs: Option<&Bound<'_, PyAny>>,
) -> PyResult<Position> {
    let given = (at.iter())
        .map(|n| game::whole("at", n))
        .collect::<PyResult<Vec<i128>>>()?;
    // A number no u32 holds is out of every bound: checked with a stand-in of u32::MAX, the
    // message then shows the number given.
    let at: Vec<u32> = given
        .iter()
        .map(|&n| u32::try_from(n).unwrap_or(u32::MAX))
        .collect();
    check_position(&game.position_parts(), &at).map_err(|err| {
        let mut text = err.to_string();
        if let Some(n) = given.iter().find(|&&n| u32::try_from(n).is_err()) {
            text = text.replacen(&format!(" {} ", u32::MAX), &format!(" {n} "), 1);
        }
        SwineError::new_err(format!("at={given:?}: {text}"))
    })?;
    let [first, second] = game::pair(py, strategy, vs, game, rules)?;
    let solved = on_game(py, rules, move |game: &G| {
        game.position(&first, &second, &at)
    })?
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
#[pyo3(signature = (strategies, *, rules="hog-fa20", goal=None, set=None, progress=true))]
fn tournament(
    py: Python<'_>,
    strategies: &Bound<'_, PyList>,
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    progress: bool,
) -> PyResult<Tournament> {
    let rules = game::open(rules, goal, set)?;
    with_game!(rules, |game| tournament_in(
        py, game, &rules, strategies, progress
    ))
}

fn tournament_in<G: Game>(
    py: Python<'_>,
    game: &G,
    rules: &Arc<Rules>,
    given: &Bound<'_, PyList>,
    progress: bool,
) -> PyResult<Tournament> {
    let mut entries = Vec::new();
    let mut left_out = Vec::new();
    for entry in given.iter() {
        match game::strategy(py, &entry, game) {
            Ok(strategy) => entries.push(strategy),
            Err(err) => left_out.push((entry.str()?.to_string(), err.value(py).to_string())),
        }
    }
    let n = entries.len() as u64;
    let progress = progress.then(|| Progress::new(n * n.saturating_sub(1) / 2, "matches"));
    let done = progress.as_ref().map(|p| Arc::clone(&p.done));
    let rules = Arc::clone(rules);
    let work = move || {
        let game = G::of(&rules);
        let entries = entrants(game, entries, &left_out)?;
        let played = round_robin(
            entries.len(),
            |i, j| game.play(&entries[i], &entries[j]),
            || {
                if let Some(done) = &done {
                    done.fetch_add(1, Ordering::Relaxed);
                }
            },
        )?;
        Ok::<_, ContestError>((entries, played, left_out))
    };
    let (entries, played, left_out) = waiting(py, work, progress.as_ref())?.map_err(error)?;
    let n = entries.len();
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

/// Every variant of the Hog rules `rules` (a rule script or a preset with parameters) over a
/// grid of its parameters, each surveyed as `swine sweep` does: `set` maps each parameter to
/// its values (`{"lucky": range(3, 16), "goal": [50, 100]}`), every combination is a variant,
/// solved in parallel. A variant that cannot be solved gets its row with the reason.
#[pyfunction]
#[pyo3(signature = (rules, set, *, progress=true))]
fn sweep(py: Python<'_>, rules: &str, set: &Bound<'_, PyDict>, progress: bool) -> PyResult<Sweep> {
    let mut parameters = Vec::new();
    for (name, values) in set.iter() {
        let name: String = name.extract()?;
        let values: Vec<Bound<'_, PyAny>> = match values.try_iter() {
            Ok(values) => values.collect::<PyResult<_>>()?,
            Err(_) => vec![values],
        };
        let values = values
            .iter()
            .map(|v| {
                let n = game::whole(&format!("set: {name}"), v)?;
                i64::try_from(n).map_err(|_| {
                    SwineError::new_err(format!("set: {name}: {n} is not in i64's range"))
                })
            })
            .collect::<PyResult<Vec<i64>>>()?;
        parameters.push((name, values));
    }
    let grid = catalog::grid(&parameters).map_err(|e| SwineError::new_err(format!("set: {e}")))?;
    let progress = progress.then(|| Progress::new(grid.len() as u64, "variants"));
    let done = progress.as_ref().map(|p| Arc::clone(&p.done));
    let (script, variants) = (rules.to_string(), grid.clone());
    let work = move || {
        catalog::sweep(&script, &variants, &Runner::default(), || {
            if let Some(done) = &done {
                done.fetch_add(1, Ordering::Relaxed);
            }
        })
    };
    let surveys = waiting(py, work, progress.as_ref())?.map_err(error)?;
    let rows = PyList::empty(py);
    for (settings, surveyed) in grid.iter().zip(surveys) {
        let row = PyDict::new(py);
        for (name, value) in settings {
            row.set_item(name, value)?;
        }
        match surveyed {
            Ok(survey) => {
                row.set_item("optimal_win_rate", survey.optimal_win_rate)?;
                row.set_item("full_information", survey.full_information)?;
                row.set_item(
                    "minimax_first_player_wins",
                    survey.minimax_first_player_wins,
                )?;
                row.set_item("best_always_roll", survey.best_always_roll)?;
                row.set_item(
                    "best_always_roll_win_rate",
                    survey.best_always_roll_win_rate,
                )?;
                row.set_item("gap", survey.gap())?;
                row.set_item("residual", survey.residual)?;
            }
            Err(reason) => row.set_item("error", python_words(&reason))?,
        }
        rows.append(row)?;
    }
    Ok(Sweep {
        rules: rules.to_string(),
        rows: rows.unbind(),
    })
}

/// Exact win probabilities and optimal strategies for Hog-family dice games, Greed, the Pig
/// family, Chopsticks and Farkle.
#[pymodule]
fn swine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SwineError", m.py().get_type::<SwineError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Match>()?;
    m.add_class::<Solution>()?;
    m.add_class::<Simulation>()?;
    m.add_class::<Position>()?;
    m.add_class::<Tournament>()?;
    m.add_class::<chopsticks::Chopsticks>()?;
    m.add_class::<farkle::FarkleSolution>()?;
    m.add_class::<farkle::FarklePosition>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(position, m)?)?;
    m.add_function(wrap_pyfunction!(tournament, m)?)?;
    m.add_function(wrap_pyfunction!(sweep, m)?)?;
    m.add_class::<Sweep>()?;
    Ok(())
}
