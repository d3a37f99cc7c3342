//! `swine plot`: strategy maps, where two strategies differ and what it costs, win-probability
//! surfaces, and sweeps as line charts.

use std::path::Path;

use anyhow::{Context, Result, bail};
use ndarray::{Array2, Ix2};
use swine_solver::contest::Contest;
use swine_solver::farkle;
use swine_solver::format::write_rendered;
use swine_solver::greed::Greed;
use swine_solver::hog::{
    Player, Ruleset, ScoreTable, Strategy, StrategyKind, solve, solve_against, switch_gains,
};
use swine_solver::pig;
use swine_solver::read::{REPORT_BYTES, read_text_capped};

use crate::cli::{PlotArgs, PlotCommand, PlotDiffArgs, PlotStrategyArgs, PlotSweepArgs};
use crate::resolve::{self, Rules};
use swine_plot::{
    Chart, DEFAULT_SIZE, Kind, Scale, ScoreAxis, greed_map, hog_map, pig_map, render,
};

/// `swine plot`.
pub fn plot_command(args: &PlotArgs) -> Result<()> {
    let (chart, out, data) = match &args.what {
        PlotCommand::Map(map) => (map_chart(map)?, &map.out, &map.data),
        PlotCommand::Win(win) => (win_chart(win)?, &win.out, &win.data),
        PlotCommand::Diff(diff) => (diff_chart(diff)?, &diff.strategy.out, &diff.strategy.data),
        PlotCommand::Sweep(sweep) => (sweep_chart(sweep)?, &sweep.out, &None),
    };
    let kind = Kind::of(out)?;
    if let Some(data) = data
        && data.extension().and_then(|e| e.to_str()) != Some("csv")
    {
        bail!("--data {}: the numbers are written as .csv", data.display());
    }
    let bytes = render(&chart, kind, DEFAULT_SIZE)?;
    write_file(out, bytes)?;
    if let Some(data) = data {
        write_file(data, chart.numbers().into_bytes())?;
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically and says so.
fn write_file(path: &Path, bytes: Vec<u8>) -> Result<()> {
    let directory = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .with_context(|| format!("{}: not a file name", path.display()))?;
    for path in write_rendered(directory, vec![(name.to_string(), bytes)])? {
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The strategy map of `args.strategy`.
fn map_chart(args: &PlotStrategyArgs) -> Result<Chart> {
    let rules = resolve::rules_run_by(&args.rules, &args.python)?;
    if args.farkles.is_some() && !matches!(rules, Rules::Farkle(_)) {
        bail!("--farkles: only farkle counts farkles");
    }
    match rules {
        Rules::Farkle(game) => farkle_map(&game, args),
        Rules::Hog(rules) => {
            let [strategy, opponent] = hog_pair(&rules, args, &args.strategy)?;
            let (name, table) = hog_table(&rules, strategy, &opponent)?;
            let rate = win_rate(&rules, &table, &opponent)?;
            Ok(hog_map(rules.name(), &name, opponent.name(), rate, table))
        }
        Rules::Greed(game) => {
            let (name, opponent, dice, rate) = greed_table(&game, args)?;
            Ok(greed_map(&name, &opponent, rate, &dice))
        }
        Rules::Pig(game) => {
            let (strategy, opponent, solution) = pig_matchup(&game, args)?;
            let policy = solution.policy(0);
            Ok(pig_map(
                (game.name(), game.goal()),
                (strategy.name(), opponent.name()),
                solution.matchup().win_rate(),
                &policy.first_holds(&game),
                policy
                    .thresholds(&game)
                    .iter()
                    .filter(|t| t.is_none())
                    .count(),
            ))
        }
        Rules::Chopsticks => bail!("plot: chopsticks has no strategy tables to draw"),
    }
}

/// The win-probability surface of `args.strategy` against the opponent (Hog).
fn win_chart(args: &PlotStrategyArgs) -> Result<Chart> {
    let rules = match resolve::rules_run_by(&args.rules, &args.python)? {
        Rules::Farkle(game) => return farkle_win_chart(&game, args),
        Rules::Hog(rules) if args.farkles.is_none() => rules,
        Rules::Pig(game) if args.farkles.is_none() => return pig_win_chart(&game, args),
        Rules::Hog(_) | Rules::Pig(_) => bail!("--farkles: only farkle counts farkles"),
        _ => bail!(
            "plot win: draws Hog, Pig and Farkle games; greed's values are in swine solve's files"
        ),
    };
    let [strategy, opponent] = hog_pair(&rules, args, &args.strategy)?;
    let (name, table) = hog_table(&rules, strategy, &opponent)?;
    let opponent_name = opponent.name();
    let players = [
        Player::Fixed(swine_solver::hog::Policy::from_scores(&rules, &table)),
        opponent.player(&rules),
    ];
    let solution = solve(&rules, [&players[0], &players[1]])?;
    let rate = solution.matchup().win_rate();
    let space = rules.space();
    let initial = rules.memory().initial;
    let goal = rules.goal() as usize;
    let values = Array2::from_shape_fn((goal, goal), |(own, other)| {
        let cell = space.cell(own as u32, other as u32);
        solution.value(0, space.state(cell, initial, initial))
    });
    Ok(Chart::Values {
        title: format!(
            "{}: P({name} wins) to move, vs {opponent_name} (wins {rate:.4})",
            rules.name()
        ),
        values,
        legend: "P(win)".to_string(),
        scale: Scale::Probability,
    })
}

/// A Pig strategy and its opponent, as `args` name them, solved.
fn pig_matchup(
    game: &pig::Pig,
    args: &PlotStrategyArgs,
) -> Result<(pig::Strategy, pig::Strategy, pig::Solution)> {
    let runner = resolve::runner(&args.python);
    let [strategy, opponent] = game.meet(
        resolve::pig_strategy(Some(&args.strategy), "STRATEGY", game, &runner)?,
        resolve::pig_strategy(args.vs.as_deref(), "--vs", game, &runner)?,
    )?;
    let solution = pig::solve(game, [strategy.player(), opponent.player()])?;
    Ok((strategy, opponent, solution))
}

/// The win-probability surface of a Pig strategy at turn total 0.
fn pig_win_chart(game: &pig::Pig, args: &PlotStrategyArgs) -> Result<Chart> {
    let (strategy, opponent, solution) = pig_matchup(game, args)?;
    let goal = game.goal() as usize;
    let values = Array2::from_shape_fn((goal, goal), |(own, other)| {
        Some(solution.value(0, game.state(own as u32, other as u32, 0)))
    });
    Ok(Chart::Values {
        title: format!(
            "{}: P({} wins) at turn total 0, vs {} (wins {:.4})",
            game.name(),
            strategy.name(),
            opponent.name(),
            solution.matchup().win_rate()
        ),
        values,
        legend: "P(win)".to_string(),
        scale: Scale::Probability,
    })
}

/// A Farkle strategy and its opponent as `args` name them, as they meet, solved, and the
/// farkle counts `--farkles` asks for.
fn farkle_matchup(
    game: &farkle::Farkle,
    args: &PlotStrategyArgs,
) -> Result<(
    farkle::Strategy,
    farkle::Strategy,
    farkle::Solution,
    [usize; 2],
)> {
    let runner = resolve::runner(&args.python);
    let strategy = resolve::farkle_strategy(Some(&args.strategy), "STRATEGY", game, &runner)?;
    let opponent = resolve::farkle_strategy(args.vs.as_deref(), "--vs", game, &runner)?;
    let counts = match &args.farkles {
        None => [0, 0],
        Some(text) => {
            let k = game.farkles();
            let counts: Vec<usize> = text
                .split(',')
                .map(|c| c.trim().parse().ok().filter(|&c| c < k))
                .collect::<Option<_>>()
                .filter(|c: &Vec<usize>| c.len() == 2)
                .with_context(|| {
                    format!("--farkles {text}: expected F,E, two farkle counts in 0..{k}")
                })?;
            [counts[0], counts[1]]
        }
    };
    let solution = super::farkle::evaluated(game, [&strategy, &opponent])?;
    Ok((strategy, opponent, solution, counts))
}

/// How Farkle's score indices read as points.
fn farkle_axis(game: &farkle::Farkle) -> ScoreAxis {
    ScoreAxis {
        origin: game.settings().floor,
        step: i64::from(farkle::UNIT),
    }
}

/// Busche's pictures: the least turn total at which optimal (or minimax) play banks, a panel
/// per number of dice left, over the banked scores (see [`farkle::bank_map`]).
fn farkle_map(game: &farkle::Farkle, args: &PlotStrategyArgs) -> Result<Chart> {
    let (strategy, opponent, solution, [f, e]) = farkle_matchup(game, args)?;
    if !strategy.is_optimising() {
        bail!(
            "plot map --rules farkle: draws where optimal or minimax play banks; {} decides by \
             its own rule, the same at every score",
            strategy.name()
        );
    }
    let map = farkle::bank_map(&solution, 0, f, e);
    let panels: Vec<(String, Array2<Option<f64>>)> = map
        .least
        .iter()
        .zip(map.not_thresholds)
        .enumerate()
        .map(|(dice, (least, again))| {
            let values = least.map(|t| Some(t.map_or(f64::INFINITY, f64::from)));
            let left = match dice + 1 {
                1 => "1 die left".to_string(),
                n => format!("{n} dice left"),
            };
            let name = match again {
                0 => left,
                n => format!("{left} ({n} roll again)"),
            };
            (name, values)
        })
        .collect();
    let most = panels
        .iter()
        .flat_map(|(_, v)| v.iter().flatten())
        .filter(|v| v.is_finite())
        .fold(0.0, |m: f64, &v| m.max(v));
    let counts = if (f, e) == (0, 0) {
        String::new()
    } else {
        format!(", farkles {f}:{e}")
    };
    Ok(Chart::Panels {
        title: format!(
            "{} {}: where {} banks vs {} (wins {:.4}){counts}",
            game.name(),
            game.goal(),
            strategy.name(),
            opponent.name(),
            solution.matchup().win_rate()
        ),
        panels,
        columns: 3,
        legend: "least total banked".to_string(),
        scale: Scale::Count {
            most,
            beyond: "never",
        },
        axis: farkle_axis(game),
    })
}

/// P(a Farkle strategy wins) at the start of its turn, over the banked scores.
fn farkle_win_chart(game: &farkle::Farkle, args: &PlotStrategyArgs) -> Result<Chart> {
    let (strategy, opponent, solution, [f, e]) = farkle_matchup(game, args)?;
    let scores = game.scores();
    let values = Array2::from_shape_fn((scores, scores), |(own, other)| {
        Some(solution.value(0, game.state(own, other, f, e)))
    });
    Ok(Chart::Panels {
        title: format!(
            "{} {}: P({} wins) at its turn's start vs {} (wins {:.4}), farkles {f}:{e}",
            game.name(),
            game.goal(),
            strategy.name(),
            opponent.name(),
            solution.matchup().win_rate()
        ),
        panels: vec![(String::new(), values)],
        columns: 1,
        legend: "P(win)".to_string(),
        scale: Scale::Probability,
        axis: farkle_axis(game),
    })
}

/// Where A and B differ, coloured by the exact gain of A taking B's choice there (Hog).
fn diff_chart(args: &PlotDiffArgs) -> Result<Chart> {
    let Rules::Hog(rules) = resolve::rules_run_by(&args.strategy.rules, &args.strategy.python)?
    else {
        bail!("plot diff: compares Hog strategies");
    };
    if args.strategy.farkles.is_some() {
        bail!("--farkles: only farkle counts farkles");
    }
    let [a, opponent] = hog_pair(&rules, &args.strategy, &args.strategy.strategy)?;
    let [b, _] = hog_pair(&rules, &args.strategy, &args.other)?;
    let (a_name, a) = hog_table(&rules, a, &opponent)?;
    let (b_name, b) = hog_table(&rules, b, &opponent)?;
    let rate = win_rate(&rules, &a, &opponent)?;
    let opponent_name = opponent.name();
    let Player::Fixed(policy) = opponent.player(&rules) else {
        bail!(
            "plot diff: the opponent must be a fixed strategy, not {}",
            opponent.name()
        );
    };
    let goal = rules.goal() as usize;
    let mut values = Array2::from_elem((goal, goal), None);
    let gains = switch_gains(&rules, &a, &b, &policy)?;
    for gain in &gains {
        values[[gain.score as usize, gain.opponent_score as usize]] = Some(gain.gain);
    }
    Ok(Chart::Values {
        title: format!(
            "{}: {a_name} (wins {rate:.4}) taking {b_name}'s choice alone, vs {opponent_name}",
            rules.name()
        ),
        values,
        legend: format!("{} reachable cells differ", gains.len()),
        scale: Scale::AroundZero,
    })
}

/// A sweep's `--y` column against its `--x` parameter, from the CSV or JSON `sweep` wrote.
fn sweep_chart(args: &PlotSweepArgs) -> Result<Chart> {
    let file = &args.file;
    let text = read_text_capped(file, REPORT_BYTES, "a report")
        .with_context(|| format!("reading {}", file.display()))?;
    let rows: Vec<(f64, f64)> = match file.extension().and_then(|e| e.to_str()) {
        Some("json") => {
            let report: serde_json::Value = serde_json::from_str(&text)
                .with_context(|| format!("{}: not JSON", file.display()))?;
            let rows = report["rows"].as_array().with_context(|| {
                format!(
                    "{}: no \"rows\" array (a file swine sweep --json writes)",
                    file.display()
                )
            })?;
            rows.iter()
                .enumerate()
                .filter_map(|(i, row)| {
                    let number = |key: &str| row[key].as_f64();
                    match (number(&args.x), number(&args.y)) {
                        (Some(x), Some(y)) => Some(Ok((x, y))),
                        _ if row.get("error").is_some() => None,
                        _ => Some(Err(anyhow::anyhow!(
                            "{}: row {}: no number under '{}' and '{}'",
                            file.display(),
                            i + 1,
                            args.x,
                            args.y
                        ))),
                    }
                })
                .collect::<Result<_>>()?
        }
        Some("csv") => {
            let mut lines = text.lines();
            let header: Vec<String> = csv_fields(lines.next().unwrap_or_default());
            let column = |name: &str| {
                header.iter().position(|h| *h == name).with_context(|| {
                    format!(
                        "{}: no column '{name}'; the columns are {}",
                        file.display(),
                        header.join(", ")
                    )
                })
            };
            let (x, y) = (column(&args.x)?, column(&args.y)?);
            lines
                .enumerate()
                .filter_map(|(i, line)| {
                    let fields = csv_fields(line);
                    let number =
                        |c: usize| fields.get(c).and_then(|f| f.trim().parse::<f64>().ok());
                    match (number(x), number(y)) {
                        (Some(a), Some(b)) => Some(Ok((a, b))),
                        // A failed variant's row has its reason instead of numbers.
                        (Some(_), None) if fields.get(y).is_some_and(|f| f.is_empty()) => None,
                        _ => Some(Err(anyhow::anyhow!(
                            "{}: line {}: '{}' is not a number row",
                            file.display(),
                            i + 2,
                            line
                        ))),
                    }
                })
                .collect::<Result<_>>()?
        }
        _ => bail!("{}: a sweep file is .csv or .json", file.display()),
    };
    if rows.is_empty() {
        bail!("{}: no rows to draw", file.display());
    }
    let mut points = rows;
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    Ok(Chart::Line {
        title: format!("{} against {} ({})", args.y, args.x, file.display()),
        x_label: args.x.clone(),
        y_label: args.y.clone(),
        points,
    })
}

/// The Hog strategy `spec` and the opponent `--vs` names, resolved as `swine eval` resolves
/// them (a `minimax` facing a fixed strategy is the equilibrium strategy).
fn hog_pair(rules: &Ruleset, args: &PlotStrategyArgs, spec: &str) -> Result<[Strategy; 2]> {
    let runner = resolve::runner(&args.python);
    Ok(rules.meet(
        resolve::strategy(Some(spec), "STRATEGY", rules, &runner)?,
        resolve::strategy(args.vs.as_deref(), "--vs", rules, &runner)?,
    )?)
}

/// `strategy`'s score table (`optimal` solved against `opponent` first), with its name.
fn hog_table(
    rules: &Ruleset,
    strategy: Strategy,
    opponent: &Strategy,
) -> Result<(String, ScoreTable)> {
    let table: ScoreTable = match strategy.kind() {
        StrategyKind::Scores(table) => table.clone(),
        StrategyKind::Optimising => {
            solve_against(
                rules,
                opponent,
                swine_solver::hog::SearchLimits::default(),
                |_| {},
            )?
        }
        .file
        .table
        .dice
        .into_dimensionality::<Ix2>()
        .context("a Hog table is own × opponent")?,
        StrategyKind::Full(_) => bail!(
            "{}: reads the hidden memories; a map shows what a course strategy sees",
            strategy.name()
        ),
    };
    Ok((strategy.name().to_string(), table))
}

/// The exact win rate of `table` against `opponent`.
fn win_rate(rules: &Ruleset, table: &ScoreTable, opponent: &Strategy) -> Result<f64> {
    let table = Player::Fixed(swine_solver::hog::Policy::from_scores(rules, table));
    Ok(solve(rules, [&table, &opponent.player(rules)])?
        .matchup()
        .win_rate())
}

/// A Greed strategy's table `[own][opponent][passed]` with names and its value.
fn greed_table(
    game: &Greed,
    args: &PlotStrategyArgs,
) -> Result<(String, String, ndarray::Array3<u8>, f64)> {
    let runner = resolve::runner(&args.python);
    let [strategy, opponent] = game.meet(
        resolve::greed_strategy(Some(&args.strategy), "STRATEGY", game, &runner)?,
        resolve::greed_strategy(args.vs.as_deref(), "--vs", game, &runner)?,
    )?;
    let played = swine_solver::greed::play(game, &strategy, &opponent)?;
    let dice = played.policies[0].to_table(game);
    Ok((
        strategy.name().to_string(),
        opponent.name().to_string(),
        dice,
        played.outcome.win_rate(),
    ))
}

/// The fields of one CSV line, quoted fields (with `""` for a quote) unquoted.
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().expect("a field").push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            (c, _) => fields.last_mut().expect("a field").push(c),
        }
    }
    fields
}
