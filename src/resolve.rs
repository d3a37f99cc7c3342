//! From flags to the one game interface: the game `--rules` names, its strategies, positions
//! and dice, and the Python runner, with the flag named in errors.

use anyhow::{Context, Result, anyhow};
use swine_solver::catalog;
use swine_solver::game::{
    Capability, DynGame, Footprint, GameError, Opened, PLAYERS, Run, Strategy, meet,
};
use swine_solver::machine;
use swine_solver::python::{Limits, Runner};

use crate::cli::{PythonArgs, RulesArgs};
use crate::progress;

/// The game the flags name: a built-in ruleset, or a Hog rule script (`FILE.rhai`, or a Python
/// rule module `FILE.py` run as `--python` and `--timeout` say). Its solve is sized first: one
/// that would not fit in the memory this process may use (free memory, `ulimit -v`, its
/// cgroup's limit) is refused before anything is built (unless `--no-memory-check`), and the
/// estimate goes with the progress display.
pub fn game(args: &RulesArgs, python: &PythonArgs) -> Result<Opened> {
    let mut settings = args.settings.clone();
    if let Some(players) = args.players {
        settings.push((PLAYERS.to_string(), players.to_string()));
    }
    let named = catalog::named(&args.rules, args.goal, &settings, &runner(python))?;
    let footprint = named.footprint();
    fits(&args.rules, &footprint, args.no_memory_check)?;
    progress::expect(&footprint);
    Ok(named.open()?)
}

/// `Ok` where a work of `footprint` on `rules` fits in the memory this process may use (or
/// nothing is known of it, or `unchecked`); else the refusal, with the estimate, the limit and
/// how to insist.
pub fn fits(rules: &str, footprint: &Footprint, unchecked: bool) -> Result<()> {
    if unchecked {
        return Ok(());
    }
    machine::check(footprint).map_err(|refused| {
        // Every rule file is a game with a goal; of the built-ins, those that have one.
        let goal = catalog::find(rules).map_or(true, |l| l.game.parameter("goal").is_some());
        let smaller = if goal {
            "a smaller --goal fits, or "
        } else {
            ""
        };
        anyhow!("{refused}; {smaller}--no-memory-check solves anyway")
    })
}

/// The runner of Python strategies the flags describe.
pub fn runner(args: &PythonArgs) -> Runner {
    Runner {
        python: args.python.clone(),
        limits: Limits {
            timeout: args.timeout,
            call: args.call_timeout,
            ..Limits::default()
        },
    }
}

/// The strategy `spec` given to `flag`, or the game's yardstick when `spec` is absent.
pub fn strategy(
    game: &dyn DynGame,
    spec: Option<&str>,
    flag: &str,
    runner: &Runner,
) -> Result<Strategy> {
    let info = game.info();
    info.allows(Capability::Strategies)?;
    let spec = spec.or(info.yardstick.as_deref()).unwrap_or("optimal");
    game.resolve(spec, runner)
        .with_context(|| format!("in {flag}"))
}

/// Whether the strategy plays alone: no `--vs` given, in a game one player plays alone (its
/// value an expected score) opened for two at most ([`GameInfo::alone`]).
///
/// [`GameInfo::alone`]: swine_solver::game::GameInfo::alone
pub fn alone(game: &dyn DynGame, vs: Option<&str>) -> bool {
    vs.is_none() && game.info().alone()
}

/// `STRATEGY` and `--vs` as they meet: a `minimax` facing a fixed strategy plays the
/// equilibrium's decisions.
pub fn pair(
    game: &dyn DynGame,
    (spec, vs): (&str, Option<&str>),
    runner: &Runner,
    run: &Run,
) -> Result<[Strategy; 2]> {
    let chosen = strategy(game, Some(spec), "STRATEGY", runner)?;
    let opponent = strategy(game, vs, "--vs", runner)?;
    Ok(meet(game, chosen, opponent, run)?)
}

/// The opponent `--vs` names (`default`, else the yardstick, without it) in a game with
/// strategies; none in a game without, where `--vs` is refused, and none without `--vs` in a
/// game one player can play alone (which solves it alone, or with the optimum in every seat).
pub fn opponent(
    game: &dyn DynGame,
    vs: Option<&str>,
    default: Option<&str>,
    runner: &Runner,
) -> Result<Option<Strategy>> {
    let info = game.info();
    if vs.is_none() && info.game.alone() {
        return Ok(None);
    }
    if info.can(Capability::Strategies) {
        return strategy(game, vs.or(default), "--vs", runner).map(Some);
    }
    if vs.is_some() {
        info.allows(Capability::Strategies)
            .map_err(|e| anyhow::anyhow!("--vs: {e}"))?;
    }
    Ok(None)
}

/// The position `--from` gives (with `--rolls-left`, where the game has them), checked against
/// the game before anything is solved (with the dice `--dice` shows there, if any).
pub fn position(
    game: &dyn DynGame,
    (from, rolls_left): (Option<&str>, Option<u8>),
    dice: Option<&str>,
) -> Result<(Vec<i64>, Option<Vec<u8>>)> {
    let info = game.info();
    info.allows(Capability::Strategies)?;
    let faces = dice
        .map(|text| {
            info.allows(Capability::Dice)?;
            text.split(',')
                .map(|face| face.trim().parse::<u8>())
                .collect::<Result<Vec<u8>, _>>()
                .map_err(|_| {
                    GameError::Refused(format!(
                        "--dice {text}: expected faces 1..6, comma-separated"
                    ))
                })
        })
        .transpose()?;
    let shown = from.unwrap_or("the default");
    let at = game
        .read_position(from, rolls_left)
        .map_err(|error| match error {
            GameError::Position(text) => anyhow::anyhow!("--from {shown}: {text}"),
            other => other.into(),
        })?;
    game.check_position(&at, faces.as_deref())
        .map_err(|error| match error {
            GameError::Position(text) => anyhow::anyhow!("--from {shown}: {text}"),
            GameError::Dice(text) => match dice {
                Some(dice) => anyhow::anyhow!("--dice {dice}: {text}"),
                None => anyhow::anyhow!("{text}"),
            },
            other => other.into(),
        })?;
    Ok((at, faces))
}
