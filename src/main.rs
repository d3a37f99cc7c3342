//! `swine`: the command line over `swine-solver`. It parses flags, resolves them into solver
//! objects, and prints what the solver computes; no game logic lives here.

mod cli;
mod commands;
mod report;
mod resolve;

use std::io;
use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
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
        Command::Tables(args) => commands::tables_command(args),
    }
}

/// A reader that stopped reading (`swine ... | head`) is not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
