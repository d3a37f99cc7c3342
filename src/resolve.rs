//! From flags to solver objects: rulesets and strategies, with the flag named in errors.

use anyhow::{Context, Result};
use swine_solver::catalog::{self, Game};
use swine_solver::greed::{self, Greed};
use swine_solver::hog::{Ruleset, Strategy};
use swine_solver::python::{Limits, PythonSpec, Runner, Tabulated};
use swine_solver::table::Schema;

use crate::cli::{PythonArgs, RulesArgs};

/// A ruleset of one of the games, ready to solve.
pub enum Rules {
    /// A Hog ruleset compiled for its goal.
    Hog(Box<Ruleset>),
    /// Greed with its limit.
    Greed(Greed),
    /// Chopsticks (its move limit is a flag of the verbs that use it).
    Chopsticks,
}

/// The ruleset the flags name, of whichever game it belongs to.
pub fn rules(args: &RulesArgs) -> Result<Rules> {
    Ok(match catalog::find(&args.rules)?.game {
        Game::Hog => Rules::Hog(Box::new(Ruleset::preset(&args.rules, args.goal)?)),
        Game::Greed => Rules::Greed(Greed::new(args.goal)?),
        Game::Chopsticks => Rules::Chopsticks,
    })
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

/// A strategy resolved from a spec, with the Python function it came from, if any.
pub struct Resolved<S> {
    /// The strategy.
    pub strategy: S,
    /// The Python function that was tabulated (empty for other specs).
    pub function: String,
}

/// The table of the Python strategy `python` names, under `schema`.
fn tabulate(
    spec: &str,
    python: &PythonSpec,
    schema: &Schema,
    runner: &Runner,
) -> Result<Tabulated> {
    runner
        .tabulate(python, schema)
        .with_context(|| spec.trim().to_string())
}

/// The Hog strategy `spec`: a Python file, or anything [`Strategy::parse`] takes.
pub fn hog_strategy(spec: &str, rules: &Ruleset, runner: &Runner) -> Result<Resolved<Strategy>> {
    if let Some(python) = PythonSpec::of(spec) {
        let tabulated = tabulate(spec, &python, &rules.score_schema(), runner)?;
        return Ok(Resolved {
            strategy: Strategy::from_table(spec.trim(), tabulated.table),
            function: tabulated.function,
        });
    }
    Ok(Resolved {
        strategy: Strategy::parse(spec, rules)?,
        function: String::new(),
    })
}

/// The Greed strategy `spec`: a Python file, or anything [`greed::Strategy::parse`] takes.
pub fn greed_strategy_of(
    spec: &str,
    game: &Greed,
    runner: &Runner,
) -> Result<Resolved<greed::Strategy>> {
    if let Some(python) = PythonSpec::of(spec) {
        let tabulated = tabulate(spec, &python, &game.schema(), runner)?;
        return Ok(Resolved {
            strategy: greed::Strategy::from_table(spec.trim(), &tabulated.table, game),
            function: tabulated.function,
        });
    }
    Ok(Resolved {
        strategy: greed::Strategy::parse(spec, game)?,
        function: String::new(),
    })
}

/// The Hog strategy `spec` given to `flag`, or the ruleset's yardstick when `spec` is absent.
pub fn strategy(
    spec: Option<&str>,
    flag: &str,
    rules: &Ruleset,
    runner: &Runner,
) -> Result<Strategy> {
    let spec = spec.unwrap_or(rules.rules().yardstick());
    hog_strategy(spec, rules, runner)
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
    greed_strategy_of(spec.unwrap_or(greed::YARDSTICK), game, runner)
        .map(|r| r.strategy)
        .with_context(|| format!("in {flag}"))
}
