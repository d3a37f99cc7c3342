//! The verbs: each resolves its flags, dispatches on the game `--rules` names, asks the solver,
//! and prints a report. What every game shares (formats, writing files) is here; each game's
//! own steps are in its module.

mod atlas;
mod chopsticks;
mod contest;
mod farkle;
mod greed;
mod hog;
mod pig;
pub mod plot;
mod prompt;
mod rules;
mod sweep;

pub use atlas::atlas_command;
pub use rules::rules_command;
pub use sweep::sweep_command;

use std::io::Write;
use std::path::Path;

use anyhow::{Result, bail};
use swine_solver::format::{
    Format, TableFile, ValuesFile, prepare_directory, render_files, write_rendered,
};

use crate::cli::{
    EvalArgs, FormatArg, GradeArgs, PlayArgs, PrecisionArgs, SimulateArgs, SolveArgs, TablesArgs,
    TournamentArgs,
};
use crate::report::{MatchReport, print, text};
use crate::resolve::{self, Rules};

/// `swine solve`: the optimal strategy against `--vs`, written in every requested format.
pub fn solve_command(args: &SolveArgs) -> Result<()> {
    let rules = resolve::rules_run_by(&args.rules, &args.python)?;
    if args.moves.is_some() && !matches!(rules, Rules::Chopsticks) {
        bail!(
            "--moves is a move limit for chopsticks; {} has none",
            args.rules.rules
        );
    }
    refuse_precision(&rules, &args.precision)?;
    match rules {
        Rules::Hog(rules) => hog::solve(&rules, args),
        Rules::Greed(game) => greed::solve(&game, args),
        Rules::Pig(game) => pig::solve_game(&game, args),
        Rules::Chopsticks => chopsticks::solve(args),
        Rules::Farkle(game) => farkle::solve_game(&game, args),
    }
}

/// Refuses `--exact` and `--bounds` for the games that have no fractions or bounds here.
fn refuse_precision(rules: &Rules, precision: &PrecisionArgs) -> Result<()> {
    if precision.bounds && matches!(rules, Rules::Chopsticks) {
        bail!(
            "--bounds: chopsticks has no dice; its solved positions are wins, losses and draws, \
             exact already"
        );
    }
    match rules.game().no_fractions() {
        Some(reason) if precision.exact => bail!(reason),
        _ => Ok(()),
    }
}

/// `swine eval`: the exact win rate of one strategy against another.
pub fn eval_command(args: &EvalArgs) -> Result<()> {
    let rules = resolve::rules_run_by(&args.rules, &args.python)?;
    refuse_precision(&rules, &args.precision)?;
    match rules {
        Rules::Hog(rules) => hog::eval(&rules, args),
        Rules::Greed(game) => greed::eval(&game, args),
        Rules::Pig(game) => pig::eval(&game, args),
        Rules::Farkle(game) => farkle::eval(&game, args),
        Rules::Chopsticks => bail!(NO_STRATEGIES),
    }
}

/// `swine simulate`: seeded games beside the exact numbers, or one game's transcript.
pub fn simulate_command(args: &SimulateArgs) -> Result<()> {
    if args.transcript && args.games.is_some_and(|n| n != 1) {
        anyhow::bail!("--transcript prints one game: leave out --games, or give --games 1");
    }
    let pool = contest::pool(args.jobs)?;
    pool.install(|| match resolve::rules_run_by(&args.rules, &args.python)? {
        Rules::Hog(rules) => hog::simulate(&rules, args),
        Rules::Greed(game) => greed::simulate(&game, args),
        Rules::Pig(game) => pig::simulate(&game, args),
        Rules::Farkle(game) => farkle::simulate_game(&game, args),
        Rules::Chopsticks => bail!(NO_STRATEGIES),
    })
}

/// `swine grade`: submissions graded exactly against one opponent, ranked.
pub fn grade_command(args: &GradeArgs) -> Result<()> {
    match resolve::rules_run_by(&args.rules, &args.batch.python)? {
        Rules::Hog(rules) => contest::grade(rules.as_ref(), args),
        Rules::Greed(game) => contest::grade(&game, args),
        Rules::Pig(game) => contest::grade(&game, args),
        Rules::Farkle(game) => farkle::grade(&game, args),
        Rules::Chopsticks => bail!(NO_STRATEGIES),
    }
}

