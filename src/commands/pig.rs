//! The verbs for the Pig family.

use std::io::{self, Write};

use anyhow::{Context, Result, bail};
use swine_solver::commentary::{self, Names};
use swine_solver::contest::Contest;
use swine_solver::dice::SeededDice;
use swine_solver::format::{Format, Probability, TableFile, prepare_directory};
use swine_solver::outcome::Outcome;
use swine_solver::pig::simulate::{Game, LoopWatch, NEVER_ENDS, Step, play_decision, transcript};
use swine_solver::pig::{self, Pig, Player, Solved, Strategy, solve, solve_against, values_file};
use swine_solver::python::Runner;

use super::prompt::{Answers, ask_word, quit};
use super::{DEFAULT_GAMES, TablesEntry, requested, write_and_print};
use crate::cli::{EvalArgs, First, PlayArgs, SimulateArgs, SolveArgs};
use crate::progress::GamesProgress;
use crate::report::{
    Choice, ExactTies, Heading, MatchReport, PositionReport, SimulationReport, TiedState, lost,
    print,
};
use crate::resolve;

/// `swine solve` for a game of the Pig family.
pub fn solve_game(game: &Pig, args: &SolveArgs) -> Result<()> {
    if args.full_information {
        bail!(
            "--full-information: {} hides nothing from a strategy",
            game.name()
        );
    }
    if args.time_limit.is_some() {
        bail!("--time-limit: {}'s solve needs no time limit", game.name());
    }
    let runner = resolve::runner(&args.python);
    let opponent = resolve::pig_strategy(args.vs.as_deref(), "--vs", game, &runner)?;
    prepare_directory(&args.out)?;
    let mut solved = solve_against(game, &opponent)?;
    let exact = args
        .precision
        .exact
        .then(|| pig::make_exact(game, &opponent, &mut solved))
        .transpose()?;
    let formats = solved.file.formats(requested(args).as_deref());
    let files = [(solved.file.clone(), formats)];
    let values = if args.values {
        let strategy = Strategy::from_table(&solved.file.meta.strategy, &solved.file.table, game);
        let values = values_file(game, &strategy, &opponent, solved.file.stem())?;
        Some((values, requested(args).unwrap_or(Format::ALL.to_vec())))
    } else {
        None
    };
    let mut report = report(game, &solved);
    if args.precision.bounds {
        report.bounds = Some(pig::certify_pig(game, [&Strategy::optimal(), &opponent]));
    }
    if let Some(exact) = &exact {
        add_exact(&mut report, exact, true);
        if exact.changed() > 0 {
            report.note = Some(format!(
                "{}; the exact solve decided otherwise than the float one in {} states (choices \
                 within rounding of each other), and the exact decisions are written",
                report.note.take().unwrap_or_default(),
                exact.changed()
            ));
        }
    }
    write_and_print(report, &files, values, &args.out, args.json)
}

/// Adds the exact fractions and ties of `exact` to `report`, the tied states listed when
/// `listed` (else counted).
fn add_exact(report: &mut MatchReport, exact: &pig::ExactSolution, listed: bool) {
    report.exact = Some(exact.rates().clone());
    let states = exact
        .ties()
        .iter()
        .filter(|_| listed)
        .map(|&(own, opponent, turn_total)| TiedState {
            score: own,
            opponent_score: opponent,
            memories: None,
            turn_total: Some(turn_total),
            choices: vec![Choice::Roll, Choice::Hold],
        });
    report.exact_ties = Some(ExactTies {
        count: exact.ties().len(),
        states: states.collect(),
    });
}

/// The report of a solve, before its files are written.
fn report(game: &Pig, solved: &Solved) -> MatchReport {
    let meta = &solved.file.meta;
    let heading = heading(game, &meta.strategy, &meta.opponent);
    let minimax = solved.first_player_wins.is_some();
    let mut report = match_report(heading, solved.outcome, solved.residual, minimax);
    report.note = Some(thresholds_note(game, &solved.not_thresholds));
    report
}

