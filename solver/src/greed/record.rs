//! Greed's record: one ruleset of a game of two players, with its limit.

use std::sync::Arc;

use super::game::{DEFAULT_LIMIT, Greed, NAME, YARDSTICK};
use super::interface::GreedGame;
use super::strategy::STRATEGY_FORMS;
use crate::game::{
    Capability, GameType, Named, OpenError, Opening, Parameter, PositionForm, RulesetRecord,
    ValueKind,
};

/// Greed (CS 61A's PR1).
pub const GAME: GameType = GameType {
    name: NAME,
    label: "Greed",
    summary: "roll any number of dice showing 0..5 or pass; going over the limit loses",
    players: 2..=2,
    players_why: "",
    value: ValueKind::WinProbability,
    parameters: &[Parameter::integer(
        "goal",
        (1, DEFAULT_LIMIT as i64),
        DEFAULT_LIMIT as i64,
        "the limit: a score over it loses",
    )],
    declared_parameters: false,
    position: PositionForm::Numbers,
    chance: true,
    ties: true,
    can: &[
        Capability::Strategies,
        Capability::Bounds,
        Capability::Explain,
        Capability::Values,
        Capability::Transcript,
        Capability::Map,
        Capability::ScoreMap,
        Capability::Tables,
        Capability::Study,
    ],
    refusals: &[
        (Capability::Exact, EXACT_REFUSAL),
        (
            Capability::TimeLimit,
            "is solved by one sweep to its fixpoint; it needs no time limit",
        ),
        (
            Capability::Win,
            "has no win-probability surface: its values are in swine solve's files (--values)",
        ),
    ],
    files: &[],
    rulesets,
    open,
};

/// Why Greed has no exact fractions.
const EXACT_REFUSAL: &str = "rolls up to 255 dice at once, whose outcomes are too many to count \
                             as fractions; --bounds gives a certified interval";

/// The one ruleset.
fn rulesets() -> Vec<RulesetRecord> {
    vec![RulesetRecord::new(
        NAME,
        "dice show 0..5, going over 100 loses, a pass gives one last turn, ties count half",
        Some(YARDSTICK),
        STRATEGY_FORMS.map(String::from).to_vec(),
    )]
}

/// Greed to its limit.
fn open(opening: &Opening<'_>) -> Result<Named, OpenError> {
    let greed = Greed::new(opening.goal(DEFAULT_LIMIT)).map_err(OpenError::rules)?;
    Ok(Named::built(Arc::new(GreedGame::new(greed))))
}

#[cfg(test)]
mod tests {
    use super::super::game::MAX_DICE;
    use super::*;

    #[test]
    fn the_exact_refusal_names_the_most_dice() {
        assert!(EXACT_REFUSAL.contains(&format!("up to {MAX_DICE} dice")));
    }
}
