//! A game written for the tests only (the `coin-race` feature, which the workspace's tests turn
//! on): the proof that a new game is its record, its rules, its solver and an `impl Game`,
//! registered in one line of the catalog like the built-ins, so it passes the same conformance
//! suite through the CLI's command code and the Python package.
//!
//! Coin race to a goal: on a turn the mover plays **safe** (2 points for sure) or **bold** (a
//! coin: heads 4 points, tails 1); whoever reaches the goal first wins. Every turn raises the
//! total, so one backward sweep over (own, opponent) solves any match-up exactly.

use std::path::Path;
use std::sync::Arc;

use crate::dice::{Die, SeededDice};
use crate::game::{
    Action, Answers, Audience, Capability, Choice, Engine, Evaluated, Found, Game, GameError,
    GameInfo, GameType, Goal, Growth, MINIMAX, Map, MoveLimit, Named, OpenError, Opening,
    Parameter, Part, PositionForm, Prompt, Reading, RulesetRecord, Run, Session, Simulated,
    SolveAsk, Solved, TablesJob, Told, ValueKind, View, check_numbers, optimum_words,
};
use crate::montecarlo::{self, Played};
use crate::outcome::{Outcome, SeatOutcome};
use crate::python::Runner;
use crate::report::{ChoiceValue, MatchReport, PositionReport, SimulationReport};
use crate::spec::{Resolved, StrategyError};

/// The two choices, by number: safe (0) and bold (1), with their (probability, points).
const CHOICES: [(&str, &[(f64, u32)]); 2] =
    [("safe", &[(1.0, 2)]), ("bold", &[(0.5, 4), (0.5, 1)])];

/// The coin race: a test's game, registered like the built-ins.
pub const GAME: GameType = GameType {
    name: "coin-race",
    label: "Coin race",
    summary: "a test's game: safe (2 points) or bold (a coin: 4 or 1), first to the goal wins",
    players: 2..=2,
    value: ValueKind::WinProbability,
    parameters: &[Parameter::integer(
        "goal",
        (1, 200),
        12,
        "the score that wins",
    )],
    declared_parameters: false,
    position: PositionForm::Numbers,
    chance: true,
    ties: false,
    can: &[Capability::Strategies],
    refusals: &[],
    files: &[],
    rulesets,
    open,
};

/// The one ruleset.
fn rulesets() -> Vec<RulesetRecord> {
    vec![RulesetRecord::new(
        "coin-race",
        "safe or bold, to a goal",
        Some("safe"),
        vec!["safe".to_string(), "bold".to_string()],
    )]
}

/// The race to its goal.
fn open(opening: &Opening<'_>) -> Result<Named, OpenError> {
    let goal = opening.goal(12);
    GAME.parameters[0]
        .check(i64::from(goal))
        .map_err(|expected| OpenError::Value(format!("goal={goal}: {expected}")))?;
    Ok(Named::built(Arc::new(CoinRace::new(goal))))
}

/// The cell of (`own`, `opponent`) in a race to `goal`.
fn cell(goal: u32, own: u32, opponent: u32) -> usize {
    (own * goal + opponent) as usize
}

/// What `choice` is worth to the mover at (`own`, `opponent`) in a race to `goal`, `other` the
/// other seat's values to move.
fn worth(goal: u32, other: &[f64], (own, opponent): (u32, u32), choice: usize) -> f64 {
    CHOICES[choice]
        .1
        .iter()
        .map(|&(p, points)| {
            let reached = own + points;
            p * if reached >= goal {
                1.0
            } else {
                1.0 - other[cell(goal, opponent, reached)]
            }
        })
        .sum()
}

/// A strategy: a fixed choice in every cell (by `own * goal + opponent`), or an optimiser.
#[derive(Clone, Debug)]
pub struct Coin {
    name: String,
    fixed: Option<Vec<usize>>,
}

/// The coin race to `goal`.
pub struct CoinRace {
    goal: u32,
    info: GameInfo,
}

/// Both seats' values to move in every cell, and the choices made.
struct Sweep {
    values: [Vec<f64>; 2],
    chosen: [Vec<usize>; 2],
}

