//! The integration tests: golden values, invariants, Monte Carlo agreement, the CLI, bad
//! input and the committed tables, in one test binary.

mod util;

mod atlas;
mod bad_input;
mod chopsticks;
mod cli;
mod conformance;
mod course;
mod docs;
mod exact;
mod farkle;
mod footprint;
mod golden;
mod greed;
mod hostile;
mod house;
mod invariants;
mod memory;
mod monte_carlo;
mod pig;
mod play;
mod plot;
mod python;
mod python_package;
mod repeat;
mod rule_modules;
mod scripts;
mod seats;
mod serve;
mod study;
mod tables;
mod yahtzee;
mod yahtzee_target;
mod yatzy;
