//! A game's record (OpenSpiel's `GameType`): what a game is, for people and for every tool
//! that lists or opens games. Its name and label, the players it can be played by, the kind
//! of value its positions have, its parameters, the form of its positions, what it can be
//! asked (its capabilities, opt-in), its rulesets and how one of them is opened.
//!
//! Each game declares its record as a constant in its own folder and registers it in one line
//! of [`catalog`](crate::catalog)'s list; help texts, `--set`, `swine games`, the page's form
//! and the README's ruleset table read the records, so no front end names a game.

use std::ops::RangeInclusive;

use serde::Serialize;
use serde::ser::SerializeMap;
use thiserror::Error;

use super::{Capability, Footprint, Opened};
use crate::python::Runner;
use crate::report::printable;

/// The setting every game reads for its number of players (`--players N`, `--set players=N`,
/// Python's `players=N`), checked against the record's [`players`](GameType::players).
pub const PLAYERS: &str = "players";

/// What a game is.
pub struct GameType {
    /// Its name, as reports and JSON give it: `pig`.
    pub name: &'static str,
    /// Its name for people: `Pig`.
    pub label: &'static str,
    /// One line saying what the game is.
    pub summary: &'static str,
    /// How many players it can be played by (`--players N` chooses among them; two unless
    /// asked, or one for a game one player can play alone).
    pub players: RangeInclusive<u8>,
    /// Why it is played by no more players than [`players`](GameType::players) allows, where
    /// there is more to say than the range (Hog's rules name one opponent).
    pub players_why: &'static str,
    /// The kind of value its positions have.
    pub value: ValueKind,
    /// Its parameters (`--set NAME=VALUE`), the goal among them where it has one.
    pub parameters: &'static [Parameter],
    /// Whether its rule files declare parameters of their own beyond [`GameType::parameters`]
    /// (a Hog rule script's `lucky`).
    pub declared_parameters: bool,
    /// The form of a position (`--from`).
    pub position: PositionForm,
    /// Whether dice (or a coin) decide anything.
    pub chance: bool,
    /// Whether a game can end in a tie or a draw.
    pub ties: bool,
    /// What it can be asked: every capability not listed is refused.
    pub can: &'static [Capability],
    /// Why it refuses a capability, where it has more to say than the one form.
    pub refusals: &'static [(Capability, &'static str)],
    /// The endings of the rule files it opens (`.rhai`), none where it has no rule files.
    pub files: &'static [&'static str],
    /// Its rulesets (`--rules NAME`), the default first.
    pub rulesets: fn() -> Vec<RulesetRecord>,
    /// Opens one of its rulesets, or one of its rule files.
    pub open: fn(&Opening<'_>) -> Result<Named, OpenError>,
}

/// The kind of value a game's positions have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// Each seat's chance of winning (a tie counting half).
    WinProbability,
    /// One player's expected final score.
    ExpectedScore {
        /// What the score is counted in: `points`.
        unit: &'static str,
    },
}

impl ValueKind {
    /// Its name in JSON: `win_probability` or `expected_score`.
    pub fn key(self) -> &'static str {
        match self {
            ValueKind::WinProbability => "win_probability",
            ValueKind::ExpectedScore { .. } => "expected_score",
        }
    }

    /// Its name for people: `chance of winning`, `expected score in points`.
    pub fn words(self) -> String {
        match self {
            ValueKind::WinProbability => "chance of winning".to_string(),
            ValueKind::ExpectedScore { unit } => format!("expected score in {unit}"),
        }
    }
}

/// The form a position takes (`--from`, `--dice`, `--rolls-left`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionForm {
    /// Named whole numbers, comma-separated (`own,opponent,turn_total`).
    Numbers,
    /// Named whole numbers and the dice shown there (`--dice`).
    NumbersAndDice,
    /// A card of named boxes (`chance=20,yahtzee=50`), the dice shown and the rolls left.
    Card,
    /// No numbers: the position is the game's board, given by its own verbs.
    Board,
}

