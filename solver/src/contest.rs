//! Grading and tournaments, for any game: what course staff run over a class's submissions.
//!
//! A game says how it resolves a spec, plays a match exactly, explains a table's losses and
//! finds the optimum ([`Contest`], which every game implements). On top of that:
//!
//! - [`submissions`] finds what to grade: files and specs as given, and for each folder every
//!   course file (`hog.py`, `pr1.py`) beneath it.
//! - [`grade`] grades them all against one opponent, in parallel on the current rayon pool;
//!   a submission that cannot be graded gets its reason and never stops the batch.
//! - [`tournament`] resolves its entries (leaving out, with the reason, those that fail) and
//!   plays the exact [`round_robin`].

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use thiserror::Error;

use crate::outcome::{Outcome, Position, Simulation};
use crate::python::Runner;
use crate::spec::{Resolved, StrategyError};
use crate::table::{Schema, Table};
use crate::tournament::{RoundRobin, round_robin};

/// What grading and tournaments need of a game.
pub trait Contest: Sync {
    /// A strategy of the game, resolved.
    type Strategy: Send + Sync;
    /// The ruleset's name.
    fn rules_name(&self) -> String;
    /// What the game calls its goal: `goal` (Hog) or `limit` (Greed).
    fn goal_name(&self) -> &'static str;
    /// The goal or limit.
    fn goal(&self) -> u32;
    /// The strategy submissions are graded against unless the user names another.
    fn yardstick(&self) -> &str;
    /// The table a course strategy fills (for Hog, the score table).
    fn course_schema(&self) -> Schema;
    /// The file a course submission is in (`hog.py`, `pr1.py`), looked for in folders.
    fn submission_file(&self) -> &'static str {
        self.course_schema()
            .python
            .map_or("strategy.py", |signature| signature.paste_into)
    }
    /// The strategy `spec` names, a Python file tabulated with `runner`.
    fn resolve(
        &self,
        spec: &str,
        runner: &Runner,
    ) -> Result<Resolved<Self::Strategy>, StrategyError>;
    /// The strategy that plays `table` (shaped as [`Contest::course_schema`]), called `name`.
    fn table_strategy(&self, name: &str, table: Table) -> Self::Strategy;
    /// The strategy's name, as reports show it.
    fn name<'a>(&self, strategy: &'a Self::Strategy) -> &'a str;
    /// Whether the strategy plays a fixed table (an optimising player answers each change).
    fn is_fixed(&self, strategy: &Self::Strategy) -> bool;
    /// The exact outcome of `strategy` (seat 0) against `opponent`.
    fn play(
        &self,
        strategy: &Self::Strategy,
        opponent: &Self::Strategy,
    ) -> Result<Outcome, ContestError>;
    /// Every cell of `strategy` whose change alone raises its win rate against the fixed
    /// `opponent`, the largest gain first.
    fn explain(
        &self,
        strategy: &Self::Strategy,
        opponent: &Self::Strategy,
    ) -> Result<Vec<Change>, ContestError>;
    /// The numbers that give a position with the player to move (e.g. `own`, `opponent`), in
    /// order, each with the bound it stays below.
    fn position_parts(&self) -> Vec<(&'static str, u32)>;
    /// The position `at` (one number per [`Contest::position_parts`]) of `strategy` against
    /// `opponent`, `strategy` to move: its outcome from there and the value of each choice.
    fn position(
        &self,
        strategy: &Self::Strategy,
        opponent: &Self::Strategy,
        at: &[u32],
    ) -> Result<Position, ContestError>;
    /// `games` seeded games with each seat moving first, `strategy` in seat 0 (`played(n)`
    /// hears of every `n` finished), and beside them the exact outcome they sample.
    fn simulate(
        &self,
        strategy: &Self::Strategy,
        opponent: &Self::Strategy,
        games: u64,
        seed: u64,
        played: &(dyn Fn(u64) + Sync),
    ) -> Result<(Simulation, Outcome), ContestError>;
    /// The optimum against `opponent`: its outcome, and how it was found.
    fn optimum(&self, opponent: &Self::Strategy) -> Result<(Outcome, Found), ContestError>;
    /// The minimax (equilibrium) strategy's table: the one `swine solve --vs minimax` writes.
    fn minimax_table(&self) -> Result<Table, ContestError>;

    /// Whether `strategy` is `minimax`, the equilibrium strategy, rather than `optimal`, the
    /// best response to whatever it meets (both optimise until they meet a fixed strategy).
    fn is_minimax(&self, strategy: &Self::Strategy) -> bool {
        let name = self.name(strategy);
        !self.is_fixed(strategy) && (name == MINIMAX || name.starts_with("minimax ("))
    }

    /// `strategy` as it plays against an opponent that is fixed if `against_fixed`: a
    /// `minimax` facing a fixed strategy plays the equilibrium table (solved here); against
    /// `optimal` or `minimax` it stays an optimiser, both optimal being the same game.
    fn facing(
        &self,
        strategy: Self::Strategy,
        against_fixed: bool,
    ) -> Result<Self::Strategy, ContestError> {
        if against_fixed && self.is_minimax(&strategy) {
            self.equilibrium(&strategy)
        } else {
            Ok(strategy)
        }
    }

    /// The equilibrium table, played under the name of `minimax` (a `minimax` strategy).
    fn equilibrium(&self, minimax: &Self::Strategy) -> Result<Self::Strategy, ContestError> {
        Ok(self.table_strategy(self.name(minimax), self.minimax_table()?))
    }

    /// `strategy` and `opponent` as they meet (see [`Contest::facing`]): `minimax` against a
    /// fixed strategy is the equilibrium strategy, not the best response to it.
    fn meet(
        &self,
        strategy: Self::Strategy,
        opponent: Self::Strategy,
    ) -> Result<[Self::Strategy; 2], ContestError> {
        let fixed = [self.is_fixed(&strategy), self.is_fixed(&opponent)];
        Ok([
            self.facing(strategy, fixed[1])?,
            self.facing(opponent, fixed[0])?,
        ])
    }

    /// The optimum against `opponent`: its outcome, and what it is in words.
    fn optimal(&self, opponent: &Self::Strategy) -> Result<(Outcome, String), ContestError> {
        let (outcome, found) = self.optimum(opponent)?;
        let searched = "the best score table swine solve finds (a course strategy cannot see the \
                        hidden memory)";
        let what = match found {
            Found::Searched => searched.to_string(),
            Found::Committed(path) => format!("{searched}, as committed in {path}"),
            Found::Solved if !self.is_fixed(opponent) => {
                "minimax (both players optimal)".to_string()
            }
            Found::Solved => "the exact best response".to_string(),
        };
        Ok((outcome, what))
    }
}

