//! `swine simulate`: seeded games beside the exact numbers they sample, or one game's
//! transcript.

use anyhow::{Result, bail};
use swine_solver::game::{Capability, Simulated};

use super::{pool, print};
use crate::cli::SimulateArgs;
use crate::progress::Watch;
use crate::resolve;

/// `swine simulate`.
pub fn simulate_command(args: &SimulateArgs) -> Result<()> {
    if args.transcript && args.games.is_some_and(|n| n != 1) {
        bail!("--transcript prints one game: leave out --games, or give --games 1");
    }
    if args.transcript && args.json {
        bail!("--transcript prints the game as text; leave out --json");
    }
    let game = resolve::game(&args.rules, &args.python)?;
    game.info()
        .allows_all(&[(Capability::Transcript, args.transcript)])?;
    let runner = resolve::runner(&args.python);
    let pool = pool(args.jobs)?;
    pool.install(|| {
        Watch::during(|run, watch| {
            let games = args.games.unwrap_or(game.default_games());
            if resolve::alone(game.as_ref(), args.vs.as_deref()) && !args.transcript {
                let strategy =
                    resolve::strategy(game.as_ref(), Some(&args.strategy), "STRATEGY", &runner)?;
                let report = game.simulate_alone(&strategy, (games, args.seed), run)?;
                watch.clear();
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
            if args.transcript {
                let told = game.transcript(seats, args.seed, run)?;
                watch.clear();
                print!("{told}");
                return Ok(());
            }
            let simulated = game.simulate(seats, (games, args.seed), run)?;
            watch.clear();
            match simulated {
                Simulated::Exact(report) => print(&report, args.json)?,
                Simulated::Estimate(report) => print(&report, args.json)?,
                Simulated::Seats(report) => print(report.as_ref(), args.json)?,
            }
            Ok(())
        })
    })
}