impl PositionForm {
    /// Its name in JSON: `numbers`, `numbers_and_dice`, `card`, `board`.
    pub fn key(self) -> &'static str {
        match self {
            PositionForm::Numbers => "numbers",
            PositionForm::NumbersAndDice => "numbers_and_dice",
            PositionForm::Card => "card",
            PositionForm::Board => "board",
        }
    }
}

/// One parameter of a game (`--set NAME=VALUE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// Its name, as `--set` takes it.
    pub name: &'static str,
    /// The values it takes.
    pub kind: ParameterKind,
    /// Its value unless set (a ruleset may have its own, [`RulesetRecord::defaults`]).
    pub default: i64,
    /// What it is, in one line.
    pub doc: &'static str,
}

/// The values a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParameterKind {
    /// A whole number from `least` to `most`, a multiple of `step`.
    Integer {
        /// The least value.
        least: i64,
        /// The most.
        most: i64,
        /// Every value is a multiple of it (1: any).
        step: i64,
    },
    /// One of these names, each standing for its place in the list (from 0).
    Named(&'static [&'static str]),
}

impl Parameter {
    /// A whole number from `least` to `most`.
    pub const fn integer(
        name: &'static str,
        (least, most): (i64, i64),
        default: i64,
        doc: &'static str,
    ) -> Parameter {
        Parameter {
            name,
            kind: ParameterKind::Integer {
                least,
                most,
                step: 1,
            },
            default,
            doc,
        }
    }

    /// The value `text` gives it: a whole number, or one of its names (as its place).
    pub fn read(&self, text: &str) -> Result<i64, String> {
        let text = text.trim();
        let shown = printable(text);
        match self.kind {
            ParameterKind::Named(names) => names
                .iter()
                .position(|n| *n == text)
                .map(|i| i as i64)
                .or_else(|| {
                    text.parse::<i64>()
                        .ok()
                        .filter(|&i| usize::try_from(i).is_ok_and(|i| i < names.len()))
                })
                .ok_or_else(|| {
                    format!(
                        "'{}={shown}': {shown} is not one of {}",
                        self.name,
                        names.join(", ")
                    )
                }),
            ParameterKind::Integer { .. } => text
                .parse::<i64>()
                .map_err(|_| format!("'{}={shown}': {shown} is not a whole number", self.name)),
        }
    }

    /// `Ok` where `value` is one it takes; else what it takes: `expected 1..=255`.
    pub fn check(&self, value: i64) -> Result<(), String> {
        let fits = match self.kind {
            ParameterKind::Integer { least, most, step } => {
                (least..=most).contains(&value) && value % step == 0
            }
            ParameterKind::Named(names) => usize::try_from(value).is_ok_and(|i| i < names.len()),
        };
        if fits {
            Ok(())
        } else {
            Err(format!("expected {}", self.range_text()))
        }
    }

    /// Its value `value` in words: the name of a named value, else the number.
    pub fn value_text(&self, value: i64) -> String {
        match self.kind {
            ParameterKind::Named(names) => usize::try_from(value)
                .ok()
                .and_then(|i| names.get(i))
                .map_or_else(|| value.to_string(), |n| n.to_string()),
            ParameterKind::Integer { .. } => value.to_string(),
        }
    }

    /// The values it takes, in words: `1..=255`, `a multiple of 50 in 0..=100000`,
    /// `forced, verhoeff, free or none`.
    pub fn range_text(&self) -> String {
        match self.kind {
            ParameterKind::Integer { least, most, step } if step > 1 => {
                format!("a multiple of {step} in {least}..={most}")
            }
            ParameterKind::Integer { least, most, .. } => format!("{least}..={most}"),
            ParameterKind::Named(names) => match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => names.join(""),
            },
        }
    }
}

impl Serialize for Parameter {
    /// `name`, `kind` (`integer` with `least`, `most`, `step`; or `named` with `values`),
    /// `default` and `doc`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("name", self.name)?;
        match self.kind {
            ParameterKind::Integer { least, most, step } => {
                map.serialize_entry("kind", "integer")?;
                map.serialize_entry("least", &least)?;
                map.serialize_entry("most", &most)?;
                map.serialize_entry("step", &step)?;
                map.serialize_entry("default", &self.default)?;
            }
            ParameterKind::Named(names) => {
                map.serialize_entry("kind", "named")?;
                map.serialize_entry("values", names)?;
                map.serialize_entry("default", &self.value_text(self.default))?;
            }
        }
        map.serialize_entry("doc", self.doc)?;
        map.end()
    }
}

