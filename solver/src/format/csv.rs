//! CSV tables. A 2-D table is a grid: line `r` holds the actions for first index `r − 1`, field
//! `c` for second index `c − 1`. Any other table is a header naming the schema's columns (e.g.
//! `own,opponent,passed,dice`) and one line per entry.

use super::{Position, Problem, Schema, Table, check_action, expected_shapes, table_from_dice};
use crate::table::entry_of;
use ndarray::Dimension;

/// The CSV text of `table`.
pub(super) fn render(table: &Table) -> Vec<u8> {
    let mut out = String::new();
    if let Ok(grid) = table.dice.view().into_dimensionality::<ndarray::Ix2>() {
        for row in grid.rows() {
            let fields: Vec<String> = row.iter().map(u8::to_string).collect();
            out.push_str(&fields.join(","));
            out.push('\n');
        }
    } else {
        out.push_str(&table.schema.csv_header());
        out.push('\n');
        for (index, n) in table.dice.indexed_iter() {
            for i in index.slice() {
                out.push_str(&format!("{i},"));
            }
            out.push_str(&format!("{n}\n"));
        }
    }
    out.into_bytes()
}

/// Reads an action, or says why the text is not a legal one.
fn action(text: &str, schema: &Schema, at: impl FnOnce() -> Position) -> Result<u8, Problem> {
    let value = text.trim();
    let digits = value.strip_prefix(['-', '+']).unwrap_or(value);
    let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    match value.parse::<i64>() {
        Ok(n) => check_action(n, schema, at),
        Err(_) if whole => Err(Problem::OutOfRange {
            at: at(),
            value: value.to_string(),
            action: schema.action,
            min: schema.min_action,
            max: schema.max_action,
        }),
        Err(_) => Err(Problem::NotInteger {
            at: at(),
            value: value.to_string(),
            action: schema.action,
        }),
    }
}

/// Parses CSV text into a table of one of the `expected` schemas.
pub(super) fn parse(text: &str, expected: &[Schema]) -> Result<Table, Problem> {
    // Spreadsheets may start the file with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    let lines = match lines.iter().rposition(|l| !l.trim().is_empty()) {
        Some(last) => &lines[..=last],
        None => &[][..],
    };
    let header = lines
        .first()
        .map(|l| l.trim())
        .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()));
    if let Some(header) = header {
        let schema = expected
            .iter()
            .find(|s| s.csv_header() == header)
            .ok_or_else(|| Problem::Shape {
                expected: expected_shapes(expected),
                found: format!("a table with the columns {header}"),
            })?;
        return parse_lines(&lines[1..], schema);
    }
    let Some(schema) = expected.iter().find(|s| s.axes.len() == 2) else {
        return Err(Problem::Shape {
            expected: expected_shapes(expected),
            found: "a grid without a header".to_string(),
        });
    };
    let (rows, columns) = (schema.axes[0].length, schema.axes[1].length);
    if lines.len() != rows {
        return Err(Problem::Shape {
            expected: expected_shapes(expected),
            found: format!("{} rows", lines.len()),
        });
    }
    let mut dice = Vec::with_capacity(rows * columns);
    for (r, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != columns {
            return Err(Problem::Shape {
                expected: expected_shapes(expected),
                found: format!("{} values in row {}", fields.len(), r + 1),
            });
        }
        for (c, field) in fields.iter().enumerate() {
            dice.push(action(field, schema, || {
                Position::new(format!("row {}, column {}", r + 1, c + 1), schema, &[r, c])
            })?);
        }
    }
    Ok(table_from_dice(schema.clone(), dice))
}

