//! From flags to solver objects: rulesets and strategies, with the flag named in errors.

use anyhow::{Context, Result};
use swine_solver::hog::{Ruleset, Strategy};

use crate::cli::RulesArgs;

/// The compiled ruleset the flags name.
pub fn ruleset(args: &RulesArgs) -> Result<Ruleset> {
    Ok(Ruleset::preset(&args.rules, args.goal)?)
}

/// The strategy `spec` given to `flag`, or the ruleset's yardstick when `spec` is absent.
pub fn strategy(spec: Option<&str>, flag: &str, rules: &Ruleset) -> Result<Strategy> {
    let spec = spec.unwrap_or(rules.rules().yardstick());
    Strategy::parse(spec, rules).with_context(|| format!("in {flag}"))
}
