//! One position of a match-up (`eval --from`): how likely the player to move is to win from
//! there, and what each choice there is worth.

use std::io::{self, Write};

use serde::Serialize;
use serde::ser::SerializeMap;

use super::place::{heading, in_order};
use super::{Heading, Report, digits, percent, write_notes};
use crate::format::Probability;
use crate::outcome::SeatOutcome;

/// One choice at a position, as the game names it, and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceValue {
    /// The choice in words, as the game names it: `3 dice`, `pass`, `roll`, `bank`,
    /// `keep 100 points, 5 dice left`.
    pub choice: String,
    /// The dice it rolls, where a choice is a number of dice (Hog, Greed).
    pub dice: Option<u8>,
    /// Its value for the player to move: P(win) + ½·P(tie); in a game of one player's score
    /// (Yahtzee), the expected final score, points.
    pub value: f64,
}

impl Serialize for ChoiceValue {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("choice", &self.choice)?;
        if let Some(dice) = self.dice {
            map.serialize_entry("dice", &dice)?;
        }
        map.serialize_entry("value", &Probability(self.value))?;
        map.end()
    }
}

/// One position of a match-up, the strategy to move.
#[derive(Clone, Debug, Serialize)]
pub struct PositionReport {
    /// Which match-up.
    #[serde(flatten)]
    pub heading: Heading,
    /// The position, by its parts' names (`own`, `opponent`, ...), in order.
    #[serde(serialize_with = "in_order")]
    pub from: Vec<(String, i64)>,
    /// The dice shown there (Farkle after a roll), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<Vec<u8>>,
    /// The position in words, e.g. `50 : 60`.
    #[serde(skip)]
    pub from_text: String,
    /// P(the player to move wins) (none in a game of one player's score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mover_wins: Option<Probability>,
    /// In a game of more than two players, every seat's chance of winning, the mover first,
    /// then the seats in the order they move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wins: Option<Vec<Probability>>,
    /// P(a tie), where it can happen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tie: Option<Probability>,
    /// P(the player to move loses) (none in a game of one player's score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mover_loses: Option<Probability>,
    /// Its value: P(win) + ½·P(tie); in a game of one player's score (Yahtzee), the expected
    /// final score, points.
    pub value: Probability,
    /// What its strategy chooses there, as the game names it.
    pub chosen: String,
    /// The value of each choice there, `afterwards` playing on.
    pub choices: Vec<ChoiceValue>,
    /// Who plays the mover's decisions after each choice: its strategy, or `perfect play`.
    /// `mover_wins`, `tie` and `value` are those of `chosen`, then `afterwards`.
    pub afterwards: String,
    /// The game's own values of the position beside the mover's, by name, in order (Farkle's
    /// `turn_start`: P(the mover wins) at the turn's start, its strategy played throughout).
    /// JSON shows each as a key of the report.
    #[serde(flatten, serialize_with = "in_order")]
    pub values: Vec<(&'static str, Probability)>,
    /// How the values are to be read (e.g. who plays on afterwards).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl PositionReport {
    /// The report of a position where the mover's results are `outcome`.
    pub fn new(
        heading: Heading,
        from: Vec<(String, i64)>,
        from_text: String,
        outcome: SeatOutcome,
        (chosen, choices): (String, Vec<ChoiceValue>),
    ) -> PositionReport {
        PositionReport {
            from,
            dice: None,
            from_text,
            mover_wins: Some(Probability(outcome.win)),
            wins: None,
            tie: (outcome.tie > 0.0).then_some(Probability(outcome.tie)),
            mover_loses: Some(Probability(outcome.loss)),
            value: Probability(outcome.value()),
            afterwards: heading.strategy.clone(),
            values: Vec::new(),
            chosen,
            choices,
            notes: Vec::new(),
            heading,
        }
    }
}

impl PositionReport {
    /// The report of a position in a game of one player's score, where the mover's expected
    /// final score is `expected` (points); the choices listed the most valuable first (equals
    /// in the game's order).
    pub fn scored(
        heading: Heading,
        from: Vec<(String, i64)>,
        from_text: String,
        expected: f64,
        (chosen, mut choices): (String, Vec<ChoiceValue>),
    ) -> PositionReport {
        choices.sort_by(|a, b| b.value.total_cmp(&a.value));
        let mut report = PositionReport::new(
            heading,
            from,
            from_text,
            SeatOutcome::without_ties(0.0),
            (chosen, choices),
        );
        report.mover_wins = None;
        report.mover_loses = None;
        report.value = Probability(expected);
        report
    }
}

impl Report for PositionReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}, from {} ({} to move)",
            self.heading.text(),
            self.from_text,
            self.heading.strategy
        )?;
        match self.mover_wins {
            Some(wins) => writeln!(out, "  mover wins   {}", percent(wins.0))?,
            None => writeln!(out, "  expected final score  {}", digits(self.value.0))?,
        }
        if let Some(wins) = &self.wins {
            let others: Vec<String> = wins[1..].iter().map(|p| percent(p.0)).collect();
            writeln!(
                out,
                "  the next seats, in the order they move: {}",
                others.join(", ")
            )?;
        }
        if let (Some(tie), Some(loses)) = (self.tie, self.mover_loses) {
            writeln!(out, "  tie          {}", percent(tie.0))?;
            writeln!(out, "  mover loses  {}", percent(loses.0))?;
            writeln!(
                out,
                "  value        {}  (win + tie/2)",
                percent(self.value.0)
            )?;
        }
        // In a game of one player's score, what each choice loses against the best, in points.
        let best = self.mover_wins.is_none().then(|| {
            self.choices
                .iter()
                .map(|c| c.value)
                .fold(f64::MIN, f64::max)
        });
        let losses = if best.is_some() {
            ", the most valuable first, and what each loses against it"
        } else {
            ""
        };
        writeln!(
            out,
            "  what each choice is worth now ({} afterwards){losses}:",
            self.afterwards
        )?;
        let width = self
            .choices
            .iter()
            .map(|c| c.choice.len())
            .max()
            .unwrap_or(0)
            .max(8);
        for choice in &self.choices {
            let mark = if choice.choice == self.chosen {
                format!("  <- {}", self.heading.strategy)
            } else {
                String::new()
            };
            let loss = match best {
                Some(best) if best > choice.value => format!("  -{:.4}", best - choice.value),
                Some(_) => "  best   ".to_string(),
                None => String::new(),
            };
            writeln!(
                out,
                "  {:>width$}  {}{loss}{mark}",
                choice.choice,
                digits(choice.value)
            )?;
        }
        for (name, value) in &self.values {
            writeln!(out, "  {:<12} {}", heading(name), digits(value.0))?;
        }
        write_notes(&self.notes, out)
    }
}
