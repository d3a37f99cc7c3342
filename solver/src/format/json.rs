//! JSON tables: metadata (ruleset, goal, strategy, opponent, exact win rates) and the table as
//! nested arrays, one own score per line. A file that is only the nested arrays (what Python's
//! `json.dump(table)` writes) loads too, as a table without metadata.

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::{
    Position, Probability, Problem, Schema, Table, TableFile, TableMeta, check_action, check_rules,
    schema_for, table_from_dice, unlabelled,
};
use crate::fraction::{ExactRates, Fraction};
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
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<&'a ExactRates>,
    table: Vec<Box<RawValue>>,
}

/// The JSON text of `file`: one line per entry of the outermost axis.
pub(super) fn render(file: &TableFile) -> Vec<u8> {
    let table = &file.table;
    let rows: Vec<String> = table
        .dice
        .outer_iter()
        .map(|row| super::nested(row, Value::from).to_string())
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
        exact: file.meta.exact.as_ref(),
        table: rows
            .into_iter()
            .map(|row| RawValue::from_string(row).expect("serde_json wrote valid JSON"))
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&written).expect("JSON values serialize");
    text.push('\n');
    text.into_bytes()
}

/// Parses a JSON table file made for one of the `expected` schemas: swine's object with
/// metadata, or a bare array of arrays (read like a CSV file, for the ruleset and goal in use).
pub(super) fn parse(bytes: &[u8], expected: &[Schema]) -> Result<TableFile, Problem> {
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| Problem::Malformed(format!("invalid table JSON: {e}")))?;
    let object = match value {
        Value::Object(object) => object,
        Value::Array(_) => return table(&value, "", expected).map(unlabelled),
        other => {
            return Err(Problem::Malformed(format!(
                "not a strategy table: expected a JSON object (as swine writes) or an array of \
                 arrays (a bare table), found {}",
                kind(&other)
            )));
        }
    };
    let format = field(&object, "format", "a string", Value::as_str)?;
    let Some(format) = format else {
        return Err(Problem::Malformed(format!(
            "not a swine strategy table: the object has no \"format\" field (swine's tables \
             have \"format\": \"{FORMAT_NAME}\"; a bare table is an array of arrays)"
        )));
    };
    if format != FORMAT_NAME {
        return Err(Problem::Malformed(format!(
            "not a swine strategy table: \"format\" is \"{format}\", expected \"{FORMAT_NAME}\""
        )));
    }
    let version = required(&object, "format_version", "a whole number", as_u32)?;
    if version != FORMAT_VERSION {
        return Err(Problem::Version {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    let rules = required(&object, "rules", "a string", Value::as_str)?;
    let goal = required(&object, "goal", "a whole number", as_u32)?;
    check_rules(rules, goal, expected)?;
    let text = |key| field(&object, key, "a string", |v| v.as_str().map(str::to_string));
    let number = |key| field(&object, key, "a number", Value::as_f64);
    let (win_rate, as_first, as_second) = (
        number("win_rate")?,
        number("as_first")?,
        number("as_second")?,
    );
    let meta = TableMeta {
        strategy: text("strategy")?.unwrap_or_else(|| "table".to_string()),
        opponent: text("opponent")?.unwrap_or_default(),
        win_rates: as_first
            .zip(as_second)
            .map(|(as_first, as_second)| WinRates {
                win_rate: win_rate
                    .unwrap_or_else(|| WinRates::from_seats(as_first, as_second).win_rate),
                as_first,
                as_second,
            }),
        about: text("about")?,
        exact: exact_rates(&object)?,
    };
    let stored = required(&object, "table", "nested arrays", Some)?;
    Ok(TableFile {
        meta,
        table: table(stored, "table", expected)?,
    })
}

/// The `exact` object of a table file, if any: its fractions as `"N/D"` strings.
fn exact_rates(object: &Map<String, Value>) -> Result<Option<ExactRates>, Problem> {
    let Some(exact) = object.get("exact") else {
        return Ok(None);
    };
    let bad = |why: String| Problem::Malformed(format!("\"exact\": {why}"));
    let exact = exact
        .as_object()
        .ok_or_else(|| bad("expected an object of fractions \"N/D\"".to_string()))?;
    let fraction = |key: &str| -> Result<Option<Fraction>, Problem> {
        exact
            .get(key)
            .map(|v| {
                let text = v
                    .as_str()
                    .ok_or_else(|| bad(format!("{key} is not a string \"N/D\"")))?;
                text.parse::<Fraction>()
                    .map_err(|e| bad(format!("{key}: {e}")))
            })
            .transpose()
    };
    let (Some(as_first), Some(as_second)) = (fraction("as_first")?, fraction("as_second")?) else {
        return Err(bad("as_first and as_second are required".to_string()));
    };
    let mut rates = ExactRates::from_seats(as_first, as_second);
    rates.first_player_wins = fraction("first_player_wins")?;
    Ok(Some(rates))
}

/// The table in `value`: nested arrays whose shape is one of the `expected` schemas, named
/// `root` in errors.
fn table(value: &Value, root: &str, expected: &[Schema]) -> Result<Table, Problem> {
    let shape = shape_of(value);
    let schema = schema_for(&shape, expected)?;
    let mut dice = Vec::with_capacity(shape.iter().product());
    let mut walk = Walk {
        root,
        schema: &schema,
        entry: Vec::new(),
        dice: &mut dice,
    };
    walk.collect(value, &shape)?;
    Ok(table_from_dice(schema, dice))
}

/// `u32` values, which serde_json reads only as wider integers.
fn as_u32(value: &Value) -> Option<u32> {
    value.as_u64().and_then(|n| u32::try_from(n).ok())
}

/// The optional field `key` of `object`, read by `get`, or an error saying it should be `what`
/// (a null counts as absent).
fn field<'a, T>(
    object: &'a Map<String, Value>,
    key: &str,
    what: &str,
    get: impl FnOnce(&'a Value) -> Option<T>,
) -> Result<Option<T>, Problem> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => get(value).map(Some).ok_or_else(|| {
            Problem::Malformed(format!(
                "\"{key}\" should be {what}, found {}",
                shown(value)
            ))
        }),
    }
}

