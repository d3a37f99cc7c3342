//! Farkle's rules as data: the numbers of RULES.md ("Farkle"), what a roll of n dice offers, and
//! the turn-start states.
//!
//! Points are counted in units of 50 ([`UNIT`]): every number of the rules is a multiple of it.
//! A banked score is one of `floor, floor + 50, …, goal − 50`, numbered from 0 ([`Farkle::scores`]
//! of them). A turn-start state is (own banked, opponent banked, own farkle count, opponent's
//! farkle count), seen by the mover, numbered `((own · K + own count) · K + opponent's count) ·
//! scores + opponent` with K = [`Farkle::farkles`]: the opponent's score is the fastest axis, so
//! the values banking leads to (the opponent to move against every higher own score) lie side by
//! side.
//!
//! A roll of n dice is summarised by what it offers: the set of keeps (points, dice left)
//! ([`Keep`]), hot dice counted as six dice left. Rolls offering the same set are one
//! [`Offer`] with their summed probability; a roll offering nothing is a farkle.

use std::collections::BTreeMap;

use crate::dice::multisets;
use crate::game::{Parameter, ParameterKind};
use thiserror::Error;

/// The ruleset's name on the command line.
pub const NAME: &str = "farkle";

/// Every score of the rules is a multiple of this many points.
pub const UNIT: u32 = 50;

/// The most dice: a turn starts with six, and hot dice give six back.
pub const DICE: usize = 6;

/// The most farkles in a row a rule may count (the solver handles the counts of one state
/// together, in one vector of this width).
pub const MAX_FARKLES: u32 = 4;

/// The largest goal (points).
pub const MAX_GOAL: u32 = 100_000;

/// The lowest floor (points).
pub const MIN_FLOOR: i64 = -100_000;

/// What the strategy first named is measured against unless `--vs` says otherwise.
pub const YARDSTICK: &str = "bank_at:300";

/// The rules' numbers, in points (see RULES.md, "Farkle"); every field a `--set` name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The banked score that wins.
    pub goal: u32,
    /// The lowest banked score (≤ 0).
    pub floor: i64,
    /// What the last of `farkles` farkles in a row costs.
    pub penalty: u32,
    /// Farkles in a row that cost the penalty (1..=[`MAX_FARKLES`]).
    pub farkles: u32,
    /// The least turn total that may be banked.
    pub min_bank: u32,
    /// A single 1.
    pub one: u32,
    /// A single 5.
    pub five: u32,
    /// Three 1s.
    pub three_ones: u32,
    /// Three of a face k ≥ 2 score `triple × k`.
    pub triple: u32,
    /// 1-2-3-4-5-6.
    pub straight: u32,
    /// Three pairs (or four of a kind and a pair).
    pub three_pairs: u32,
    /// Four, five, six of a kind: 1 doubles the three of a kind's value per die (2×, 4×, 8×),
    /// 0 adds it (2×, 3×, 4×).
    pub doubling: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            goal: 10_000,
            floor: -2500,
            penalty: 500,
            farkles: 3,
            min_bank: 0,
            one: 100,
            five: 50,
            three_ones: 1000,
            triple: 100,
            straight: 1500,
            three_pairs: 750,
            doubling: 0,
        }
    }
}

/// A rule number in points: a multiple of [`UNIT`] in `0..=most`.
const fn points(name: &'static str, most: i64, default: i64, doc: &'static str) -> Parameter {
    Parameter {
        name,
        kind: ParameterKind::Integer {
            least: 0,
            most,
            step: UNIT as i64,
        },
        default,
        doc,
    }
}

