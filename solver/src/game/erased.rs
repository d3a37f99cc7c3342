//! The game interface with strategies type-erased ([`DynGame`]), as every front end holds a
//! game, and the checks it makes once for every game before a question reaches it.

use std::any::Any;
use std::path::Path;
use std::sync::Arc;

use super::error::against;
use super::{
    Capability, ChartAsk, ChartKind, Engine, Evaluated, Fractions, Game, GameError, GameInfo,
    MoveLimit, Rating, Run, Simulated, SolveAsk, Solved, Studied, StudyAsk, TablesJob,
};
use crate::bounds::BoundedRates;
use crate::chart::Chart;
use crate::outcome::Outcome;
use crate::python::{Callable, Runner};
use crate::report::{
    Heading, Lost, Points, PositionReport, ScoreReport, ScoreSimulationReport, SeatsReport,
};
use crate::table::{Schema, Table};

/// A strategy of some game, type-erased: what [`DynGame`] hands out and takes back.
#[derive(Clone)]
pub struct Strategy {
    name: String,
    fixed: bool,
    minimax: bool,
    function: Option<String>,
    inner: Arc<dyn Any + Send + Sync>,
}

impl Strategy {
    /// Its name, as reports show it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The same strategy under the name `name` (a tournament's `NAME=SPEC`).
    pub fn renamed(mut self, name: &str) -> Strategy {
        self.name = name.to_string();
        self
    }

    /// Whether it plays fixed decisions.
    pub fn is_fixed(&self) -> bool {
        self.fixed
    }

    /// Whether it is `minimax`, the equilibrium strategy.
    pub fn is_minimax(&self) -> bool {
        self.minimax
    }

    /// The Python function it was tabulated from, if any.
    pub fn function(&self) -> Option<&str> {
        self.function.as_deref()
    }
}

impl std::fmt::Debug for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Strategy")
            .field("name", &self.name)
            .field("fixed", &self.fixed)
            .finish()
    }
}

