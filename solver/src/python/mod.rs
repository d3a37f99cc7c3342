//! Strategies written in Python: a course `final_strategy` turned into a table by calling it on
//! every state, in a child `python3` process with limits.
//!
//! [`Runner::tabulate`] writes a small harness (shipped inside the binary) into a fresh private
//! directory and runs `python3 harness.py` out of swine's reach ([`isolate`]: a supervisor
//! between them, the harness in a session and, where the system allows, a PID namespace of its
//! own), with an empty scratch directory as its working directory, as a [`Session`]. The
//! harness limits its own CPU time, address space, file sizes and processes, refuses signals
//! to its parent or its process group, imports the file from the file's own folder as the
//! course does (with stand-ins for the course's `dice` and `ucb` modules when that folder has
//! none), and answers batches of states with the function's results, each checked the way the
//! course does (an `int`, not a `bool` or a float, in the legal range). Every request carries a
//! nonce the answer must repeat, and once the table is whole a random sample of states is
//! asked again and must be answered as before ([`tabulate`]). What the strategy prints is
//! discarded.
//!
//! Swine enforces the wall-clock limits and, when the session ends or runs out of time, stops
//! the harness and everything it started (in a PID namespace the kernel kills them all with
//! it). On Linux swine is also a child subreaper ([`reaper`]): a process the strategy started
//! that got out and lost its parent is handed to swine, which kills it too. Both scratch
//! directories are removed.
//!
//! A Hog rule module (`--rules FILE.py`, see [`Script`](crate::hog::Script)) and a Farkle or
//! Yahtzee strategy ([`Asked`]) run in the same kind of session, started the same way under the
//! same limits, which stays to answer batches of calls until it is dropped.
//!
//! This isolates mistakes and keeps swine alive, not secrets: a strategy that loops, crashes,
//! eats memory, prints megabytes, raises, starts processes or signals its parent fails alone
//! with a reason and leaves nothing running. The child still runs as the same user with the
//! same file system and network access, and the submitted code runs in the harness's own
//! interpreter, so hostile code can read or change the user's files, and replace the harness's
//! own functions; the nonces and the second asking make a table written past the function
//! detectable, not impossible (see the grading guide): it is not a security sandbox.

mod asked;
mod callable;
mod isolate;
mod reaper;
mod session;
mod tabulate;

pub use callable::{Callable, call_text, python_text};

pub(crate) use asked::{Answers, Asked};
pub(crate) use session::Session;

use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

use thiserror::Error;

use crate::read::{self, ReadError};
use crate::table::{Schema, Table};

/// The harness the child runs (whose helpers the rules harness imports too).
pub(crate) const HARNESS: &str = include_str!("harness.py");

/// How often the parent checks whether the child has finished.
const POLL: Duration = Duration::from_millis(5);

/// A Python strategy spec: a file, and the function to call in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PythonSpec<'a> {
    /// The `.py` file.
    pub path: &'a Path,
    /// The function named after the colon, if any (otherwise the schema's function).
    pub function: Option<&'a str>,
}

impl<'a> PythonSpec<'a> {
    /// `path.py` or `path.py:FUNCTION` (surrounding spaces ignored), or `None` when `spec`
    /// names no Python file.
    pub fn of(spec: &'a str) -> Option<PythonSpec<'a>> {
        let spec = spec.trim();
        let is_python = |path: &str| {
            Path::new(path)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("py"))
        };
        if is_python(spec) {
            return Some(PythonSpec {
                path: Path::new(spec),
                function: None,
            });
        }
        let (path, function) = spec.rsplit_once(':')?;
        is_python(path).then_some(PythonSpec {
            path: Path::new(path),
            function: Some(function),
        })
    }
}

