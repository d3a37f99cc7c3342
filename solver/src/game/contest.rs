//! Grading, tournaments and sweeps, for any game: what course staff run over a class's
//! submissions and what rule designers run over a variant's parameters.
//!
//! - [`submissions`] finds what to grade: files and specs as given, and for each folder every
//!   course file (`hog.py`, `pr1.py`) beneath it.
//! - [`grade`] grades them all against one opponent, in parallel on the current rayon pool;
//!   a submission that cannot be graded gets its reason and never stops the batch.
//! - [`tournament`] resolves its entries (folders as [`submissions`] finds them, `NAME=SPEC`
//!   named; leaving out, with the reason, those that fail) and plays the exact [`round_robin`].
//! - [`survey`] gives a variant's headline numbers, which [`catalog::sweep`](crate::catalog::sweep)
//!   gives every variant of a grid.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::study::{SeatStudy, per_game};
use super::{
    Capability, ChartAsk, ChartKind, DynGame, GameError, MINIMAX, OPTIMAL, Run, Simple, Strategy,
    StudyAsk, Survey, facing,
};
use crate::python::Runner;
use crate::report::ranking::BothOptimal;
pub use crate::report::ranking::{Graded, Scored, Tournament};
use crate::report::{Design, Points, StudyReport, full_message};
use crate::tournament::round_robin;

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

/// Grades every submission against `opponent` in parallel on the current rayon pool, telling
/// `run` of each graded; with `explain = Some(n)`, also lists each one's `n` costliest cells. The
/// result is ranked: graded submissions by win rate (best first; the given order among equals),
/// then the failures in the given order.
pub fn grade(
    game: &dyn DynGame,
    submissions: &[Submission],
    opponent: &Strategy,
    runner: &Runner,
    explain: Option<usize>,
    run: &Run,
) -> Result<Vec<Graded>, GameError> {
    // Submissions are tables: against them `minimax` is the equilibrium strategy.
    let opponent = facing(game, opponent.clone(), true, run)?;
    if explain.is_some() && !opponent.is_fixed() {
        return Err(GameError::Refused(format!(
            "--explain needs a fixed opponent: {} answers every change anew",
            opponent.name()
        )));
    }
    let grade_one = |resolved: Strategy| {
        let strategy = facing(game, resolved, opponent.is_fixed(), run)?;
        let rating = game.rate([&strategy, &opponent], run)?;
        let changes = match explain {
            Some(n) => Some(
                game.explain([&strategy, &opponent], run)?
                    .into_iter()
                    .take(n)
                    .collect(),
            ),
            None => None,
        };
        Ok(Scored {
            outcome: rating.outcome,
            estimate: rating.estimate,
            changes,
        })
    };
    let win_rate = |scored: &Scored| scored.outcome.win_rate();
    grade_each(game, submissions, (runner, run), win_rate, grade_one)
}

/// Grades every submission playing alone, in a game of one player's score, by its expected
/// final score ([`DynGame::points`]: exact, or a simulation's mean), in parallel on the current
/// rayon pool; ranked like [`grade`], by expected score. Beside them, the optimum's expected
/// final score (points).
pub fn grade_alone(
    game: &dyn DynGame,
    submissions: &[Submission],
    runner: &Runner,
    run: &Run,
) -> Result<(Vec<Graded<Points>>, f64), GameError> {
    let optimum = game.points(&game.resolve(OPTIMAL, runner)?, run)?;
    let score = |points: &Points| points.expected_score;
    let graded = grade_each(game, submissions, (runner, run), score, |strategy| {
        game.points(&strategy, run)
    })?;
    Ok((graded, optimum.expected_score))
}

