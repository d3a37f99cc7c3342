//! `import swine`: the solver from Python, in-process, numbers and numpy arrays back.
//!
//! No game logic lives here, and no game is named: rulesets open through the solver's catalog
//! into the one game interface, and every function is written once over it, as the CLI's verbs
//! are; every number comes from the same solves the CLI runs. Long calls release the GIL and
//! stop at Ctrl-C, the work itself included (see [`interrupt`]); every error is a
//! [`SwineError`] (a `ValueError`) carrying the CLI's message with the package's parameters for
//! its flags.

mod display;
mod interrupt;
mod opened;
mod results;
mod strategies;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use swine_solver::catalog;
use swine_solver::catalog::{MOST_VARIANTS, sweep as sweep_grid};
use swine_solver::game::MOST_MOVES;
use swine_solver::game::contest::{self, play_round_robin, rank_alone};
use swine_solver::game::{
    Capability, GameError, MoveLimit, OPTIMAL, SearchAsk, SolveAsk, Strategy, meet,
};
use swine_solver::machine;
use swine_solver::python::Runner;
use swine_solver::report::ranking::TournamentReport;
use swine_solver::report::{PointsGradeReport, full_message};

use interrupt::interruptible;
use results::{
    Match, Position, Score, ScoreSimulation, Seats, Simulation, Solution, Standings, Sweep,
    Tournament, to_python,
};

create_exception!(
    swine,
    SwineError,
    PyValueError,
    "A swine error: bad rules, a bad strategy, work too large for the memory this process may \
     use, or a solve that failed. The message is the CLI's."
);

/// An error's message and the reasons beneath it, as the CLI prints them, in Python's words.
fn message(err: &dyn std::error::Error) -> String {
    python_words(&full_message(err))
}

