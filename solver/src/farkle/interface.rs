//! Farkle's side of the one game interface ([`crate::game::Game`]): the turn-start values W
//! solved once per match-up, every decision inside a turn following from them.
//!
//! Where Farkle differs from the other games the interface has room for it: a position
//! carries the dice shown ([`Capability::Dice`]); a Python strategy is asked in batches rather
//! than tabulated, and one too large to evaluate exactly is rated by simulation
//! ([`Game::rate`], [`Simulated::Estimate`]); the solution is the values, so they are always
//! written.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use ndarray::Array2;

use super::committed::committed_values;
use super::game::{Farkle, UNIT, YARDSTICK};
use super::map::bank_map;
use super::plays::Plays;
use super::policy::Player;
use super::position::{AT_NAMES, At, PositionError, check_position, value_position};
use super::python::{EXACT_LIMIT, SIGNATURE, decision_points};
use super::session::FarkleEngine;
use super::solve::{
    BACKUP_EVERY, Progress, Solution, Turns, VALUES_FORMATS, backup, values_by_state, values_file,
};
use super::strategy::{
    DEFAULT_GAMES, MatchError, Measured, STRATEGY_FORMS, Seated, Strategy, evaluate_given,
    evaluate_stopping, measure, python_names, python_turns,
};
use super::study::{FarkleChain, tally};
use crate::chart::{Chart, Scale, ScoreAxis};
use crate::format::{Format, Probability, ValuesFile};
use crate::game::simulate::{transcript, transcript_heading};
use crate::game::{
    Capability, ChartAsk, Chooser, Engine, Evaluated, Footprint, Found, Game, GameError, GameInfo,
    Goal, Growth, MINIMAX, MoveLimit, Part, Run, Simulated, SolveAsk, Solved, Studied, StudyAsk,
    TablesJob, given, optimum_words,
};
use crate::outcome::Outcome;
use crate::python::{Callable, Runner};
use crate::report::{ChoiceValue, EstimateReport, MatchReport, PositionReport, SimulationReport};
use crate::spec::Resolved;

/// Farkle with its rules, behind the one game interface.
pub struct FarkleGame {
    game: Arc<Farkle>,
    info: GameInfo,
}

/// Games per seat, and the seed, of a submission rated by simulation.
const GRADE_GAMES: u64 = 5_000;
const GRADE_SEED: u64 = 0;

/// The largest change one Bellman backup may make to values taken instead of solved (those
/// committed in `tables/`, or a directory's for `swine tables`): a solve's residual is at most
/// 1e-14.
const TAKEN_CHANGE: f64 = 1e-13;

/// What the parts of a position mean.
const MEANINGS: [&str; 6] = [
    "the mover's banked score, points",
    "the opponent's banked score, points",
    "the mover's farkles in a row",
    "the opponent's farkles in a row",
    "the turn total so far, points",
    "the dice left to roll (6 at turn total 0)",
];

/// A match-up's solve told to `run`: a sweep's states as a count, a round with its residual.
fn told(run: &Run) -> impl Fn(Progress) + Sync + use<> {
    let run = run.clone();
    move |progress| match progress {
        Progress::Sweep { round, done, total } => run.tell(
            format!("farkle: sweep {round}, {done} of {total} turn-start states"),
            Some((done as u64, total as u64)),
        ),
        Progress::Round {
            round, residual, ..
        } => run.tell(
            format!("farkle: round {round} done, residual {residual:.1e}"),
            None,
        ),
    }
}

/// A failed match as the interface reports it: a stop as a stop.
fn failed(error: MatchError) -> GameError {
    match error {
        MatchError::Solve(super::SolveError::Stopped) => GameError::Stopped(crate::game::Stopped),
        other => GameError::solve(other),
    }
}