/// The rules' numbers as `--set` names them, each with the values it takes, its default (Busche's
/// rules) and what it is.
pub const PARAMETERS: [Parameter; 12] = [
    Parameter {
        name: "goal",
        kind: ParameterKind::Integer {
            least: UNIT as i64,
            most: MAX_GOAL as i64,
            step: UNIT as i64,
        },
        default: 10_000,
        doc: "the banked score that wins",
    },
    Parameter {
        name: "floor",
        kind: ParameterKind::Integer {
            least: MIN_FLOOR,
            most: 0,
            step: UNIT as i64,
        },
        default: -2500,
        doc: "the lowest banked score",
    },
    points(
        "penalty",
        MAX_GOAL as i64,
        500,
        "what the last of `farkles` farkles in a row costs",
    ),
    Parameter {
        name: "farkles",
        kind: ParameterKind::Integer {
            least: 1,
            most: MAX_FARKLES as i64,
            step: 1,
        },
        default: 3,
        doc: "farkles in a row that cost the penalty",
    },
    points(
        "min_bank",
        MAX_GOAL as i64,
        0,
        "the least turn total that may be banked",
    ),
    points("one", 10_000, 100, "a single 1"),
    points("five", 10_000, 50, "a single 5"),
    points("three_ones", 10_000, 1000, "three 1s"),
    points(
        "triple",
        10_000,
        100,
        "three of a face k >= 2 score triple * k",
    ),
    points("straight", 100_000, 1500, "1-2-3-4-5-6"),
    points(
        "three_pairs",
        100_000,
        750,
        "three pairs, or four of a kind and a pair",
    ),
    Parameter {
        name: "doubling",
        kind: ParameterKind::Named(&["add", "double"]),
        default: 0,
        doc: "four, five, six of a kind: add the three's value per die (add), or double it",
    },
];

/// Why Farkle's rules cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FarkleError {
    /// A `--set` name the rules do not have.
    #[error("--set {name}: farkle has no such rule; it has {}", PARAMETERS.map(|p| p.name).join(", "))]
    Unknown {
        /// The name given.
        name: String,
    },
    /// A value out of range or off the 50-point grid.
    #[error("farkle: {name} = {value}: {expected}")]
    Value {
        /// The rule.
        name: &'static str,
        /// The value given.
        value: i64,
        /// What it must be.
        expected: String,
    },
}

