//! Yahtzee's rules as data (RULES.md, "Yahtzee"): the thirteen boxes, what a roll scores in
//! each, the upper bonus, the Yahtzee bonus and the joker rules, every number a setting.

use thiserror::Error;

/// The ruleset's name on the command line.
pub const NAME: &str = "yahtzee";

/// The boxes of the card, in the card's order: Ones … Sixes (0..6), then the lower section.
pub const BOXES: usize = 13;

/// The box names, in the card's order.
pub const BOX_NAMES: [&str; BOXES] = [
    "Ones",
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Three of a Kind",
    "Four of a Kind",
    "Full House",
    "Small Straight",
    "Large Straight",
    "Yahtzee",
    "Chance",
];

/// The boxes' names as `--from`, JSON and Python players write them, in the card's order.
pub const BOX_KEYS: [&str; BOXES] = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
];

/// The box numbers of the lower section.
pub const THREE_KIND: usize = 6;
/// Four of a Kind.
pub const FOUR_KIND: usize = 7;
/// Full House.
pub const FULL_HOUSE: usize = 8;
/// Small Straight.
pub const SMALL_STRAIGHT: usize = 9;
/// Large Straight.
pub const LARGE_STRAIGHT: usize = 10;
/// Yahtzee.
pub const YAHTZEE: usize = 11;
/// Chance.
pub const CHANCE: usize = 12;

/// The points of the fixed-score boxes: Full House, Small and Large Straight, Yahtzee.
const FULL_HOUSE_POINTS: u16 = 25;
const SMALL_STRAIGHT_POINTS: u16 = 30;
const LARGE_STRAIGHT_POINTS: u16 = 40;
/// What a Yahtzee scores in its box.
pub const YAHTZEE_POINTS: u16 = 50;

/// What may be done with a Yahtzee rolled once the Yahtzee box is filled (50 or 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joker {
    /// Hasbro's printed rule: the matching upper box if open (it must be used); else any open
    /// lower box, Full House and the Straights scoring as jokers; else 0 in an open upper box.
    Forced,
    /// Verhoeff's published rules: any open box; the lower boxes score as jokers only when the
    /// matching upper box is filled.
    Verhoeff,
    /// Any open box, the lower boxes as jokers.
    Free,
    /// No joker: a Yahtzee scores where the plain rules score it.
    None,
}

impl Joker {
    /// The joker rules named `name` (`--set joker=NAME`).
    pub fn named(name: &str) -> Option<Joker> {
        Some(match name {
            "forced" => Joker::Forced,
            "verhoeff" => Joker::Verhoeff,
            "free" => Joker::Free,
            "none" => Joker::None,
            _ => return None,
        })
    }

    /// Its name, as `--set joker=` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Joker::Forced => "forced",
            Joker::Verhoeff => "verhoeff",
            Joker::Free => "free",
            Joker::None => "none",
        }
    }
}

/// The joker rules' names, in `--set joker=` form.
pub const JOKERS: [&str; 4] = ["forced", "verhoeff", "free", "none"];

/// The rules, every number a setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The joker rules.
    pub joker: Joker,
    /// Points for each Yahtzee rolled after the Yahtzee box holds 50 (0: none).
    pub yahtzee_bonus: u16,
    /// Points when the upper boxes total at least [`upper_threshold`](Self::upper_threshold).
    pub upper_bonus: u16,
    /// The upper total that earns the upper bonus.
    pub upper_threshold: u16,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            joker: Joker::Forced,
            yahtzee_bonus: 100,
            upper_bonus: 35,
            upper_threshold: 63,
        }
    }
}

/// The settings `--set` takes, with what each means (and its default).
pub const SETTINGS: [(&str, &str); 4] = [
    (
        "joker",
        "a Yahtzee once its box is filled: forced, verhoeff, free or none (forced)",
    ),
    (
        "yahtzee_bonus",
        "points for each further Yahtzee once the box holds 50; 0: none (100)",
    ),
    ("upper_bonus", "the upper section's bonus (35)"),
    (
        "upper_threshold",
        "the upper total that earns it, at most 105 (63)",
    ),
];

