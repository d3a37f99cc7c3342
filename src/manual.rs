//! `swine completions` and `swine man`: shell completions and manual pages generated from the
//! clap definition, so they always list the flags the program takes.

use std::io::{self, Write};

use anyhow::{Result, bail};
use clap::CommandFactory;

use crate::cli::Cli;

/// Writes the completion script of `shell` for swine to stdout.
pub fn completions(shell: clap_complete::Shell) -> Result<()> {
    let mut command = Cli::command();
    // Rendered first: clap_complete panics when its writer fails (a reader that stopped, as
    // `| head` does), where writing the bytes ourselves is an error main treats as the end.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "swine", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}

/// Writes the manual page (roff) of swine, or of its verb `verb`, to stdout.
pub fn man(verb: Option<&str>) -> Result<()> {
    let mut command = Cli::command();
    command.build();
    let page = match verb {
        None => command,
        Some(verb) => match command.find_subcommand(verb) {
            Some(sub) => sub.clone().version(env!("CARGO_PKG_VERSION")),
            None => {
                let verbs: Vec<&str> = command
                    .get_subcommands()
                    .map(|c| c.get_name())
                    .filter(|name| *name != "help")
                    .collect();
                bail!("no verb {verb:?}: swine's verbs are {}", verbs.join(", "))
            }
        },
    };
    let mut out = io::stdout().lock();
    clap_mangen::Man::new(page).render(&mut out)?;
    out.flush()?;
    Ok(())
}
