//! The records of the Yahtzee family: Yahtzee and Yatzy, each one ruleset of a game of one
//! player's score, which two players also play as a duel of two cards, and up to six as
//! strangers online do (each on its own card, the highest final score winning).

use std::sync::Arc;

use super::interface::{STRATEGY_FORMS, YARDSTICK, YahtzeeGame, rules_of};
use super::rules::{JOKERS, MOST_THRESHOLD, NAME, Settings, YATZY_SHEET};
use crate::game::{
    Capability, GameType, Named, OpenError, Opening, Parameter, ParameterKind, PositionForm,
    RulesetRecord, ValueKind,
};

/// What the games of the family do not answer, and why.
const REFUSALS: &[(Capability, &str)] = &[
    (
        Capability::Exact,
        "has no exact fractions: its values are floats over every card between turns a game \
         can reach",
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
        "has no map of scores: a card is a row of boxes",
    ),
    (
        Capability::Win,
        "has no win-probability surface: a card is a row of boxes",
    ),
];

/// Yahtzee (Hasbro's rules).
pub const GAME: GameType = GameType {
    name: NAME,
    label: "Yahtzee",
    summary: "five dice, thirteen boxes, up to three rolls a turn: the highest expected final \
              score, and duels of two cards",
    players: 1..=6,
    players_why: "",
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
        THRESHOLD,
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
        Capability::Transcript,
    ],
    refusals: REFUSALS,
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
    open_sheet(Settings::default(), opening)
}

/// The game of the rules `defaults` with the settings of `opening`.
fn open_sheet(defaults: Settings, opening: &Opening<'_>) -> Result<Named, OpenError> {
    let settings = rules_of(defaults, opening.settings).map_err(OpenError::rules)?;
    let players = opening.players.map_or(2, usize::from);
    Ok(Named::built(Arc::new(YahtzeeGame::seated(
        settings, players,
    ))))
}

/// The upper threshold's parameter, as both games take it.
const THRESHOLD: Parameter = Parameter::integer(
    "upper_threshold",
    (0, MOST_THRESHOLD as i64),
    63,
    "the upper total that earns it",
);

/// Scandinavian Yatzy: fifteen boxes, no joker, no Yatzy bonus.
pub const YATZY: GameType = GameType {
    name: "yatzy",
    label: "Yatzy",
    summary: "Scandinavian Yatzy: five dice, fifteen boxes (one and two pairs, 1-5 and 2-6 \
              straights), up to three rolls a turn: the highest expected final score, and duels \
              of two cards",
    parameters: &[
        Parameter::integer("upper_bonus", (0, 1000), 50, "the upper section's bonus"),
        THRESHOLD,
    ],
    rulesets: yatzy_rulesets,
    open: open_yatzy,
    ..GAME
};

/// Yatzy's one ruleset.
fn yatzy_rulesets() -> Vec<RulesetRecord> {
    vec![RulesetRecord::new(
        YATZY_SHEET.name,
        "Scandinavian Yatzy: five dice, fifteen boxes, up to three rolls a turn, no joker and \
         no Yatzy bonus; the highest expected final score, and duels of two cards (--set \
         upper_bonus, upper_threshold)",
        Some(YARDSTICK),
        STRATEGY_FORMS.map(String::from).to_vec(),
    )]
}

/// Yatzy with its rules set.
fn open_yatzy(opening: &Opening<'_>) -> Result<Named, OpenError> {
    open_sheet(Settings::yatzy(), opening)
}
