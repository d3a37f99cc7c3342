//! Farkle through the real binary: the state count and residual printed, a position's choices
//! against the solved values, `--dice`, the Monte Carlo check, `--set` rules and bad input.

use crate::util::{Sandbox, json, number};

/// A small game: goal 1000, floor −500.
const SMALL: [&str; 6] = ["--rules", "farkle", "--goal", "1000", "--set", "floor=-500"];

#[test]
fn farkle_solve_prints_states_and_residual_and_writes_the_values() {
    let sandbox = Sandbox::new();
    let mut args = vec!["solve", "--vs", "minimax", "--out", "out"];
    args.extend(SMALL);
    let text = sandbox.run(&args).success();
    assert!(
        text.contains("farkle[floor=-500], goal 1000: minimax against minimax"),
        "{text}"
    );
    // (1000 + 500) / 50 = 30 banked scores each, 3 × 3 farkle counts: 8100 states.
    assert!(text.contains("8100 turn-start states"), "{text}");
    assert!(text.contains("residual"), "{text}");
    assert!(text.contains("first player wins"), "{text}");
    let files = sandbox.files("out");
    assert_eq!(
        files,
        ["farkle_minimax_values.bin", "farkle_minimax_values.npy"]
    );
    let mut args = vec!["solve", "--vs", "minimax", "--json"];
    args.extend(SMALL);
    let report = sandbox.run(&args).json();
    assert!(number(&report, "residual") <= 1e-14, "{report}");
    let first = number(&report, "first_player_wins");
    assert!(first > 0.5 && first < 0.7, "{report}");
}

/// At full size the default solve takes the values committed in tables/ after checking them
/// (seconds; solving takes a minute and a half), writes them byte for byte, and says so; both
/// optimal is taken so under either name.
#[test]
fn the_default_full_size_solve_takes_the_committed_values_after_a_check() {
    let sandbox = Sandbox::new();
    for (vs, stem) in [
        ("bank_at:300", "farkle_optimal_vs_bank_at_300_values"),
        ("minimax", "farkle_minimax_values"),
    ] {
        let report = sandbox
            .run(&[
                "solve", "--rules", "farkle", "--vs", vs, "--out", stem, "--json",
            ])
            .json();
        let notes = report["notes"].to_string();
        assert!(
            notes.contains(&format!("committed in tables/{stem}.npy and built in")),
            "{report}"
        );
        assert!(number(&report, "residual") <= 1e-13, "{report}");
        for format in ["npy", "bin"] {
            let file = format!("{stem}.{format}");
            let written = std::fs::read(sandbox.path().join(stem).join(&file));
            let committed = std::fs::read(format!("tables/{file}"));
            assert!(written.unwrap() == committed.unwrap(), "{file}");
        }
    }
    // Both optimal under the name the page and play give it is the same game, taken alike.
    let report = sandbox
        .run(&[
            "solve", "--rules", "farkle", "--vs", "optimal", "--out", "o", "--json",
        ])
        .json();
    let notes = report["notes"].to_string();
    assert!(
        notes.contains("committed in tables/farkle_minimax_values.npy"),
        "{report}"
    );
}

