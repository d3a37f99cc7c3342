//! # swine-solver
//!
//! Exact win probabilities and optimal strategies for Hog-family dice games.
//!
//! A game is a finite graph of states seen from the player to move. Every question is one
//! backward sweep over it ([`hog::solve`]): each seat holds a fixed strategy or an optimising
//! player, so the same sweep evaluates a match-up exactly, finds the best response to a fixed
//! opponent (the course's optimal `final_strategy`), or solves the game with both sides optimal.
//! Probabilities come from the full state space, never from sampling; the Monte Carlo simulator
//! ([`game::simulate`], playing Hog's rules from the faces thrown: [`hog::Game`]) exists to
//! cross-check them.
//!
//! ## Exact win rate of one strategy against another
//!
//! ```
//! use swine_solver::hog::{Ruleset, Strategy, evaluate};
//!
//! let rules = Ruleset::preset("hog-fa20", 100)?;
//! let bacon = Strategy::parse("bacon:8,6", &rules)?;
//! let four = Strategy::parse("always_roll:4", &rules)?;
//! let matchup = evaluate(&rules, &bacon, &four)?;
//! assert!(matchup.win_rate() > 0.5);
//! // A strategy against itself wins exactly half the time.
//! assert_eq!(evaluate(&rules, &four, &four)?.win_rate(), 0.5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The optimal strategy against the course's yardstick
//!
//! ```
//! use swine_solver::hog::{Ruleset, SearchLimits, Strategy, evaluate, solve_against};
//!
//! let rules = Ruleset::preset("hog-fa20", 100)?;
//! let yardstick = Strategy::parse(rules.rules().yardstick(), &rules)?;
//! let solved = solve_against(&rules, &yardstick, SearchLimits::default(), |_| {})?;
//! println!("at 0 : 0 roll {}", solved.file.table.dice[[0, 0]]);
//! // The reported win rate is the exact evaluation of the table it wrote.
//! let optimal = Strategy::from_table("optimal", solved.file.table.clone());
//! assert_eq!(evaluate(&rules, &optimal, &yardstick)?, solved.outcome);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

/// A file committed in the repository's `tables/` and built into the program: its path in the
/// repository and its bytes (for the solves a search or a long solve would otherwise repeat).
macro_rules! committed {
    ($name:literal) => {
        (
            concat!("tables/", $name),
            include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tables/", $name)),
        )
    };
}

pub mod bounds;
pub mod cache;
pub mod catalog;
pub mod chart;
pub mod chopsticks;
#[cfg(feature = "coin-race")]
pub mod coin_race;
pub mod commentary;
pub mod dice;
pub mod farkle;
pub mod format;
pub mod fraction;
pub mod game;
pub mod greed;
pub mod hog;
pub mod machine;
mod memory;
pub mod montecarlo;
pub mod outcome;
pub mod pig;
pub mod python;
pub mod read;
pub mod report;
pub mod seats;
pub mod spec;
pub mod table;
pub mod tournament;
pub mod yahtzee;
