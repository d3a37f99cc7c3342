//! What every game's strategy specs share: telling a table file from a named strategy, and the
//! errors a spec can raise. Each game resolves the names it knows (`hog::Strategy`,
//! `greed::Strategy`); table files are loaded here, once, against the game's schemas.

use std::path::Path;

use thiserror::Error;

use crate::format::{self, Format, LoadError, Schema, TableFile};

/// The table files a spec may name, for error messages.
pub const TABLE_FILES: &str = "a table file (.csv, .json, .npy, .bin)";

/// A spec taken apart: a table file, or a name with the text after its first colon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spec<'a> {
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
    /// Takes `spec` apart (surrounding spaces ignored). A name before the first colon wins
    /// (`improve:t.csv` names `improve` wrapping a table file); otherwise a path with a table
    /// format's extension is a table file.
    pub fn of(spec: &'a str) -> Spec<'a> {
        let spec = spec.trim();
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

/// Loads a table file as one of the game's `schemas`.
pub fn load_table(path: &Path, schemas: &[Schema]) -> Result<TableFile, StrategyError> {
    Ok(format::load(path, schemas)?)
}

/// Why a strategy spec could not be resolved.
#[derive(Debug, Error)]
pub enum StrategyError {
    /// The spec names no strategy of this ruleset.
    #[error("unknown strategy '{spec}' for {rules}; expected {expected}")]
    Unknown {
        /// The spec.
        spec: String,
        /// The ruleset.
        rules: String,
        /// The specs that exist.
        expected: String,
    },
    /// The name is right but the parameters are not.
    #[error("strategy '{spec}': {problem}")]
    Parameters {
        /// The spec.
        spec: String,
        /// What is wrong, with an example.
        problem: String,
    },
    /// A table file could not be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
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
            Spec::of("optimal"),
            Spec::Named {
                name: "optimal",
                arguments: None
            }
        );
    }
}
