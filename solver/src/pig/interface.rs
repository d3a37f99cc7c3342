//! The Pig family's side of the one game interface ([`crate::game::Game`]).

use std::path::Path;
use std::sync::Arc;

use ndarray::Array2;

use super::analysis::{
    Solved as PigSolved, evaluate, make_exact, position, solve_against, values_file,
};
use super::bounds::certify_pig;
use super::exact::{ExactError, ExactSolution, solve_exact_stopping};
use super::explain::{ExplainError, explain};
use super::game::{Pig, Variant};
use super::rules::Plays;
use super::seats::{Start as SeatStart, seat_race};
use super::session::PigEngine;
use super::solve::{Player, solve};
use super::strategy::Strategy;
use super::study::{PigChain, tally};
use crate::bounds::BoundedRates;
use crate::chart::{Chart, Scale, pig_map};
use crate::format::{Format, Probability, TableFile};
use crate::game::StudyAsk;
use crate::game::simulate::{simulate, transcript, transcript_heading};
use crate::game::{
    Capability, ChartAsk, ChartKind, Engine, Evaluated, Footprint, Found, Fractions, Game,
    GameError, GameInfo, Goal, Growth, MINIMAX, MoveLimit, Part, Run, Simulated, SolveAsk, Solved,
    Studied, TablesJob, check_numbers, given, optimum_words,
};
use crate::outcome::{Outcome, SeatOutcome};
use crate::python::Runner;
use crate::report::{
    ChoiceValue, ExactTies, Lost, MatchReport, Place, PositionReport, SeatsReport,
    SimulationReport, TiedState,
};
use crate::seats::RaceError;
use crate::spec::Resolved;
use crate::table::{Schema, Table};

/// A game of the Pig family with its goal and its number of players, behind the one game
/// interface.
pub struct PigGame {
    pig: Arc<Pig>,
    info: GameInfo,
    /// How many seats play: two, or more ([`super::seats`]).
    seats: usize,
}

/// Formats `swine tables` writes a table of every decision in: a CSV of one would take 10 MB.
const DECISIONS_FORMATS: [Format; 2] = [Format::Npy, Format::Binary];

/// A Pig decision in words: `roll` or `hold`.
pub fn decision(rolls: bool) -> String {
    if rolls { "roll" } else { "hold" }.to_string()
}

/// How a Pig solve grows with its states (both scores and the turn total, each below the
/// goal: goal³ at most), fitted with a margin to the peak resident memory and time of
/// `swine solve` and `solve --vs minimax` of pig at goals 100, 200 and 255 (31, 191 and 395 MB;
/// 0.35, 2.7 and 6.5 s; the page's match-ups at 255: 348 MB); two-dice-pig's solve goes round more often, ten times as long at
/// goal 255 (82 s).
const GROWTH: Growth = Growth {
    base_bytes: 10e6,
    bytes_per: [25.0, 0.0],
    seconds_per: [4.5e-7, 4.5e-6],
};

/// What solving `pig` takes: its goal³ states, their time per state as its dice make it.
fn footprint(pig: &Pig) -> Footprint {
    let states = u64::from(pig.goal()).pow(3);
    let two_dice = u64::from(pig.variant() == Variant::TwoDicePig);
    GROWTH.footprint(states, [states, two_dice * states])
}

/// How an N-seat Pig solve grows with its turn starts (goal^N per table of players: one where
/// every seat plays alike, else one per seat): each holds N values; each turn solved reads the
/// goal's turn totals.
const SEATS_GROWTH: Growth = Growth {
    base_bytes: 10e6,
    bytes_per: [8.0, 0.0],
    seconds_per: [0.0, 1.5e-8],
};

/// What solving an N-seat race of `pig` takes, every seat playing differently (the most).
fn seats_footprint(pig: &Pig, seats: usize) -> Footprint {
    let starts = seats as u64 * u64::from(pig.goal()).pow(seats as u32);
    // N values and about two words of bookkeeping (its group, its layer) per start.
    SEATS_GROWTH.footprint(
        starts,
        [
            starts.saturating_mul(seats as u64 + 2),
            starts.saturating_mul(u64::from(pig.goal())),
        ],
    )
}