impl PythonSpec<'_> {
    /// The file, checked to be a regular `.py` file of a strategy's size, as an absolute path.
    pub(crate) fn file(&self) -> Result<PathBuf, PythonError> {
        if self.path.is_dir() {
            return Err(PythonError::Folder);
        }
        if !self.path.exists() {
            return Err(PythonError::Missing);
        }
        if !self.path.is_file() {
            return Err(PythonError::NotAFile);
        }
        let size = std::fs::metadata(self.path).map_or(0, |m| m.len());
        if size > read::PYTHON_BYTES {
            return Err(PythonError::Read(ReadError::TooLarge {
                limit: read::PYTHON_BYTES,
                what: "a Python strategy",
            }));
        }
        self.path.canonicalize().map_err(PythonError::Scratch)
    }

    /// The functions to look for, in order: the one named after the colon (checked to be a
    /// name), else `defaults`.
    pub(crate) fn candidates<'f>(
        &'f self,
        defaults: &[&'f str],
    ) -> Result<Vec<&'f str>, PythonError> {
        match self.function {
            Some(function) if !is_identifier(function) => {
                Err(PythonError::FunctionName(function.to_string()))
            }
            Some(function) => Ok(vec![function]),
            None => Ok(defaults.to_vec()),
        }
    }
}

/// Whether `name` can be a Python function's name (ASCII identifiers only).
fn is_identifier(name: &str) -> bool {
    name.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The limits a Python strategy runs under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for a table: importing the file, asking every state and asking a sample
    /// again; in a session that stays (Farkle, Yahtzee, a rule module), for each request. Each
    /// request's CPU time limit is the same, rounded up to a whole second.
    pub timeout: Duration,
    /// Address space of the child, in bytes.
    pub memory: u64,
    /// The largest file the child may write, in bytes.
    pub file_size: u64,
    /// How many processes the strategy may start (the processes it starts may start none).
    pub processes: u32,
    /// Wall-clock time for one call of a strategy function while it is tabulated: a call that
    /// runs longer is refused, naming the call.
    pub call: Duration,
}

impl Default for Limits {
    /// 60 s of wall-clock time, 2 GiB of address space, files up to 64 MiB, 8 processes, 2 s
    /// a call.
    fn default() -> Limits {
        Limits {
            timeout: Duration::from_secs(60),
            memory: 2 << 30,
            file_size: 64 << 20,
            processes: 8,
            call: Duration::from_secs(2),
        }
    }
}

/// Runs Python strategies: which interpreter, under which limits.
#[derive(Clone, Debug)]
pub struct Runner {
    /// The interpreter, e.g. `python3` (looked up on the PATH).
    pub python: PathBuf,
    /// The limits of every run.
    pub limits: Limits,
}

impl Default for Runner {
    /// `python3` from the PATH with the default [`Limits`].
    fn default() -> Runner {
        Runner {
            python: PathBuf::from("python3"),
            limits: Limits::default(),
        }
    }
}

/// Why a Python strategy could not be tabulated: one line, without the file's name.
#[derive(Debug, Error)]
pub enum PythonError {
    /// The file does not exist.
    #[error("no such file")]
    Missing,
    /// The path is a folder.
    #[error("a folder, not a .py file")]
    Folder,
    /// The path is a device, a pipe or a socket.
    #[error("not a regular file (a device or a pipe?)")]
    NotAFile,
    /// The file is larger than a strategy may be.
    #[error("{0}")]
    Read(ReadError),
    /// The text after the colon cannot name a function.
    #[error("'{0}' is not the name of a Python function")]
    FunctionName(String),
    /// The interpreter could not be started.
    #[error("cannot run {python}: {error} (install python3, or give its path with --python)")]
    Start {
        /// The interpreter.
        python: String,
        /// What the system said.
        error: io::Error,
    },
    /// The scratch directories or their files could not be written.
    #[error("cannot prepare a scratch directory: {0}")]
    Scratch(io::Error),
    /// The harness rejected the strategy (import error, exception, bad result, ...).
    #[error("{0}")]
    Rejected(String),
    /// The child ran past the wall-clock limit and was killed.
    #[error("still running after {} s: killed (an infinite loop?)", seconds(*.0))]
    TimedOut(Duration),
    /// The child ended without a result.
    #[error("python ended before the harness could answer: {0}")]
    Crashed(String),
    /// The harness answered something that is no answer.
    #[error("unreadable result from the harness: {0}")]
    Garbled(String),
    /// An answer that was not the harness's: one the strategy wrote into the channel.
    #[error("{0}")]
    Forged(String),
}

