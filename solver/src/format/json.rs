//! JSON tables: metadata (ruleset, goal, strategy, opponent, exact win rates) and the table as
//! nested arrays, one own score per line.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::{
    Position, Probability, Problem, Table, TableFile, TableMeta, check_meta, check_shape,
    table_from_dice,
};
use crate::dice::MAX_DICE;
use crate::hog::{Matchup, Ruleset};

/// The value of the `format` field.
const FORMAT_NAME: &str = "swine-strategy";
/// The version of the layout below.
const FORMAT_VERSION: u32 = 1;

#[derive(Serialize)]
struct Written<'a> {
    format: &'static str,
    format_version: u32,
    rules: &'a str,
    goal: u32,
    strategy: &'a str,
    opponent: &'a str,
    sees: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    about: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    win_rate: Option<Probability>,
    #[serde(skip_serializing_if = "Option::is_none")]
    as_first: Option<Probability>,
    #[serde(skip_serializing_if = "Option::is_none")]
    as_second: Option<Probability>,
    table: Vec<Box<RawValue>>,
}

#[derive(Deserialize)]
struct Stored {
    format: String,
    format_version: u32,
    rules: String,
    goal: u32,
    #[serde(default)]
    strategy: Option<String>,
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    as_first: Option<f64>,
    #[serde(default)]
    as_second: Option<f64>,
    #[serde(default)]
    about: Option<String>,
    table: serde_json::Value,
}

/// The JSON text of `file`.
pub(super) fn render(file: &TableFile) -> Vec<u8> {
    let rows: Vec<String> = match &file.table {
        Table::Scores(t) => t
            .rows()
            .into_iter()
            .map(|row| serde_json::to_string(&row.to_vec()).expect("numbers serialize"))
            .collect(),
        Table::Full(t) => t
            .outer_iter()
            .map(|row| {
                let nested: Vec<Vec<Vec<u8>>> = row
                    .outer_iter()
                    .map(|cell| cell.outer_iter().map(|m| m.to_vec()).collect())
                    .collect();
                serde_json::to_string(&nested).expect("numbers serialize")
            })
            .collect(),
    };
    let matchup = file.meta.matchup;
    let written = Written {
        format: FORMAT_NAME,
        format_version: FORMAT_VERSION,
        rules: &file.meta.rules,
        goal: file.meta.goal,
        strategy: &file.meta.strategy,
        opponent: &file.meta.opponent,
        sees: match file.table {
            Table::Scores(_) => "own score, opponent score",
            Table::Full(_) => "own score, opponent score, own memory, opponent memory",
        },
        about: file.meta.about.as_deref(),
        win_rate: matchup.map(|m| Probability(m.win_rate())),
        as_first: matchup.map(|m| Probability(m.as_first)),
        as_second: matchup.map(|m| Probability(m.as_second)),
        table: rows
            .into_iter()
            .map(|row| RawValue::from_string(row).expect("serde_json wrote valid JSON"))
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&written).expect("JSON values serialize");
    text.push('\n');
    text.into_bytes()
}

/// Parses a JSON table file made for `rules`.
pub(super) fn parse(bytes: &[u8], rules: &Ruleset) -> Result<TableFile, Problem> {
    let stored: Stored = serde_json::from_slice(bytes)
        .map_err(|e| Problem::Malformed(format!("invalid table JSON: {e}")))?;
    if stored.format != FORMAT_NAME {
        return Err(Problem::Malformed(format!(
            "not a swine strategy table: \"format\" is \"{}\", expected \"{FORMAT_NAME}\"",
            stored.format
        )));
    }
    if stored.format_version != FORMAT_VERSION {
        return Err(Problem::Version {
            found: stored.format_version,
            supported: FORMAT_VERSION,
        });
    }
    let meta = TableMeta {
        rules: stored.rules,
        goal: stored.goal,
        strategy: stored.strategy.unwrap_or_else(|| "table".to_string()),
        opponent: stored.opponent.unwrap_or_default(),
        matchup: stored
            .as_first
            .zip(stored.as_second)
            .map(|(as_first, as_second)| Matchup {
                as_first,
                as_second,
            }),
        about: stored.about,
    };
    check_meta(&meta, rules)?;
    let shape = shape_of(&stored.table);
    check_shape(&shape, rules)?;
    let mut dice = Vec::with_capacity(shape.iter().product());
    collect(&stored.table, &shape, &mut Vec::new(), &mut dice)?;
    Ok(TableFile {
        meta,
        table: table_from_dice(&shape, dice),
    })
}