/// What a game of more than two players does not answer (yet), and why: everything its record
/// can answer beyond strategies to evaluate.
fn many_seats_cannot(seats: usize) -> Vec<(Capability, String)> {
    let why = format!("with {seats} players answers eval, solve and simulate; not this");
    (super::GAME.can.iter())
        .filter(|&&capability| capability != Capability::Strategies)
        .map(|&capability| (capability, why.clone()))
        .collect()
}

impl PigGame {
    /// The game of `pig` for two.
    pub fn new(pig: Pig) -> PigGame {
        PigGame::seated(pig, 2)
    }

    /// The game of `pig` for `seats` players (2 to [`crate::seats::MOST_SEATS`]).
    pub fn seated(pig: Pig, seats: usize) -> PigGame {
        let cannot = if seats > 2 {
            many_seats_cannot(seats)
        } else {
            Vec::new()
        };
        let info = GameInfo {
            game: &super::GAME,
            rules: pig.name().to_string(),
            goal: Some(Goal {
                name: "goal",
                value: pig.goal(),
            }),
            yardstick: Some(pig.variant().yardstick().to_string()),
            submission_file: pig
                .decisions_schema()
                .python
                .map_or("pig.py", |s| s.paste_into),
            position: Part::seats_and(seats, &[Part::new("turn_total", "the mover's turn total")]),
            simple: Some((
                "hold_at",
                (1..=pig.goal()).map(|k| format!("hold_at:{k}")).collect(),
            )),
            hides_memory: false,
            cannot,
            footprint: if seats > 2 {
                seats_footprint(&pig, seats)
            } else {
                footprint(&pig)
            },
            players: seats as u8,
        };
        PigGame {
            pig: Arc::new(pig),
            info,
            seats,
        }
    }

    /// Every seat's chance with `seats[0]` in each seat in turn and `seats[1]` in the others.
    fn seats_report(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        games: Option<(u64, u64)>,
        run: &Run,
    ) -> Result<SeatsReport, GameError> {
        let (race, solution) =
            seat_race(&self.pig, self.seats, [strategy, opponent], run).map_err(race_error)?;
        let report = SeatsReport::new(
            self.heading(strategy.name(), opponent.name()),
            race.seatings(&solution.values),
            race.alike(),
            Some((solution.residual, solution.sweeps)),
        );
        Ok(match games {
            None => report,
            Some((games, seed)) => {
                let counter = run.counter(games * self.seats as u64, "games");
                let won = race.simulate(&solution, (games, seed), &counter);
                run.check()?;
                let won: Vec<f64> = won.iter().map(|&w| w as f64).collect();
                report.simulated(games, seed, &won)
            }
        })
    }

    /// The position `at` (the scores from the mover's on, then the turn total) of a game of
    /// more than two, `seats[0]` to move and `seats[1]` in the other seats.
    fn seats_position(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        at: &[i64],
        run: &Run,
    ) -> Result<PositionReport, GameError> {
        let (race, solution) =
            seat_race(&self.pig, self.seats, [strategy, opponent], run).map_err(race_error)?;
        let scores: Vec<u32> = at[..self.seats].iter().map(|&n| n as u32).collect();
        let turn_total = at[self.seats] as u32;
        let start = race.number(&SeatStart {
            table: 0,
            scores: scores.clone(),
        });
        let valued = race.position(start, turn_total, &solution.values);
        let chosen = if valued.holds {
            &valued.hold
        } else {
            &valued.roll
        };
        let from = self.info.named(at);
        let scores_text: Vec<String> = scores.iter().map(u32::to_string).collect();
        let choices = [(true, &valued.roll), (false, &valued.hold)]
            .into_iter()
            .map(|(rolls, wins)| ChoiceValue {
                choice: decision(rolls),
                dice: None,
                value: wins[0],
            })
            .collect();
        let mut report = PositionReport::new(
            self.heading(strategy.name(), opponent.name()),
            from,
            format!("{}, turn total {turn_total}", scores_text.join(" : ")),
            SeatOutcome {
                win: chosen[0],
                tie: 0.0,
                loss: 1.0 - chosen[0],
            },
            (decision(!valued.holds), choices),
        );
        report.mover_loses = None;
        report.wins = Some(
            chosen[..self.seats]
                .iter()
                .map(|&p| Probability(p))
                .collect(),
        );
        report.notes.push(format!(
            "{} seats: each value is the mover's chance; `wins` gives every seat's, the mover \
             first (residual {:.1e})",
            self.seats, solution.residual
        ));
        Ok(report)
    }