/// Resolves and grades each submission with `grade_one`, telling `run` of each; ranked by
/// `rank` (highest first; the given order among equals), then the failures in the given
/// order. A submission that cannot be resolved or graded gets its reason.
fn grade_each<T: Send>(
    game: &dyn DynGame,
    submissions: &[Submission],
    (runner, run): (&Runner, &Run),
    rank: impl Fn(&T) -> f64,
    grade_one: impl Fn(Strategy) -> Result<T, GameError> + Sync,
) -> Result<Vec<Graded<T>>, GameError> {
    let counted = run.counter(submissions.len() as u64, "graded");
    let graded_one = |submission: &Submission| {
        let graded = match &submission.problem {
            Some(problem) => Graded {
                spec: submission.spec.clone(),
                function: None,
                result: Err(problem.clone()),
            },
            None => match game.resolve(&submission.spec, runner) {
                Ok(resolved) => Graded {
                    spec: submission.spec.clone(),
                    function: resolved.function().map(str::to_string),
                    result: grade_one(resolved).map_err(|e| reason(&e)),
                },
                Err(error) => Graded {
                    spec: submission.spec.clone(),
                    function: None,
                    result: Err(reason(&error)),
                },
            },
        };
        counted.add(1);
        graded
    };
    let mut graded: Vec<Graded<T>> = submissions.par_iter().map(graded_one).collect();
    run.check()?;
    ranked(&mut graded, rank);
    Ok(graded)
}

/// Sorts `graded` by `rank`, highest first (the given order among equals), the failures last
/// in the given order.
fn ranked<T>(graded: &mut [Graded<T>], rank: impl Fn(&T) -> f64) {
    let value = |g: &Graded<T>| g.result.as_ref().map_or(f64::NEG_INFINITY, &rank);
    graded.sort_by(|a, b| value(b).total_cmp(&value(a)));
}

/// The reason alone, without the spec it is about, for reports that name the spec apart.
pub fn reason(error: &GameError) -> String {
    match error {
        GameError::Strategy(error) => error.reason(),
        other => full_message(other),
    }
}

/// Resolves every entry `arguments` give (a spec, `NAME=SPEC`, or a folder entering every
/// course file beneath it; in parallel on the current rayon pool, with `runner` for Python
/// files) and plays the exact round robin of those that resolve, telling `run` of each match.
pub fn tournament(
    game: &dyn DynGame,
    arguments: &[String],
    runner: &Runner,
    run: &Run,
) -> Result<Tournament, GameError> {
    let (entries, left_out) = entries(game, arguments, runner);
    play_round_robin(game, entries, left_out, run)
}

/// The entries of a tournament in a game of one player's score, ranked by expected final score
/// as [`grade_alone`] ranks them (each under its name; those that could not be resolved last,
/// with the reason), and the optimum's expected final score (points).
pub fn tournament_alone(
    game: &dyn DynGame,
    arguments: &[String],
    runner: &Runner,
    run: &Run,
) -> Result<(Vec<Graded<Points>>, f64), GameError> {
    let (entries, left_out) = entries(game, arguments, runner);
    let optimal = game.resolve(OPTIMAL, runner)?;
    rank_alone(game, entries, left_out, &optimal, run)
}

/// `entries` ranked by expected final score as [`tournament_alone`] ranks them, those in
/// `left_out` last with the reason, beside `optimal`'s expected final score (points).
pub fn rank_alone(
    game: &dyn DynGame,
    entries: Vec<Strategy>,
    left_out: Vec<(String, String)>,
    optimal: &Strategy,
    run: &Run,
) -> Result<(Vec<Graded<Points>>, f64), GameError> {
    let optimum = game.points(optimal, run)?;
    let counted = run.counter(entries.len() as u64, "scored");
    let mut standings: Vec<Graded<Points>> = entries
        .par_iter()
        .map(|entry| {
            let result = game.points(entry, run).map_err(|e| reason(&e));
            counted.add(1);
            Graded {
                spec: entry.name().to_string(),
                function: None,
                result,
            }
        })
        .collect();
    run.check()?;
    ranked(&mut standings, |points| points.expected_score);
    standings.extend(left_out.into_iter().map(|(spec, why)| Graded {
        spec,
        function: None,
        result: Err(why),
    }));
    Ok((standings, optimum.expected_score))
}