/// Parses the lines after the header of a one-line-per-entry table.
fn parse_lines(lines: &[&str], schema: &Schema) -> Result<Table, Problem> {
    let shape = schema.shape();
    let header = schema.csv_header();
    let mut dice = vec![None; shape.iter().product()];
    for (index, line) in lines.iter().enumerate() {
        let row = index + 2;
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        if fields.len() != shape.len() + 1 {
            return Err(Problem::Malformed(format!(
                "row {row}: expected {} values ({header}), found {}",
                shape.len() + 1,
                fields.len()
            )));
        }
        let mut entry = Vec::with_capacity(shape.len());
        for (column, (field, axis)) in fields.iter().zip(&schema.axes).enumerate() {
            match field.parse::<usize>() {
                Ok(i) if i < axis.length => entry.push(i),
                _ => {
                    return Err(Problem::Malformed(format!(
                        "row {row}, column {} ({}): '{field}' is not in 0..{} ({})",
                        column + 1,
                        axis.column,
                        axis.length,
                        axis.name
                    )));
                }
            }
        }
        let at = || {
            Position::new(
                format!("row {row}, column {}", shape.len() + 1),
                schema,
                &entry,
            )
        };
        let n = action(fields[shape.len()], schema, at)?;
        let flat = entry
            .iter()
            .zip(&shape)
            .fold(0, |flat, (i, d)| flat * d + i);
        if dice[flat].replace(n).is_some() {
            return Err(Problem::Malformed(format!(
                "row {row}: a second line for the same entry"
            )));
        }
    }
    match dice.iter().position(Option::is_none) {
        None => Ok(table_from_dice(
            schema.clone(),
            dice.into_iter().flatten().collect(),
        )),
        Some(missing) => Err(Problem::Shape {
            expected: format!("one line per entry ({})", dice.len()),
            found: format!(
                "none for {}",
                Position::new(String::new(), schema, &entry_of(&shape, missing))
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::testing::{full_schema, score_schema, scores};

    #[test]
    fn grid_round_trips() {
        let table = scores(3, (0..9).collect());
        let text = String::from_utf8(render(&table)).unwrap();
        assert_eq!(text, "0,1,2\n3,4,5\n6,7,8\n");
        assert_eq!(parse(&text, &[score_schema(3)]).unwrap(), table);
    }

    #[test]
    fn windows_line_endings_spaces_and_byte_order_marks_are_accepted() {
        let table = parse("\u{feff}1, 2\r\n3 ,4\r\n", &[score_schema(2)]).unwrap();
        assert_eq!(table, scores(2, vec![1, 2, 3, 4]));
    }

    #[test]
    fn errors_name_the_row_column_and_value() {
        let message = |text: &str| parse(text, &[score_schema(2)]).unwrap_err().to_string();
        assert_eq!(
            message("1,2\n3,x\n"),
            "row 2, column 2 (own score 1, opponent score 1): 'x' is not a whole number of dice"
        );
        assert_eq!(
            message("1,11\n3,4\n"),
            "row 1, column 2 (own score 0, opponent score 1): 11 dice is outside 0..=10"
        );
        assert!(message("1,2\n3,4.5\n").contains("'4.5' is not a whole number"));
        assert_eq!(
            message("1,2\n3\n"),
            "expected a 2 x 2 table (own score x opponent score), found 1 values in row 2"
        );
        assert!(message("1,2\n").ends_with("found 1 rows"));
        assert_eq!(
            message("own,opponent,own_memory,opponent_memory,dice\n"),
            "expected a 2 x 2 table (own score x opponent score), found a table with the \
             columns own,opponent,own_memory,opponent_memory,dice"
        );
    }

    #[test]
    fn entry_tables_round_trip_and_name_missing_entries() {
        let schema = full_schema(2, 11);
        let dice = (0..2 * 2 * 11 * 11).map(|i| (i % 11) as u8).collect();
        let table = table_from_dice(schema.clone(), dice);
        let text = String::from_utf8(render(&table)).unwrap();
        assert!(text.starts_with("own,opponent,own_memory,opponent_memory,dice\n0,0,0,0,0\n"));
        let expected = [score_schema(2), schema];
        assert_eq!(parse(&text, &expected).unwrap(), table);
        let missing: String = text.lines().take(100).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            parse(&missing, &expected).unwrap_err().to_string(),
            "expected one line per entry (484), found none for own score 0, opponent score 0, \
             own memory 9, opponent memory 0"
        );
        let wide = text.replacen("\n0,1,", "\n0,2,", 1);
        assert_eq!(
            parse(&wide, &expected).unwrap_err().to_string(),
            "row 123, column 2 (opponent): '2' is not in 0..2 (opponent score)"
        );
    }
}