impl Settings {
    /// Every rule number by its `--set` name, in [`PARAMETERS`]' order.
    pub fn numbers(&self) -> [(&'static str, i64); 12] {
        [
            ("goal", i64::from(self.goal)),
            ("floor", self.floor),
            ("penalty", i64::from(self.penalty)),
            ("farkles", i64::from(self.farkles)),
            ("min_bank", i64::from(self.min_bank)),
            ("one", i64::from(self.one)),
            ("five", i64::from(self.five)),
            ("three_ones", i64::from(self.three_ones)),
            ("triple", i64::from(self.triple)),
            ("straight", i64::from(self.straight)),
            ("three_pairs", i64::from(self.three_pairs)),
            ("doubling", i64::from(self.doubling)),
        ]
    }

    /// The rules as reports name them: `farkle`, with the numbers other than the goal that
    /// differ from Busche's in brackets (`farkle[floor=-500,penalty=0]`).
    pub fn label(&self) -> String {
        let usual = Settings::default().numbers();
        let changed: Vec<String> = self
            .numbers()
            .iter()
            .zip(usual)
            .filter(|((name, value), (_, usual))| *name != "goal" && value != usual)
            .map(|((name, value), _)| format!("{name}={value}"))
            .collect();
        if changed.is_empty() {
            NAME.to_string()
        } else {
            format!("{NAME}[{}]", changed.join(","))
        }
    }

    /// The default rules with `settings` (name, value) applied, each checked.
    pub fn with(settings: &[(String, i64)]) -> Result<Settings, FarkleError> {
        let mut rules = Settings::default();
        for (name, value) in settings {
            rules.set(name, *value)?;
        }
        rules.check()?;
        Ok(rules)
    }

    /// Sets the rule `name` to `value`, checked against the values its parameter takes
    /// ([`check`](Self::check) checks how the rules fit together).
    fn set(&mut self, name: &str, value: i64) -> Result<(), FarkleError> {
        let Some(parameter) = PARAMETERS.iter().find(|p| p.name == name) else {
            return Err(FarkleError::Unknown {
                name: name.to_string(),
            });
        };
        parameter
            .check(value)
            .map_err(|expected| FarkleError::Value {
                name: parameter.name,
                value,
                expected,
            })?;
        // In range, so each fits its field.
        let points = value.unsigned_abs() as u32;
        match parameter.name {
            "goal" => self.goal = points,
            "floor" => self.floor = value,
            "penalty" => self.penalty = points,
            "farkles" => self.farkles = points,
            "min_bank" => self.min_bank = points,
            "one" => self.one = points,
            "five" => self.five = points,
            "three_ones" => self.three_ones = points,
            "triple" => self.triple = points,
            "straight" => self.straight = points,
            "three_pairs" => self.three_pairs = points,
            _ => self.doubling = points,
        }
        Ok(())
    }

    /// Checks what no single value shows: some roll scores.
    fn check(&self) -> Result<(), FarkleError> {
        if self.one == 0 && self.five == 0 && self.three_ones == 0 && self.triple == 0 {
            return Err(FarkleError::Value {
                name: "one",
                value: 0,
                expected: "some of one, five, three_ones and triple must score, or no turn \
                           ever scores"
                    .to_string(),
            });
        }
        Ok(())
    }

    /// The points of `size` ≥ 3 of `face`, 0 where they do not score.
    pub fn of_a_kind(&self, face: usize, size: usize) -> u32 {
        let three = if face == 1 {
            self.three_ones
        } else {
            self.triple * face as u32
        };
        match (size, self.doubling) {
            (3..=6, 0) => three * (size as u32 - 2),
            (3..=6, _) => three << (size - 3),
            _ => 0,
        }
    }

    /// The points of one single die of `face`, 0 where it does not score alone.
    pub fn single(&self, face: usize) -> u32 {
        match face {
            1 => self.one,
            5 => self.five,
            _ => 0,
        }
    }

    /// Every way to set aside scoring combinations among `counts` (dice shown of faces 1..=6,
    /// `counts[face − 1]`), as (points, dice set aside), each pair once, sorted; empty for a
    /// farkle.
    pub fn keeps(&self, counts: &[u8; 6]) -> Vec<(u32, u8)> {
        // Per face: the (points, dice) of each way to use some of its dice.
        let mut ways: Vec<(u32, u8)> = vec![(0, 0)];
        for face in 1..=6 {
            let c = counts[face - 1] as usize;
            let mut face_ways = vec![(0u32, 0u8)];
            // Groups of a kind: none, one of 3..=6, or two threes.
            let mut kinds: Vec<(u32, usize)> = vec![(0, 0)];
            for size in 3..=c {
                kinds.push((self.of_a_kind(face, size), size));
            }
            if c >= 6 {
                kinds.push((2 * self.of_a_kind(face, 3), 6));
            }
            for (points, used) in kinds {
                if used > 0 && points == 0 {
                    continue;
                }
                let single = self.single(face);
                let singles = if single == 0 { 0 } else { c - used };
                for s in 0..=singles {
                    face_ways.push((points + single * s as u32, (used + s) as u8));
                }
            }
            ways = ways
                .iter()
                .flat_map(|&(p, d)| face_ways.iter().map(move |&(q, e)| (p + q, d + e)))
                .collect();
            ways.sort_unstable();
            ways.dedup();
        }
        let n: u8 = counts.iter().sum();
        if n == 6 {
            if self.straight > 0 && counts.iter().all(|&c| c == 1) {
                ways.push((self.straight, 6));
            }
            let mut shown: Vec<u8> = counts.iter().copied().filter(|&c| c > 0).collect();
            shown.sort_unstable();
            if self.three_pairs > 0 && (shown == [2, 2, 2] || shown == [2, 4]) {
                ways.push((self.three_pairs, 6));
            }
        }
        ways.retain(|&(_, d)| d > 0);
        ways.sort_unstable();
        ways.dedup();
        ways
    }
}

/// One way to keep: the points (in units of 50) and the dice the mover then has (six after hot
/// dice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Keep {
    /// Points added to the turn total, in units of [`UNIT`].
    pub units: u32,
    /// Dice to roll next: those not set aside, or six (hot dice).
    pub left: u8,
}

