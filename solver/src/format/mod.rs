//! Strategy table files: CSV, JSON, a Python module, `.npy` and a self-checking binary format.
//!
//! A [`TableFile`] is a [`Table`] (actions under the [`Schema`] its game supplies) plus what it
//! is ([`TableMeta`]: who it plays against and its exact win rates). [`render`] turns one into
//! the bytes of any [`Format`]; [`write_files`] puts a set of them on disk through temporary
//! files and renames, so a crash or an error never leaves half a file; [`load`] reads CSV, JSON,
//! `.npy` and binary files back, checking every shape, value, ruleset and checksum against the
//! schemas the caller expects, and says where a file is wrong ([`LoadError`]). CSV, `.npy` and
//! a bare JSON array carry no metadata: they are read as tables for the ruleset and goal in use.
//! Nothing here knows a game: axes, lengths, legal actions and the Python signature all come
//! from the schema.
//!
//! | format | holds | loads |
//! |--------|-------|-------|
//! | `csv`  | 2-D tables as a grid (row = first axis, column = second); others as one `axis,...,dice` line per entry | yes |
//! | `json` | the table (nested arrays) and its metadata | yes, and a bare array of arrays (Python's `json.dump(table)`) |
//! | `py`   | the course's strategy function, for schemas that have one | no |
//! | `npy`  | the table as a numpy `uint8` array | yes: format 1.0 to 3.0, C order, any integer dtype |
//! | `bin`  | metadata and table, versioned, with a CRC-32 checksum | yes |

mod binary;
mod staged;
pub(crate) use binary::{frame, unframe};
pub use staged::remove_staged;
mod csv;
mod json;
mod npy;
mod python;
mod values;

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

use ndarray::{ArrayD, IxDyn};
use thiserror::Error;

use crate::fraction::ExactRates;
use crate::outcome::WinRates;
pub use crate::table::{Schema, Table};
pub use values::ValuesFile;

/// A file format for strategy tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// Comma-separated dice counts.
    Csv,
    /// JSON with metadata.
    Json,
    /// A Python module defining the course's strategy function.
    Python,
    /// A numpy array.
    Npy,
    /// The versioned, checksummed binary format.
    Binary,
}

impl Format {
    /// Every format, in the order files are written.
    pub const ALL: [Format; 5] = [
        Format::Csv,
        Format::Json,
        Format::Python,
        Format::Npy,
        Format::Binary,
    ];

    /// The file extension (also the name used in `--format`).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Python => "py",
            Format::Npy => "npy",
            Format::Binary => "bin",
        }
    }

    /// The format with this extension.
    pub fn from_extension(extension: &str) -> Option<Format> {
        Format::ALL
            .into_iter()
            .find(|f| f.extension().eq_ignore_ascii_case(extension))
    }

    /// Whether this format can hold `table`: a Python module only when the schema names the
    /// function a course strategy is.
    pub fn holds(self, table: &Table) -> bool {
        self != Format::Python || table.schema.python.is_some()
    }

    /// Whether [`load`] reads this format.
    pub fn loads(self) -> bool {
        matches!(
            self,
            Format::Csv | Format::Json | Format::Npy | Format::Binary
        )
    }
}

/// What a table file says about its table, beyond its schema.
#[derive(Clone, Debug, PartialEq)]
pub struct TableMeta {
    /// What the table is, e.g. `optimal`.
    pub strategy: String,
    /// The opponent it was solved or evaluated against, e.g. `always_roll:4`.
    pub opponent: String,
    /// Its exact values against that opponent, moving first and second, if known.
    pub win_rates: Option<WinRates>,
    /// What kind of optimum the table is and how it was found, in a sentence, if known.
    pub about: Option<String>,
    /// The same win rates as reduced fractions, where they were computed (`solve --exact`;
    /// JSON files only).
    pub exact: Option<ExactRates>,
}

/// A strategy table with its metadata.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFile {
    /// What the table is.
    pub meta: TableMeta,
    /// The actions, with the schema naming the game, ruleset and axes.
    pub table: Table,
}

impl TableFile {
    /// The formats to write this file in: those `requested`, or by default every one that can
    /// hold its table.
    pub fn formats(&self, requested: Option<&[Format]>) -> Vec<Format> {
        match requested {
            Some(formats) => formats.to_vec(),
            None => Format::ALL
                .into_iter()
                .filter(|f| f.holds(&self.table))
                .collect(),
        }
    }