    /// The refusal of a question asked of a game of more than two players that only a game
    /// of two answers.
    fn two_only(&self, what: &str) -> GameError {
        GameError::Refused(format!(
            "{what}: {} with {} players answers eval (of a strategy in each seat, or a \
             position), solve and simulate; {what} is for two players",
            self.info.rules, self.seats
        ))
    }

    /// The report of an exact match-up: win, tie and loss where a game may never end.
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
            (minimax, true),
        )
    }

    /// The report of a solve, before its files are written.
    fn solved_report(&self, solved: &PigSolved) -> MatchReport {
        let meta = &solved.file.meta;
        let mut report = self.match_report(
            (&meta.strategy, &meta.opponent),
            solved.outcome,
            solved.residual,
            solved.first_player_wins.is_some(),
        );
        report
            .notes
            .push(thresholds_note(&self.pig, &solved.not_thresholds));
        report
    }

    /// The exact fractions and ties of `exact` for a report, the tied states listed when
    /// `listed` (else counted).
    fn exact_ties(exact: &ExactSolution, listed: bool) -> ExactTies {
        let states = exact
            .ties()
            .iter()
            .filter(|_| listed)
            .map(|&(own, opponent, turn_total)| TiedState {
                at: Place::scores(own, opponent).with("turn_total", turn_total.into()),
                choices: vec![decision(true), decision(false)],
            });
        ExactTies {
            count: exact.ties().len(),
            states: states.collect(),
        }
    }
}

/// A race's failure as the interface reports it: a stop as a stop.
fn race_error(error: RaceError) -> GameError {
    match error {
        RaceError::Stopped(stopped) => GameError::Stopped(stopped),
        other => GameError::solve(other),
    }
}

/// An exact solve's failure as the interface reports it: a stop as a stop.
fn stopped(error: ExactError) -> GameError {
    match error {
        ExactError::Stopped => GameError::Stopped(crate::game::Stopped),
        other => GameError::solve(other),
    }
}

/// What the table is: hold thresholds, or every decision and where the policy is no
/// threshold.
fn thresholds_note(pig: &Pig, not_thresholds: &[(u32, u32)]) -> String {
    let cells = pig.goal() * pig.goal();
    match not_thresholds {
        [] => "in every (own, opponent) cell it rolls below a turn total and holds from it on: \
               the table gives that turn total"
            .to_string(),
        [first, ..] => format!(
            "in {} of the {cells} (own, opponent) cells it is no threshold (the first: own {}, \
             opponent {}), so the table gives every decision, 1 roll, 0 hold; swine plot map \
             draws where it first holds",
            not_thresholds.len(),
            first.0,
            first.1
        ),
    }
}

impl Game for PigGame {
    type Strategy = Strategy;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Resolved<Strategy>, GameError> {
        Ok(Strategy::resolve(spec, &self.pig, runner)?)
    }

    fn course_schema(&self) -> Option<Schema> {
        Some(self.pig.decisions_schema())
    }

    fn table_strategy(&self, name: &str, table: Table) -> Result<Strategy, GameError> {
        Ok(Strategy::from_table(name, &table, &self.pig))
    }