/// How a Farkle solve grows: a turn's positions from one start are its turn totals (fewer
/// than the scores) and dice, so its work and memory go with scores³ × farkle counts². Fitted
/// with a margin to the peak resident memory of `swine solve --rules farkle` at goals 1000,
/// 2000 and 4000 (floor −2500, 3 farkles: 23, 39 and 99 MB) and of the page's match-ups at
/// goal 2000 (41 MB); the time to `--vs minimax` at goals 1000, 2000, 5000 and 10000 on the
/// idle machine (1.97, 4.67, 19.9 and 89.8 s: 0.64–0.71 µs per unit, docs/performance.md).
const GROWTH: Growth = Growth {
    base_bytes: 12e6,
    bytes_per: [6.0, 0.0],
    seconds_per: [0.8e-6, 0.0],
};

/// What solving `game` takes: its turn-start states, and its turns' positions from them.
fn footprint(game: &Farkle) -> Footprint {
    let (scores, farkles) = (game.scores() as u64, game.farkles() as u64);
    let states = scores.pow(2) * farkles.pow(2);
    GROWTH.footprint(states, [states * scores, 0])
}

impl FarkleGame {
    /// The game of `game`.
    pub fn new(game: Farkle) -> FarkleGame {
        let info = GameInfo {
            game: &super::GAME,
            rules: game.settings().label(),
            goal: Some(Goal {
                name: "goal",
                value: game.goal(),
            }),
            yardstick: Some(YARDSTICK.to_string()),
            submission_file: "farkle.py",
            position: AT_NAMES
                .iter()
                .zip(MEANINGS)
                .map(|(&name, meaning)| Part { name, meaning })
                .collect(),
            simple: None,
            hides_memory: false,
            cannot: vec![(
                Capability::Tables,
                format!(
                    "takes no table: a decision depends on the turn total, the dice and the \
                     farkle counts too; a strategy is a spec ({}), a Python file \
                     FILE.py[:FUNCTION] or a callable {SIGNATURE}",
                    STRATEGY_FORMS.join(", ")
                ),
            )],
            footprint: footprint(&game),
            players: 2,
        };
        FarkleGame {
            game: Arc::new(game),
            info,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Farkle {
        &self.game
    }

    /// The exact values of `seats[0]` against `seats[1]` (a Python strategy asked about every
    /// point its play reaches), told to `run`.
    fn solved(&self, seats: [&Strategy; 2], run: &Run) -> Result<Solution, GameError> {
        let progress = told(run);
        let stop = run.flag();
        evaluate_stopping(&self.game, seats, &|_| {}, (&progress, &stop)).map_err(failed)
    }

    /// The values of `optimal` against `opponent` (seat 0 and 1), told to `run`: at the default
    /// rules, for a match-up committed in `tables/`, those values, taken once one Bellman
    /// backup moves none by more than [`TAKEN_CHANGE`] (seconds, where a solve takes minutes),
    /// with how they were found; else (or if they do not hold) solved.
    fn solved_or_taken(
        &self,
        optimal: &Strategy,
        opponent: &Strategy,
        run: &Run,
    ) -> Result<(Solution, Option<String>), GameError> {
        // Both optimising is one game whatever the two are called (`optimal` as the page's and
        // play's computer, `minimax`): its values are committed as minimax's.
        let names = if opponent.is_optimising() {
            (MINIMAX, MINIMAX)
        } else {
            (opponent.optimiser_name(), opponent.name())
        };
        if let Some((path, values)) = committed_values(&self.game, names.0, names.1) {
            let fixed = match opponent.player() {
                Player::Fixed(policy) => Some(policy),
                _ => None,
            };
            run.tell(
                format!("farkle: checking the values committed in {path}"),
                None,
            );
            let (change, solution) =
                backup(&self.game, fixed, &values, &run.flag()).map_err(|e| failed(e.into()))?;
            if change <= TAKEN_CHANGE {
                let how = format!(
                    "committed in {path} and built in, not solved again: one Bellman backup (at \
                     every {BACKUP_EVERY}th sum of the scores) moves no value by more than the \
                     residual; swine tables solves them afresh"
                );
                return Ok((solution, Some(how)));
            }
        }
        Ok((self.solved([optimal, opponent], run)?, None))
    }

    /// The report of a solved match-up.
    fn report(&self, (strategy, opponent): (&str, &str), solution: &Solution) -> MatchReport {
        let equilibrium = solution.players().contains(&Player::Equilibrium);
        let how = match solution.rounds() {
            0 if equilibrium => "minimax playing the decisions of both players optimal against a \
                                 fixed policy, evaluated by Gauss-Seidel"
                .to_string(),
            0 => "both policies fixed, evaluated by Gauss-Seidel".to_string(),
            rounds => format!("{rounds} rounds of policy iteration"),
        };
        let both_optimal = solution.players() == [Player::Optimising; 2];
        let found = (solution.matchup(), solution.residual(), both_optimal);
        self.outcome_report((strategy, opponent), found, &how)
    }

    /// The report of a match-up's outcome, its residual and whether both play optimally,
    /// found as `how` says.
    fn outcome_report(
        &self,
        (strategy, opponent): (&str, &str),
        (matchup, residual, both_optimal): (Outcome, f64, bool),
        how: &str,
    ) -> MatchReport {
        let game = &self.game;
        let mut report = MatchReport::new(self.heading(strategy, opponent), matchup);
        report.residual = Some(residual);
        if both_optimal {
            report.first_player_wins = Some(Probability(matchup.as_first()));
        }
        report.notes.push(format!(
            "{} turn-start states (banked scores {}..{} by {UNIT}, farkle counts 0..{}), {how}",
            game.states(),
            game.settings().floor,
            game.goal() - UNIT,
            game.farkles() - 1,
        ));
        report
    }

    /// The position `at` as the farkle module reads it, and the dice as faces.
    fn at(at: &[i64]) -> Result<At, GameError> {
        let six: [i64; 6] = at.try_into().map_err(|_| {
            GameError::Position(format!(
                "{} number(s), expected 6 ({})",
                at.len(),
                AT_NAMES.map(str::to_uppercase).join(",")
            ))
        })?;
        Ok(At::of(six))
    }
}

/// A position's error as the interface reports it (`--dice` named for the dice).
fn position_error(error: PositionError) -> GameError {
    match error {
        PositionError::At(text) => GameError::Position(text),
        PositionError::Dice(text) => GameError::Dice(text),
    }
}

impl Game for FarkleGame {
    type Strategy = Strategy;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Resolved<Strategy>, GameError> {
        let strategy = Strategy::resolve(spec, &self.game, runner)?;
        let function = strategy.python().map(|p| p.function().to_string());
        Ok(Resolved { strategy, function })
    }

    fn callable(&self, function: Box<dyn Callable>, _run: &Run) -> Result<Strategy, GameError> {
        Ok(Strategy::of_callable(function))
    }

    fn name<'a>(&self, strategy: &'a Strategy) -> &'a str {
        strategy.name()
    }