/// [`Game`] with its strategies type-erased: the object verbs and front ends hold.
pub trait DynGame: Send + Sync {
    /// See [`Game::info`].
    fn info(&self) -> &GameInfo;
    /// See [`Game::resolve`].
    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Strategy, GameError>;
    /// See [`Game::course_schema`].
    fn course_schema(&self) -> Option<Schema>;
    /// See [`Game::table_strategy`].
    fn table_strategy(&self, name: &str, table: Table) -> Result<Strategy, GameError>;
    /// See [`Game::callable`].
    fn callable(&self, function: Box<dyn Callable>, run: &Run) -> Result<Strategy, GameError>;
    /// See [`Game::equilibrium`].
    fn equilibrium(&self, minimax: &Strategy, run: &Run) -> Result<Strategy, GameError>;
    /// See [`Game::evaluate`].
    fn evaluate(&self, seats: [&Strategy; 2], run: &Run) -> Result<Evaluated, GameError>;
    /// See [`Game::rate`].
    fn rate(&self, seats: [&Strategy; 2], run: &Run) -> Result<Rating, GameError>;
    /// See [`Game::read_position`].
    fn read_position(
        &self,
        from: Option<&str>,
        rolls_left: Option<u8>,
    ) -> Result<Vec<i64>, GameError>;
    /// See [`Game::check_position`].
    fn check_position(&self, at: &[i64], dice: Option<&[u8]>) -> Result<(), GameError>;
    /// See [`Game::position`].
    fn position(
        &self,
        seats: [&Strategy; 2],
        at: &[i64],
        dice: Option<&[u8]>,
        run: &Run,
    ) -> Result<PositionReport, GameError>;
    /// See [`Game::score`].
    fn score(
        &self,
        strategy: &Strategy,
        from: Option<(&[i64], Option<&[u8]>)>,
        run: &Run,
    ) -> Result<ScoreReport, GameError>;
    /// See [`Game::points`].
    fn points(&self, strategy: &Strategy, run: &Run) -> Result<Points, GameError>;
    /// See [`Game::simulate_alone`].
    fn simulate_alone(
        &self,
        strategy: &Strategy,
        games_and_seed: (u64, u64),
        run: &Run,
    ) -> Result<ScoreSimulationReport, GameError>;
    /// See [`Game::heading_alone`].
    fn heading_alone(&self, strategy: &str) -> Heading;
    /// See [`Game::simulate`].
    fn simulate(
        &self,
        seats: [&Strategy; 2],
        games_and_seed: (u64, u64),
        run: &Run,
    ) -> Result<Simulated, GameError>;
    /// See [`Game::seat_wins`].
    fn seat_wins(
        &self,
        seats: [&Strategy; 2],
        games: Option<(u64, u64)>,
        run: &Run,
    ) -> Result<SeatsReport, GameError>;
    /// See [`Game::transcript`].
    fn transcript(&self, seats: [&Strategy; 2], seed: u64, run: &Run) -> Result<String, GameError>;
    /// See [`Game::explain`].
    fn explain(&self, seats: [&Strategy; 2], run: &Run) -> Result<Vec<Lost>, GameError>;
    /// See [`Game::fractions`].
    fn fractions(&self, seats: [&Strategy; 2], run: &Run) -> Result<Fractions, GameError>;
    /// See [`Game::bounds`].
    fn bounds(&self, seats: [&Strategy; 2], run: &Run) -> Result<BoundedRates, GameError>;
    /// See [`Game::study`].
    fn study(&self, seats: [&Strategy; 2], ask: StudyAsk, run: &Run) -> Result<Studied, GameError>;
    /// See [`Game::optimum`].
    fn optimum(&self, opponent: &Strategy, run: &Run) -> Result<(Outcome, String), GameError>;
    /// See [`Game::solve`].
    fn solve(
        &self,
        opponent: Option<&Strategy>,
        ask: &SolveAsk,
        run: &Run,
    ) -> Result<Solved, GameError>;
    /// See [`Game::engine`].
    fn engine(
        &self,
        computer: Option<&Strategy>,
        moves: Option<MoveLimit>,
        run: &Run,
    ) -> Result<Arc<dyn Engine>, GameError>;
    /// See [`Game::chart`].
    fn chart(&self, ask: ChartAsk, seats: [&Strategy; 2], run: &Run) -> Result<Chart, GameError>;
    /// See [`Game::diff`].
    fn diff(&self, seats: [&Strategy; 2], other: &Strategy, run: &Run) -> Result<Chart, GameError>;
    /// See [`Game::tables`].
    fn tables(&self, from: Option<&Path>) -> Result<Vec<TablesJob>, GameError>;
    /// See [`Game::heading`].
    fn heading(&self, strategy: &str, opponent: &str) -> Heading;
    /// See [`Game::default_games`].
    fn default_games(&self) -> u64;
}

impl<G: Game> DynGame for G {
    fn info(&self) -> &GameInfo {
        Game::info(self)
    }

    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Strategy, GameError> {
        let resolved = Game::resolve(self, spec, runner)?;
        let mut strategy = erase(self, resolved.strategy);
        strategy.function = resolved.function;
        Ok(strategy)
    }

    fn course_schema(&self) -> Option<Schema> {
        Game::course_schema(self)
    }

    fn table_strategy(&self, name: &str, table: Table) -> Result<Strategy, GameError> {
        Ok(erase(self, Game::table_strategy(self, name, table)?))
    }

    fn callable(&self, function: Box<dyn Callable>, run: &Run) -> Result<Strategy, GameError> {
        run.check()?;
        self.info().allows(Capability::Strategies)?;
        Ok(erase(self, Game::callable(self, function, run)?))
    }

    fn equilibrium(&self, minimax: &Strategy, run: &Run) -> Result<Strategy, GameError> {
        run.check()?;
        Ok(erase(
            self,
            Game::equilibrium(self, typed(self, minimax)?, run)?,
        ))
    }

    fn evaluate(&self, seats: [&Strategy; 2], run: &Run) -> Result<Evaluated, GameError> {
        run.check()?;
        Game::evaluate(self, both(self, seats)?, run)
    }

    fn rate(&self, seats: [&Strategy; 2], run: &Run) -> Result<Rating, GameError> {
        run.check()?;
        Game::rate(self, both(self, seats)?, run)
    }

    fn read_position(
        &self,
        from: Option<&str>,
        rolls_left: Option<u8>,
    ) -> Result<Vec<i64>, GameError> {
        Game::read_position(self, from, rolls_left)
    }

