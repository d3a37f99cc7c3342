//! numpy's `.npy` format: written as version 1.0, a `uint8` array of the table's shape; read
//! in versions 1.0 to 3.0, C order, any integer dtype (every value must be a legal action).
//!
//! A file is the magic `\x93NUMPY`, the version (major, minor), the header's length (`u16`,
//! little-endian, in version 1; `u32` in 2 and 3), the header (a Python dict literal such as
//! `{'descr': '<i8', 'fortran_order': False, 'shape': (100, 100), }`, padded with spaces and
//! ended by a newline) and the values in row-major order.

use super::{Position, Problem, Schema, Table, check_action, schema_for, table_from_dice};
use crate::table::entry_of;

/// The bytes every `.npy` file starts with.
const MAGIC: &[u8; 6] = b"\x93NUMPY";

/// The `.npy` bytes of `table`.
pub(super) fn render(table: &Table) -> Vec<u8> {
    let mut out = header("|u1", table.shape());
    out.extend(table.values());
    out
}

/// The start of a version 1.0 `.npy` file of values of numpy type `descr` (e.g. `<f8`) and
/// `shape`, in C order: the values follow it.
pub(super) fn header(descr: &str, shape: &[usize]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    let mut header = format!(
        "{{'descr': '{descr}', 'fortran_order': False, 'shape': ({},), }}",
        dims.join(", ")
    );
    // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple
    // of 64 and ended by a newline.
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat(unpadded.next_multiple_of(64) - unpadded));
    header.push('\n');
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&[1, 0]);
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out
}

/// Parses `.npy` bytes holding a table of one of the `expected` schemas.
pub(super) fn parse(bytes: &[u8], expected: &[Schema]) -> Result<Table, Problem> {
    let magic_len = bytes.len().min(MAGIC.len());
    if bytes[..magic_len] != MAGIC[..magic_len] {
        return Err(Problem::Malformed(
            "not a numpy .npy file: it does not start with \\x93NUMPY".to_string(),
        ));
    }
    let (major, minor) = match bytes.get(6..8) {
        Some(&[major, minor]) => (major, minor),
        _ => {
            return Err(Problem::Truncated(format!(
                "npy file: {} bytes, it ends inside the magic and version",
                bytes.len()
            )));
        }
    };
    let length_bytes = match major {
        1 => 2,
        2 | 3 => 4,
        _ => {
            return Err(Problem::Malformed(format!(
                "npy format version {major}.{minor} is not supported (this swine reads 1.0, 2.0 \
                 and 3.0)"
            )));
        }
    };
    let start = 8 + length_bytes;
    let Some(length) = bytes.get(8..start) else {
        return Err(Problem::Truncated(format!(
            "npy file: {} bytes, it ends inside the header length",
            bytes.len()
        )));
    };
    let length = length
        .iter()
        .rev()
        .fold(0usize, |n, &b| n << 8 | usize::from(b));
    let Some(header) = bytes.get(start..start.saturating_add(length)) else {
        return Err(Problem::Truncated(format!(
            "npy header: it should be {length} bytes, the file holds {}",
            bytes.len() - start
        )));
    };
    let header = std::str::from_utf8(header)
        .map_err(|_| Problem::Malformed("npy header: not UTF-8 text".to_string()))?;
    let header = Header::parse(header)?;
    let shape = header.shape;
    let schema = schema_for(&shape, expected)?;
    let count: usize = shape.iter().product();
    let data = &bytes[start + length..];
    let size = header.dtype.size;
    if data.len() != count * size {
        let what = format!(
            "npy data: the header promises {count} values of {size} byte{} ({} bytes), the file \
             holds {}",
            if size == 1 { "" } else { "s" },
            count * size,
            data.len()
        );
        return Err(if data.len() < count * size {
            Problem::Truncated(what)
        } else {
            Problem::Malformed(format!("{what}, more than the header says"))
        });
    }
    let dice = data
        .chunks_exact(size)
        .enumerate()
        .map(|(index, chunk)| {
            let at = || {
                let entry = entry_of(&shape, index);
                let indices: Vec<String> = entry.iter().map(usize::to_string).collect();
                Position::new(format!("[{}]", indices.join(", ")), &schema, &entry)
            };
            match header.dtype.value(chunk) {
                Ok(n) => check_action(n, &schema, at),
                Err(big) => Err(Problem::OutOfRange {
                    at: at(),
                    value: big.to_string(),
                    action: schema.action,
                    min: schema.min_action,
                    max: schema.max_action,
                }),
            }
        })
        .collect::<Result<Vec<u8>, Problem>>()?;
    Ok(table_from_dice(schema, dice))
}