    fn is_fixed(&self, strategy: &Strategy) -> bool {
        !strategy.is_optimising()
    }

    fn is_minimax(&self, strategy: &Strategy) -> bool {
        strategy.is_minimax()
    }

    fn equilibrium(&self, minimax: &Strategy, run: &Run) -> Result<Strategy, GameError> {
        let both = Strategy::parse(MINIMAX, &self.game)?;
        let (solution, _) = self.solved_or_taken(&both, &both, run)?;
        Ok(minimax.playing_equilibrium(Arc::new(solution)))
    }

    fn evaluate(&self, seats: [&Strategy; 2], run: &Run) -> Result<Evaluated, GameError> {
        let solution = self.solved(seats, run)?;
        Ok(Evaluated {
            outcome: solution.matchup(),
            report: self.report((seats[0].name(), seats[1].name()), &solution),
        })
    }

    fn study(&self, seats: [&Strategy; 2], ask: StudyAsk, run: &Run) -> Result<Studied, GameError> {
        let game = &self.game;
        let python = python_turns(game, seats, &|_| {}).map_err(failed)?;
        let progress = told(run);
        let stop = run.flag();
        let solution =
            evaluate_given(game, seats, python.clone(), (&progress, &stop)).map_err(failed)?;
        run.check()?;
        run.tell("farkle: following each turn start's turn".to_string(), None);
        let [first, second] = python.map(|turns| turns.map(Turns::ByState));
        let first = first.or_else(|| solution.turns(0)).expect("a seat's turns");
        // Both optimising, the seats' turns are one.
        let second = (solution.players() != [Player::Optimising; 2]).then(|| {
            second
                .or_else(|| solution.turns(1))
                .expect("a seat's turns")
        });
        let turns = [&first, second.as_ref().unwrap_or(&first)];
        Studied::of(
            &FarkleChain::new(game, turns),
            ask,
            |games, seed| {
                tally(&solution, seats.map(Strategy::python), games, seed)
                    .map_err(|error| GameError::Refused(error.to_string()))
            },
            run,
        )
    }

