//! Chopsticks' side of the one game interface ([`crate::game::Game`]): a game without chance
//! or strategies to evaluate, solved with both sides perfect (with a move limit, or by
//! retrograde analysis without one) and played against the solver.

use std::path::Path;
use std::sync::Arc;

use serde_json::json;

use super::limited::Limited;
use super::position::POSITIONS;
use super::retrograde::Retrograde;
use super::session::ChopsticksEngine;
use super::{
    ByResult, DEFAULT_MOVES, LimitedSummary, NAME, UnlimitedSummary, limited_file, unlimited_file,
};
use crate::format::Format;
use crate::game::{
    Capability, Engine, Evaluated, Game, GameError, GameInfo, Goal, Growth, MoveLimit, Run,
    Simulated, SolveAsk, Solved, TablesJob,
};
use crate::outcome::{Outcome, SeatOutcome};
use crate::python::Runner;
use crate::report::{Batch, Details, Heading, MatchReport, PositionReport};
use crate::spec::Resolved;

/// Chopsticks behind the one game interface.
pub struct Chopsticks {
    info: GameInfo,
}

/// Chopsticks has no strategies: a value of this type never exists.
pub enum NoStrategy {}

/// What a Chopsticks solve holds: its 625 positions, a few bytes each for every move of the
/// longest limit, next to nothing beside the program (`swine solve --rules chopsticks`: 7 MB, 0.01 s).
const GROWTH: Growth = Growth {
    base_bytes: 8e6,
    bytes_per: [0.0, 0.0],
    seconds_per: [0.0, 0.0],
};

impl Default for Chopsticks {
    fn default() -> Chopsticks {
        Chopsticks::new()
    }
}

impl Chopsticks {
    /// The game.
    pub fn new() -> Chopsticks {
        Chopsticks {
            info: GameInfo {
                game: &super::GAME,
                rules: NAME.to_string(),
                goal: None,
                yardstick: None,
                submission_file: "chopsticks.py",
                position: Vec::new(),
                simple: None,
                hides_memory: false,
                cannot: Vec::new(),
                footprint: GROWTH.footprint(POSITIONS as u64, [0, 0]),
                players: 2,
            },
        }
    }

    /// The refusal of any question about strategies.
    fn no_strategies(&self) -> GameError {
        self.refuse(Capability::Strategies)
    }
}

/// The first player's results from a start whose result is `result` (1: A wins, 0: a tie or
/// draw, −1: B wins), as an outcome: certain, and mirrored for the second seat.
fn outcome(result: i8) -> Outcome {
    let first = match result {
        1 => SeatOutcome {
            win: 1.0,
            tie: 0.0,
            loss: 0.0,
        },
        -1 => SeatOutcome {
            win: 0.0,
            tie: 0.0,
            loss: 1.0,
        },
        _ => SeatOutcome {
            win: 0.0,
            tie: 1.0,
            loss: 0.0,
        },
    };
    Outcome {
        first,
        second: first.flipped(),
    }
}

/// "A wins", "a tie" or "B wins" for a result.
fn verdict(result: i8, tie: &str) -> String {
    match result {
        1 => "A wins".to_string(),
        -1 => "B wins".to_string(),
        _ => tie.to_string(),
    }
}

/// Counts by result in words.
fn counts(by: &ByResult, tie: &str) -> String {
    format!(
        "A wins {}, {tie} {}, B wins {}",
        by.a_wins, by.ties, by.b_wins
    )
}