/// The name of the equilibrium strategy (as a spec, and of the table `--vs minimax` solves).
pub const MINIMAX: &str = "minimax";

/// How [`Contest::optimum`] found the optimum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// Solved exactly: the best response, or minimax against an optimising opponent.
    Solved,
    /// Searched: the best score table found where the rules hide memory from a course strategy.
    Searched,
    /// That search's table as committed in the repository (its path there), evaluated exactly
    /// instead of searched again.
    Committed(&'static str),
}

/// Why a grading or a tournament could not go ahead (a single submission's failure is its
/// row's, not this).
#[derive(Debug, Error)]
pub enum ContestError {
    /// A strategy could not be resolved.
    #[error(transparent)]
    Strategy(#[from] StrategyError),
    /// A game's solver failed (e.g. an iteration did not converge); each game converts its own
    /// solve error into this.
    #[error(transparent)]
    Solve(Box<dyn std::error::Error + Send + Sync>),
    /// `--explain` asked of a strategy or against an opponent that has no single-cell gains.
    #[error("{0}")]
    Explain(String),
    /// A position that is no position of the game.
    #[error("{0}")]
    Position(String),
    /// Fewer than two entries of a tournament could be resolved.
    #[error("a round robin needs at least two strategies; {usable} could be used ({left_out})")]
    TooFew {
        /// How many could.
        usable: usize,
        /// The others, with their reasons.
        left_out: String,
    },
}

impl ContestError {
    /// `--explain` asked of a strategy that optimises everywhere (`optimising`), or else
    /// against an opponent that does.
    pub fn not_fixed(strategy: &str, optimising: bool, opponent: &str) -> ContestError {
        ContestError::Explain(if optimising {
            format!("{strategy} optimises everywhere: it has nothing to gain")
        } else {
            format!("--explain needs a fixed opponent: {opponent} answers every change anew")
        })
    }
}

/// Checks that `at` holds one number per part of `parts`, each below its bound; the error says
/// which is wrong.
pub fn check_position(parts: &[(&str, u32)], at: &[u32]) -> Result<(), ContestError> {
    check_count(parts, at.len())?;
    for (&n, &(name, bound)) in at.iter().zip(parts) {
        if n >= bound {
            return Err(ContestError::Position(format!(
                "{name} {n} is outside 0..{bound}"
            )));
        }
    }
    Ok(())
}

/// Checks that `given` numbers are one per part of `parts`.
pub fn check_count(parts: &[(&str, u32)], given: usize) -> Result<(), ContestError> {
    if given == parts.len() {
        return Ok(());
    }
    let names: Vec<String> = parts.iter().map(|(name, _)| name.to_uppercase()).collect();
    Err(ContestError::Position(format!(
        "{given} number(s), expected {} ({})",
        parts.len(),
        names.join(",")
    )))
}

/// A cell where changing a strategy's choice alone raises its win rate, exactly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// The strategy's score.
    pub score: u32,
    /// The opponent's score.
    pub opponent_score: u32,
    /// Greed: whether the opponent has just passed (`None` in other games).
    pub passed: Option<bool>,
    /// The Pig family: the turn total (`None` in other games); a change is then one state's.
    pub turn_total: Option<u32>,
    /// The dice count the strategy chooses (the Pig family: 1 to roll, 0 to hold).
    pub chosen: u8,
    /// The dice count that gains the most (the Pig family: the other decision).
    pub best: u8,
    /// The expected number of times a game reaches the cell with the strategy to move (its
    /// probability, where a game cannot come back), each seat first in half the games.
    pub reach: f64,
    /// The rise of the win rate (P(win) + ½·P(tie), seat-averaged) if the cell alone chose
    /// `best`.
    pub gain: f64,
}

