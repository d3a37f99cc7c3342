//! Why a Hog ruleset cannot be compiled.

use thiserror::Error;

use crate::machine::OutOfMemory;

use super::definition::MAX_GOAL;
use super::script::ScriptError;

/// Why a ruleset cannot be compiled.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RulesError {
    /// No built-in Hog ruleset has this name (it may name another game, whose rules are no
    /// script).
    #[error("'{name}' is no Hog ruleset; the Hog rulesets are {}, or a rule script (FILE.rhai or FILE.py)", known.join(", "))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The names that exist.
        known: Vec<&'static str>,
    },
    /// The goal is outside `1..=MAX_GOAL`.
    #[error("goal {goal} is outside 1..={MAX_GOAL}")]
    Goal {
        /// The goal asked for.
        goal: u32,
    },
    /// The state space would be too large to solve in memory.
    #[error(
        "{rules}: {states} states (goal {goal}, {memory} memory values per player) are more than \
         the {MOST_STATES} swine solves"
    )]
    TooLarge {
        /// The ruleset.
        rules: String,
        /// The goal.
        goal: u32,
        /// The memory values per player.
        memory: u8,
        /// goal² × memory².
        states: u64,
    },
    /// The rule script failed.
    #[error(transparent)]
    Script(#[from] ScriptError),
}

/// The most states a ruleset may have (hog-fa17 at goal 1000 has 256 million, which a sweep
/// holds in 8.8 GB): beyond that the sweep's arrays would not fit in memory.
pub const MOST_STATES: u64 = 260_000_000;

/// Why a solve could not reach the fixpoint of the game's equations.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum SolveError {
    /// The solve was stopped (Ctrl-C, `KeyboardInterrupt`) before it finished.
    #[error(transparent)]
    Stopped(#[from] crate::game::Stopped),
    /// Iterating a layer of totals did not settle.
    #[error(
        "{rules}: the states of totals {low}..={high} did not settle within {passes} passes \
         (the last moved a value by {moved:e}); swine will not report a value that has not \
         converged"
    )]
    Unconverged {
        /// The ruleset.
        rules: String,
        /// The layer's lowest total.
        low: usize,
        /// Its highest total.
        high: usize,
        /// The passes made.
        passes: usize,
        /// How far the last pass moved a value.
        moved: f64,
    },
    /// The system refused the memory of the sweep's tables.
    #[error(transparent)]
    OutOfMemory(#[from] OutOfMemory),
}
