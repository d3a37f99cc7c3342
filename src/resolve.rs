//! From flags to solver objects: rulesets and strategies, with the flag named in errors.

use anyhow::{Context, Result};
use swine_solver::catalog::{self, Game};
use swine_solver::greed::{self, Greed};
use swine_solver::hog::{Ruleset, Strategy};

use crate::cli::RulesArgs;

/// A ruleset of one of the games, ready to solve.
pub enum Rules {
    /// A Hog ruleset compiled for its goal.
    Hog(Box<Ruleset>),
    /// Greed with its limit.
    Greed(Greed),
}

/// The ruleset the flags name, of whichever game it belongs to.
pub fn rules(args: &RulesArgs) -> Result<Rules> {
    Ok(match catalog::find(&args.rules)?.game {
        Game::Hog => Rules::Hog(Box::new(Ruleset::preset(&args.rules, args.goal)?)),
        Game::Greed => Rules::Greed(Greed::new(args.goal)?),
    })
}

/// The Hog strategy `spec` given to `flag`, or the ruleset's yardstick when `spec` is absent.
pub fn strategy(spec: Option<&str>, flag: &str, rules: &Ruleset) -> Result<Strategy> {
    let spec = spec.unwrap_or(rules.rules().yardstick());
    Strategy::parse(spec, rules).with_context(|| format!("in {flag}"))
}

/// The Greed strategy `spec` given to `flag`, or the yardstick (`sample2`) when absent.
pub fn greed_strategy(spec: Option<&str>, flag: &str, game: &Greed) -> Result<greed::Strategy> {
    let yardstick = catalog::find(greed::NAME)?.yardstick;
    greed::Strategy::parse(spec.unwrap_or(yardstick), game).with_context(|| format!("in {flag}"))
}