/// One ruleset of a game, as `--rules` names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesetRecord {
    /// The name `--rules` takes.
    pub name: &'static str,
    /// Other names it answers to (terms that played the same rules).
    pub aliases: &'static [&'static str],
    /// One line saying what sets it apart.
    pub summary: String,
    /// The strategy the course measures others against (none without strategies).
    pub yardstick: Option<String>,
    /// The named strategy specs it takes (table files aside), e.g. `always_roll:N`.
    pub strategies: Vec<String>,
    /// Its own defaults where they differ from the game's (Piglet's goal 10).
    #[serde(serialize_with = "defaults_map")]
    pub defaults: Vec<(&'static str, i64)>,
    /// Settings a person trying it first is offered, where its defaults take long to solve
    /// (the page's setup; Farkle's goal 2000 and floor -1000, solved in seconds): none where
    /// its defaults are quick.
    #[serde(serialize_with = "defaults_map")]
    pub quick: Vec<(&'static str, i64)>,
}

/// Writes `(name, value)` pairs as a JSON object.
fn defaults_map<S: serde::Serializer>(
    defaults: &[(&'static str, i64)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_map(defaults.iter().map(|(name, value)| (name, value)))
}

impl RulesetRecord {
    /// A ruleset with no defaults of its own.
    pub fn new(
        name: &'static str,
        summary: &str,
        yardstick: Option<&str>,
        strategies: Vec<String>,
    ) -> RulesetRecord {
        RulesetRecord {
            name,
            aliases: &[],
            summary: summary.to_string(),
            yardstick: yardstick.map(str::to_string),
            strategies,
            defaults: Vec::new(),
            quick: Vec::new(),
        }
    }
}

/// What opening a ruleset is given: the ruleset's name (or a rule file's path), its
/// parameters (each checked against the record and given as a number; the goal among them),
/// and the runner of a Python rule file.
pub struct Opening<'a> {
    /// The ruleset's name as `--rules` gave it, or the rule file's path.
    pub rules: &'a str,
    /// The parameters set (name, value), in the order given (the number of players apart).
    pub settings: &'a [(String, i64)],
    /// How many players were asked for (`--players N`, `players=N`), checked against the
    /// record's [`players`](GameType::players); none where not asked.
    pub players: Option<u8>,
    /// Runs a Python rule file.
    pub runner: &'a Runner,
}

impl Opening<'_> {
    /// The value set for `name`, if any (the last where given twice).
    pub fn setting(&self, name: &str) -> Option<i64> {
        self.settings
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|&(_, v)| v)
    }

    /// The goal set (`default` where none is), a value out of range kept out of range so
    /// that the game names it.
    pub fn goal(&self, default: u32) -> u32 {
        self.setting("goal").map_or(default, |value| {
            u32::try_from(value).unwrap_or(if value < 0 { 0 } else { u32::MAX })
        })
    }
}

/// A ruleset named and checked, not yet opened: what solving it takes is known before anything
/// heavy is built (a Hog rule script is read and its parameters checked, but its rules are not
/// tabulated for its goal: at goal 1000 that alone takes seconds and hundreds of megabytes).
pub struct Named {
    footprint: Footprint,
    open: Box<dyn FnOnce() -> Result<Opened, OpenError> + Send>,
}

impl Named {
    /// A game opened already (cheaply: its tables are built when it is solved).
    pub fn built(game: Opened) -> Named {
        Named {
            footprint: game.info().footprint,
            open: Box::new(move || Ok(game)),
        }
    }

    /// A game whose opening is left until [`Named::open`], sized as `footprint`.
    pub fn later(
        footprint: Footprint,
        open: impl FnOnce() -> Result<Opened, OpenError> + Send + 'static,
    ) -> Named {
        Named {
            footprint,
            open: Box::new(open),
        }
    }

