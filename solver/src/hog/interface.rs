//! Hog's side of the one game interface ([`crate::game::Game`]): its rules compiled, its
//! strategies, one sweep per match-up.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ndarray::{Array2, Ix2};

use super::committed::committed_best_table;
use super::exact::ExactTie;
use super::explain::{ExplainError, explain, switch_gains};
use super::policy::{Policy, ScoreTable};
use super::rules::Plays;
use super::ruleset::Ruleset;
use super::search::{PERTURBATIONS, SEED, SearchLimits};
use super::session::HogEngine;
use super::strategy::{Strategy, StrategyKind};
use super::study::{Happenings, HogChain, tally};
use super::sweep::{Player, Solution, solve, solve_stopping};
use super::{
    DEFAULT_GOAL, Solved as HogSolved, adopt_best_table, best_table_stem, certify_hog, make_exact,
    position, solve_against, solve_exact, values_file,
};
use crate::bounds::BoundedRates;
use crate::chart::{Chart, Scale, hog_map};
use crate::format::{Format, TableFile, load};
use crate::game::StudyAsk;
use crate::game::simulate::{simulate, transcript, transcript_heading};
use crate::game::{
    Capability, ChartAsk, ChartKind, Engine, Evaluated, Footprint, Found, Fractions, Game,
    GameError, GameInfo, Goal, Growth, MINIMAX, MoveLimit, Part, Run, SearchAsk, Simulated,
    SolveAsk, Solved, Studied, TablesJob, check_numbers, dice_label, given, optimum_words,
};
use crate::outcome::Outcome;
use crate::python::Runner;
use crate::report::{
    ChoiceValue, ExactTies, Lost, MatchReport, Place, PositionReport, SimulationReport, TiedState,
};
use crate::spec::Resolved;
use crate::table::{Schema, Table};

/// How a Hog solve grows with its score cells (goal²) and its states (cells × memories²):
/// the rules tabulated for every cell, then a value and a choice for every state. Fitted with
/// a margin to the peak resident memory and time of `swine eval optimal`,
/// `eval minimax --vs minimax` and the page's match-ups on hog-fa20 (no memory; goals 100 to
/// 1000: 12 to 162 MB) and hog-fa17 (16 memories; goals 100 to 300: 123 to 865 MB; the page's
/// `vs=optimal` at goal 200, two solves: 441 MB).
const GROWTH: Growth = Growth {
    base_bytes: 28e6,
    bytes_per: [120.0, 42.0],
    seconds_per: [8e-6, 3e-7],
};

/// What solving Hog at `goal` takes where each player's memory has `memory` values.
pub fn footprint(goal: u32, memory: u8) -> Footprint {
    let cells = u64::from(goal).pow(2);
    let states = cells * u64::from(memory).pow(2);
    GROWTH.footprint(states, [cells, states])
}

/// A Hog ruleset compiled for its goal, behind the one game interface.
pub struct HogGame {
    rules: Arc<Ruleset>,
    info: GameInfo,
}

/// Formats `swine tables` writes full-state tables in: a CSV of one would take 15 to 33 MB.
const FULL_TABLE_FORMATS: [Format; 2] = [Format::Npy, Format::Binary];

