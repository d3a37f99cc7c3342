//! `swine atlas`: every Hog preset's optimal play side by side, ordered by term, written as a
//! Markdown page (`docs/atlas.md`) with a strategy map of each preset (`docs/atlas/*.png`); with
//! `--rules`, the same page of the rulesets given (one's own scripts beside any preset).

use std::fmt::Write as _;
use std::io::Write as _;

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use rayon::prelude::*;
use serde::Serialize;
use swine_solver::catalog::{self, is_script};
use swine_solver::format::{Probability, prepare_directory, write_rendered};
use swine_solver::hog::{
    AtlasEntry, DEFAULT_GOAL, MAX_DICE, OptimumSource, Ruleset, atlas, atlas_order, entry_of,
    presets, script,
};

use crate::cli::AtlasArgs;
use crate::progress::CountProgress;
use crate::resolve;
use swine_plot::{Kind, hog_map, render};

/// The size of a strategy map's thumbnail, in pixels: 39% of `swine plot`'s height, so its
/// text is 63% of the size, the square root (see `plot::render`).
const THUMBNAIL: (u32, u32) = (360, 300);

/// The folder of the pictures, beside the page.
const PICTURES: &str = "atlas";

/// The command line that writes the committed atlas.
const COMMAND: &str = "cargo run --release -- atlas";

/// RULES.md, whose headings the page links to.
const RULES: &str = include_str!("../../RULES.md");

/// RULES.md's section of the CS 61A terms that have none of their own.
const TERMS_SECTION: &str = "every-cs-61a-hog-semester";

