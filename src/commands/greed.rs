//! The verbs for Greed.

use std::io::{self, Write};

use anyhow::{Context, Result, bail};
use swine_solver::commentary::{self, Names};
use swine_solver::contest::Contest;
use swine_solver::dice::SeededDice;
use swine_solver::format::{Format, prepare_directory};
use swine_solver::greed::simulate::{End, Game, play_turn, transcript};
use swine_solver::greed::{self, Advisor, Greed, Solved, Strategy, play, solve_against};
use swine_solver::python::Runner;

use super::prompt::{Answers, ask_number, quit};
use super::{DEFAULT_GAMES, TablesEntry, requested, write_and_print};
use crate::cli::{EvalArgs, First, PlayArgs, SimulateArgs, SolveArgs};
use crate::progress::GamesProgress;
use crate::report::{Choice, Heading, MatchReport, PositionReport, SimulationReport, lost, print};
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
    let formats = solved.file.formats(requested(args).as_deref());
    let files = [(solved.file.clone(), formats)];
    let values = if args.values {
        let strategy = Strategy::from_table(&solved.file.meta.strategy, &solved.file.table, game);
        let values = greed::values_file(game, &strategy, &opponent, solved.file.stem())?;
        Some((values, requested(args).unwrap_or(Format::ALL.to_vec())))
    } else {
        None
    };
    let mut report = report(game, &solved);
    if args.precision.bounds {
        let table = Strategy::from_table(&solved.file.meta.strategy, &solved.file.table, game);
        report.bounds = Some(greed::certify_greed(game, [&table, &opponent])?);
    }
    write_and_print(report, &files, values, &args.out, args.json)
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

/// The two strategies of `eval` and `simulate` as they meet (a `minimax` facing a fixed
/// strategy is the equilibrium strategy).
fn strategies(
    game: &Greed,
    strategy: &str,
    vs: Option<&str>,
    runner: &Runner,
) -> Result<[Strategy; 2]> {
    Ok(game.meet(
        resolve::greed_strategy(Some(strategy), "STRATEGY", game, runner)?,
        resolve::greed_strategy(vs, "--vs", game, runner)?,
    )?)
}

/// `swine eval --rules greed`.
pub fn eval(game: &Greed, args: &EvalArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let [strategy, opponent] = strategies(game, &args.strategy, args.vs.as_deref(), &runner)?;
    if let Some(from) = &args.from {
        let names = game.position_parts();
        let numbers = resolve::position("--from", from, &names)?;
        let solved = game
            .position(&strategy, &opponent, &numbers)
            .with_context(|| format!("--from {from}"))?;
        let at = (numbers[0], numbers[1], numbers[2] == 1);
        let passed = if at.2 {
            ", the opponent having passed"
        } else {
            ""
        };
        let report = PositionReport::new(
            heading(game, strategy.name(), opponent.name()),
            (&names, &numbers),
            format!("{} : {}{passed}", at.0, at.1),
            &solved,
            |n| {
                if n == 0 {
                    Choice::Pass
                } else {
                    Choice::Dice(n)
                }
            },
        );
        print(&report, args.json)?;
        return Ok(());
    }
    let played = play(game, &strategy, &opponent)?;
    let heading = heading(game, strategy.name(), opponent.name());
    let minimax = strategy.is_optimising() && opponent.is_optimising();
    let mut report = MatchReport::with_ties(heading, played.outcome, played.residual, minimax);
    if args.precision.bounds {
        report.bounds = Some(greed::certify_greed(game, [&strategy, &opponent])?);
    }
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
    if args.transcript {
        if args.json {
            bail!("--transcript prints the game as text; leave out --json");
        }
        let played = play(game, &strategy, &opponent)?;
        let policies = [&played.policies[0], &played.policies[1]];
        print!("{}", transcript(game, policies, args.seed));
        return Ok(());
    }
    let games = args.games.unwrap_or(DEFAULT_GAMES);
    let progress = GamesProgress::start(2 * games);
    let (simulation, exact) = game.simulate(&strategy, &opponent, games, args.seed, &|n| {
        progress.played(n)
    })?;
    progress.finish();
    let heading = heading(game, strategy.name(), opponent.name());
    let report = SimulationReport::with_ties(heading, args.seed, simulation, exact);
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

/// `swine play --rules greed`: the person is Player 1, the computer Player 2 (the assignment's
/// numbering).
pub fn play_game(game: &Greed, args: &PlayArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let spec = args.vs.as_deref().unwrap_or("optimal");
    let computer = resolve::greed_strategy(Some(spec), "--vs", game, &runner)?;
    let seed = args.seed.unwrap_or_else(super::clock_seed);
    let mut out = io::stdout().lock();
    let mut input = Answers::new(&args.answers, io::stdin().lock());
    let first = usize::from(args.first == Some(First::Computer));
    writeln!(
        out,
        "greed (over {} loses): you are Player 1, the computer (Player 2) plays {}. Seed {seed}.",
        game.limit(),
        computer.name()
    )?;
    let advisor = Advisor::new(game, computer.player())?;
    let mut dice = SeededDice::new(seed);
    let mut position = Game::new(first);
    // Named as in transcripts: the first line says which player is whom.
    let names = Names::Numbered(1);
    let mut commentary = commentary::full(names);
    loop {
        let (own, opponent) = (
            position.scores[position.mover],
            position.scores[1 - position.mover],
        );
        let last = if position.passed {
            " This is the last turn: the other player passed."
        } else {
            ""
        };
        let n = if position.mover == 0 {
            writeln!(out, "\nYou {own}, computer {opponent}. Your turn.{last}")?;
            if !args.no_hints {
                let best = advisor.best(&position);
                writeln!(
                    out,
                    "Your chance to win (ties count half), then playing perfectly:"
                )?;
                for (n, value) in advisor.hints(&position, greed::HINTS) {
                    let mark = if n == best { "  <- best" } else { "" };
                    if n == 0 {
                        writeln!(out, "  pass      {value:.6}{mark}")?;
                    } else {
                        writeln!(out, "  {n:>3} dice  {value:.6}{mark}")?;
                    }
                }
            }
            let question = format!("How many dice (0 to pass, up to {})? ", greed::MAX_DICE);
            let Some(n) = ask_number(
                &mut input,
                &mut out,
                &question,
                0..=usize::from(greed::MAX_DICE),
            )?
            else {
                return quit(&mut out);
            };
            writeln!(out, "You roll {n}.")?;
            n as u8
        } else {
            let n = advisor.opponent(&position);
            writeln!(
                out,
                "\nComputer {own}, you {opponent}. The computer rolls {n}.{last}"
            )?;
            n
        };
        let (end, lines) = play_turn(game, &mut position, n, &mut dice, &mut commentary, names);
        for line in lines {
            writeln!(out, "  {line}")?;
        }
        if let Some(end) = end {
            let verdict = match end {
                End::Won(0) | End::Bust(1) => "You win!",
                End::Tie => "It's a tie.",
                _ => "The computer wins.",
            };
            writeln!(out, "{verdict}")?;
            return Ok(());
        }
    }
}
