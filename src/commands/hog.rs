//! The verbs for Hog rulesets.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use swine_solver::commentary::{self, Names};
use swine_solver::contest::Contest;
use swine_solver::dice::SeededDice;
use swine_solver::format::{Format, Probability, TableFile, load, prepare_directory};
use swine_solver::hog::narrate::{NEVER_ENDS, play_turn, transcript};
use swine_solver::hog::presets::PRESETS;
use swine_solver::hog::simulate::{Game, LoopWatch};
use swine_solver::hog::{
    Advisor, DEFAULT_GOAL, ExactTie, MAX_DICE, PERTURBATIONS, Ruleset, SEED, SearchLimits, Solved,
    Strategy, adopt_best_table, best_table_stem, certify_hog, make_exact, solve as sweep,
    solve_against, solve_exact, values_file,
};

use super::prompt::{Answers, ask_number, quit};
use super::{DEFAULT_GAMES, TablesEntry, requested, write_and_print};
use crate::cli::{EvalArgs, First, PlayArgs, SimulateArgs, SolveArgs};
use crate::progress::GamesProgress;
use crate::progress::SearchProgress;
use crate::report::{
    Choice, ExactTies, Heading, MatchReport, PositionReport, SearchReport, SimulationReport,
    TiedState, lost, print,
};
use crate::resolve;
use swine_solver::outcome::Outcome;

/// `swine solve` for a Hog ruleset.
pub fn solve(rules: &Ruleset, args: &SolveArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let opponent = resolve::strategy(args.vs.as_deref(), "--vs", rules, &runner)?;
    if args.full_information && !rules.hides_memory() {
        bail!(
            "--full-information: {} remembers nothing a score table cannot see, so its optimal \
             strategy already is a score table",
            rules.name()
        );
    }
    if args.full_information && opponent.is_optimising() {
        bail!("--full-information: against minimax, the strategy written already sees everything");
    }
    let requested = requested(args);
    prepare_directory(&args.out)?;
    let limits = SearchLimits {
        time_limit: args.time_limit,
        perturbations: args.perturbations.unwrap_or(PERTURBATIONS),
        seed: args.seed.unwrap_or(SEED),
    };
    let mut solved = solve_with_progress(rules, &opponent, limits)?;
    let exact = args
        .precision
        .exact
        .then(|| make_exact(rules, &opponent, &mut solved))
        .transpose()?;
    let formats = solved.file.formats(requested.as_deref());
    let mut files = vec![(solved.file.clone(), formats)];
    if let Some(search) = solved.search.as_ref().filter(|_| args.full_information) {
        let full = &search.full_information;
        let formats: Vec<Format> = (requested.as_deref().unwrap_or(&Format::ALL).iter())
            .copied()
            .filter(|f| f.holds(&full.table))
            .collect();
        if formats.is_empty() {
            bail!("--full-information: a full-information table needs csv, json, npy or bin");
        }
        files.push((full.clone(), formats));
    }
    let values = if args.values {
        let strategy = Strategy::from_table(&solved.file.meta.strategy, solved.file.table.clone());
        let values = values_file(rules, &strategy, &opponent, solved.file.stem())?;
        Some((values, requested.clone().unwrap_or(Format::ALL.to_vec())))
    } else {
        None
    };
    let mut report = report(rules, &solved);
    if args.precision.bounds {
        // A searched score table is bounded as written; otherwise the optimum itself.
        let strategy = if solved.search.is_some() {
            Strategy::from_table(&solved.file.meta.strategy, solved.file.table.clone())
        } else {
            Strategy::optimising("optimal")
        };
        report.bounds = Some(certify_hog(rules, [&strategy, &opponent]));
    }
    if let Some(exact) = &exact {
        report.exact = solved.file.meta.exact.clone();
        report.exact_ties = Some(exact_ties(rules, &exact.ties, true));
        if exact.changed > 0 {
            report.note = Some(format!(
                "the exact solve chose otherwise than the float one in {} cells (choices within \
                 rounding of each other); the exact choices are written",
                exact.changed
            ));
        }
    }
    write_and_print(report, &files, values, &args.out, args.json)
}