impl CoinRace {
    /// The race to `goal`.
    pub fn new(goal: u32) -> CoinRace {
        let info = GameInfo {
            game: &GAME,
            rules: "coin-race".to_string(),
            goal: Some(Goal {
                name: "goal",
                value: goal,
            }),
            yardstick: Some("safe".to_string()),
            submission_file: "coin.py",
            position: Part::SCORES.to_vec(),
            simple: None,
            hides_memory: false,
            cannot: Vec::new(),
            footprint: Growth {
                base_bytes: 1e6,
                bytes_per: [8.0, 0.0],
                seconds_per: [1e-8, 0.0],
            }
            .footprint(u64::from(goal).pow(2), [u64::from(goal).pow(2), 0]),
        };
        CoinRace { goal, info }
    }

    fn cell(&self, own: u32, opponent: u32) -> usize {
        cell(self.goal, own, opponent)
    }

    /// One backward sweep, in decreasing total: every turn raises it.
    fn sweep(&self, seats: [&Coin; 2]) -> Sweep {
        let g = self.goal;
        let mut values = [vec![0.0; (g * g) as usize], vec![0.0; (g * g) as usize]];
        let mut chosen = [vec![0; (g * g) as usize], vec![0; (g * g) as usize]];
        for total in (0..=2 * (g - 1)).rev() {
            for own in total.saturating_sub(g - 1)..=total.min(g - 1) {
                let opponent = total - own;
                for seat in 0..2 {
                    let worth = |choice| worth(g, &values[1 - seat], (own, opponent), choice);
                    let cell = self.cell(own, opponent);
                    let choice = match &seats[seat].fixed {
                        Some(table) => table[cell],
                        None => usize::from(worth(1) > worth(0)),
                    };
                    values[seat][cell] = worth(choice);
                    chosen[seat][cell] = choice;
                }
            }
        }
        Sweep { values, chosen }
    }

    fn outcome(&self, sweep: &Sweep) -> Outcome {
        Outcome {
            first: SeatOutcome::without_ties(sweep.values[0][0]),
            second: SeatOutcome::without_ties(1.0 - sweep.values[1][0]),
        }
    }
}

impl Game for CoinRace {
    type Strategy = Coin;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn resolve(&self, spec: &str, _: &Runner) -> Result<Resolved<Coin>, GameError> {
        let cells = (self.goal * self.goal) as usize;
        let fixed = match spec.trim() {
            "safe" => Some(vec![0; cells]),
            "bold" => Some(vec![1; cells]),
            "optimal" | "minimax" => None,
            other => {
                return Err(StrategyError::Unknown {
                    spec: other.to_string(),
                    rules: self.info.rules.clone(),
                    expected: "safe, bold, optimal, minimax".to_string(),
                }
                .into());
            }
        };
        Ok(Resolved {
            strategy: Coin {
                name: spec.trim().to_string(),
                fixed,
            },
            function: None,
        })
    }