/// The highest upper threshold: five of each face, 5 · 21.
pub const MOST_THRESHOLD: u16 = 105;

/// Why Yahtzee's rules cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum YahtzeeError {
    /// A `--set` name the rules do not have.
    #[error(
        "--set {name}: yahtzee has no such rule; it has {}",
        SETTINGS.map(|s| s.0).join(", ")
    )]
    Unknown {
        /// The name given.
        name: String,
    },
    /// A value out of range.
    #[error("yahtzee: {name} = {value}: {expected}")]
    Value {
        /// The rule.
        name: &'static str,
        /// The value given.
        value: String,
        /// What it must be.
        expected: String,
    },
}

impl Settings {
    /// The default rules with `name` set to `value` (a number, or the joker's name).
    pub fn set(mut self, name: &str, value: &str) -> Result<Settings, YahtzeeError> {
        let number = |rule: &'static str, most: u16| {
            value
                .trim()
                .parse::<u16>()
                .ok()
                .filter(|&n| n <= most)
                .ok_or_else(|| YahtzeeError::Value {
                    name: rule,
                    value: value.to_string(),
                    expected: format!("a whole number from 0 to {most}"),
                })
        };
        match name {
            "joker" => {
                self.joker = Joker::named(value.trim()).ok_or_else(|| YahtzeeError::Value {
                    name: "joker",
                    value: value.to_string(),
                    expected: format!("one of {}", JOKERS.join(", ")),
                })?;
            }
            "yahtzee_bonus" => self.yahtzee_bonus = number("yahtzee_bonus", 1000)?,
            "upper_bonus" => self.upper_bonus = number("upper_bonus", 1000)?,
            "upper_threshold" => self.upper_threshold = number("upper_threshold", MOST_THRESHOLD)?,
            _ => {
                return Err(YahtzeeError::Unknown {
                    name: name.to_string(),
                });
            }
        }
        Ok(self)
    }

    /// The rules' label: `yahtzee`, with the settings that differ from the defaults.
    pub fn label(&self) -> String {
        let default = Settings::default();
        let mut changed = Vec::new();
        if self.joker != default.joker {
            changed.push(format!("joker={}", self.joker.name()));
        }
        for (name, value, was) in [
            ("yahtzee_bonus", self.yahtzee_bonus, default.yahtzee_bonus),
            ("upper_bonus", self.upper_bonus, default.upper_bonus),
            (
                "upper_threshold",
                self.upper_threshold,
                default.upper_threshold,
            ),
        ] {
            if value != was {
                changed.push(format!("{name}={value}"));
            }
        }
        if changed.is_empty() {
            NAME.to_string()
        } else {
            format!("{NAME}[{}]", changed.join(","))
        }
    }
}

/// A roll of five dice as counts per face (faces 1..=6 at 0..6).
pub type Counts = [u8; 6];

/// The face all five dice show, if they show one.
pub fn yahtzee_face(roll: &Counts) -> Option<usize> {
    roll.iter().position(|&c| c == 5)
}

/// The sum of the dice.
fn sum(roll: &Counts) -> u16 {
    roll.iter()
        .enumerate()
        .map(|(face, &c)| (face as u16 + 1) * u16::from(c))
        .sum()
}

/// Whether the dice show `run` consecutive faces.
fn has_run(roll: &Counts, run: usize) -> bool {
    (0..=6 - run).any(|start| roll[start..start + run].iter().all(|&c| c > 0))
}