    fn name<'a>(&self, strategy: &'a Strategy) -> &'a str {
        strategy.name()
    }

    fn is_fixed(&self, strategy: &Strategy) -> bool {
        !strategy.is_optimising()
    }

    fn equilibrium(&self, minimax: &Strategy, _run: &Run) -> Result<Strategy, GameError> {
        if self.seats > 2 {
            return Err(GameError::Refused(format!(
                "{}: with {} players, minimax means every seat for itself; against a fixed \
                 strategy in the other seats ask for optimal (the best response to them)",
                self.info.rules, self.seats
            )));
        }
        let table = solve_against(&self.pig, &Strategy::optimal())
            .map_err(GameError::solve)?
            .file
            .table;
        Ok(Strategy::from_table(minimax.name(), &table, &self.pig))
    }

    fn evaluate(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        _run: &Run,
    ) -> Result<Evaluated, GameError> {
        if self.seats > 2 {
            return Err(self.two_only("a two-player rate"));
        }
        let (outcome, residual) =
            evaluate(&self.pig, strategy, opponent).map_err(GameError::solve)?;
        let minimax = strategy.is_optimising() && opponent.is_optimising();
        Ok(Evaluated {
            outcome,
            report: self.match_report(
                (strategy.name(), opponent.name()),
                outcome,
                residual,
                minimax,
            ),
        })
    }

    fn check_position(&self, at: &[i64], _dice: Option<&[u8]>) -> Result<(), GameError> {
        let goal = i64::from(self.pig.goal());
        let parts: Vec<(&str, std::ops::Range<i64>)> = self
            .info
            .position
            .iter()
            .map(|part| (part.name, 0..goal))
            .collect();
        check_numbers(&parts, at)?;
        let (own, turn_total) = (at[0] as u32, at[self.seats] as u32);
        if !self.pig.is_state(own, turn_total) {
            return Err(GameError::Position(format!(
                "own {own} + turn total {turn_total} reach the goal {}: the mover holds and \
                 has won",
                self.pig.goal()
            )));
        }
        Ok(())
    }

    fn position(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        at: &[i64],
        _dice: Option<&[u8]>,
        run: &Run,
    ) -> Result<PositionReport, GameError> {
        if self.seats > 2 {
            return self.seats_position([strategy, opponent], at, run);
        }
        let (own, other, turn_total) = (at[0] as u32, at[1] as u32, at[2] as u32);
        let solved = position(&self.pig, strategy, opponent, (own, other, turn_total))
            .map_err(GameError::solve)?;
        let from = ["own", "opponent", "turn_total"]
            .iter()
            .zip(at)
            .map(|(name, &n)| (name.to_string(), n))
            .collect();
        let choices = solved
            .choices
            .iter()
            .map(|&(action, value)| ChoiceValue {
                choice: decision(action == 1),
                dice: None,
                value,
            })
            .collect();
        Ok(PositionReport::new(
            self.heading(strategy.name(), opponent.name()),
            from,
            format!("{own} : {other}, turn total {turn_total}"),
            solved.outcome,
            (decision(solved.chosen == 1), choices),
        ))
    }

    fn simulate(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<Simulated, GameError> {
        if self.seats > 2 {
            let report = self.seats_report([strategy, opponent], Some((games, seed)), run)?;
            return Ok(Simulated::Seats(Box::new(report)));
        }
        let pig = &self.pig;
        let solution =
            solve(pig, [strategy.player(), opponent.player()]).map_err(GameError::solve)?;
        let policies = [solution.policy(0), solution.policy(1)];
        let [a, b] = policies.each_ref().map(|policy| Plays {
            pig: pig.as_ref(),
            policy,
        });
        let counter = run.counter(2 * games, "games");
        let simulation = simulate(pig.as_ref(), [&a, &b], (games, seed), &counter);
        run.check()?;
        Ok(Simulated::Exact(SimulationReport::ties_if_any(
            self.heading(strategy.name(), opponent.name()),
            seed,
            simulation,
            solution.matchup(),
        )))
    }

    fn study(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        ask: StudyAsk,
        run: &Run,
    ) -> Result<Studied, GameError> {
        let pig = &self.pig;
        let solution =
            solve(pig, [strategy.player(), opponent.player()]).map_err(GameError::solve)?;
        let policies = [solution.policy(0), solution.policy(1)];
        let policies = [&policies[0], &policies[1]];
        Studied::of(
            &PigChain::new(pig, policies),
            ask,
            |games, seed| Ok(tally(pig, policies, games, seed)),
            run,
        )
    }

    fn transcript(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        seed: u64,
        _run: &Run,
    ) -> Result<String, GameError> {
        let pig = &self.pig;
        let solution =
            solve(pig, [strategy.player(), opponent.player()]).map_err(GameError::solve)?;
        let policies = [solution.policy(0), solution.policy(1)];
        let [a, b] = policies.each_ref().map(|policy| Plays {
            pig: pig.as_ref(),
            policy,
        });
        let heading = transcript_heading(self.info(), [strategy.name(), opponent.name()], seed);
        Ok(transcript(pig.as_ref(), [&a, &b], &heading, seed))
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
        let states = explain(&self.pig, policy, against).map_err(|error| match error {
            ExplainError::Solve(error) => GameError::solve(error),
            lowering @ ExplainError::Lowering(_) => GameError::Refused(lowering.to_string()),
        })?;
        Ok(states
            .into_iter()
            .map(|state| Lost {
                at: Place::scores(state.own, state.opponent)
                    .with("turn_total", state.turn_total.into()),
                chosen: decision(state.rolls),
                best: decision(!state.rolls),
                reach: Probability(state.visits),
                gain: Probability(state.gain),
            })
            .collect())
    }

    fn fractions(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        run: &Run,
    ) -> Result<Fractions, GameError> {
        let exact =
            solve_exact_stopping(&self.pig, [strategy, opponent], &run.flag()).map_err(stopped)?;
        Ok(Fractions {
            rates: exact.rates().clone(),
            ties: strategy
                .is_optimising()
                .then(|| PigGame::exact_ties(&exact, false)),
        })
    }

    fn bounds(&self, seats: [&Strategy; 2], _run: &Run) -> Result<BoundedRates, GameError> {
        Ok(certify_pig(&self.pig, seats))
    }

    fn seat_wins(
        &self,
        seats: [&Strategy; 2],
        games: Option<(u64, u64)>,
        run: &Run,
    ) -> Result<SeatsReport, GameError> {
        if self.seats == 2 {
            return Err(GameError::Refused(format!(
                "--players: {} is played by two here; give --players 3 or more",
                self.info.rules
            )));
        }
        self.seats_report(seats, games, run)
    }

    fn optimum(&self, opponent: &Strategy, _run: &Run) -> Result<(Outcome, String), GameError> {
        if self.seats > 2 {
            return Err(self.two_only("a yardstick"));
        }
        let solved = solve_against(&self.pig, opponent).map_err(GameError::solve)?;
        Ok((
            solved.outcome,
            optimum_words(Found::Solved, !opponent.is_optimising()),
        ))
    }

    fn solve(
        &self,
        opponent: Option<&Strategy>,
        ask: &SolveAsk,
        run: &Run,
    ) -> Result<Solved, GameError> {
        let pig = &self.pig;
        let opponent = given(opponent)?;
        if self.seats > 2 {
            let optimal = Strategy::optimal();
            let mut report = self.seats_report([&optimal, opponent], None, run)?;
            report.notes.push(format!(
                "with {} players no table is written: a seat's decisions read every score",
                self.seats
            ));
            return Ok(Solved::new(report, Vec::new(), None));
        }
        let mut solved = solve_against(pig, opponent).map_err(GameError::solve)?;
        let exact = ask
            .exact
            .then(|| make_exact(pig, opponent, &mut solved, &run.flag()))
            .transpose()
            .map_err(stopped)?;
        let requested = ask.formats.as_deref();
        let tables = vec![(solved.file.clone(), solved.file.formats(requested))];
        let table = Strategy::from_table(&solved.file.meta.strategy, &solved.file.table, pig);
        let values = if ask.values {
            let values =
                values_file(pig, &table, opponent, solved.file.stem()).map_err(GameError::solve)?;
            Some((
                values,
                requested.map_or(Format::ALL.to_vec(), <[_]>::to_vec),
            ))
        } else {
            None
        };
        let mut report = self.solved_report(&solved);
        if ask.bounds {
            report.bounds = Some(certify_pig(pig, [&Strategy::optimal(), opponent]));
        }
        if let Some(exact) = &exact {
            report.exact = Some(exact.rates().clone());
            report.exact_ties = Some(PigGame::exact_ties(exact, true));
            if exact.changed() > 0 {
                report.notes.push(format!(
                    "the exact solve decided otherwise than the float one in {} states (choices \
                     within rounding of each other), and the exact decisions are written",
                    exact.changed()
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
        if self.seats > 2 {
            return Err(self.two_only("play"));
        }
        let computer = given(computer)?;
        Ok(Arc::new(
            PigEngine::new(Arc::clone(&self.pig), computer).map_err(GameError::solve)?,
        ))
    }

    fn chart(
        &self,
        ask: ChartAsk,
        [strategy, opponent]: [&Strategy; 2],
        _run: &Run,
    ) -> Result<Chart, GameError> {
        let pig = &self.pig;
        let solution =
            solve(pig, [strategy.player(), opponent.player()]).map_err(GameError::solve)?;
        let rate = solution.matchup().win_rate();
        match ask.kind {
            ChartKind::Map => {
                let policy = solution.policy(0);
                Ok(pig_map(
                    (pig.name(), pig.goal()),
                    (strategy.name(), opponent.name()),
                    rate,
                    &policy.first_holds(pig),
                    policy
                        .thresholds(pig)
                        .iter()
                        .filter(|t| t.is_none())
                        .count(),
                ))
            }
            ChartKind::Win => {
                let goal = pig.goal() as usize;
                let values = Array2::from_shape_fn((goal, goal), |(own, other)| {
                    Some(solution.value(0, pig.state(own as u32, other as u32, 0)))
                });
                Ok(Chart::Values {
                    title: format!(
                        "{}: P({} wins) at turn total 0, vs {} (wins {rate:.4})",
                        pig.name(),
                        strategy.name(),
                        opponent.name(),
                    ),
                    values,
                    legend: "P(win)".to_string(),
                    scale: Scale::Probability,
                })
            }
        }
    }

    fn tables(&self, _from: Option<&Path>) -> Result<Vec<TablesJob>, GameError> {
        let variant: Variant = self.pig.variant();
        if self.pig.goal() != variant.default_goal() || self.seats > 2 {
            return Ok(Vec::new());
        }
        let mut jobs: Vec<TablesJob> = Vec::new();
        for opponent in [variant.yardstick(), MINIMAX] {
            let opponent = Strategy::parse(opponent, &self.pig)?;
            let game = PigGame {
                pig: Arc::clone(&self.pig),
                info: self.info.clone(),
                seats: self.seats,
            };
            jobs.push(Box::new(move |run: &Run| {
                run.check()?;
                let solved = solve_against(&game.pig, &opponent).map_err(GameError::solve)?;
                let formats = if solved.not_thresholds.is_empty() {
                    Format::ALL.to_vec()
                } else {
                    DECISIONS_FORMATS.to_vec()
                };
                let tables: Vec<(TableFile, Vec<Format>)> = vec![(solved.file.clone(), formats)];
                Ok(Solved::new(game.solved_report(&solved), tables, None))
            }));
        }
        Ok(jobs)
    }
}
