//! Yahtzee's side of the one game interface ([`crate::game::Game`]): a game of one player's
//! score, where two strategies meet in a **duel** (each fills its own card; the higher final
//! score wins, ties count half).
//!
//! Where Yahtzee differs from the games of two players the interface has room for it: a
//! match-up's report carries both final scores (expected, sd, median; [`ScoresReport`]) beside
//! the duel's win rate, and a position's value is the expected final score
//! ([`PositionReport::scored`]). Neither player can affect the other, so moving first or
//! second is the same game, and `optimal` (the highest expected final score, the same against
//! every opponent) is a fixed strategy. With `--players N` above two, every card is played
//! apart and each seat's chance of the highest score is summed from the distributions
//! ([`seat_chances`]).

use std::sync::{Arc, Mutex, PoisonError};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::cards::{Cards, Played};
use super::distribution::{
    Distribution, Start, distribution_from, distribution_of, duel, seat_chances,
};
use super::keeps::{DICE, dice_words, keep_words};
use super::plays::{Plays, alone};
use super::python::{Asking, PythonPlayer, SIGNATURE};
use super::rules::{JOKERS, Scoring, Settings, YAHTZEE_POINTS, YATZY_SHEET};
use super::session::YahtzeeEngine;
use super::solve::{Solution, cards};
use super::strategy::Player;
use super::study::{seat, tally};
use super::target::{self, Bounds, Target};
use super::turn::Card;
use crate::format::{Format, ValuesFile};
use crate::game::sides::Seat;
use crate::game::simulate::{seated_heading, seated_transcript};
use crate::game::{
    Capability, Chooser, Engine, Evaluated, Footprint, Game, GameError, GameInfo, MoveLimit, Part,
    Rating, Reported, Run, Simulated, SolveAsk, Solved, Stopped, Studied, StudyAsk, TablesJob,
    ValueKind,
};
use crate::machine;
use crate::outcome::{Outcome, SeatOutcome, Simulation, Tally};
use crate::python::{Callable, PythonSpec, Runner};
use crate::report::{
    ChoiceValue, EstimateReport, Heading, MatchReport, Points, PositionReport, Reaching,
    ScoreReport, ScoreSimulationReport, SeatsReport, SimulationReport, full_message,
};
use crate::spec::Resolved;
use crate::spec::StrategyError;

/// The strategy the course would measure others against: the rule of thumb.
pub const YARDSTICK: &str = "thumb";

/// The strategies `--rules yahtzee` takes.
pub const STRATEGY_FORMS: [&str; 4] = ["optimal", "minimax", "thumb", "target:T"];

/// The position part after the boxes: the Yahtzee bonuses earned, in points.
const BONUS_PART: &str = "yahtzee_bonus";

/// The position's part `i` under `settings`: its name, its meaning and the numbers it takes.
/// Each box's points (−1 open), the Yahtzee bonuses earned (points; where the sheet has a
/// Yahtzee bonus), then the rolls left.
fn part(settings: &Settings, i: usize) -> (&'static str, &'static str, std::ops::Range<i64>) {
    let boxes = settings.sheet.boxes;
    match (
        i.checked_sub(boxes.len()),
        settings.sheet.has_yahtzee_bonus(),
    ) {
        (None, _) => (boxes[i].key, "the box's points (-1: open)", -1..51),
        (Some(0), true) => (
            BONUS_PART,
            "the Yahtzee bonuses earned so far (points)",
            0..i64::from(u16::MAX) + 1,
        ),
        (Some(_), _) => (
            "rolls_left",
            "the rolls left after the dice shown (0, 1 or 2)",
            0..3,
        ),
    }
}

/// The name of the position's part `i` under `settings`.
fn part_name(settings: &Settings, i: usize) -> &'static str {
    part(settings, i).0
}

/// Where the position's rolls left are under `settings`: after the boxes and the bonuses.
fn rolls_left_at(settings: &Settings) -> usize {
    settings.boxes() + usize::from(settings.sheet.has_yahtzee_bonus())
}

/// The Yahtzee bonuses a position `at` gives (none where the sheet has no Yahtzee bonus).
fn bonuses_of(settings: &Settings, at: &[i64]) -> i64 {
    if settings.sheet.has_yahtzee_bonus() {
        at[settings.boxes()]
    } else {
        0
    }
}

/// A strategy of Yahtzee: a built-in player or a Python one, and its name.
#[derive(Clone, Debug)]
pub struct Strategy {
    player: Option<Player>,
    python: Option<Arc<PythonPlayer>>,
    /// The target T of `target:T`, which plays alone.
    target: Option<u16>,
    name: String,
}

impl Strategy {
    /// The built-in player (none for a Python player).
    pub fn player(&self) -> Option<Player> {
        self.player
    }

    /// The built-in player, or the refusal of what only a built-in answers exactly.
    fn built_in(&self) -> Result<Player, GameError> {
        if self.target.is_some() {
            return Err(GameError::Refused(format!(
                "{}: a target is valued alone or in an exact duel (swine eval, with or without \
                 --vs, or --from a card) and played alone (swine simulate without --vs)",
                self.name
            )));
        }
        self.player.ok_or_else(|| {
            GameError::Refused(format!(
                "{}: a Python player is rated by games played (swine grade, swine simulate): \
                 its decision points (every card box by box, roll and rolls left: more than \
                 4·10^8) are too many to ask for an exact answer",
                self.name
            ))
        })
    }

    /// Whether `other` plays as this does: the same built-in player or the same target (a
    /// Python player is like no other).
    fn plays_as(&self, other: &Strategy) -> bool {
        self.python.is_none()
            && other.python.is_none()
            && (self.player, self.target) == (other.player, other.target)
    }

    /// A built-in player called `name`.
    fn of(player: Player, name: &str) -> Strategy {
        Strategy {
            player: Some(player),
            python: None,
            target: None,
            name: name.to_string(),
        }
    }
}

/// Games per seat, and the seed, of a Python player rated by games played.
const GRADE_GAMES: u64 = 2_000;
const GRADE_SEED: u64 = 0;

/// Yahtzee with its rules, behind the one game interface; its solution and the players'
/// distributions are worked out once, at first need.
pub struct YahtzeeGame {
    settings: Settings,
    info: GameInfo,
    distributions: Mutex<[Option<Arc<Distribution>>; 2]>,
    /// The last target solved, with the boxes its cards have filled at least.
    target: Mutex<Option<(u16, Arc<Target>)>>,
    /// How many cards are played (`--players N`; two where not given).
    seats: usize,
}