/// What the header of a `.npy` file says.
struct Header {
    /// The type of the values.
    dtype: Dtype,
    /// The array's dimensions.
    shape: Vec<usize>,
}

impl Header {
    /// Reads a header: a dict with the keys `descr`, `fortran_order` and `shape`, for a C-order
    /// array of integers.
    fn parse(text: &str) -> Result<Header, Problem> {
        let bad = |what: String| Problem::Malformed(format!("npy header: {what}"));
        let dict = Literal::parse(text).map_err(bad)?;
        let Literal::Dict(entries) = dict else {
            return Err(bad(format!("expected a dict, found {}", dict.kind())));
        };
        // Python keeps the last of a key given twice, numpy with it: which one is meant is not
        // known, so neither is read.
        if let Some((key, _)) = entries
            .iter()
            .enumerate()
            .find_map(|(i, (key, _))| entries[..i].iter().find(|(k, _)| k == key))
        {
            return Err(bad(format!("'{key}' is given twice")));
        }
        let get = |key: &str| {
            entries
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .ok_or_else(|| bad(format!("it has no '{key}'")))
        };
        let dtype = match get("descr")? {
            Literal::Str(descr) => Dtype::parse(descr)?,
            Literal::List(_) => {
                return Err(Problem::Malformed(
                    "the array's dtype is structured (named fields), not integers; save the \
                     table as integers, e.g. np.save(path, table.astype(np.uint8))"
                        .to_string(),
                ));
            }
            other => {
                return Err(bad(format!(
                    "'descr' should be a string, found {}",
                    other.kind()
                )));
            }
        };
        match get("fortran_order")? {
            Literal::Bool(false) => {}
            Literal::Bool(true) => {
                return Err(Problem::Malformed(
                    "the array is in Fortran order (column-major); save it in C order, e.g. \
                     np.save(path, np.ascontiguousarray(table))"
                        .to_string(),
                ));
            }
            other => {
                return Err(bad(format!(
                    "'fortran_order' should be True or False, found {}",
                    other.kind()
                )));
            }
        }
        let shape = match get("shape")? {
            Literal::Tuple(items) => items
                .iter()
                .map(|item| match item {
                    Literal::Int(n) => Ok(*n),
                    other => Err(bad(format!(
                        "the shape should hold whole numbers, found {}",
                        other.kind()
                    ))),
                })
                .collect::<Result<Vec<usize>, Problem>>()?,
            other => {
                return Err(bad(format!(
                    "'shape' should be a tuple, found {}",
                    other.kind()
                )));
            }
        };
        Ok(Header { dtype, shape })
    }
}

/// An integer dtype: its width, signedness and byte order.
struct Dtype {
    /// Bytes per value: 1, 2, 4 or 8.
    size: usize,
    /// Whether the values are signed.
    signed: bool,
    /// Whether the most significant byte comes first.
    big_endian: bool,
}

impl Dtype {
    /// Reads a numpy type string such as `<i8` or `|u1`, accepting only integers.
    fn parse(descr: &str) -> Result<Dtype, Problem> {
        let reject = |what: &str| {
            Problem::Malformed(format!(
                "the array's dtype '{descr}' is {what}; save the table as integers of 1, 2, 4 \
                 or 8 bytes, e.g. np.save(path, table.astype(np.uint8))"
            ))
        };
        let mut chars = descr.chars();
        let big_endian = match chars.next() {
            Some('<') => false,
            Some('>') => true,
            // Native order ('|' is numpy's "not applicable", for one-byte types).
            Some('|' | '=') => cfg!(target_endian = "big"),
            _ => return Err(reject("not a numpy type")),
        };
        let signed = match chars.next() {
            Some('i') => true,
            Some('u') => false,
            Some('b' | '?') => return Err(reject("boolean, not integers")),
            Some('f') => return Err(reject("floating point, not integers")),
            Some('c') => return Err(reject("complex, not integers")),
            Some('O') => return Err(reject("Python objects, not integers")),
            Some('U' | 'S' | 'a') => return Err(reject("text, not integers")),
            Some('m' | 'M') => return Err(reject("dates or times, not integers")),
            _ => return Err(reject("not a numeric type")),
        };
        let size = match chars.as_str().parse::<usize>() {
            Ok(size @ (1 | 2 | 4 | 8)) => size,
            _ => return Err(reject("an integer of an unsupported width")),
        };
        Ok(Dtype {
            size,
            signed,
            big_endian,
        })
    }

