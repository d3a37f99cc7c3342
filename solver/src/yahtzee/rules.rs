//! The rules of the Yahtzee family as data (RULES.md, "Yahtzee" and "Yatzy"): a card's boxes
//! and what a roll scores in each ([`Sheet`]: Hasbro's thirteen, the Nordic fifteen), the upper
//! bonus, the Yahtzee bonus and the joker rules, every number a setting.

use thiserror::Error;

/// Yahtzee's ruleset name on the command line.
pub const NAME: &str = "yahtzee";

/// The most boxes a card of the family has (Yatzy's fifteen): the size of a roll's scores by
/// box, and a card's filled boxes fit in 15 bits.
pub const MOST_BOXES: usize = 15;

/// How a box scores a roll (`face` counts from 0 for a one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// The dice showing face `0` summed (Ones … Sixes).
    Upper(usize),
    /// The sum of all five dice, if at least this many show one face (Yahtzee's Three and Four
    /// of a Kind).
    KindSum(u8),
    /// This many dice of one face, their sum, the highest face that has them (Yatzy's One
    /// Pair, Three and Four of a Kind; five alike have four alike).
    Alike(u8),
    /// Two pairs of different faces, their four dice (Yatzy; a full house has two, four alike
    /// are one face).
    TwoPairs,
    /// Three of one face and two of another (five alike are not): the fixed points, or the sum
    /// of the dice where `None` (Yatzy).
    FullHouse(Option<u16>),
    /// This many consecutive faces, at least (Yahtzee's Straights): the fixed points.
    Run(usize, u16),
    /// Exactly the five faces from face `0` up (Yatzy's 1-2-3-4-5 and 2-3-4-5-6): their sum.
    Straight(usize),
    /// All five alike: [`YAHTZEE_POINTS`].
    FiveAlike,
    /// The sum of the dice.
    Chance,
}

/// One box of a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxRule {
    /// Its name on the card and in reports (`Full House`).
    pub name: &'static str,
    /// Its name as `--from`, JSON and Python players write it (`full_house`).
    pub key: &'static str,
    /// What a roll scores in it.
    pub scoring: Scoring,
}

/// A ruleset of the family: its card and the defaults of its numbers.
#[derive(Debug, PartialEq, Eq)]
pub struct Sheet {
    /// Its name on the command line (`yahtzee`, `yatzy`).
    pub name: &'static str,
    /// The boxes, in the card's order: Ones … Sixes first (0..6), then the lower section.
    pub boxes: &'static [BoxRule],
    /// The box that five alike score [`YAHTZEE_POINTS`] in (Yahtzee, Yatzy).
    pub five_alike: usize,
    /// The settings it takes (`--set`), with what each means and its default.
    pub settable: &'static [(&'static str, &'static str)],
    /// The joker rules by default.
    pub joker: Joker,
    /// The Yahtzee bonus by default.
    pub yahtzee_bonus: u16,
    /// The upper bonus by default.
    pub upper_bonus: u16,
    /// What is counted on a card, in order: the upper bonus earned, 50 scored in the five
    /// alike's box, a Yahtzee bonus earned, five alike placed (in any box).
    pub happenings: [&'static str; 4],
}

impl Sheet {
    /// The filled boxes of a full card, by bit.
    pub fn full(&self) -> u16 {
        ((1u32 << self.boxes.len()) - 1) as u16
    }