    fn name<'a>(&self, strategy: &'a Coin) -> &'a str {
        &strategy.name
    }

    fn is_fixed(&self, strategy: &Coin) -> bool {
        strategy.fixed.is_some()
    }

    fn equilibrium(&self, minimax: &Coin, _: &Run) -> Result<Coin, GameError> {
        let both = Coin {
            name: MINIMAX.to_string(),
            fixed: None,
        };
        let table = self.sweep([&both, &both]).chosen[0].clone();
        Ok(Coin {
            name: minimax.name.clone(),
            fixed: Some(table),
        })
    }

    fn evaluate(&self, seats: [&Coin; 2], run: &Run) -> Result<Evaluated, GameError> {
        run.check()?;
        let outcome = self.outcome(&self.sweep(seats));
        let mut report = MatchReport::new(self.heading(&seats[0].name, &seats[1].name), outcome);
        if seats.iter().all(|s| s.fixed.is_none()) {
            report.first_player_wins = Some(crate::format::Probability(outcome.as_first()));
        }
        Ok(Evaluated { outcome, report })
    }

    fn check_position(&self, at: &[i64], dice: Option<&[u8]>) -> Result<(), GameError> {
        if dice.is_some() {
            return Err(self.refuse(Capability::Dice));
        }
        let g = i64::from(self.goal);
        check_numbers(&[("own", 0..g), ("opponent", 0..g)], at)
    }

    fn position(
        &self,
        seats: [&Coin; 2],
        at: &[i64],
        dice: Option<&[u8]>,
        run: &Run,
    ) -> Result<PositionReport, GameError> {
        self.check_position(at, dice)?;
        run.check()?;
        let sweep = self.sweep(seats);
        let (own, opponent) = (at[0] as u32, at[1] as u32);
        let worth = |choice: usize| -> f64 {
            CHOICES[choice]
                .1
                .iter()
                .map(|&(p, points)| {
                    let reached = own + points;
                    p * if reached >= self.goal {
                        1.0
                    } else {
                        1.0 - sweep.values[1][self.cell(opponent, reached)]
                    }
                })
                .sum()
        };
        let chosen = sweep.chosen[0][self.cell(own, opponent)];
        let choices = (0..2)
            .map(|c| ChoiceValue {
                choice: CHOICES[c].0.to_string(),
                dice: None,
                value: worth(c),
            })
            .collect();
        let from = vec![("own".to_string(), at[0]), ("opponent".to_string(), at[1])];
        Ok(PositionReport::new(
            self.heading(&seats[0].name, &seats[1].name),
            from,
            format!("{own} : {opponent}"),
            SeatOutcome::without_ties(sweep.values[0][self.cell(own, opponent)]),
            (CHOICES[chosen].0.to_string(), choices),
        ))
    }

    fn simulate(
        &self,
        seats: [&Coin; 2],
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<Simulated, GameError> {
        let sweep = self.sweep(seats);
        let counter = run.counter(2 * games, "games");
        let simulation = montecarlo::simulate(
            games,
            seed,
            |first, rng| {
                let (mut scores, mut mover) = ([0u32; 2], first);
                loop {
                    let cell = self.cell(scores[mover], scores[1 - mover]);
                    let choice = sweep.chosen[mover][cell];
                    let heads = rand::Rng::random_bool(rng, 0.5);
                    scores[mover] += match (choice, heads) {
                        (0, _) => 2,
                        (_, true) => 4,
                        (_, false) => 1,
                    };
                    if scores[mover] >= self.goal {
                        return if mover == 0 {
                            montecarlo::Result::Won
                        } else {
                            montecarlo::Result::Lost
                        };
                    }
                    mover = 1 - mover;
                }
            },
            &counter as &dyn Played,
        );
        run.check()?;
        Ok(Simulated::Exact(SimulationReport::new(
            self.heading(&seats[0].name, &seats[1].name),
            seed,
            simulation,
            self.outcome(&sweep),
        )))
    }

    fn optimum(&self, opponent: &Coin, run: &Run) -> Result<(Outcome, String), GameError> {
        let optimal = Coin {
            name: "optimal".to_string(),
            fixed: None,
        };
        let outcome = self.evaluate([&optimal, opponent], run)?.outcome;
        Ok((
            outcome,
            optimum_words(Found::Solved, opponent.fixed.is_some()),
        ))
    }

    fn solve(
        &self,
        opponent: Option<&Coin>,
        ask: &SolveAsk,
        run: &Run,
    ) -> Result<Solved, GameError> {
        self.info.allows_all(&[
            (Capability::Exact, ask.exact),
            (Capability::Bounds, ask.bounds),
        ])?;
        let opponent = opponent.ok_or_else(|| GameError::Refused("no opponent".into()))?;
        let name = if opponent.fixed.is_some() {
            "optimal"
        } else {
            "minimax"
        };
        let optimal = Coin {
            name: name.to_string(),
            fixed: None,
        };
        let report = self.evaluate([&optimal, opponent], run)?.report;
        Ok(Solved {
            report,
            tables: Vec::new(),
            values: None,
            files: Vec::new(),
        })
    }

    fn engine(
        &self,
        computer: Option<&Coin>,
        moves: Option<MoveLimit>,
        _: &Run,
    ) -> Result<Arc<dyn Engine>, GameError> {
        if moves.is_some() {
            return Err(self.refuse(Capability::Moves));
        }
        let computer = computer.ok_or_else(|| GameError::Refused("no opponent".into()))?;
        let optimal = Coin {
            name: "optimal".to_string(),
            fixed: None,
        };
        Ok(Arc::new(Race {
            goal: self.goal,
            solved: Arc::new(self.sweep([&optimal, computer])),
            computer: computer.name.clone(),
        }))
    }

    fn tables(&self, _: Option<&Path>) -> Result<Vec<TablesJob>, GameError> {
        Ok(Vec::new())
    }
}