/// `swine atlas`: solves every preset (or the rulesets of `--rules`), then writes the page and
/// its pictures at once.
pub fn atlas_command(args: &AtlasArgs) -> Result<()> {
    let every_preset = args.rules.is_empty();
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(if every_preset { "docs" } else { "." }));
    // Both folders are checked before the solving, and created only once it is done.
    let pictures = out.join(PICTURES);
    prepare_directory(&out)?;
    prepare_directory(&pictures)?;
    let entries = if every_preset {
        let progress = CountProgress::start(atlas_order().len(), "presets");
        let entries = atlas(|entry| progress.done(&entry.name));
        progress.finish();
        entries?
    } else {
        given(args)?
    };
    let origin = Origin::of(args);
    let mut files = vec![("atlas.md".to_string(), page(&entries, &origin).into_bytes())];
    for entry in &entries {
        files.push((picture(entry), thumbnail(entry)?));
    }
    std::fs::create_dir_all(&pictures)
        .with_context(|| format!("cannot create {}", pictures.display()))?;
    let written = write_rendered(&out, files)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let goal = entries.first().map(|e| e.goal).unwrap_or(DEFAULT_GOAL);
        let report = Report {
            goal: entries.iter().all(|e| e.goal == goal).then_some(goal),
            rulesets: entries.iter().map(Row::of).collect(),
            files: written.iter().map(|p| p.display().to_string()).collect(),
        };
        serde_json::to_writer_pretty(&mut out, &report)?;
        writeln!(out)?;
    } else {
        for path in written {
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    Ok(())
}

/// The entries of the rulesets `--rules` gives, in the order given, solved in parallel: each
/// with `--goal` and those of `--set` it declares (a setting none declares is refused). The
/// first that fails stops the atlas, naming it.
fn given(args: &AtlasArgs) -> Result<Vec<AtlasEntry>> {
    let runner = resolve::runner(&args.python);
    let goal: Vec<(String, i64)> = args
        .goal
        .map(|goal| ("goal".to_string(), i64::from(goal)))
        .into_iter()
        .collect();
    if args.goal.is_some() && args.settings.iter().any(|(name, _)| name == "goal") {
        bail!("--goal and --set goal=...: give the goal once");
    }
    // Read once for the parameters each declares (cheap: nothing is tabulated yet).
    let declared: Vec<Vec<String>> = args
        .rules
        .iter()
        .map(|rules| {
            let script =
                script(rules, &goal, &runner).with_context(|| format!("--rules {rules}"))?;
            Ok(script.parameters().iter().map(|p| p.name.clone()).collect())
        })
        .collect::<Result<_>>()?;
    if let Some((name, _)) = args
        .settings
        .iter()
        .find(|(name, _)| !declared.iter().flatten().any(|d| d == name))
    {
        bail!("--set {name}: none of the rulesets of --rules declares it");
    }
    // Each with --goal and the settings it declares, sized before any is tabulated (as every
    // verb sizes its solve).
    let settings: Vec<Vec<(String, i64)>> = declared
        .iter()
        .map(|declared| {
            let mut settings = goal.clone();
            settings.extend(
                args.settings
                    .iter()
                    .filter(|(name, _)| declared.contains(name))
                    .cloned(),
            );
            settings
        })
        .collect();
    for (rules, settings) in args.rules.iter().zip(&settings) {
        if let Ok(named) = catalog::named(rules, None, &catalog::as_text(settings), &runner) {
            resolve::fits(rules, &named.footprint(), args.no_memory_check)
                .with_context(|| format!("--rules {rules}"))?;
        }
    }
    let progress = CountProgress::start(args.rules.len(), "rulesets");
    let entries = args
        .rules
        .par_iter()
        .zip(&settings)
        .map(|(rules, settings)| {
            let script =
                script(rules, settings, &runner).with_context(|| format!("--rules {rules}"))?;
            let ruleset = Ruleset::compile(script).with_context(|| format!("--rules {rules}"))?;
            let preset = (!is_script(rules))
                .then(|| presets::preset(rules))
                .flatten();
            let entry = entry_of(&ruleset, preset)?;
            progress.done(&entry.name);
            Ok(entry)
        })
        .collect();
    progress.finish();
    entries
}

/// Where the page's rulesets come from, as its opening says.
struct Origin {
    /// The command line that writes the page again.
    command: String,
    /// Whether the page is the committed atlas of every preset (in `docs/`, beside RULES.md
    /// and tables/, which it links to).
    every_preset: bool,
}

impl Origin {
    /// The origin of the page `args` ask for.
    fn of(args: &AtlasArgs) -> Origin {
        if args.rules.is_empty() {
            return Origin {
                command: COMMAND.to_string(),
                every_preset: true,
            };
        }
        let mut command = "swine atlas".to_string();
        for rules in &args.rules {
            command.push_str(&format!(" --rules {rules}"));
        }
        if let Some(goal) = args.goal {
            command.push_str(&format!(" --goal {goal}"));
        }
        for (name, value) in &args.settings {
            command.push_str(&format!(" --set {name}={value}"));
        }
        Origin {
            command,
            every_preset: false,
        }
    }
}

/// The path of `entry`'s strategy map, relative to the page: the preset's name, or the
/// variant's label with only letters, digits and hyphens (`my-hog-lucky-5-359652a1`).
fn picture(entry: &AtlasEntry) -> String {
    let mut stem = String::new();
    for c in entry.name.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            stem.push(c);
        } else if !stem.ends_with('-') {
            stem.push('-');
        }
    }
    format!("{PICTURES}/{}.png", stem.trim_matches('-'))
}

/// The PNG of `entry`'s strategy map: `swine plot map`'s picture at thumbnail size.
fn thumbnail(entry: &AtlasEntry) -> Result<Vec<u8>> {
    let optimum = &entry.optimum;
    let chart = hog_map(
        &entry.name,
        table_name(optimum.source),
        &entry.yardstick,
        optimum.table_outcome.win_rate(),
        optimum.table.clone(),
    );
    render(&chart, Kind::Png, THUMBNAIL)
}

/// The name of the optimal strategy, as its table files are named.
fn strategy_name(source: OptimumSource) -> &'static str {
    match source {
        OptimumSource::BestResponse => "optimal",
        OptimumSource::CommittedTable(_) => "best_table",
        OptimumSource::FullInformation => "full_information",
    }
}

/// The name of the score table the atlas shows of the optimal strategy: the strategy's, but
/// for the full-information optimum's likeliest choices.
fn table_name(source: OptimumSource) -> &'static str {
    match source {
        OptimumSource::FullInformation => "most_likely",
        other => strategy_name(other),
    }
}