/// The cards between turns a game of the default rules can reach: filled boxes × the upper
/// totals their upper boxes can reach × the Yahtzee box holding 50 or not.
const CARDS: u64 = 536_320;

/// Peak memory and time of `swine solve --rules yahtzee` (release, this machine's two cores:
/// 154–162 MB, 2.5–2.8 s; docs/performance.md), with a margin: the values (8.4 MB), the turn's
/// stages per thread, the distributions.
const FOOTPRINT: Footprint = Footprint {
    states: CARDS,
    bytes: 200_000_000,
    seconds: 6.0,
};

/// The cards between turns a game of Yatzy can reach (fifteen boxes, no Yatzy bonus).
const YATZY_CARDS: u64 = 1_430_464;

/// Peak memory and time of `swine solve --rules yatzy` (release, this machine's two cores
/// shared with other work: 249 MB, 21 s), with a margin: the values (33.6 MB), the turn's
/// stages per thread, the distribution.
const YATZY_FOOTPRINT: Footprint = Footprint {
    states: YATZY_CARDS,
    bytes: 320_000_000,
    seconds: 30.0,
};

/// What a game of more than two cards does not answer, and why.
fn many_seats_cannot(seats: usize) -> Vec<(Capability, String)> {
    let why = format!(
        "with {seats} players answers solve, eval and simulate (each seat's chance of the \
         highest score); not this"
    );
    [Capability::Study, Capability::ByHand]
        .into_iter()
        .map(|capability| (capability, why.clone()))
        .collect()
}

impl YahtzeeGame {
    /// The game of `settings`, a duel of two cards (or one card alone).
    pub fn new(settings: Settings) -> YahtzeeGame {
        YahtzeeGame::seated(settings, 2)
    }

    /// The game of `settings` for `seats` players (1 to [`crate::seats::MOST_SEATS`]), each
    /// on its own card: one plays alone, two duel, more play for the highest score.
    pub fn seated(settings: Settings, seats: usize) -> YahtzeeGame {
        let mut cannot = vec![(
            Capability::Tables,
            format!(
                "takes no table: a strategy is one of {}, or a Python file defining \
                 {SIGNATURE}",
                STRATEGY_FORMS.join(", ")
            ),
        )];
        if seats > 2 {
            cannot.extend(many_seats_cannot(seats));
        }
        let info = GameInfo {
            game: if settings.sheet == &YATZY_SHEET {
                &super::YATZY
            } else {
                &super::GAME
            },
            rules: settings.label(),
            goal: None,
            yardstick: Some(YARDSTICK.to_string()),
            submission_file: "yahtzee.py",
            position: (0..=rolls_left_at(&settings))
                .map(|i| {
                    let (name, meaning, _) = part(&settings, i);
                    Part { name, meaning }
                })
                .collect(),
            simple: None,
            hides_memory: false,
            players: seats as u8,
            cannot,
            footprint: if settings.sheet.has_yahtzee_bonus() {
                FOOTPRINT
            } else {
                YATZY_FOOTPRINT
            },
        };
        YahtzeeGame {
            settings,
            info,
            distributions: Mutex::new([None, None]),
            target: Mutex::new(None),
            seats,
        }
    }

    /// The rules.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Every card's value under optimal play, solved at first need and kept in this process
    /// and the cache directory (a solve `run` stops is not kept: the next need solves again).
    pub fn solution(&self, run: &Run) -> Result<Arc<Solution>, Stopped> {
        super::kept::solution(&self.settings, run)
    }

    /// The exact distribution of `player`'s final score, worked out at first need.
    pub fn distribution(&self, player: Player, run: &Run) -> Result<Arc<Distribution>, Stopped> {
        let slot = player as usize;
        if let Some(known) = &self.distributions.lock().expect("not poisoned")[slot] {
            return Ok(Arc::clone(known));
        }
        let solution = self.solution(run)?;
        run.tell(
            format!(
                "{}: the distribution of {}",
                self.settings.sheet.name,
                player.name()
            ),
            None,
        );
        let made = Arc::new(distribution_of(&solution, player, run)?);
        self.distributions.lock().expect("not poisoned")[slot] = Some(Arc::clone(&made));
        Ok(made)
    }

    /// The duel of `seats[0]` against `seats[1]` and its report (refused where more than two
    /// cards are played).
    fn duel(&self, seats: [&Strategy; 2], run: &Run) -> Result<Evaluated, GameError> {
        if self.seats > 2 {
            return Err(self.two_only("a duel"));
        }
        let (own, other) = (
            self.final_score(seats[0], run)?,
            self.final_score(seats[1], run)?,
        );
        let (win, tie, loss) = duel(&own, &other);
        let seat = SeatOutcome { win, tie, loss };
        let outcome = Outcome {
            first: seat,
            second: seat,
        };
        let heading = self.heading(&seats[0].name, &seats[1].name);
        let mut report = MatchReport::with_ties(heading, outcome, 0.0, false);
        report.residual = None;
        report.notes.push(
            "a duel: each player fills its own card, the higher final score wins, a tie counts \
             half; neither can affect the other, so moving first or second is the same (each \
             player's own final score: swine eval STRATEGY, without --vs)"
                .to_string(),
        );
        Ok(Evaluated { outcome, report })
    }

    /// Refuses Yahtzee bonuses (`at`'s part after the boxes, in points) the card `at` could
    /// not have earned: a multiple of the rules' bonus, with 50 in the Yahtzee box, at most one
    /// per other box filled.
    fn check_bonuses(&self, at: &[i64]) -> Result<(), GameError> {
        let points = bonuses_of(&self.settings, at);
        let five_alike = self.settings.sheet.five_alike;
        if points == 0 {
            return Ok(());
        }
        let each = i64::from(self.settings.yahtzee_bonus);
        let refuse = |why: String| {
            Err(GameError::Position(format!(
                "{BONUS_PART}={points} is no Yahtzee bonus earned: {why}"
            )))
        };
        if each == 0 {
            return refuse("these rules give no Yahtzee bonus".to_string());
        }
        if points % each != 0 {
            return refuse(format!("the bonuses are {each} points each"));
        }
        if at[five_alike] != i64::from(YAHTZEE_POINTS) {
            return refuse(format!(
                "a bonus is earned only with {YAHTZEE_POINTS} in the Yahtzee box"
            ));
        }
        let boxes = self.settings.boxes();
        let others = (0..boxes)
            .filter(|&b| b != five_alike && at[b] >= 0)
            .count() as i64;
        if points / each > others {
            return refuse(format!(
                "{} bonus(es), but each fills another box and {others} are filled",
                points / each
            ));
        }
        Ok(())
    }

