//! `grade` and `tournament`, for any game: flags to [`swine_solver::game::contest`], a
//! progress bar while the batch runs, the ranked report on the terminal and in `--report`. A
//! batch with a failed item prints and writes everything, then ends non-zero.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use swine_solver::format::{prepare_directory, write_rendered};
use swine_solver::game::contest;
use swine_solver::game::{Capability, GameError};
use swine_solver::report::PointsGradeReport;
use swine_solver::report::Report;
use swine_solver::report::ranking::{GradeReport, TournamentReport};

use super::{pool, print};
use crate::cli::{BatchArgs, GradeArgs, TournamentArgs};
use crate::progress::Watch;
use crate::resolve;

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
pub(super) fn folder_of(path: &Path) -> &Path {
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

/// `swine grade`: submissions graded exactly against one opponent, ranked.
pub fn grade_command(args: &GradeArgs) -> Result<()> {
    let target = report_target(&args.batch)?;
    let game = resolve::game(&args.rules, &args.batch.python)?;
    let game = game.as_ref();
    game.info()
        .allows_all(&[(Capability::Explain, args.explain.is_some())])?;
    let runner = resolve::runner(&args.batch.python);
    let pool = pool(args.batch.jobs)?;
    let submissions = contest::submissions(&args.submissions, game.info().submission_file);
    if resolve::alone(game, args.vs.as_deref()) {
        let (graded, optimum) = pool.install(|| {
            Watch::during(|run, _| contest::grade_alone(game, &submissions, &runner, run))
        })?;
        let report = PointsGradeReport::new(game.info().batch(), optimum, graded);
        let failed = failures(report.failed(), report.submissions.len());
        return finish(&args.batch, target, &report, PointsGradeReport::csv, failed);
    }
    let opponent = resolve::strategy(game, args.vs.as_deref(), "--vs", &runner)?;
    let (graded, optimum) = pool.install(|| {
        Watch::during(|run, _| {
            let explain = args.explain.map(usize::from);
            let graded = contest::grade(game, &submissions, &opponent, &runner, explain, run)?;
            Ok::<_, GameError>((graded, game.optimum(&opponent, run)))
        })
    })?;
    let report = GradeReport::new(game.info().batch(), opponent.name(), optimum?, graded);
    let failed = failures(report.failed(), report.submissions.len());
    finish(&args.batch, target, &report, GradeReport::csv, failed)
}

/// What ends a grade non-zero: how many of its submissions could not be graded, if any.
fn failures(failed: usize, of: usize) -> Option<String> {
    (failed > 0)
        .then(|| format!("{failed} of {of} submission(s) could not be graded (each row says why)"))
}

/// `swine tournament`: an exact round robin.
pub fn tournament_command(args: &TournamentArgs) -> Result<()> {
    let target = report_target(&args.batch)?;
    let game = resolve::game(&args.rules, &args.batch.python)?;
    let game = game.as_ref();
    game.info().allows(Capability::Strategies)?;
    let runner = resolve::runner(&args.batch.python);
    let pool = pool(args.batch.jobs)?;
    let n = args.strategies.len();
    if game.info().game.alone() && !args.duels {
        let (standings, optimum) = pool.install(|| {
            Watch::during(|run, _| contest::tournament_alone(game, &args.strategies, &runner, run))
        })?;
        let report = PointsGradeReport::new(game.info().batch(), optimum, standings);
        let failed = (report.failed() > 0).then(|| {
            format!(
                "{} of {n} strategies could not be resolved or scored",
                report.failed()
            )
        });
        return finish(&args.batch, target, &report, PointsGradeReport::csv, failed);
    }
    let played = pool.install(|| {
        Watch::during(|run, _| contest::tournament(game, &args.strategies, &runner, run))
    });
    let report = TournamentReport::new(game.info().batch(), played?);
    let failed = (!report.errors.is_empty()).then(|| {
        format!(
            "{} of {n} strategies could not be resolved and were left out",
            report.errors.len()
        )
    });
    finish(&args.batch, target, &report, TournamentReport::csv, failed)
}