    /// The integer in `bytes` (one value's worth), or, for a `u64` beyond `i64`, `Err` of it.
    fn value(&self, bytes: &[u8]) -> Result<i64, u64> {
        // Little-endian into the low bytes of a word, then sign-extended.
        let mut word = [0u8; 8];
        if self.big_endian {
            for (w, &b) in word.iter_mut().zip(bytes.iter().rev()) {
                *w = b;
            }
        } else {
            word[..self.size].copy_from_slice(bytes);
        }
        if self.signed && word[self.size - 1] & 0x80 != 0 {
            word[self.size..].fill(0xff);
        }
        let n = u64::from_le_bytes(word);
        if self.signed {
            Ok(n as i64)
        } else {
            i64::try_from(n).map_err(|_| n)
        }
    }
}

/// A Python literal, as numpy writes in a header.
#[derive(Debug, PartialEq)]
enum Literal {
    /// A string, as written between its quotes (escapes kept).
    Str(String),
    /// A non-negative integer (Python 2's `100L` too).
    Int(usize),
    /// `True` or `False`.
    Bool(bool),
    /// `None`.
    None,
    /// A tuple.
    Tuple(Vec<Literal>),
    /// A list.
    List(Vec<Literal>),
    /// A dict with string keys.
    Dict(Vec<(String, Literal)>),
}

impl Literal {
    /// Reads the single literal that is `text` (surrounding white space allowed), or says
    /// what is wrong.
    fn parse(text: &str) -> Result<Literal, String> {
        let mut reader = Reader { text, at: 0 };
        let literal = reader.literal()?;
        reader.skip_space();
        if reader.at < text.len() {
            return Err(format!("unexpected {} after the dict", reader.found()));
        }
        Ok(literal)
    }

    /// What kind of literal this is, for errors.
    fn kind(&self) -> String {
        match self {
            Literal::Str(s) => format!("the string '{s}'"),
            Literal::Int(n) => format!("the number {n}"),
            Literal::Bool(true) => "True".to_string(),
            Literal::Bool(false) => "False".to_string(),
            Literal::None => "None".to_string(),
            Literal::Tuple(_) => "a tuple".to_string(),
            Literal::List(_) => "a list".to_string(),
            Literal::Dict(_) => "a dict".to_string(),
        }
    }
}

/// A cursor in a header's text.
struct Reader<'a> {
    /// The header.
    text: &'a str,
    /// The byte offset read up to (always at a character boundary between literals).
    at: usize,
}