    fn check_position(&self, at: &[i64], dice: Option<&[u8]>) -> Result<(), GameError> {
        if dice.is_some() {
            Game::info(self).allows(Capability::Dice)?;
        }
        Game::check_position(self, at, dice)
    }

    fn position(
        &self,
        seats: [&Strategy; 2],
        at: &[i64],
        dice: Option<&[u8]>,
        run: &Run,
    ) -> Result<PositionReport, GameError> {
        DynGame::check_position(self, at, dice)?;
        run.check()?;
        Game::position(self, both(self, seats)?, at, dice, run)
    }

    fn score(
        &self,
        strategy: &Strategy,
        from: Option<(&[i64], Option<&[u8]>)>,
        run: &Run,
    ) -> Result<ScoreReport, GameError> {
        alone(self)?;
        if let Some((at, dice)) = from {
            DynGame::check_position(self, at, dice)?;
        }
        run.check()?;
        Game::score(self, typed(self, strategy)?, from, run)
    }

    fn points(&self, strategy: &Strategy, run: &Run) -> Result<Points, GameError> {
        alone(self)?;
        run.check()?;
        Game::points(self, typed(self, strategy)?, run)
    }

    fn simulate_alone(
        &self,
        strategy: &Strategy,
        games_and_seed: (u64, u64),
        run: &Run,
    ) -> Result<ScoreSimulationReport, GameError> {
        alone(self)?;
        run.check()?;
        Game::simulate_alone(self, typed(self, strategy)?, games_and_seed, run)
    }

    fn heading_alone(&self, strategy: &str) -> Heading {
        Game::heading_alone(self, strategy)
    }

    fn simulate(
        &self,
        seats: [&Strategy; 2],
        games_and_seed: (u64, u64),
        run: &Run,
    ) -> Result<Simulated, GameError> {
        run.check()?;
        Game::simulate(self, both(self, seats)?, games_and_seed, run)
    }

    fn seat_wins(
        &self,
        seats: [&Strategy; 2],
        games: Option<(u64, u64)>,
        run: &Run,
    ) -> Result<SeatsReport, GameError> {
        run.check()?;
        Game::seat_wins(self, both(self, seats)?, games, run)
    }

    fn transcript(&self, seats: [&Strategy; 2], seed: u64, run: &Run) -> Result<String, GameError> {
        Game::info(self).allows(Capability::Transcript)?;
        run.check()?;
        Game::transcript(self, both(self, seats)?, seed, run)
    }

    fn explain(&self, seats: [&Strategy; 2], run: &Run) -> Result<Vec<Lost>, GameError> {
        Game::info(self).allows(Capability::Explain)?;
        run.check()?;
        Game::explain(self, both(self, seats)?, run)
    }

    fn fractions(&self, seats: [&Strategy; 2], run: &Run) -> Result<Fractions, GameError> {
        Game::info(self).allows(Capability::Exact)?;
        run.check()?;
        Game::fractions(self, both(self, seats)?, run)
    }

    fn bounds(&self, seats: [&Strategy; 2], run: &Run) -> Result<BoundedRates, GameError> {
        Game::info(self).allows(Capability::Bounds)?;
        run.check()?;
        Game::bounds(self, both(self, seats)?, run)
    }

    fn study(&self, seats: [&Strategy; 2], ask: StudyAsk, run: &Run) -> Result<Studied, GameError> {
        Game::info(self).allows(Capability::Study)?;
        run.check()?;
        Game::study(self, both(self, seats)?, ask, run)
    }

    fn optimum(&self, opponent: &Strategy, run: &Run) -> Result<(Outcome, String), GameError> {
        run.check()?;
        Game::optimum(self, typed(self, opponent)?, run)
    }

    fn solve(
        &self,
        opponent: Option<&Strategy>,
        ask: &SolveAsk,
        run: &Run,
    ) -> Result<Solved, GameError> {
        let info = Game::info(self);
        info.allows_all(&[
            (Capability::Exact, ask.exact),
            (Capability::Bounds, ask.bounds),
            (Capability::Values, ask.values),
            (Capability::FullInformation, ask.full_information),
            (Capability::TimeLimit, ask.search.time_limit.is_some()),
            (Capability::Moves, ask.moves.is_some()),
        ])?;
        if opponent.is_none() && info.can(Capability::Strategies) && !info.game.alone() {
            return Err(against("solve"));
        }
        run.check()?;
        let opponent = opponent.map(|o| typed(self, o)).transpose()?;
        Game::solve(self, opponent, ask, run)
    }