    fn rate(&self, seats: [&Strategy; 2], _run: &Run) -> Result<crate::game::Rating, GameError> {
        match measure(&self.game, seats, GRADE_GAMES, GRADE_SEED) {
            Ok(Measured::Exact(outcome)) => Ok(crate::game::Rating {
                outcome,
                estimate: None,
            }),
            Ok(Measured::Estimate(simulation)) => Ok(crate::game::Rating::estimated(
                &simulation,
                (GRADE_GAMES, GRADE_SEED),
            )),
            Err(MatchError::Exact { error, .. }) => Err(GameError::Refused(error.to_string())),
            Err(MatchError::Play { error, .. }) => Err(GameError::Refused(error.to_string())),
            Err(other) => Err(failed(other)),
        }
    }

    fn check_position(&self, at: &[i64], dice: Option<&[u8]>) -> Result<(), GameError> {
        let faces: Option<Vec<i64>> = dice.map(|d| d.iter().map(|&f| i64::from(f)).collect());
        check_position(&self.game, Self::at(at)?, faces.as_deref()).map_err(position_error)
    }

    fn position(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        at: &[i64],
        dice: Option<&[u8]>,
        run: &Run,
    ) -> Result<PositionReport, GameError> {
        if strategy.player() == Player::Equilibrium {
            return Err(GameError::Refused(format!(
                "--from: minimax against the fixed {} plays the decisions of both players \
                 optimal, whose choices are valued in that game: ask swine eval minimax --vs \
                 minimax --from for them, or optimal --vs {} for the best response's",
                opponent.name(),
                opponent.name()
            )));
        }
        let position = Self::at(at)?;
        let solution = self.solved([strategy, opponent], run)?;
        let faces: Option<Vec<i64>> = dice.map(|d| d.iter().map(|&f| i64::from(f)).collect());
        let valued =
            value_position(&solution, position, faces.as_deref()).map_err(position_error)?;
        let best = (0..valued.choices.len()).fold(0, |best, i| {
            if valued.choices[i].value > valued.choices[best].value {
                i
            } else {
                best
            }
        });
        // What the strategy itself chooses, as it plays (a Python strategy is not asked here:
        // the best is shown).
        let chosen = if strategy.is_optimising() || strategy.python().is_some() {
            best
        } else {
            let plays = Plays {
                solution: &solution,
                seat: 0,
            };
            let chosen = plays.choose(&valued.play);
            let found = valued.choices.iter().position(|c| c.choice == chosen);
            found.unwrap_or(best)
        };
        let choice = &valued.choices[chosen];
        let outcome = crate::outcome::SeatOutcome::without_ties(choice.value);
        let from = AT_NAMES
            .iter()
            .zip(at)
            .map(|(name, &n)| (name.to_string(), n))
            .collect();
        let mut report = PositionReport::new(
            self.heading(strategy.name(), opponent.name()),
            from,
            format!(
                "banked {} : {}, farkles {} : {}, turn total {} with {} dice",
                position.own,
                position.opponent,
                position.own_farkles,
                position.opponent_farkles,
                position.turn_total,
                position.dice_left
            ),
            outcome,
            (
                choice.label.clone(),
                valued
                    .choices
                    .iter()
                    .map(|c| ChoiceValue {
                        choice: c.label.clone(),
                        dice: None,
                        value: c.value,
                    })
                    .collect(),
            ),
        );
        report.dice = dice.map(<[u8]>::to_vec);
        report.afterwards = "perfect play".to_string();
        report
            .values
            .push(("turn_start", Probability(valued.turn_start)));
        Ok(report)
    }