/// The field `key` of `object` read by `get`, or an error saying it is missing or should be
/// `what`.
fn required<'a, T>(
    object: &'a Map<String, Value>,
    key: &str,
    what: &str,
    get: impl FnOnce(&'a Value) -> Option<T>,
) -> Result<T, Problem> {
    field(object, key, what, get)?.ok_or_else(|| {
        Problem::Malformed(format!(
            "the \"{key}\" field ({what}) is missing from the table file"
        ))
    })
}

/// What kind of JSON value `value` is, for errors.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A field's value for errors: scalars as written, arrays and objects by kind.
fn shown(value: &Value) -> String {
    match value {
        Value::Array(_) | Value::Object(_) => kind(value).to_string(),
        scalar => scalar.to_string(),
    }
}

/// The dimensions of nested arrays, following the first element at every depth.
fn shape_of(value: &Value) -> Vec<usize> {
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

/// A walk through nested arrays, appending their dice in row-major order.
struct Walk<'a> {
    /// The name of the outermost array in errors: `table`, or empty for a bare array.
    root: &'a str,
    /// The schema whose shape the arrays should have.
    schema: &'a Schema,
    /// The indices of the value being read.
    entry: Vec<usize>,
    /// The dice read so far.
    dice: &'a mut Vec<u8>,
}