#[test]
fn farkle_positions_value_bank_roll_and_keeps() {
    // At the start a roll is the only choice, and it is worth the turn start's value.
    let mut args = vec![
        "eval",
        "optimal",
        "--vs",
        "minimax",
        "--from",
        "0,0,0,0,0,6",
    ];
    args.extend(SMALL);
    let report = json(&args);
    let start = number(&report, "turn_start");
    let choices = report["choices"].as_array().unwrap();
    assert_eq!(choices.len(), 1, "{report}");
    assert_eq!(choices[0]["choice"], "roll");
    assert_eq!(report["chosen"], "roll");
    assert_eq!(report["afterwards"], "perfect play");
    assert!(
        (number(&choices[0], "value") - start).abs() <= 1e-12,
        "{report}"
    );
    assert_eq!(number(&report, "mover_wins"), number(&choices[0], "value"));
    // Four 1s and a 2 and a 3: seven keeps (RULES.md: four of a kind 2000, or 1000 + 100, or
    // singles); any of 1000 points or more wins at goal 1000 from 0.
    let mut args = vec![
        "eval",
        "optimal",
        "--vs",
        "minimax",
        "--from",
        "0,0,0,0,0,6",
        "--dice",
        "1,1,1,1,2,3",
    ];
    args.extend(SMALL);
    let report = json(&args);
    let choices = report["choices"].as_array().unwrap();
    assert_eq!(choices.len(), 7, "{report}");
    let wins: Vec<&str> = choices
        .iter()
        .filter(|c| c["value"].as_f64() == Some(1.0))
        .map(|c| c["choice"].as_str().unwrap())
        .collect();
    assert_eq!(
        wins,
        [
            "keep 1000 points, 3 dice left",
            "keep 1100 points, 2 dice left",
            "keep 2000 points, 2 dice left"
        ]
    );
    // Inside a turn: banking is worth what the opponent's turn start says, and the best of
    // bank and roll is the mover's value there, which the turn start's roll averages.
    let mut args = vec![
        "eval",
        "optimal",
        "--vs",
        "minimax",
        "--from",
        "0,200,0,0,250,2",
    ];
    args.extend(SMALL);
    let report = json(&args);
    let choices = report["choices"].as_array().unwrap();
    assert_eq!(choices[0]["choice"], "bank");
    assert_eq!(choices[1]["choice"], "roll");
    let mut args = vec![
        "eval",
        "optimal",
        "--vs",
        "minimax",
        "--from",
        "200,250,0,0,0,6",
    ];
    args.extend(SMALL);
    let opponent = number(&json(&args), "turn_start");
    // Banking 250 at 0 : 200 hands the opponent 200 : 250 with no farkles.
    assert!(
        (number(&choices[0], "value") - (1.0 - opponent)).abs() <= 1e-15,
        "{report}"
    );
}

#[test]
fn farkle_simulation_agrees_and_seats_of_one_strategy_are_even() {
    let mut args = vec![
        "simulate",
        "optimal",
        "--vs",
        "bank_at:300,2",
        "--games",
        "3000",
    ];
    args.extend(SMALL);
    let report = json(&args);
    for seat in ["win_rate", "as_first", "as_second"] {
        assert!(number(&report["z"], seat).abs() < 4.0, "{report}");
    }
    let mut args = vec!["eval", "max_points", "--vs", "max_points"];
    args.extend(SMALL);
    let report = json(&args);
    assert!(
        (number(&report, "win_rate") - 0.5).abs() <= 1e-14,
        "{report}"
    );
    assert!(number(&report, "as_first") > 0.5, "{report}");
}