/// The exact ties of an optimising strategy for a report: all of them listed when `listed`,
/// else their count.
fn exact_ties(rules: &Ruleset, ties: &[ExactTie], listed: bool) -> ExactTies {
    let memory = rules.space().memory_size() > 1;
    let states = if listed {
        ties.iter()
            .map(|tie| TiedState {
                score: tie.own,
                opponent_score: tie.opponent,
                memories: memory.then_some([tie.memories.0, tie.memories.1]),
                turn_total: None,
                choices: tie.dice.iter().map(|&n| Choice::Dice(n)).collect(),
            })
            .collect()
    } else {
        Vec::new()
    };
    ExactTies {
        count: ties.len(),
        states,
    }
}

/// Solves against `opponent`, with a progress display while a table search runs.
fn solve_with_progress(
    rules: &Ruleset,
    opponent: &Strategy,
    limits: SearchLimits,
) -> Result<Solved> {
    if !rules.hides_memory() {
        return Ok(solve_against(rules, opponent, limits, |_| {})?);
    }
    let mut progress = SearchProgress::start(rules.name(), limits);
    let solved = solve_against(rules, opponent, limits, |round| progress.round(round));
    progress.finish();
    Ok(solved?)
}

/// The report of a solve, before its files are written.
fn report(rules: &Ruleset, solved: &Solved) -> MatchReport {
    let meta = &solved.file.meta;
    let strategy = if solved.file.table.schema.python.is_some() {
        meta.strategy.clone()
    } else {
        format!("{} (full information)", meta.strategy)
    };
    let minimax = solved.first_player_wins.is_some();
    let mut report = match_report(
        rules,
        heading(rules, &strategy, &meta.opponent),
        solved.outcome,
        solved.residual,
        minimax,
    );
    report.search = solved
        .search
        .as_ref()
        .map(|search| SearchReport::new(search, solved.outcome));
    report
}

/// The report of an exact match-up in `rules`: with the residual of the solve where its
/// values come from a fixpoint, and win, tie and loss where a game may never end (a tie).
fn match_report(
    rules: &Ruleset,
    heading: Heading,
    matchup: Outcome,
    residual: f64,
    minimax: bool,
) -> MatchReport {
    if matchup.first.tie > 0.0 || matchup.second.tie > 0.0 {
        let mut report = MatchReport::with_ties(heading, matchup, residual, minimax);
        report.note = Some("a tie is a game that never ends: a win for neither player".into());
        return report;
    }
    let mut report = MatchReport::new(heading, matchup);
    report.first_player_wins = minimax.then_some(Probability(matchup.as_first()));
    if !rules.order().is_rising() {
        report.residual = Some(residual);
    }
    report
}

/// The heading of `strategy` against `opponent` in `rules`.
fn heading(rules: &Ruleset, strategy: &str, opponent: &str) -> Heading {
    Heading::new(
        &rules.rules().variant(),
        "goal",
        rules.goal(),
        strategy,
        opponent,
    )
}

/// `swine eval` for a Hog ruleset.
pub fn eval(rules: &Ruleset, args: &EvalArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let [strategy, opponent] = rules.meet(
        resolve::strategy(Some(&args.strategy), "STRATEGY", rules, &runner)?,
        resolve::strategy(args.vs.as_deref(), "--vs", rules, &runner)?,
    )?;
    if let Some(from) = &args.from {
        return eval_from(rules, &strategy, &opponent, from, args.json);
    }
    let solution = sweep(rules, [&strategy.player(rules), &opponent.player(rules)])?;
    let minimax = strategy.is_optimising() && opponent.is_optimising();
    let mut report = match_report(
        rules,
        heading(rules, strategy.name(), opponent.name()),
        solution.matchup(),
        solution.residual(),
        minimax,
    );
    if args.precision.bounds {
        report.bounds = Some(certify_hog(rules, [&strategy, &opponent]));
    }
    if args.precision.exact {
        let exact = solve_exact(rules, [&strategy, &opponent])?;
        let rates = exact.rates();
        report.exact = Some(if minimax { rates.minimax() } else { rates });
        if strategy.is_optimising() {
            report.exact_ties = Some(exact_ties(rules, exact.ties(), false));
        }
    }
    report.explain = args
        .explain
        .map(|n| {
            rules
                .explain(&strategy, &opponent)
                .map(|c| lost(c, n.into()))
        })
        .transpose()?;
    print(&report, args.json)?;
    Ok(())
}