    /// The file name (without extension) `swine solve` uses, e.g.
    /// `hog_fa20_optimal_vs_always_roll_4` (with `_goal50` after the ruleset for goals other
    /// than the schema's default): only lowercase letters, digits and single `_` between them, so
    /// the Python module can be imported.
    pub fn stem(&self) -> String {
        stem(&self.table.schema, &self.meta.strategy, &self.meta.opponent)
    }
}

/// The file name (without extension) of a table of `schema` that is `strategy` against
/// `opponent_name`: see [`TableFile::stem`].
pub fn stem(schema: &Schema, strategy: &str, opponent_name: &str) -> String {
    // A file opponent is named by its folder and stem, so that `a/hog.py` and `b/hog.py` give
    // different files.
    let path = Path::new(opponent_name);
    let opponent = match (path.parent().and_then(Path::file_name), path.file_stem()) {
        (Some(folder), Some(stem)) => {
            format!("{}_{}", folder.to_string_lossy(), stem.to_string_lossy())
        }
        (None, Some(stem)) => stem.to_string_lossy().into_owned(),
        (_, None) => opponent_name.to_string(),
    };
    let rules = if schema.goal == schema.default_goal {
        schema.rules.clone()
    } else {
        format!("{}_goal{}", schema.rules, schema.goal)
    };
    let name = if strategy == opponent_name {
        format!("{rules}_{strategy}")
    } else {
        format!("{rules}_{strategy}_vs_{opponent}")
    };
    let mut plain = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            plain.push(c.to_ascii_lowercase());
        } else if !plain.is_empty() && !plain.ends_with('_') {
            plain.push('_');
        }
    }
    plain.trim_end_matches('_').to_string()
}

/// Formats a probability with 17 significant digits, enough to read back the same `f64`.
///
/// ```
/// assert_eq!(swine_solver::format::probability(0.5), "0.50000000000000000");
/// assert_eq!(swine_solver::format::probability(1.0), "1.0000000000000000");
/// assert_eq!(swine_solver::format::probability(0.0123), "0.012300000000000000");
/// let x = 0.1 + 0.2;
/// assert_eq!(swine_solver::format::probability(x).parse::<f64>().unwrap(), x);
/// ```
pub fn probability(x: f64) -> String {
    if !x.is_finite() {
        // Not a probability: shown as is, and refused by JSON, never passed off as a number.
        return x.to_string();
    }
    if x == 0.0 {
        return "0.0000000000000000".to_string();
    }
    let scientific = format!("{x:.16e}");
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    if exponent < 0 {
        let zeros = "0".repeat((-exponent - 1) as usize);
        format!("{sign}0.{zeros}{digits}")
    } else {
        let point = (exponent as usize + 1).min(digits.len());
        let (whole, fraction) = digits.split_at(point);
        let padding = "0".repeat(exponent as usize + 1 - point);
        let fraction = if fraction.is_empty() { "0" } else { fraction };
        format!("{sign}{whole}{padding}.{fraction}")
    }
}

/// A probability that serializes to JSON as a number with 17 significant digits
/// (see [`probability`]), so every digit of the `f64` survives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probability(pub f64);

impl serde::Serialize for Probability {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw = serde_json::value::RawValue::from_string(probability(self.0))
            .map_err(serde::ser::Error::custom)?;
        raw.serialize(serializer)
    }
}

/// The bytes of `file` in `format`, or why this table cannot be written in it.
pub fn render(file: &TableFile, format: Format) -> Result<Vec<u8>, String> {
    match format {
        Format::Csv => Ok(csv::render(&file.table)),
        Format::Json => Ok(json::render(file)),
        Format::Python => python::render(file),
        Format::Npy => Ok(npy::render(&file.table)),
        Format::Binary => Ok(binary::render(file)),
    }
}

/// Why table files could not be written.
#[derive(Debug, Error)]
pub enum WriteError {
    /// The format cannot hold this table.
    #[error("cannot write a .{extension} file for this table: {reason}")]
    Unsupported {
        /// The format's extension.
        extension: &'static str,
        /// Why.
        reason: String,
    },
    /// The file system refused.
    #[error("cannot write {}: {reason}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What went wrong.
        reason: std::io::Error,
    },
}