/// What `roll` scores in box `b` by the plain rules (no joker).
pub fn plain_score(roll: &Counts, b: usize) -> u16 {
    let most = roll.iter().copied().max().unwrap_or(0);
    match b {
        0..=5 => (b as u16 + 1) * u16::from(roll[b]),
        THREE_KIND if most >= 3 => sum(roll),
        FOUR_KIND if most >= 4 => sum(roll),
        FULL_HOUSE if roll.contains(&3) && roll.contains(&2) => FULL_HOUSE_POINTS,
        SMALL_STRAIGHT if has_run(roll, 4) => SMALL_STRAIGHT_POINTS,
        LARGE_STRAIGHT if has_run(roll, 5) => LARGE_STRAIGHT_POINTS,
        YAHTZEE if most == 5 => YAHTZEE_POINTS,
        CHANCE => sum(roll),
        _ => 0,
    }
}

/// What a Yahtzee scores in lower box `b` as a joker: Full House and the Straights their fixed
/// points, the others as always.
fn joker_score(roll: &Counts, b: usize) -> u16 {
    match b {
        FULL_HOUSE => FULL_HOUSE_POINTS,
        SMALL_STRAIGHT => SMALL_STRAIGHT_POINTS,
        LARGE_STRAIGHT => LARGE_STRAIGHT_POINTS,
        _ => plain_score(roll, b),
    }
}

/// Where a roll may be scored and what it scores there: bit `b` of `allowed`, `points[b]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placements {
    /// The open boxes the roll may fill, by bit.
    pub allowed: u16,
    /// What it scores in each (0 where not allowed).
    pub points: [u16; BOXES],
}

/// What one roll scores in each box, plainly and as a joker, worked out once per roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollScores {
    /// By box, by the plain rules.
    pub plain: [u16; BOXES],
    /// By box, the lower boxes scored as jokers.
    pub joker: [u16; BOXES],
    /// The face all five dice show, if they do.
    pub yahtzee: Option<usize>,
}

impl RollScores {
    /// The scores of `roll`.
    pub fn of(roll: &Counts) -> RollScores {
        RollScores {
            plain: std::array::from_fn(|b| plain_score(roll, b)),
            joker: std::array::from_fn(|b| {
                if b >= THREE_KIND {
                    joker_score(roll, b)
                } else {
                    plain_score(roll, b)
                }
            }),
            yahtzee: yahtzee_face(roll),
        }
    }
}

impl Settings {
    /// Where `roll` may be scored on a card whose filled boxes are the bits of `filled`, and
    /// what it scores in each (the Yahtzee bonus apart: see [`bonus`](Self::bonus)).
    pub fn placements(&self, roll: &Counts, filled: u16) -> Placements {
        self.place(&RollScores::of(roll), filled)
    }

    /// [`placements`](Self::placements) of a roll whose scores are `scores`.
    pub fn place(&self, scores: &RollScores, filled: u16) -> Placements {
        let open = !filled & ((1 << BOXES) - 1);
        let face = scores.yahtzee.filter(|_| filled & (1 << YAHTZEE) != 0);
        let (allowed, mut points) = match (face, self.joker) {
            (None, _) | (Some(_), Joker::None) => (open, scores.plain),
            (Some(face), joker) => {
                let upper_open = open & (1 << face) != 0;
                let lower_open = open & 0b1_1111_1100_0000;
                let as_joker = joker != Joker::Verhoeff || !upper_open;
                let points = if as_joker { scores.joker } else { scores.plain };
                let allowed = match joker {
                    Joker::Forced if upper_open => 1 << face,
                    Joker::Forced if lower_open != 0 => lower_open,
                    _ => open,
                };
                (allowed, points)
            }
        };
        for (b, p) in points.iter_mut().enumerate() {
            if allowed & (1 << b) == 0 {
                *p = 0;
            }
        }
        Placements { allowed, points }
    }

