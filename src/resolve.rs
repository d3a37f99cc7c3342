//! From flags to solver objects: rulesets, strategies and the Python runner, with the flag
//! named in errors.

use anyhow::{Context, Result, bail};
use swine_solver::catalog::{self, Game};
use swine_solver::greed::{self, Greed};
use swine_solver::hog::{RulesError, Ruleset, Script, Strategy, presets};
use swine_solver::pig::{self, Pig};
use swine_solver::python::{Limits, Runner};

use crate::cli::{PythonArgs, RulesArgs};

/// A ruleset of one of the games, ready to solve.
pub enum Rules {
    /// A Hog ruleset compiled for its goal.
    Hog(Box<Ruleset>),
    /// Greed with its limit.
    Greed(Greed),
    /// A game of the Pig family with its goal.
    Pig(Pig),
    /// Chopsticks (its move limit is a flag of the verbs that use it).
    Chopsticks,
}

/// The ruleset the flags name, of whichever game it belongs to: a built-in one, or a Hog rule
/// script (`FILE.rhai`).
pub fn rules(args: &RulesArgs) -> Result<Rules> {
    let game = if is_script(&args.rules) {
        Game::Hog
    } else {
        catalog::find(&args.rules)?.game
    };
    if game != Game::Hog && !args.settings.is_empty() {
        bail!(
            "--set: {} has no script parameters (only Hog rule scripts do)",
            args.rules
        );
    }
    Ok(match game {
        Game::Hog => Rules::Hog(Box::new(Ruleset::compile(script(
            &args.rules,
            &settings(args)?,
        )?)?)),
        Game::Greed => Rules::Greed(Greed::new(args.goal.unwrap_or(greed::DEFAULT_LIMIT))?),
        Game::Pig => {
            let variant = pig::Variant::named(&args.rules).expect("the catalog names a variant");
            Rules::Pig(Pig::new(
                variant,
                args.goal.unwrap_or(variant.default_goal()),
            )?)
        }
        Game::Chopsticks => Rules::Chopsticks,
    })
}

/// Whether `--rules` names a script file rather than a built-in ruleset.
fn is_script(rules: &str) -> bool {
    rules.to_ascii_lowercase().ends_with(".rhai")
}

/// The script settings the flags give: every `--set`, and `--goal` as `goal`.
fn settings(args: &RulesArgs) -> Result<Vec<(String, i64)>> {
    let mut settings = args.settings.clone();
    if let Some(goal) = args.goal {
        if settings.iter().any(|(name, _)| name == "goal") {
            bail!("--goal and --set goal=... both set the goal: give one");
        }
        settings.push(("goal".to_string(), i64::from(goal)));
    }
    Ok(settings)
}

/// The Hog rule script `rules` names (a preset, or a `.rhai` file) with `settings` applied.
pub fn script(rules: &str, settings: &[(String, i64)]) -> Result<Script> {
    if is_script(rules) {
        let text = std::fs::read_to_string(rules)
            .with_context(|| format!("--rules {rules}: cannot read it"))?;
        return Ok(Script::compile(rules, &text, settings)?);
    }
    let preset = presets::preset(rules).ok_or_else(|| RulesError::Unknown {
        name: rules.to_string(),
        known: presets::PRESETS.iter().map(|p| p.name).collect(),
    })?;
    Ok(preset.compile(settings)?)
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

/// The whole numbers of a position given to `flag` as `text`, one for each of `names` (in
/// order, comma-separated), each below the bound beside its name.
pub fn position(flag: &str, text: &str, names: &[(&str, u32)]) -> Result<Vec<u32>> {
    let expected = names
        .iter()
        .map(|(name, _)| name.to_uppercase())
        .collect::<Vec<_>>()
        .join(",");
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != names.len() {
        bail!(
            "{flag} {text}: {} number(s), expected {} ({expected})",
            parts.len(),
            names.len()
        );
    }
    parts
        .iter()
        .zip(names)
        .map(|(part, &(name, bound))| {
            let n: u32 = part
                .parse()
                .with_context(|| format!("{flag} {text}: {name} '{part}' is not a whole number"))?;
            if n >= bound {
                bail!("{flag} {text}: {name} {n} is outside 0..{bound}");
            }
            Ok(n)
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