impl Reader<'_> {
    /// The next byte, if any.
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Skips spaces, tabs and line breaks.
    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// The next character, or the end, for errors.
    fn found(&self) -> String {
        match self.text[self.at..].chars().next() {
            Some(c) => format!("'{c}' at byte {}", self.at),
            None => "end of header".to_string(),
        }
    }

    /// Reads one literal.
    fn literal(&mut self) -> Result<Literal, String> {
        self.skip_space();
        match self.peek() {
            Some(b'{') => {
                let mut entries = Vec::new();
                self.sequence(b'}', |reader| {
                    let key = match reader.literal()? {
                        Literal::Str(key) => key,
                        other => return Err(format!("a dict key is {}", other.kind())),
                    };
                    reader.skip_space();
                    if reader.peek() != Some(b':') {
                        return Err(format!("expected ':', found {}", reader.found()));
                    }
                    reader.at += 1;
                    entries.push((key, reader.literal()?));
                    Ok(())
                })?;
                Ok(Literal::Dict(entries))
            }
            Some(open @ (b'(' | b'[')) => {
                let mut items = Vec::new();
                let close = if open == b'(' { b')' } else { b']' };
                self.sequence(close, |reader| {
                    items.push(reader.literal()?);
                    Ok(())
                })?;
                Ok(if open == b'(' {
                    Literal::Tuple(items)
                } else {
                    Literal::List(items)
                })
            }
            Some(quote @ (b'\'' | b'"')) => {
                let start = self.at + 1;
                let mut end = start;
                loop {
                    match self.text.as_bytes().get(end) {
                        None => return Err("a string is not closed".to_string()),
                        Some(b'\\') => end += 2,
                        Some(&b) if b == quote => break,
                        Some(_) => end += 1,
                    }
                }
                self.at = end + 1;
                Ok(Literal::Str(self.text[start..end].to_string()))
            }
            Some(b) if b.is_ascii_alphanumeric() => {
                let start = self.at;
                while self
                    .peek()
                    .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
                {
                    self.at += 1;
                }
                let word = &self.text[start..self.at];
                match word {
                    "True" => Ok(Literal::Bool(true)),
                    "False" => Ok(Literal::Bool(false)),
                    "None" => Ok(Literal::None),
                    _ => {
                        let digits = word.strip_suffix(['L', 'l']).unwrap_or(word);
                        digits
                            .parse()
                            .map(Literal::Int)
                            .map_err(|_| format!("'{word}' is not a value numpy writes"))
                    }
                }
            }
            _ => Err(format!("unexpected {}", self.found())),
        }
    }

    /// Reads items with `item` up to `close`, separated by commas (a trailing one allowed),
    /// after the opening bracket.
    fn sequence(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Result<(), String>,
    ) -> Result<(), String> {
        self.at += 1;
        loop {
            self.skip_space();
            if self.peek() == Some(close) {
                self.at += 1;
                return Ok(());
            }
            item(self)?;
            self.skip_space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b) if b == close => {}
                _ => {
                    return Err(format!(
                        "expected ',' or '{}', found {}",
                        close as char,
                        self.found()
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::testing::{full_schema, score_schema, scores};

    /// A version 1.0 file as numpy writes it: `header` (the dict) padded and ended by a
    /// newline, then `data`.
    fn npy(header: &str, data: &[u8]) -> Vec<u8> {
        let mut header = header.to_string();
        let unpadded = 10 + header.len() + 1;
        header.push_str(&" ".repeat(unpadded.next_multiple_of(64) - unpadded));
        header.push('\n');
        let mut out = b"\x93NUMPY\x01\x00".to_vec();
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(data);
        out
    }

    /// A `2 x 2` table of `descr` whose values have `bytes` each, as `to_bytes` writes them.
    fn grid<const N: usize>(
        descr: &str,
        values: [i64; 4],
        to_bytes: fn(i64) -> [u8; N],
    ) -> Vec<u8> {
        let data: Vec<u8> = values.into_iter().flat_map(to_bytes).collect();
        npy(
            &format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': (2, 2), }}"),
            &data,
        )
    }

    fn message(bytes: &[u8]) -> String {
        parse(bytes, &[score_schema(2)]).unwrap_err().to_string()
    }

    #[test]
    fn header_is_aligned_and_data_follows() {
        let table = scores(2, vec![1, 2, 3, 4]);
        let bytes = render(&table);
        assert_eq!(&bytes[..8], b"\x93NUMPY\x01\x00");
        let header_len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        assert_eq!((10 + header_len) % 64, 0);
        let header = std::str::from_utf8(&bytes[10..10 + header_len]).unwrap();
        assert!(header.starts_with("{'descr': '|u1', 'fortran_order': False, 'shape': (2, 2,), }"));
        assert!(header.ends_with('\n'));
        assert_eq!(&bytes[10 + header_len..], &[1, 2, 3, 4]);
    }

    #[test]
    fn rendered_tables_load_back() {
        let table = scores(3, (0..9).collect());
        assert_eq!(parse(&render(&table), &[score_schema(3)]).unwrap(), table);
        let schema = full_schema(2, 11);
        let dice = (0..2 * 2 * 11 * 11).map(|i| (i * 7 % 11) as u8).collect();
        let table = crate::format::table_from_dice(schema.clone(), dice);
        let expected = [score_schema(2), schema];
        assert_eq!(parse(&render(&table), &expected).unwrap(), table);
    }

    #[test]
    fn integer_dtypes_of_any_width_and_order_load() {
        let table = scores(2, vec![1, 2, 3, 10]);
        let values = [1, 2, 3, 10];
        // What `np.save(path, np.array(table))` writes for a list of Python ints.
        let numpy = grid("<i8", values, |n| n.to_le_bytes());
        assert_eq!(parse(&numpy, &[score_schema(2)]).unwrap(), table);
        let big = grid(">i4", values, |n| (n as i32).to_be_bytes());
        assert_eq!(parse(&big, &[score_schema(2)]).unwrap(), table);
        let short = grid("<u2", values, |n| (n as u16).to_le_bytes());
        assert_eq!(parse(&short, &[score_schema(2)]).unwrap(), table);
        let byte = grid("|i1", values, |n| [n as u8]);
        assert_eq!(parse(&byte, &[score_schema(2)]).unwrap(), table);
        // Version 2.0: a four-byte header length; Python 2's long integers in the shape.
        let mut two = npy(
            "{'descr': '|u1', 'fortran_order': False, 'shape': (2L, 2L)}",
            &[1, 2, 3, 10],
        );
        two[6] = 2;
        two.splice(10..10, [0, 0]);
        let header_len = two.len() as u32 - 12 - 4;
        two[8..12].copy_from_slice(&header_len.to_le_bytes());
        assert_eq!(parse(&two, &[score_schema(2)]).unwrap(), table);
    }

    #[test]
    fn bad_values_are_located() {
        assert_eq!(
            message(&grid("<i8", [1, 2, 11, 4], |n| n.to_le_bytes())),
            "[1, 0] (own score 1, opponent score 0): 11 dice is outside 0..=10"
        );
        assert_eq!(
            message(&grid("|i1", [1, -1, 3, 4], |n| [n as u8])),
            "[0, 1] (own score 0, opponent score 1): -1 dice is outside 0..=10"
        );
        assert_eq!(
            message(&grid(">u8", [1, 2, 3, -1], |n| n.to_be_bytes())),
            "[1, 1] (own score 1, opponent score 1): 18446744073709551615 dice is outside 0..=10"
        );
    }

    #[test]
    fn other_dtypes_orders_and_shapes_are_refused() {
        let header = |descr: &str, fortran: &str, shape: &str| {
            format!("{{'descr': '{descr}', 'fortran_order': {fortran}, 'shape': {shape}, }}")
        };
        assert_eq!(
            message(&grid("<f8", [1, 2, 3, 4], |n| (n as f64).to_le_bytes())),
            "the array's dtype '<f8' is floating point, not integers; save the table as \
             integers of 1, 2, 4 or 8 bytes, e.g. np.save(path, table.astype(np.uint8))"
        );
        assert!(
            message(&npy(&header("|b1", "False", "(2, 2)"), &[1; 4])).contains("'|b1' is boolean")
        );
        assert!(
            message(&npy(&header("|O", "False", "(2, 2)"), &[])).contains("'|O' is Python objects")
        );
        assert_eq!(
            message(&npy(&header("|u1", "True", "(2, 2)"), &[1, 2, 3, 4])),
            "the array is in Fortran order (column-major); save it in C order, e.g. \
             np.save(path, np.ascontiguousarray(table))"
        );
        assert_eq!(
            message(&npy(&header("|u1", "False", "(3, 3)"), &[1; 9])),
            "expected a 2 x 2 table (own score x opponent score), found a 3 x 3 table"
        );
        assert_eq!(
            message(&npy(&header("|u1", "False", "(4,)"), &[1; 4])),
            "expected a 2 x 2 table (own score x opponent score), found a flat list of 4 values"
        );
        assert_eq!(
            message(&npy(&header("|u1", "False", "()"), &[1])),
            "expected a 2 x 2 table (own score x opponent score), found a single value"
        );
        assert!(
            message(&npy(
                "{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (2, 2)}",
                &[]
            ))
            .starts_with("the array's dtype is structured (named fields), not integers")
        );
        assert_eq!(
            message(&npy(&header("<i8", "False", "[2, 2]"), &[])),
            "npy header: 'shape' should be a tuple, found a list"
        );
        assert_eq!(
            message(&npy(
                "{'descr': '|u1', 'fortran_order': False, 'shape': (2, 2), 'shape': (4,), }",
                &[1; 4]
            )),
            "npy header: 'shape' is given twice"
        );
    }

    #[test]
    fn truncated_and_malformed_files_say_what_is_wrong() {
        let bytes = grid("<i8", [1, 2, 3, 4], |n| n.to_le_bytes());
        assert_eq!(
            message(&bytes[..bytes.len() - 3]),
            "truncated npy data: the header promises 4 values of 8 bytes (32 bytes), the file \
             holds 29"
        );
        let mut long = bytes.clone();
        long.push(0);
        assert!(message(&long).ends_with("the file holds 33, more than the header says"));
        assert_eq!(
            message(&bytes[..40]),
            "truncated npy header: it should be 118 bytes, the file holds 30"
        );
        assert_eq!(
            message(&bytes[..9]),
            "truncated npy file: 9 bytes, it ends inside the header length"
        );
        assert_eq!(
            message(b"own,opponent\n"),
            "not a numpy .npy file: it does not start with \\x93NUMPY"
        );
        let mut four = bytes.clone();
        four[6] = 4;
        assert_eq!(
            message(&four),
            "npy format version 4.0 is not supported (this swine reads 1.0, 2.0 and 3.0)"
        );
        assert_eq!(
            message(&npy("{'descr': '<i8', 'shape': (2, 2)}", &[])),
            "npy header: it has no 'fortran_order'"
        );
        assert_eq!(
            message(&npy(
                "{'descr': '<i8', 'fortran_order': False, 'shape': (2, 2)",
                &[]
            )),
            "npy header: expected ',' or '}', found end of header"
        );
        assert_eq!(
            message(&npy(
                "{'descr': '<i8', 'fortran_order': false, 'shape': (2, 2)}",
                &[]
            )),
            "npy header: 'false' is not a value numpy writes"
        );
    }
}