    /// Where the position `at` (checked) with the dice `dice` shown there starts a final
    /// score's distribution; the position by its parts' names, and in words.
    fn start(
        &self,
        solution: &Solution,
        at: &[i64],
        dice: Option<&[u8]>,
    ) -> (Start, Vec<(String, i64)>, String) {
        let settings = &self.settings;
        let (boxes, rolls_left_at) = (settings.boxes(), rolls_left_at(settings));
        let (card, points) = self.card(&at[..boxes]);
        let points = points + bonuses_of(settings, at) as u32;
        let rolls_left = at[rolls_left_at] as usize;
        let open: Vec<&str> = (0..boxes)
            .filter(|b| card.filled & (1 << b) == 0)
            .map(|b| settings.box_name(b))
            .collect();
        let mut from: Vec<(String, i64)> = at
            .iter()
            .enumerate()
            .map(|(i, &n)| (part_name(settings, i).to_string(), n))
            .collect();
        from.truncate(rolls_left_at + usize::from(dice.is_some()));
        let mut from_text = format!("{points} points, open: {}", open.join(", "));
        let keeps = solution.keeps();
        let shown = dice.map(|shown| {
            let counts = counts_of(shown);
            from_text.push_str(&format!(
                "; dice {}, {rolls_left} roll(s) left",
                dice_words(&counts)
            ));
            let r = keeps.number(&counts).expect("five dice") - keeps.first_roll();
            (r, rolls_left)
        });
        let start = Start {
            card,
            points,
            shown,
        };
        (start, from, from_text)
    }

    /// The card the box points `boxes` (−1 open) make, with the points it holds (the boxes',
    /// and the upper bonus once earned).
    fn card(&self, boxes: &[i64]) -> (Card, u32) {
        let mut card = Card::EMPTY;
        let mut points = 0u32;
        for (b, &p) in boxes.iter().enumerate() {
            if p < 0 {
                continue;
            }
            let p = p as u16;
            card.filled |= 1 << b;
            points += u32::from(p);
            if b < 6 {
                card.upper += p;
            }
        }
        let threshold = self.settings.upper_threshold;
        if card.upper >= threshold {
            points += u32::from(self.settings.upper_bonus);
        }
        card.upper = card.upper.min(threshold);
        card.fifty = self.settings.yahtzee_bonus > 0
            && boxes.get(self.settings.sheet.five_alike) == Some(&i64::from(YAHTZEE_POINTS));
        (card, points)
    }
}