/// One thing to grade: a spec, or a folder argument that held nothing to grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// The spec (a file found in a folder is given by its path).
    pub spec: String,
    /// Why it cannot be graded before anything runs (an empty or missing folder).
    pub problem: Option<String>,
}

/// Folders the search for submissions never enters: version control, caches, archive debris.
const SKIPPED_FOLDERS: [&str; 3] = ["__pycache__", "__MACOSX", "node_modules"];

/// The submissions `arguments` name: files and specs as given, and for each folder every file
/// called `file` beneath it, in path order (symbolic links to folders and hidden folders are not
/// followed).
pub fn submissions(arguments: &[String], file: &str) -> Vec<Submission> {
    let mut found = Vec::new();
    for argument in arguments {
        let path = Path::new(argument);
        let problem = |text: String| Submission {
            spec: argument.clone(),
            problem: Some(text),
        };
        if argument.ends_with('/') && !path.exists() {
            found.push(problem("no such folder".to_string()));
            continue;
        }
        if !path.is_dir() {
            found.push(Submission {
                spec: argument.clone(),
                problem: None,
            });
            continue;
        }
        let mut files = Vec::new();
        collect(path, file, &mut files);
        files.sort();
        if files.is_empty() {
            found.push(problem(format!("no {file} in this folder or beneath it")));
        }
        found.extend(files.into_iter().map(|f| Submission {
            spec: f.display().to_string(),
            problem: None,
        }));
    }
    found
}

/// Every file called `name` in `folder` and its subfolders (see [`submissions`]); unreadable
/// folders are skipped.
fn collect(folder: &Path, name: &str, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        if kind.is_dir() {
            if !file_name.starts_with('.') && !SKIPPED_FOLDERS.contains(&file_name.as_ref()) {
                collect(&entry.path(), name, files);
            }
        } else if file_name == name && entry.path().is_file() {
            files.push(entry.path());
        }
    }
}

/// One submission graded, or why it could not be.
#[derive(Clone, Debug)]
pub struct Graded {
    /// The spec graded.
    pub spec: String,
    /// The Python function called, if it was one.
    pub function: Option<String>,
    /// Its exact outcome against the opponent and, if asked, its costliest cells; or the
    /// reason it could not be graded, in one line.
    pub result: Result<Grade, String>,
}

/// A submission's exact result.
#[derive(Clone, Debug)]
pub struct Grade {
    /// Its outcome against the opponent.
    pub outcome: Outcome,
    /// With `explain`: the first cells of [`Contest::explain`].
    pub changes: Option<Vec<Change>>,
}

/// Grades every submission against `opponent` in parallel on the current rayon pool, calling
/// `done` after each; with `explain = Some(n)`, also lists each one's `n` costliest cells. The
/// result is ranked: graded submissions by win rate (best first; the given order among equals),
/// then the failures in the given order.
pub fn grade<C: Contest>(
    contest: &C,
    submissions: &[Submission],
    opponent: &C::Strategy,
    runner: &Runner,
    explain: Option<usize>,
    done: impl Fn() + Sync,
) -> Result<Vec<Graded>, ContestError> {
    // Submissions are tables: against them `minimax` is the equilibrium strategy.
    let equilibrium = (contest.is_minimax(opponent))
        .then(|| contest.equilibrium(opponent))
        .transpose()?;
    let opponent = equilibrium.as_ref().unwrap_or(opponent);
    if explain.is_some() && !contest.is_fixed(opponent) {
        return Err(ContestError::Explain(format!(
            "--explain needs a fixed opponent: {} answers every change anew",
            contest.name(opponent)
        )));
    }
    let grade_one = |submission: &Submission| {
        let graded = match &submission.problem {
            Some(problem) => Graded {
                spec: submission.spec.clone(),
                function: None,
                result: Err(problem.clone()),
            },
            None => grade_submission(contest, &submission.spec, opponent, runner, explain),
        };
        done();
        graded
    };
    let mut graded: Vec<Graded> = submissions.par_iter().map(grade_one).collect();
    let rate = |g: &Graded| {
        g.result
            .as_ref()
            .map_or(f64::NEG_INFINITY, |grade| grade.outcome.win_rate())
    };
    graded.sort_by(|a, b| rate(b).total_cmp(&rate(a)));
    Ok(graded)
}

