//! `grade` and `tournament` for any game: the batch, its parallelism, progress and reports.
//! Each game supplies what differs ([`Contest`]): resolving a spec, playing a match exactly,
//! explaining a strategy's losses and the optimal win rate.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use swine_solver::format::{Probability, prepare_directory, write_rendered};
use swine_solver::outcome::Outcome;
use swine_solver::python::Runner;
use swine_solver::tournament::round_robin;

use crate::cli::{BatchArgs, GradeArgs, TournamentArgs};
use crate::ranking::{Entry, Grade, GradeReport, TournamentReport};
use crate::report::{Lost, Report, print};
use crate::resolve::{self, Resolved};

/// What grading and round robins need of a game.
pub trait Contest: Sync {
    /// A strategy of the game, resolved.
    type Strategy: Send + Sync;
    /// The ruleset's name, what its goal is called (`goal`, `limit`), and the goal.
    fn heading(&self) -> (String, &'static str, u32);
    /// The strategy every submission is graded against unless `--vs` says otherwise.
    fn yardstick(&self) -> &str;
    /// The file a course submission is in (`hog.py`), looked for in folders.
    fn submission_file(&self) -> &'static str;
    /// The strategy `spec` names (a .py file is tabulated with `runner`).
    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Resolved<Self::Strategy>>;
    /// The strategy's name as the reports show it.
    fn name<'a>(&self, strategy: &'a Self::Strategy) -> &'a str;
    /// The exact outcome of `strategy` (seat 0) against `opponent`.
    fn play(&self, strategy: &Self::Strategy, opponent: &Self::Strategy) -> Result<Outcome>;
    /// The `n` cells of `strategy` where a single change gains the most against `opponent`.
    fn explain(
        &self,
        strategy: &Self::Strategy,
        opponent: &Self::Strategy,
        n: usize,
    ) -> Result<Vec<Lost>>;
    /// What the optimal strategy wins against `opponent`, and what "optimal" means here.
    fn optimal(&self, opponent: &Self::Strategy) -> Result<(f64, String)>;
}

/// A thread pool of `jobs` threads (default: one per core).
fn pool(jobs: Option<u16>) -> Result<rayon::ThreadPool> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = jobs {
        builder = builder.num_threads(usize::from(jobs));
    }
    Ok(builder.build()?)
}

/// A progress bar over `len` items on stderr (hidden when stderr is not a terminal).
fn progress(len: usize, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed:>4} [{bar:30}] {pos}/{len} {msg}")
            .expect("a valid progress template")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// Where `--report` goes and whether as JSON (else CSV), checked before any work: the
/// extension must be .csv or .json and the folder must take a file.
fn report_target(batch: &BatchArgs) -> Result<Option<(PathBuf, bool)>> {
    let Some(path) = &batch.report else {
        return Ok(None);
    };
    let json = match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("json") => true,
        Some(e) if e.eq_ignore_ascii_case("csv") => false,
        _ => bail!(
            "--report {}: the report is .csv or .json, chosen by the extension",
            path.display()
        ),
    };
    if path.file_name().is_none() || path.is_dir() {
        bail!("--report {}: not a file name", path.display());
    }
    prepare_directory(folder_of(path)).with_context(|| "--report".to_string())?;
    Ok(Some((path.clone(), json)))
}

/// The folder `path` is in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Writes `report` to the `--report` target, if any (atomically: JSON, or its `csv`), then
/// prints it.
fn finish<R: Report>(
    batch: &BatchArgs,
    target: Option<(PathBuf, bool)>,
    report: &R,
    csv: fn(&R) -> String,
) -> Result<()> {
    if let Some((path, json)) = target {
        let bytes = if json {
            serde_json::to_vec_pretty(report)?
        } else {
            csv(report).into_bytes()
        };
        let name = path
            .file_name()
            .expect("checked by report_target")
            .to_string_lossy()
            .into_owned();
        write_rendered(folder_of(&path), vec![(name, bytes)])?;
    }
    print(report, batch.json)?;
    Ok(())
}

/// The submissions the arguments name: files and specs as given, and for each folder every
/// `file` beneath it, in path order.
fn submissions(arguments: &[String], file: &str) -> Vec<(String, Option<String>)> {
    let mut found = Vec::new();
    for argument in arguments {
        let path = Path::new(argument);
        if argument.ends_with('/') && !path.exists() {
            found.push((argument.clone(), Some("no such folder".to_string())));
            continue;
        }
        if !path.is_dir() {
            found.push((argument.clone(), None));
            continue;
        }
        let mut files = Vec::new();
        collect(path, file, &mut files);
        files.sort();
        if files.is_empty() {
            found.push((
                argument.clone(),
                Some(format!("no {file} in this folder or beneath it")),
            ));
        }
        found.extend(files.into_iter().map(|f| (f.display().to_string(), None)));
    }
    found
}

/// Every file called `name` in `folder` and its subfolders (unreadable folders are skipped).
fn collect(folder: &Path, name: &str, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, name, files);
        } else if path.file_name().is_some_and(|n| n == name) {
            files.push(path);
        }
    }
}

/// The reason of a failed submission in one line, without the spec it is about.
fn reason(spec: &str, error: &anyhow::Error) -> String {
    let text = format!("{error:#}");
    text.strip_prefix(&format!("{}: ", spec.trim()))
        .unwrap_or(&text)
        .replace('\n', " ")
}

