//! Farkle's record: one ruleset of a game of two players whose every rule number is a
//! parameter.

use std::sync::Arc;

use super::game::{Farkle, NAME, PARAMETERS, YARDSTICK};
use super::interface::FarkleGame;
use super::strategy::STRATEGY_FORMS;
use crate::game::{
    Capability, GameType, Named, OpenError, Opening, PositionForm, RulesetRecord, ValueKind,
};

/// Farkle (Busche's Facebook Farkle by default).
pub const GAME: GameType = GameType {
    name: NAME,
    label: "Farkle",
    summary: "six dice: set aside scoring combinations, bank or roll on; a farkle loses the turn",
    players: 2..=2,
    players_why: "its N-seat solver (farkle::seats) is in the library, but 3 players at goal 1000 take hours yet, so the command line asks for two",
    value: ValueKind::WinProbability,
    parameters: &PARAMETERS,
    declared_parameters: false,
    position: PositionForm::NumbersAndDice,
    chance: true,
    ties: false,
    can: &[
        Capability::Strategies,
        Capability::Dice,
        Capability::Map,
        Capability::Win,
        Capability::Layer,
        Capability::Study,
        Capability::Transcript,
    ],
    refusals: &[
        (
            Capability::Exact,
            "rolls six dice, whose outcomes are too many to count as fractions; its float \
             solve reports its residual",
        ),
        (
            Capability::Bounds,
            "has no certified intervals here; its float solve reports its residual (at most \
             1e-14)",
        ),
        (
            Capability::Explain,
            "has no table of choices to explain: a decision depends on the turn total, the \
             dice and the farkle counts too",
        ),
        (
            Capability::Values,
            "writes its turn-start values always: they are its solution",
        ),
        (
            Capability::ScoreMap,
            "has no map of one choice per cell of scores: a decision depends on the turn \
             total, the dice and the farkle counts too (swine plot map draws where it banks)",
        ),
    ],
    files: &[],
    rulesets,
    open,
};

/// The one ruleset.
fn rulesets() -> Vec<RulesetRecord> {
    vec![RulesetRecord {
        // The full game takes minutes to solve; goal 2000 with floor -1000, seconds.
        quick: vec![("goal", 2000), ("floor", -1000)],
        ..RulesetRecord::new(
            NAME,
            "six dice, keep scoring combinations, bank or roll on; three farkles in a row cost \
             500 (Busche's Facebook Farkle, goal 10000; --set any rule number)",
            Some(YARDSTICK),
            STRATEGY_FORMS.map(String::from).to_vec(),
        )
    }]
}

/// Farkle with its rule numbers set.
fn open(opening: &Opening<'_>) -> Result<Named, OpenError> {
    let farkle = Farkle::new(opening.settings).map_err(OpenError::rules)?;
    Ok(Named::built(Arc::new(FarkleGame::new(farkle))))
}