    fn engine(
        &self,
        computer: Option<&Strategy>,
        moves: Option<MoveLimit>,
        run: &Run,
    ) -> Result<Arc<dyn Engine>, GameError> {
        let info = Game::info(self);
        if moves.is_some() {
            info.allows(Capability::Moves)?;
        }
        if computer.is_none() && info.can(Capability::Strategies) && !info.game.alone() {
            return Err(against("play"));
        }
        run.check()?;
        let computer = computer.map(|c| typed(self, c)).transpose()?;
        Game::engine(self, computer, moves, run)
    }

    fn chart(&self, ask: ChartAsk, seats: [&Strategy; 2], run: &Run) -> Result<Chart, GameError> {
        let info = Game::info(self);
        info.allows(match ask.kind {
            ChartKind::Map => Capability::Map,
            ChartKind::Win => Capability::Win,
        })?;
        if ask.layer.is_some() {
            info.allows(Capability::Layer)?;
        }
        run.check()?;
        Game::chart(self, ask, both(self, seats)?, run)
    }

    fn diff(&self, seats: [&Strategy; 2], other: &Strategy, run: &Run) -> Result<Chart, GameError> {
        Game::info(self).allows(Capability::Diff)?;
        run.check()?;
        Game::diff(self, both(self, seats)?, typed(self, other)?, run)
    }

    fn tables(&self, from: Option<&Path>) -> Result<Vec<TablesJob>, GameError> {
        Game::tables(self, from)
    }

    fn heading(&self, strategy: &str, opponent: &str) -> Heading {
        Game::heading(self, strategy, opponent)
    }

    fn default_games(&self) -> u64 {
        Game::default_games(self)
    }
}

/// `Ok` where `game` is played alone (by a strategy of its own); else the refusal.
fn alone<G: Game>(game: &G) -> Result<(), GameError> {
    let info = Game::info(game);
    info.allows(Capability::Strategies)?;
    if info.game.alone() {
        Ok(())
    } else {
        Err(info.alone_refused())
    }
}

/// `strategy` of `game`, type-erased.
fn erase<G: Game>(game: &G, strategy: G::Strategy) -> Strategy {
    Strategy {
        name: game.name(&strategy).to_string(),
        fixed: game.is_fixed(&strategy),
        minimax: game.is_minimax(&strategy),
        function: None,
        inner: Arc::new(strategy),
    }
}

/// The typed strategy inside `strategy`, which must be one of `game`'s.
fn typed<'a, G: Game>(game: &G, strategy: &'a Strategy) -> Result<&'a G::Strategy, GameError> {
    strategy.inner.downcast_ref().ok_or_else(|| {
        GameError::Refused(format!(
            "{} is a strategy of another game than {}",
            strategy.name,
            game.info().rules
        ))
    })
}

/// Both seats, typed.
fn both<'a, G: Game>(
    game: &G,
    [a, b]: [&'a Strategy; 2],
) -> Result<[&'a G::Strategy; 2], GameError> {
    Ok([typed(game, a)?, typed(game, b)?])
}

/// `strategy` as it plays against an opponent that is fixed if `against_fixed`: a `minimax`
/// facing a fixed strategy plays the equilibrium's decisions; against `optimal` or `minimax`
/// it stays an optimiser, both optimal being the same game.
pub fn facing(
    game: &dyn DynGame,
    strategy: Strategy,
    against_fixed: bool,
    run: &Run,
) -> Result<Strategy, GameError> {
    if against_fixed && strategy.is_minimax() {
        game.equilibrium(&strategy, run)
    } else {
        Ok(strategy)
    }
}

/// `strategy` and `opponent` as they meet (see [`facing`]).
pub fn meet(
    game: &dyn DynGame,
    strategy: Strategy,
    opponent: Strategy,
    run: &Run,
) -> Result<[Strategy; 2], GameError> {
    let fixed = [strategy.is_fixed(), opponent.is_fixed()];
    Ok([
        facing(game, strategy, fixed[1], run)?,
        facing(game, opponent, fixed[0], run)?,
    ])
}