/// `swine grade` for the game `contest`.
pub fn grade<C: Contest>(contest: &C, args: &GradeArgs) -> Result<()> {
    let target = report_target(&args.batch)?;
    let runner = resolve::runner(&args.batch.python);
    let opponent_spec = args.vs.as_deref().unwrap_or(contest.yardstick());
    let opponent = contest
        .resolve(opponent_spec, &runner)
        .context("in --vs")?
        .strategy;
    let (optimal_win_rate, optimal) = contest.optimal(&opponent)?;
    let submissions = submissions(&args.submissions, contest.submission_file());
    let pool = pool(args.batch.jobs)?;
    let bar = progress(submissions.len(), "graded");
    let grade_one = |(spec, problem): &(String, Option<String>)| -> Grade {
        let graded = match problem {
            Some(problem) => Err(anyhow::anyhow!("{problem}")),
            None => grade_submission(contest, spec, &opponent, &runner, args.explain),
        };
        bar.inc(1);
        match graded {
            Ok((function, outcome, explain)) => Grade {
                file: spec.clone(),
                function,
                status: "ok",
                error: String::new(),
                win_rate: Some(Probability(outcome.win_rate())),
                as_first: Some(Probability(outcome.as_first())),
                as_second: Some(Probability(outcome.as_second())),
                optimal_win_rate: Some(Probability(optimal_win_rate)),
                shortfall: Some(Probability(optimal_win_rate - outcome.win_rate())),
                explain,
            },
            Err(error) => Grade {
                file: spec.clone(),
                function: String::new(),
                status: "error",
                error: reason(spec, &error),
                win_rate: None,
                as_first: None,
                as_second: None,
                optimal_win_rate: None,
                shortfall: None,
                explain: None,
            },
        }
    };
    let mut grades: Vec<Grade> = pool.install(|| submissions.par_iter().map(grade_one).collect());
    bar.finish_and_clear();
    // Graded first, best first (a stable sort keeps the given order among equals).
    grades.sort_by(|a, b| {
        let key = |g: &Grade| g.win_rate.map_or(f64::NEG_INFINITY, |p| p.0);
        key(b).total_cmp(&key(a))
    });
    let (rules, goal_name, goal) = contest.heading();
    let report = GradeReport {
        rules,
        goal_name,
        goal,
        opponent: contest.name(&opponent).to_string(),
        optimal,
        submissions: grades,
    };
    finish(&args.batch, target, &report, GradeReport::csv)
}

/// Grades one submission: the function called, its exact outcome, and its costliest cells.
fn grade_submission<C: Contest>(
    contest: &C,
    spec: &str,
    opponent: &C::Strategy,
    runner: &Runner,
    explain: Option<usize>,
) -> Result<(String, Outcome, Option<Vec<Lost>>)> {
    let resolved = contest.resolve(spec, runner)?;
    let outcome = contest.play(&resolved.strategy, opponent)?;
    let explain = explain
        .map(|n| contest.explain(&resolved.strategy, opponent, n))
        .transpose()?;
    Ok((resolved.function, outcome, explain))
}

/// `swine tournament` for the game `contest`.
pub fn tournament<C: Contest>(contest: &C, args: &TournamentArgs) -> Result<()> {
    let target = report_target(&args.batch)?;
    let runner = resolve::runner(&args.batch.python);
    let pool = pool(args.batch.jobs)?;
    let resolved: Vec<Result<C::Strategy>> = pool.install(|| {
        args.strategies
            .par_iter()
            .map(|spec| contest.resolve(spec, &runner).map(|r| r.strategy))
            .collect()
    });
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    for (spec, strategy) in args.strategies.iter().zip(resolved) {
        match strategy {
            Ok(strategy) => entries.push(strategy),
            Err(error) => errors.push(format!("{}: {}", spec.trim(), reason(spec, &error))),
        }
    }
    if entries.len() < 2 {
        bail!(
            "a round robin needs at least two strategies; {} could be used ({})",
            entries.len(),
            errors.join("; ")
        );
    }
    let matches = entries.len() * (entries.len() - 1) / 2;
    let bar = progress(matches, "matches");
    let robin = pool.install(|| {
        round_robin(
            entries.len(),
            |i, j| contest.play(&entries[i], &entries[j]),
            || bar.inc(1),
        )
    })?;
    bar.finish_and_clear();
    let strategies: Vec<String> = entries
        .iter()
        .map(|s| contest.name(s).to_string())
        .collect();
    let standings = robin
        .standings()
        .iter()
        .enumerate()
        .map(|(place, s)| Entry {
            rank: place + 1,
            strategy: strategies[s.entry].clone(),
            mean_win_rate: Probability(s.mean_win_rate),
            matches_won: s.matches_won,
        })
        .collect();
    let matrix = (0..entries.len())
        .map(|i| {
            (0..entries.len())
                .map(|j| robin.win_rate(i, j).map(Probability))
                .collect()
        })
        .collect();
    let (rules, goal_name, goal) = contest.heading();
    let report = TournamentReport {
        rules,
        goal_name,
        goal,
        strategies,
        standings,
        matrix,
        errors,
    };
    finish(&args.batch, target, &report, TournamentReport::csv)
}
