//! `swine`: the command line over `swine-solver`. It parses flags, resolves them into solver
//! objects, and prints what the solver computes; no game logic lives here.

mod cli;
mod commands;
mod help;
mod manual;
mod progress;
mod resolve;
mod serve;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;
use swine_solver::report::printable;

use cli::{Cli, Command};

fn main() -> ExitCode {
    remove_staged_files_when_signalled();
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

/// On SIGINT (Ctrl-C) or SIGTERM: removes the temporary files being written (no `.tmpXXXXXX`
/// stays behind in an output folder), then ends the process as the signal's default action
/// does. The watch starts on a thread of its own; until it has (or if it cannot), the signals
/// keep their defaults.
///
/// Every other thread (this one, and the solver's threads it starts) blocks both signals, so
/// the kernel hands them to the watch at once: a thread inside a long system call (mapping in
/// a table of gigabytes) would take them only when the call returned, seconds later, and the
/// process would compute on meanwhile.
fn remove_staged_files_when_signalled() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let watching = std::thread::Builder::new()
        .name("signals".to_string())
        .spawn(|| {
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
                return;
            };
            if let Some(signal) = signals.forever().next() {
                swine_solver::format::remove_staged();
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    if watching.is_ok() {
        block_in_this_thread(&[SIGINT, SIGTERM]);
    }
}

/// Blocks `signals` in the calling thread and the threads it starts from now on (a child
/// process starts with none blocked: the standard library clears the mask before `exec`).
fn block_in_this_thread(signals: &[libc::c_int]) {
    // SAFETY: the set is initialised by `sigemptyset` before use, and changing this thread's
    // mask touches nothing else.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for &signal in signals {
            libc::sigaddset(&mut set, signal);
        }
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
}

fn run(cli: &Cli) -> anyhow::Result<()> {
    match &cli.command {
        Command::Solve(args) => commands::solve_command(args),
        Command::Eval(args) => commands::eval_command(args),
        Command::Simulate(args) => commands::simulate_command(args),
        Command::Study(args) => commands::study_command(args),
        Command::Play(args) => commands::play_command(args),
        Command::Plot(args) => commands::plot::plot_command(args),
        Command::Serve(args) => {
            let budget = args.max_memory.unwrap_or_else(serve::default_budget);
            serve::serve(args.port, args.open, budget)
        }
        Command::Tables(args) => commands::tables_command(args),
        Command::Atlas(args) => commands::atlas_command(args),
        Command::Grade(args) => commands::grade_command(args),
        Command::Rules(command) => commands::rules_command(command),
        Command::Sweep(args) => commands::sweep_command(args),
        Command::Games(args) => commands::games_command(args),
        Command::Tournament(args) => commands::tournament_command(args),
        Command::Completions(args) => manual::completions(args.shell),
        Command::Man(args) => manual::man(args.verb.as_deref()),
    }
}

/// clap's error as one line: its message and hints, without the usage block, control characters
/// in what the user typed escaped (an ESC echoed raw would drive the terminal).
fn usage_error(err: &clap::Error) -> String {
    let rendered = err.render().to_string();
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:"))
        .filter(|line| !line.is_empty() && !line.starts_with("For more information"))
        .collect();
    let message = printable(&lines.join(" "));
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use swine_solver::catalog::{self, compiled_on_this_thread};
    use swine_solver::python::Runner;

    /// What `--help` or `--version` of `args` prints (clap's early exit).
    fn printed(args: &[&str]) -> String {
        let err = Cli::try_parse_from(args).expect_err("help and version print and stop");
        assert!(!err.use_stderr(), "{args:?}: {err}");
        err.render().to_string()
    }

    #[test]
    fn commands_that_need_no_ruleset_compile_none() {
        let before = compiled_on_this_thread();
        assert!(printed(&["swine", "--version"]).starts_with("swine "));
        assert!(printed(&["swine", "--help"]).contains("hog-fa22 (also hog-sp23)"));
        let mut command = Cli::command();
        command.build();
        let verbs = command.get_subcommands().map(|c| c.get_name().to_string());
        for verb in verbs.filter(|verb| verb != "help") {
            printed(&["swine", &verb, "--help"]);
        }
        let mut page = Vec::new();
        clap_mangen::Man::new(command.clone())
            .render(&mut page)
            .unwrap();
        let mut completions = Vec::new();
        clap_complete::generate(
            clap_complete::Shell::Bash,
            &mut command,
            "swine",
            &mut completions,
        );
        assert!(catalog::find("hog-sp23").is_ok() && catalog::find("pug").is_err());
        assert!(!catalog::describe().is_empty());
        assert_eq!(compiled_on_this_thread(), before);

        // The check sees a compile where there is one.
        let opened = catalog::open("hog-fa20", None, &[], &Runner::default());
        assert!(opened.is_ok());
        assert_eq!(compiled_on_this_thread(), before + 1);
    }
}
