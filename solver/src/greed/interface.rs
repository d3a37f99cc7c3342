//! Greed's side of the one game interface ([`crate::game::Game`]).

use std::path::Path;
use std::sync::Arc;

use super::explain::explain;
use super::game::{DEFAULT_LIMIT, Greed, NAME, YARDSTICK};
use super::policy::Policy;
use super::rules::Plays;
use super::session::GreedEngine;
use super::strategy::Strategy;
use super::study::{GreedChain, tally};
use super::sweep::Player;
use super::{Solved as GreedSolved, certify_greed, play, position, solve_against, values_file};
use crate::bounds::BoundedRates;
use crate::chart::{Chart, greed_map};
use crate::format::{Format, Probability};
use crate::game::simulate::{bare_transcript, simulate};
use crate::game::{
    ChartAsk, Engine, Evaluated, Found, Game, GameError, GameInfo, Goal, Growth, MINIMAX,
    MoveLimit, Part, Run, Simulated, SolveAsk, Solved, Studied, StudyAsk, TablesJob, check_numbers,
    dice_label, given, optimum_words,
};
use crate::outcome::Outcome;
use crate::python::Runner;
use crate::report::{ChoiceValue, Lost, MatchReport, Place, PositionReport, SimulationReport};
use crate::spec::Resolved;
use crate::table::{Schema, Table};

/// Greed with its limit, behind the one game interface.
pub struct GreedGame {
    game: Arc<Greed>,
    info: GameInfo,
}

/// A Greed choice in words: `pass`, or the dice rolled.
pub fn choice_label(n: u8) -> String {
    if n == 0 {
        "pass".to_string()
    } else {
        dice_label(n)
    }
}

/// How a Greed solve grows with its score cells (limit²), fitted with a margin to the peak
/// resident memory and time of `swine solve` and `solve --vs minimax` at limits 50 and 100
/// (13 and 15 MB, under 0.05 s).
const GROWTH: Growth = Growth {
    base_bytes: 12e6,
    bytes_per: [400.0, 0.0],
    seconds_per: [4e-6, 0.0],
};

impl GreedGame {
    /// The game of `game`.
    pub fn new(game: Greed) -> GreedGame {
        let info = GameInfo {
            game: &super::GAME,
            rules: NAME.to_string(),
            goal: Some(Goal {
                name: "limit",
                value: game.limit(),
            }),
            yardstick: Some(YARDSTICK.to_string()),
            submission_file: game.schema().python.map_or("pr1.py", |s| s.paste_into),
            position: Part::scores_and(&[Part::new(
                "passed",
                "1 if the opponent has just passed (this is the last turn)",
            )]),
            simple: None,
            hides_memory: false,
            players: 2,
            cannot: Vec::new(),
            footprint: {
                let cells = u64::from(game.limit() + 1).pow(2);
                GROWTH.footprint(cells, [cells, 0])
            },
        };
        GreedGame {
            game: Arc::new(game),
            info,
        }
    }

    /// The seats playing `policies` (seat 0's first).
    fn seats<'a>(&'a self, policies: &'a [Policy; 2]) -> [Plays<'a>; 2] {
        policies.each_ref().map(|policy| Plays {
            greed: self.game.as_ref(),
            policy,
        })
    }

    /// The report of a solve.
    fn solved_report(&self, solved: &GreedSolved) -> MatchReport {
        let meta = &solved.file.meta;
        MatchReport::with_ties(
            self.heading(&meta.strategy, &meta.opponent),
            solved.outcome,
            solved.residual,
            solved.first_player_wins.is_some(),
        )
    }
}

impl Game for GreedGame {
    type Strategy = Strategy;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Resolved<Strategy>, GameError> {
        Ok(Strategy::resolve(spec, &self.game, runner)?)
    }

    fn course_schema(&self) -> Option<Schema> {
        Some(self.game.schema())
    }

    fn table_strategy(&self, name: &str, table: Table) -> Result<Strategy, GameError> {
        Ok(Strategy::from_table(name, &table, &self.game))
    }

