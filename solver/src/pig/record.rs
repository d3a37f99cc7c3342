//! The Pig family's record: three rulesets of one game of two players, each to its own goal.

use std::sync::Arc;

use super::game::{MAX_GOAL, Pig, Variant};
use super::interface::PigGame;
use super::strategy::STRATEGY_FORMS;
use crate::game::{
    Capability, GameType, Named, OpenError, Opening, Parameter, PositionForm, RulesetRecord,
    UnknownRuleset, ValueKind,
};

/// The Pig family: Pig, Piglet and two-dice Pig.
pub const GAME: GameType = GameType {
    name: "pig",
    label: "Pig",
    summary: "roll or hold, decision by decision: a 1 loses the turn total (Neller & Presser)",
    players: 2..=6,
    players_why: "",
    value: ValueKind::WinProbability,
    parameters: &[Parameter::integer(
        "goal",
        (1, MAX_GOAL as i64),
        100,
        "the score that wins",
    )],
    declared_parameters: false,
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
        Capability::Map,
        Capability::Win,
        Capability::ScoreMap,
        Capability::Tables,
        Capability::Study,
    ],
    refusals: &[(
        Capability::Dice,
        "decides before each roll: a position shows no dice",
    )],
    files: &[],
    rulesets,
    open,
};

/// Pig, Piglet and two-dice Pig, each with its goal.
fn rulesets() -> Vec<RulesetRecord> {
    Variant::ALL
        .into_iter()
        .map(|variant| RulesetRecord {
            defaults: vec![("goal", i64::from(variant.default_goal()))],
            ..RulesetRecord::new(
                variant.name(),
                variant.summary(),
                Some(variant.yardstick()),
                STRATEGY_FORMS.map(String::from).to_vec(),
            )
        })
        .collect()
}

/// The variant `opening` names, to its goal.
fn open(opening: &Opening<'_>) -> Result<Named, OpenError> {
    let variant = Variant::named(opening.rules).ok_or_else(|| UnknownRuleset {
        name: opening.rules.to_string(),
        known: Variant::ALL.map(Variant::name).to_vec(),
        files: String::new(),
    })?;
    let pig = Pig::new(variant, opening.goal(variant.default_goal())).map_err(OpenError::rules)?;
    let players = opening.players.map_or(2, usize::from);
    Ok(Named::built(Arc::new(PigGame::seated(pig, players))))
}