impl HogGame {
    /// The game of `rules`.
    pub fn new(rules: Ruleset) -> HogGame {
        let schema = rules.score_schema();
        let hides = rules.hides_memory();
        let mut position = Part::SCORES.to_vec();
        if rules.space().memory_size() > 1 {
            position.extend([
                Part {
                    name: "own_memory",
                    meaning: "the mover's memory",
                },
                Part {
                    name: "opponent_memory",
                    meaning: "the opponent's memory",
                },
            ]);
        }
        let mut cannot = Vec::new();
        if !hides {
            let plain = "remembers nothing a score table cannot see, so its optimal strategy \
                         already is a score table";
            cannot.push((Capability::FullInformation, plain.to_string()));
            cannot.push((Capability::TimeLimit, plain.to_string()));
        }
        let info = GameInfo {
            game: &super::GAME,
            rules: rules.rules().variant(),
            goal: Some(Goal {
                name: "goal",
                value: rules.goal(),
            }),
            yardstick: Some(rules.rules().yardstick().to_string()),
            submission_file: schema.python.map_or("hog.py", |s| s.paste_into),
            position,
            simple: Some((
                "always_roll",
                rules
                    .dice_choices()
                    .map(|k| format!("always_roll:{k}"))
                    .collect(),
            )),
            hides_memory: hides,
            cannot,
            footprint: footprint(rules.goal(), rules.rules().memory().size),
            players: 2,
        };
        HogGame {
            rules: Arc::new(rules),
            info,
        }
    }

    /// The compiled rules.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The report of an exact match-up: with the residual where its values come from a
    /// fixpoint, and win, tie and loss where a game may never end.
    fn match_report(
        &self,
        (strategy, opponent): (&str, &str),
        matchup: Outcome,
        residual: f64,
        minimax: bool,
    ) -> MatchReport {
        MatchReport::endless(
            self.heading(strategy, opponent),
            matchup,
            residual,
            (minimax, !self.rules.order().is_rising()),
        )
    }

    /// The report of a solve, before its files are written.
    fn solved_report(&self, solved: &HogSolved) -> MatchReport {
        let meta = &solved.file.meta;
        let strategy = if solved.file.table.schema.python.is_some() {
            meta.strategy.clone()
        } else {
            format!("{} (full information)", meta.strategy)
        };
        let mut report = self.match_report(
            (&strategy, &meta.opponent),
            solved.outcome,
            solved.residual,
            solved.first_player_wins.is_some(),
        );
        report.details = solved
            .search
            .as_ref()
            .map(|search| search.details(solved.outcome.win_rate()));
        report
    }

    /// Solves against `opponent`, telling `run` of each round while a table search runs.
    fn solve_against(
        &self,
        opponent: &Strategy,
        limits: SearchLimits,
        run: &Run,
    ) -> Result<HogSolved, GameError> {
        let rules = &self.rules;
        let perturbations = limits.perturbations;
        let time_limit = limits.time_limit;
        let limits = SearchLimits {
            stop: Some(run.flag()),
            ..limits
        };
        let told = run.clone();
        let solved = solve_against(rules, opponent, limits, move |round| {
            let best = round.best.max(round.win_rate);
            told.tell(
                if round.start > 0 {
                    format!(
                        "best score table: start {}/{}, round {}, {} cells changed, best win \
                         rate {best:.12}",
                        round.start,
                        super::STARTS,
                        round.round,
                        round.changed
                    )
                } else {
                    format!(
                        "best score table: {}/{perturbations} perturbations climbed, best win \
                         rate {best:.12}",
                        round.round
                    )
                },
                time_limit.map(|limit| {
                    (
                        round.elapsed.min(limit).as_millis() as u64,
                        limit.as_millis() as u64,
                    )
                }),
            );
        })
        .map_err(GameError::solve)?;
        run.check()?;
        Ok(solved)
    }

    /// The solve against `opponent` that `search` asks for, with a note where it was not
    /// searched: where `search` gives no limit or seed and a best score table of these rules
    /// and `opponent` is committed in `tables/`, that table (what the default search finds, a
    /// test keeps it so) checked by [`adopt_best_table`] in about a second instead of searched
    /// for again in up to minutes; otherwise solved, or searched within `search`.
    fn solve_or_adopt(
        &self,
        opponent: &Strategy,
        search: SearchAsk,
        run: &Run,
    ) -> Result<(HogSolved, Option<String>), GameError> {
        let rules = &self.rules;
        if !search.given()
            && let Some((path, file)) = committed_best_table(rules, opponent)
        {
            let solved = adopt_best_table(rules, opponent, &file).map_err(|e| {
                GameError::Refused(format!(
                    "the best score table committed in {path} does not hold ({}): give \
                     --seed 0 to search afresh",
                    crate::report::full_message(&e)
                ))
            })?;
            let taken = format!("the best score table committed in {path}");
            return Ok((solved, Some(not_searched_again(&taken))));
        }
        let limits = SearchLimits {
            time_limit: search.time_limit,
            perturbations: search.perturbations.unwrap_or(PERTURBATIONS),
            seed: search.seed.unwrap_or(SEED),
            stop: None,
        };
        Ok((self.solve_against(opponent, limits, run)?, None))
    }