    /// The Yahtzee bonus `roll` earns on a card whose Yahtzee box holds 50 (`fifty`).
    pub fn bonus(&self, roll: &Counts, fifty: bool) -> u16 {
        if fifty && yahtzee_face(roll).is_some() {
            self.yahtzee_bonus
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts of the dice `shown`.
    fn roll(shown: [u8; 5]) -> Counts {
        let mut counts = [0; 6];
        for d in shown {
            counts[d as usize - 1] += 1;
        }
        counts
    }

    #[test]
    fn each_box_scores_as_the_printed_rules_say() {
        let r = roll([2, 2, 2, 5, 5]);
        let scores: Vec<u16> = (0..BOXES).map(|b| plain_score(&r, b)).collect();
        assert_eq!(scores, [0, 6, 0, 0, 10, 0, 16, 0, 25, 0, 0, 0, 16]);
        let r = roll([1, 2, 3, 4, 6]);
        assert_eq!(plain_score(&r, SMALL_STRAIGHT), 30);
        assert_eq!(plain_score(&r, LARGE_STRAIGHT), 0);
        let r = roll([2, 3, 4, 5, 6]);
        assert_eq!(plain_score(&r, LARGE_STRAIGHT), 40);
        assert_eq!(plain_score(&r, SMALL_STRAIGHT), 30);
        let r = roll([4, 4, 4, 4, 1]);
        assert_eq!(plain_score(&r, FOUR_KIND), 17);
        assert_eq!(plain_score(&r, FULL_HOUSE), 0);
        // Five alike are no full house by the plain rules: three of one face and two of another.
        let r = roll([3, 3, 3, 3, 3]);
        assert_eq!(plain_score(&r, FULL_HOUSE), 0);
        assert_eq!(plain_score(&r, YAHTZEE), 50);
    }

    #[test]
    fn the_joker_rules_place_a_second_yahtzee() {
        let sixes = roll([6, 6, 6, 6, 6]);
        let yahtzee_filled = 1 << YAHTZEE;
        let forced = Settings::default();
        // Sixes open: it must be used.
        let p = forced.placements(&sixes, yahtzee_filled);
        assert_eq!(p.allowed, 1 << 5);
        assert_eq!(p.points[5], 30);
        // Sixes filled: any open lower box, Full House as a joker.
        let p = forced.placements(&sixes, yahtzee_filled | 1 << 5);
        assert_eq!(p.allowed, 0b1_0111_1100_0000);
        assert_eq!(p.points[FULL_HOUSE], 25);
        assert_eq!(p.points[LARGE_STRAIGHT], 40);
        assert_eq!(p.points[CHANCE], 30);
        // Every lower box filled: 0 in an open upper box.
        let p = forced.placements(&sixes, 0b1_1111_1110_0000 | 1 << 2);
        assert_eq!(p.allowed, 0b1_1011);
        assert_eq!(p.points, [0; BOXES]);
        let verhoeff = forced.set("joker", "verhoeff").unwrap();
        // Sixes open: any box, the lower ones not as jokers.
        let p = verhoeff.placements(&sixes, yahtzee_filled);
        assert_eq!(p.allowed, 0b1_0111_1111_1111);
        assert_eq!(p.points[FULL_HOUSE], 0);
        assert_eq!(p.points[THREE_KIND], 30);
        let p = verhoeff.placements(&sixes, yahtzee_filled | 1 << 5);
        assert_eq!(p.points[SMALL_STRAIGHT], 30);
        let none = forced.set("joker", "none").unwrap();
        let p = none.placements(&sixes, yahtzee_filled | 1 << 5);
        assert_eq!(p.points[FULL_HOUSE], 0);
        assert_eq!(p.allowed, 0b1_0111_1101_1111);
        assert_eq!(forced.bonus(&sixes, true), 100);
        assert_eq!(forced.bonus(&sixes, false), 0);
    }

    #[test]
    fn settings_are_checked_and_labelled() {
        let s = Settings::default().set("joker", "free").unwrap();
        let s = s.set("yahtzee_bonus", "0").unwrap();
        assert_eq!(s.label(), "yahtzee[joker=free,yahtzee_bonus=0]");
        assert!(Settings::default().set("joker", "wild").is_err());
        assert!(Settings::default().set("upper_threshold", "106").is_err());
        assert!(Settings::default().set("goal", "1").is_err());
    }
}