/// Every roll of some dice that offers the same keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    /// The keeps, sorted.
    pub keeps: Vec<Keep>,
    /// How many of the 6^n equally likely rolls offer them.
    pub count: u64,
    /// That count over 6^n.
    pub probability: f64,
}

/// What a roll of n dice can do: farkle, or offer keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct Throw {
    /// The dice rolled.
    pub dice: usize,
    /// Rolls that score nothing, of 6^n.
    pub farkle_count: u64,
    /// Their probability.
    pub farkle: f64,
    /// The scoring rolls, grouped by what they offer.
    pub offers: Vec<Offer>,
    /// Each scoring roll's offer (its number in `offers`), by the dice shown counted by face.
    offer_of: BTreeMap<[u8; 6], usize>,
}

impl Throw {
    /// The roll of `dice` dice under `rules`.
    fn new(rules: &Settings, dice: usize) -> Throw {
        let total = 6u64.pow(dice as u32);
        let mut farkle_count = 0;
        let mut grouped: BTreeMap<Vec<Keep>, u64> = BTreeMap::new();
        let mut scoring = Vec::new();
        for (counts, ways) in multisets(dice) {
            let keeps = keeps_of(rules, &counts);
            if keeps.is_empty() {
                farkle_count += ways;
            } else {
                *grouped.entry(keeps.clone()).or_default() += ways;
                scoring.push((counts, keeps));
            }
        }
        let offers: Vec<Offer> = grouped
            .into_iter()
            .map(|(keeps, count)| Offer {
                keeps,
                count,
                probability: count as f64 / total as f64,
            })
            .collect();
        // The offers are in the order of their keeps.
        let offer_of = scoring
            .into_iter()
            .map(|(counts, keeps)| {
                let offer = offers.binary_search_by(|o| o.keeps.cmp(&keeps));
                (
                    counts,
                    offer.expect("every scoring roll's keeps are an offer"),
                )
            })
            .collect();
        Throw {
            dice,
            farkle_count,
            farkle: farkle_count as f64 / total as f64,
            offers,
            offer_of,
        }
    }
}

/// The keeps a roll shown as `counts` offers (points in units, dice left, six after hot dice).
pub fn keeps_of(rules: &Settings, counts: &[u8; 6]) -> Vec<Keep> {
    let n: u8 = counts.iter().sum();
    let mut keeps: Vec<Keep> = rules
        .keeps(counts)
        .into_iter()
        .map(|(points, used)| Keep {
            units: points / UNIT,
            left: if used == n { DICE as u8 } else { n - used },
        })
        .collect();
    keeps.sort_unstable();
    keeps.dedup();
    keeps
}

/// Farkle with its rules: the states and what every roll offers.
#[derive(Clone, Debug)]
pub struct Farkle {
    settings: Settings,
    /// By dice rolled − 1.
    throws: Vec<Throw>,
}

impl Farkle {
    /// The default rules with `settings` applied (`--set NAME=VALUE`).
    pub fn new(settings: &[(String, i64)]) -> Result<Farkle, FarkleError> {
        Ok(Farkle::with(Settings::with(settings)?))
    }

    /// Farkle under `settings` (checked already).
    pub fn with(settings: Settings) -> Farkle {
        let throws = (1..=DICE).map(|n| Throw::new(&settings, n)).collect();
        Farkle { settings, throws }
    }