/// A duration in seconds for people: `60`, `2.5`, `0.001`.
pub(crate) fn seconds(duration: Duration) -> String {
    let text = format!("{:.3}", duration.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A tabulated Python strategy.
#[derive(Clone, Debug)]
pub struct Tabulated {
    /// The function that was called (the schema's, its alias, or the one named).
    pub function: String,
    /// Its choices in every state.
    pub table: Table,
}

impl Runner {
    /// Calls the strategy `spec` names on every state of `schema` and returns its table.
    /// Without a function named in the spec, the schema's function is called (or, if the file
    /// defines only that, its alias, e.g. Greed's `myStrategy`).
    pub fn tabulate(&self, spec: &PythonSpec, schema: &Schema) -> Result<Tabulated, PythonError> {
        tabulate::tabulate(self, spec, schema)
    }

    /// The interpreter on `arguments` in `work`, out of swine's reach (see [`isolate`]), with a
    /// clean Python environment, its stdin a pipe and its stderr discarded (stdout is the
    /// caller's).
    fn command(&self, work: &Path, arguments: &[&Path]) -> Command {
        let mut command = Command::new(&self.python);
        command
            .arg("-B")
            .args(arguments)
            .current_dir(work)
            .env("PYTHONHASHSEED", "0")
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .env_remove("PYTHONPATH")
            .env_remove("PYTHONSTARTUP")
            .stdin(Stdio::piped())
            .stderr(Stdio::null());
        isolate::isolate(&mut command);
        command
    }

    /// Starts `command` as a marked child (see [`reaper`]), or says why python did not start.
    fn spawn(&self, command: &mut Command) -> Result<std::process::Child, PythonError> {
        reaper::spawn(command).map_err(|error| PythonError::Start {
            python: self.python.display().to_string(),
            error,
        })
    }
}

/// A fresh private directory whose name starts with `prefix`, removed when dropped.
fn scratch(prefix: &str) -> Result<tempfile::TempDir, PythonError> {
    tempfile::Builder::new()
        .prefix(prefix)
        .tempdir()
        .map_err(PythonError::Scratch)
}

/// How a child that left no result ended, in words.
fn describe_status(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (_, Some(libc::SIGXCPU)) => "it used up its CPU time limit".to_string(),
        (_, Some(libc::SIGXFSZ)) => "it wrote a file past the size limit".to_string(),
        (_, Some(libc::SIGKILL)) => {
            "killed (out of memory, past its CPU time limit, or it killed its supervisor?)"
                .to_string()
        }
        (_, Some(signal)) => format!("killed by signal {signal}"),
        (Some(code), _) => format!("it exited with status {code} (does it call exit?)"),
        (None, None) => "it ended without a status".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_name_a_file_and_maybe_a_function() {
        assert_eq!(
            PythonSpec::of(" students/ann/hog.py "),
            Some(PythonSpec {
                path: Path::new("students/ann/hog.py"),
                function: None
            })
        );
        assert_eq!(
            PythonSpec::of("hog.PY:my_strategy2"),
            Some(PythonSpec {
                path: Path::new("hog.PY"),
                function: Some("my_strategy2")
            })
        );
        assert_eq!(
            PythonSpec::of("hog.py:2x").map(|s| s.function),
            Some(Some("2x"))
        );
        assert_eq!(PythonSpec::of("t.csv"), None);
        assert_eq!(PythonSpec::of("always_roll:4"), None);
    }

    #[test]
    fn function_names_are_identifiers() {
        assert!(is_identifier("final_strategy"));
        assert!(is_identifier("_x2"));
        assert!(!is_identifier("2x"));
        assert!(!is_identifier("a-b"));
        assert!(!is_identifier(""));
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(seconds(Duration::from_secs(60)), "60");
        assert_eq!(seconds(Duration::from_millis(2500)), "2.5");
        assert_eq!(seconds(Duration::from_millis(1)), "0.001");
    }
}