/// Grades the submission `spec`.
fn grade_submission<C: Contest>(
    contest: &C,
    spec: &str,
    opponent: &C::Strategy,
    runner: &Runner,
    explain: Option<usize>,
) -> Graded {
    let resolved = match contest.resolve(spec, runner) {
        Ok(resolved) => resolved,
        Err(error) => {
            return Graded {
                spec: spec.to_string(),
                function: None,
                result: Err(error.reason()),
            };
        }
    };
    let result = (|| {
        let strategy = contest.facing(resolved.strategy, contest.is_fixed(opponent))?;
        let outcome = contest.play(&strategy, opponent)?;
        let changes = match explain {
            Some(n) => Some(
                contest
                    .explain(&strategy, opponent)?
                    .into_iter()
                    .take(n)
                    .collect(),
            ),
            None => None,
        };
        Ok::<_, ContestError>(Grade { outcome, changes })
    })();
    Graded {
        spec: spec.to_string(),
        function: resolved.function,
        result: result.map_err(|e| e.to_string()),
    }
}

/// A round robin played: its entries, those left out and the results.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// The entries' names, in the order given (failed ones left out).
    pub names: Vec<String>,
    /// The specs that could not be resolved, with the reason.
    pub left_out: Vec<(String, String)>,
    /// The results, indexed like `names`.
    pub results: RoundRobin,
}

/// Resolves every spec (in parallel on the current rayon pool, with `runner` for Python files)
/// and plays the exact round robin of those that resolve, calling `done` after each match.
pub fn tournament<C: Contest>(
    contest: &C,
    specs: &[String],
    runner: &Runner,
    done: impl Fn() + Sync,
) -> Result<Tournament, ContestError> {
    let resolved: Vec<Result<C::Strategy, StrategyError>> = specs
        .par_iter()
        .map(|spec| contest.resolve(spec, runner).map(|r| r.strategy))
        .collect();
    let mut entries = Vec::new();
    let mut left_out = Vec::new();
    for (spec, strategy) in specs.iter().zip(resolved) {
        match strategy {
            Ok(strategy) => entries.push(strategy),
            Err(error) => left_out.push((spec.trim().to_string(), error.reason())),
        }
    }
    let entries = entrants(contest, entries, &left_out)?;
    let results = round_robin(
        entries.len(),
        |i, j| contest.play(&entries[i], &entries[j]),
        done,
    )?;
    Ok(Tournament {
        names: entries
            .iter()
            .map(|s| contest.name(s).to_string())
            .collect(),
        left_out,
        results,
    })
}

/// The entries of a round robin as they play it (each `minimax` the equilibrium strategy), or
/// why there are too few of them (`left_out`: the entries that could not be used, with the
/// reason).
pub fn entrants<C: Contest>(
    contest: &C,
    entries: Vec<C::Strategy>,
    left_out: &[(String, String)],
) -> Result<Vec<C::Strategy>, ContestError> {
    if entries.len() < 2 {
        let left: Vec<String> = left_out.iter().map(|(s, r)| format!("{s}: {r}")).collect();
        return Err(ContestError::TooFew {
            usable: entries.len(),
            left_out: left.join("; "),
        });
    }
    entries
        .into_iter()
        .map(|entry| contest.facing(entry, true))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_give_every_course_file_beneath_them_once() {
        let root = tempfile::tempdir().unwrap();
        let make = |path: &str| {
            let path = root.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        };
        make("b/hog.py");
        make("a/deep/hog.py");
        make("a/notes.txt");
        make(".git/hog.py");
        make("c/__pycache__/hog.py");
        std::fs::create_dir(root.path().join("empty")).unwrap();
        // A link back up would loop forever if followed.
        std::os::unix::fs::symlink(root.path(), root.path().join("b/loop")).unwrap();
        let top = root.path().display().to_string();
        let empty = root.path().join("empty").display().to_string();
        let found = submissions(&[top.clone(), empty.clone(), "bacon".to_string()], "hog.py");
        let specs: Vec<&str> = found.iter().map(|s| s.spec.as_str()).collect();
        assert_eq!(
            specs,
            [
                format!("{top}/a/deep/hog.py").as_str(),
                &format!("{top}/b/hog.py"),
                &empty,
                "bacon"
            ]
        );
        assert_eq!(
            found[2].problem.as_deref(),
            Some("no hog.py in this folder or beneath it")
        );
        assert!(found[0].problem.is_none() && found[3].problem.is_none());
    }
}