/// The CLI's flags in a message as the package's parameters: `--rules FILE` is `rules=FILE`,
/// `--exact` is `exact=True`.
fn python_words(message: &str) -> String {
    const WORDS: [(&str, &str); 11] = [
        ("--goal and --set goal=...", "goal= and set={'goal': ...}"),
        ("--rules ", "rules="),
        ("--set", "set="),
        ("--goal", "goal="),
        ("--exact", "exact=True"),
        ("--bounds", "the CLI's --bounds"),
        ("--vs", "vs="),
        ("--from", "at="),
        ("--dice", "dice="),
        ("--moves", "moves="),
        ("--players", "players="),
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

/// `strategy` and the opponent `vs` names (the yardstick when None) as they meet: a `minimax`
/// facing a fixed strategy plays the equilibrium's decisions.
fn pair(
    py: Python<'_>,
    game: &swine_solver::game::Opened,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
) -> PyResult<[Strategy; 2]> {
    let first = strategies::strategy(py, strategy, game.as_ref())?;
    let second = strategies::opponent(py, vs, game.as_ref())?;
    let game = game.clone();
    interruptible(py, false, move |run| {
        meet(game.as_ref(), first, second, run)
    })?
    .map_err(error)
}

/// The exact win rate of `strategy` against `vs` (the ruleset's yardstick when None).
///
/// A strategy is a spec (`"always_roll:4"`, `"bacon:8,6"`, a table file, a Python file,
/// `"optimal"` the best response to `vs`, `"minimax"` the equilibrium strategy whatever `vs`
/// is), a numpy array of the course table (Hog: dice at `[own, opponent]`), or a callable
/// taking the same indices (`f(score, opponent_score)`; Greed `f(myscore, theirscore, last)`;
/// Pig `f(score, opponent_score, turn_total) -> bool`). Farkle takes specs (its Python files
/// too). With `exact=True` the rates are also given as fractions. With `players=N` (3 or more,
/// where the game takes them) `strategy` sits in each seat in turn with `vs` in the others:
/// every seat's chance (`Seats`).
#[pyfunction]
#[pyo3(signature = (strategy, vs=None, *, rules="hog-fa20", goal=None, set=None, players=None, exact=false, progress=true))]
#[allow(clippy::too_many_arguments)]
fn evaluate(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    exact: bool,
    progress: bool,
) -> PyResult<Py<PyAny>> {
    let game = strategies::open(rules, goal, set, players)?;
    game.info()
        .allows_all(&[(Capability::Exact, exact)])
        .map_err(error)?;
    if vs.is_none() && game.info().alone() {
        let strategy = strategies::strategy(py, strategy, game.as_ref())?;
        let report = interruptible(py, progress, move |run| game.score(&strategy, None, run))?
            .map_err(error)?;
        return Ok(Py::new(py, Score::new(&report))?.into_any());
    }
    let [first, second] = pair(py, &game, strategy, vs)?;
    if game.info().players > 2 {
        let report = interruptible(py, progress, move |run| {
            game.seat_wins([&first, &second], None, run)
        })?
        .map_err(error)?;
        return Ok(Py::new(py, Seats::new(&report))?.into_any());
    }
    let (evaluated, fractions) = interruptible(py, progress, move |run| {
        let seats = [&first, &second];
        let evaluated = game.evaluate(seats, run)?;
        let fractions = exact.then(|| game.fractions(seats, run)).transpose()?;
        Ok::<_, GameError>((evaluated, fractions))
    })?
    .map_err(error)?;
    Ok(Py::new(
        py,
        Match::new(py, &evaluated, fractions.as_ref().map(|f| &f.rates))?,
    )?
    .into_any())
}

/// The optimal strategy against `vs` (a strategy as in `evaluate`, `"minimax"` for both
/// players optimal, or the ruleset's yardstick when None), as `swine solve` finds it. A game
/// without strategies (Chopsticks) is solved with both sides perfect, within `moves` moves per
/// player or without a limit.
#[pyfunction]
#[pyo3(signature = (rules="hog-fa20", vs=None, *, goal=None, set=None, players=None, exact=false, moves=None, progress=true))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    rules: &str,
    vs: Option<&Bound<'_, PyAny>>,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    exact: bool,
    moves: Option<&Bound<'_, PyAny>>,
    progress: bool,
) -> PyResult<Solution> {
    let moves = moves
        .map(|m| strategies::count("moves", m, 1..=u64::from(MOST_MOVES)))
        .transpose()?
        .map(|m| MoveLimit::Moves(m as u32));
    let game = strategies::open(rules, goal, set, players)?;
    let info = game.info();
    info.allows_all(&[
        (Capability::Exact, exact),
        (Capability::Moves, moves.is_some()),
    ])
    .map_err(error)?;
    let opponent = if vs.is_none() && info.game.alone() {
        None
    } else if info.can(Capability::Strategies) {
        Some(strategies::opponent(py, vs, game.as_ref())?)
    } else {
        if vs.is_some() {
            info.allows(Capability::Strategies).map_err(error)?;
        }
        None
    };
    let ask = SolveAsk {
        exact,
        values: info.can(Capability::Values),
        moves,
        search: SearchAsk::default(),
        ..SolveAsk::default()
    };
    let (solving, against) = (game.clone(), opponent.clone());
    let solved = interruptible(py, progress, move |run| {
        solving.solve(against.as_ref(), &ask, run)
    })?
    .map_err(error)?;
    Ok(Solution {
        solved,
        game,
        opponent,
    })
}

/// `games` seeded games (100,000 unless given; Farkle 2,000) with each seat moving first,
/// `strategy` against `vs`, beside the exact win rate they sample (as `swine simulate`; `seed`
/// 1 unless given). A Farkle Python strategy too large to evaluate exactly is simulated alone:
/// an estimate, without the exact rate.
#[pyfunction]
#[pyo3(signature = (strategy, vs=None, *, rules="hog-fa20", goal=None, set=None, players=None, games=None, seed=None, progress=true))]
#[allow(clippy::too_many_arguments)]
fn simulate(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    games: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    progress: bool,
) -> PyResult<Py<PyAny>> {
    let games = games
        .map(|n| strategies::count("games", n, 1..=u64::MAX))
        .transpose()?;
    let seed = seed.map_or(Ok(1), |n| strategies::count("seed", n, 0..=u64::MAX))?;
    let game = strategies::open(rules, goal, set, players)?;
    let games = games.unwrap_or(game.default_games());
    if vs.is_none() && game.info().alone() {
        let strategy = strategies::strategy(py, strategy, game.as_ref())?;
        let report = interruptible(py, progress, move |run| {
            game.simulate_alone(&strategy, (games, seed), run)
        })?
        .map_err(error)?;
        return Ok(Py::new(py, ScoreSimulation::new(&report))?.into_any());
    }
    let [first, second] = pair(py, &game, strategy, vs)?;
    let simulated = interruptible(py, progress, move |run| {
        game.simulate([&first, &second], (games, seed), run)
    })?
    .map_err(error)?;
    Ok(Py::new(py, Simulation::new(py, &simulated)?)?.into_any())
}

/// One position of `strategy` against `vs`, `strategy` to move (as `swine eval --from`): `at`
/// gives the numbers the game's positions have (Hog `(own, opponent)`, with each player's
/// memory where the rules keep one; Greed `(own, opponent, passed)`; the Pig family `(own,
/// opponent, turn_total)`; Farkle `(own, opponent, own_farkles, opponent_farkles, turn_total,
/// dice_left)` in points and counts; Yahtzee each box's points (−1 open), the Yahtzee bonuses
/// earned in points, and the rolls left), `dice` the faces a roll there showed (Farkle and
/// Yahtzee, as `--dice`). Checked before anything is solved.
#[pyfunction]
#[pyo3(signature = (strategy, at, vs=None, *, rules="hog-fa20", goal=None, set=None, players=None, dice=None))]
#[allow(clippy::too_many_arguments)]
fn position(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    at: Vec<Bound<'_, PyAny>>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    dice: Option<Vec<Bound<'_, PyAny>>>,
) -> PyResult<Position> {
    let game = strategies::open(rules, goal, set, players)?;
    let info = game.info();
    info.allows(Capability::Strategies).map_err(error)?;
    let numbers = |name: &str, given: &[Bound<'_, PyAny>]| -> PyResult<Vec<i128>> {
        given.iter().map(|n| strategies::whole(name, n)).collect()
    };
    let given = numbers("at", &at)?;
    // A number no i64 holds is out of every range: checked with a stand-in of i64::MAX, the
    // message then shows the number given.
    let at: Vec<i64> = given
        .iter()
        .map(|&n| i64::try_from(n).unwrap_or(i64::MAX))
        .collect();
    let dice = dice
        .map(|faces| {
            info.allows(Capability::Dice).map_err(error)?;
            numbers("dice", &faces)?
                .into_iter()
                .map(|f| {
                    u8::try_from(f)
                        .map_err(|_| SwineError::new_err(format!("dice: face {f} is not in 1..=6")))
                })
                .collect::<PyResult<Vec<u8>>>()
        })
        .transpose()?;
    game.check_position(&at, dice.as_deref()).map_err(|err| {
        let mut text = message(&err);
        if let Some(n) = given.iter().find(|&&n| i64::try_from(n).is_err()) {
            text = text.replacen(&format!(" {} ", i64::MAX), &format!(" {n} "), 1);
        }
        match err {
            GameError::Position(_) => SwineError::new_err(format!("at={given:?}: {text}")),
            GameError::Dice(_) => SwineError::new_err(format!(
                "dice={:?}: {text}",
                dice.as_deref().unwrap_or_default()
            )),
            _ => SwineError::new_err(text),
        }
    })?;
    let [first, second] = pair(py, &game, strategy, vs)?;
    let report = interruptible(py, false, move |run| {
        game.position([&first, &second], &at, dice.as_deref(), run)
    })?
    .map_err(error)?;
    Position::new(py, &report)
}

/// The exact round robin of `strategies` (each as in `evaluate`), as `swine tournament`
/// plays it; entries that cannot be used are left out with the reason. In a game of one
/// player's score the entries are ranked by expected final score (`Standings`), unless
/// `duels` asks for the round robin of duels.
#[pyfunction]
#[pyo3(signature = (strategies, *, rules="hog-fa20", goal=None, set=None, players=None, duels=false, progress=true))]
#[allow(clippy::too_many_arguments)]
fn tournament(
    py: Python<'_>,
    strategies: &Bound<'_, PyList>,
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    duels: bool,
    progress: bool,
) -> PyResult<Py<PyAny>> {
    let game = strategies::open(rules, goal, set, players)?;
    game.info().allows(Capability::Strategies).map_err(error)?;
    let mut entries = Vec::new();
    let mut left_out = Vec::new();
    for entry in strategies.iter() {
        match strategies::strategy(py, &entry, game.as_ref()) {
            Ok(strategy) => entries.push(strategy),
            Err(err) => left_out.push((entry.str()?.to_string(), err.value(py).to_string())),
        }
    }
    let playing = game.clone();
    if game.info().game.alone() && !duels {
        let optimal = strategies::strategy(py, PyString::new(py, OPTIMAL).as_any(), game.as_ref())?;
        let (standings, optimum) = interruptible(py, progress, move |run| {
            rank_alone(playing.as_ref(), entries, left_out, &optimal, run)
        })?
        .map_err(error)?;
        let report = PointsGradeReport::new(game.info().batch(), optimum, standings);
        return Ok(Standings::new(py, &report)?
            .into_pyobject(py)?
            .into_any()
            .unbind());
    }
    let played = interruptible(py, progress, move |run| {
        play_round_robin(playing.as_ref(), entries, left_out, run)
    })?
    .map_err(error)?;
    let report = TournamentReport::new(game.info().batch(), played);
    Ok(Tournament::new(py, &report)?
        .into_pyobject(py)?
        .into_any()
        .unbind())
}

/// Every variant of the ruleset `rules` (a rule script, a preset with parameters, or any game
/// with a goal or rule numbers) over a grid of its parameters, each surveyed as `swine sweep`
/// does: `set` maps each parameter to its values (`{"lucky": range(3, 16), "goal": [50,
/// 100]}`), every combination is a variant, solved in parallel. A variant that cannot be solved
/// gets its row with the reason. At most 10,000 variants (as the CLI's sweep; a longer range is
/// refused before it is read), and, as the CLI's, refused before it starts where its largest
/// variant would not fit in the memory this process may use.
#[pyfunction]
#[pyo3(signature = (rules, set, *, progress=true))]
fn sweep(py: Python<'_>, rules: &str, set: &Bound<'_, PyDict>, progress: bool) -> PyResult<Sweep> {
    let mut parameters = Vec::new();
    let too_many = || {
        SwineError::new_err(format!(
            "set: the grid has more than {MOST_VARIANTS} variants"
        ))
    };
    for (name, values) in set.iter() {
        let name: String = name.extract()?;
        // No more values are read than a grid may have (a range's length is known at once).
        if values.len().is_ok_and(|n| n > MOST_VARIANTS) {
            return Err(too_many());
        }
        let values: Vec<Bound<'_, PyAny>> = match values.try_iter() {
            Ok(iterator) => {
                let mut read = Vec::new();
                for value in iterator {
                    read.push(value?);
                    if read.len() > MOST_VARIANTS {
                        return Err(too_many());
                    }
                }
                read
            }
            Err(_) => vec![values],
        };
        let values = values
            .iter()
            .map(|v| {
                let n = strategies::whole(&format!("set: {name}"), v)?;
                i64::try_from(n).map_err(|_| {
                    SwineError::new_err(format!("set: {name}: {n} is not in i64's range"))
                })
            })
            .collect::<PyResult<Vec<i64>>>()?;
        parameters.push((name, values));
    }
    let grid = catalog::grid(&parameters).map_err(|e| SwineError::new_err(format!("set: {e}")))?;
    // Sized by its largest variant before any is solved, as the CLI's sweep is.
    if let Some((settings, footprint)) = catalog::largest(rules, &grid, &Runner::default()) {
        machine::check(&footprint).map_err(|refused| {
            let shown: Vec<String> = settings.iter().map(|(n, v)| format!("{n}={v}")).collect();
            SwineError::new_err(format!("set: {}: {refused}", shown.join(", ")))
        })?;
    }
    let (script, variants) = (rules.to_string(), grid.clone());
    let (_, surveys) = interruptible(py, progress, move |run| {
        sweep_grid(&script, &variants, &Runner::default(), run)
    })?
    .map_err(error)?;
    let rows = PyList::empty(py);
    for (settings, survey) in grid.into_iter().zip(surveys) {
        let row = swine_solver::report::ranking::SweepRow {
            parameters: settings,
            survey: survey.map_err(|reason| python_words(&reason)),
        };
        rows.append(to_python(py, &row)?)?;
    }
    Ok(Sweep {
        rules: rules.to_string(),
        rows: rows.unbind(),
    })
}

