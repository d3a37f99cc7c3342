//! Yahtzee's record: one ruleset of a game of one player's score, which two players also play
//! as a duel of two cards.

use std::sync::Arc;

use super::interface::{STRATEGY_FORMS, YARDSTICK, YahtzeeGame, settings_of};
use super::rules::{JOKERS, MOST_THRESHOLD, NAME};
use crate::game::{
    Capability, GameType, Named, OpenError, Opening, Parameter, ParameterKind, PositionForm,
    RulesetRecord, ValueKind,
};

/// Yahtzee (Hasbro's rules).
pub const GAME: GameType = GameType {
    name: NAME,
    label: "Yahtzee",
    summary: "five dice, thirteen boxes, up to three rolls a turn: the highest expected final \
              score, and duels of two cards",
    players: 1..=2,
    value: ValueKind::ExpectedScore { unit: "points" },
    parameters: &[
        Parameter {
            name: "joker",
            kind: ParameterKind::Named(&JOKERS),
            default: 0,
            doc: "a Yahtzee once its box is filled: forced, verhoeff, free or none",
        },
        Parameter::integer(
            "yahtzee_bonus",
            (0, 1000),
            100,
            "points for each further Yahtzee once the box holds 50; 0: none",
        ),
        Parameter::integer("upper_bonus", (0, 1000), 35, "the upper section's bonus"),
        Parameter::integer(
            "upper_threshold",
            (0, MOST_THRESHOLD as i64),
            63,
            "the upper total that earns it",
        ),
    ],
    declared_parameters: false,
    position: PositionForm::Card,
    chance: true,
    ties: true,
    can: &[
        Capability::Strategies,
        Capability::Dice,
        Capability::Study,
        Capability::ByHand,
    ],
    refusals: &[
        (
            Capability::Exact,
            "has no exact fractions: its values are floats over 536,320 cards",
        ),
        (
            Capability::Explain,
            "has no table of choices to explain: ask a position (--from, --dice, \
             --rolls-left) what each choice is worth",
        ),
        (
            Capability::Values,
            "writes its card values always: they are its solution",
        ),
        (
            Capability::Map,
            "has no map of scores: a card is thirteen boxes",
        ),
        (
            Capability::Win,
            "has no win-probability surface: a card is thirteen boxes",
        ),
    ],
    files: &[],
    rulesets,
    open,
};

/// The one ruleset.
fn rulesets() -> Vec<RulesetRecord> {
    vec![RulesetRecord::new(
        NAME,
        "five dice, thirteen boxes, up to three rolls a turn; the highest expected final \
         score, and duels of two cards (Hasbro's rules; --set joker=forced|verhoeff|free|none, \
         yahtzee_bonus, upper_bonus, upper_threshold)",
        Some(YARDSTICK),
        STRATEGY_FORMS.map(String::from).to_vec(),
    )]
}

/// Yahtzee with its rules set.
fn open(opening: &Opening<'_>) -> Result<Named, OpenError> {
    let settings = settings_of(opening.settings).map_err(OpenError::rules)?;
    Ok(Named::built(Arc::new(YahtzeeGame::new(settings))))
}
