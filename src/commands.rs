//! The verbs: each resolves its flags, asks the solver, and prints a report.

use anyhow::Result;
use swine_solver::format::{Format, write_files};
use swine_solver::hog::simulate::simulate as play_games;
use swine_solver::hog::{Ruleset, Strategy, evaluate, solve, solve_against};

use crate::cli::{EvalArgs, SimulateArgs, SolveArgs, TablesArgs};
use crate::report::{Heading, MatchReport, SimulationReport, print};
use crate::resolve;

/// `swine solve`: the optimal strategy against `--vs`, written in every requested format.
pub fn solve_command(args: &SolveArgs) -> Result<()> {
    let rules = resolve::ruleset(&args.rules)?;
    let opponent = resolve::strategy(args.vs.as_deref(), "--vs", &rules)?;
    let formats: Vec<Format> = args.format.iter().map(|&f| f.into()).collect();
    let report = solve_and_write(&rules, &opponent, &args.out, &formats)?;
    print(&report, args.json)?;
    Ok(())
}

/// Solves against `opponent`, writes the table files into `out`, and reports both.
fn solve_and_write(
    rules: &Ruleset,
    opponent: &Strategy,
    out: &std::path::Path,
    formats: &[Format],
) -> Result<MatchReport> {
    let solved = solve_against(rules, opponent);
    let meta = &solved.file.meta;
    let matchup = meta.matchup.expect("a solved table knows its win rates");
    let mut report = MatchReport::new(rules, &meta.strategy, &meta.opponent, matchup);
    report.first_player_wins = solved
        .first_player_wins
        .map(swine_solver::format::Probability);
    report.files = write_files(out, &solved.file, formats)?;
    Ok(report)
}

/// `swine eval`: the exact win rate of one strategy against another.
pub fn eval_command(args: &EvalArgs) -> Result<()> {
    let rules = resolve::ruleset(&args.rules)?;
    let strategy = resolve::strategy(Some(&args.strategy), "STRATEGY", &rules)?;
    let opponent = resolve::strategy(args.vs.as_deref(), "--vs", &rules)?;
    let matchup = evaluate(&rules, &strategy, &opponent);
    let report = MatchReport::new(&rules, strategy.name(), opponent.name(), matchup);
    print(&report, args.json)?;
    Ok(())
}

/// `swine simulate`: seeded games beside the exact numbers.
pub fn simulate_command(args: &SimulateArgs) -> Result<()> {
    let rules = resolve::ruleset(&args.rules)?;
    let strategy = resolve::strategy(Some(&args.strategy), "STRATEGY", &rules)?;
    let opponent = resolve::strategy(args.vs.as_deref(), "--vs", &rules)?;
    let solution = solve(&rules, [&strategy.player(&rules), &opponent.player(&rules)]);
    let policies = [solution.policy(0), solution.policy(1)];
    let simulation = play_games(&rules, [&policies[0], &policies[1]], args.games, args.seed);
    let heading = Heading::new(&rules, strategy.name(), opponent.name());
    let report = SimulationReport::new(heading, args.seed, simulation, solution.matchup());
    print(&report, args.json)?;
    Ok(())
}

/// The rulesets whose tables `swine tables` writes.
const TABLE_RULESETS: [&str; 2] = ["hog-fa20", "hog-wild"];

/// `swine tables`: every built-in ruleset solved against its yardstick and by minimax.
pub fn tables_command(args: &TablesArgs) -> Result<()> {
    for name in TABLE_RULESETS {
        let rules = Ruleset::preset(name, swine_solver::hog::MAX_GOAL)?;
        for opponent in [rules.rules().yardstick(), "minimax"] {
            let opponent = Strategy::parse(opponent, &rules)?;
            print(
                &solve_and_write(&rules, &opponent, &args.out, &Format::ALL)?,
                false,
            )?;
        }
    }
    Ok(())
}