    /// The rules' numbers.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Its name, `farkle`.
    pub fn name(&self) -> &'static str {
        NAME
    }

    /// The goal in points.
    pub fn goal(&self) -> u32 {
        self.settings.goal
    }

    /// What a roll of `dice` (1..=6) dice does.
    pub fn throw(&self, dice: usize) -> &Throw {
        &self.throws[dice - 1]
    }

    /// What a roll showing `shown` (counted by face) offers: none for a farkle.
    pub fn offer(&self, shown: &[u8; 6]) -> Option<&Offer> {
        let dice: usize = shown.iter().map(|&c| usize::from(c)).sum();
        let throw = self.throws.get(dice.checked_sub(1)?)?;
        throw.offer_of.get(shown).map(|&i| &throw.offers[i])
    }

    /// Banked scores a player can have: `(goal − floor) / 50`.
    pub fn scores(&self) -> usize {
        ((i64::from(self.settings.goal) - self.settings.floor) / i64::from(UNIT)) as usize
    }

    /// Farkle counts a player can have: 0..farkles.
    pub fn farkles(&self) -> usize {
        self.settings.farkles as usize
    }

    /// Turn-start states: scores² · farkles².
    pub fn states(&self) -> usize {
        let (s, k) = (self.scores(), self.farkles());
        s * s * k * k
    }

    /// The number of the state (own score index, opponent's, own farkle count, opponent's).
    #[inline]
    pub fn state(&self, own: usize, opponent: usize, count: usize, opponent_count: usize) -> usize {
        let k = self.farkles();
        ((own * k + count) * k + opponent_count) * self.scores() + opponent
    }

    /// (own score index, opponent's, own farkle count, opponent's) of a state.
    pub fn position(&self, state: usize) -> (usize, usize, usize, usize) {
        let (s, k) = (self.scores(), self.farkles());
        let opponent = state % s;
        let rest = state / s;
        (rest / (k * k), opponent, rest / k % k, rest % k)
    }

    /// The score (points) of a score index.
    pub fn points(&self, index: usize) -> i64 {
        self.settings.floor + (index as i64) * i64::from(UNIT)
    }

    /// The score index of `points`, if it is a banked score below the goal on the grid.
    pub fn index(&self, points: i64) -> Option<usize> {
        let offset = points - self.settings.floor;
        (offset >= 0 && offset % i64::from(UNIT) == 0 && points < i64::from(self.settings.goal))
            .then_some((offset / i64::from(UNIT)) as usize)
    }

    /// The start: 0 : 0, no farkles.
    pub fn start(&self) -> usize {
        let zero = self.index(0).expect("0 is a score: the floor is at most 0");
        self.state(zero, zero, 0, 0)
    }

    /// Where a farkle of the mover at `own` with `count` farkles in a row before it leads:
    /// (own score index, count) after it.
    #[inline]
    pub fn after_farkle(&self, own: usize, count: usize) -> (usize, usize) {
        if !self.penalised(count) {
            (own, count + 1)
        } else {
            let penalty = (self.settings.penalty / UNIT) as usize;
            (own.saturating_sub(penalty), 0)
        }
    }

    /// Whether a farkle of a mover with `count` farkles in a row before it completes the run
    /// that costs the penalty (the count then returns to 0, whatever the penalty takes).
    #[inline]
    pub fn penalised(&self, count: usize) -> bool {
        count + 1 >= self.farkles()
    }

    /// The least turn total (units) that may be banked.
    pub fn min_bank_units(&self) -> usize {
        ((self.settings.min_bank / UNIT) as usize).max(1)
    }

    /// The most points (units) one keep adds.
    pub fn max_keep(&self) -> usize {
        self.throws
            .iter()
            .flat_map(|t| t.offers.iter().flat_map(|o| o.keeps.iter()))
            .map(|k| k.units as usize)
            .max()
            .unwrap_or(0)
    }

    /// Whether a state can lead back to a lower total of scores (a penalty that lowers a score),
    /// so that play can return to a position.
    pub fn lowers_scores(&self) -> bool {
        self.settings.penalty > 0
    }
}

/// A game in progress seen from the table: both banked scores (indices) and farkle counts by
/// seat, and the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// Banked score indices by seat.
    pub scores: [usize; 2],
    /// Farkles in a row by seat.
    pub counts: [usize; 2],
    /// The seat to move.
    pub mover: usize,
}