/// The race solved for a person against the computer: both seats' values and choices.
struct Race {
    goal: u32,
    solved: Arc<Sweep>,
    computer: String,
}

impl Engine for Race {
    fn computer(&self) -> &str {
        &self.computer
    }

    fn opening(&self, seed: u64) -> String {
        format!(
            "coin race to {}: the computer plays {}. Seed {seed}.",
            self.goal, self.computer
        )
    }

    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        Box::new(RaceInPlay {
            goal: self.goal,
            solved: Arc::clone(&self.solved),
            scores: [0, 0],
            mover: first,
            dice: SeededDice::new(seed),
            audience,
        })
    }

    fn map(&self) -> Result<Map, String> {
        Err("coin-race has no map".to_string())
    }
}

/// A race in progress.
struct RaceInPlay {
    goal: u32,
    solved: Arc<Sweep>,
    scores: [u32; 2],
    mover: usize,
    dice: SeededDice,
    audience: Audience,
}

impl RaceInPlay {
    fn turn(&mut self, choice: usize) -> Told {
        let who = self.mover;
        let coin = Die {
            faces: 2,
            ..Die::SIX_SIDED
        };
        let heads = self.dice.roll(coin, 1)[0] == 2;
        let points = match (choice, heads) {
            (0, _) => 2,
            (_, true) => 4,
            (_, false) => 1,
        };
        self.scores[who] += points;
        if self.scores[who] < self.goal {
            self.mover = 1 - who;
        }
        let lines = vec![format!("seat {who} plays {}: +{points}", CHOICES[choice].0)];
        Told {
            who: Some(who),
            heading: None,
            thrown: self.dice.take_thrown(),
            lines: self.audience.lines(lines),
        }
    }

    fn computer(&mut self) -> Vec<Told> {
        let mut turns = Vec::new();
        while self.ended().is_none() && self.mover == 1 {
            let choice = self.solved.chosen[1][cell(self.goal, self.scores[1], self.scores[0])];
            turns.push(self.turn(choice));
        }
        turns.extend(self.ended().and_then(|end| self.audience.verdict(end)));
        turns
    }
}

impl Session for RaceInPlay {
    fn begin(&mut self) -> Vec<Told> {
        self.computer()
    }

    fn prompt(&self, _: bool) -> Option<Prompt> {
        self.waiting().then(|| Prompt {
            lines: vec![format!(
                "You {}, computer {}.",
                self.scores[0], self.scores[1]
            )],
            question: "Safe or bold (s/b)? ".to_string(),
            answers: Answers::Words(vec![("s", Action::Choice(0)), ("b", Action::Choice(1))]),
        })
    }

    fn act(&mut self, action: &Action) -> Result<Vec<Told>, String> {
        if !self.waiting() {
            return Err("the game is over".to_string());
        }
        let Action::Choice(choice @ 0..=1) = *action else {
            return Err("coin-race is played by choosing safe (0) or bold (1)".to_string());
        };
        let mut turns = vec![self.turn(choice)];
        turns.extend(self.computer());
        Ok(turns)
    }

    fn ended(&self) -> Option<Option<usize>> {
        self.scores.iter().position(|&s| s >= self.goal).map(Some)
    }

    fn waiting(&self) -> bool {
        self.ended().is_none() && self.mover == 0
    }

    fn view(&self) -> View {
        let mut view = View::new(
            "coin-race",
            Reading::WinChance,
            self.ended(),
            self.waiting(),
        );
        view.scores(self.scores.map(i64::from));
        view.goal = Some(self.goal);
        view.facts.push(format!("goal {}", self.goal));
        view.coin = true;
        if view.your_turn {
            let at = (self.scores[0], self.scores[1]);
            let best = self.solved.chosen[0][cell(self.goal, at.0, at.1)];
            view.offer(
                CHOICES
                    .iter()
                    .zip(['s', 'b'])
                    .enumerate()
                    .map(|(choice, ((name, _), key))| Choice {
                        label: name.to_string(),
                        key: Some(key),
                        value: worth(self.goal, &self.solved.values[1], at, choice),
                        best: choice == best,
                        action: Action::Choice(choice),
                    })
                    .collect(),
            );
        }
        view
    }
}