    fn simulate(
        &self,
        seats: [&Strategy; 2],
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<Simulated, GameError> {
        let game = &self.game;
        let progress = told(run);
        let seated = Seated::new(game, seats, &|_| {}, &progress).map_err(failed)?;
        let counter = run.counter(2 * games, "games");
        let simulation = seated
            .play(seats, games, seed, &counter)
            .map_err(|e| GameError::Refused(format!("{}: {e}", python_names(seats))))?;
        run.check()?;
        let heading = self.heading(seats[0].name(), seats[1].name());
        Ok(match seated {
            Seated::Exact(solution) => Simulated::Exact(SimulationReport::ties_if_any(
                heading,
                seed,
                simulation,
                solution.matchup(),
            )),
            Seated::Played(_) => {
                let note = format!(
                    "{} decision points at goal {}, more than the {EXACT_LIMIT} an exact \
                     evaluation of a Python strategy may ask about",
                    decision_points(game),
                    game.goal()
                );
                Simulated::Estimate(EstimateReport::new(heading, seed, simulation, note))
            }
        })
    }

    /// The built-ins and optimisers only: a Python strategy is asked in batches, as games are
    /// simulated side by side.
    fn transcript(&self, seats: [&Strategy; 2], seed: u64, run: &Run) -> Result<String, GameError> {
        if let Some(python) = seats.iter().find(|s| s.python().is_some()) {
            return Err(GameError::Refused(format!(
                "--transcript: {} is a Python strategy, asked in batches as games are \
                 simulated; a transcript tells the built-ins and optimal play",
                python.name()
            )));
        }
        let solution = self.solved(seats, run)?;
        let [a, b] = [0, 1].map(|seat| Plays {
            solution: &solution,
            seat,
        });
        let heading = transcript_heading(self.info(), seats.map(Strategy::name), seed);
        Ok(transcript(solution.game(), [&a, &b], &heading, seed))
    }

    fn optimum(&self, opponent: &Strategy, run: &Run) -> Result<(Outcome, String), GameError> {
        let optimal = Strategy::parse("optimal", &self.game)?;
        let (solution, _) = self.solved_or_taken(&optimal, opponent, run)?;
        Ok((
            solution.matchup(),
            optimum_words(Found::Solved, !opponent.is_optimising()),
        ))
    }

    fn solve(
        &self,
        opponent: Option<&Strategy>,
        ask: &SolveAsk,
        run: &Run,
    ) -> Result<Solved, GameError> {
        let opponent = given(opponent)?;
        let optimal = Strategy::parse("optimal", &self.game)?;
        let (solution, taken) = self.solved_or_taken(&optimal, opponent, run)?;
        let strategy = opponent.optimiser_name();
        let names = (strategy, opponent.name());
        let report = match taken {
            Some(how) => {
                let both_optimal = opponent.is_optimising();
                let found = (solution.matchup(), solution.residual(), both_optimal);
                self.outcome_report(names, found, &how)
            }
            None => self.report(names, &solution),
        };
        let values = solution.values_file(strategy, opponent.name());
        let formats = ask
            .formats
            .clone()
            .unwrap_or_else(|| VALUES_FORMATS.to_vec());
        Ok(Solved::new(report, Vec::new(), Some((values, formats))))
    }

    fn engine(
        &self,
        computer: Option<&Strategy>,
        _moves: Option<MoveLimit>,
        run: &Run,
    ) -> Result<Arc<dyn Engine>, GameError> {
        let computer = given(computer)?;
        let optimal = Strategy::parse("optimal", &self.game)?;
        let (solution, _) = self.solved_or_taken(&optimal, computer, run)?;
        Ok(Arc::new(FarkleEngine::new(
            Arc::clone(&self.game),
            solution,
            computer.clone(),
        )))
    }

    fn chart(
        &self,
        ask: ChartAsk,
        [strategy, opponent]: [&Strategy; 2],
        run: &Run,
    ) -> Result<Chart, GameError> {
        let game = &self.game;
        let k = game.farkles();
        let (f, e) = match ask.layer.as_deref() {
            None => (0, 0),
            Some(&[f, e]) if f < k && e < k => (f, e),
            Some(counts) => {
                let shown: Vec<String> = counts.iter().map(usize::to_string).collect();
                return Err(GameError::Refused(format!(
                    "--farkles {}: expected F,E, two farkle counts in 0..{k}",
                    shown.join(",")
                )));
            }
        };
        if ask.kind == crate::game::ChartKind::Map && !strategy.is_optimising() {
            return Err(GameError::Refused(format!(
                "plot map --rules farkle: draws where optimal or minimax play banks; {} decides \
                 by its own rule, the same at every score",
                strategy.name()
            )));
        }
        let solution = self.solved([strategy, opponent], run)?;
        let axis = ScoreAxis {
            origin: game.settings().floor,
            step: i64::from(UNIT),
        };
        let rate = solution.matchup().win_rate();
        match ask.kind {
            crate::game::ChartKind::Map => {
                let map = bank_map(&solution, 0, f, e);
                let panels: Vec<(String, Array2<Option<f64>>)> = map
                    .least
                    .iter()
                    .zip(map.not_thresholds)
                    .enumerate()
                    .map(|(dice, (least, again))| {
                        let values = least.map(|t| Some(t.map_or(f64::INFINITY, f64::from)));
                        let left = match dice + 1 {
                            1 => "1 die left".to_string(),
                            n => format!("{n} dice left"),
                        };
                        let name = match again {
                            0 => left,
                            n => format!("{left} ({n} roll again)"),
                        };
                        (name, values)
                    })
                    .collect();
                let most = panels
                    .iter()
                    .flat_map(|(_, v)| v.iter().flatten())
                    .filter(|v| v.is_finite())
                    .fold(0.0, |m: f64, &v| m.max(v));
                let counts = if (f, e) == (0, 0) {
                    String::new()
                } else {
                    format!(", farkles {f}:{e}")
                };
                Ok(Chart::Panels {
                    title: format!(
                        "{} {}: where {} banks vs {} (wins {rate:.4}){counts}",
                        game.name(),
                        game.goal(),
                        strategy.name(),
                        opponent.name(),
                    ),
                    panels,
                    columns: 3,
                    legend: "least total banked".to_string(),
                    scale: Scale::Count {
                        most,
                        beyond: "never",
                    },
                    axis,
                })
            }
            crate::game::ChartKind::Win => {
                let scores = game.scores();
                let values = Array2::from_shape_fn((scores, scores), |(own, other)| {
                    Some(solution.value(0, game.state(own, other, f, e)))
                });
                Ok(Chart::Panels {
                    title: format!(
                        "{} {}: P({} wins) at its turn's start vs {} (wins {rate:.4}), farkles \
                         {f}:{e}",
                        game.name(),
                        game.goal(),
                        strategy.name(),
                        opponent.name(),
                    ),
                    panels: vec![(String::new(), values)],
                    columns: 1,
                    legend: "P(win)".to_string(),
                    scale: Scale::Probability,
                    axis,
                })
            }
        }
    }

    fn tables(&self, from: Option<&Path>) -> Result<Vec<TablesJob>, GameError> {
        let game = &self.game;
        if game.settings() != Farkle::new(&[]).map_err(GameError::solve)?.settings() {
            return Ok(Vec::new());
        }
        let mut jobs: Vec<TablesJob> = Vec::new();
        for opponent in [YARDSTICK, MINIMAX] {
            let opponent = Strategy::parse(opponent, game)?;
            let strategy = opponent.optimiser_name().to_string();
            let blank = values_file(game, &vec![0.0; game.states()], &strategy, opponent.name());
            let fixed = match opponent.player() {
                Player::Fixed(policy) => Some(policy),
                _ => None,
            };
            // A file offered is checked here, before any job solves anything.
            let taken = from
                .map(|dir| dir.join(format!("{}_values.npy", blank.stem)))
                .filter(|path| path.exists())
                .map(|path| -> Result<_, GameError> {
                    let values = taken_values(game, &blank, &path)?;
                    let (change, taken) = backup(game, fixed, &values, &AtomicBool::new(false))
                        .map_err(GameError::solve)?;
                    let matchup = taken.matchup();
                    if change > TAKEN_CHANGE {
                        return Err(GameError::Refused(format!(
                            "--best-tables-from: {}: one Bellman backup moves a value by \
                             {change:.1e} (at most {TAKEN_CHANGE:e} where a solve found them): \
                             not the values of {strategy} against {} now; regenerate it without \
                             --best-tables-from",
                            path.display(),
                            opponent.name()
                        )));
                    }
                    Ok((path, values, change, matchup))
                })
                .transpose()?;
            let me = FarkleGame {
                game: Arc::clone(&self.game),
                info: self.info.clone(),
            };
            jobs.push(Box::new(move |run: &Run| {
                let game = &me.game;
                let names = (strategy.as_str(), opponent.name());
                let (values, report) = match taken {
                    Some((path, values, change, matchup)) => {
                        let how = format!(
                            "taken from {}, not solved again: one Bellman backup (at every \
                             {BACKUP_EVERY}th sum of the scores) moves no value by more than the \
                             residual",
                            path.display()
                        );
                        let found = (matchup, change, fixed.is_none());
                        (values, me.outcome_report(names, found, &how))
                    }
                    None => {
                        let optimal = Strategy::parse("optimal", game)?;
                        let solution = me.solved([&optimal, &opponent], run)?;
                        let report = me.report(names, &solution);
                        (solution.values(0).to_vec(), report)
                    }
                };
                let file = values_file(game, &values, names.0, names.1);
                Ok(Solved::new(
                    report,
                    Vec::new(),
                    Some((file, vec![Format::Npy, Format::Binary])),
                ))
            }));
        }
        Ok(jobs)
    }

    fn default_games(&self) -> u64 {
        DEFAULT_GAMES
    }
}

/// The values (by state number) of the `.npy` file at `path`, written as `blank` is.
fn taken_values(game: &Farkle, blank: &ValuesFile, path: &Path) -> Result<Vec<f64>, GameError> {
    let refused = |what: String| GameError::Refused(format!("--best-tables-from: {what}"));
    let bytes = crate::read::read_capped(path, crate::read::TABLE_BYTES, "a table file")
        .map_err(|e| refused(format!("{}: {e}", path.display())))?;
    let ordered = blank.values_from_npy(&bytes).ok_or_else(|| {
        refused(format!(
            "{}: not the .npy of farkle's values (an f64 array of shape {:?})",
            path.display(),
            blank.values.shape()
        ))
    })?;
    Ok(values_by_state(game, &ordered))
}