/// Writes each table file into `directory` (created if missing) in each of its formats, named
/// [`TableFile::stem`] plus the format's extension, and returns the paths written: the files of
/// [`render_files`] through [`write_rendered`].
pub fn write_files(
    directory: &Path,
    files: &[(&TableFile, Vec<Format>)],
) -> Result<Vec<PathBuf>, WriteError> {
    write_rendered(directory, render_files(files)?)
}

/// The file name and bytes of each table file in each of its formats (each name once).
pub fn render_files(
    files: &[(&TableFile, Vec<Format>)],
) -> Result<Vec<(String, Vec<u8>)>, WriteError> {
    let mut rendered: Vec<(String, Vec<u8>)> = Vec::new();
    for (file, formats) in files {
        for &format in formats {
            let name = format!("{}.{}", file.stem(), format.extension());
            if rendered.iter().any(|(n, _)| *n == name) {
                continue;
            }
            let bytes = render(file, format).map_err(|reason| WriteError::Unsupported {
                extension: format.extension(),
                reason,
            })?;
            rendered.push((name, bytes));
        }
    }
    Ok(rendered)
}

/// Writes each (file name, bytes) into `directory` (created if missing) and returns the paths.
///
/// All or nothing, as far as a file system allows: every file is written in full to a temporary
/// file beside its destination before the first one is renamed into place; a destination that
/// cannot be replaced (a directory) stops everything before that. A rename is atomic, so no
/// file is ever half written.
pub fn write_rendered(
    directory: &Path,
    files: Vec<(String, Vec<u8>)>,
) -> Result<Vec<PathBuf>, WriteError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |reason| WriteError::Io { path, reason }
    };
    let rendered: Vec<(PathBuf, Vec<u8>)> = files
        .into_iter()
        .map(|(name, bytes)| (directory.join(name), bytes))
        .collect();
    std::fs::create_dir_all(directory).map_err(io(directory))?;
    if let Some((path, _)) = rendered.iter().find(|(path, _)| path.is_dir()) {
        return Err(WriteError::Io {
            path: path.clone(),
            reason: std::io::Error::other("a directory is in the way"),
        });
    }
    // Staged at once: each file waits for its disk sync, which the file system can take
    // together, where one after another they would wait in turn.
    let staged: Vec<(Staged, PathBuf)> = std::thread::scope(|scope| {
        let staging: Vec<_> = rendered
            .into_iter()
            .map(|(path, bytes)| scope.spawn(move || (stage(directory, &bytes), path)))
            .collect();
        staging
            .into_iter()
            .map(|handle| {
                let (staged, path) = handle.join().expect("staging a file does not panic");
                Ok((staged.map_err(io(&path))?, path))
            })
            .collect::<Result<_, WriteError>>()
    })?;
    staged
        .into_iter()
        .map(|(temporary, path)| {
            temporary.persist(&path).map_err(|e| WriteError::Io {
                path: path.clone(),
                reason: e.error,
            })?;
            Ok(path)
        })
        .collect()
}

/// Checks, before any long work, that table files can be written into `directory`: it, or
/// the nearest folder above it that exists (where it would be created), must be a directory
/// in which a file can be created. Nothing is left behind: the trial file is removed and no
/// directory is created.
pub fn prepare_directory(directory: &Path) -> Result<(), WriteError> {
    let existing = directory
        .ancestors()
        .find(|p| p.as_os_str().is_empty() || p.exists())
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })
        .unwrap_or(Path::new("."));
    let io = |reason| WriteError::Io {
        path: directory.to_path_buf(),
        reason,
    };
    if !existing.is_dir() {
        let reason = format!("{} is not a directory", existing.display());
        return Err(io(std::io::Error::other(reason)));
    }
    stage(existing, &[]).map(drop).map_err(io)
}

/// A temporary file in `directory` holding `bytes`, synced to disk, deleted unless persisted,
/// and recorded among the [staged] files until it is persisted or dropped.
fn stage(directory: &Path, bytes: &[u8]) -> std::io::Result<Staged> {
    let mut builder = tempfile::Builder::new();
    // Like `File::create`: readable by others as the umask allows, not the private 0o600 of
    // temporary files.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let temporary = {
        let mut registry = staged::registry();
        let temporary = builder.tempfile_in(directory)?;
        registry.push(temporary.path().to_path_buf());
        temporary
    };
    let mut temporary = Staged(Some(temporary));
    let file = temporary.0.as_mut().expect("held until persisted");
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    Ok(temporary)
}