/// The entries `arguments` give, resolved (see [`tournament`]), and those that could not be,
/// with the reason.
fn entries(
    game: &dyn DynGame,
    arguments: &[String],
    runner: &Runner,
) -> (Vec<Strategy>, Vec<(String, String)>) {
    let mut wanted: Vec<(Option<&str>, String)> = Vec::new();
    let mut left_out = Vec::new();
    for argument in arguments {
        let (name, spec) = entry_name(argument);
        let found = submissions(&[spec.to_string()], game.info().submission_file);
        // A name given to a folder names its one submission; several keep their paths.
        let name = name.filter(|_| found.len() == 1);
        for submission in found {
            match submission.problem {
                Some(problem) => left_out.push((submission.spec, problem)),
                None => wanted.push((name, submission.spec)),
            }
        }
    }
    let resolved: Vec<Result<Strategy, GameError>> = wanted
        .par_iter()
        .map(|(_, spec)| game.resolve(spec, runner))
        .collect();
    let mut entries = Vec::new();
    for ((name, spec), strategy) in wanted.iter().zip(resolved) {
        match strategy {
            Ok(strategy) => entries.push(match name {
                Some(name) => strategy.renamed(name),
                None => strategy,
            }),
            Err(error) => left_out.push((spec.trim().to_string(), reason(&error))),
        }
    }
    (entries, left_out)
}

/// A tournament entry's name and spec: `NAME=SPEC` names the entry (where no file is called
/// the whole argument and the name holds no `/`); otherwise the spec names itself.
fn entry_name(argument: &str) -> (Option<&str>, &str) {
    match argument.split_once('=') {
        Some((name, spec))
            if !name.trim().is_empty() && !name.contains('/') && !Path::new(argument).exists() =>
        {
            (Some(name.trim()), spec)
        }
        _ => (None, argument),
    }
}

