//! Hog's record: the course's rulesets (each a rule script of its own) and any rule script a
//! user writes (`FILE.rhai`, or a Python rule module `FILE.py`), for two players.

use std::path::Path;
use std::sync::Arc;

use super::definition::{DEFAULT_GOAL, MAX_GOAL};
use super::error::RulesError;
use super::interface::{HogGame, footprint};
use super::presets::{PRESETS, preset};
use super::ruleset::Ruleset;
use super::script::Script;
use super::strategy::forms_with;
use crate::game::{
    Capability, GameType, Named, OpenError, Opening, Parameter, PositionForm, RulesetRecord,
    ValueKind,
};
use crate::python::Runner;
use crate::read::{SCRIPT_BYTES, read_text_capped};

/// Hog (CS 61A's project) and its rule variants.
pub const GAME: GameType = GameType {
    name: "hog",
    label: "Hog",
    summary: "roll up to ten dice for their sum, a 1 spoils the roll; each term adds rules of its own",
    players: 2..=2,
    players_why: "its rules name one opponent (Free Bacon reads the opponent's score, Swine Align and Pig Pass compare the two)",
    value: ValueKind::WinProbability,
    parameters: &[Parameter::integer(
        "goal",
        (1, MAX_GOAL as i64),
        DEFAULT_GOAL as i64,
        "the score that wins",
    )],
    declared_parameters: true,
    position: PositionForm::Numbers,
    chance: true,
    ties: false,
    can: &[
        Capability::Strategies,
        Capability::Exact,
        Capability::Bounds,
        Capability::Explain,
        Capability::Values,
        Capability::Transcript,
        Capability::FullInformation,
        Capability::TimeLimit,
        Capability::Map,
        Capability::Win,
        Capability::Diff,
        Capability::ScoreMap,
        Capability::Tables,
        Capability::Study,
    ],
    refusals: &[],
    files: &[".rhai", ".py"],
    rulesets,
    open,
};

/// Every preset, the default first.
fn rulesets() -> Vec<RulesetRecord> {
    PRESETS
        .into_iter()
        .map(|preset| RulesetRecord {
            aliases: preset.aliases,
            ..RulesetRecord::new(
                preset.name,
                preset.summary,
                Some(preset.yardstick),
                forms_with(preset.builtins.iter().map(|form| form.to_string())),
            )
        })
        .collect()
}

/// The preset or rule script `opening` names, read and checked; its rules are compiled for
/// its goal only when it is opened.
fn open(opening: &Opening<'_>) -> Result<Named, OpenError> {
    let script = script(opening.rules, opening.settings, opening.runner)?;
    Ruleset::check_size(&script).map_err(OpenError::rules)?;
    Ok(Named::later(
        footprint(script.goal(), script.memory().size),
        move || {
            let rules = Ruleset::compile(script).map_err(OpenError::rules)?;
            Ok(Arc::new(HogGame::new(rules)))
        },
    ))
}

/// The Hog rule script `rules` names (a preset, a `.rhai` file, or a Python rule module
/// `.py` that `runner` runs) with `settings` applied.
pub fn script(
    rules: &str,
    settings: &[(String, i64)],
    runner: &Runner,
) -> Result<Script, OpenError> {
    if GAME.opens_file(rules) {
        let path = Path::new(rules);
        let text = read_text_capped(path, SCRIPT_BYTES, "a rule script").map_err(|reason| {
            OpenError::Read {
                path: rules.to_string(),
                reason,
            }
        })?;
        let script = if rules.to_ascii_lowercase().ends_with(".py") {
            Script::compile_python(rules, path, &text, settings, runner)
        } else {
            Script::compile(rules, &text, settings)
        };
        return script.map_err(OpenError::rules);
    }
    let preset = preset(rules).ok_or_else(|| {
        OpenError::rules(RulesError::Unknown {
            name: rules.to_string(),
            known: PRESETS.iter().map(|p| p.name).collect(),
        })
    })?;
    preset.compile(settings).map_err(OpenError::rules)
}
