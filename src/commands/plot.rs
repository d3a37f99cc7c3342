//! `swine plot`: strategy maps, where two strategies differ and what it costs, win-probability
//! surfaces, and sweeps as line charts.

use anyhow::{Context, Result, bail};
use swine_solver::game::{Capability, ChartAsk, ChartKind};
use swine_solver::read::{REPORT_BYTES, read_text_capped};

use super::write_file;
use crate::cli::{PlotArgs, PlotCommand, PlotDiffArgs, PlotStrategyArgs, PlotSweepArgs};
use crate::progress::Watch;
use crate::resolve;
use swine_plot::{Chart, DEFAULT_SIZE, Kind, render};

/// `swine plot`.
pub fn plot_command(args: &PlotArgs) -> Result<()> {
    let (chart, out, data) = match &args.what {
        PlotCommand::Map(map) => (strategy_chart(map, ChartKind::Map)?, &map.out, &map.data),
        PlotCommand::Win(win) => (strategy_chart(win, ChartKind::Win)?, &win.out, &win.data),
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
    println!("wrote {}", write_file(out, bytes)?.display());
    if let Some(data) = data {
        println!(
            "wrote {}",
            write_file(data, chart.numbers().into_bytes())?.display()
        );
    }
    Ok(())
}

/// The strategy's picture of `kind` against the opponent, as the game draws it.
fn strategy_chart(args: &PlotStrategyArgs, kind: ChartKind) -> Result<Chart> {
    let game = resolve::game(&args.rules, &args.python)?;
    let layer = args
        .farkles
        .as_deref()
        .map(|text| {
            game.info().allows(Capability::Layer)?;
            let counts: Option<Vec<usize>> =
                text.split(',').map(|c| c.trim().parse().ok()).collect();
            counts
                .ok_or_else(|| anyhow::anyhow!("--farkles {text}: expected F,E, two farkle counts"))
        })
        .transpose()?;
    let runner = resolve::runner(&args.python);
    Watch::during(|run, _| {
        let [strategy, opponent] = resolve::pair(
            game.as_ref(),
            (&args.strategy, args.vs.as_deref()),
            &runner,
            run,
        )?;
        Ok(game.chart(ChartAsk { kind, layer }, [&strategy, &opponent], run)?)
    })
}

/// Where A and B differ, coloured by the exact gain of A taking B's choice there.
fn diff_chart(args: &PlotDiffArgs) -> Result<Chart> {
    let strategy = &args.strategy;
    let game = resolve::game(&strategy.rules, &strategy.python)?;
    game.info().allows(Capability::Diff)?;
    if strategy.farkles.is_some() {
        game.info().allows(Capability::Layer)?;
    }
    let runner = resolve::runner(&strategy.python);
    Watch::during(|run, _| {
        let vs = strategy.vs.as_deref();
        let [a, opponent] = resolve::pair(game.as_ref(), (&strategy.strategy, vs), &runner, run)?;
        let [b, _] = resolve::pair(game.as_ref(), (&args.other, vs), &runner, run)?;
        Ok(game.diff([&a, &opponent], &b, run)?)
    })
}

/// A sweep's `--y` columns against its `--x` parameter, a line each, from the CSV or JSON
/// `sweep` wrote; a failed variant's row (its reason instead of numbers) is left out.
fn sweep_chart(args: &PlotSweepArgs) -> Result<Chart> {
    let file = &args.file;
    let text = read_text_capped(file, REPORT_BYTES, "a report")
        .with_context(|| format!("reading {}", file.display()))?;
    // Each row's x and its number in every --y column, in the order of --y.
    let rows: Vec<(f64, Vec<f64>)> = match file.extension().and_then(|e| e.to_str()) {
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
                    let ys: Option<Vec<f64>> = args.y.iter().map(|y| number(y)).collect();
                    match (number(&args.x), ys) {
                        (Some(x), Some(ys)) => Some(Ok((x, ys))),
                        _ if row.get("error").is_some() => None,
                        _ => {
                            let missing: Vec<String> = std::iter::once(&args.x)
                                .chain(&args.y)
                                .filter(|key| number(key).is_none())
                                .map(|key| format!("'{key}'"))
                                .collect();
                            Some(Err(anyhow::anyhow!(
                                "{}: row {}: no number under {}",
                                file.display(),
                                i + 1,
                                missing.join(" and ")
                            )))
                        }
                    }
                })
                .collect::<Result<_>>()?
        }
        Some("csv") => {
            let mut lines = text.lines();
            let header: Vec<String> = csv_fields(lines.next().unwrap_or_default());
            let column = |name: &String| {
                header.iter().position(|h| h == name).with_context(|| {
                    format!(
                        "{}: no column '{name}'; the columns are {}",
                        file.display(),
                        header.join(", ")
                    )
                })
            };
            let x = column(&args.x)?;
            let ys: Vec<usize> = args.y.iter().map(column).collect::<Result<_>>()?;
            lines
                .enumerate()
                .filter_map(|(i, line)| {
                    let fields = csv_fields(line);
                    let field = |c: usize| fields.get(c).map(|f| f.trim());
                    let number = |c: usize| field(c).and_then(|f| f.parse::<f64>().ok());
                    // A failed variant's row has its reason instead of numbers.
                    if number(x).is_some() && ys.iter().any(|&y| field(y) == Some("")) {
                        return None;
                    }
                    let not_number = std::iter::once(x)
                        .chain(ys.iter().copied())
                        .find(|&c| number(c).is_none());
                    Some(match not_number {
                        None => Ok((number(x)?, ys.iter().filter_map(|&y| number(y)).collect())),
                        Some(c) => Err(anyhow::anyhow!(
                            "{}: line {}: no number under '{}' in '{}'",
                            file.display(),
                            i + 2,
                            header[c],
                            line
                        )),
                    })
                })
                .collect::<Result<_>>()?
        }
        _ => bail!("{}: a sweep file is .csv or .json", file.display()),
    };
    if rows.is_empty() {
        bail!("{}: no rows to draw", file.display());
    }
    let mut rows = rows;
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    if args.log {
        let columns = std::iter::once(&args.x).chain(&args.y);
        for (x, ys) in &rows {
            let numbers = std::iter::once(x).chain(ys);
            if let Some((column, n)) = columns.clone().zip(numbers).find(|(_, n)| **n <= 0.0) {
                bail!(
                    "{}: {n} under '{column}' (at {} {x}) has no logarithm: --log draws \
                     numbers above 0 only",
                    file.display(),
                    args.x
                );
            }
        }
    }
    let lines = args
        .y
        .iter()
        .enumerate()
        .map(|(n, y)| (y.clone(), rows.iter().map(|(x, ys)| (*x, ys[n])).collect()))
        .collect();
    Ok(Chart::Line {
        title: format!(
            "{} against {} ({})",
            args.y.join(", "),
            args.x,
            file.display()
        ),
        x_label: args.x.clone(),
        y_label: match &args.y[..] {
            [one] => one.clone(),
            _ => "value".to_string(),
        },
        lines,
        log: args.log,
    })
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