/// The anchor of `heading` on GitHub: lower case, spaces as hyphens, other punctuation gone.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// Where RULES.md states `entry`'s rules: its own section (`### hog-fa20 (the default)`), else
/// the section of every CS 61A term for a term's preset; none for a ruleset of one's own.
fn rules_link(entry: &AtlasEntry) -> Option<String> {
    let preset = entry.preset?;
    let name = preset.name;
    let own = RULES
        .lines()
        .filter_map(|line| line.strip_prefix("### "))
        .find(|heading| {
            heading
                .strip_prefix(name)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(" ("))
        });
    match own {
        Some(heading) => Some(anchor(heading)),
        None => preset.term.map(|_| TERMS_SECTION.to_string()),
    }
}

/// A probability as a percentage with 4 decimals.
fn percent(p: f64) -> String {
    format!("{:.4}%", 100.0 * p)
}

/// The page.
fn page(entries: &[AtlasEntry], origin: &Origin) -> String {
    let mut page = String::new();
    let committed: Vec<String> = entries
        .iter()
        .filter_map(|e| match e.optimum.source {
            OptimumSource::CommittedTable(path) if origin.every_preset => {
                Some(format!("[{}](../{path})", e.name))
            }
            OptimumSource::CommittedTable(path) => Some(format!("{} (`{path}`)", e.name)),
            _ => None,
        })
        .collect();
    let (opening, cells) = if origin.every_preset {
        (
            format!(
                "\
Generated by `swine atlas`: `{COMMAND}` regenerates it, and `tests/atlas.rs`
fails when this page or a picture in [atlas/](atlas/) differs from what the command writes.
Every built-in Hog ruleset at goal {DEFAULT_GOAL}, CS 61A's terms oldest first, then the other
variants: a new variant can be set beside every term before it."
            ),
            format!("{DEFAULT_GOAL} × {DEFAULT_GOAL}"),
        )
    } else {
        let given: Vec<String> = entries
            .iter()
            .map(|e| format!("{} (goal {})", e.name, e.goal))
            .collect();
        (
            format!(
                "Generated by `swine atlas`: `{}` writes it again.\nThe rulesets given, in \
                 the order given: {}.",
                origin.command,
                given.join(", ")
            ),
            "goal × goal".to_string(),
        )
    };
    let full = names(entries, |e| {
        e.optimum.source == OptimumSource::FullInformation
    });
    let residual = entries.iter().map(|e| e.residual).fold(0.0, f64::max);
    let _ = write!(
        page,
        "\
# An atlas of Hog's rules

{opening}

Every number is exact, computed from the whole state space of the game by swine's dynamic
program, not sampled, and so the same on every machine. The page rounds; `swine atlas --json`
gives every number to full precision.

- **Optimal vs yardstick**: the win rate (the mean of moving first and moving second, the
  course's measure) of the optimal strategy against the ruleset's yardstick. Where the rules
  hide memory from a strategy that sees only the two scores, the best score table is a search
  of seconds to minutes (`swine solve`), and the row says which strategy it shows
  ({hidden}):
  - *best score table*: the table that search found, committed in `tables/` and built into
    swine (the link is the file): {committed};
  - *full information*, where no table is committed: the best response that also sees both
    memories, an upper bound on what any score table wins, beside the win rate of *most
    likely*, the score table of the choice it makes most often in each cell (each state weighted
    by how likely a game reaches it): the table the search starts from, and a lower bound on what
    the best score table wins. Rows: {full}.
- **First player, both optimal**: the first player's chance to win when both play optimally
  (minimax; both see the memories where the rules hide them). Where some games never end: its
  value, P(win) + ½·P(the game never ends), and its chance to win. **First-move advantage**:
  that value less 50%, in percentage points.
- **Turns, both optimal**: the expected number of turns of a game with both players optimal,
  extra turns included, each player moving first in half the games: the sum, over every state,
  of the expected number of times a game passes through it (the forward pass of
  `swine_solver::hog::game_length`). Where some games go round for ever the expectation is
  infinite: the row gives how often that happens and the expected turns of the games that end.
- **Rules per game, both optimal**: the expected number of turns of a game on which each rule
  happens (either player's turns, each moving first in half the games), as the ruleset names
  its rules: rolling 0, a Pig Out, a bonus for the dice chosen, another turn, an after-turn score
  change, a rule on the turn's points that changes them, a dice limit that rolls fewer dice
  than asked, dice of other than six faces (`swine study` gives them for any match-up, with the
  chance of at least once).
- **Rolls 0**: the share of the {cells} score cells in which the strategy of
  *optimal vs yardstick*, the table a student submits, rolls 0 dice (for *full information*,
  which reads the memories too: its *most likely* table).
- Where positions can repeat, values are the fixpoint of the game's equations ({repeat}):
  the largest residual |V − TV| of all the solves is {residual:.1e}.

| term | rules | yardstick | optimal vs yardstick | first player, both optimal | first-move advantage | turns, both optimal | rules per game, both optimal | rolls 0 |
|---|---|---|---|---|---|---|---|---|
",
        hidden = names(entries, |e| e.hides_memory).join(", "),
        committed = or_none(&committed.join(", ")),
        full = or_none(&full.join(", ")),
        repeat = names(entries, |e| e.positions_repeat).join(", "),
    );
    for entry in entries {
        page.push_str(&row(entry, origin));
    }
    let tour = if origin.every_preset {
        "[the tour](guide.md#pictures)"
    } else {
        "the tour: docs/guide.md, Pictures"
    };
    let _ = write!(
        page,
        "
## Strategy maps

The strategy of *optimal vs yardstick* (for *full information*: its *most likely* table) in
every score cell, own score across and opponent score up, coloured by the number of dice it
rolls, with its win rate, drawn as `swine plot map` draws it ({tour}).

| | | |
|---|---|---|
"
    );
    for three in entries.chunks(3) {
        let cells: Vec<String> = three
            .iter()
            .map(|e| {
                let term = e
                    .preset
                    .and_then(|p| p.term)
                    .map(|t| format!(", {t}"))
                    .unwrap_or_default();
                let path = picture(e);
                format!(
                    "[![{name}'s strategy map]({path})]({path})<br>{name}{term}",
                    name = e.name
                )
            })
            .collect();
        let _ = writeln!(page, "| {} |", cells.join(" | "));
    }
    page
}

/// The names of the rulesets of `entries` for which `which` holds.
fn names(entries: &[AtlasEntry], which: impl Fn(&AtlasEntry) -> bool) -> Vec<&str> {
    entries
        .iter()
        .filter(|e| which(e))
        .map(|e| e.name.as_str())
        .collect()
}

/// `list`, or "none" where it is empty.
fn or_none(list: &str) -> &str {
    if list.is_empty() { "none" } else { list }
}

/// One ruleset's row of the table (its rules linked to RULES.md on the committed page).
fn row(entry: &AtlasEntry, origin: &Origin) -> String {
    let term = entry.preset.and_then(|p| p.term);
    let term = term.map(|t| t.to_string()).unwrap_or("—".into());
    let mut rules = match rules_link(entry).filter(|_| origin.every_preset) {
        Some(anchor) => format!("[{}](../RULES.md#{anchor})", entry.name),
        None => entry.name.clone(),
    };
    let aliases = entry.preset.map(|p| p.aliases).unwrap_or_default();
    if !aliases.is_empty() {
        rules.push_str(&format!(" (also {})", aliases.join(", ")));
    }
    rules.push_str(&format!(": {}", entry.summary.replace('|', "\\|")));
    let rate = percent(entry.optimum.outcome.win_rate());
    let optimal = match entry.optimum.source {
        OptimumSource::BestResponse => rate,
        OptimumSource::CommittedTable(_) => format!("{rate} (best score table)"),
        OptimumSource::FullInformation => format!(
            "{rate} (full information: an upper bound; most likely: {})",
            percent(entry.optimum.table_outcome.win_rate())
        ),
    };
    let first = &entry.minimax.first;
    let mut first_player = percent(first.value());
    if first.tie > 0.0 {
        first_player.push_str(&format!(" (value; wins {})", percent(first.win)));
    }
    let advantage = format!("{:+.4}", 100.0 * entry.first_move_advantage());
    let length = &entry.length;
    let turns = match length.turns_if_ended {
        _ if length.turns.is_finite() => format!("{:.2}", length.turns),
        Some(ended) => format!(
            "∞: {} of games never end; {ended:.2} in those that end",
            percent(length.never_ends)
        ),
        None => "∞: no game ends".to_string(),
    };
    let per_game: Vec<String> = entry
        .rules_per_game
        .iter()
        .map(|(rule, count)| format!("{rule} {count:.2}"))
        .collect();
    let per_game = per_game.join(", ");
    let zero = match entry.rolls_zero() {
        Some(share) => format!("{:.2}%", 100.0 * share),
        None => format!("— ({} to {MAX_DICE} dice)", entry.least_dice),
    };
    format!(
        "| {term} | {rules} | `{}` | {optimal} | {first_player} | {advantage} | {turns} | {per_game} | {zero} |\n",
        entry.yardstick,
    )
}

/// `swine atlas --json`.
#[derive(Serialize)]
struct Report {
    /// The goal of every ruleset, where they share one (`null` where not).
    goal: Option<u32>,
    /// One per ruleset, in the page's order.
    rulesets: Vec<Row>,
    /// The files written.
    files: Vec<String>,
}

/// One ruleset, every number to full precision.
#[derive(Serialize)]
struct Row {
    /// The preset's name, or the variant's label (`my-hog[lucky=5]@359652a1`).
    name: String,
    aliases: &'static [&'static str],
    term: Option<String>,
    goal: u32,
    summary: String,
    yardstick: String,
    /// `optimal` (the best response), `best_table` (committed) or `full_information`.
    optimal_strategy: &'static str,
    /// Where the best table is committed, for `best_table`.
    committed: Option<&'static str>,
    optimal_win_rate: Probability,
    optimal_as_first: Probability,
    optimal_as_second: Probability,
    /// The score table shown (`optimal`, `best_table` or, for `full_information`, its
    /// likeliest choices: `most_likely`) and its own win rate against the yardstick.
    table: &'static str,
    table_win_rate: Probability,
    /// Both optimal: the first player's value, P(win) + ½·P(never ends), and P(win).
    first_player_value: Probability,
    first_player_wins: Probability,
    first_move_advantage: Probability,
    /// `null` where some games never end (the expectation is infinite).
    expected_turns: Option<f64>,
    expected_turns_of_games_that_end: Option<f64>,
    never_ends: Probability,
    /// Both optimal: each rule's expected number per game.
    rules_per_game: Vec<RulePerGame>,
    /// `null` where the rules do not allow rolling 0.
    rolls_zero: Option<Probability>,
    hides_memory: bool,
    positions_repeat: bool,
    residual: f64,
    map: String,
}

/// One rule's expected number of happenings per game.
#[derive(Serialize)]
struct RulePerGame {
    rule: String,
    per_game: f64,
}

impl Row {
    /// The row of `entry`.
    fn of(entry: &AtlasEntry) -> Row {
        let optimum = &entry.optimum;
        let length = &entry.length;
        Row {
            name: entry.name.clone(),
            aliases: entry.preset.map(|p| p.aliases).unwrap_or_default(),
            term: entry.preset.and_then(|p| p.term).map(|t| t.to_string()),
            goal: entry.goal,
            summary: entry.summary.clone(),
            yardstick: entry.yardstick.clone(),
            optimal_strategy: strategy_name(optimum.source),
            committed: match optimum.source {
                OptimumSource::CommittedTable(path) => Some(path),
                _ => None,
            },
            optimal_win_rate: Probability(optimum.outcome.win_rate()),
            optimal_as_first: Probability(optimum.outcome.as_first()),
            optimal_as_second: Probability(optimum.outcome.as_second()),
            table: table_name(optimum.source),
            table_win_rate: Probability(optimum.table_outcome.win_rate()),
            first_player_value: Probability(entry.minimax.as_first()),
            first_player_wins: Probability(entry.minimax.first.win),
            first_move_advantage: Probability(entry.first_move_advantage()),
            expected_turns: length.turns.is_finite().then_some(length.turns),
            expected_turns_of_games_that_end: length.turns_if_ended,
            never_ends: Probability(length.never_ends),
            rules_per_game: entry
                .rules_per_game
                .iter()
                .map(|(rule, per_game)| RulePerGame {
                    rule: rule.clone(),
                    per_game: *per_game,
                })
                .collect(),
            rolls_zero: entry.rolls_zero().map(Probability),
            hides_memory: entry.hides_memory,
            positions_repeat: entry.positions_repeat,
            residual: entry.residual,
            map: picture(entry),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_are_githubs() {
        assert_eq!(anchor("hog-fa20 (the default)"), "hog-fa20-the-default");
        assert_eq!(anchor("Every CS 61A Hog semester"), TERMS_SECTION);
        assert_eq!(anchor("hog-wild"), "hog-wild");
    }
}
