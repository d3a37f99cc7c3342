//! `swine eval`: the exact win rate of one strategy against another, what `--exact`,
//! `--bounds` and `--explain` add, or one position (`--from`).

use anyhow::{Result, bail};
use swine_solver::game::Capability;

use super::{print, refuse_precision, write_file};
use crate::cli::EvalArgs;
use crate::progress::Watch;
use crate::resolve;

/// `swine eval`.
pub fn eval_command(args: &EvalArgs) -> Result<()> {
    let game = resolve::game(&args.rules, &args.python)?;
    let info = game.info();
    refuse_precision(info, &args.precision)?;
    info.allows_all(&[
        (Capability::Explain, args.explain.is_some()),
        (Capability::Dice, args.dice.is_some()),
    ])?;
    // A position is checked before anything is solved or any strategy run.
    let asks_position = args.from.is_some() || args.dice.is_some() || args.rolls_left.is_some();
    let position = asks_position
        .then(|| {
            resolve::position(
                game.as_ref(),
                (args.from.as_deref(), args.rolls_left),
                args.dice.as_deref(),
            )
        })
        .transpose()?;
    if args.distribution.is_some() && !info.game.alone() {
        bail!(
            "--distribution: {} is played against an opponent; the distribution of a final \
             score is for a game played alone",
            info.rules
        );
    }
    let runner = resolve::runner(&args.python);
    Watch::during(|run, watch| {
        let alone = resolve::alone(game.as_ref(), args.vs.as_deref());
        if args.distribution.is_some() || alone && position.is_none() {
            let strategy =
                resolve::strategy(game.as_ref(), Some(&args.strategy), "STRATEGY", &runner)?;
            let from = position
                .as_ref()
                .map(|(at, dice)| (&at[..], dice.as_deref()));
            let mut report = game.score(&strategy, from, run)?;
            watch.clear();
            if let Some(file) = &args.distribution {
                report.list();
                if let Some(file) = file {
                    report
                        .files
                        .push(write_file(file, report.csv().into_bytes())?);
                }
            }
            print(&report, args.json)?;
            return Ok(());
        }
        let [strategy, opponent] = resolve::pair(
            game.as_ref(),
            (&args.strategy, args.vs.as_deref()),
            &runner,
            run,
        )?;
        let seats = [&strategy, &opponent];
        if let Some((at, dice)) = &position {
            let report = game.position(seats, at, dice.as_deref(), run)?;
            watch.clear();
            print(&report, args.json)?;
            return Ok(());
        }
        if info.players > 2 {
            let report = game.seat_wins(seats, None, run)?;
            watch.clear();
            print(&report, args.json)?;
            return Ok(());
        }
        let mut report = game.evaluate(seats, run)?.report;
        if args.precision.bounds {
            report.bounds = Some(game.bounds(seats, run)?);
        }
        if args.precision.exact {
            let fractions = game.fractions(seats, run)?;
            report.exact = Some(fractions.rates);
            report.exact_ties = fractions.ties;
        }
        if let Some(n) = args.explain {
            let lost = game.explain(seats, run)?;
            report.explain = Some(lost.into_iter().take(n.into()).collect());
        }
        watch.clear();
        print(&report, args.json)?;
        Ok(())
    })
}