impl YahtzeeGame {
    /// `games` games of each seat's player, each seat's dice drawn from its own generator,
    /// every one seeded by `seed`: game `i` of each seat is played beside game `i` of the others.
    fn played_cards(
        &self,
        solution: &Solution,
        seats: &[&Strategy],
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<Vec<Vec<Played>>, GameError> {
        let mut streams = ChaCha8Rng::seed_from_u64(seed);
        let seeds: Vec<u64> = seats.iter().map(|_| streams.random()).collect();
        seats
            .iter()
            .zip(seeds)
            .map(|(strategy, seed)| self.played(solution, strategy, (games, seed), run))
            .collect()
    }

    /// `games` games of `strategy` alone, played through the rules ([`Cards`]), game `i`
    /// drawing its dice from stream `i` of the generator seeded by `seed`: a Python player is
    /// asked about every game waiting on it at once.
    fn played(
        &self,
        solution: &Solution,
        strategy: &Strategy,
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<Vec<Played>, GameError> {
        let target = match strategy.target {
            Some(t) => Some(self.target(t, 0, run)?),
            None => None,
        };
        let plays = match (strategy.player, &target) {
            (Some(Player::Optimal), _) => Some(Plays::Optimal(solution)),
            (Some(Player::Thumb), _) => Some(Plays::thumb(solution)),
            (None, Some(target)) => Some(Plays::Target(target)),
            (None, None) => None,
        };
        let asking = strategy.python.as_deref().map(|player| Asking {
            player,
            settings: &self.settings,
            run,
        });
        let seat = match (&plays, &asking) {
            (Some(plays), _) => Seat::Plays(plays),
            (None, Some(asking)) => Seat::Asks(asking),
            (None, None) => unreachable!("a strategy is a built-in, a target or a Python player"),
        };
        let rules = Cards::new(self.settings, 1);
        alone(&rules, seat, (games, seed), run)?.map_err(|error| {
            GameError::Refused(format!("{}: {}", strategy.name, full_message(&error)))
        })
    }
}

impl YahtzeeGame {
    /// `games` duels with each seat "first" (the seats are alike: two batches), played.
    fn duels(
        &self,
        seats: [&Strategy; 2],
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<Simulation, GameError> {
        if self.seats > 2 {
            return Err(self.two_only("a duel"));
        }
        let solution = self.solution(run)?;
        let name = self.settings.sheet.name;
        run.tell(format!("{name}: {} games of each player", 2 * games), None);
        let cards = self.played_cards(&solution, &seats, (2 * games, seed), run)?;
        let (own, other) = (&cards[0], &cards[1]);
        let tally = |range: std::ops::Range<usize>| {
            let mut tally = Tally {
                games,
                wins: 0,
                ties: 0,
            };
            for i in range {
                match own[i].score.cmp(&other[i].score) {
                    std::cmp::Ordering::Greater => tally.wins += 1,
                    std::cmp::Ordering::Equal => tally.ties += 1,
                    std::cmp::Ordering::Less => {}
                }
            }
            tally
        };
        let n = games as usize;
        Ok(Simulation {
            first: tally(0..n),
            second: tally(n..2 * n),
        })
    }
}

/// More than two cards: each seat's chance of the highest score.
impl YahtzeeGame {
    /// The refusal of `what`, which only two cards answer, where more are played.
    fn two_only(&self, what: &str) -> GameError {
        GameError::Refused(format!(
            "{what}: {} with {} players answers solve, eval (each seat's chance of the highest \
             score, or a position) and simulate; {what} is for two players",
            self.info.rules, self.seats
        ))
    }

    /// Every seat's chance with `strategy` on the card of each seat in turn and `opponent` on
    /// the others, from the final scores' distributions; with `games` (per seating, and a
    /// seed), as many games played beside.
    fn seats_report(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        games: Option<(u64, u64)>,
        run: &Run,
    ) -> Result<SeatsReport, GameError> {
        let own = self.final_score(strategy, run)?;
        let other = self.final_score(opponent, run)?;
        let seatings = (0..self.seats)
            .map(|k| {
                let cards: Vec<&Distribution> = (0..self.seats)
                    .map(|j| if j == k { &*own } else { &*other })
                    .collect();
                seat_chances(&cards)
            })
            .collect();
        let heading = self.heading(&strategy.name, &opponent.name);
        let mut report = SeatsReport::new(heading, seatings, strategy.plays_as(opponent), None);
        // A game whose value is each player's own score plays its cards apart: no seat moves
        // first in any sense that matters.
        report.apart = matches!(self.info.game.value, ValueKind::ExpectedScore { .. });
        report.notes.push(
            "each player fills its own card, the highest final score wins and a tie is split \
             equally among the tied; the cards are played apart, so a seat's place in the order \
             does not matter, and each seat's chance is summed exactly from the final scores' \
             distributions"
                .to_string(),
        );
        Ok(match games {
            None => report,
            Some((games, seed)) => {
                let won = self.seated_games([strategy, opponent], (games, seed), run)?;
                report.simulated(games, seed, &won)
            }
        })
    }

    /// `games` games of each seating, `strategy` on the card of seat k and `opponent` on the
    /// others, seating k's cards seeded from `seed + k`: the games the strategy won in each
    /// seat, a tie among the highest counting as its share.
    fn seated_games(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<Vec<f64>, GameError> {
        let solution = self.solution(run)?;
        run.tell(
            format!(
                "{}: {} games of {} cards, each seating",
                self.settings.sheet.name, games, self.seats
            ),
            None,
        );
        (0..self.seats)
            .map(|k| {
                let seats: Vec<&Strategy> = (0..self.seats)
                    .map(|j| if j == k { strategy } else { opponent })
                    .collect();
                let seed = seed.wrapping_add(k as u64);
                let cards = self.played_cards(&solution, &seats, (games, seed), run)?;
                Ok((0..games as usize)
                    .map(|i| {
                        let highest = cards.iter().map(|card| card[i].score).max();
                        let tied = cards.iter().filter(|card| Some(card[i].score) == highest);
                        if Some(cards[k][i].score) == highest {
                            1.0 / tied.count() as f64
                        } else {
                            0.0
                        }
                    })
                    .sum())
            })
            .collect()
    }
}

/// `target:T`: solved at first need, its value at any position and its final score.
impl YahtzeeGame {
    /// The strategy `spec`, `target:` followed by `t`.
    fn target_strategy(&self, spec: &str, t: &str) -> Result<Strategy, GameError> {
        let most = Bounds::of(&self.settings).still(Card::EMPTY);
        let target = t
            .trim()
            .parse::<u16>()
            .ok()
            .filter(|&t| i32::from(t) <= most)
            .ok_or_else(|| {
                GameError::Refused(format!(
                    "{spec}: a target is target:T, T a whole number of points from 0 to {most} \
                     (the most a game of {} scores)",
                    self.info.rules
                ))
            })?;
        Ok(Strategy {
            player: None,
            python: None,
            target: Some(target),
            name: spec.to_string(),
        })
    }

    /// The target `t` solved on the cards with at least the boxes `base` filled (the last kept
    /// where it covers them), its memory checked first.
    fn target(&self, t: u16, base: u16, run: &Run) -> Result<Arc<Target>, GameError> {
        let mut kept = self.target.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((filled, target)) = &*kept
            && target.target() == t
            && filled & base == *filled
        {
            return Ok(Arc::clone(target));
        }
        let solution = self.solution(run)?;
        let footprint = target::footprint(&solution, (t, base));
        machine::check(&footprint).map_err(GameError::solve)?;
        run.tell(format!("yahtzee: solving target:{t}, {footprint}"), None);
        let solved = Arc::new(target::solve(solution, (t, base), run)?);
        *kept = Some((base, Arc::clone(&solved)));
        Ok(solved)
    }

    /// The exact distribution of `strategy`'s final score from the empty card: a built-in's,
    /// or a target's.
    fn final_score(&self, strategy: &Strategy, run: &Run) -> Result<Arc<Distribution>, GameError> {
        match strategy.target {
            Some(t) => {
                let target = self.target(t, 0, run)?;
                Ok(Arc::new(target.distribution((Card::EMPTY, 0), run)?))
            }
            None => Ok(self.distribution(strategy.built_in()?, run)?),
        }
    }

    /// The final score of `strategy`, `target:t`, from the empty card.
    fn target_score(
        &self,
        (strategy, t): (&Strategy, u16),
        run: &Run,
    ) -> Result<ScoreReport, GameError> {
        let target = self.target(t, 0, run)?;
        run.tell(
            format!("yahtzee: the distribution of {}", strategy.name),
            None,
        );
        let distribution = target.distribution((Card::EMPTY, 0), run)?;
        let mut report = score_report(self.heading_alone(&strategy.name), &distribution);
        report.reaching = Some(Reaching {
            target: u32::from(t),
            p_at_least: target.p(Card::EMPTY, i32::from(t)),
        });
        report.notes.push(target_note(t));
        Ok(report)
    }

    /// The final score of `strategy`, `target:t`, from the card between turns `at`.
    fn target_score_from(
        &self,
        (strategy, t): (&Strategy, u16),
        at: &[i64],
        run: &Run,
    ) -> Result<ScoreReport, GameError> {
        let solution = self.solution(run)?;
        let (start, from, from_text) = self.start(&solution, at, None);
        let target = self.target(t, start.card.filled, run)?;
        let distribution = target.distribution((start.card, start.points), run)?;
        let mut report = score_report(self.heading_alone(&strategy.name), &distribution);
        report.reaching = Some(Reaching {
            target: u32::from(t),
            p_at_least: target.p(start.card, i32::from(t) - start.points as i32),
        });
        report.from = from;
        report.from_text = from_text;
        report.notes.push(target_note(t));
        Ok(report)
    }

    /// The position `at` (dice `dice`) under `strategy`, `target:t`: P(final score ≥ t) and
    /// what each choice makes it.
    fn target_position(
        &self,
        (strategy, t): (&Strategy, u16),
        at: &[i64],
        dice: Option<&[u8]>,
        run: &Run,
    ) -> Result<PositionReport, GameError> {
        let settings = &self.settings;
        let (boxes, rolls_left_at) = (settings.boxes(), rolls_left_at(settings));
        let (card, points) = self.card(&at[..boxes]);
        let points = points + bonuses_of(settings, at) as u32;
        let rolls_left = at[rolls_left_at] as usize;
        let target = self.target(t, card.filled, run)?;
        let counts = dice.map(|shown| {
            let mut counts = [0u8; 6];
            for &f in shown {
                counts[usize::from(f - 1)] += 1;
            }
            counts
        });
        let needed = i32::from(t) - points as i32;
        let shown = counts.as_ref().map(|counts| (counts, rolls_left));
        let (value, chosen, choices) = target.advice(card, needed, shown);
        let from = at
            .iter()
            .enumerate()
            .take(rolls_left_at + usize::from(dice.is_some()))
            .map(|(i, &n)| (part_name(settings, i).to_string(), n))
            .collect();
        let mut from_text = format!("{points} points, {needed} to go");
        if let Some(counts) = &counts {
            from_text.push_str(&format!(
                "; dice {}, {rolls_left} roll(s) left",
                dice_words(counts)
            ));
        }
        let heading = self.heading_alone(&strategy.name);
        let outcome = SeatOutcome::without_ties(value);
        let mut report = PositionReport::new(heading, from, from_text, outcome, (chosen, choices));
        report.dice = dice.map(<[u8]>::to_vec);
        report.notes.push(format!(
            "values are P(final score >= {t}), the points on the card included; {}",
            target_note(t)
        ));
        Ok(report)
    }
}

/// How `target:t` plays, in words.
fn target_note(t: u16) -> String {
    format!(
        "target:{t} maximises P(final score >= {t}), the first of the most valuable keep \
         (fewest dice) and box (card order) where choices are equal; once the target is \
         reached, or out of reach, it plays the optimum's (the highest expected score)"
    )
}

/// The final score `distribution` gives, under `heading`.
fn score_report(heading: Heading, distribution: &Distribution) -> ScoreReport {
    ScoreReport::of(heading, &distribution.probabilities)
}

/// The counts of each face among the five dice `shown` (checked).
fn counts_of(shown: &[u8]) -> [u8; 6] {
    let mut counts = [0u8; 6];
    for &f in shown {
        counts[usize::from(f - 1)] += 1;
    }
    counts
}

/// The points box `b` of `settings` can hold, in words, if `points` is not one of them.
fn impossible(settings: &Settings, b: usize, points: i64) -> Option<String> {
    let fixed = |p: u16| points == 0 || points == i64::from(p);
    let rule = settings.sheet.boxes[b];
    let multiple = |face: i64, most: i64| points % face == 0 && (0..=most).contains(&points);
    let possible = match rule.scoring {
        Scoring::Upper(face) => multiple(face as i64 + 1, 5 * (face as i64 + 1)),
        Scoring::KindSum(_) => points == 0 || (5..=30).contains(&points),
        Scoring::Chance => (5..=30).contains(&points),
        Scoring::FullHouse(Some(p)) | Scoring::Run(_, p) => fixed(p),
        Scoring::FiveAlike => fixed(YAHTZEE_POINTS),
        Scoring::Alike(n) => multiple(i64::from(n), 6 * i64::from(n)),
        Scoring::TwoPairs => points == 0 || (6..=22).contains(&points) && points % 2 == 0,
        Scoring::FullHouse(None) => {
            points == 0 || (7..=28).contains(&points) && points != 10 && points != 25
        }
        Scoring::Straight(low) => fixed(5 * low as u16 + 15),
    };
    (!possible).then(|| {
        let what = match rule.scoring {
            Scoring::Upper(face) => {
                format!("a multiple of {} from 0 to {}", face + 1, 5 * (face + 1))
            }
            Scoring::KindSum(_) => "0 or 5 to 30".to_string(),
            Scoring::Chance => "5 to 30".to_string(),
            Scoring::FullHouse(Some(p)) | Scoring::Run(_, p) => format!("0 or {p}"),
            Scoring::FiveAlike => format!("0 or {YAHTZEE_POINTS}"),
            Scoring::Alike(n) => format!("a multiple of {n} from 0 to {}", 6 * n),
            Scoring::TwoPairs => "0 or an even number from 6 to 22".to_string(),
            Scoring::FullHouse(None) => "0 or 7 to 28 but 10 and 25".to_string(),
            Scoring::Straight(low) => format!("0 or {}", 5 * low + 15),
        };
        format!(
            "{}={points} is no score of the box: it holds {what} (-1 or absent: open)",
            rule.key
        )
    })
}

impl Game for YahtzeeGame {
    type Strategy = Strategy;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Resolved<Strategy>, GameError> {
        if let Some(python) = PythonSpec::of(spec) {
            let player =
                PythonPlayer::start(&python, runner).map_err(|error| StrategyError::Python {
                    spec: spec.trim().to_string(),
                    error,
                })?;
            let function = Some(player.function().to_string());
            return Ok(Resolved {
                strategy: Strategy {
                    player: None,
                    python: Some(Arc::new(player)),
                    target: None,
                    name: spec.trim().to_string(),
                },
                function,
            });
        }
        if let Some(t) = spec.strip_prefix("target:") {
            return Ok(Resolved {
                strategy: self.target_strategy(spec, t)?,
                function: None,
            });
        }
        let player = match spec {
            "optimal" | "minimax" => Player::Optimal,
            "thumb" => Player::Thumb,
            _ => {
                return Err(GameError::Refused(format!(
                    "{spec}: {} has the strategies {} (optimal and minimax are the same: the \
                     highest expected final score, whatever the opponent), or a Python file \
                     FILE.py[:FUNCTION] defining {SIGNATURE}",
                    self.info.rules,
                    STRATEGY_FORMS.join(", ")
                )));
            }
        };
        Ok(Resolved {
            strategy: Strategy::of(player, spec),
            function: None,
        })
    }

    /// A callable of the Python package plays as a file's function does: asked as it plays.
    fn callable(&self, function: Box<dyn Callable>, _run: &Run) -> Result<Strategy, GameError> {
        let player = PythonPlayer::of_callable(function);
        Ok(Strategy {
            player: None,
            target: None,
            name: player.function().to_string(),
            python: Some(Arc::new(player)),
        })
    }

    fn name<'a>(&self, strategy: &'a Strategy) -> &'a str {
        &strategy.name
    }

    fn is_fixed(&self, _strategy: &Strategy) -> bool {
        true
    }

    fn equilibrium(&self, minimax: &Strategy, _run: &Run) -> Result<Strategy, GameError> {
        Ok(minimax.clone())
    }

    fn evaluate(&self, seats: [&Strategy; 2], run: &Run) -> Result<Evaluated, GameError> {
        self.duel(seats, run)
    }

    /// The card as `NAME=POINTS` pairs, comma-separated (`ones=3,chance=20`; box names as
    /// the sheet's keys give them, case aside, and `yahtzee_bonus` for the Yahtzee bonuses earned;
    /// `empty` or nothing for the empty card), then the rolls left (2 unless given).
    fn read_position(
        &self,
        from: Option<&str>,
        rolls_left: Option<u8>,
    ) -> Result<Vec<i64>, GameError> {
        // The card's parts as given: an open box is −1, the bonuses 0, unless given.
        let settings = &self.settings;
        let rolls_left_at = rolls_left_at(settings);
        let mut given: Vec<Option<i64>> = vec![None; rolls_left_at];
        let text = from.unwrap_or("").trim();
        let pieces = if text.is_empty() || text.eq_ignore_ascii_case("empty") {
            None
        } else {
            Some(text.split(','))
        };
        for piece in pieces.into_iter().flatten() {
            let (name, points) = piece.split_once('=').ok_or_else(|| {
                GameError::Position(format!(
                    "'{}' is not BOX=POINTS, e.g. chance=20",
                    piece.trim()
                ))
            })?;
            let name = name.trim().to_lowercase().replace([' ', '-'], "_");
            let b = (0..rolls_left_at)
                .find(|&i| part_name(settings, i) == name)
                .ok_or_else(|| {
                    let keys: Vec<&str> = settings.sheet.boxes.iter().map(|r| r.key).collect();
                    let bonus = if settings.sheet.has_yahtzee_bonus() {
                        format!(" (and {BONUS_PART}, the Yahtzee bonuses earned)")
                    } else {
                        String::new()
                    };
                    GameError::Position(format!(
                        "'{name}' is no box; the boxes are {}{bonus}",
                        keys.join(", ")
                    ))
                })?;
            if given[b].is_some() {
                return Err(GameError::Position(format!("{name} given twice")));
            }
            given[b] = Some(points.trim().parse().map_err(|_| {
                GameError::Position(format!(
                    "{name}={}: the points are a whole number",
                    points.trim()
                ))
            })?);
        }
        let unset = |i: usize| if i < settings.boxes() { -1 } else { 0 };
        let mut at: Vec<i64> = (0..rolls_left_at)
            .map(|i| given[i].unwrap_or(unset(i)))
            .collect();
        at.push(i64::from(rolls_left.unwrap_or(2)));
        Ok(at)
    }

    fn check_position(&self, at: &[i64], dice: Option<&[u8]>) -> Result<(), GameError> {
        let settings = &self.settings;
        let (boxes, rolls_left_at) = (settings.boxes(), rolls_left_at(settings));
        let parts: Vec<(&str, std::ops::Range<i64>)> = (0..=rolls_left_at)
            .map(|i| {
                let (name, _, range) = part(settings, i);
                (name, range)
            })
            .collect();
        let impossible = |b: usize| (at[b] != -1).then(|| impossible(settings, b, at[b]))?;
        if let Some(text) = (0..boxes).find_map(impossible) {
            return Err(GameError::Position(text));
        }
        crate::game::check_numbers(&parts, at)?;
        self.check_bonuses(at)?;
        if at[..boxes].iter().all(|&p| p >= 0) {
            return Err(GameError::Position(
                "the card is full: the game is over".to_string(),
            ));
        }
        match dice {
            Some(faces) if faces.len() != DICE || faces.iter().any(|f| !(1..=6).contains(f)) => {
                return Err(GameError::Dice(format!(
                    "{} face(s) {faces:?}: a roll shows five faces, each 1 to 6",
                    faces.len()
                )));
            }
            None if at[rolls_left_at] != 2 => {
                return Err(GameError::Dice(format!(
                    "--rolls-left {}: needs the dice shown (--dice, e.g. --dice 1,1,2,5,6)",
                    at[rolls_left_at]
                )));
            }
            _ => {}
        }
        Ok(())
    }

    fn position(
        &self,
        [strategy, _]: [&Strategy; 2],
        at: &[i64],
        dice: Option<&[u8]>,
        run: &Run,
    ) -> Result<PositionReport, GameError> {
        if let Some(t) = strategy.target {
            return self.target_position((strategy, t), at, dice, run);
        }
        if strategy.player != Some(Player::Optimal) {
            return Err(GameError::Refused(format!(
                "--from: positions are valued under optimal play; ask optimal, not {}",
                strategy.name
            )));
        }
        let solution = self.solution(run)?;
        let (start, from, from_text) = self.start(&solution, at, dice);
        let (card, rolls_left) = (start.card, at[rolls_left_at(&self.settings)] as usize);
        let so_far = f64::from(start.points);
        let keeps = solution.keeps();
        let (chosen, choices, value) = match dice {
            None => {
                let value = so_far + solution.card_value(card);
                let roll = ChoiceValue {
                    choice: "roll".to_string(),
                    dice: None,
                    value,
                };
                ("roll".to_string(), vec![roll], value)
            }
            Some(shown) => {
                let counts = counts_of(shown);
                let r = keeps.number(&counts).expect("five dice") - keeps.first_roll();
                let turns = solution.turn(card);
                let turn = turns.at(card);
                if rolls_left == 0 {
                    let choices: Vec<ChoiceValue> = turn
                        .boxes(r)
                        .map(|placed| ChoiceValue {
                            choice: self.settings.box_name(placed.b).to_string(),
                            dice: None,
                            value: so_far + solution.worth(&placed),
                        })
                        .collect();
                    let best = turn.best_box(r);
                    let value = so_far + solution.worth(&best);
                    (self.settings.box_name(best.b).to_string(), choices, value)
                } else {
                    let within = |k: &usize| {
                        let kept = keeps.counts(*k);
                        (0..6).all(|f| kept[f] <= counts[f])
                    };
                    let choices: Vec<ChoiceValue> = (0..keeps.len())
                        .filter(within)
                        .map(|k| ChoiceValue {
                            choice: keep_words(keeps.counts(k)),
                            dice: None,
                            value: so_far + turn.keep_value(k, rolls_left),
                        })
                        .collect();
                    let best = turn.best_keep(r, rolls_left);
                    let value = so_far + turn.keep_value(best, rolls_left);
                    (keep_words(keeps.counts(best)), choices, value)
                }
            }
        };
        let heading = self.heading_alone(&strategy.name);
        let mut report = PositionReport::scored(heading, from, from_text, value, (chosen, choices));
        report.dice = dice.map(<[u8]>::to_vec);
        report.notes.push(
            "values are expected final scores, the points on the card included (its boxes, the \
             upper bonus and the Yahtzee bonuses earned), optimal play afterwards"
                .to_string(),
        );
        Ok(report)
    }

    fn score(
        &self,
        strategy: &Strategy,
        from: Option<(&[i64], Option<&[u8]>)>,
        run: &Run,
    ) -> Result<ScoreReport, GameError> {
        if let Some(t) = strategy.target {
            return match from {
                None => self.target_score((strategy, t), run),
                Some((at, None)) => self.target_score_from((strategy, t), at, run),
                Some((_, Some(_))) => Err(GameError::Refused(format!(
                    "--distribution: {} within a turn (--dice) is not worked out; ask it \
                     between turns (--from alone), or its choices there (eval {} --from ... \
                     --dice ...)",
                    strategy.name, strategy.name
                ))),
            };
        }
        let player = strategy.built_in()?;
        let heading = self.heading_alone(&strategy.name);
        let Some((at, dice)) = from else {
            return Ok(score_report(heading, &*self.distribution(player, run)?));
        };
        let solution = self.solution(run)?;
        let (start, from, from_text) = self.start(&solution, at, dice);
        let distribution = distribution_from(&solution, player, start, run)?;
        let mut report = score_report(heading, &distribution);
        report.from = from;
        report.from_text = from_text;
        report.notes.push(
            "the final score, the points on the card included (its boxes, the upper bonus and \
             the Yahtzee bonuses earned)"
                .to_string(),
        );
        Ok(report)
    }

    fn points(&self, strategy: &Strategy, run: &Run) -> Result<Points, GameError> {
        if strategy.python.is_none() {
            return self
                .score(strategy, None, run)
                .map(|report| Points::exact(report.expected_score));
        }
        let report = self.simulate_alone(strategy, (GRADE_GAMES, GRADE_SEED), run)?;
        Ok(Points::estimated(&report.simulated, report.seed))
    }

    fn simulate_alone(
        &self,
        strategy: &Strategy,
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<ScoreSimulationReport, GameError> {
        let solution = self.solution(run)?;
        let name = self.settings.sheet.name;
        run.tell(format!("{name}: {games} games of {}", strategy.name), None);
        let played = self.played(&solution, strategy, (games, seed), run)?;
        let scores: Vec<f64> = played.iter().map(|p| f64::from(p.score)).collect();
        let exact = match (strategy.player, strategy.target) {
            (Some(player), _) => Some(self.distribution(player, run)?.mean()),
            (None, Some(_)) => Some(self.score(strategy, None, run)?.expected_score),
            (None, None) => None,
        };
        Ok(ScoreSimulationReport::new(
            self.heading_alone(&strategy.name),
            seed,
            &scores,
            exact,
        ))
    }

    fn seat_wins(
        &self,
        seats: [&Strategy; 2],
        games: Option<(u64, u64)>,
        run: &Run,
    ) -> Result<SeatsReport, GameError> {
        if self.seats <= 2 {
            return Err(GameError::Refused(format!(
                "--players: {} with {} player(s) is a card alone or a duel of two; give \
                 --players 3 or more",
                self.info.rules, self.seats
            )));
        }
        self.seats_report(seats, games, run)
    }

    fn simulate(
        &self,
        seats: [&Strategy; 2],
        (games, seed): (u64, u64),
        run: &Run,
    ) -> Result<Simulated, GameError> {
        if self.seats > 2 {
            let report = self.seats_report(seats, Some((games, seed)), run)?;
            return Ok(Simulated::Seats(Box::new(report)));
        }
        let simulation = self.duels(seats, (games, seed), run)?;
        let heading = self.heading(&seats[0].name, &seats[1].name);
        if seats.iter().any(|s| s.python.is_some()) {
            let note = "a Python player's duels are played, not solved: its decision points are \
                        too many to ask"
                .to_string();
            return Ok(Simulated::Estimate(EstimateReport::new(
                heading, seed, simulation, note,
            )));
        }
        let exact = self.duel(seats, run)?.outcome;
        Ok(Simulated::Exact(SimulationReport::with_ties(
            heading, seed, simulation, exact,
        )))
    }

    /// One game of the cards played turn about: `--players 1` the strategy's card alone,
    /// else the strategy's on the first and the opponent's on the others.
    fn transcript(
        &self,
        [strategy, opponent]: [&Strategy; 2],
        seed: u64,
        run: &Run,
    ) -> Result<String, GameError> {
        let seated: Vec<&Strategy> = (0..self.seats)
            .map(|k| if k == 0 { strategy } else { opponent })
            .collect();
        if let Some(python) = seated.iter().find(|s| s.python.is_some()) {
            return Err(GameError::Refused(format!(
                "--transcript: {} is a Python player, asked in batches as games are \
                 simulated; a transcript tells the built-ins",
                python.name
            )));
        }
        let solution = self.solution(run)?;
        let targets = seated
            .iter()
            .map(|s| s.target.map(|t| self.target(t, 0, run)).transpose())
            .collect::<Result<Vec<_>, _>>()?;
        let plays: Vec<Plays<'_>> = seated
            .iter()
            .zip(&targets)
            .map(|(s, target)| match (s.player, target) {
                (Some(Player::Thumb), _) => Plays::thumb(&solution),
                (_, Some(target)) => Plays::Target(target),
                _ => Plays::Optimal(&solution),
            })
            .collect();
        let choosers: Vec<&dyn Chooser<Cards>> =
            plays.iter().map(|p| p as &dyn Chooser<Cards>).collect();
        let names: Vec<&str> = seated.iter().map(|s| s.name.as_str()).collect();
        let heading = seated_heading(self.info(), &names, seed);
        let rules = Cards::new(self.settings, self.seats);
        Ok(seated_transcript(&rules, &choosers, &heading, seed))
    }

    fn rate(&self, seats: [&Strategy; 2], run: &Run) -> Result<Rating, GameError> {
        if seats.iter().all(|s| s.python.is_none()) {
            let outcome = self.duel(seats, run)?.outcome;
            return Ok(Rating {
                outcome,
                estimate: None,
            });
        }
        let games = (GRADE_GAMES, GRADE_SEED);
        Ok(Rating::estimated(&self.duels(seats, games, run)?, games))
    }

    fn study(&self, seats: [&Strategy; 2], ask: StudyAsk, run: &Run) -> Result<Studied, GameError> {
        if self.seats > 2 {
            return Err(self.two_only("a study"));
        }
        let [own, other] = [seats[0].built_in()?, seats[1].built_in()?];
        let (own, other) = (self.distribution(own, run)?, self.distribution(other, run)?);
        let exact = seat(&self.settings, &own, &other, ask.at_least_once);
        let played = match ask.games {
            None => None,
            Some((games, seed)) => {
                let solution = self.solution(run)?;
                let name = self.settings.sheet.name;
                run.tell(format!("{name}: {} games of each player", 2 * games), None);
                let cards = self.played_cards(&solution, &seats, (2 * games, seed), run)?;
                let (a, b) = (&cards[0], &cards[1]);
                let n = games as usize;
                let settings = &self.settings;
                let tallies = [
                    tally(settings, &a[..n], &b[..n]),
                    tally(settings, &a[n..], &b[n..]),
                ];
                Some(((games, seed), tallies))
            }
        };
        Ok(Studied {
            seatings: [exact.clone(), exact],
            played,
        })
    }

    fn optimum(&self, opponent: &Strategy, run: &Run) -> Result<(Outcome, String), GameError> {
        let optimal = Strategy::of(Player::Optimal, "optimal");
        let outcome = self.duel([&optimal, opponent], run)?.outcome;
        Ok((
            outcome,
            "the highest expected final score (the same against every opponent)".to_string(),
        ))
    }

    fn solve(
        &self,
        opponent: Option<&Strategy>,
        ask: &SolveAsk,
        run: &Run,
    ) -> Result<Solved, GameError> {
        let optimal = Strategy::of(Player::Optimal, "optimal");
        if self.seats > 2 {
            let opponent = opponent.unwrap_or(&optimal);
            let mut report = self.seats_report([&optimal, opponent], None, run)?;
            report.notes.push(
                "optimal is the highest expected final score, whoever plays the other cards: the \
                 optimum aware of the others' scores is out of reach (docs/scale.md); no file is \
                 written (its card values are swine solve --rules yahtzee's)"
                    .to_string(),
            );
            return Ok(Solved::new(report, Vec::new(), None));
        }
        let solution = self.solution(run)?;
        let distribution = self.distribution(Player::Optimal, run)?;
        let (cards, apart) = cards(&self.settings);
        let how = format!(
            "{cards} cards between turns that a game can reach, solved backwards from the full \
             card ({apart} valued apart: below an upper total that can still earn the bonus, the \
             totals are alike); the distribution of the final score pushed forwards from the \
             empty card"
        );
        let report: Reported = match opponent {
            Some(opponent) => {
                let Evaluated { mut report, .. } = self.duel([&optimal, opponent], run)?;
                report.notes.push(how);
                report.into()
            }
            None => {
                let mut report = score_report(self.heading_alone(&optimal.name), &distribution);
                report.notes.push(how);
                report.into()
            }
        };
        let formats = ask.formats.clone().unwrap_or_else(|| vec![Format::Npy]);
        let against = opponent.map_or("", |o| o.name.as_str());
        let values = values_file(&solution, &self.info.rules, against);
        let mut solved = Solved::new(report, Vec::new(), Some((values, formats)));
        solved.files.push((
            format!("{}_optimal_distribution.csv", self.settings.sheet.name),
            score_report(self.heading_alone(&optimal.name), &distribution)
                .csv()
                .into_bytes(),
        ));
        Ok(solved)
    }

    fn engine(
        &self,
        computer: Option<&Strategy>,
        _moves: Option<MoveLimit>,
        run: &Run,
    ) -> Result<Arc<dyn Engine>, GameError> {
        if self.seats > 2 {
            return Err(self.two_only("play"));
        }
        // No computer: the person plays a card alone.
        let computer = match computer {
            Some(strategy) => Some((strategy.built_in()?, strategy.name.clone())),
            None => None,
        };
        Ok(Arc::new(YahtzeeEngine::new(self.solution(run)?, computer)))
    }

    fn tables(&self, _from: Option<&std::path::Path>) -> Result<Vec<TablesJob>, GameError> {
        Ok(Vec::new())
    }

    fn default_games(&self) -> u64 {
        10_000
    }
}

/// The axes of the card values file.
const VALUES_AXES: [&str; 3] = ["filled", "yahtzee_fifty", "upper"];

/// Every card's value as the file `swine solve` writes: the expected score still to come
/// under optimal play, indexed `[filled][yahtzee_fifty][upper]` (filled boxes by bit, Ones
/// the lowest; the Yahtzee box holding 50, where there is a Yahtzee bonus; the upper total,
/// capped at the threshold). An upper total no game reaches holds 0, but below the least
/// total that can still earn the upper bonus every total holds the value they share.
fn values_file(solution: &Solution, rules: &str, opponent: &str) -> ValuesFile {
    let ups = usize::from(solution.settings().upper_threshold) + 1;
    let boxes = solution.settings().boxes();
    let array = ndarray::Array3::from_shape_fn((1 << boxes, 2, ups), |(filled, fifty, upper)| {
        solution.value(filled as u16, upper as u16, fifty == 1)
    });
    ValuesFile {
        stem: format!("{}_optimal", solution.settings().sheet.name),
        rules: rules.to_string(),
        goal: 0,
        strategy: "optimal".to_string(),
        opponent: opponent.to_string(),
        axes: VALUES_AXES.map(String::from).to_vec(),
        values: array.into_dyn(),
    }
}

/// Hasbro's rules with `settings` (name, whole number; `joker` by its place in [`JOKERS`]).
pub fn settings_of(settings: &[(String, i64)]) -> Result<Settings, super::YahtzeeError> {
    rules_of(Settings::default(), settings)
}

/// The rules `defaults` with `settings` set (as [`settings_of`] sets them).
pub fn rules_of(
    defaults: Settings,
    settings: &[(String, i64)],
) -> Result<Settings, super::YahtzeeError> {
    settings.iter().try_fold(defaults, |rules, (name, value)| {
        let text = match (name.as_str(), usize::try_from(*value)) {
            ("joker", Ok(i)) if i < JOKERS.len() => JOKERS[i].to_string(),
            _ => value.to_string(),
        };
        rules.set(name, &text)
    })
}
