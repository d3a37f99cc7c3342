//! `swine games`: every game's record, as the registry holds it.

use std::io::Write;

use anyhow::Result;
use swine_solver::catalog;
use swine_solver::game::{Capability, GameType};

use crate::cli::GamesArgs;

/// `swine games`.
pub fn games_command(args: &GamesArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, catalog::games())?;
        writeln!(out)?;
        return Ok(());
    }
    for (i, game) in catalog::games().iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        write!(out, "{}", record_text(game, i == 0))?;
    }
    Ok(())
}

/// A record as people read it; the first game's first ruleset marked as the default.
fn record_text(game: &GameType, first: bool) -> String {
    let mut text = format!("{} ({}): {}\n", game.label, game.name, game.summary);
    let mut line = |name: &str, value: &str| {
        for (i, row) in wrapped(value, WIDTH - 14).iter().enumerate() {
            let name = if i == 0 { name } else { "" };
            text.push_str(&format!("  {name:<11} {row}\n"));
        }
    };
    line("players", &game.players_words());
    line("value", &game.value.words());
    if game.parameters.is_empty() && !game.declared_parameters {
        line("parameters", "none");
    }
    for (i, p) in game.parameters.iter().enumerate() {
        let name = if i == 0 { "parameters" } else { "" };
        line(
            name,
            &format!(
                "{}: {} (default {}): {}",
                p.name,
                p.range_text(),
                p.value_text(p.default),
                p.doc
            ),
        );
    }
    if game.declared_parameters {
        line(
            if game.parameters.is_empty() {
                "parameters"
            } else {
                ""
            },
            "and any its rule script declares",
        );
    }
    let mut rulesets: Vec<String> = (game.rulesets)()
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut name = r.name.to_string();
            if first && i == 0 {
                name.push_str(" (default)");
            }
            for (parameter, value) in &r.defaults {
                if game
                    .parameter(parameter)
                    .is_some_and(|p| p.default != *value)
                {
                    name.push_str(&format!(" ({parameter} {value})"));
                }
            }
            name
        })
        .collect();
    rulesets.extend(game.files.iter().map(|ending| format!("FILE{ending}")));
    line("rulesets", &rulesets.join(", "));
    let can: Vec<&str> = Capability::ALL
        .into_iter()
        .filter(|c| game.can(*c))
        .map(Capability::words)
        .collect();
    line(
        "answers",
        &["solve", "play"]
            .into_iter()
            .chain(can)
            .collect::<Vec<_>>()
            .join(", "),
    );
    text
}

/// The width the records are written to.
const WIDTH: usize = 100;

/// `text` in rows of at most `width` characters, broken at spaces.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match rows.last_mut() {
            Some(row) if row.len() + 1 + word.len() <= width => {
                row.push(' ');
                row.push_str(word);
            }
            _ => rows.push(word.to_string()),
        }
    }
    rows
}