/// `swine eval --from`: one position of the match-up, `strategy` to move.
fn eval_from(
    rules: &Ruleset,
    strategy: &Strategy,
    opponent: &Strategy,
    from: &str,
    json: bool,
) -> Result<()> {
    let names = rules.position_parts();
    let numbers = resolve::position("--from", from, &names)?;
    let solved = rules
        .position(strategy, opponent, &numbers)
        .with_context(|| format!("--from {from}"))?;
    let (own, other) = (numbers[0], numbers[1]);
    let m = rules.space().memory_size();
    let mut text = format!("{own} : {other}");
    if m > 1 {
        text.push_str(&format!(
            "; each player's {}: {} and {}",
            rules.memory().meaning,
            numbers[2],
            numbers[3]
        ));
    }
    let report = PositionReport::new(
        heading(rules, strategy.name(), opponent.name()),
        (&names, &numbers),
        text,
        &solved,
        Choice::Dice,
    );
    print(&report, json)?;
    Ok(())
}

/// `swine simulate` for a Hog ruleset.
pub fn simulate(rules: &Ruleset, args: &SimulateArgs) -> Result<()> {
    if args.transcript && args.json {
        bail!("--transcript prints the game as text; leave out --json");
    }
    let runner = resolve::runner(&args.python);
    let [strategy, opponent] = rules.meet(
        resolve::strategy(Some(&args.strategy), "STRATEGY", rules, &runner)?,
        resolve::strategy(args.vs.as_deref(), "--vs", rules, &runner)?,
    )?;
    if args.transcript {
        let solution = sweep(rules, [&strategy.player(rules), &opponent.player(rules)])?;
        let policies = [solution.policy(0), solution.policy(1)];
        let names = [strategy.name(), opponent.name()];
        print!(
            "{}",
            transcript(rules, [&policies[0], &policies[1]], names, args.seed)
        );
        return Ok(());
    }
    let games = args.games.unwrap_or(DEFAULT_GAMES);
    let progress = GamesProgress::start(2 * games);
    let (simulation, exact) = rules.simulate(&strategy, &opponent, games, args.seed, &|n| {
        progress.played(n)
    })?;
    progress.finish();
    let heading = heading(rules, strategy.name(), opponent.name());
    let report = SimulationReport::ties_if_any(heading, args.seed, simulation, exact);
    print(&report, args.json)?;
    Ok(())
}

/// Formats `swine tables` writes full-state tables in: a CSV of one would take 15 to 33 MB.
const FULL_TABLE_FORMATS: [Format; 2] = [Format::Npy, Format::Binary];

/// Every Hog preset solved against its yardstick and by minimax, with the files to write. With
/// `best_tables_from`, a best score table found there under the name `swine solve` gives it is
/// taken instead of searched, once [`adopt_best_table`] has checked it; every one taken is
/// checked before anything is solved.
pub fn tables(best_tables_from: Option<&Path>) -> Result<Vec<TablesEntry>> {
    let mut matchups = Vec::new();
    for preset in &PRESETS {
        let rules = Ruleset::preset(preset.name, DEFAULT_GOAL)?;
        let mut opponents = Vec::new();
        for opponent in [rules.rules().yardstick(), "minimax"] {
            let opponent = Strategy::parse(opponent, &rules)?;
            let adopted = match best_tables_from {
                Some(dir) => recorded_best_table(&rules, &opponent, dir)?,
                None => None,
            };
            opponents.push((opponent, adopted));
        }
        matchups.push((rules, opponents));
    }
    let mut written = Vec::new();
    for (rules, opponents) in matchups {
        for (opponent, adopted) in opponents {
            let (solved, taken_from) = match adopted {
                Some((path, solved)) => (solved, Some(path)),
                None => (
                    solve_with_progress(&rules, &opponent, SearchLimits::default())?,
                    None,
                ),
            };
            let mut files: Vec<TableFile> = vec![solved.file.clone()];
            files.extend(solved.search.as_ref().map(|s| s.full_information.clone()));
            let files = files
                .into_iter()
                .map(|file| {
                    let formats = if file.table.schema.python.is_some() {
                        Format::ALL.to_vec()
                    } else {
                        FULL_TABLE_FORMATS.to_vec()
                    };
                    (file, formats)
                })
                .collect::<Vec<_>>();
            let mut report = report(&rules, &solved);
            if let Some(path) = taken_from {
                let taken = format!(
                    "taken from {}, not searched again: evaluated exactly, it wins what it \
                     records, to the bit",
                    path.display()
                );
                report.note = Some(match report.note {
                    Some(note) => format!("{note}; {taken}"),
                    None => taken,
                });
            }
            written.push(TablesEntry::of(&report, &files)?);
        }
    }
    Ok(written)
}