    /// What solving one of its match-ups takes (memory and time).
    pub fn footprint(&self) -> Footprint {
        self.footprint
    }

    /// The game, opened.
    pub fn open(self) -> Result<Opened, OpenError> {
        (self.open)()
    }
}

/// No ruleset has this name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown ruleset '{}'; the rulesets are {}{files}", printable(name), known.join(", "))]
pub struct UnknownRuleset {
    /// The name asked for.
    pub name: String,
    /// The names that exist.
    pub known: Vec<&'static str>,
    /// The rule files games open, in words (`, or a Hog rule script (FILE.rhai or FILE.py)`).
    pub files: String,
}

/// Why a ruleset could not be opened.
#[derive(Debug, Error)]
pub enum OpenError {
    /// No ruleset has the name.
    #[error(transparent)]
    Unknown(#[from] UnknownRuleset),
    /// A parameter the game does not have.
    #[error(
        "--set {}: {} has no such rule; it has {known}",
        printable(name),
        printable(rules)
    )]
    NoParameter {
        /// The parameter given.
        name: String,
        /// The ruleset.
        rules: String,
        /// Its parameters, in words.
        known: String,
    },
    /// A parameter's value that is not one it takes.
    #[error("--set {0}")]
    Value(String),
    /// A number of players the game is not played by (given as `--players`, `players=`, or a
    /// keyword in Python: the words name none of them).
    #[error("{0}")]
    Players(String),
    /// The goal given twice.
    #[error("--goal and --set goal=... both set the goal: give one")]
    GoalTwice,
    /// A rule file that could not be read.
    #[error("--rules {}: {reason}", printable(path))]
    Read {
        /// The file.
        path: String,
        /// Why.
        reason: crate::read::ReadError,
    },
    /// A goal given to a game without one.
    #[error("--goal: {} has no goal", printable(rules))]
    NoGoal {
        /// The ruleset.
        rules: String,
    },
    /// The rules could not be set up: the game's own reason (a script that does not compile,
    /// a goal out of range).
    #[error(transparent)]
    Rules(Box<dyn std::error::Error + Send + Sync>),
    /// The opening was stopped (a sweep's variants, Ctrl-C).
    #[error(transparent)]
    Stopped(#[from] super::Stopped),
}

impl OpenError {
    /// The game's own reason why its rules could not be set up.
    pub fn rules(error: impl std::error::Error + Send + Sync + 'static) -> OpenError {
        OpenError::Rules(Box::new(error))
    }
}

impl GameType {
    /// Whether it answers `capability` at all (a ruleset may still refuse it,
    /// [`GameInfo::allows`](super::GameInfo::allows)).
    pub fn can(&self, capability: Capability) -> bool {
        self.can.contains(&capability)
    }

    /// Whether one player can play it alone (its value then an expected score): the verbs
    /// answer for one strategy where no opponent is given.
    pub fn alone(&self) -> bool {
        self.players.contains(&1)
    }

    /// The numbers of players it is played by, in words: "2", or "1 to 6".
    pub fn players_words(&self) -> String {
        let (low, high) = (self.players.start(), self.players.end());
        if low == high {
            format!("{low}")
        } else {
            format!("{low} to {high}")
        }
    }

    /// The number of players `text` (`--players N`, `players=N`) asks for, where this game can be
    /// played by them; else why not, in words naming the ruleset `rules`.
    pub fn read_players(&self, rules: &str, text: &str) -> Result<i64, String> {
        let shown = printable(text.trim());
        let players: u8 = text
            .trim()
            .parse()
            .map_err(|_| format!("'{PLAYERS}={shown}': {shown} is not a number of players"))?;
        if self.players.contains(&players) {
            return Ok(i64::from(players));
        }
        let range = self.players_words();
        let why = match self.players_why {
            "" => String::new(),
            why => format!(": {why}"),
        };
        Err(format!(
            "{} is played by {range} players, not {players}{why}",
            printable(rules)
        ))
    }