    /// The exact ties of an optimising strategy for a report: all of them listed when
    /// `listed`, else their count.
    fn exact_ties(&self, ties: &[ExactTie], listed: bool) -> ExactTies {
        let memory = self.rules.space().memory_size() > 1;
        let states = if listed {
            ties.iter()
                .map(|tie| {
                    let at = Place::scores(tie.own, tie.opponent);
                    let at = if memory {
                        at.with("memory", tie.memories.0.into())
                            .with("opponent_memory", tie.memories.1.into())
                    } else {
                        at
                    };
                    TiedState {
                        at,
                        choices: tie.dice.iter().map(|&n| dice_label(n)).collect(),
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        ExactTies {
            count: ties.len(),
            states,
        }
    }

    /// `strategy`'s score table (`optimal` solved against `opponent` first), with its name.
    fn score_table(
        &self,
        strategy: &Strategy,
        opponent: &Strategy,
        run: &Run,
    ) -> Result<ScoreTable, GameError> {
        match strategy.kind() {
            StrategyKind::Scores(table) => Ok(table.clone()),
            StrategyKind::Optimising => self
                .solve_or_adopt(opponent, SearchAsk::default(), run)?
                .0
                .file
                .table
                .dice
                .into_dimensionality::<Ix2>()
                .map_err(|_| {
                    GameError::Refused(format!(
                        "{}: its optimum reads the hidden memories; a map shows what a course \
                         strategy sees",
                        strategy.name()
                    ))
                }),
            StrategyKind::Full(_) => Err(GameError::Refused(format!(
                "{}: reads the hidden memories; a map shows what a course strategy sees",
                strategy.name()
            ))),
        }
    }

    /// The match-up of `seats` (the first seat's strategy, then its opponent's) solved, its
    /// sweeps stopped when `run` is (Ctrl-C in Python: a solve at a large goal with memory
    /// takes seconds).
    fn solved(&self, seats: [&Strategy; 2], run: &Run) -> Result<Solution, GameError> {
        let rules = &self.rules;
        let players = seats.map(|strategy| strategy.player(rules));
        solve_stopping(rules, [&players[0], &players[1]], Some(&run.flag()))
            .map_err(GameError::solve)
    }

    /// The exact win rate of `table` against `opponent`.
    fn table_rate(&self, table: &ScoreTable, opponent: &Strategy) -> Result<f64, GameError> {
        let rules = &self.rules;
        let table = Player::Fixed(Policy::from_scores(rules, table));
        Ok(solve(rules, [&table, &opponent.player(rules)])
            .map_err(GameError::solve)?
            .matchup()
            .win_rate())
    }
}

impl Game for HogGame {
    type Strategy = Strategy;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Resolved<Strategy>, GameError> {
        Ok(Strategy::resolve(spec, &self.rules, runner)?)
    }

    fn course_schema(&self) -> Option<Schema> {
        Some(self.rules.score_schema())
    }

    fn table_strategy(&self, name: &str, table: Table) -> Result<Strategy, GameError> {
        Ok(Strategy::from_table(name, table))
    }

    fn name<'a>(&self, strategy: &'a Strategy) -> &'a str {
        strategy.name()
    }

    fn is_fixed(&self, strategy: &Strategy) -> bool {
        !strategy.is_optimising()
    }

    fn equilibrium(&self, minimax: &Strategy, run: &Run) -> Result<Strategy, GameError> {
        let solved =
            self.solve_against(&Strategy::optimising(MINIMAX), SearchLimits::default(), run)?;
        Ok(Strategy::from_table(minimax.name(), solved.file.table))
    }

    fn evaluate(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        run: &Run,
    ) -> Result<Evaluated, GameError> {
        let solution = self.solved([strategy, opponent], run)?;
        let outcome = solution.matchup();
        let minimax = strategy.is_optimising() && opponent.is_optimising();
        Ok(Evaluated {
            outcome,
            report: self.match_report(
                (strategy.name(), opponent.name()),
                outcome,
                solution.residual(),
                minimax,
            ),
        })
    }

    fn check_position(&self, at: &[i64], _dice: Option<&[u8]>) -> Result<(), GameError> {
        let goal = i64::from(self.rules.goal());
        let memories = self.rules.space().memory_size() as i64;
        let mut parts = vec![("own", 0..goal), ("opponent", 0..goal)];
        if memories > 1 {
            parts.extend([
                ("own_memory", 0..memories),
                ("opponent_memory", 0..memories),
            ]);
        }
        check_numbers(&parts, at)
    }

    fn position(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        at: &[i64],
        _dice: Option<&[u8]>,
        _run: &Run,
    ) -> Result<PositionReport, GameError> {
        let rules = &self.rules;
        let initial = rules.memory().initial;
        let memories = match at {
            [_, _, own, other] => (*own as u8, *other as u8),
            _ => (initial, initial),
        };
        let (own, other) = (at[0] as u32, at[1] as u32);
        let space = rules.space();
        let state = space.state(space.cell(own, other), memories.0, memories.1);
        let solved = position(rules, strategy, opponent, state).map_err(GameError::solve)?;
        let mut text = format!("{own} : {other}");
        if at.len() == 4 {
            text.push_str(&format!(
                "; each player's {}: {} and {}",
                rules.memory().meaning,
                at[2],
                at[3]
            ));
        }
        let from = self.info.named(at);
        let choices = solved
            .choices
            .iter()
            .map(|&(n, value)| ChoiceValue {
                choice: dice_label(n),
                dice: Some(n),
                value,
            })
            .collect();
        Ok(PositionReport::new(
            self.heading(strategy.name(), opponent.name()),
            from,
            text,
            solved.outcome,
            (dice_label(solved.chosen), choices),
        ))
    }

    fn simulate(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<Simulated, GameError> {
        let rules = &self.rules;
        let solution = self.solved([strategy, opponent], run)?;
        let policies = [solution.policy(0), solution.policy(1)];
        let [a, b] = policies.each_ref().map(|policy| Plays { rules, policy });
        let played = run.counter(2 * games, "games");
        let simulation = simulate(rules.as_ref(), [&a, &b], (games, seed), &played);
        run.check()?;
        Ok(Simulated::Exact(SimulationReport::ties_if_any(
            self.heading(strategy.name(), opponent.name()),
            seed,
            simulation,
            solution.matchup(),
        )))
    }

    fn transcript(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        seed: u64,
        run: &Run,
    ) -> Result<String, GameError> {
        let rules = &self.rules;
        let solution = self.solved([strategy, opponent], run)?;
        let policies = [solution.policy(0), solution.policy(1)];
        let [a, b] = policies.each_ref().map(|policy| Plays { rules, policy });
        let heading = transcript_heading(&self.info, [strategy.name(), opponent.name()], seed);
        Ok(transcript(rules.as_ref(), [&a, &b], &heading, seed))
    }

    fn study(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        ask: StudyAsk,
        run: &Run,
    ) -> Result<Studied, GameError> {
        let rules = &self.rules;
        let solution = self.solved([strategy, opponent], run)?;
        let policies = [solution.policy(0), solution.policy(1)];
        let policies = [&policies[0], &policies[1]];
        let happenings =
            Happenings::of_rules(rules).map_err(|e| GameError::Refused(e.to_string()))?;
        let chain = HogChain::new(rules, policies, &happenings);
        Studied::of(
            &chain,
            ask,
            |games, seed| Ok(tally(rules, &happenings, policies, games, seed)),
            run,
        )
    }

    fn explain(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        _run: &Run,
    ) -> Result<Vec<Lost>, GameError> {
        let rules = &self.rules;
        let table = match strategy.kind() {
            StrategyKind::Scores(table) => table,
            StrategyKind::Full(_) => {
                return Err(GameError::Refused(format!(
                    "{} reads the hidden memories: its cells are not what a course strategy sees",
                    strategy.name()
                )));
            }
            StrategyKind::Optimising => {
                return Err(GameError::not_fixed(strategy.name(), true, opponent.name()));
            }
        };
        let Player::Fixed(policy) = opponent.player(rules) else {
            return Err(GameError::not_fixed(
                strategy.name(),
                false,
                opponent.name(),
            ));
        };
        let cells = explain(rules, table, &policy).map_err(|error| match error {
            ExplainError::Solve(error) => GameError::solve(error),
            lowering @ ExplainError::Lowering(_) => GameError::Refused(lowering.to_string()),
        })?;
        Ok(cells
            .into_iter()
            .map(|cell| Lost {
                at: Place::scores(cell.score, cell.opponent_score),
                chosen: dice_label(cell.chosen),
                best: dice_label(cell.best),
                reach: crate::format::Probability(cell.reach),
                gain: crate::format::Probability(cell.gain),
            })
            .collect())
    }

    fn fractions(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        _run: &Run,
    ) -> Result<Fractions, GameError> {
        let exact = solve_exact(&self.rules, [strategy, opponent]).map_err(GameError::solve)?;
        let minimax = strategy.is_optimising() && opponent.is_optimising();
        let rates = exact.rates();
        Ok(Fractions {
            rates: if minimax { rates.minimax() } else { rates },
            ties: strategy
                .is_optimising()
                .then(|| self.exact_ties(exact.ties(), false)),
        })
    }

    fn bounds(&self, seats: [&Strategy; 2], _run: &Run) -> Result<BoundedRates, GameError> {
        Ok(certify_hog(&self.rules, seats))
    }

    fn optimum(&self, opponent: &Strategy, run: &Run) -> Result<(Outcome, String), GameError> {
        let rules = &self.rules;
        let (outcome, found) = if let Some((path, file)) = committed_best_table(rules, opponent) {
            let table = Strategy::from_table(&file.meta.strategy, file.table);
            let outcome = super::evaluate(rules, &table, opponent).map_err(GameError::solve)?;
            (outcome, Found::Committed(path))
        } else {
            let solved = self.solve_against(opponent, SearchLimits::default(), run)?;
            let found = match solved.search {
                Some(_) => Found::Searched,
                None => Found::Solved,
            };
            (solved.outcome, found)
        };
        Ok((outcome, optimum_words(found, !opponent.is_optimising())))
    }

    fn solve(
        &self,
        opponent: Option<&Strategy>,
        ask: &SolveAsk,
        run: &Run,
    ) -> Result<Solved, GameError> {
        let rules = &self.rules;
        let opponent = given(opponent)?;
        if ask.full_information && opponent.is_optimising() {
            return Err(GameError::Refused(
                "--full-information: against minimax, the strategy written already sees \
                 everything"
                    .to_string(),
            ));
        }
        let (mut solved, adopted) = self.solve_or_adopt(opponent, ask.search, run)?;
        let exact = ask
            .exact
            .then(|| make_exact(rules, opponent, &mut solved))
            .transpose()
            .map_err(GameError::solve)?;
        let requested = ask.formats.as_deref();
        let formats = solved.file.formats(requested);
        let mut tables = vec![(solved.file.clone(), formats)];
        if let Some(search) = solved.search.as_ref().filter(|_| ask.full_information) {
            let full = &search.full_information;
            let formats: Vec<Format> = (requested.unwrap_or(&Format::ALL).iter())
                .copied()
                .filter(|f| f.holds(&full.table))
                .collect();
            if formats.is_empty() {
                return Err(GameError::Refused(
                    "--full-information: a full-information table needs csv, json, npy or bin"
                        .to_string(),
                ));
            }
            tables.push((full.clone(), formats));
        }
        let values = if ask.values {
            let strategy =
                Strategy::from_table(&solved.file.meta.strategy, solved.file.table.clone());
            let values = values_file(rules, &strategy, opponent, solved.file.stem())
                .map_err(GameError::solve)?;
            Some((
                values,
                requested.map_or(Format::ALL.to_vec(), <[_]>::to_vec),
            ))
        } else {
            None
        };
        let mut report = self.solved_report(&solved);
        report.notes.extend(adopted);
        if ask.bounds {
            // A searched score table is bounded as written; otherwise the optimum itself.
            let strategy = if solved.search.is_some() {
                Strategy::from_table(&solved.file.meta.strategy, solved.file.table.clone())
            } else {
                Strategy::optimising("optimal")
            };
            report.bounds = Some(certify_hog(rules, [&strategy, opponent]));
        }
        if let Some(exact) = &exact {
            report.exact = solved.file.meta.exact.clone();
            report.exact_ties = Some(self.exact_ties(&exact.ties, true));
            if exact.changed > 0 {
                report.notes.push(format!(
                    "the exact solve chose otherwise than the float one in {} cells (choices \
                     within rounding of each other); the exact choices are written",
                    exact.changed
                ));
            }
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
            HogEngine::new(Arc::clone(&self.rules), computer).map_err(GameError::solve)?,
        ))
    }

    fn chart(
        &self,
        ask: ChartAsk,
        [strategy, opponent]: [&Strategy; 2],
        run: &Run,
    ) -> Result<Chart, GameError> {
        let rules = &self.rules;
        let table = self.score_table(strategy, opponent, run)?;
        let name = strategy.name();
        match ask.kind {
            ChartKind::Map => {
                let rate = self.table_rate(&table, opponent)?;
                Ok(hog_map(rules.name(), name, opponent.name(), rate, table))
            }
            ChartKind::Win => {
                let players = [
                    Player::Fixed(Policy::from_scores(rules, &table)),
                    opponent.player(rules),
                ];
                let solution = solve_stopping(rules, [&players[0], &players[1]], Some(&run.flag()))
                    .map_err(GameError::solve)?;
                let rate = solution.matchup().win_rate();
                let space = rules.space();
                let initial = rules.memory().initial;
                let goal = rules.goal() as usize;
                let values = Array2::from_shape_fn((goal, goal), |(own, other)| {
                    let cell = space.cell(own as u32, other as u32);
                    solution.value(0, space.state(cell, initial, initial))
                });
                Ok(Chart::Values {
                    title: format!(
                        "{}: P({name} wins) to move, vs {} (wins {rate:.4})",
                        rules.name(),
                        opponent.name()
                    ),
                    values,
                    legend: "P(win)".to_string(),
                    scale: Scale::Probability,
                })
            }
        }
    }

    fn diff(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        other: &Strategy,
        run: &Run,
    ) -> Result<Chart, GameError> {
        let rules = &self.rules;
        let a = self.score_table(strategy, opponent, run)?;
        let b = self.score_table(other, opponent, run)?;
        let rate = self.table_rate(&a, opponent)?;
        let Player::Fixed(policy) = opponent.player(rules) else {
            return Err(GameError::Refused(format!(
                "plot diff: the opponent must be a fixed strategy, not {}",
                opponent.name()
            )));
        };
        let goal = rules.goal() as usize;
        let mut values = Array2::from_elem((goal, goal), None);
        let gains = switch_gains(rules, &a, &b, &policy).map_err(GameError::solve)?;
        for gain in &gains {
            values[[gain.score as usize, gain.opponent_score as usize]] = Some(gain.gain);
        }
        Ok(Chart::Values {
            title: format!(
                "{}: {} (wins {rate:.4}) taking {}'s choice alone, vs {}",
                rules.name(),
                strategy.name(),
                other.name(),
                opponent.name()
            ),
            values,
            legend: format!("{} reachable cells differ", gains.len()),
            scale: Scale::AroundZero,
        })
    }

    fn tables(&self, from: Option<&Path>) -> Result<Vec<TablesJob>, GameError> {
        let rules = &self.rules;
        if rules.goal() != DEFAULT_GOAL {
            return Ok(Vec::new());
        }
        let mut jobs: Vec<TablesJob> = Vec::new();
        for opponent in [rules.rules().yardstick(), MINIMAX] {
            let opponent = Strategy::parse(opponent, rules)?;
            let adopted = match from {
                Some(dir) => recorded_best_table(rules, &opponent, dir)?,
                None => None,
            };
            let game = HogGame {
                rules: Arc::clone(&self.rules),
                info: self.info.clone(),
            };
            jobs.push(Box::new(move |run: &Run| {
                let (solved, taken_from) = match adopted {
                    Some((path, solved)) => (solved, Some(path)),
                    None => (
                        game.solve_against(&opponent, SearchLimits::default(), run)?,
                        None,
                    ),
                };
                let mut files: Vec<TableFile> = vec![solved.file.clone()];
                files.extend(solved.search.as_ref().map(|s| s.full_information.clone()));
                let files: Vec<(TableFile, Vec<Format>)> = files
                    .into_iter()
                    .map(|file| {
                        let formats = if file.table.schema.python.is_some() {
                            Format::ALL.to_vec()
                        } else {
                            FULL_TABLE_FORMATS.to_vec()
                        };
                        (file, formats)
                    })
                    .collect();
                let mut report = game.solved_report(&solved);
                if let Some(path) = taken_from {
                    let taken = format!("taken from {}", path.display());
                    report.notes.push(not_searched_again(&taken));
                }
                Ok(Solved::new(report, files, None))
            }));
        }
        Ok(jobs)
    }
}

/// The note of a solve whose best score table was `taken` from a file (in words) instead of
/// searched for: `swine tables --best-tables-from` and a default `swine solve` say the same.
fn not_searched_again(taken: &str) -> String {
    format!("{taken}, not searched again: evaluated exactly, it wins what it records, to the bit")
}

/// The best score table a solve of `rules` against `opponent` searches for, taken from `dir`
/// (with its path there) where `dir` holds it as `swine solve` names it (JSON), once
/// [`adopt_best_table`] has checked it; `None` where the solve searches nothing or `dir` has
/// no such file.
fn recorded_best_table(
    rules: &Ruleset,
    opponent: &Strategy,
    dir: &Path,
) -> Result<Option<(PathBuf, HogSolved)>, GameError> {
    let Some(stem) = best_table_stem(rules, opponent) else {
        return Ok(None);
    };
    let path = dir.join(format!("{stem}.json"));
    if !path.exists() {
        return Ok(None);
    }
    let file = load(&path, &[rules.score_schema()])
        .map_err(|e| GameError::Refused(format!("--best-tables-from: {e}")))?;
    let solved = adopt_best_table(rules, opponent, &file).map_err(|e| {
        GameError::Refused(format!(
            "--best-tables-from: {}: {}",
            path.display(),
            crate::report::full_message(&e)
        ))
    })?;
    Ok(Some((path, solved)))
}