    /// Whether the sheet has a Yahtzee bonus to speak of (a setting for it).
    pub fn has_yahtzee_bonus(&self) -> bool {
        self.settable.iter().any(|s| s.0 == "yahtzee_bonus")
    }
}

/// A box of the upper section.
const fn upper(face: usize, name: &'static str, key: &'static str) -> BoxRule {
    BoxRule {
        name,
        key,
        scoring: Scoring::Upper(face),
    }
}

/// A box of the lower section.
const fn lower(name: &'static str, key: &'static str, scoring: Scoring) -> BoxRule {
    BoxRule { name, key, scoring }
}

/// The upper section, Ones … Sixes.
const UPPER: [BoxRule; 6] = [
    upper(0, "Ones", "ones"),
    upper(1, "Twos", "twos"),
    upper(2, "Threes", "threes"),
    upper(3, "Fours", "fours"),
    upper(4, "Fives", "fives"),
    upper(5, "Sixes", "sixes"),
];

/// A card: the upper section, then the `L` boxes of `lower` (`N` = 6 + `L`).
const fn card<const L: usize, const N: usize>(lower: [BoxRule; L]) -> [BoxRule; N] {
    assert!(
        N == UPPER.len() + L,
        "a card is the upper section and its lower boxes"
    );
    let mut boxes = [UPPER[0]; N];
    let mut b = 1;
    while b < N {
        boxes[b] = if b < UPPER.len() {
            UPPER[b]
        } else {
            lower[b - UPPER.len()]
        };
        b += 1;
    }
    boxes
}

/// Yahtzee's boxes.
static YAHTZEE_BOXES: [BoxRule; 13] = card([
    lower("Three of a Kind", "three_of_a_kind", Scoring::KindSum(3)),
    lower("Four of a Kind", "four_of_a_kind", Scoring::KindSum(4)),
    lower("Full House", "full_house", Scoring::FullHouse(Some(25))),
    lower("Small Straight", "small_straight", Scoring::Run(4, 30)),
    lower("Large Straight", "large_straight", Scoring::Run(5, 40)),
    lower("Yahtzee", "yahtzee", Scoring::FiveAlike),
    lower("Chance", "chance", Scoring::Chance),
]);

/// Yatzy's boxes.
static YATZY_BOXES: [BoxRule; 15] = card([
    lower("One Pair", "one_pair", Scoring::Alike(2)),
    lower("Two Pairs", "two_pairs", Scoring::TwoPairs),
    lower("Three of a Kind", "three_of_a_kind", Scoring::Alike(3)),
    lower("Four of a Kind", "four_of_a_kind", Scoring::Alike(4)),
    lower("Small Straight", "small_straight", Scoring::Straight(0)),
    lower("Large Straight", "large_straight", Scoring::Straight(1)),
    lower("Full House", "full_house", Scoring::FullHouse(None)),
    lower("Chance", "chance", Scoring::Chance),
    lower("Yatzy", "yatzy", Scoring::FiveAlike),
]);

/// The upper threshold's setting, as both sheets take it.
const THRESHOLD_SETTING: (&str, &str) = (
    "upper_threshold",
    "the upper total that earns it, at most 105 (63)",
);

/// Hasbro's Yahtzee: thirteen boxes.
pub static YAHTZEE_SHEET: Sheet = Sheet {
    name: NAME,
    boxes: &YAHTZEE_BOXES,
    five_alike: YAHTZEE,
    settable: &[
        (
            "joker",
            "a Yahtzee once its box is filled: forced, verhoeff, free or none (forced)",
        ),
        (
            "yahtzee_bonus",
            "points for each further Yahtzee once the box holds 50; 0: none (100)",
        ),
        ("upper_bonus", "the upper section's bonus (35)"),
        THRESHOLD_SETTING,
    ],
    joker: Joker::Forced,
    yahtzee_bonus: 100,
    upper_bonus: 35,
    happenings: [
        "upper bonus",
        "Yahtzee scored 50",
        "Yahtzee bonus",
        "Yahtzee",
    ],
};

/// Scandinavian Yatzy: fifteen boxes, no joker, no Yatzy bonus.
pub static YATZY_SHEET: Sheet = Sheet {
    name: "yatzy",
    boxes: &YATZY_BOXES,
    five_alike: 14,
    settable: &[
        ("upper_bonus", "the upper section's bonus (50)"),
        THRESHOLD_SETTING,
    ],
    joker: Joker::None,
    yahtzee_bonus: 0,
    upper_bonus: 50,
    happenings: ["upper bonus", "Yatzy scored 50", "Yatzy bonus", "Yatzy"],
};

/// Yahtzee's box numbers of the lower section: Three of a Kind.
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

/// What five alike score in the Yahtzee (Yatzy) box.
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
    /// The card: its boxes and what they score.
    pub sheet: &'static Sheet,
    /// The joker rules.
    pub joker: Joker,
    /// Points for each Yahtzee rolled after the Yahtzee box holds 50 (0: none).
    pub yahtzee_bonus: u16,
    /// Points when the upper boxes total at least [`upper_threshold`](Self::upper_threshold).
    pub upper_bonus: u16,
    /// The upper total that earns the upper bonus.
    pub upper_threshold: u16,
}

