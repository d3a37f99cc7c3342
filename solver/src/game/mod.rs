//! The one game interface: every verb (solve, eval, simulate, grade, tournament, play, serve,
//! plot, tables, sweep) and every front end (the CLI, the page, the Python package) is written
//! once over it, and a game is its rules, its solver and an `impl Game`.
//!
//! The line is drawn at **one solve per match-up**: inside a game everything stays concrete
//! and monomorphic (the sweeps over dense tables), and across the line verbs see only this
//! trait. [`Game`] is typed (each game's own strategies); [`DynGame`] is the same interface
//! with strategies type-erased, which [`catalog::open`](crate::catalog::open) hands out as an
//! [`Opened`] and which the CLI, the page and the package share.
//!
//! - `record`: what a game is ([`GameType`]: its players, kind of value, parameters,
//!   capabilities and rulesets), registered in one line of the catalog.
//! - `info`: what an opened ruleset says about itself beside its record, and what it can be
//!   asked ([`Capability`]); a flag a game cannot answer is refused there, in one form.
//! - `answers`: what verbs ask beyond two strategies ([`SolveAsk`], [`ChartAsk`]) and what a
//!   game answers ([`Solved`], [`Evaluated`], [`Rating`], [`Simulated`]).
//! - `erased`: [`DynGame`] and its [`Strategy`], with the checks made once for every game.
//! - `error`: why a question could not be answered ([`GameError`]).
//! - `footprint`: what a solve will take, memory and time, before it starts ([`Footprint`]).
//! - `run`: the stop flag and progress of one computation ([`Run`]).
//! - [`play`](mod@play): a match-up solved for a person to play against ([`Engine`]) and a game
//!   in progress ([`Session`]), for `swine play` and the page alike.
//! - `view`: what the page draws of a game in progress ([`View`]) and of a strategy map
//!   ([`Map`]), typed in terms that fit every game.
//! - [`contest`]: grading, tournaments and sweeps over any game.
//!
//! Where a game's needs and this interface disagree, the interface changes (Chopsticks has no
//! strategies and a move limit instead of a goal: [`Capability::Strategies`] and
//! [`Capability::Moves`]; Farkle's positions carry dice shown and a Python strategy too large
//! to evaluate exactly is rated by simulation: [`Rating::estimate`]; Farkle's decisions are
//! too many to tabulate, so a callable is the game's to take, [`Game::callable`], which the
//! games with course tables answer by tabulating it).

mod action;
mod answers;
pub mod contest;
mod erased;
mod error;
mod footprint;
mod info;
pub mod play;
mod record;
mod rules;
mod run;
pub mod sides;
pub mod simulate;
mod sitting;
pub mod study;
mod tabulate;
#[cfg(test)]
mod toy;
mod view;

pub use crate::report::Goal;
pub use crate::report::ranking::{Simple, Survey};
pub use action::Action;
pub use answers::{
    ChartAsk, ChartKind, Evaluated, Found, Fractions, MOST_MOVES, MoveLimit, Rating, Reported,
    SearchAsk, Simulated, SolveAsk, Solved, TablesJob, optimum_words,
};
pub use erased::{DynGame, Strategy, facing, meet};
pub use error::{GameError, given};
pub use footprint::{Footprint, Growth, bytes_text};
pub use info::{Capability, GameInfo, Part};
pub use play::{Answers, Audience, Engine, Prompt, Session, Told};
pub use record::{
    GameType, Named, OpenError, Opening, PLAYERS, Parameter, ParameterKind, PositionForm,
    RulesetRecord, UnknownRuleset, ValueKind,
};
pub use rules::{
    Chooser, Ended, LoopWatch, Memory, Rules, Step, ToMove, play_choice, play_out, settle,
};
pub use run::{Counter, Progress, Run, Stopped};
pub use sitting::{Advisor, Presented, Sitting};
pub use study::{Studied, StudyAsk};
pub use tabulate::tabulate;
pub use view::{
    Axes, Board, Cell, CellState, Choice, Count, Dice, Keeping, Layout, Map, MapChoice, Number,
    Reading, Seat, Tally, Tray, View, Who, grid,
};

use std::path::Path;
use std::sync::Arc;

use crate::bounds::BoundedRates;
use crate::chart::Chart;
use crate::outcome::Outcome;
use crate::python::{Callable, Runner};
use crate::report::{
    Heading, Lost, Points, PositionReport, ScoreReport, ScoreSimulationReport, SeatsReport,
};
use crate::spec::Resolved;
use crate::table::{Schema, Table};

