//! `grade` and `tournament`, for any game: flags to [`swine_solver::contest`], a progress bar
//! while the batch runs, the ranked report on the terminal and in `--report`. A batch with a
//! failed item prints and writes everything, then ends non-zero.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use swine_solver::contest::{self, Contest, Graded};
use swine_solver::format::{Probability, prepare_directory, write_rendered};

use crate::cli::{BatchArgs, GradeArgs, TournamentArgs};
use crate::ranking::{Entry, Grade, GradeReport, TournamentReport};
use crate::report::{Lost, Report, print};
use crate::resolve;

/// A thread pool of `jobs` threads, at most one per core (the default); more are refused
/// with a note, as they would only share the same cores.
pub(super) fn pool(jobs: Option<u16>) -> Result<rayon::ThreadPool> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = match jobs.map(usize::from) {
        Some(jobs) if jobs > cores => {
            eprintln!("swine: --jobs {jobs}: this machine has {cores} core(s); using {cores}");
            cores
        }
        Some(jobs) => jobs,
        None => cores,
    };
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?)
}

/// A progress bar over `len` items on stderr (hidden when stderr is not a terminal).
pub(super) fn progress(len: usize, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed:>4} [{bar:30}] {pos}/{len} {msg}")
            .expect("a valid progress template")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// A spinner on stderr saying what is being computed before a batch starts.
fn spinner(what: String) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.set_message(what);
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}

/// Where `--report` goes and whether as JSON (else CSV), checked before any work: the
/// extension must be .csv or .json and the folder must take a file.
pub(super) fn report_target(batch: &BatchArgs) -> Result<Option<(PathBuf, bool)>> {
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
    prepare_directory(folder_of(path)).context("--report")?;
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
/// prints it; `failed` items make the command end non-zero after that.
pub(super) fn finish<R: Report>(
    batch: &BatchArgs,
    target: Option<(PathBuf, bool)>,
    report: &R,
    csv: fn(&R) -> String,
    failed: Option<String>,
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
    match failed {
        Some(failed) => bail!(failed),
        None => Ok(()),
    }
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
    let pool = pool(args.batch.jobs)?;
    let submissions = contest::submissions(&args.submissions, contest.submission_file());
    let bar = progress(submissions.len(), "graded");
    let graded = pool.install(|| {
        contest::grade(
            contest,
            &submissions,
            &opponent,
            &runner,
            args.explain.map(usize::from),
            || bar.inc(1),
        )
    })?;
    bar.finish_and_clear();
    let busy = spinner(format!(
        "{}: the optimum against {}",
        contest.rules_name(),
        contest.name(&opponent)
    ));
    let (optimum, optimal) = pool.install(|| contest.optimal(&opponent))?;
    busy.finish_and_clear();
    let failed = graded.iter().filter(|g| g.result.is_err()).count();
    let report = GradeReport {
        rules: contest.rules_name(),
        goal_name: contest.goal_name(),
        goal: contest.goal(),
        opponent: contest.name(&opponent).to_string(),
        optimal,
        optimal_win_rate: Probability(optimum.win_rate()),
        submissions: graded
            .into_iter()
            .map(|g| row(g, optimum.win_rate()))
            .collect(),
    };
    let failed = (failed > 0).then(|| {
        format!(
            "{failed} of {} submission(s) could not be graded (each row says why)",
            report.submissions.len()
        )
    });
    finish(&args.batch, target, &report, GradeReport::csv, failed)
}

/// The report's row of one graded submission, against an optimum that wins `optimal`.
fn row(graded: Graded, optimal: f64) -> Grade {
    let function = graded.function.unwrap_or_default();
    match graded.result {
        Ok(grade) => Grade {
            explain: grade
                .changes
                .map(|changes| changes.iter().map(Lost::from).collect()),
            ..Grade::rated(graded.spec, function, &grade.outcome, optimal)
        },
        Err(error) => Grade::failed(graded.spec, function, error),
    }
}

/// `swine tournament` for the game `contest`.
pub fn tournament<C: Contest>(contest: &C, args: &TournamentArgs) -> Result<()> {
    let target = report_target(&args.batch)?;
    let runner = resolve::runner(&args.batch.python);
    let pool = pool(args.batch.jobs)?;
    let n = args.strategies.len();
    let bar = progress(n * (n - 1) / 2, "matches");
    let played =
        pool.install(|| contest::tournament(contest, &args.strategies, &runner, || bar.inc(1)))?;
    bar.finish_and_clear();
    let rules = (contest.rules_name(), contest.goal_name(), contest.goal());
    standings(rules, played, args, target)
}

/// Reports the round robin `played` of `args`'s entries in the game `(rules, goal name, goal)`:
/// the standings and every pairing, on the terminal and in the `--report` `target`; entries
/// left out make the command end non-zero after that.
pub(super) fn standings(
    (rules, goal_name, goal): (String, &'static str, u32),
    played: contest::Tournament,
    args: &TournamentArgs,
    target: Option<(PathBuf, bool)>,
) -> Result<()> {
    let n = args.strategies.len();
    let results = &played.results;
    let standings = results
        .standings()
        .iter()
        .enumerate()
        .map(|(place, s)| Entry {
            rank: place + 1,
            strategy: played.names[s.entry].clone(),
            mean_win_rate: Probability(s.mean_win_rate),
            matches_won: s.matches_won,
        })
        .collect();
    let entries = played.names.len();
    let matrix = (0..entries)
        .map(|i| {
            (0..entries)
                .map(|j| results.win_rate(i, j).map(Probability))
                .collect()
        })
        .collect();
    let errors: Vec<String> = played
        .left_out
        .iter()
        .map(|(spec, reason)| format!("{spec}: {reason}"))
        .collect();
    let failed = (!errors.is_empty()).then(|| {
        format!(
            "{} of {n} strategies could not be resolved and were left out",
            errors.len()
        )
    });
    let report = TournamentReport {
        rules,
        goal_name,
        goal,
        strategies: played.names,
        standings,
        matrix,
        errors,
    };
    finish(&args.batch, target, &report, TournamentReport::csv, failed)
}