/// Hasbro's Yahtzee.
impl Default for Settings {
    fn default() -> Settings {
        Settings::of(&YAHTZEE_SHEET)
    }
}

impl Settings {
    /// The rules of `sheet` with its defaults.
    pub fn of(sheet: &'static Sheet) -> Settings {
        Settings {
            sheet,
            joker: sheet.joker,
            yahtzee_bonus: sheet.yahtzee_bonus,
            upper_bonus: sheet.upper_bonus,
            upper_threshold: 63,
        }
    }

    /// Scandinavian Yatzy.
    pub fn yatzy() -> Settings {
        Settings::of(&YATZY_SHEET)
    }

    /// How many boxes the card has.
    pub fn boxes(&self) -> usize {
        self.sheet.boxes.len()
    }

    /// The name of box `b` on the card (`Full House`).
    pub fn box_name(&self, b: usize) -> &'static str {
        self.sheet.boxes[b].name
    }
}

/// The highest upper threshold: five of each face, 5 · 21.
pub const MOST_THRESHOLD: u16 = 105;

/// Why Yahtzee's rules cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum YahtzeeError {
    /// A `--set` name the rules do not have.
    #[error("--set {name}: {game} has no such rule; it has {has}")]
    Unknown {
        /// The ruleset.
        game: &'static str,
        /// The name given.
        name: String,
        /// The rules it has.
        has: String,
    },
    /// A value out of range.
    #[error("{game}: {name} = {value}: {expected}")]
    Value {
        /// The ruleset.
        game: &'static str,
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
        let sheet = self.sheet;
        let unknown = || YahtzeeError::Unknown {
            game: sheet.name,
            name: name.to_string(),
            has: sheet
                .settable
                .iter()
                .map(|s| s.0)
                .collect::<Vec<_>>()
                .join(", "),
        };
        if !sheet.settable.iter().any(|s| s.0 == name) {
            return Err(unknown());
        }
        let number = |rule: &'static str, most: u16| {
            value
                .trim()
                .parse::<u16>()
                .ok()
                .filter(|&n| n <= most)
                .ok_or_else(|| YahtzeeError::Value {
                    game: self.sheet.name,
                    name: rule,
                    value: value.to_string(),
                    expected: format!("a whole number from 0 to {most}"),
                })
        };
        match name {
            "joker" => {
                self.joker = Joker::named(value.trim()).ok_or_else(|| YahtzeeError::Value {
                    game: self.sheet.name,
                    name: "joker",
                    value: value.to_string(),
                    expected: format!("one of {}", JOKERS.join(", ")),
                })?;
            }
            "yahtzee_bonus" => self.yahtzee_bonus = number("yahtzee_bonus", 1000)?,
            "upper_bonus" => self.upper_bonus = number("upper_bonus", 1000)?,
            "upper_threshold" => self.upper_threshold = number("upper_threshold", MOST_THRESHOLD)?,
            _ => return Err(unknown()),
        }
        Ok(self)
    }

    /// The rules' label: `yahtzee` (the sheet's name), with the settings that differ from its
    /// defaults.
    pub fn label(&self) -> String {
        let default = Settings::of(self.sheet);
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
        let name = self.sheet.name;
        if changed.is_empty() {
            name.to_string()
        } else {
            format!("{name}[{}]", changed.join(","))
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

/// The points of face `face` (from 0) times `dice`.
fn of_face(face: usize, dice: u8) -> u16 {
    (face as u16 + 1) * u16::from(dice)
}

impl Scoring {
    /// What `roll` scores by the plain rules (no joker).
    pub fn score(self, roll: &Counts) -> u16 {
        let most = roll.iter().copied().max().unwrap_or(0);
        let highest_with = |n: u8| (0..6).rev().find(|&f| roll[f] >= n);
        match self {
            Scoring::Upper(face) => of_face(face, roll[face]),
            Scoring::KindSum(n) if most >= n => sum(roll),
            Scoring::Alike(n) => highest_with(n).map_or(0, |f| of_face(f, n)),
            Scoring::TwoPairs => {
                let mut pairs = (0..6).rev().filter(|&f| roll[f] >= 2);
                match (pairs.next(), pairs.next()) {
                    (Some(high), Some(low)) => of_face(high, 2) + of_face(low, 2),
                    _ => 0,
                }
            }
            Scoring::FullHouse(points) if roll.contains(&3) && roll.contains(&2) => {
                points.unwrap_or_else(|| sum(roll))
            }
            Scoring::Run(run, points) if has_run(roll, run) => points,
            Scoring::Straight(low) if roll[low..low + 5].iter().all(|&c| c == 1) => sum(roll),
            Scoring::FiveAlike if most == 5 => YAHTZEE_POINTS,
            Scoring::Chance => sum(roll),
            _ => 0,
        }
    }

    /// What a Yahtzee scores here as a joker: Yahtzee's Full House and Straights their fixed
    /// points, the others as always.
    fn joker_score(self, roll: &Counts) -> u16 {
        match self {
            Scoring::FullHouse(Some(points)) | Scoring::Run(_, points) => points,
            _ => self.score(roll),
        }
    }
}

/// Where a roll may be scored and what it scores there: bit `b` of `allowed`, `points[b]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placements {
    /// The open boxes the roll may fill, by bit.
    pub allowed: u16,
    /// What it scores in each (0 where not allowed, and past the sheet's boxes).
    pub points: [u16; MOST_BOXES],
}

/// What one roll scores in each box, plainly and as a joker, worked out once per roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollScores {
    /// By box, by the plain rules (0 past the sheet's boxes).
    pub plain: [u16; MOST_BOXES],
    /// By box, the lower boxes scored as jokers.
    pub joker: [u16; MOST_BOXES],
    /// The face all five dice show, if they do.
    pub yahtzee: Option<usize>,
}

