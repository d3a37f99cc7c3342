//! From flags to solver objects: rulesets, strategies and the Python runner, with the flag
//! named in errors.

use anyhow::{Context, Result};
use swine_solver::catalog::{self, Game};
use swine_solver::greed::{self, Greed};
use swine_solver::hog::{Ruleset, Strategy};
use swine_solver::python::{Limits, Runner};

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
