//! The verbs for Greed.

use anyhow::{Result, bail};
use swine_solver::contest::Contest;
use swine_solver::format::{Format, prepare_directory};
use swine_solver::greed::simulate::{simulate as play_games, transcript};
use swine_solver::greed::{self, Greed, Solved, Strategy, play, solve_against};
use swine_solver::python::Runner;

use super::{DEFAULT_GAMES, TablesEntry, formats_for, requested, write_and_print};
use crate::cli::{EvalArgs, SimulateArgs, SolveArgs};
use crate::report::{Heading, MatchReport, SimulationReport, lost, print};
use crate::resolve;

/// `swine solve --rules greed`.
pub fn solve(game: &Greed, args: &SolveArgs) -> Result<()> {
    if args.full_information {
        bail!("--full-information: greed hides nothing from a strategy");
    }
    if args.time_limit.is_some() {
        bail!("--time-limit: greed's solve is one sweep; it needs no time limit");
    }
    let runner = resolve::runner(&args.python);
    let opponent = resolve::greed_strategy(args.vs.as_deref(), "--vs", game, &runner)?;
    prepare_directory(&args.out)?;
    let solved = solve_against(game, &opponent)?;
    let formats = formats_for(&solved.file, requested(args).as_deref());
    let files = [(solved.file.clone(), formats)];
    write_and_print(report(game, &solved), &files, &args.out, args.json)
}

/// The report of a solve, before its files are written.
fn report(game: &Greed, solved: &Solved) -> MatchReport {
    let meta = &solved.file.meta;
    let heading = heading(game, &meta.strategy, &meta.opponent);
    let minimax = solved.first_player_wins.is_some();
    MatchReport::with_ties(heading, solved.outcome, solved.residual, minimax)
}

/// The heading of `strategy` against `opponent`.
fn heading(game: &Greed, strategy: &str, opponent: &str) -> Heading {
    Heading::new(greed::NAME, "limit", game.limit(), strategy, opponent)
}

/// The two strategies of `eval` and `simulate`.
fn strategies(
    game: &Greed,
    strategy: &str,
    vs: Option<&str>,
    runner: &Runner,
) -> Result<[Strategy; 2]> {
    Ok([
        resolve::greed_strategy(Some(strategy), "STRATEGY", game, runner)?,
        resolve::greed_strategy(vs, "--vs", game, runner)?,
    ])
}

/// `swine eval --rules greed`.
pub fn eval(game: &Greed, args: &EvalArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let [strategy, opponent] = strategies(game, &args.strategy, args.vs.as_deref(), &runner)?;
    let played = play(game, &strategy, &opponent)?;
    let heading = heading(game, strategy.name(), opponent.name());
    let minimax = strategy.is_optimising() && opponent.is_optimising();
    let mut report = MatchReport::with_ties(heading, played.outcome, played.residual, minimax);
    report.explain = args
        .explain
        .map(|n| {
            game.explain(&strategy, &opponent)
                .map(|c| lost(c, n.into()))
        })
        .transpose()?;
    print(&report, args.json)?;
    Ok(())
}

/// `swine simulate --rules greed`: seeded games beside the exact outcome, or one transcript.
pub fn simulate(game: &Greed, args: &SimulateArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let [strategy, opponent] = strategies(game, &args.strategy, args.vs.as_deref(), &runner)?;
    let played = play(game, &strategy, &opponent)?;
    let policies = [&played.policies[0], &played.policies[1]];
    if args.transcript {
        if args.json {
            bail!("--transcript prints the game as text; leave out --json");
        }
        print!("{}", transcript(game, policies, args.seed));
        return Ok(());
    }
    let games = args.games.unwrap_or(DEFAULT_GAMES);
    let simulation = play_games(game, policies, games, args.seed);
    let heading = heading(game, strategy.name(), opponent.name());
    let report = SimulationReport::with_ties(heading, args.seed, simulation, played.outcome);
    print(&report, args.json)?;
    Ok(())
}

/// Greed at its course limit solved against its yardstick and by minimax, in every format.
pub fn tables() -> Result<Vec<TablesEntry>> {
    let game = Greed::new(greed::DEFAULT_LIMIT)?;
    let mut written = Vec::new();
    for opponent in [None, Some("minimax")] {
        let opponent = resolve::greed_strategy(opponent, "--vs", &game, &Runner::default())?;
        let solved = solve_against(&game, &opponent)?;
        let files = [(solved.file.clone(), Format::ALL.to_vec())];
        written.push(TablesEntry::of(&report(&game, &solved), &files)?);
    }
    Ok(written)
}