    fn name<'a>(&self, strategy: &'a Strategy) -> &'a str {
        strategy.name()
    }

    fn is_fixed(&self, strategy: &Strategy) -> bool {
        !strategy.is_optimising()
    }

    fn equilibrium(&self, minimax: &Strategy, _run: &Run) -> Result<Strategy, GameError> {
        let both = Strategy::parse(MINIMAX, &self.game)?;
        let table = solve_against(&self.game, &both)
            .map_err(GameError::solve)?
            .file
            .table;
        Ok(Strategy::from_table(minimax.name(), &table, &self.game))
    }

    fn evaluate(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        _run: &Run,
    ) -> Result<Evaluated, GameError> {
        let played = play(&self.game, strategy, opponent).map_err(GameError::solve)?;
        let minimax = strategy.is_optimising() && opponent.is_optimising();
        Ok(Evaluated {
            outcome: played.outcome,
            report: MatchReport::with_ties(
                self.heading(strategy.name(), opponent.name()),
                played.outcome,
                played.residual,
                minimax,
            ),
        })
    }

    fn check_position(&self, at: &[i64], _dice: Option<&[u8]>) -> Result<(), GameError> {
        let scores = i64::from(self.game.limit()) + 1;
        check_numbers(
            &[
                ("own", 0..scores),
                ("opponent", 0..scores),
                ("passed", 0..2),
            ],
            at,
        )
    }

    fn position(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        at: &[i64],
        _dice: Option<&[u8]>,
        _run: &Run,
    ) -> Result<PositionReport, GameError> {
        let (own, other, passed) = (at[0] as usize, at[1] as usize, at[2] == 1);
        let solved = position(&self.game, strategy, opponent, (own, other, passed))
            .map_err(GameError::solve)?;
        let last = if passed {
            ", the opponent having passed"
        } else {
            ""
        };
        let from = ["own", "opponent", "passed"]
            .iter()
            .zip(at)
            .map(|(name, &n)| (name.to_string(), n))
            .collect();
        let choices = solved
            .choices
            .iter()
            .map(|&(n, value)| ChoiceValue {
                choice: choice_label(n),
                dice: Some(n),
                value,
            })
            .collect();
        Ok(PositionReport::new(
            self.heading(strategy.name(), opponent.name()),
            from,
            format!("{own} : {other}{last}"),
            solved.outcome,
            (choice_label(solved.chosen), choices),
        ))
    }

    fn simulate(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<Simulated, GameError> {
        let played = play(&self.game, strategy, opponent).map_err(GameError::solve)?;
        let [a, b] = self.seats(&played.policies);
        let counter = run.counter(2 * games, "games");
        let simulation = simulate(self.game.as_ref(), [&a, &b], (games, seed), &counter);
        run.check()?;
        Ok(Simulated::Exact(SimulationReport::with_ties(
            self.heading(strategy.name(), opponent.name()),
            seed,
            simulation,
            played.outcome,
        )))
    }

    fn study(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        ask: StudyAsk,
        run: &Run,
    ) -> Result<Studied, GameError> {
        let played = play(&self.game, strategy, opponent).map_err(GameError::solve)?;
        let policies = [&played.policies[0], &played.policies[1]];
        let chain = GreedChain::new(&self.game, policies);
        Studied::of(
            &chain,
            ask,
            |games, seed| Ok(tally(&self.game, policies, games, seed)),
            run,
        )
    }

    fn transcript(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        seed: u64,
        _run: &Run,
    ) -> Result<String, GameError> {
        let played = play(&self.game, strategy, opponent).map_err(GameError::solve)?;
        let [a, b] = self.seats(&played.policies);
        Ok(bare_transcript(self.game.as_ref(), [&a, &b], seed))
    }

    fn explain(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        _run: &Run,
    ) -> Result<Vec<Lost>, GameError> {
        let (Player::Fixed(policy), Player::Fixed(against)) =
            (strategy.player(), opponent.player())
        else {
            return Err(GameError::not_fixed(
                strategy.name(),
                strategy.is_optimising(),
                opponent.name(),
            ));
        };
        Ok(explain(&self.game, policy, against)
            .map_err(GameError::solve)?
            .into_iter()
            .map(|cell| Lost {
                at: Place::scores(cell.own, cell.opponent).with("passed", cell.passed.into()),
                chosen: choice_label(cell.chosen),
                best: choice_label(cell.best),
                reach: Probability(cell.reach),
                gain: Probability(cell.gain),
            })
            .collect())
    }

    fn bounds(&self, seats: [&Strategy; 2], _run: &Run) -> Result<BoundedRates, GameError> {
        certify_greed(&self.game, seats).map_err(GameError::solve)
    }

    fn optimum(&self, opponent: &Strategy, _run: &Run) -> Result<(Outcome, String), GameError> {
        let solved = solve_against(&self.game, opponent).map_err(GameError::solve)?;
        Ok((
            solved.outcome,
            optimum_words(Found::Solved, !opponent.is_optimising()),
        ))
    }

    fn solve(
        &self,
        opponent: Option<&Strategy>,
        ask: &SolveAsk,
        _run: &Run,
    ) -> Result<Solved, GameError> {
        let game = &self.game;
        let opponent = given(opponent)?;
        let solved = solve_against(game, opponent).map_err(GameError::solve)?;
        let requested = ask.formats.as_deref();
        let tables = vec![(solved.file.clone(), solved.file.formats(requested))];
        let table = Strategy::from_table(&solved.file.meta.strategy, &solved.file.table, game);
        let values = if ask.values {
            let values = values_file(game, &table, opponent, solved.file.stem())
                .map_err(GameError::solve)?;
            Some((
                values,
                requested.map_or(Format::ALL.to_vec(), <[_]>::to_vec),
            ))
        } else {
            None
        };
        let mut report = self.solved_report(&solved);
        if ask.bounds {
            report.bounds =
                Some(certify_greed(game, [&table, opponent]).map_err(GameError::solve)?);
        }
        Ok(Solved::new(report, tables, values))
    }

    fn engine(
        &self,
        computer: Option<&Strategy>,
        _moves: Option<MoveLimit>,
        _run: &Run,
    ) -> Result<Arc<dyn Engine>, GameError> {
        let computer = given(computer)?;
        Ok(Arc::new(
            GreedEngine::new(Arc::clone(&self.game), computer).map_err(GameError::solve)?,
        ))
    }

    fn chart(
        &self,
        _ask: ChartAsk,
        [strategy, opponent]: [&Strategy; 2],
        _run: &Run,
    ) -> Result<Chart, GameError> {
        let played = play(&self.game, strategy, opponent).map_err(GameError::solve)?;
        let dice = played.policies[0].to_table(&self.game);
        Ok(greed_map(
            strategy.name(),
            opponent.name(),
            played.outcome.win_rate(),
            &dice,
        ))
    }

    fn tables(&self, _from: Option<&Path>) -> Result<Vec<TablesJob>, GameError> {
        if self.game.limit() != DEFAULT_LIMIT {
            return Ok(Vec::new());
        }
        let mut jobs: Vec<TablesJob> = Vec::new();
        for opponent in [YARDSTICK, MINIMAX] {
            let opponent = Strategy::parse(opponent, &self.game)?;
            let game = GreedGame {
                game: Arc::clone(&self.game),
                info: self.info.clone(),
            };
            jobs.push(Box::new(move |run: &Run| {
                run.check()?;
                let solved = solve_against(&game.game, &opponent).map_err(GameError::solve)?;
                let solved = Solved {
                    report: game.solved_report(&solved).into(),
                    tables: vec![(solved.file.clone(), Format::ALL.to_vec())],
                    values: None,
                    files: Vec::new(),
                };
                Ok(solved)
            }));
        }
        Ok(jobs)
    }
}
