//! What every game's strategy specs share: telling a table file or a Python file from a named
//! strategy, and the errors a spec can raise. Each game resolves the names it knows
//! (`hog::Strategy`, `greed::Strategy`); table files are loaded here, once, against the game's
//! schemas, and Python strategies are tabulated here under them.

use std::path::Path;

use thiserror::Error;

use crate::format::{self, Format, LoadError, Schema, Table, TableFile};
use crate::python::{PythonError, PythonSpec, Runner, Tabulated};
use crate::report::printable;

/// The files a spec may name, for error messages.
pub const TABLE_FILES: &str = "a table file (.csv, .json, .npy, .bin) or a Python file (.py)";

/// A spec taken apart: a Python file, a table file, or a name with the text after its first
/// colon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec<'a> {
    /// `path.py` or `path.py:FUNCTION`.
    Python(PythonSpec<'a>),
    /// A path whose extension is a table format.
    TableFile(&'a Path),
    /// A named strategy, e.g. `bacon` with `Some("8,6")`, or `improve` with `Some("sample1")`.
    Named {
        /// The name before the colon.
        name: &'a str,
        /// The text after it, if any.
        arguments: Option<&'a str>,
    },
}

impl<'a> Spec<'a> {
    /// Takes `spec` apart (surrounding spaces ignored). A path ending in `.py` (or `.py:NAME`)
    /// is a Python file; otherwise a name before the first colon wins (`improve:t.csv` names
    /// `improve` wrapping a table file), and a path with a table format's extension is a table
    /// file.
    pub fn of(spec: &'a str) -> Spec<'a> {
        let spec = spec.trim();
        if let Some(python) = PythonSpec::of(spec) {
            return Spec::Python(python);
        }
        let named = spec.split_once(':').is_some_and(|(name, _)| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
        let is_file = Path::new(spec)
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
            .is_some();
        if is_file && !named {
            return Spec::TableFile(Path::new(spec));
        }
        match spec.split_once(':') {
            Some((name, arguments)) => Spec::Named {
                name,
                arguments: Some(arguments),
            },
            None => Spec::Named {
                name: spec,
                arguments: None,
            },
        }
    }
}

/// A strategy resolved from a spec, with the Python function it came from, if any.
#[derive(Clone, Debug)]
pub struct Resolved<S> {
    /// The strategy.
    pub strategy: S,
    /// The Python function that was tabulated (`None` for other specs).
    pub function: Option<String>,
}

/// Resolves `spec` the way every game does: a Python file is tabulated with `runner` under the
/// course's schema (the first of `schemas`), a table file is loaded as any of `schemas`, and
/// either becomes a strategy through `from_table`; a name goes to `named` with the text after
/// its colon.
pub fn resolve<S>(
    spec: &str,
    schemas: &[Schema],
    runner: &Runner,
    from_table: impl FnOnce(&str, Table) -> S,
    named: impl FnOnce(&str, Option<&str>) -> Result<S, StrategyError>,
) -> Result<Resolved<S>, StrategyError> {
    let spec = spec.trim();
    Ok(match Spec::of(spec) {
        Spec::Python(python) => {
            let tabulated = tabulate(spec, &python, &schemas[0], runner)?;
            Resolved {
                strategy: from_table(spec, tabulated.table),
                function: Some(tabulated.function),
            }
        }
        Spec::TableFile(path) => Resolved {
            strategy: from_table(spec, load_table(path, schemas)?.table),
            function: None,
        },
        Spec::Named { name, arguments } => Resolved {
            strategy: named(name, arguments)?,
            function: None,
        },
    })
}

/// Tabulates the Python strategy `python` (given as `spec`) under `schema` with `runner`.
fn tabulate(
    spec: &str,
    python: &PythonSpec,
    schema: &Schema,
    runner: &Runner,
) -> Result<Tabulated, StrategyError> {
    runner
        .tabulate(python, schema)
        .map_err(|error| StrategyError::Python {
            spec: spec.trim().to_string(),
            error,
        })
}

/// Loads a table file as one of the game's `schemas`.
fn load_table(path: &Path, schemas: &[Schema]) -> Result<TableFile, StrategyError> {
    Ok(format::load(path, schemas)?)
}

/// Why a strategy spec could not be resolved.
#[derive(Debug, Error)]
pub enum StrategyError {
    /// The spec names no strategy of this ruleset.
    #[error(
        "unknown strategy '{}' for {rules}; expected {expected}",
        printable(spec)
    )]
    Unknown {
        /// The spec.
        spec: String,
        /// The ruleset.
        rules: String,
        /// The specs that exist.
        expected: String,
    },
    /// The name is right but the parameters are not.
    #[error("strategy '{}': {problem}", printable(spec))]
    Parameters {
        /// The spec.
        spec: String,
        /// What is wrong, with an example.
        problem: String,
    },
    /// A table file could not be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A Python strategy could not be tabulated.
    #[error("{spec}: {error}")]
    Python {
        /// The spec (the file, and the function if named).
        spec: String,
        /// Why.
        error: PythonError,
    },
}

impl StrategyError {
    /// The reason alone, without the spec it is about, for reports that name the spec apart.
    pub fn reason(&self) -> String {
        match self {
            StrategyError::Python { error, .. } => error.to_string(),
            other => other.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_files_or_names_with_arguments() {
        assert_eq!(
            Spec::of(" out/t.CSV "),
            Spec::TableFile(Path::new("out/t.CSV"))
        );
        assert_eq!(
            Spec::of("improve:improve:sample1"),
            Spec::Named {
                name: "improve",
                arguments: Some("improve:sample1")
            }
        );
        assert_eq!(
            Spec::of("improve:tables/t.csv"),
            Spec::Named {
                name: "improve",
                arguments: Some("tables/t.csv")
            }
        );
        assert_eq!(
            Spec::of("out:1/t.json"),
            Spec::Named {
                name: "out",
                arguments: Some("1/t.json")
            }
        );
        assert_eq!(
            Spec::of("./out:1/t.json"),
            Spec::TableFile(Path::new("./out:1/t.json"))
        );
        assert_eq!(
            Spec::of("class/ann/hog.py:mine"),
            Spec::Python(PythonSpec {
                path: Path::new("class/ann/hog.py"),
                function: Some("mine")
            })
        );
        assert_eq!(
            Spec::of("optimal"),
            Spec::Named {
                name: "optimal",
                arguments: None
            }
        );
    }
}