/// The best score table a solve of `rules` against `opponent` searches for, taken from `dir`
/// (with its path there) where `dir` holds it as `swine solve` names it (JSON), once
/// [`adopt_best_table`] has checked it; `None` where the solve searches nothing or `dir` has
/// no such file.
fn recorded_best_table(
    rules: &Ruleset,
    opponent: &Strategy,
    dir: &Path,
) -> Result<Option<(PathBuf, Solved)>> {
    let Some(stem) = best_table_stem(rules, opponent) else {
        return Ok(None);
    };
    let path = dir.join(format!("{stem}.json"));
    if !path.exists() {
        return Ok(None);
    }
    let file = load(&path, &[rules.score_schema()]).context("--best-tables-from")?;
    let solved = adopt_best_table(rules, opponent, &file)
        .with_context(|| format!("--best-tables-from: {}", path.display()))?;
    Ok(Some((path, solved)))
}

/// `swine play` for a Hog ruleset: the person is Player 0, the computer Player 1.
pub fn play(rules: &Ruleset, args: &PlayArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let spec = args.vs.as_deref().unwrap_or("optimal");
    let computer = resolve::strategy(Some(spec), "--vs", rules, &runner)?;
    let seed = args.seed.unwrap_or_else(super::clock_seed);
    let mut out = io::stdout().lock();
    let mut input = Answers::new(&args.answers, io::stdin().lock());
    let first = match args.first {
        Some(First::Computer) => 1,
        _ => 0,
    };
    writeln!(
        out,
        "{} (goal {}): you are Player 0, the computer (Player 1) plays {}. Seed {seed}.",
        rules.name(),
        rules.goal(),
        computer.name()
    )?;
    let advisor = Advisor::new(rules, &computer.player(rules))?;
    let mut dice = SeededDice::new(seed);
    let mut game = Game::new(rules, first);
    // Named as in transcripts: the first line says which player is whom.
    let names = Names::Numbered(0);
    let mut commentary = commentary::full(names);
    // The computer's turns in a row that come back where they were go round for ever.
    let mut watch = LoopWatch::default();
    loop {
        let (own, opponent) = (game.scores[game.mover], game.scores[1 - game.mover]);
        let requested = if game.mover == 0 {
            watch.forget();
            writeln!(out, "\nYou {own}, computer {opponent}. Your turn.")?;
            let least = rules.least_dice();
            let limit = rules.dice_rolled(own, opponent, MAX_DICE);
            let die = rules.die(own, opponent);
            let mut rules_now = Vec::new();
            if least == 0 {
                let bacon = rules.free_bacon(own, opponent);
                rules_now.push(format!("Free Bacon would give {bacon}"));
            }
            if limit < MAX_DICE {
                rules_now.push(format!("you may roll at most {limit} dice"));
            }
            if die.faces != 6 {
                rules_now.push(format!("the dice are {}-sided", die.faces));
            }
            if !rules_now.is_empty() {
                writeln!(out, "{}.", capitalized(&rules_now.join("; ")))?;
            }
            if !args.no_hints {
                let choices = advisor.choices(&game);
                let best = advisor.best(&game);
                writeln!(out, "Your chance to win if you roll, then play perfectly:")?;
                for n in least..=limit {
                    let mark = if n == best { "  <- best" } else { "" };
                    writeln!(out, "  {n:>2} dice  {:.6}{mark}", choices[usize::from(n)])?;
                }
            }
            let question = format!("How many dice ({least} to {limit})? ");
            let choices = usize::from(least)..=usize::from(limit);
            let Some(n) = ask_number(&mut input, &mut out, &question, choices)? else {
                return quit(&mut out);
            };
            writeln!(out, "You roll {n}.")?;
            n as u8
        } else {
            let n = advisor.opponent(&game);
            let (rolled, _) = game.dice_to_roll(rules, n);
            if watch.comes_back(rules, &game, rolled) {
                writeln!(out, "\n{NEVER_ENDS}")?;
                return Ok(());
            }
            writeln!(
                out,
                "\nComputer {own}, you {opponent}. The computer rolls {n}."
            )?;
            n
        };
        let (turn, lines) = play_turn(
            rules,
            &mut game,
            requested,
            &mut dice,
            &mut commentary,
            names,
        );
        for line in lines {
            writeln!(out, "  {line}")?;
        }
        if let Some(winner) = turn.winner {
            let verdict = if winner == 0 {
                "You win!"
            } else {
                "The computer wins."
            };
            writeln!(out, "{verdict}")?;
            return Ok(());
        }
    }
}

/// `text` with its first letter in upper case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
