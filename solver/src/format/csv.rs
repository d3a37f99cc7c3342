//! CSV tables. A score table is a grid: line `r` holds the dice for own score `r − 1`, field
//! `c` for opponent score `c − 1`. A full table is a header `own,opponent,own_memory,
//! opponent_memory,dice` and one line per state.

use super::{Position, Problem, Table, entry_of, expected_shapes, table_from_dice};
use crate::dice::MAX_DICE;
use crate::hog::Ruleset;

const FULL_HEADER: &str = "own,opponent,own_memory,opponent_memory,dice";

/// The CSV text of `table`.
pub(super) fn render(table: &Table) -> Vec<u8> {
    let mut out = String::new();
    match table {
        Table::Scores(t) => {
            for row in t.rows() {
                let fields: Vec<String> = row.iter().map(u8::to_string).collect();
                out.push_str(&fields.join(","));
                out.push('\n');
            }
        }
        Table::Full(t) => {
            out.push_str(FULL_HEADER);
            out.push('\n');
            for ((own, opponent, a, b), n) in t.indexed_iter() {
                out.push_str(&format!("{own},{opponent},{a},{b},{n}\n"));
            }
        }
    }
    out.into_bytes()
}

/// Reads a dice count, or says why the text is not one.
fn dice_count(text: &str, at: impl FnOnce() -> Position) -> Result<u8, Problem> {
    let value = text.trim();
    let digits = value.strip_prefix(['-', '+']).unwrap_or(value);
    let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    match value.parse::<u8>() {
        Ok(n) if n <= MAX_DICE => Ok(n),
        _ if whole => Err(Problem::OutOfRange {
            at: at(),
            value: value.to_string(),
        }),
        _ => Err(Problem::NotInteger {
            at: at(),
            value: value.to_string(),
        }),
    }
}

/// Parses CSV text into a table shaped for `rules`.
pub(super) fn parse(text: &str, rules: &Ruleset) -> Result<Table, Problem> {
    // Spreadsheets may start the file with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    let lines = match lines.iter().rposition(|l| !l.trim().is_empty()) {
        Some(last) => &lines[..=last],
        None => &[][..],
    };
    if lines.first().is_some_and(|l| l.trim() == FULL_HEADER) {
        return parse_full(&lines[1..], rules);
    }
    let goal = rules.goal() as usize;
    if lines.len() != goal {
        return Err(Problem::Shape {
            expected: expected_shapes(rules),
            found: format!("{} rows", lines.len()),
        });
    }
    let mut dice = Vec::with_capacity(goal * goal);
    for (own, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != goal {
            return Err(Problem::Shape {
                expected: expected_shapes(rules),
                found: format!("{} values in row {}", fields.len(), own + 1),
            });
        }
        for (opponent, field) in fields.iter().enumerate() {
            dice.push(dice_count(field, || Position {
                place: format!("row {}, column {}", own + 1, opponent + 1),
                entry: vec![own, opponent],
            })?);
        }
    }
    Ok(table_from_dice(&[goal, goal], dice))
}