/// `swine tournament`: an exact round robin.
pub fn tournament_command(args: &TournamentArgs) -> Result<()> {
    match resolve::rules_run_by(&args.rules, &args.batch.python)? {
        Rules::Hog(rules) => contest::tournament(rules.as_ref(), args),
        Rules::Greed(game) => contest::tournament(&game, args),
        Rules::Pig(game) => contest::tournament(&game, args),
        Rules::Farkle(game) => farkle::tournament(&game, args),
        Rules::Chopsticks => bail!(NO_STRATEGIES),
    }
}

/// Why `eval` and `simulate` do not take Chopsticks.
const NO_STRATEGIES: &str = "chopsticks is a game without chance or strategies to evaluate: \
                             swine solve --rules chopsticks solves it, swine play plays it";

/// `swine play`: a game against the solver.
pub fn play_command(args: &PlayArgs) -> Result<()> {
    match resolve::rules_run_by(&args.rules, &args.python)? {
        Rules::Chopsticks => chopsticks::play(args),
        Rules::Hog(rules) => hog::play(&rules, args),
        Rules::Greed(game) => greed::play_game(&game, args),
        Rules::Pig(game) => pig::play(&game, args),
        Rules::Farkle(game) => farkle::play(&game, args),
    }
}

/// Games per seat `simulate` plays unless `--games` says otherwise.
const DEFAULT_GAMES: u64 = 100_000;

/// `swine tables`: every ruleset of every game solved against its yardstick and by minimax
/// (with `--best-tables-from`, the searched best tables and Farkle's values taken from there
/// once checked).
/// Everything is solved first and written at once, so an obstacle anywhere leaves nothing
/// half-regenerated; the directory and the best tables taken are checked before the solving
/// starts.
pub fn tables_command(args: &TablesArgs) -> Result<()> {
    prepare_directory(&args.out)?;
    // Hog's first: it checks the best tables it takes before anything is solved.
    let mut solved = hog::tables(args.best_tables_from.as_deref())?;
    solved.extend(farkle::tables(args.best_tables_from.as_deref())?);
    solved.extend(greed::tables()?);
    solved.extend(pig::tables()?);
    solved.extend(chopsticks::tables()?);
    let files: Vec<(String, Vec<u8>)> = solved.iter().flat_map(|s| s.files.clone()).collect();
    write_rendered(&args.out, files)?;
    let mut out = std::io::stdout().lock();
    for solved in solved {
        write!(out, "{}", solved.text)?;
        for (name, _) in &solved.files {
            writeln!(out, "wrote {}", args.out.join(name).display())?;
        }
    }
    Ok(())
}

/// A solve for `swine tables`: its report as text and the files it writes (names and bytes).
pub struct TablesEntry {
    /// The report, without the files.
    pub text: String,
    /// The files to write.
    pub files: Vec<(String, Vec<u8>)>,
}

impl TablesEntry {
    /// The solve of `report` with `files` in the given formats.
    fn of(report: &MatchReport, files: &[(TableFile, Vec<Format>)]) -> Result<TablesEntry> {
        let refs: Vec<(&TableFile, Vec<Format>)> = files
            .iter()
            .map(|(f, formats)| (f, formats.clone()))
            .collect();
        Ok(TablesEntry {
            text: text(report),
            files: render_files(&refs)?,
        })
    }
}

/// The formats requested with `--format`, if any.
fn requested(args: &SolveArgs) -> Option<Vec<Format>> {
    args.format
        .as_ref()
        .map(|list| list.iter().map(|&f| FormatArg::into(f)).collect())
}

/// Writes the files into `out` (all or nothing), lists them in the report and prints it.
fn write_and_print(
    mut report: MatchReport,
    files: &[(TableFile, Vec<Format>)],
    values: Option<(ValuesFile, Vec<Format>)>,
    out: &Path,
    json: bool,
) -> Result<()> {
    let refs: Vec<(&TableFile, Vec<Format>)> = files
        .iter()
        .map(|(f, formats)| (f, formats.clone()))
        .collect();
    let mut rendered = render_files(&refs)?;
    if let Some((values, formats)) = values {
        rendered.extend(values.rendered(&formats));
    }
    report.files = write_rendered(out, rendered)?;
    print(&report, json)?;
    Ok(())
}

/// A seed from the clock, for games nobody asked to repeat.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or_default()
}