/// `strategy` against `vs` (the yardstick when None) studied turn by turn, exactly, as `swine
/// study` does: a dict with `as_first` and `as_second` (`win`, `tie`, `turns` `{mean, sd,
/// quantiles, unfinished}`, `rule_events` `[{rule, per_game, at_least_once}]`), the `design`
/// measures, `distribution` (P(a game lasts exactly t turns) by t from 1, per seating) and,
/// with `check=GAMES`, `simulated`: the same counted over that many games per seating.
#[pyfunction]
#[pyo3(signature = (strategy, vs=None, *, rules="hog-fa20", goal=None, set=None, players=None, check=None, seed=None, progress=true))]
#[allow(clippy::too_many_arguments)]
fn study(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &str,
    goal: Option<&Bound<'_, PyAny>>,
    set: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    check: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    progress: bool,
) -> PyResult<Py<PyAny>> {
    let games = check
        .map(|n| strategies::count("check", n, 2..=u64::MAX))
        .transpose()?;
    let seed = seed.map_or(Ok(1), |n| strategies::count("seed", n, 0..=u64::MAX))?;
    let game = strategies::open(rules, goal, set, players)?;
    let [first, second] = pair(py, &game, strategy, vs)?;
    let report = interruptible(py, progress, move |run| {
        contest::study(
            game.as_ref(),
            [&first, &second],
            games.map(|g| (g, seed)),
            run,
        )
    })?
    .map_err(error)?;
    let out = to_python(py, &report)?;
    let distribution = PyDict::new(py);
    distribution.set_item("as_first", report.as_first.distribution.clone())?;
    distribution.set_item("as_second", report.as_second.distribution.clone())?;
    out.set_item("distribution", distribution)?;
    Ok(out.unbind())
}

/// Every game's record, as `swine games --json` gives it: a list of dicts (`name`, `label`,
/// `players`, `value`, `parameters`, `rulesets`, `can`, ...).
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    results::to_python(py, &catalog::games())
}

/// Exact win probabilities, expected scores and optimal strategies for the dice and finger
/// games `games()` lists.
#[pymodule]
fn swine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SwineError", m.py().get_type::<SwineError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Match>()?;
    m.add_class::<Solution>()?;
    m.add_class::<Simulation>()?;
    m.add_class::<Seats>()?;
    m.add_class::<Score>()?;
    m.add_class::<ScoreSimulation>()?;
    m.add_class::<Position>()?;
    m.add_class::<Tournament>()?;
    m.add_class::<Standings>()?;
    m.add_class::<Sweep>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(position, m)?)?;
    m.add_function(wrap_pyfunction!(tournament, m)?)?;
    m.add_function(wrap_pyfunction!(sweep, m)?)?;
    m.add_function(wrap_pyfunction!(study, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    Ok(())
}
