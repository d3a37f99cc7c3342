//! What the verbs report, for every game in one shape per verb (docs/json.md): aligned text
//! for people, one JSON object for programs, the same names in the Python package.
//!
//! - [`Heading`]: which match-up (the game, the ruleset, its goal by the game's own name, the
//!   two strategies).
//! - [`MatchReport`]: an exact match-up (`eval`, `solve`), with what `--exact`, `--bounds` and
//!   `--explain` add; [`PositionReport`]: one position (`eval --from`).
//! - [`SimulationReport`], [`EstimateReport`]: seeded games beside the exact numbers, or alone.
//! - [`ranking`]: grades, round robins and sweeps.

mod matchup;
mod place;
mod points;
mod position;
pub mod ranking;
pub mod score;
mod seats;
mod simulation;
pub mod study;

pub use matchup::{
    Details, ExactTies, Lost, MatchReport, Rates, Results, TieReport, TiedState, write_lost,
};
pub use place::Place;
pub use points::{Points, PointsGrade, PointsGradeReport, ScoreEstimate};
pub use position::{ChoiceValue, PositionReport};
pub use score::{
    ExactScore, QUANTILES, Reaching, ScoreReport, ScoreSimulationReport, SimulatedScore,
};
pub use seats::{SeatsReport, SimulatedSeats};
pub use simulation::{EstimateReport, SimulatedRates, SimulationReport, Z95};
pub use study::{Design, StudyReport};

use std::io::{self, Write};

use serde::Serialize;
use serde::ser::SerializeMap;

use crate::format::probability;

/// A report a verb prints: serialised as one JSON object, or written as text for people.
pub trait Report: Serialize {
    /// Writes the report for people.
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()>;
}

/// The text of `report`, as people read it.
pub fn text(report: &impl Report) -> String {
    let mut bytes = Vec::new();
    report
        .write_text(&mut bytes)
        .expect("writing to memory succeeds");
    String::from_utf8(bytes).expect("reports are UTF-8")
}

/// A game's goal (or limit) as the game names it: `goal 100` in Hog, `limit 100` in Greed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// What the game calls it, as text and JSON say it: `goal` or `limit`.
    pub name: &'static str,
    /// Its value, in points.
    pub value: u32,
}

/// An error's message and the reasons beneath it, each after a colon (as the CLI prints it).
pub fn full_message(err: &dyn std::error::Error) -> String {
    let mut message = err.to_string();
    let mut source = err.source();
    while let Some(reason) = source {
        message.push_str(&format!(": {reason}"));
        source = reason.source();
    }
    message
}

/// `text` as it may be echoed to a terminal or a page: each control character (an ANSI escape,
/// a carriage return, a newline) written as its escape (`\u{1b}`, `\r`, `\n`), the rest as is.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Which match-up a report is about: serialised as `game`, `rules`, the goal under the game's
/// name (`goal` or `limit`), `strategy`, and `opponent` where there is one (a game of one
/// player's score played alone has none).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Heading {
    /// The game, its rules and its goal.
    #[serde(flatten)]
    pub batch: Batch,
    /// The strategy the numbers are about.
    pub strategy: String,
    /// Its opponent, if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
}

impl Heading {
    /// The heading as text: `hog-fa20, goal 100: bacon:8,6 against always_roll:4`, or
    /// `yahtzee: optimal` alone.
    pub fn text(&self) -> String {
        match &self.opponent {
            Some(opponent) => format!(
                "{}: {} against {opponent}",
                self.batch.text(),
                self.strategy
            ),
            None => format!("{}: {}", self.batch.text(), self.strategy),
        }
    }

    /// The opponent's name, or `no one` where the strategy plays alone.
    pub fn opponent(&self) -> &str {
        self.opponent.as_deref().unwrap_or("no one")
    }
}

/// `text` as one CSV field: quoted when it holds a comma, a quote or a line break.
pub(crate) fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The game, rules and goal of a match-up or a batch (grades, round robins).
#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    /// The game.
    pub game: &'static str,
    /// The ruleset with its parameters.
    pub rules: String,
    /// The goal or limit, under the game's own name.
    pub goal: Option<Goal>,
}

impl Batch {
    /// The ruleset's CSV columns, header and fields: `rules,goal` and
    /// `"my-hog[lucky=5]@359652a1",100` (Greed's `limit`; the goal empty where there is none),
    /// so a row says what it was computed under.
    pub fn csv_columns(&self) -> (String, String) {
        let name = self.goal.map_or("goal", |g| g.name);
        let value = self.goal.map(|g| g.value.to_string()).unwrap_or_default();
        (
            format!("rules,{name}"),
            format!("{},{value}", csv_field(&self.rules)),
        )
    }

    /// The rules and goal as text: `hog-fa20, goal 100` (the rules alone without a goal).
    pub fn text(&self) -> String {
        match self.goal {
            Some(goal) => format!("{}, {} {}", self.rules, goal.name, goal.value),
            None => self.rules.clone(),
        }
    }
}

impl Serialize for Batch {
    /// `game`, `rules` and the goal under the game's name (`goal` or `limit`).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("game", self.game)?;
        map.serialize_entry("rules", &self.rules)?;
        if let Some(goal) = self.goal {
            map.serialize_entry(goal.name, &goal.value)?;
        }
        map.end()
    }
}

/// A probability with all 17 significant digits, in scientific notation below 1e-4 so that a
/// tiny one does not print dozens of zeros.
pub fn digits(p: f64) -> String {
    if p != 0.0 && p.abs() < 1e-4 {
        format!("{p:.16e}")
    } else {
        probability(p)
    }
}

/// A probability with all 17 significant digits and as a percentage.
pub fn percent(p: f64) -> String {
    format!("{}  ({:.3}%)", probability(p), 100.0 * p)
}

/// Writes `notes`, one per line in brackets, as reports end their numbers.
fn write_notes(notes: &[String], out: &mut dyn Write) -> io::Result<()> {
    for note in notes {
        writeln!(out, "  ({note})")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heading_names_the_goal_as_its_game_does() {
        let heading = Heading {
            batch: Batch {
                game: "greed",
                rules: "greed".to_string(),
                goal: Some(Goal {
                    name: "limit",
                    value: 100,
                }),
            },
            strategy: "sample1".to_string(),
            opponent: Some("sample2".to_string()),
        };
        assert_eq!(heading.text(), "greed, limit 100: sample1 against sample2");
        let json = serde_json::to_string(&heading).unwrap();
        assert_eq!(
            json,
            r#"{"game":"greed","rules":"greed","limit":100,"strategy":"sample1","opponent":"sample2"}"#
        );
    }
}