/// Parses the lines after the header of a full table.
fn parse_full(lines: &[&str], rules: &Ruleset) -> Result<Table, Problem> {
    let goal = rules.goal() as usize;
    let m = rules.space().memory_size();
    if m == 1 {
        return Err(Problem::Shape {
            expected: expected_shapes(rules),
            found: "a table that also reads both memories".to_string(),
        });
    }
    let shape = [goal, goal, m, m];
    let mut dice = vec![None; goal * goal * m * m];
    for (index, line) in lines.iter().enumerate() {
        let row = index + 2;
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        if fields.len() != 5 {
            return Err(Problem::Malformed(format!(
                "row {row}: expected 5 values ({FULL_HEADER}), found {}",
                fields.len()
            )));
        }
        let mut entry = Vec::with_capacity(4);
        let columns = FULL_HEADER.split(',');
        for (column, ((field, dim), name)) in fields.iter().zip(shape).zip(columns).enumerate() {
            match field.parse::<usize>() {
                Ok(i) if i < dim => entry.push(i),
                _ => {
                    let expected = if column < 2 {
                        format!("a score below the goal, {dim}")
                    } else {
                        format!("a memory value in 0..{dim}")
                    };
                    return Err(Problem::Malformed(format!(
                        "row {row}, column {} ({name}): '{field}' is not {expected}",
                        column + 1
                    )));
                }
            }
        }
        let at = || Position {
            place: format!("row {row}, column 5"),
            entry: entry.clone(),
        };
        let n = dice_count(fields[4], at)?;
        let flat = ((entry[0] * goal + entry[1]) * m + entry[2]) * m + entry[3];
        if dice[flat].replace(n).is_some() {
            return Err(Problem::Malformed(format!(
                "row {row}: a second line for the same state"
            )));
        }
    }
    match dice.iter().position(Option::is_none) {
        None => Ok(table_from_dice(
            &shape,
            dice.into_iter().flatten().collect(),
        )),
        Some(missing) => Err(Problem::Shape {
            expected: format!("one line per state ({})", dice.len()),
            found: format!(
                "none for {}",
                Position {
                    place: String::new(),
                    entry: entry_of(&shape, missing),
                }
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hog::{FullTable, ScoreTable};

    fn rules(goal: u32) -> Ruleset {
        Ruleset::preset("hog-fa20", goal).unwrap()
    }

    #[test]
    fn grid_round_trips() {
        let table = Table::Scores(ScoreTable::from_shape_fn((3, 3), |(s, o)| {
            (s * 3 + o) as u8
        }));
        let text = String::from_utf8(render(&table)).unwrap();
        assert_eq!(text, "0,1,2\n3,4,5\n6,7,8\n");
        assert_eq!(parse(&text, &rules(3)).unwrap(), table);
    }

    #[test]
    fn windows_line_endings_spaces_and_byte_order_marks_are_accepted() {
        let table = parse("\u{feff}1, 2\r\n3 ,4\r\n", &rules(2)).unwrap();
        assert_eq!(
            table,
            Table::Scores(ScoreTable::from_shape_vec((2, 2), vec![1, 2, 3, 4]).unwrap())
        );
    }

    #[test]
    fn errors_name_the_row_column_and_value() {
        let err = parse("1,2\n3,x\n", &rules(2)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "row 2, column 2 (own score 1, opponent score 1): 'x' is not a whole number of dice"
        );
        let err = parse("1,11\n3,4\n", &rules(2)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "row 1, column 2 (own score 0, opponent score 1): 11 dice is outside 0..=10"
        );
        let err = parse("1,2\n3,4.5\n", &rules(2)).unwrap_err();
        assert!(
            err.to_string().contains("'4.5' is not a whole number"),
            "{err}"
        );
        let err = parse("1,2\n3\n", &rules(2)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected a 2 x 2 table (own score x opponent score), found 1 values in row 2"
        );
        let err = parse("1,2\n", &rules(2)).unwrap_err();
        assert!(err.to_string().ends_with("found 1 rows"), "{err}");
    }

    #[test]
    fn full_tables_round_trip() {
        let rules = Ruleset::preset("hog-fa19", 2).unwrap();
        let table = Table::Full(FullTable::from_shape_fn((2, 2, 11, 11), |(s, o, a, b)| {
            ((s + o + a + b) % 11) as u8
        }));
        let text = String::from_utf8(render(&table)).unwrap();
        assert!(text.starts_with("own,opponent,own_memory,opponent_memory,dice\n0,0,0,0,0\n"));
        assert_eq!(parse(&text, &rules).unwrap(), table);
        let missing: String = text.lines().take(100).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            parse(&missing, &rules).unwrap_err().to_string(),
            "expected one line per state (484), found none for own score 0, opponent score 0, \
             own memory 9, opponent memory 0"
        );
        let wide = text.replacen("\n0,1,", "\n0,2,", 1);
        assert_eq!(
            parse(&wide, &rules).unwrap_err().to_string(),
            "row 123, column 2 (opponent): '2' is not a score below the goal, 2"
        );
    }
}
