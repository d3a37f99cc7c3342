//! JSON tables: metadata (ruleset, goal, strategy, opponent, exact win rates) and the table as
//! nested arrays, one own score per line.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::{
    Position, Probability, Problem, Schema, TableFile, TableMeta, check_action, check_rules,
    schema_for, table_from_dice,
};
use crate::outcome::WinRates;

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
    sees: String,
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
    win_rate: Option<f64>,
    #[serde(default)]
    as_first: Option<f64>,
    #[serde(default)]
    as_second: Option<f64>,
    #[serde(default)]
    about: Option<String>,
    table: serde_json::Value,
}

/// The JSON text of `file`: one line per entry of the outermost axis.
pub(super) fn render(file: &TableFile) -> Vec<u8> {
    let table = &file.table;
    let rows: Vec<String> = table
        .dice
        .outer_iter()
        .map(|row| nested(row).to_string())
        .collect();
    let rates = file.meta.win_rates;
    let sees: Vec<&str> = table.schema.axes.iter().map(|a| a.name).collect();
    let written = Written {
        format: FORMAT_NAME,
        format_version: FORMAT_VERSION,
        rules: &table.schema.rules,
        goal: table.schema.goal,
        strategy: &file.meta.strategy,
        opponent: &file.meta.opponent,
        sees: sees.join(", "),
        about: file.meta.about.as_deref(),
        win_rate: rates.map(|r| Probability(r.win_rate)),
        as_first: rates.map(|r| Probability(r.as_first)),
        as_second: rates.map(|r| Probability(r.as_second)),
        table: rows
            .into_iter()
            .map(|row| RawValue::from_string(row).expect("serde_json wrote valid JSON"))
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&written).expect("JSON values serialize");
    text.push('\n');
    text.into_bytes()
}

/// The actions of `view` as nested JSON arrays.
fn nested(view: ndarray::ArrayViewD<'_, u8>) -> serde_json::Value {
    if view.ndim() == 0 {
        serde_json::Value::from(*view.first().expect("a 0-d view holds one value"))
    } else {
        serde_json::Value::Array(view.outer_iter().map(nested).collect())
    }
}

/// Parses a JSON table file made for one of the `expected` schemas.
pub(super) fn parse(bytes: &[u8], expected: &[Schema]) -> Result<TableFile, Problem> {
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
    check_rules(&stored.rules, stored.goal, expected)?;
    let meta = TableMeta {
        strategy: stored.strategy.unwrap_or_else(|| "table".to_string()),
        opponent: stored.opponent.unwrap_or_default(),
        win_rates: stored
            .as_first
            .zip(stored.as_second)
            .map(|(as_first, as_second)| WinRates {
                win_rate: stored
                    .win_rate
                    .unwrap_or_else(|| WinRates::from_seats(as_first, as_second).win_rate),
                as_first,
                as_second,
            }),
        about: stored.about,
    };
    let shape = shape_of(&stored.table);
    let schema = schema_for(&shape, expected)?;
    let mut dice = Vec::with_capacity(shape.iter().product());
    collect(&stored.table, &schema, &shape, &mut Vec::new(), &mut dice)?;
    Ok(TableFile {
        meta,
        table: table_from_dice(schema, dice),
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
    schema: &Schema,
    shape: &[usize],
    entry: &mut Vec<usize>,
    dice: &mut Vec<u8>,
) -> Result<(), Problem> {
    let place = || {
        let indices: String = entry.iter().map(|i| format!("[{i}]")).collect();
        format!("table{indices}")
    };
    let Some((&length, inner)) = shape.split_first() else {
        let at = || Position::new(place(), schema, entry);
        return match value.as_i64() {
            Some(n) => {
                dice.push(check_action(n, schema, at)?);
                Ok(())
            }
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
                collect(item, schema, inner, entry, dice)?;
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
    use crate::format::testing::{full_schema, score_schema, scores};

    fn file(table: crate::table::Table) -> TableFile {
        TableFile {
            meta: TableMeta {
                strategy: "optimal".into(),
                opponent: "always_roll:4".into(),
                win_rates: Some(WinRates::from_seats(0.75, 0.5)),
                about: Some("made by hand".into()),
            },
            table,
        }
    }

    #[test]
    fn score_tables_round_trip_with_metadata() {
        let original = file(scores(3, vec![0, 2, 4, 1, 3, 5, 2, 4, 6]));
        let bytes = render(&original);
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(
            text.contains("\"win_rate\": 0.62500000000000000,"),
            "{text}"
        );
        assert!(text.contains("\n    [0,2,4],\n"), "{text}");
        assert!(
            text.contains("\"sees\": \"own score, opponent score\","),
            "{text}"
        );
        assert_eq!(parse(&bytes, &[score_schema(3)]).unwrap(), original);
    }

    #[test]
    fn four_dimensional_tables_round_trip() {
        let schema = full_schema(2, 11);
        let dice = (0..2 * 2 * 11 * 11).map(|i| (i * 7 % 11) as u8).collect();
        let original = file(table_from_dice(schema.clone(), dice));
        let expected = [score_schema(2), schema];
        assert_eq!(parse(&render(&original), &expected).unwrap(), original);
    }

    #[test]
    fn bad_values_are_located() {
        let expected = [score_schema(2)];
        let text = r#"{"format": "swine-strategy", "format_version": 1, "rules": "test-rules",
            "goal": 2, "table": [[1, 2], [3, 12]]}"#;
        let message = |text: &str| parse(text.as_bytes(), &expected).unwrap_err().to_string();
        assert_eq!(
            message(text),
            "table[1][1] (own score 1, opponent score 1): 12 dice is outside 0..=10"
        );
        let text = text.replace("12", "2.5");
        assert_eq!(
            message(&text),
            "table[1][1] (own score 1, opponent score 1): '2.5' is not a whole number of dice"
        );
        let short = text.replace("[3, 2.5]", "[3]");
        assert_eq!(message(&short), "expected 2 entries in table[1], found 1");
        let other = text.replace("\"goal\": 2", "\"goal\": 3");
        assert_eq!(message(&other), "it was made for goal 3, not goal 2");
        assert!(message("{\"format\": ").starts_with("invalid table JSON: EOF"));
        let foreign =
            r#"{"format": "x", "format_version": 1, "rules": "r", "goal": 2, "table": []}"#;
        assert!(message(foreign).starts_with("not a swine strategy table"));
    }
}