    /// Its parameter called `name`.
    pub fn parameter(&self, name: &str) -> Option<&'static Parameter> {
        self.parameters.iter().find(|p| p.name == name)
    }

    /// Whether it opens the rule file `rules` (by its ending, case aside).
    pub fn opens_file(&self, rules: &str) -> bool {
        let lower = rules.to_ascii_lowercase();
        self.files.iter().any(|ending| lower.ends_with(ending))
    }

    /// Its parameters' names, in words (`goal, floor, penalty`).
    pub fn parameter_names(&self) -> String {
        let names: Vec<&str> = self.parameters.iter().map(|p| p.name).collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    }

    /// Why it refuses `capability`, in the one form: `has no certified intervals`.
    pub fn refusal(&self, capability: Capability) -> String {
        self.refusals
            .iter()
            .find(|(c, _)| *c == capability)
            .map_or_else(|| capability.lacked().to_string(), |(_, r)| r.to_string())
    }
}

impl std::fmt::Debug for GameType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameType")
            .field("name", &self.name)
            .finish()
    }
}

impl Serialize for GameType {
    /// The record as `swine games --json` gives it: `name`, `label`, `summary`, `players` (the
    /// counts it can be played by), `value` (`win_probability` or `expected_score`), `unit`
    /// (of an expected score), `parameters`, `position`, `chance`, `ties`, `can` (the
    /// capabilities' flags), `files` and `rulesets`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("name", self.name)?;
        map.serialize_entry("label", self.label)?;
        map.serialize_entry("summary", self.summary)?;
        map.serialize_entry("players", &self.players.clone().collect::<Vec<u8>>())?;
        map.serialize_entry("value", self.value.key())?;
        if let ValueKind::ExpectedScore { unit } = self.value {
            map.serialize_entry("unit", unit)?;
        }
        map.serialize_entry("parameters", self.parameters)?;
        map.serialize_entry("declared_parameters", &self.declared_parameters)?;
        map.serialize_entry("position", self.position.key())?;
        map.serialize_entry("chance", &self.chance)?;
        map.serialize_entry("ties", &self.ties)?;
        let can: Vec<&str> = self.can.iter().map(|c| c.name()).collect();
        map.serialize_entry("can", &can)?;
        map.serialize_entry("files", self.files)?;
        map.serialize_entry("rulesets", &(self.rulesets)())?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parameter_reads_numbers_and_names_and_says_its_range() {
        let goal = Parameter::integer("goal", (1, 255), 100, "the score that wins");
        assert_eq!(goal.read(" 50"), Ok(50));
        assert_eq!(
            goal.read("fifty"),
            Err("'goal=fifty': fifty is not a whole number".to_string())
        );
        assert_eq!(goal.range_text(), "1..=255");
        assert_eq!(goal.check(255), Ok(()));
        assert_eq!(goal.check(0), Err("expected 1..=255".to_string()));
        let floor = Parameter {
            kind: ParameterKind::Integer {
                least: -1000,
                most: 0,
                step: 50,
            },
            ..goal
        };
        assert!(floor.check(-950).is_ok() && floor.check(-1050).is_err());
        assert_eq!(
            floor.check(-975),
            Err("expected a multiple of 50 in -1000..=0".to_string())
        );
        let joker = Parameter {
            name: "joker",
            kind: ParameterKind::Named(&["forced", "verhoeff", "free", "none"]),
            default: 0,
            doc: "",
        };
        assert_eq!(joker.read("verhoeff"), Ok(1));
        assert_eq!(joker.read("3"), Ok(3));
        assert_eq!(
            joker.read("wild"),
            Err("'joker=wild': wild is not one of forced, verhoeff, free, none".to_string())
        );
        assert_eq!(joker.read("4").map_err(|_| ()), Err(()));
        assert_eq!(
            joker.check(4),
            Err("expected forced, verhoeff, free or none".to_string())
        );
        assert_eq!(joker.value_text(2), "free");
        assert_eq!(joker.range_text(), "forced, verhoeff, free or none");
        let json = serde_json::to_value(joker).unwrap();
        assert_eq!(json["default"], "forced");
        assert_eq!(json["values"][3], "none");
    }
}