/// The report of a solve under `limit`, and its file.
fn solved(limit: MoveLimit) -> (MatchReport, (String, Vec<u8>)) {
    let (result, goal, details, file) = match limit {
        MoveLimit::Moves(m) => {
            let solved = Limited::solve(m);
            let s = LimitedSummary::of(&solved);
            let mut text = format!(
                "  start: {} (result {}) with both players perfect, at most {} moves per \
                 player ({} levels after the start)\n",
                verdict(s.result, "a tie"),
                s.result,
                s.moves,
                2 * s.moves
            );
            text.push_str(&format!(
                "  reachable (position, level) pairs: {} ({})\n",
                s.reachable,
                counts(&s.by_result, "tie")
            ));
            text.push_str("  level  reachable  A wins     tie  B wins\n");
            for level in &s.levels {
                let b = &level.by_result;
                text.push_str(&format!(
                    "  {:>5}  {:>9}  {:>6}  {:>6}  {:>6}\n",
                    level.level, level.reachable, b.a_wins, b.ties, b.b_wins
                ));
            }
            let json = serde_json::to_value(&s).expect("a summary serialises");
            let goal = Goal {
                name: "moves",
                value: m,
            };
            (
                s.result,
                Some(goal),
                Details { json, text },
                limited_file(&solved),
            )
        }
        MoveLimit::Unlimited => {
            let solved = Retrograde::solve();
            let s = UnlimitedSummary::of(&solved);
            let mut text = match s.distance {
                Some(plies) => format!(
                    "  start: {} in {plies} plies (result {}, distance {plies}) with both \
                     players perfect, no move limit (retrograde analysis)\n",
                    verdict(s.result, "a draw"),
                    s.result
                ),
                None => format!(
                    "  start: a draw (result {}): neither player can force a win, and perfect \
                     play goes on forever (no move limit; retrograde analysis)\n",
                    s.result
                ),
            };
            text.push_str(&format!(
                "  all positions (hands and side to move): {} ({})\n",
                s.positions,
                counts(&s.by_result, "draw")
            ));
            text.push_str(&format!(
                "  reachable from the start by any play: {} ({})\n",
                s.reachable,
                counts(&s.reachable_by_result, "draw")
            ));
            let mut json = serde_json::to_value(&s).expect("a summary serialises");
            json["moves"] = json!("unlimited");
            (
                s.result,
                None,
                Details { json, text },
                unlimited_file(&solved),
            )
        }
    };
    let heading = Heading {
        batch: Batch {
            game: "chopsticks",
            rules: NAME.to_string(),
            goal,
        },
        strategy: "minimax".to_string(),
        opponent: Some("minimax".to_string()),
    };
    let mut report = MatchReport::with_ties(heading, outcome(result), 0.0, true);
    report.residual = None;
    report.details = Some(details);
    (report, file)
}

impl Game for Chopsticks {
    type Strategy = NoStrategy;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn resolve(&self, _: &str, _: &Runner) -> Result<Resolved<NoStrategy>, GameError> {
        Err(self.no_strategies())
    }

    fn name<'a>(&self, strategy: &'a NoStrategy) -> &'a str {
        match *strategy {}
    }

    fn is_fixed(&self, strategy: &NoStrategy) -> bool {
        match *strategy {}
    }

    fn equilibrium(&self, minimax: &NoStrategy, _: &Run) -> Result<NoStrategy, GameError> {
        match *minimax {}
    }

    fn evaluate(&self, [strategy, _]: [&NoStrategy; 2], _: &Run) -> Result<Evaluated, GameError> {
        match *strategy {}
    }

    fn check_position(&self, _: &[i64], _: Option<&[u8]>) -> Result<(), GameError> {
        Err(self.no_strategies())
    }

    fn position(
        &self,
        [strategy, _]: [&NoStrategy; 2],
        _: &[i64],
        _: Option<&[u8]>,
        _: &Run,
    ) -> Result<PositionReport, GameError> {
        match *strategy {}
    }

    fn simulate(
        &self,
        [strategy, _]: [&NoStrategy; 2],
        _: (u64, u64),
        _: &Run,
    ) -> Result<Simulated, GameError> {
        match *strategy {}
    }

    fn optimum(&self, opponent: &NoStrategy, _: &Run) -> Result<(Outcome, String), GameError> {
        match *opponent {}
    }

    fn solve(
        &self,
        opponent: Option<&NoStrategy>,
        ask: &SolveAsk,
        run: &Run,
    ) -> Result<Solved, GameError> {
        if let Some(opponent) = opponent {
            match *opponent {}
        }
        if let Some(formats) = &ask.formats
            && formats.iter().any(|f| *f != Format::Json)
        {
            return Err(GameError::Refused(
                "--format: chopsticks writes its solved positions as json only".to_string(),
            ));
        }
        run.check()?;
        let (report, file) = solved(ask.moves.unwrap_or(MoveLimit::Unlimited));
        Ok(Solved {
            report: report.into(),
            tables: Vec::new(),
            values: None,
            files: vec![file],
        })
    }

    fn engine(
        &self,
        computer: Option<&NoStrategy>,
        moves: Option<MoveLimit>,
        run: &Run,
    ) -> Result<Arc<dyn Engine>, GameError> {
        if let Some(computer) = computer {
            match *computer {}
        }
        run.check()?;
        let moves = moves.unwrap_or(MoveLimit::Moves(DEFAULT_MOVES)).moves();
        Ok(Arc::new(ChopsticksEngine::new(moves)))
    }

    fn tables(&self, _from: Option<&Path>) -> Result<Vec<TablesJob>, GameError> {
        Ok([MoveLimit::Moves(DEFAULT_MOVES), MoveLimit::Unlimited]
            .into_iter()
            .map(|limit| -> TablesJob {
                Box::new(move |run: &Run| {
                    run.check()?;
                    let (report, file) = solved(limit);
                    Ok(Solved {
                        files: vec![file],
                        ..Solved::new(report, Vec::new(), None)
                    })
                })
            })
            .collect())
    }
}
