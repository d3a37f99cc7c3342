//! From flags to solver objects: rulesets, strategies and the Python runner, with the flag
//! named in errors.

use anyhow::{Context, Result};
use swine_solver::catalog;
pub use swine_solver::catalog::Rules;
use swine_solver::contest::check_count;
use swine_solver::farkle::{self, Farkle};
use swine_solver::greed::{self, Greed};
use swine_solver::hog::{Ruleset, Script, Strategy};
use swine_solver::pig::{self, Pig};
use swine_solver::python::{Limits, Runner};

use crate::cli::{PythonArgs, RulesArgs};

/// The ruleset the flags name, of whichever game it belongs to: a built-in one, or a Hog rule
/// script (`FILE.rhai`, or a Python rule module `FILE.py` run by `python3` with the default
/// limits).
pub fn rules(args: &RulesArgs) -> Result<Rules> {
    Ok(catalog::open(
        &args.rules,
        args.goal,
        &args.settings,
        &Runner::default(),
    )?)
}

/// [`rules`] for a verb that runs Python: a rule module runs as `--python` and `--timeout` say.
pub fn rules_run_by(args: &RulesArgs, python: &PythonArgs) -> Result<Rules> {
    Ok(catalog::open(
        &args.rules,
        args.goal,
        &args.settings,
        &runner(python),
    )?)
}

/// The Hog rule script `rules` names (a preset, a `.rhai` file, or a Python rule module `.py`
/// that `runner` runs) with `settings` applied.
pub fn script(rules: &str, settings: &[(String, i64)], runner: &Runner) -> Result<Script> {
    Ok(catalog::script(rules, settings, runner)?)
}

/// The runner of Python strategies the flags describe.
pub fn runner(args: &PythonArgs) -> Runner {
    Runner {
        python: args.python.clone(),
        limits: Limits {
            timeout: args.timeout,
            ..Limits::default()
        },
    }
}

/// The Hog strategy `spec` given to `flag`, or the ruleset's yardstick when `spec` is absent.
pub fn strategy(
    spec: Option<&str>,
    flag: &str,
    rules: &Ruleset,
    runner: &Runner,
) -> Result<Strategy> {
    let spec = spec.unwrap_or(rules.rules().yardstick());
    Strategy::resolve(spec, rules, runner)
        .map(|r| r.strategy)
        .with_context(|| format!("in {flag}"))
}

/// The Greed strategy `spec` given to `flag`, or the yardstick (`sample2`) when absent.
pub fn greed_strategy(
    spec: Option<&str>,
    flag: &str,
    game: &Greed,
    runner: &Runner,
) -> Result<greed::Strategy> {
    greed::Strategy::resolve(spec.unwrap_or(greed::YARDSTICK), game, runner)
        .map(|r| r.strategy)
        .with_context(|| format!("in {flag}"))
}

/// The whole numbers of a position given to `flag` as `text`, one for each of `parts` (in
/// order, comma-separated); the game checks their bounds when it solves the position.
pub fn position(flag: &str, text: &str, parts: &[(&str, u32)]) -> Result<Vec<u32>> {
    let pieces: Vec<&str> = text.split(',').map(str::trim).collect();
    check_count(parts, pieces.len()).with_context(|| format!("{flag} {text}"))?;
    pieces
        .iter()
        .zip(parts)
        .map(|(piece, (name, _))| {
            piece
                .parse()
                .with_context(|| format!("{flag} {text}: {name} '{piece}' is not a whole number"))
        })
        .collect()
}

/// The Pig strategy `spec` given to `flag`, or the variant's yardstick when `spec` is absent.
pub fn pig_strategy(
    spec: Option<&str>,
    flag: &str,
    game: &Pig,
    runner: &Runner,
) -> Result<pig::Strategy> {
    pig::Strategy::resolve(spec.unwrap_or(game.variant().yardstick()), game, runner)
        .map(|r| r.strategy)
        .with_context(|| format!("in {flag}"))
}

/// The Farkle strategy `spec` given to `flag`, or the yardstick (`bank_at:300`) when absent;
/// a Python file is imported with `runner`.
pub fn farkle_strategy(
    spec: Option<&str>,
    flag: &str,
    game: &Farkle,
    runner: &Runner,
) -> Result<farkle::Strategy> {
    farkle::Strategy::resolve(spec.unwrap_or(farkle::YARDSTICK), game, runner)
        .with_context(|| format!("in {flag}"))
}
