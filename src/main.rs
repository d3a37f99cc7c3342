//! `swine`: the command line over `swine-solver`. It parses flags, resolves them into solver
//! objects, and prints what the solver computes; no game logic lives here.

mod cli;
mod commands;
mod manual;
mod progress;
mod ranking;
mod report;
mod resolve;
mod serve;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use cli::{Cli, Command};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version print and succeed; a bare `swine` prints the help and fails.
        Err(err)
            if !err.use_stderr()
                || err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            err.exit()
        }
        Err(err) => {
            eprintln!("swine: {} (see swine --help)", usage_error(&err));
            return ExitCode::from(2);
        }
    };
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("swine: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: &Cli) -> anyhow::Result<()> {
    match &cli.command {
        Command::Solve(args) => commands::solve_command(args),
        Command::Eval(args) => commands::eval_command(args),
        Command::Simulate(args) => commands::simulate_command(args),
        Command::Play(args) => commands::play_command(args),
        Command::Plot(args) => commands::plot::plot_command(args),
        Command::Serve(args) => serve::serve(args.port, args.open),
        Command::Tables(args) => commands::tables_command(args),
        Command::Atlas(args) => commands::atlas_command(args),
        Command::Grade(args) => commands::grade_command(args),
        Command::Rules(command) => commands::rules_command(command),
        Command::Sweep(args) => commands::sweep_command(args),
        Command::Tournament(args) => commands::tournament_command(args),
        Command::Completions(args) => manual::completions(args.shell),
        Command::Man(args) => manual::man(args.verb.as_deref()),
    }
}

/// clap's error as one line: its message and hints, without the usage block.
fn usage_error(err: &clap::Error) -> String {
    let rendered = err.render().to_string();
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:"))
        .filter(|line| !line.is_empty() && !line.starts_with("For more information"))
        .collect();
    let message = lines.join(" ");
    message
        .strip_prefix("error: ")
        .unwrap_or(&message)
        .to_string()
}

/// A reader that stopped reading (`swine ... | head`) is not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