#[test]
fn farkle_house_rules_and_bad_input() {
    // No penalty and a bigger three pairs: other numbers, still solved.
    let mut args = vec![
        "eval",
        "optimal",
        "--vs",
        "bank_at:300",
        "--set",
        "penalty=0",
    ];
    args.extend(SMALL);
    args.extend(["--set", "three_pairs=1500", "--set", "doubling=1"]);
    let changed = number(&json(&args), "win_rate");
    let mut args = vec!["eval", "optimal", "--vs", "bank_at:300"];
    args.extend(SMALL);
    let plain = number(&json(&args), "win_rate");
    assert!((changed - plain).abs() > 1e-6, "{changed} {plain}");
    let sandbox = Sandbox::new();
    for (args, message) in [
        (
            vec!["eval", "optimal", "--rules", "farkle", "--goal", "1025"],
            "farkle: goal = 1025: expected a multiple of 50 in 50..=100000",
        ),
        (
            vec!["eval", "optimal", "--rules", "farkle", "--set", "farkles=9"],
            "farkle: farkles = 9: expected 1..=4",
        ),
        (
            vec!["eval", "optimal", "--rules", "farkle", "--set", "fives=50"],
            "--set fives: farkle has no such rule",
        ),
        (
            vec!["eval", "bank_at:325", "--rules", "farkle", "--goal", "500"],
            "the turn total 325 must be a multiple of 50",
        ),
        (
            vec![
                "eval",
                "optimal",
                "--rules",
                "farkle",
                "--goal",
                "500",
                "--from",
                "0,0,0,0,75,6",
            ],
            "turn_total 75 must be a multiple of 50",
        ),
        (
            vec![
                "eval",
                "optimal",
                "--rules",
                "farkle",
                "--goal",
                "500",
                "--from",
                "0,0,0,0,0,6",
                "--dice",
                "1,2",
            ],
            "--dice 1,2: 2 dice shown, but 6 were rolled",
        ),
        (
            vec!["tournament", "optimal", "bank_at:325", "--rules", "farkle"],
            "at least two strategies; 1 could be used (bank_at:325: strategy 'bank_at:325': \
             the turn total 325 must be a multiple of 50",
        ),
        (
            vec![
                "eval",
                "minimax",
                "--vs",
                "bank_at:300",
                "--from",
                "0,0,0,0,0,6",
                "--rules",
                "farkle",
                "--goal",
                "500",
            ],
            "--from: minimax against the fixed bank_at:300 plays the decisions of both players \
             optimal",
        ),
        (
            vec!["grade", "nowhere/", "--rules", "farkle", "--explain", "3"],
            "--explain: farkle has no table of choices to explain",
        ),
    ] {
        let stderr = sandbox.run(&args).failure();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn farkle_play_hints_agree_with_themselves() {
    // Seed 3 at goal 500: the first roll shows 1 4 4 1 6 2; keeping one 1 leaves 5 dice at
    // turn total 100, whose worth (the keep's hint) is the better of banking and rolling there,
    // computed apart (the opponent's turn start, and the roll over every outcome).
    let text = Sandbox::new()
        .run(&[
            "play",
            "--rules",
            "farkle",
            "--goal",
            "500",
            "--set",
            "floor=-250",
            "--seed",
            "3",
            "--answers",
            "1,b",
        ])
        .success();
    assert!(text.contains("rolls 6 dice: 1 4 4 1 6 2"), "{text}");
    // Each choice's hint, its value after its label: "1: Keep 1: 100 points, 5 dice left
    // 0.581710  <- best".
    let hint = |label: &str| -> f64 {
        let line = text
            .lines()
            .find(|l| l.contains(label))
            .unwrap_or_else(|| panic!("{label}: {text}"));
        let (_, after) = line.split_once(label).unwrap();
        after.split_whitespace().next().unwrap().parse().unwrap()
    };
    assert!(
        text.contains("  1:   Keep 1: 100 points, 5 dice left  "),
        "{text}"
    );
    let keep = hint("Keep 1: 100 points, 5 dice left");
    let (bank, roll) = (hint("Bank 100"), hint("Roll 5 dice"));
    assert!((keep - bank.max(roll)).abs() <= 1e-6, "{text}");
    assert!(text.contains("Player 0 banks 100"), "{text}");
}

#[test]
fn farkle_transcripts_tell_each_roll_by_the_rules_and_repeat_with_the_seed() {
    let sandbox = Sandbox::new();
    let mut args = vec![
        "simulate",
        "optimal",
        "--vs",
        "bank_at:300",
        "--transcript",
        "--seed",
        "3",
    ];
    args.extend(SMALL);
    let text = sandbox.run(&args).success();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "farkle[floor=-500] (goal 1000): Player 0 plays optimal, Player 1 plays bank_at:300; seed 3."
        )
    );
    assert_eq!(
        sandbox.run(&args).success(),
        text,
        "the same seed, the same game"
    );
    // Seed 3's first roll, as `swine play --seed 3` rolls it.
    assert_eq!(
        lines.next(),
        Some("  Player 0 rolls 6 dice: 1 4 4 1 6 2, which score.")
    );
    // Each roll throws the dice the last keep left (six at a turn's start and after hot
    // dice); a turn ends by a bank or a farkle, the next set apart by a blank line and played
    // by the other seat; the last keep reaches the goal.
    let (mut dice, mut mover, mut turns) = (6, 0, 1);
    for line in text.lines().skip(1) {
        if line.is_empty() {
            (dice, mover, turns) = (6, 1 - mover, turns + 1);
            continue;
        }
        let player = format!("  Player {mover} ");
        assert!(line.starts_with(&player), "{line}: {text}");
        let line = &line[player.len()..];
        if let Some(rolled) = line.strip_prefix("rolls ") {
            let (count, faces) = rolled.split_once(": ").unwrap();
            let faces: Vec<&str> = faces.split(',').next().unwrap().split(' ').collect();
            let noun = if dice == 1 { "die" } else { "dice" };
            assert_eq!(
                (count, faces.len()),
                (format!("{dice} {noun}").as_str(), dice)
            );
        } else if line.starts_with("keeps ") {
            dice = match line.rsplit_once(", ").map(|(_, left)| left) {
                Some("1 die left.") => 1,
                Some(left) if left.ends_with(" dice left.") => left[..1].parse().unwrap(),
                _ => 6,
            };
        }
    }
    assert!(turns > 2, "{text}");
    assert!(
        text.trim_end().ends_with("reaching the goal of 1000."),
        "{text}"
    );
    // A Python strategy is asked in batches as games are simulated, not told.
    let python = python_strategy("bank_at_300.py");
    let mut args = vec!["simulate", &python, "--transcript"];
    args.extend(TINY);
    let stderr = sandbox.run(&args).failure();
    assert!(
        stderr.contains("--transcript: ") && stderr.contains("is a Python strategy"),
        "{stderr}"
    );
}