/// The exact round robin of `entries` (each `minimax` playing the equilibrium's decisions),
/// or why there are too few of them (`left_out`: the entries that could not be used, with the
/// reason).
pub fn play_round_robin(
    game: &dyn DynGame,
    entries: Vec<Strategy>,
    left_out: Vec<(String, String)>,
    run: &Run,
) -> Result<Tournament, GameError> {
    if entries.len() < 2 {
        let left: Vec<String> = left_out.iter().map(|(s, r)| format!("{s}: {r}")).collect();
        return Err(GameError::TooFew {
            usable: entries.len(),
            left_out: left.join("; "),
        });
    }
    // A minimax entry plays the equilibrium's decisions under the name it was given.
    let entries = entries
        .into_iter()
        .map(|entry| {
            let name = entry.name().to_string();
            facing(game, entry, true, run).map(|faced| faced.renamed(&name))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let n = entries.len() as u64;
    let matches = run.counter(n * (n - 1) / 2, "matches");
    let results = round_robin(
        entries.len(),
        |i, j| {
            run.check()?;
            game.evaluate([&entries[i], &entries[j]], run)
                .map(|e| e.outcome)
        },
        || matches.add(1),
    )?;
    Ok(Tournament {
        names: entries.iter().map(|s| s.name().to_string()).collect(),
        left_out,
        results,
    })
}

/// `seats[0]` against `seats[1]` studied turn by turn ([`DynGame::study`], with `games` per
/// seating played beside it where asked), with the variant's design measures where it has a
/// yardstick: `swine study`'s report, for the CLI and the package alike.
pub fn study(
    game: &dyn DynGame,
    seats: [&Strategy; 2],
    games: Option<(u64, u64)>,
    run: &Run,
) -> Result<StudyReport, GameError> {
    let ask = StudyAsk {
        games,
        at_least_once: true,
    };
    let studied = game.study(seats, ask, run)?;
    // A variant too small for its yardstick (piglet at goal 1 and hold_at:2) has no design
    // measures: the study stands, with the reason.
    let (design, notes) = match &game.info().yardstick {
        Some(yardstick) => match survey(game, run) {
            Ok(survey) => (Some(Design::new(&survey, yardstick)), Vec::new()),
            Err(GameError::Stopped(stopped)) => return Err(GameError::Stopped(stopped)),
            Err(error) => (
                None,
                vec![format!("no design measures: {}", full_message(&error))],
            ),
        },
        None => (None, Vec::new()),
    };
    let heading = game.heading(seats[0].name(), seats[1].name());
    let mut report = super::study::report(heading, &studied, design);
    report.notes = notes;
    Ok(report)
}

/// A variant's headline numbers: what optimal play wins against the yardstick, the first
/// player's value with both optimal, and how close the best of the game's simple strategies
/// comes (two solves and one evaluation per simple strategy, each exact).
pub fn survey(game: &dyn DynGame, run: &Run) -> Result<Survey, GameError> {
    let info = game.info();
    let runner = Runner::default();
    let yardstick = info.yardstick.as_deref().ok_or_else(|| {
        GameError::Refused(format!("sweep: {} has no yardstick to survey", info.rules))
    })?;
    let yardstick = game.resolve(yardstick, &runner)?;
    let optimal = game.resolve("optimal", &runner)?;
    let minimax = game.resolve(MINIMAX, &runner)?;
    let best = game.evaluate([&optimal, &yardstick], run)?;
    let both = game.evaluate([&minimax, &minimax], run)?;
    let mut residual = best
        .report
        .residual
        .unwrap_or(0.0)
        .max(both.report.residual.unwrap_or(0.0));
    let mut simple = None;
    if let Some((family, specs)) = &info.simple {
        let mut top: Option<(i64, f64)> = None;
        for spec in specs {
            run.check()?;
            let strategy = game.resolve(spec, &runner)?;
            let played = game.evaluate([&strategy, &yardstick], run)?;
            residual = residual.max(played.report.residual.unwrap_or(0.0));
            let rate = played.outcome.win_rate();
            let parameter = spec
                .rsplit_once(':')
                .and_then(|(_, n)| n.parse().ok())
                .unwrap_or_default();
            if top.is_none_or(|(_, best)| rate > best) {
                top = Some((parameter, rate));
            }
        }
        simple = top.map(|(best, win_rate)| Simple {
            family,
            best,
            win_rate,
        });
    }
    Ok(Survey {
        optimal_win_rate: best.outcome.win_rate(),
        full_information: info.hides_memory,
        minimax_first_player_wins: both.outcome.as_first(),
        simple,
        residual,
        both_optimal: both_optimal(game, &minimax, run)?,
        differs_from_yardstick: differs(game, [&optimal, &yardstick], run)?,
    })
}

/// `minimax` against itself studied turn by turn (each rule's count, not its chance of at
/// least once), where the game is studied so.
fn both_optimal(
    game: &dyn DynGame,
    minimax: &Strategy,
    run: &Run,
) -> Result<Option<BothOptimal>, GameError> {
    if game.info().allows(Capability::Study).is_err() {
        return Ok(None);
    }
    let ask = StudyAsk {
        games: None,
        at_least_once: false,
    };
    let seatings = game.study([minimax, minimax], ask, run)?.seatings;
    let half = |f: fn(&SeatStudy) -> f64| (f(&seatings[0]) + f(&seatings[1])) / 2.0;
    Ok(Some(BothOptimal {
        turns: half(|s| s.length().mean),
        unfinished: half(|s| s.unfinished),
        rules: per_game(&seatings),
    }))
}

/// The share of the strategy map's cells in which `optimal` (against `yardstick`) chooses
/// otherwise than `yardstick` does, where the game draws a map of both and the map is what a
/// strategy sees (not where rules hide memory: optimal play there reads the memories, and its
/// map of likeliest choices takes minutes).
fn differs(
    game: &dyn DynGame,
    [optimal, yardstick]: [&Strategy; 2],
    run: &Run,
) -> Result<Option<f64>, GameError> {
    if game.info().hides_memory {
        return Ok(None);
    }
    let map = |strategy: &Strategy| {
        let ask = ChartAsk {
            kind: ChartKind::Map,
            layer: None,
        };
        match game.chart(ask, [strategy, yardstick], run) {
            Ok(chart) => Ok(Some(chart)),
            Err(GameError::Refused(_)) => Ok(None),
            Err(error) => Err(error),
        }
    };
    // The yardstick's first: where the game draws no map of it, optimal's is not solved.
    let Some(own) = map(yardstick)? else {
        return Ok(None);
    };
    Ok(map(optimal)?.and_then(|optimal| optimal.share_differing(&own)))
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