/// The name of the equilibrium strategy (as a spec, and of the table `--vs minimax` solves).
pub const MINIMAX: &str = "minimax";

/// The name of the optimal strategy in every game with strategies: the best response to the
/// opponent, or alone the highest expected score.
pub const OPTIMAL: &str = "optimal";

/// A game's ruleset, opened: what every verb and front end holds.
pub type Opened = Arc<dyn DynGame>;

/// One game behind the interface, with its own strategies.
///
/// Every method that solves takes a [`Run`] and checks its stop flag between sweeps, layers or
/// batches. The interface ([`DynGame`]) asks a game nothing its capabilities lack (the
/// refusal, from [`GameInfo::allows`], reads the same everywhere), checks its stop flag before
/// each question and a position before it is valued, and gives a game with strategies its
/// opponent: a game answers only what it can.
pub trait Game: Send + Sync + 'static {
    /// A strategy of the game, resolved from a spec.
    type Strategy: Send + Sync + 'static;

    /// What the game says about itself.
    fn info(&self) -> &GameInfo;

    /// The strategy `spec` names: a built-in, a table file, a Python file (run by `runner`),
    /// `optimal` (the best response to whatever it meets) or `minimax`.
    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Resolved<Self::Strategy>, GameError>;

    /// The table a course strategy fills, where strategies can be given as tables (the
    /// package's arrays and callables; [`Capability::Tables`]).
    fn course_schema(&self) -> Option<Schema> {
        None
    }

    /// The strategy playing `table` (shaped as [`Game::course_schema`]), called `name`.
    fn table_strategy(&self, name: &str, table: Table) -> Result<Self::Strategy, GameError> {
        let _ = (name, table);
        Err(self.refuse(Capability::Tables))
    }

    /// `function`, a strategy function of the caller's interpreter (the package's callables),
    /// as a strategy: tabulated over the course table ([`tabulate`]) where the game's strategies
    /// are tables; a game whose decisions are too many to tabulate (Farkle) asks it as it plays.
    fn callable(
        &self,
        mut function: Box<dyn Callable>,
        run: &Run,
    ) -> Result<Self::Strategy, GameError> {
        let schema = self
            .course_schema()
            .ok_or_else(|| self.refuse(Capability::Tables))?;
        let name = function.name().to_string();
        let table = tabulate(schema, function.as_mut(), run)?;
        self.table_strategy(&name, table)
    }

    /// The strategy's name, as reports show it.
    fn name<'a>(&self, strategy: &'a Self::Strategy) -> &'a str;

    /// Whether the strategy plays fixed decisions (an optimising one answers every change).
    fn is_fixed(&self, strategy: &Self::Strategy) -> bool;

    /// Whether `strategy` is `minimax`, the equilibrium strategy, rather than `optimal`, the
    /// best response to whatever it meets (both optimise until they meet a fixed strategy).
    fn is_minimax(&self, strategy: &Self::Strategy) -> bool {
        let name = self.name(strategy);
        !self.is_fixed(strategy) && (name == MINIMAX || name.starts_with("minimax ("))
    }

    /// The strategy a `minimax` plays against a fixed one: the equilibrium's decisions, under
    /// `minimax`'s name.
    fn equilibrium(&self, minimax: &Self::Strategy, run: &Run)
    -> Result<Self::Strategy, GameError>;

    /// The exact outcome of `seats[0]` against `seats[1]` (as they meet), and its report.
    fn evaluate(&self, seats: [&Self::Strategy; 2], run: &Run) -> Result<Evaluated, GameError>;

    /// `seats[0]` rated against `seats[1]` for grading: exactly unless that is out of reach.
    fn rate(&self, seats: [&Self::Strategy; 2], run: &Run) -> Result<Rating, GameError> {
        Ok(Rating {
            outcome: self.evaluate(seats, run)?.outcome,
            estimate: None,
        })
    }

    /// The numbers of the position `--from` gives as `from`, one per [`GameInfo::position`]
    /// part, with the rolls left after the dice shown (`--rolls-left`, Yahtzee's): by default
    /// the numbers `from` lists, comma-separated, and no rolls left to give. A game with a
    /// position of its own form reads it here (Yahtzee's card, `chance=20,yahtzee=50`, the
    /// empty card where none is given).
    fn read_position(
        &self,
        from: Option<&str>,
        rolls_left: Option<u8>,
    ) -> Result<Vec<i64>, GameError> {
        if rolls_left.is_some() {
            return Err(GameError::Refused(format!(
                "--rolls-left: {} has no rolls left in a position",
                self.info().rules
            )));
        }
        let names = self
            .info()
            .position
            .iter()
            .map(|p| p.name.to_uppercase())
            .collect::<Vec<_>>()
            .join(",");
        let from = from.ok_or_else(|| {
            GameError::Refused(format!(
                "--dice needs the position they are shown at: give --from ({names})"
            ))
        })?;
        from.split(',')
            .map(|piece| {
                piece.trim().parse().map_err(|_| {
                    GameError::Position(format!(
                        "'{}' is not a whole number; expected {names}",
                        piece.trim()
                    ))
                })
            })
            .collect()
    }

    /// Checks a position (`--from`, one number per [`GameInfo::position`] part) and the dice
    /// shown there, before anything is solved.
    fn check_position(&self, at: &[i64], dice: Option<&[u8]>) -> Result<(), GameError>;

    /// The position `at` of `seats[0]` (to move) against `seats[1]`: its outcome from there
    /// and what each choice is worth.
    fn position(
        &self,
        seats: [&Self::Strategy; 2],
        at: &[i64],
        dice: Option<&[u8]>,
        run: &Run,
    ) -> Result<PositionReport, GameError>;

    /// `strategy` playing alone, exactly: the distribution of its final score (a game whose
    /// record counts one player among its players; [`GameType::alone`]), from the start or
    /// from the position `from` (as [`read_position`](Game::read_position) reads it, checked,
    /// with the dice shown there).
    fn score(
        &self,
        strategy: &Self::Strategy,
        from: Option<(&[i64], Option<&[u8]>)>,
        run: &Run,
    ) -> Result<ScoreReport, GameError> {
        let _ = (strategy, from, run);
        Err(self.info().alone_refused())
    }

    /// `strategy`'s expected final score playing alone as a grade takes it: exact where the
    /// game solves it ([`Game::score`]), else the mean of seeded games with its precision.
    fn points(&self, strategy: &Self::Strategy, run: &Run) -> Result<Points, GameError> {
        self.score(strategy, None, run)
            .map(|report| Points::exact(report.expected_score))
    }

    /// `games` seeded games of `strategy` alone, beside its exact expected score where that is
    /// known.
    fn simulate_alone(
        &self,
        strategy: &Self::Strategy,
        games_and_seed: (u64, u64),
        run: &Run,
    ) -> Result<ScoreSimulationReport, GameError> {
        let _ = (strategy, games_and_seed, run);
        Err(self.info().alone_refused())
    }

    /// `seats[0]` in each seat in turn of a game of [`GameInfo::players`] players (more than
    /// two), `seats[1]` in every other seat: every seat's chance of winning, exactly; with
    /// `games` (per seating, and a seed), as many games played beside.
    fn seat_wins(
        &self,
        seats: [&Self::Strategy; 2],
        games: Option<(u64, u64)>,
        run: &Run,
    ) -> Result<SeatsReport, GameError> {
        let _ = (seats, games, run);
        Err(GameError::Refused(format!(
            "--players: {} is played by two players here",
            self.info().rules
        )))
    }

    /// `games` seeded games with each seat moving first, beside the exact outcome.
    fn simulate(
        &self,
        seats: [&Self::Strategy; 2],
        games_and_seed: (u64, u64),
        run: &Run,
    ) -> Result<Simulated, GameError>;

    /// One seeded game told turn by turn ([`Capability::Transcript`]).
    fn transcript(
        &self,
        seats: [&Self::Strategy; 2],
        seed: u64,
        run: &Run,
    ) -> Result<String, GameError> {
        let _ = (seats, seed, run);
        Err(self.refuse(Capability::Transcript))
    }

    /// Every cell of `seats[0]`'s table whose change alone raises its win rate against the
    /// fixed `seats[1]`, the largest gain first ([`Capability::Explain`]).
    fn explain(&self, seats: [&Self::Strategy; 2], run: &Run) -> Result<Vec<Lost>, GameError> {
        let _ = (seats, run);
        Err(self.refuse(Capability::Explain))
    }

    /// The match-up's rates as exact fractions ([`Capability::Exact`]).
    fn fractions(&self, seats: [&Self::Strategy; 2], run: &Run) -> Result<Fractions, GameError> {
        let _ = (seats, run);
        Err(self.refuse(Capability::Exact))
    }

    /// The match-up studied turn by turn: for each seating, the length of a game and how often
    /// each rule happens, exactly; with `games` (per seating, and a seed), the same counted
    /// over games played with real dice ([`Capability::Study`]).
    fn study(
        &self,
        seats: [&Self::Strategy; 2],
        ask: StudyAsk,
        run: &Run,
    ) -> Result<Studied, GameError> {
        let _ = (seats, ask, run);
        Err(self.refuse(Capability::Study))
    }

    /// Certified intervals of the match-up's rates ([`Capability::Bounds`]).
    fn bounds(&self, seats: [&Self::Strategy; 2], run: &Run) -> Result<BoundedRates, GameError> {
        let _ = (seats, run);
        Err(self.refuse(Capability::Bounds))
    }

    /// What the optimum wins against `opponent`, and what that optimum is in words (grading's
    /// yardstick of yardsticks).
    fn optimum(&self, opponent: &Self::Strategy, run: &Run)
    -> Result<(Outcome, String), GameError>;

    /// The optimal strategy against `opponent` (none for a game without strategies), as
    /// `swine solve` writes it.
    fn solve(
        &self,
        opponent: Option<&Self::Strategy>,
        ask: &SolveAsk,
        run: &Run,
    ) -> Result<Solved, GameError>;

    /// The match-up a person plays against `computer` (none: perfect play; in a game one
    /// player plays alone, the person alone), solved once for any number of games.
    fn engine(
        &self,
        computer: Option<&Self::Strategy>,
        moves: Option<MoveLimit>,
        run: &Run,
    ) -> Result<Arc<dyn Engine>, GameError>;

    /// A picture of `seats[0]` against `seats[1]` ([`Capability::Map`], [`Capability::Win`]).
    fn chart(
        &self,
        ask: ChartAsk,
        seats: [&Self::Strategy; 2],
        run: &Run,
    ) -> Result<Chart, GameError> {
        let _ = (seats, run);
        Err(self.refuse(match ask.kind {
            ChartKind::Map => Capability::Map,
            ChartKind::Win => Capability::Win,
        }))
    }

    /// Where `seats[0]` and `other` differ, coloured by the exact gain of taking `other`'s
    /// choice alone, against the fixed `seats[1]` ([`Capability::Diff`]).
    fn diff(
        &self,
        seats: [&Self::Strategy; 2],
        other: &Self::Strategy,
        run: &Run,
    ) -> Result<Chart, GameError> {
        let _ = (seats, other, run);
        Err(self.refuse(Capability::Diff))
    }

    /// The solves `swine tables` makes of this ruleset (with `from`, the expensive ones taken
    /// from there once checked); the checks happen here, the solves when the jobs run.
    fn tables(&self, from: Option<&Path>) -> Result<Vec<TablesJob>, GameError>;

    /// Games per seat a simulation plays unless told otherwise.
    fn default_games(&self) -> u64 {
        100_000
    }

    /// The refusal of `capability`, in the one form every front end gives.
    fn refuse(&self, capability: Capability) -> GameError {
        match self.info().allows(capability) {
            Err(refusal) => refusal,
            Ok(()) => GameError::Refused(format!(
                "{}: {} does not answer it here",
                capability.flag(),
                self.info().rules
            )),
        }
    }

    /// The heading of `strategy` playing alone in this game.
    fn heading_alone(&self, strategy: &str) -> Heading {
        Heading {
            batch: self.info().batch(),
            strategy: strategy.to_string(),
            opponent: None,
        }
    }

    /// The heading of `strategy` against `opponent` in this game.
    fn heading(&self, strategy: &str, opponent: &str) -> Heading {
        Heading {
            batch: self.info().batch(),
            strategy: strategy.to_string(),
            opponent: Some(opponent.to_string()),
        }
    }
}

/// A number of dice as a choice's label: `1 die`, `3 dice`.
pub fn dice_label(n: u8) -> String {
    if n == 1 {
        "1 die".to_string()
    } else {
        format!("{n} dice")
    }
}

/// Checks that `at` holds one number per part, each in its range; the error names the part,
/// its value and the range (or, for a wrong count, the parts expected).
pub fn check_numbers(parts: &[(&str, std::ops::Range<i64>)], at: &[i64]) -> Result<(), GameError> {
    if at.len() != parts.len() {
        let names: Vec<String> = parts.iter().map(|(name, _)| name.to_uppercase()).collect();
        return Err(GameError::Position(format!(
            "{} number(s), expected {} ({})",
            at.len(),
            parts.len(),
            names.join(",")
        )));
    }
    for (&n, (name, range)) in at.iter().zip(parts) {
        if !range.contains(&n) {
            return Err(GameError::Position(format!(
                "{name} {n} is outside {}..{}",
                range.start, range.end
            )));
        }
    }
    Ok(())
}