impl Table {
    /// The start of `game`, 0 : 0, with `first` to move.
    pub fn new(game: &Farkle, first: usize) -> Table {
        let zero = game.index(0).expect("0 is a score: the floor is at most 0");
        Table {
            scores: [zero, zero],
            counts: [0, 0],
            mover: first,
        }
    }

    /// The turn-start state of the mover.
    pub fn state(&self, game: &Farkle) -> usize {
        let m = self.mover;
        game.state(
            self.scores[m],
            self.scores[1 - m],
            self.counts[m],
            self.counts[1 - m],
        )
    }

    /// Ends the mover's turn below the goal: banking `Some(t)` units, or a farkle (`None`);
    /// the other seat moves next.
    pub fn end_turn(&mut self, game: &Farkle, banked: Option<usize>) {
        let m = self.mover;
        match banked {
            Some(t) => {
                self.scores[m] += t;
                self.counts[m] = 0;
            }
            None => {
                (self.scores[m], self.counts[m]) = game.after_farkle(self.scores[m], self.counts[m])
            }
        }
        self.mover = 1 - m;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts per face of the dice `shown`.
    fn counts(shown: &[u8]) -> [u8; 6] {
        let mut counts = [0; 6];
        for &d in shown {
            counts[d as usize - 1] += 1;
        }
        counts
    }

    #[test]
    fn scoring_by_hand() {
        let rules = Settings::default();
        // 1,1,5,2,3,4: a 1 (100), two 1s (200), the 5 (50), and each with it.
        assert_eq!(
            rules.keeps(&counts(&[1, 1, 5, 2, 3, 4])),
            [(50, 1), (100, 1), (150, 2), (200, 2), (250, 3)]
        );
        // Four 1s: singles, three and a single, or four of a kind (2000), with four dice.
        let four = rules.keeps(&counts(&[1, 1, 1, 1, 2, 3]));
        assert_eq!(
            four,
            [
                (100, 1),
                (200, 2),
                (300, 3),
                (400, 4),
                (1000, 3),
                (1100, 4),
                (2000, 4)
            ]
        );
        // Three pairs 750 with six dice; singles of them too.
        let pairs = rules.keeps(&counts(&[2, 2, 3, 3, 6, 6]));
        assert_eq!(pairs, [(750, 6)]);
        // Four 2s and a pair of 6s: three pairs (750) beats 400 for four 2s.
        assert!(
            rules
                .keeps(&counts(&[2, 2, 2, 2, 6, 6]))
                .contains(&(750, 6))
        );
        assert!(
            rules
                .keeps(&counts(&[2, 2, 2, 2, 6, 6]))
                .contains(&(400, 4))
        );
        // A straight: 1500, or the 1 and the 5 alone.
        assert_eq!(
            rules.keeps(&counts(&[1, 2, 3, 4, 5, 6])),
            [(50, 1), (100, 1), (150, 2), (1500, 6)]
        );
        // Two triples: 200 + 300, or either.
        assert_eq!(
            rules.keeps(&counts(&[2, 2, 2, 3, 3, 3])),
            [(200, 3), (300, 3), (500, 6)]
        );
        // Six 1s: 4000 as six of a kind, 2000 as two threes.
        let six = rules.keeps(&counts(&[1; 6]));
        assert!(six.contains(&(4000, 6)) && six.contains(&(2000, 6)));
        // Five 5s: 1500 (3 × 500), or 500 + 100.
        let fives = rules.keeps(&counts(&[5, 5, 5, 5, 5]));
        assert!(fives.contains(&(1500, 5)) && fives.contains(&(600, 5)));
        // Doubling: four 3s 600, five 1200, six 2400.
        let doubled = Settings {
            doubling: 1,
            ..Settings::default()
        };
        assert_eq!(doubled.of_a_kind(3, 4), 600);
        assert_eq!(doubled.of_a_kind(3, 6), 2400);
        assert_eq!(rules.of_a_kind(3, 6), 1200);
        // Nothing: 2,3,4,6,6,2 → a farkle.
        assert!(rules.keeps(&counts(&[2, 3, 4, 6, 6, 2])).is_empty());
        // Hot dice: all five dice of 1,1,1,5,5 kept leave six.
        let hot = keeps_of(&rules, &counts(&[1, 1, 1, 5, 5]));
        assert!(hot.contains(&Keep { units: 22, left: 6 }));
    }

    #[test]
    fn farkle_chances_by_enumerating_every_roll() {
        let game = Farkle::new(&[]).unwrap();
        // RULES.md and the oracle: 6 dice 5/216, 5 dice 600/7776, 4 dice 204/1296, 3 dice
        // 5/18, 2 dice 4/9, 1 die 2/3. Counted here over all 6^n ordered rolls, one by one.
        let expected = [(1, 4, 6), (2, 16, 36), (3, 60, 216), (4, 204, 1296)];
        let expected = expected
            .into_iter()
            .chain([(5, 600, 7776), (6, 1080, 46656)]);
        for (n, farkles, total) in expected {
            let mut count = 0u64;
            for roll in 0..6u64.pow(n as u32) {
                let shown: Vec<u8> = (0..n)
                    .map(|i| (roll / 6u64.pow(i as u32) % 6) as u8 + 1)
                    .collect();
                if Settings::default().keeps(&counts(&shown)).is_empty() {
                    count += 1;
                }
            }
            assert_eq!((count, 6u64.pow(n as u32)), (farkles, total), "{n} dice");
            let throw = game.throw(n);
            assert_eq!(throw.farkle_count, farkles);
            let sum: u64 = throw.offers.iter().map(|o| o.count).sum::<u64>() + throw.farkle_count;
            assert_eq!(sum, total);
        }
        assert_eq!(game.throw(6).farkle, 5.0 / 216.0);
        assert_eq!(game.throw(1).farkle, 2.0 / 3.0);
    }

    #[test]
    fn each_roll_offers_the_keeps_it_shows() {
        let game = Farkle::new(&[("three_pairs".to_string(), 0)]).unwrap();
        let mut farkles = 0;
        for n in 1..=DICE {
            for (counts, _) in multisets(n) {
                let keeps = keeps_of(game.settings(), &counts);
                farkles += usize::from(keeps.is_empty());
                let offered = game.offer(&counts).map(|o| o.keeps.clone());
                assert_eq!(offered.unwrap_or_default(), keeps, "{counts:?}");
            }
        }
        assert!(farkles > 0);
        // No dice, and more than six, offer nothing.
        assert!(game.offer(&[0; 6]).is_none());
        assert!(game.offer(&[7, 0, 0, 0, 0, 0]).is_none());
    }

    #[test]
    fn states_and_bad_settings() {
        let game = Farkle::new(&[]).unwrap();
        assert_eq!(game.scores(), 250);
        assert_eq!(game.states(), 562_500);
        let s = game.state(3, 200, 1, 2);
        assert_eq!(game.position(s), (3, 200, 1, 2));
        assert_eq!(game.position(game.start()), (50, 50, 0, 0));
        // Three farkles in a row: back 10 units, never below the floor.
        assert_eq!(game.after_farkle(60, 1), (60, 2));
        assert_eq!(game.after_farkle(60, 2), (50, 0));
        assert_eq!(game.after_farkle(4, 2), (0, 0));
        let message = |name: &str, value: i64| {
            Farkle::new(&[(name.to_string(), value)])
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            message("goal", 1025),
            "farkle: goal = 1025: expected a multiple of 50 in 50..=100000"
        );
        assert_eq!(
            message("goal", 0),
            "farkle: goal = 0: expected a multiple of 50 in 50..=100000"
        );
        assert_eq!(
            message("floor", 50),
            "farkle: floor = 50: expected a multiple of 50 in -100000..=0"
        );
        assert_eq!(message("farkles", 0), "farkle: farkles = 0: expected 1..=4");
        assert!(message("bogus", 1).starts_with("--set bogus: farkle has no such rule"));
    }
}