/// What the table is: hold thresholds, or every decision and where the policy is no
/// threshold.
fn thresholds_note(game: &Pig, not_thresholds: &[(u32, u32)]) -> String {
    let cells = game.goal() * game.goal();
    match not_thresholds {
        [] => "in every (own, opponent) cell it rolls below a turn total and holds from it on: \
               the table gives that turn total"
            .to_string(),
        [first, ..] => format!(
            "in {} of the {cells} (own, opponent) cells it is no threshold (the first: own {}, \
             opponent {}), so the table gives every decision, 1 roll, 0 hold; swine plot map \
             draws where it first holds",
            not_thresholds.len(),
            first.0,
            first.1
        ),
    }
}

/// The report of an exact match-up: win, tie and loss where a game may never end.
fn match_report(heading: Heading, matchup: Outcome, residual: f64, minimax: bool) -> MatchReport {
    if matchup.first.tie > 0.0 || matchup.second.tie > 0.0 {
        let mut report = MatchReport::with_ties(heading, matchup, residual, minimax);
        report.note = Some("a tie is a game that never ends: a win for neither player".into());
        return report;
    }
    let mut report = MatchReport::new(heading, matchup);
    report.first_player_wins = minimax.then_some(Probability(matchup.as_first()));
    report.residual = Some(residual);
    report
}

/// The heading of `strategy` against `opponent`.
fn heading(game: &Pig, strategy: &str, opponent: &str) -> Heading {
    Heading::new(game.name(), "goal", game.goal(), strategy, opponent)
}

/// The two strategies of `eval` and `simulate` as they meet (a `minimax` facing a fixed
/// strategy is the equilibrium strategy).
fn strategies(
    game: &Pig,
    strategy: &str,
    vs: Option<&str>,
    runner: &Runner,
) -> Result<[Strategy; 2]> {
    Ok(game.meet(
        resolve::pig_strategy(Some(strategy), "STRATEGY", game, runner)?,
        resolve::pig_strategy(vs, "--vs", game, runner)?,
    )?)
}

