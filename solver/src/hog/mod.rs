//! Hog and its rule variants.
//!
//! - [`Script`]: a ruleset as a rule script ([`script`](mod@script) documents its hooks);
//!   [`presets`] holds the built-in ones, [`definition`] what a script declares besides hooks.
//! - [`Ruleset`]: a script compiled for a goal into the dense tables the solver indexes.
//! - [`StateSpace`]: how (scores, memories) map to array indices.
//! - [`Strategy`]: the one parser of strategy specs; [`Policy`]: dice for every state.
//! - [`solve`]: the backward sweep; [`evaluate`] and [`solve_against`] ask it questions;
//!   [`reach`] is the forward pass (how likely each state is).
//! - [`solve_exact`]: the same sweep in big integers and rationals, for fractions.
//! - [`explain`]: the cells whose single change would raise a table's win rate most, exactly.
//! - [`best_table`]: the best score table when the rules hide memory from a strategy.
//! - [`atlas`]: every preset's headline numbers side by side (a sweep's, for any game, are
//!   `game::contest::survey`'s); [`game_length`]: how many turns a game lasts.
//! - [`Game`]: a turn played from real dice faces, and the rules interface over it
//!   ([`Table`], [`Plays`]): the independent Monte Carlo check, transcripts and play go
//!   through it, each turn told in the rules' words (`narrate`).

mod advice;
mod analysis;
mod atlas;
mod bounds;
mod committed;
pub mod definition;
mod error;
mod exact;
mod explain;
mod interface;
mod layout;
mod length;
mod library;
mod narrate;
mod policy;
pub mod presets;
mod reach;
mod record;
mod rescore;
mod rules;
mod ruleset;
pub mod script;
mod search;
mod session;
mod space;
mod strategy;
mod study;
mod sweep;
mod turn;

pub use analysis::{
    AdoptError, ExactSummary, SearchSummary, Solved, adopt_best_table, best_table_stem, evaluate,
    make_exact, position, solve_against, values_file,
};
pub use atlas::{
    AtlasEntry, AtlasError, Optimum, OptimumSource, atlas, atlas_entry, atlas_order, entry_of,
};
pub use bounds::certify_hog;
pub use definition::{ACTIONS, Builtin, DEFAULT_GOAL, MAX_DICE, MAX_GOAL, Memory, Param};
pub use error::{MOST_STATES, RulesError, SolveError};
pub use exact::{ExactError, ExactSolution, ExactTie, solve_exact};
pub use explain::{CellGain, ExplainError, explain, switch_gains};
pub use interface::{HogGame, footprint};
pub use length::{GameLength, game_length};
pub use policy::{FullTable, Policy, ScoreTable};
pub use reach::{Reach, reach};
pub use record::{GAME, script};
pub use rules::{Plays, Table};
pub use ruleset::{Layer, Lowering, Order, Pass, Repeat, Ruleset};
pub use script::{AfterTurn, Parameter, Script, ScriptError, compiled_on_this_thread};
pub use search::{
    BATCH, PERTURBATIONS, Round, SEED, STARTS, SearchLimits, TOLERANCE, TableSearch, best_table,
};
pub use space::StateSpace;
pub use strategy::{Strategy, StrategyKind, forms_with, strategy_forms};
pub use study::Happenings;
pub use sweep::{
    Improvement, MAX_PASSES, MAX_ROUNDS, Player, SETTLED, Solution, TIE_TOLERANCE, solve,
    solve_everywhere,
};
pub use turn::{Game, Turn};
