//! The verbs for Chopsticks: solve with or without a move limit, and play against the solver.

use std::io::{self, BufRead, Write};

use anyhow::{Result, bail};
use swine_solver::chopsticks::{
    DEFAULT_MOVES, Limited, LimitedSummary, Match, Player, Position, Retrograde, Solver,
    UnlimitedSummary, limited_file, unlimited_file,
};
use swine_solver::format::{Format, prepare_directory, write_rendered};

use super::TablesEntry;
use super::prompt::{Answers, ask_number, quit};
use crate::cli::{First, MoveLimit, PlayArgs, SolveArgs};
use crate::report::{LimitedReport, UnlimitedReport, print, text};

/// `swine solve --rules chopsticks`: the start's result and counts, and every solved position
/// written as JSON.
pub fn solve(args: &SolveArgs) -> Result<()> {
    if args.vs.is_some() {
        bail!("--vs: chopsticks has no strategies to solve against; both sides play perfectly");
    }
    if args.full_information || args.time_limit.is_some() {
        bail!("--full-information and --time-limit are for hog-fa19; chopsticks needs neither");
    }
    if let Some(formats) = &args.format
        && formats.iter().any(|f| Format::from(*f) != Format::Json)
    {
        bail!("--format: chopsticks writes its solved positions as json only");
    }
    prepare_directory(&args.out)?;
    let solved = solved(args.moves.unwrap_or(MoveLimit::Unlimited));
    let files = write_rendered(&args.out, solved.files)?;
    match solved.report {
        Report::Limited(mut report) => {
            report.files = files;
            print(&report, args.json)?;
        }
        Report::Unlimited(mut report) => {
            report.files = files;
            print(&report, args.json)?;
        }
    }
    Ok(())
}

/// What a solve prints, before the files are listed.
enum Report {
    Limited(LimitedReport),
    Unlimited(UnlimitedReport),
}

/// A solve's report and its JSON file.
struct Solution {
    report: Report,
    files: Vec<(String, Vec<u8>)>,
}

/// Solves Chopsticks under `limit`.
fn solved(limit: MoveLimit) -> Solution {
    match limit {
        MoveLimit::Moves(m) => {
            let solved = Limited::solve(m);
            Solution {
                report: Report::Limited(LimitedReport::new(LimitedSummary::of(&solved))),
                files: vec![limited_file(&solved)],
            }
        }
        MoveLimit::Unlimited => {
            let solved = Retrograde::solve();
            Solution {
                report: Report::Unlimited(UnlimitedReport::new(UnlimitedSummary::of(&solved))),
                files: vec![unlimited_file(&solved)],
            }
        }
    }
}

/// The solved positions `swine tables` keeps: the assignment's limit of 10 and no limit.
pub fn tables() -> Result<Vec<TablesEntry>> {
    Ok([MoveLimit::Moves(DEFAULT_MOVES), MoveLimit::Unlimited]
        .into_iter()
        .map(|limit| {
            let solution = solved(limit);
            let text = match &solution.report {
                Report::Limited(report) => text(report),
                Report::Unlimited(report) => text(report),
            };
            TablesEntry {
                text,
                files: solution.files,
            }
        })
        .collect())
}

/// `swine play --rules chopsticks`: a game against the solver on the terminal, as the
/// assignment's `chopsticks_game` plays it.
pub fn play(args: &PlayArgs) -> Result<()> {
    let mut input = Answers::new(&args.answers, io::stdin().lock());
    let mut out = io::stdout().lock();
    let limit = args.moves.unwrap_or(MoveLimit::Moves(DEFAULT_MOVES));
    writeln!(out, "The chopsticks game.")?;
    match limit {
        MoveLimit::Moves(m) => writeln!(out, "The game will end within {m} moves.")?,
        MoveLimit::Unlimited => writeln!(out, "The game has no move limit.")?,
    }
    let first = match args.first {
        Some(first) => first,
        None => {
            write!(out, "Do you want to go first? ")?;
            out.flush()?;
            match input.next(&mut out)? {
                Some(answer) if ["Y", "y", "Yes", "YES", "yes"].contains(&answer.trim()) => {
                    First::You
                }
                Some(_) => First::Computer,
                None => return quit(&mut out),
            }
        }
    };
    let computer = match first {
        First::You => Player::B,
        First::Computer => Player::A,
    };
    let mut game = Match::new(Solver::for_limit(limit.moves()), computer);
    display(&mut out, game.position())?;
    while game.ended().is_none() {
        if game.computers_turn() {
            let claim = if game.computer_will_win() {
                "I will win."
            } else {
                "I may not win."
            };
            writeln!(out, "{claim}")?;
            game.play(game.best_move());
        } else {
            let choices = game.choices();
            if let Some(left) = game.moves_left() {
                writeln!(out, "{left} moves left.")?;
            }
            writeln!(out, "Choices:")?;
            for (i, choice) in choices.iter().enumerate() {
                writeln!(out, "{i} : {choice}")?;
            }
            let Some(choice) = ask_choice(&mut input, &mut out, &choices)? else {
                return quit(&mut out);
            };
            game.play(choice);
        }
        display(&mut out, game.position())?;
    }
    let verdict = match game.ended() {
        Some(1) => "A wins.",
        Some(-1) => "B wins.",
        _ => "It is a tie.",
    };
    writeln!(out, "{verdict}")?;
    Ok(())
}

/// Shows the position as the assignment's `display` does.
fn display(out: &mut impl Write, position: Position) -> io::Result<()> {
    writeln!(out, "***********************")?;
    writeln!(out, "A: {}", position.a)?;
    writeln!(out, "B: {}", position.b)
}

/// Asks for a choice until a valid one comes; `None` at the end of input.
fn ask_choice(
    input: &mut Answers<impl BufRead>,
    out: &mut impl Write,
    choices: &[Position],
) -> io::Result<Option<Position>> {
    let chosen = ask_number(input, out, "Your move: ", 0..=choices.len() - 1)?;
    Ok(chosen.map(|i| choices[i]))
}