/// The dimensions of nested arrays, following the first element at every depth.
fn shape_of(value: &serde_json::Value) -> Vec<usize> {
    let mut shape = Vec::new();
    let mut current = value;
    while let Some(items) = current.as_array() {
        shape.push(items.len());
        match items.first() {
            Some(first) => current = first,
            None => break,
        }
    }
    shape
}

/// Appends the dice of `value` (expected to have `shape`) in row-major order.
fn collect(
    value: &serde_json::Value,
    shape: &[usize],
    entry: &mut Vec<usize>,
    dice: &mut Vec<u8>,
) -> Result<(), Problem> {
    let place = || {
        let indices: String = entry.iter().map(|i| format!("[{i}]")).collect();
        format!("table{indices}")
    };
    let Some((&length, inner)) = shape.split_first() else {
        let at = || Position {
            place: place(),
            entry: entry.clone(),
        };
        return match value.as_i64() {
            Some(n) if (0..=i64::from(MAX_DICE)).contains(&n) => {
                dice.push(n as u8);
                Ok(())
            }
            Some(n) => Err(Problem::OutOfRange {
                at: at(),
                value: n.to_string(),
            }),
            None => Err(Problem::NotInteger {
                at: at(),
                value: value.to_string(),
            }),
        };
    };
    match value.as_array() {
        Some(items) if items.len() == length => {
            for (i, item) in items.iter().enumerate() {
                entry.push(i);
                collect(item, inner, entry, dice)?;
                entry.pop();
            }
            Ok(())
        }
        Some(items) => Err(Problem::Shape {
            expected: format!("{length} entries in {}", place()),
            found: items.len().to_string(),
        }),
        None => Err(Problem::Shape {
            expected: format!("an array of {length} entries in {}", place()),
            found: value.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hog::{FullTable, ScoreTable};

    fn file(table: Table, rules: &str, goal: u32) -> TableFile {
        TableFile {
            meta: TableMeta {
                rules: rules.into(),
                goal,
                strategy: "optimal".into(),
                opponent: "always_roll:4".into(),
                matchup: Some(Matchup {
                    as_first: 0.75,
                    as_second: 0.5,
                }),
                about: Some("made by hand".into()),
            },
            table,
        }
    }

    #[test]
    fn score_tables_round_trip_with_metadata() {
        let rules = Ruleset::preset("hog-fa20", 3).unwrap();
        let original = file(
            Table::Scores(ScoreTable::from_shape_fn((3, 3), |(s, o)| {
                (s + 2 * o) as u8
            })),
            "hog-fa20",
            3,
        );
        let bytes = render(&original);
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(
            text.contains("\"win_rate\": 0.62500000000000000,"),
            "{text}"
        );
        assert!(text.contains("\n    [0,2,4],\n"), "{text}");
        assert_eq!(parse(&bytes, &rules).unwrap(), original);
    }

    #[test]
    fn full_tables_round_trip() {
        let rules = Ruleset::preset("hog-fa19", 2).unwrap();
        let original = file(
            Table::Full(FullTable::from_shape_fn((2, 2, 11, 11), |(s, o, a, b)| {
                ((s + o + a * b) % 11) as u8
            })),
            "hog-fa19",
            2,
        );
        assert_eq!(parse(&render(&original), &rules).unwrap(), original);
    }

    #[test]
    fn bad_values_are_located() {
        let rules = Ruleset::preset("hog-fa20", 2).unwrap();
        let text = r#"{"format": "swine-strategy", "format_version": 1, "rules": "hog-fa20",
            "goal": 2, "table": [[1, 2], [3, 12]]}"#;
        assert_eq!(
            parse(text.as_bytes(), &rules).unwrap_err().to_string(),
            "table[1][1] (own score 1, opponent score 1): 12 dice is outside 0..=10"
        );
        let text = text.replace("12", "2.5");
        assert_eq!(
            parse(text.as_bytes(), &rules).unwrap_err().to_string(),
            "table[1][1] (own score 1, opponent score 1): '2.5' is not a whole number of dice"
        );
        let text = text.replace("[3, 2.5]", "[3]");
        assert_eq!(
            parse(text.as_bytes(), &rules).unwrap_err().to_string(),
            "expected 2 entries in table[1], found 1"
        );
        let err = parse(b"{\"format\": ", &rules).unwrap_err().to_string();
        assert!(err.starts_with("invalid table JSON: EOF"), "{err}");
        let err = parse(
            br#"{"format": "x", "format_version": 1, "rules": "hog-fa20", "goal": 2, "table": []}"#,
            &rules,
        )
        .unwrap_err()
        .to_string();
        assert!(err.starts_with("not a swine strategy table"), "{err}");
    }
}
