//! Chopsticks' record: one ruleset of a game of two players without chance or strategies to
//! evaluate, solved with both sides perfect and played.

use std::sync::Arc;

use super::NAME;
use super::interface::Chopsticks;
use crate::game::{
    Capability, GameType, Named, OpenError, Opening, PositionForm, RulesetRecord, ValueKind,
};

/// Why Chopsticks answers no question about strategies.
const NO_STRATEGIES: &str =
    "is a game without chance or strategies to evaluate: solve it (both sides perfect) or play it";

/// Why Chopsticks needs no fractions or bounds.
const EXACT_ALREADY: &str =
    "has no dice; its solved positions are wins, losses and draws, exact already";

/// Chopsticks (the hand game).
pub const GAME: GameType = GameType {
    name: NAME,
    label: "Chopsticks",
    summary: "no dice: taps and transfers between hands, solved as a win, draw or loss",
    players: 2..=2,
    players_why: "",
    value: ValueKind::WinProbability,
    parameters: &[],
    declared_parameters: false,
    position: PositionForm::Board,
    chance: false,
    ties: true,
    can: &[Capability::Moves],
    refusals: &[
        (Capability::Strategies, NO_STRATEGIES),
        (Capability::Explain, NO_STRATEGIES),
        (Capability::Transcript, NO_STRATEGIES),
        (Capability::Tables, NO_STRATEGIES),
        (Capability::Study, NO_STRATEGIES),
        (Capability::Map, NO_STRATEGIES),
        (Capability::Win, NO_STRATEGIES),
        (Capability::Diff, NO_STRATEGIES),
        (Capability::Exact, EXACT_ALREADY),
        (Capability::Bounds, EXACT_ALREADY),
        (Capability::Dice, "has no dice"),
        (Capability::ScoreMap, "has no scores to map"),
        (
            Capability::Values,
            "writes every solved position (with its result) already",
        ),
        (
            Capability::FullInformation,
            "hides nothing: both sides see both hands",
        ),
        (
            Capability::TimeLimit,
            "is solved exactly in well under a second; it needs no time limit",
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
        "two hands of 0..4 fingers each, taps and transfers, a hand at 5 drops to 0",
        None,
        Vec::new(),
    )]
}

/// The game.
fn open(_: &Opening<'_>) -> Result<Named, OpenError> {
    Ok(Named::built(Arc::new(Chopsticks::new())))
}