/// `swine eval` for a game of the Pig family.
pub fn eval(game: &Pig, args: &EvalArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let [strategy, opponent] = strategies(game, &args.strategy, args.vs.as_deref(), &runner)?;
    let heading = heading(game, strategy.name(), opponent.name());
    if let Some(from) = &args.from {
        let names = game.position_parts();
        let numbers = resolve::position("--from", from, &names)?;
        let solved = Contest::position(game, &strategy, &opponent, &numbers)
            .with_context(|| format!("--from {from}"))?;
        let (own, other, turn_total) = (numbers[0], numbers[1], numbers[2]);
        let report = PositionReport::new(
            heading,
            (&names, &numbers),
            format!("{own} : {other}, turn total {turn_total}"),
            &solved,
            |action| {
                if action == 1 {
                    Choice::Roll
                } else {
                    Choice::Hold
                }
            },
        );
        print(&report, args.json)?;
        return Ok(());
    }
    let (outcome, residual) = pig::evaluate(game, &strategy, &opponent)?;
    let minimax = strategy.is_optimising() && opponent.is_optimising();
    let mut report = match_report(heading, outcome, residual, minimax);
    if args.precision.bounds {
        report.bounds = Some(pig::certify_pig(game, [&strategy, &opponent]));
    }
    if args.precision.exact {
        let exact = pig::solve_exact(game, [&strategy, &opponent])?;
        add_exact(&mut report, &exact, false);
        if !strategy.is_optimising() {
            report.exact_ties = None;
        }
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

/// `swine simulate` for a game of the Pig family.
pub fn simulate(game: &Pig, args: &SimulateArgs) -> Result<()> {
    if args.transcript && args.json {
        bail!("--transcript prints the game as text; leave out --json");
    }
    let runner = resolve::runner(&args.python);
    let [strategy, opponent] = strategies(game, &args.strategy, args.vs.as_deref(), &runner)?;
    if args.transcript {
        let solution = solve(game, [strategy.player(), opponent.player()])?;
        let policies = [solution.policy(0), solution.policy(1)];
        let names = [strategy.name(), opponent.name()];
        print!(
            "{}",
            transcript(game, [&policies[0], &policies[1]], names, args.seed)
        );
        return Ok(());
    }
    let games = args.games.unwrap_or(DEFAULT_GAMES);
    let progress = GamesProgress::start(2 * games);
    let (simulation, exact) = game.simulate(&strategy, &opponent, games, args.seed, &|n| {
        progress.played(n)
    })?;
    progress.finish();
    let heading = heading(game, strategy.name(), opponent.name());
    let report = SimulationReport::ties_if_any(heading, args.seed, simulation, exact);
    print(&report, args.json)?;
    Ok(())
}

/// Formats `swine tables` writes a table of every decision in: a CSV of one would take 10 MB.
const DECISIONS_FORMATS: [Format; 2] = [Format::Npy, Format::Binary];

/// Every game of the family, at its goal, solved against its yardstick and by minimax.
pub fn tables() -> Result<Vec<TablesEntry>> {
    let mut written = Vec::new();
    for variant in pig::Variant::ALL {
        let game = Pig::new(variant, variant.default_goal())?;
        for opponent in [None, Some("minimax")] {
            let opponent = resolve::pig_strategy(opponent, "--vs", &game, &Runner::default())?;
            let solved = solve_against(&game, &opponent)?;
            let formats = if solved.not_thresholds.is_empty() {
                Format::ALL.to_vec()
            } else {
                DECISIONS_FORMATS.to_vec()
            };
            let files: [(TableFile, Vec<Format>); 1] = [(solved.file.clone(), formats)];
            written.push(TablesEntry::of(&report(&game, &solved), &files)?);
        }
    }
    Ok(written)
}

/// `swine play` for a game of the Pig family: the person is Player 0, the computer Player 1.
pub fn play(game: &Pig, args: &PlayArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let spec = args.vs.as_deref().unwrap_or("optimal");
    let computer = resolve::pig_strategy(Some(spec), "--vs", game, &runner)?;
    let seed = args.seed.unwrap_or_else(super::clock_seed);
    let mut out = io::stdout().lock();
    let mut input = Answers::new(&args.answers, io::stdin().lock());
    let first = usize::from(args.first == Some(First::Computer));
    writeln!(
        out,
        "{} (goal {}): you are Player 0, the computer (Player 1) plays {}. Seed {seed}.",
        game.name(),
        game.goal(),
        computer.name()
    )?;
    // The person's values: the solve of a perfect player against the computer's strategy.
    let solution = solve(game, [&Player::Optimising, computer.player()])?;
    let computer_policy = solution.policy(1);
    let best = solution.policy(0);
    let mut dice = SeededDice::new(seed);
    let mut position = Game::new(first);
    // Named as in transcripts: the first line says which player is whom.
    let names = Names::Numbered(0);
    let mut commentary = commentary::full(names);
    let mut watch = LoopWatch::default();
    let mut announced = None;
    loop {
        let state = position.state(game);
        let (own, other) = (
            position.scores[position.mover],
            position.scores[1 - position.mover],
        );
        let turn = (position.mover, own, other);
        let rolls = if position.mover == 0 {
            watch = LoopWatch::default();
            if announced != Some(turn) {
                writeln!(out, "\nYou {own}, computer {other}. Your turn.")?;
                announced = Some(turn);
            }
            if !args.no_hints {
                let (roll, hold) = solution.choices(0, state);
                let mark = |rolls: bool| {
                    if best.rolls(state) == rolls {
                        "  <- best"
                    } else {
                        ""
                    }
                };
                writeln!(
                    out,
                    "Turn total {}. Your chance to win, then playing perfectly: roll {roll:.6}{}, \
                     hold {hold:.6}{}",
                    position.turn_total,
                    mark(true),
                    mark(false)
                )?;
            }
            let Some(answer) = ask_word(&mut input, &mut out, "Roll or hold (r/h)? ", &["r", "h"])?
            else {
                return quit(&mut out);
            };
            answer == 0
        } else {
            let rolls = computer_policy.rolls(state);
            if watch.comes_back(&position, rolls) {
                writeln!(out, "\n{NEVER_ENDS}")?;
                return Ok(());
            }
            if announced != Some(turn) {
                writeln!(out, "\nComputer {own}, you {other}. The computer's turn.")?;
                announced = Some(turn);
            }
            rolls
        };
        let (step, lines) = play_decision(
            game,
            &mut position,
            rolls,
            &mut dice,
            &mut commentary,
            names,
        );
        for line in lines {
            writeln!(out, "  {line}")?;
        }
        if step == Step::Won {
            let verdict = if position.mover == 0 {
                "You win!"
            } else {
                "The computer wins."
            };
            writeln!(out, "{verdict}")?;
            return Ok(());
        }
    }
}
