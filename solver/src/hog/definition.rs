//! What a Hog ruleset says, written as plain functions of scores and dice counts.
//!
//! A [`HogRules`] is the *source* of a ruleset: the built-in presets implement it directly, and
//! [`Ruleset::compile`](super::Ruleset::compile) turns it into the dense tables the solver
//! indexes. The solver never calls these functions in its sweep; the Monte Carlo simulator and
//! the built-in strategies do, which keeps them an independent check of the compiled tables.

use crate::dice::Die;

/// The largest number of dice a Hog turn may roll.
pub const MAX_DICE: u8 = 10;

/// What each player remembers between their own turns (part of the game state, hidden from a
/// strategy that sees only the two scores).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    /// Number of distinct values a player's memory can take (`1` means the rules remember
    /// nothing).
    pub size: u8,
    /// The value both players start the game with.
    pub initial: u8,
    /// What a player's memory is, for people, completing "each player's ..." (e.g. "dice
    /// count of the previous turn").
    pub meaning: &'static str,
}

impl Memory {
    /// The memory of rules that remember nothing.
    pub const NONE: Memory = Memory {
        size: 1,
        initial: 0,
        meaning: "nothing",
    };
}

/// The scores after a turn's after-turn rules (swaps) and whether the mover goes again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AfterTurn {
    /// The mover's score.
    pub mover: u32,
    /// The opponent's score.
    pub opponent: u32,
    /// Whether the mover takes another turn (only if the game goes on).
    pub extra_turn: bool,
}

/// A parameter of a built-in strategy.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// Name shown in help and errors; a parameter named `n` is a dice count (0..=10).
    pub name: &'static str,
    /// The course's default when the parameter is omitted; `None` makes it required.
    pub default: Option<u32>,
}

/// A built-in strategy a ruleset offers, such as `bacon:8,6`.
#[derive(Clone, Copy, Debug)]
pub struct Builtin {
    /// The name used in a strategy spec.
    pub name: &'static str,
    /// The parameters, in spec order.
    pub params: &'static [Param],
    /// One sentence saying what the strategy does.
    pub about: &'static str,
    /// The dice it rolls at (own score, opponent score), given every parameter in order
    /// (defaults filled in, dice counts checked to be in `0..=10`).
    pub dice: fn(params: &[u32], own: u32, opponent: u32) -> u8,
}

/// The rules of one Hog variant, as functions. Scores are points, dice counts are `0..=10`.
pub trait HogRules: Send + Sync + std::fmt::Debug {
    /// The preset name used on the command line, e.g. `hog-fa20`.
    fn name(&self) -> &'static str;

    /// One line describing the variant.
    fn summary(&self) -> &'static str;

    /// The strategy spec the course measures final strategies against, e.g. `always_roll:4`.
    fn yardstick(&self) -> &'static str;

    /// What each player remembers between turns.
    fn memory(&self) -> Memory {
        Memory::NONE
    }

    /// Points for rolling zero dice when the opponent has `opponent` points (`< goal`).
    fn free_bacon(&self, opponent: u32) -> u32;

    /// The most dice the mover may roll at these scores; larger requests are reduced to it.
    fn dice_limit(&self, _own: u32, _opponent: u32) -> u8 {
        MAX_DICE
    }

    /// The die rolled at these scores.
    fn die(&self, _own: u32, _opponent: u32) -> Die {
        Die::SIX_SIDED
    }

    /// Bonus points for choosing `dice` dice when the mover remembers `remembered`.
    fn bonus(&self, _remembered: u8, _dice: u8) -> u32 {
        0
    }

    /// What the mover remembers after choosing `dice` dice while remembering `remembered`.
    fn remember(&self, _remembered: u8, _dice: u8) -> u8 {
        0
    }

    /// Applies the after-turn rules once the turn's points are added: `mover` may exceed the
    /// goal; `mover_memory` is the mover's memory after this turn.
    fn after_turn(&self, mover: u32, opponent: u32, mover_memory: u8) -> AfterTurn;

    /// The ruleset-specific built-in strategies (`always_roll` is common to all).
    fn builtins(&self) -> &'static [Builtin] {
        &[]
    }
}