/// A staged temporary file: removed and forgotten when dropped unless persisted.
struct Staged(Option<tempfile::NamedTempFile>);

impl Staged {
    /// Renames the file to `path` and forgets it (under the registry's lock: a signal's
    /// cleanup sees it either staged or renamed).
    fn persist(mut self, path: &Path) -> Result<(), tempfile::PersistError> {
        let temporary = self.0.take().expect("held until persisted");
        let mut registry = staged::registry();
        let staged_at = temporary.path().to_path_buf();
        let persisted = temporary.persist(path);
        staged::forget(&mut registry, &staged_at);
        persisted.map(drop)
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(temporary) = self.0.take() {
            let mut registry = staged::registry();
            let path = temporary.path().to_path_buf();
            drop(temporary);
            staged::forget(&mut registry, &path);
        }
    }
}

/// Where in a table a bad value sits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Where in the file, in the file's own terms (e.g. `row 3, column 7`).
    pub place: String,
    /// The entry: each axis's name and index, e.g. (`own score`, 2).
    pub entry: Vec<(&'static str, usize)>,
}

impl Position {
    /// The position `place` of the entry with `indices` along the axes of `schema`.
    pub fn new(place: String, schema: &Schema, indices: &[usize]) -> Position {
        Position {
            place,
            entry: schema
                .axes
                .iter()
                .map(|a| a.name)
                .zip(indices.iter().copied())
                .collect(),
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let entry: Vec<String> = self
            .entry
            .iter()
            .map(|(name, i)| format!("{name} {i}"))
            .collect();
        if self.place.is_empty() {
            write!(f, "{}", entry.join(", "))
        } else {
            write!(f, "{} ({})", self.place, entry.join(", "))
        }
    }
}

/// What is wrong with a table file.
#[derive(Debug, Error)]
pub enum Problem {
    /// The file could not be read, or is larger than a table file can be.
    #[error(transparent)]
    Read(#[from] crate::read::ReadError),
    /// The extension is not one of the loadable formats.
    #[error("cannot load this kind of file; a table file is .csv, .json, .npy or .bin")]
    Unsupported,
    /// The table has the wrong dimensions.
    #[error("expected {expected}, found {found}")]
    Shape {
        /// What the ruleset needs.
        expected: String,
        /// What the file has.
        found: String,
    },
    /// An entry is not a whole number.
    #[error("{at}: '{value}' is not a whole number of {action}")]
    NotInteger {
        /// Where.
        at: Position,
        /// The text found.
        value: String,
        /// What an action is (`dice`, `roll`, `hold_at`).
        action: &'static str,
    },
    /// An entry is outside the legal actions `min..=max`.
    #[error("{at}: {value} {action} is outside {min}..={max}")]
    OutOfRange {
        /// Where.
        at: Position,
        /// The number found.
        value: String,
        /// What an action is (`dice`, `roll`, `hold_at`).
        action: &'static str,
        /// The smallest legal action.
        min: u8,
        /// The largest legal action.
        max: u8,
    },
    /// The file was made for another ruleset or goal.
    #[error("it was made for {found}, not {expected}")]
    WrongRules {
        /// The ruleset and goal in use.
        expected: String,
        /// The ruleset and goal in the file.
        found: String,
    },
    /// The file is not valid in its format (JSON syntax, missing fields, bad magic).
    #[error("{0}")]
    Malformed(String),
    /// The file ends early (or its length field is damaged): what was expected and found.
    #[error("truncated {0}")]
    Truncated(String),
    /// The checksum does not match the contents.
    #[error("corrupted: the checksum is {stored:08x} but the contents give {computed:08x}")]
    Checksum {
        /// The checksum stored in the file.
        stored: u32,
        /// The checksum of the contents.
        computed: u32,
    },
    /// The file has a format version this build cannot read.
    #[error("format version {found} is not supported (this swine reads version {supported})")]
    Version {
        /// The version in the file.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
}

/// A table file that could not be loaded: the file and what is wrong.
#[derive(Debug, Error)]
#[error("{}: {problem}", path.display())]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub problem: Problem,
}

/// Loads the table in `path` (`.csv`, `.json`, `.npy` or `.bin`) as one of the `expected`
/// schemas (all of one ruleset and goal, e.g. a score table or a full-state table), checking that
/// it was made for that ruleset and goal (when the file says: CSV, `.npy` and a bare JSON array
/// do not), has the shape of one of them and holds only legal actions.
pub fn load(path: &Path, expected: &[Schema]) -> Result<TableFile, LoadError> {
    let fail = |problem| LoadError {
        path: path.to_path_buf(),
        problem,
    };
    let format = path
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension)
        .filter(|f| f.loads())
        .ok_or_else(|| fail(Problem::Unsupported))?;
    let bytes = crate::read::read_capped(path, crate::read::TABLE_BYTES, "a table file")
        .map_err(|e| fail(Problem::Read(e)))?;
    match format {
        Format::Csv => {
            let text = String::from_utf8(bytes)
                .map_err(|_| fail(Problem::Malformed("not UTF-8 text".to_string())))?;
            csv::parse(&text, expected).map(unlabelled)
        }
        Format::Json => json::parse(&bytes, expected),
        Format::Npy => npy::parse(&bytes, expected).map(unlabelled),
        _ => binary::parse(&bytes, expected),
    }
    .map_err(fail)
}

/// Reads the bytes of a binary (`.bin`) table file, e.g. one built into the program, as [`load`]
/// reads the file: checked against the `expected` schemas.
pub fn parse_binary(bytes: &[u8], expected: &[Schema]) -> Result<TableFile, Problem> {
    binary::parse(bytes, expected)
}

/// A table from a file that says nothing about it (CSV, `.npy`, a bare JSON array): strategy
/// `table`, no opponent, no win rates.
fn unlabelled(table: Table) -> TableFile {
    TableFile {
        meta: TableMeta {
            strategy: "table".to_string(),
            opponent: String::new(),
            win_rates: None,
            about: None,
            exact: None,
        },
        table,
    }
}

/// Checks that a file's ruleset and goal are those of the expected schemas.
fn check_rules(rules: &str, goal: u32, expected: &[Schema]) -> Result<(), Problem> {
    let wanted = &expected[0];
    if rules == wanted.rules && goal == wanted.goal {
        Ok(())
    } else {
        let name = wanted.goal_name;
        let (expected, found) = if rules == wanted.rules {
            (format!("{name} {}", wanted.goal), format!("{name} {goal}"))
        } else {
            (wanted.rules.clone(), rules.to_string())
        };
        Err(Problem::WrongRules { expected, found })
    }
}

/// The tables the expected schemas describe, in words, for errors.
fn expected_shapes(expected: &[Schema]) -> String {
    let shapes: Vec<String> = expected.iter().map(Schema::describe).collect();
    shapes.join(", or ")
}

/// The expected schema a shape read from a file has, or the error saying what was expected.
fn schema_for(shape: &[usize], expected: &[Schema]) -> Result<Schema, Problem> {
    expected
        .iter()
        .find(|schema| schema.shape() == shape)
        .cloned()
        .ok_or_else(|| {
            let found: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            Problem::Shape {
                expected: expected_shapes(expected),
                found: match shape {
                    [] => "a single value".to_string(),
                    [0] => "an empty table".to_string(),
                    [n] => format!("a flat list of {n} values"),
                    _ => format!("a {} table", found.join(" x ")),
                },
            }
        })
}

/// Builds the table of `schema` from row-major actions already checked to fit it.
fn table_from_dice(schema: Schema, dice: Vec<u8>) -> Table {
    let array = ArrayD::from_shape_vec(IxDyn(&schema.shape()), dice).expect("shape checked");
    Table::new(schema, array).expect("actions checked")
}

/// Checks that `value`, at `at`, is a legal action of `schema`.
fn check_action(value: i64, schema: &Schema, at: impl FnOnce() -> Position) -> Result<u8, Problem> {
    if (i64::from(schema.min_action)..=i64::from(schema.max_action)).contains(&value) {
        Ok(value as u8)
    } else {
        Err(Problem::OutOfRange {
            at: at(),
            value: value.to_string(),
            action: schema.action,
            min: schema.min_action,
            max: schema.max_action,
        })
    }
}

/// `view` as nested JSON arrays, each entry made a JSON value by `leaf`.
fn nested<T: Copy>(
    view: ndarray::ArrayViewD<'_, T>,
    leaf: impl Fn(T) -> serde_json::Value + Copy,
) -> serde_json::Value {
    if view.ndim() == 0 {
        leaf(*view.first().expect("a 0-d view holds one value"))
    } else {
        serde_json::Value::Array(view.outer_iter().map(|inner| nested(inner, leaf)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_keep_seventeen_significant_digits() {
        assert_eq!(probability(0.1), "0.10000000000000001");
        assert_eq!(probability(2.0 / 3.0), "0.66666666666666663");
        assert_eq!(probability(1e-5), "0.000010000000000000001");
        for x in [1.0 / 3.0, 0.1, 0.999_999_999_999_999_9, 1e-300, 12.5] {
            assert_eq!(probability(x).parse::<f64>().unwrap(), x);
        }
    }

    #[test]
    fn stems_are_python_module_names() {
        let file = TableFile {
            meta: TableMeta {
                strategy: "optimal".into(),
                opponent: "always_roll:4".into(),
                win_rates: None,
                about: None,
                exact: None,
            },
            table: testing::scores(100, vec![0; 100 * 100]),
        };
        assert_eq!(file.stem(), "test_rules_optimal_vs_always_roll_4");
        let mut from_file = file.clone();
        from_file.meta.opponent = "some/dir/My Table.csv".into();
        assert_eq!(from_file.stem(), "test_rules_optimal_vs_dir_my_table");
        from_file.meta.opponent = "My Table.csv".into();
        assert_eq!(from_file.stem(), "test_rules_optimal_vs_my_table");
        let mut minimax = file;
        minimax.meta.strategy = "minimax".into();
        minimax.meta.opponent = "minimax".into();
        assert_eq!(minimax.stem(), "test_rules_minimax");
        minimax.table.schema.goal = 50;
        assert_eq!(minimax.stem(), "test_rules_goal50_minimax");
        minimax.table.schema.rules = "my-hog[lucky=5]@359652a1".into();
        assert_eq!(minimax.stem(), "my_hog_lucky_5_359652a1_goal50_minimax");
    }

    #[test]
    fn positions_name_the_entry() {
        let schema = testing::scores(3, vec![0; 9]).schema;
        let at = Position::new("row 3, column 7".into(), &schema, &[2, 6]);
        assert_eq!(
            at.to_string(),
            "row 3, column 7 (own score 2, opponent score 6)"
        );
    }
}

/// Schemas and tables of a made-up game, for the formats' own tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::table::{Axis, PythonSignature};

    const OWN: Axis = Axis {
        name: "own score",
        column: "own",
        length: 0,
    };
    const OPPONENT: Axis = Axis {
        name: "opponent score",
        column: "opponent",
        length: 0,
    };

    /// A `goal x goal` score-table schema with a Python signature, actions `0..=10`.
    pub fn score_schema(goal: usize) -> Schema {
        Schema {
            game: "Test",
            rules: "test-rules".into(),
            goal: goal as u32,
            goal_name: "goal",
            default_goal: 100,
            axes: vec![
                Axis {
                    length: goal,
                    ..OWN
                },
                Axis {
                    length: goal,
                    ..OPPONENT
                },
            ],
            action: "dice",
            min_action: 0,
            max_action: 10,
            outside: None,
            python: Some(PythonSignature {
                function: "final_strategy",
                parameters: &["score", "opponent_score"],
                flags: &[],
                extra_parameters: &[],
                returns: "{}",
                truth_result: false,
                index: "[score][opponent_score]",
                docstring: "Return the number of dice.",
                alias: None,
                paste_into: "hog.py",
            }),
        }
    }

    /// A `goal x goal x m x m` schema without a Python signature.
    pub fn full_schema(goal: usize, m: usize) -> Schema {
        let mut schema = score_schema(goal);
        schema.python = None;
        schema.axes.push(Axis {
            name: "own memory",
            column: "own_memory",
            length: m,
        });
        schema.axes.push(Axis {
            name: "opponent memory",
            column: "opponent_memory",
            length: m,
        });
        schema
    }

    /// A score table of the given row-major dice.
    pub fn scores(goal: usize, dice: Vec<u8>) -> Table {
        table_from_dice(score_schema(goal), dice)
    }
}