impl RollScores {
    /// The scores of `roll` in the boxes of `sheet`.
    pub fn of(sheet: &Sheet, roll: &Counts) -> RollScores {
        let boxes = sheet.boxes;
        let by_box = |score: &dyn Fn(Scoring) -> u16| {
            std::array::from_fn(|b| boxes.get(b).map_or(0, |rule| score(rule.scoring)))
        };
        RollScores {
            plain: by_box(&|scoring| scoring.score(roll)),
            joker: by_box(&|scoring| scoring.joker_score(roll)),
            yahtzee: yahtzee_face(roll),
        }
    }
}

impl Settings {
    /// Where `roll` may be scored on a card whose filled boxes are the bits of `filled`, and
    /// what it scores in each (the Yahtzee bonus apart: see [`bonus`](Self::bonus)).
    pub fn placements(&self, roll: &Counts, filled: u16) -> Placements {
        self.place(&RollScores::of(self.sheet, roll), filled)
    }

    /// [`placements`](Self::placements) of a roll whose scores are `scores`.
    pub fn place(&self, scores: &RollScores, filled: u16) -> Placements {
        let open = !filled & self.sheet.full();
        let face = scores
            .yahtzee
            .filter(|_| filled & (1 << self.sheet.five_alike) != 0);
        let (allowed, mut points) = match (face, self.joker) {
            (None, _) | (Some(_), Joker::None) => (open, scores.plain),
            (Some(face), joker) => {
                let upper_open = open & (1 << face) != 0;
                let lower_open = open & !0b11_1111;
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

    /// What `roll` scores in box `b` of `sheet` by the plain rules.
    fn score_in(sheet: &Sheet, roll: &Counts, b: usize) -> u16 {
        sheet.boxes[b].scoring.score(roll)
    }

    /// What `roll` scores in Yahtzee's box `b`.
    fn plain_score(roll: &Counts, b: usize) -> u16 {
        score_in(&YAHTZEE_SHEET, roll, b)
    }

    #[test]
    fn each_box_scores_as_the_printed_rules_say() {
        let r = roll([2, 2, 2, 5, 5]);
        let scores: Vec<u16> = (0..13).map(|b| plain_score(&r, b)).collect();
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
        assert_eq!(p.points, [0; MOST_BOXES]);
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
        let yatzy = Settings::yatzy();
        assert_eq!(yatzy.label(), "yatzy");
        let low = yatzy.set("upper_threshold", "40").unwrap();
        assert_eq!(low.label(), "yatzy[upper_threshold=40]");
        let error = yatzy.set("joker", "free").unwrap_err().to_string();
        assert_eq!(
            error,
            "--set joker: yatzy has no such rule; it has upper_bonus, upper_threshold"
        );
    }

    /// Yatzy's lower boxes as the Nordic rules score them (Wikipedia's "Yatzy": the most on
    /// the card is 374, so Two Pairs is at most 6-6-5-5 = 22 and Full House 6-6-6-5-5 = 28:
    /// the pairs of different faces, the full house of two faces; five alike are four alike,
    /// three alike and a pair, but neither two pairs nor a full house).
    #[test]
    fn yatzy_scores_the_dice_that_make_each_box() {
        let sheet = &YATZY_SHEET;
        let scores = |shown: [u8; 5]| -> Vec<u16> {
            (0..15).map(|b| score_in(sheet, &roll(shown), b)).collect()
        };
        // Ones … Sixes, One Pair, Two Pairs, 3 and 4 alike, the Straights, Full House, Chance,
        // Yatzy.
        let full_house = scores([2, 2, 2, 5, 5]);
        assert_eq!(
            full_house,
            [0, 6, 0, 0, 10, 0, 10, 14, 6, 0, 0, 0, 16, 16, 0]
        );
        let four = scores([6, 6, 6, 6, 1]);
        assert_eq!(four[6..], [12, 0, 18, 24, 0, 0, 0, 25, 0]);
        let five = scores([3, 3, 3, 3, 3]);
        assert_eq!(five[6..], [6, 0, 9, 12, 0, 0, 0, 15, 50]);
        assert_eq!(scores([5, 4, 3, 2, 1])[10..12], [15, 0]);
        assert_eq!(scores([6, 4, 3, 2, 5])[10..12], [0, 20]);
        // A run of four is no straight in Yatzy.
        assert_eq!(scores([1, 2, 3, 4, 4])[10..12], [0, 0]);
        // The highest pair; the two highest pairs.
        assert_eq!(scores([1, 1, 4, 4, 6])[6..8], [8, 10]);
        let most: u16 = (1..=6u8).map(|f| scores([f; 5])[usize::from(f) - 1]).sum();
        assert_eq!(most, 105);
        let lower: u16 = [
            [6, 6, 6, 6, 5],
            [6, 6, 5, 5, 4],
            [6, 6, 6, 6, 5],
            [6, 6, 6, 6, 5],
            [1, 2, 3, 4, 5],
            [2, 3, 4, 5, 6],
            [6, 6, 6, 5, 5],
            [6, 6, 6, 6, 6],
            [6, 6, 6, 6, 6],
        ]
        .iter()
        .enumerate()
        .map(|(i, &shown)| scores(shown)[6 + i])
        .sum();
        assert_eq!(105 + 50 + lower, 374);
        // No joker: a second Yatzy scores where the plain rules score it.
        let settings = Settings::yatzy();
        let p = settings.placements(&roll([4, 4, 4, 4, 4]), 1 << 14 | 1 << 3);
        assert_eq!(p.allowed, 0b011_1111_1111_0111);
        assert_eq!(p.points[12], 0);
        assert_eq!(settings.bonus(&roll([4; 5]), false), 0);
    }
}
