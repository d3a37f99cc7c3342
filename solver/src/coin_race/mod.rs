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

use crate::commentary::{Commentary, Names};
use crate::dice::Die;
use crate::game::simulate::simulate;
use crate::game::{
    Action, Advisor, Answers, Audience, Capability, Chooser, Engine, Evaluated, Found, Game,
    GameError, GameInfo, GameType, Goal, Growth, MINIMAX, Map, MoveLimit, Named, OpenError,
    Opening, Parameter, Part, PositionForm, Presented, Reading, Rules, RulesetRecord, Run, Session,
    Simulated, Sitting, SolveAsk, Solved, Step, TablesJob, ToMove, ValueKind, View, check_numbers,
    optimum_words,
};
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
    players_why: "",
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
            players: 2,
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
        let [a, b] = [0, 1].map(|seat| Plays {
            goal: self.goal,
            chosen: &sweep.chosen[seat],
        });
        let simulation = simulate(self, [&a, &b], (games, seed), &counter);
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
            report: report.into(),
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
            race: Arc::new(CoinRace::new(self.goal)),
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
    race: Arc<CoinRace>,
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
            self.race.goal, self.computer
        )
    }

    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        let advisor: Arc<dyn Advisor<CoinRace>> = Arc::new(Advice {
            goal: self.race.goal,
            solved: Arc::clone(&self.solved),
        });
        let race = Arc::clone(&self.race);
        Box::new(Sitting::new(race, advisor, first, seed, audience))
    }

    fn map(&self) -> Result<Map, String> {
        Err("coin-race has no map".to_string())
    }
}

/// A race at the table: both scores, the seat to move, and whether a bold move's coin is in
/// the air.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Track {
    scores: [u32; 2],
    mover: usize,
    tossing: bool,
}

/// The coin: 1 tails, 2 heads.
const COIN: Die = Die {
    faces: 2,
    ..Die::SIX_SIDED
};

impl CoinRace {
    /// The mover gains `points`: the turn passes unless that reaches the goal.
    fn gain(&self, track: &mut Track, points: u32) {
        track.scores[track.mover] += points;
        if track.scores[track.mover] < self.goal {
            track.mover = 1 - track.mover;
        }
    }
}

impl Rules for CoinRace {
    type State = Track;
    type Choice = usize;

    fn start(&self, first: usize) -> Track {
        Track {
            scores: [0, 0],
            mover: first,
            tossing: false,
        }
    }

    fn to_move(&self, track: &Track) -> ToMove {
        if track.scores.iter().any(|&s| s >= self.goal) {
            ToMove::Over
        } else if track.tossing {
            ToMove::Chance
        } else {
            ToMove::Seat(track.mover)
        }
    }

    fn choices(&self, _: &Track) -> Vec<usize> {
        vec![0, 1]
    }

    fn die(&self, _: &Track) -> Die {
        COIN
    }

    fn choose(&self, track: &mut Track, choice: &usize) {
        match choice {
            0 => self.gain(track, 2),
            _ => track.tossing = true,
        }
    }

    fn throw(&self, track: &mut Track, face: u8) {
        track.tossing = false;
        self.gain(track, if face == 2 { 4 } else { 1 });
    }

    fn returns(&self, track: &Track) -> Vec<f64> {
        track
            .scores
            .iter()
            .map(|&s| f64::from(u8::from(s >= self.goal)))
            .collect()
    }

    fn scores(&self, track: &Track) -> [u32; 2] {
        track.scores
    }

    fn narrate(
        &self,
        step: &Step<'_, CoinRace>,
        names: Names,
        _: &mut dyn Commentary,
    ) -> Vec<String> {
        let mover = step.before.mover;
        let points = step.after.scores[mover] - step.before.scores[mover];
        vec![format!(
            "{} {}: +{points}",
            names.act(mover, "plays", "play"),
            CHOICES[*step.choice].0
        )]
    }
}

impl Presented for CoinRace {
    fn reading(&self) -> Reading {
        Reading::WinChance
    }

    fn situation(&self, _: &Track) -> Vec<String> {
        Vec::new()
    }

    fn label(&self, _: &Track, choice: &usize) -> String {
        CHOICES[*choice].0.to_string()
    }

    fn key(&self, _: &Track, choice: &usize) -> Option<char> {
        Some(['s', 'b'][*choice])
    }

    fn action(&self, _: &Track, choice: &usize) -> Action {
        Action::Choice(*choice)
    }

    fn choice(&self, _: &Track, action: &Action) -> Result<usize, String> {
        match *action {
            Action::Choice(choice @ 0..=1) => Ok(choice),
            _ => Err("coin-race is played by choosing safe (0) or bold (1)".to_string()),
        }
    }

    fn question(&self, _: &Track) -> (String, Answers) {
        (
            "Safe or bold (s/b)? ".to_string(),
            Answers::Words(vec![("s", Action::Choice(0)), ("b", Action::Choice(1))]),
        )
    }

    fn view(&self, track: &Track, view: &mut View) {
        view.rules = GAME.name.to_string();
        view.scores(track.scores.map(i64::from));
        view.goal = Some(self.goal);
        view.facts.push(format!("goal {}", self.goal));
        view.coin = true;
    }
}

/// A seat playing the choices `chosen` (by cell) in a race to `goal`.
struct Plays<'a> {
    goal: u32,
    chosen: &'a [usize],
}

impl Chooser<CoinRace> for Plays<'_> {
    fn choose(&self, track: &Track) -> usize {
        let own = track.scores[track.mover];
        self.chosen[cell(self.goal, own, track.scores[1 - track.mover])]
    }
}

/// The person's values and both seats' choices, solved.
struct Advice {
    goal: u32,
    solved: Arc<Sweep>,
}

impl Advisor<CoinRace> for Advice {
    fn values(&self, track: &Track, choices: &[usize]) -> Vec<f64> {
        let at = (track.scores[0], track.scores[1]);
        choices
            .iter()
            .map(|&c| worth(self.goal, &self.solved.values[1], at, c))
            .collect()
    }

    fn best(&self, track: &Track) -> usize {
        self.solved.chosen[0][cell(self.goal, track.scores[0], track.scores[1])]
    }

    fn computer(&self, track: &Track) -> usize {
        self.solved.chosen[1][cell(self.goal, track.scores[1], track.scores[0])]
    }
}