/// The absolute path of a Farkle strategy under `tests/python/farkle`.
fn python_strategy(name: &str) -> String {
    format!("{}/tests/python/farkle/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A game small enough to evaluate a Python strategy exactly in seconds: goal 300, floor 0.
const TINY: [&str; 6] = ["--rules", "farkle", "--goal", "300", "--set", "floor=0"];

#[test]
fn farkle_python_strategy_is_evaluated_exactly_and_simulated() {
    // bank_at:300 written in Python plays as the built-in: the same exact values to the bit.
    let python = python_strategy("bank_at_300.py");
    let value = |strategy: &str| {
        let mut args = vec!["eval", strategy, "--vs", "max_points"];
        args.extend(TINY);
        json(&args)
    };
    let (mine, theirs) = (value(&python), value("bank_at:300"));
    for key in ["win_rate", "as_first", "as_second"] {
        assert_eq!(
            number(&mine, key).to_bits(),
            number(&theirs, key).to_bits(),
            "{key}: {mine} {theirs}"
        );
    }
    // Its games agree with its exact value.
    let mut args = vec!["simulate", &python, "--vs", "max_points", "--games", "2000"];
    args.extend(TINY);
    let report = json(&args);
    let z = report["z"]["win_rate"].as_f64().unwrap();
    assert!(z.abs() < 4.0, "{report}");
    assert_eq!(
        report["exact"]["win_rate"].as_f64().unwrap().to_bits(),
        number(&theirs, "win_rate").to_bits()
    );
}

#[test]
fn farkle_python_strategy_past_the_exact_limit_is_simulated_as_an_estimate() {
    let sandbox = Sandbox::new();
    let python = python_strategy("bank_at_300.py");
    let mut args = vec!["simulate", &python, "--vs", "bank_at:350", "--games", "300"];
    args.extend(SMALL);
    let text = sandbox.run(&args).success();
    assert!(text.contains("an estimate, not exact"), "{text}");
    assert!(text.contains("95% confidence interval"), "{text}");
    // Goal 1000, floor −500: 103,761,000 decision points (counted apart, see python.rs).
    assert!(
        text.contains("103761000 decision points at goal 1000"),
        "{text}"
    );
    let mut args = vec!["eval", &python, "--vs", "bank_at:350"];
    args.extend(SMALL);
    let stderr = sandbox.run(&args).failure();
    assert!(
        stderr.contains("too large to evaluate a Python strategy exactly: goal 1000 has 103761000"),
        "{stderr}"
    );
    let mut args = vec!["simulate", &python, "--vs", "optimal", "--games", "10"];
    args.extend(SMALL);
    let stderr = sandbox.run(&args).failure();
    assert!(
        stderr.contains("simulate it against a built-in"),
        "{stderr}"
    );
}

#[test]
fn farkle_python_failures_are_reported() {
    let sandbox = Sandbox::new();
    for (file, message) in [
        ("illegal.py", "returned kept = ("),
        (
            "raises.py",
            "raised ValueError: no plan yet (raises.py, line 5)",
        ),
        ("coin.py", "it is not deterministic"),
    ] {
        let python = python_strategy(file);
        let mut args = vec!["eval", &python, "--vs", "max_points"];
        args.extend(TINY);
        let stderr = sandbox.run(&args).failure();
        assert!(stderr.contains(message), "{file}: {stderr}");
        assert!(!stderr.contains("panicked"), "{file}: {stderr}");
    }
}

#[test]
fn farkle_grade_ranks_submissions_exactly_or_by_estimate() {
    let sandbox = Sandbox::new();
    let text = |name: &str| std::fs::read_to_string(python_strategy(name)).unwrap();
    for folder in ["class/ann", "class/bob"] {
        std::fs::create_dir_all(sandbox.join(folder)).unwrap();
    }
    sandbox.write("class/ann/farkle.py", text("bank_at_300.py"));
    sandbox.write("class/bob/farkle.py", text("illegal.py"));
    let mut args = vec![
        "grade",
        "class",
        "--vs",
        "max_points",
        "--report",
        "grades.json",
        "--json",
    ];
    args.extend(TINY);
    let run = sandbox.run(&args);
    assert_eq!(
        run.code(),
        Some(2),
        "one submission failed: {}",
        run.stderr()
    );
    let report: serde_json::Value = serde_json::from_str(&run.stdout()).unwrap();
    let rows = report["submissions"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{report}");
    assert_eq!(rows[0]["status"], "ok", "{report}");
    assert!(rows[0]["file"].as_str().unwrap().ends_with("ann/farkle.py"));
    let mut args = vec!["eval", "bank_at:300", "--vs", "max_points"];
    args.extend(TINY);
    let exact = json(&args);
    assert_eq!(
        number(&rows[0], "win_rate").to_bits(),
        number(&exact, "win_rate").to_bits()
    );
    let shortfall = number(&rows[0], "shortfall");
    assert!(shortfall > 0.0, "{report}");
    assert_eq!(rows[1]["status"], "error");
    assert!(
        rows[1]["error"]
            .as_str()
            .unwrap()
            .contains("not every die kept scores"),
        "{report}"
    );
    assert!(sandbox.join("grades.json").exists());
    // Past the exact limit: an estimate with its interval.
    let mut args = vec!["grade", "class/ann", "--vs", "bank_at:350", "--json"];
    args.extend(SMALL);
    let report = sandbox.run(&args).json();
    let row = &report["submissions"][0];
    assert_eq!(row["status"], "estimate", "{report}");
    let [low, high] = [0, 1].map(|i| row["estimate"]["interval"][i].as_f64().unwrap());
    let rate = number(row, "win_rate");
    assert!(low < rate && rate < high, "{report}");
    // The CSV report has the interval too; an exact row leaves it empty.
    let mut args = vec![
        "grade",
        "class/ann",
        "--vs",
        "bank_at:350",
        "--report",
        "g.csv",
    ];
    args.extend(SMALL);
    sandbox.run(&args);
    let csv = std::fs::read_to_string(sandbox.join("g.csv")).unwrap();
    let [header, row] = [0, 1].map(|i| csv.lines().nth(i).unwrap().split(',').collect::<Vec<_>>());
    let column = |name: &str| header.iter().position(|c| *c == name).unwrap();
    assert_eq!(row[column("status")], "estimate", "{csv}");
    let interval =
        ["interval_low", "interval_high"].map(|c| row[column(c)].parse::<f64>().unwrap());
    assert_eq!(interval, [low, high], "{csv}");
}

#[test]
fn farkle_tournament_pairings_are_the_exact_evals_ranked() {
    // A strategy against itself is even; optimal against minimax is both optimal, even too;
    // every pairing is `swine eval` of the same pair; optimal, the best response to each,
    // ranks first, minimax (the equilibrium's decisions against the fixed ones) second.
    let sandbox = Sandbox::new();
    let entries = [
        "bank_at:300",
        "minimax",
        "max_points",
        "optimal",
        "bank_at:300",
    ];
    let mut args = vec!["tournament", "--json", "--report", "t.csv"];
    args.extend(entries);
    args.extend(SMALL);
    let report = sandbox.run(&args).json();
    let matrix = report["matrix"].as_array().unwrap();
    let rate = |i: usize, j: usize| matrix[i][j].as_f64().unwrap();
    assert!((rate(0, 4) - 0.5).abs() <= 1e-14, "{report}");
    assert!((rate(3, 1) - 0.5).abs() <= 1e-14, "{report}");
    for (i, a) in entries.iter().enumerate() {
        assert!(matrix[i][i].is_null());
        for (j, b) in entries.iter().enumerate().filter(|&(j, _)| j > i) {
            let mut args = vec!["eval", a, "--vs", b, "--json"];
            args.extend(SMALL);
            let exact = number(&sandbox.run(&args).json(), "win_rate");
            assert!((rate(i, j) - exact).abs() <= 1e-15, "{a} against {b}");
            assert!((rate(i, j) + rate(j, i) - 1.0).abs() <= 1e-15);
        }
    }
    // The equilibrium's decisions do worse against a fixed policy than the best response.
    assert!(
        rate(1, 0) < rate(3, 0) && rate(1, 2) < rate(3, 2),
        "{report}"
    );
    assert!(rate(1, 0) > 0.5 && rate(1, 2) > 0.5, "{report}");
    let standings = report["standings"].as_array().unwrap();
    let order: Vec<&str> = standings
        .iter()
        .map(|s| s["strategy"].as_str().unwrap())
        .collect();
    assert_eq!(order[..2], ["optimal", "minimax"], "{report}");
    for entry in standings {
        let i = entries
            .iter()
            .position(|s| *s == entry["strategy"])
            .unwrap();
        let mean = (0..entries.len())
            .filter(|&j| j != i)
            .map(|j| rate(i, j))
            .sum::<f64>()
            / 4.0;
        assert!((number(entry, "mean_win_rate") - mean).abs() <= 1e-15);
    }
    let csv = std::fs::read_to_string(sandbox.join("t.csv")).unwrap();
    assert!(
        csv.starts_with("strategy,bank_at:300,minimax,max_points,optimal,bank_at:300"),
        "{csv}"
    );
    // An entry that does not resolve is left out, named with its reason; the rest still play.
    let mut args = vec!["tournament", "optimal", "bank_at:300", "hold_at:20"];
    args.extend(SMALL);
    let run = sandbox.run(&args);
    assert_eq!(run.code(), Some(2), "an entry was left out");
    let text = run.stdout();
    assert!(text.contains("left out: "), "{text}");
    assert!(
        text.contains("hold_at:20: unknown strategy 'hold_at:20' for farkle"),
        "{text}"
    );
}

#[test]
fn farkle_bank_map_agrees_with_the_positions_it_draws() {
    // The map's numbers (written beside the picture) say the least turn total at which
    // optimal play banks with n dice left; `swine eval --from` values bank and roll there
    // apart: at that total banking is worth at least rolling, just below it rolling is.
    let sandbox = Sandbox::new();
    let mut args = vec![
        "plot",
        "map",
        "optimal",
        "--vs",
        "bank_at:300",
        "--out",
        "map.png",
        "--data",
        "map.csv",
    ];
    args.extend(SMALL);
    let text = sandbox.run(&args).success();
    assert_eq!(text, "wrote ./map.png\nwrote ./map.csv\n");
    let png = std::fs::read(sandbox.join("map.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let csv = std::fs::read_to_string(sandbox.join("map.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("panel,own,opponent,value"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    // Six panels of 30 × 30 cells.
    assert_eq!(rows.len(), 6 * 30 * 30);
    let choices = |own: &str, opponent: &str, t: i64, n: usize| -> (f64, f64) {
        let from = format!("--from={own},{opponent},0,0,{t},{n}");
        let mut args = vec!["eval", "optimal", "--vs", "bank_at:300", &from, "--json"];
        args.extend(SMALL);
        let report = sandbox.run(&args).json();
        let choices = report["choices"].as_array().unwrap();
        assert_eq!(choices[0]["choice"], "bank", "{report}");
        (number(&choices[0], "value"), number(&choices[1], "value"))
    };
    let mut checked = 0;
    for row in rows
        .iter()
        .filter(|r| matches!((r[1], r[2]), ("0", "0") | ("600", "-300") | ("-300", "750")))
    {
        let n: usize = row[0][..1].parse().unwrap();
        let own: i64 = row[1].parse().unwrap();
        let value: f64 = row[3].parse().unwrap();
        if value.is_finite() {
            let t = value as i64;
            let (bank, roll) = choices(row[1], row[2], t, n);
            assert!(bank >= roll - 1e-13, "{row:?}: bank {bank} roll {roll}");
            if t >= 100 {
                let (bank, roll) = choices(row[1], row[2], t - 50, n);
                assert!(
                    roll >= bank - 1e-13,
                    "{row:?} - 50: bank {bank} roll {roll}"
                );
            }
        } else {
            // It never banks: not even one step short of the goal.
            let (bank, roll) = choices(row[1], row[2], 1000 - own - 50, n);
            assert!(roll >= bank - 1e-13, "{row:?}: bank {bank} roll {roll}");
        }
        checked += 1;
    }
    assert_eq!(checked, 18);
    // Its win-probability picture at other farkle counts is each turn start's value.
    let mut args = vec![
        "plot",
        "win",
        "optimal",
        "--vs",
        "bank_at:300",
        "--farkles",
        "2,1",
        "--out",
        "win.png",
        "--data",
        "win.csv",
    ];
    args.extend(SMALL);
    sandbox.run(&args).success();
    let csv = std::fs::read_to_string(sandbox.join("win.csv")).unwrap();
    for (own, opponent) in [("-500", "950"), ("300", "0"), ("900", "900")] {
        let cell = format!(",{own},{opponent},");
        let line = csv.lines().find(|l| l.starts_with(&cell)).unwrap();
        let drawn: f64 = line.rsplit(',').next().unwrap().parse().unwrap();
        let from = format!("--from={own},{opponent},2,1,0,6");
        let mut args = vec!["eval", "optimal", "--vs", "bank_at:300", &from, "--json"];
        args.extend(SMALL);
        let exact = number(&sandbox.run(&args).json(), "turn_start");
        assert_eq!(drawn, exact, "{line}");
    }
    for (args, message) in [
        (
            vec!["plot", "map", "bank_at:300", "--out", "x.png"],
            "plot map --rules farkle: draws where optimal or minimax play banks; bank_at:300",
        ),
        (
            vec![
                "plot",
                "map",
                "optimal",
                "--farkles",
                "3,0",
                "--out",
                "x.png",
            ],
            "--farkles 3,0: expected F,E, two farkle counts in 0..3",
        ),
        (
            vec!["plot", "diff", "optimal", "bank_at:300", "--out", "x.png"],
            "plot diff: farkle[floor=-500] has no strategies of score tables to compare",
        ),
        (
            vec![
                "plot", "map", "optimal", "--out", "x.png", "--data", "x.txt",
            ],
            "--data x.txt: the numbers are written as .csv",
        ),
    ] {
        let mut args = args.clone();
        args.extend(SMALL);
        let stderr = sandbox.run(&args).failure();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!sandbox.join("x.png").exists());
    }
    let stderr = sandbox
        .run(&[
            "plot",
            "map",
            "always_roll:4",
            "--farkles",
            "0,0",
            "--out",
            "x.png",
        ])
        .failure();
    assert!(
        stderr.contains("--farkles: hog-fa20 has no counts to draw a picture at"),
        "{stderr}"
    );
}

/// A submission whose answers change when a state is asked again (tests/python/farkle/
/// changes.py: bank_at:300 the first time) is refused once a random sample of what it answered
/// is asked again, exactly evaluated or simulated; grading reports it failed with why, and the
/// batch goes on.
#[test]
fn answers_that_change_when_asked_again_are_refused() {
    let sandbox = Sandbox::new();
    let changes = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/python/farkle/changes.py"
    );
    let honest = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/python/farkle/bank_at_300.py"
    );
    let tiny = ["--rules", "farkle", "--goal", "300", "--set", "floor=-100"];
    let said = "gave another answer when asked again: its answers changed between asks (it is \
                not deterministic, or they were forged)";
    let mut eval = vec!["eval", changes, "--vs", "bank_at:300"];
    eval.extend(tiny);
    let refused = sandbox.run(&eval).failure();
    assert!(refused.contains(said), "{refused}");
    let mut simulate = vec!["simulate", changes, "--vs", "bank_at:300", "--games", "200"];
    simulate.extend(SMALL);
    let refused = sandbox.run(&simulate).failure();
    assert!(refused.contains(said), "{refused}");
    let mut grade = vec!["grade", honest, changes, "--json"];
    grade.extend(tiny);
    let graded = sandbox.run(&grade);
    assert_eq!(graded.code(), Some(2));
    let report: serde_json::Value = serde_json::from_str(&graded.stdout()).unwrap();
    let rows = report["submissions"].as_array().unwrap();
    assert_eq!(rows[0]["status"], "ok", "{report}");
    let error = rows[1]["error"].as_str().unwrap();
    assert!(error.contains(said), "{error}");
}
