//! Greed: dice showing 0..=5, any number of them, going over the limit loses, a pass gives the
//! opponent one last turn, ties count half, and positions repeat when a roll totals 0.
//!
//! - [`Greed`]: the rules as data: states, dice distributions, the dice cap.
//! - [`Strategy`]: the specs (`sample1`, `sample2`, `improve:S`, `optimal`, table files);
//!   [`Policy`]: dice for every state.
//! - [`solve`] (values) and [`evaluate`] (win, tie, loss) run the one sweep; [`play`] and
//!   [`solve_against`] ask it the users' questions.
//! - [`explain`] ([`Gains`]): where a fixed strategy loses, as the exact gain of changing the
//!   dice in one state.
//! - [`Rules`](crate::game::Rules) for Greed: the game at the table, turn by turn, applied
//!   from the dice thrown (the independent Monte Carlo check, the `autoplayLoud` transcript and
//!   play, written once over it); [`Plays`]: a seat playing a policy.
//! - `study`: a match-up as a chain of turns (`swine study`): passes, busts, rolls of 0.

mod advice;
mod analysis;
mod bounds;
mod explain;
mod game;
mod interface;
mod narrate;
mod policy;
mod record;
mod rules;
mod session;
mod strategy;
mod study;
mod sweep;
mod turn;
mod value;

pub use analysis::{
    Match, Solution, Solved, evaluate, play, position, solve, solve_against, values_file,
};
pub use bounds::certify_greed;
pub use explain::{CellGain, Gains, explain};
pub use game::{DEFAULT_LIMIT, Greed, GreedError, MAX_DICE, NAME, YARDSTICK};
pub use interface::{GreedGame, choice_label};
pub use policy::{GreedTable, Policy};
pub use record::GAME;
pub use rules::{Plays, Table};
pub use strategy::{STRATEGY_FORMS, Strategy};
pub use sweep::{MAX_ROUNDS, Player, SolveError, TIE_TOLERANCE};