impl Walk<'_> {
    /// Where the walk is, e.g. `table[3][7]`, `[3][7]` or `the top-level array`.
    fn place(&self) -> String {
        if self.root.is_empty() && self.entry.is_empty() {
            return "the top-level array".to_string();
        }
        let indices: String = self.entry.iter().map(|i| format!("[{i}]")).collect();
        format!("{}{indices}", self.root)
    }

    /// Appends the dice of `value`, expected to have `shape`.
    fn collect(&mut self, value: &Value, shape: &[usize]) -> Result<(), Problem> {
        let Some((&length, inner)) = shape.split_first() else {
            let at = || Position::new(self.place(), self.schema, &self.entry);
            let n = match value.as_i64() {
                Some(n) => check_action(n, self.schema, at)?,
                None if value.is_u64() => {
                    return Err(Problem::OutOfRange {
                        at: at(),
                        value: value.to_string(),
                        action: self.schema.action,
                        min: self.schema.min_action,
                        max: self.schema.max_action,
                    });
                }
                None => {
                    return Err(Problem::NotInteger {
                        at: at(),
                        value: value.to_string(),
                        action: self.schema.action,
                    });
                }
            };
            self.dice.push(n);
            return Ok(());
        };
        match value.as_array() {
            Some(items) if items.len() == length => {
                for (i, item) in items.iter().enumerate() {
                    self.entry.push(i);
                    self.collect(item, inner)?;
                    self.entry.pop();
                }
                Ok(())
            }
            Some(items) => Err(Problem::Shape {
                expected: format!("{length} entries in {}", self.place()),
                found: items.len().to_string(),
            }),
            None => Err(Problem::Shape {
                expected: format!("an array of {length} entries in {}", self.place()),
                found: value.to_string(),
            }),
        }
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
                exact: None,
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
    fn win_rates_read_back_to_the_last_bit() {
        // 0.84874499861253161 lies close to the midpoint of two doubles: a parser that is not
        // correctly rounded reads the one above.
        let mut original = file(scores(3, vec![0, 2, 4, 1, 3, 5, 2, 4, 6]));
        original.meta.win_rates = Some(WinRates {
            as_first: 0.8598388698199659,
            as_second: 0.8376511274050973,
            win_rate: 0.8487449986125316,
        });
        let bytes = render(&original);
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(
            text.contains("\"win_rate\": 0.84874499861253161,"),
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

    #[test]
    fn bare_arrays_load_as_tables_without_metadata() {
        let file = parse(b"[[1, 2, 3], [4, 5, 6], [7, 8, 10]]\n", &[score_schema(3)]).unwrap();
        assert_eq!(file.table, scores(3, vec![1, 2, 3, 4, 5, 6, 7, 8, 10]));
        assert_eq!(file.meta.strategy, "table");
        assert_eq!(file.meta.opponent, "");
        assert_eq!(file.meta.win_rates, None);
        let schema = full_schema(2, 11);
        let dice: Vec<u8> = (0..2 * 2 * 11 * 11).map(|i| (i * 5 % 11) as u8).collect();
        let table = table_from_dice(schema.clone(), dice);
        let bare = crate::format::nested(table.dice.view(), Value::from).to_string();
        let loaded = parse(bare.as_bytes(), &[score_schema(2), schema]).unwrap();
        assert_eq!(loaded.table, table);
    }

    #[test]
    fn bad_values_in_bare_arrays_are_located() {
        let expected = [score_schema(8)];
        let message = |bad: &str| {
            let mut rows = vec![vec!["4".to_string(); 8]; 8];
            rows[3][7] = bad.to_string();
            let rows: Vec<String> = rows.iter().map(|r| format!("[{}]", r.join(", "))).collect();
            let text = format!("[{}]", rows.join(", "));
            parse(text.as_bytes(), &expected).unwrap_err().to_string()
        };
        assert_eq!(
            message("4.0"),
            "[3][7] (own score 3, opponent score 7): '4.0' is not a whole number of dice"
        );
        assert_eq!(
            message("true"),
            "[3][7] (own score 3, opponent score 7): 'true' is not a whole number of dice"
        );
        assert_eq!(
            message("-1"),
            "[3][7] (own score 3, opponent score 7): -1 dice is outside 0..=10"
        );
        assert_eq!(
            message("18446744073709551615"),
            "[3][7] (own score 3, opponent score 7): 18446744073709551615 dice is outside 0..=10"
        );
        assert_eq!(
            message("null"),
            "[3][7] (own score 3, opponent score 7): 'null' is not a whole number of dice"
        );
        assert_eq!(
            message("[4]"),
            "[3][7] (own score 3, opponent score 7): '[4]' is not a whole number of dice"
        );
    }

    #[test]
    fn bare_arrays_of_the_wrong_shape_are_refused() {
        let message = |text: &str| {
            parse(text.as_bytes(), &[score_schema(2)])
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            message("[[1, 2, 3], [4, 5, 6], [7, 8, 9]]"),
            "expected a 2 x 2 table (own score x opponent score), found a 3 x 3 table"
        );
        assert_eq!(
            message("[[1, 2], [3]]"),
            "expected 2 entries in [1], found 1"
        );
        assert_eq!(
            message("[[1, 2], 3]"),
            "expected an array of 2 entries in [1], found 3"
        );
        assert_eq!(
            message("[]"),
            "expected a 2 x 2 table (own score x opponent score), found an empty table"
        );
        assert_eq!(
            message("\"optimal\""),
            "not a strategy table: expected a JSON object (as swine writes) or an array of \
             arrays (a bare table), found a string"
        );
    }

    #[test]
    fn objects_without_the_expected_fields_say_which() {
        let message = |text: &str| {
            parse(text.as_bytes(), &[score_schema(2)])
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            message(r#"{"table": [[1, 2], [3, 4]]}"#),
            "not a swine strategy table: the object has no \"format\" field (swine's tables \
             have \"format\": \"swine-strategy\"; a bare table is an array of arrays)"
        );
        let full = r#"{"format": "swine-strategy", "format_version": 1, "rules": "test-rules",
            "goal": 2, "table": [[1, 2], [3, 4]]}"#;
        assert_eq!(
            message(&full.replace(r#""rules": "test-rules","#, "")),
            "the \"rules\" field (a string) is missing from the table file"
        );
        assert_eq!(
            message(&full.replace(r#", "table": [[1, 2], [3, 4]]"#, "")),
            "the \"table\" field (nested arrays) is missing from the table file"
        );
        assert_eq!(
            message(&full.replace(r#""goal": 2"#, r#""goal": "2""#)),
            "\"goal\" should be a whole number, found \"2\""
        );
        assert_eq!(
            message(&full.replace(r#""format_version": 1"#, r#""format_version": -1"#)),
            "\"format_version\" should be a whole number, found -1"
        );
        assert_eq!(
            message(&full.replace(r#""goal": 2"#, r#""goal": 2, "opponent": [1]"#)),
            "\"opponent\" should be a string, found an array"
        );
        assert_eq!(
            message(&full.replace(r#""goal": 2"#, r#""goal": 2, "as_first": "0.5""#)),
            "\"as_first\" should be a number, found \"0.5\""
        );
        let nulls = full.replace(r#""goal": 2"#, r#""goal": 2, "opponent": null"#);
        assert_eq!(
            parse(nulls.as_bytes(), &[score_schema(2)])
                .unwrap()
                .meta
                .opponent,
            ""
        );
    }
}
