//! Python strategies through the real binary: tabulation, every way a submission can fail,
//! grading a class, `--explain` and tournaments. These need `python3` on the PATH and fail
//! (never skip) without it.

use std::path::Path;

use serde_json::{Value, json};

use crate::util::Sandbox;

/// The absolute path of a fixture under `tests/python`.
pub(crate) fn fixture(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/python")
        .join(path)
        .display()
        .to_string()
}

/// `good/hog.py`'s `final_strategy`, in Rust.
fn good_hog(score: usize, _opponent: usize) -> u8 {
    if score < 50 { 6 } else { 4 }
}

/// `greed/good/pr1.py`'s `myStrategy`, in Rust.
fn good_greed(own: usize, opponent: usize, last: bool) -> u8 {
    match (last, own) {
        (true, _) if own > opponent => 0,
        (true, _) => 8,
        (false, 100) => 0,
        (false, 0..=50) => 30,
        (false, 51..=80) => 10,
        (false, _) => 0,
    }
}

/// A Hog score table as Python's `json.dump(table)` writes it.
fn hog_json(goal: usize, dice: impl Fn(usize, usize) -> u8) -> String {
    let rows: Vec<Vec<u8>> = (0..goal)
        .map(|s| (0..goal).map(|o| dice(s, o)).collect())
        .collect();
    serde_json::to_string(&rows).unwrap()
}

/// A Greed table `[own][opponent][last]` as `json.dump` writes it.
fn greed_json(dice: impl Fn(usize, usize, bool) -> u8) -> String {
    let table: Vec<Vec<[u8; 2]>> = (0..=100)
        .map(|s| {
            (0..=100)
                .map(|o| [dice(s, o, false), dice(s, o, true)])
                .collect()
        })
        .collect();
    serde_json::to_string(&table).unwrap()
}

fn win_rate(report: &Value) -> f64 {
    report["win_rate"].as_f64().expect("a win rate")
}

/// The JSON of `swine eval ARGS --json`.
fn eval(sandbox: &Sandbox, args: &[&str]) -> Value {
    let mut args: Vec<&str> = [&["eval"], args].concat();
    args.push("--json");
    sandbox.run(&args).json()
}

#[test]
fn a_python_strategy_equals_the_same_table() {
    let sandbox = Sandbox::new();
    let good = fixture("hog/good/hog.py");
    for rules in ["hog-fa20", "hog-wild", "hog-fa19"] {
        let table = sandbox.write("good.json", hog_json(100, good_hog));
        let table = table.to_str().unwrap();
        let python = eval(&sandbox, &[&good, "--rules", rules]);
        let tabled = eval(&sandbox, &[table, "--rules", rules]);
        for key in ["win_rate", "as_first", "as_second"] {
            assert_eq!(python[key], tabled[key], "{rules} {key}");
        }
        // Also as the opponent, and with the function named.
        let named = format!("{good}:final_strategy");
        let python = eval(
            &sandbox,
            &["always_roll:5", "--vs", &named, "--rules", rules],
        );
        let tabled = eval(
            &sandbox,
            &["always_roll:5", "--vs", table, "--rules", rules],
        );
        assert_eq!(python["win_rate"], tabled["win_rate"], "{rules} --vs");
    }
    let table = sandbox.write("greed.json", greed_json(good_greed));
    let python = eval(
        &sandbox,
        &[&fixture("greed/good/pr1.py"), "--rules", "greed"],
    );
    let tabled = eval(&sandbox, &[table.to_str().unwrap(), "--rules", "greed"]);
    for key in ["win", "tie", "loss", "win_rate"] {
        assert_eq!(python[key], tabled[key], "greed {key}");
    }
    assert!(python["tie"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_course_hog_py_with_dice_and_ucb_loads_unchanged() {
    // The file imports the course's dice and ucb modules, which its folder lacks, prints while
    // deciding, and plays bacon_strategy(8, 6) through its own helpers.
    let sandbox = Sandbox::new();
    let course = eval(&sandbox, &[&fixture("hog/course/hog.py")]);
    let builtin = eval(&sandbox, &["bacon:8,6"]);
    assert_eq!(course["win_rate"], builtin["win_rate"]);
    assert_eq!(course["as_first"], builtin["as_first"]);
}

#[test]
fn grading_a_class_gives_each_submission_its_status() {
    let sandbox = Sandbox::new();
    let class = fixture("hog");
    let run = sandbox.run(&[
        "grade",
        &class,
        "--timeout",
        "4",
        "--jobs",
        "2",
        "--report",
        "out/grades.json",
    ]);
    // A batch with failed submissions reports them all, then ends non-zero.
    assert_eq!(run.code(), Some(2));
    assert_eq!(
        run.stderr(),
        "swine: 15 of 21 submission(s) could not be graded (each row says why)\n"
    );
    let text = run.stdout();
    let report: Value =
        serde_json::from_slice(&std::fs::read(sandbox.join("out/grades.json")).unwrap()).unwrap();
    assert_eq!(report["rules"], "hog-fa20");
    assert_eq!(report["goal"], 100);
    assert_eq!(report["opponent"], "always_roll:4");
    let rows = report["submissions"].as_array().unwrap();
    let row = |student: &str| -> &Value {
        rows.iter()
            .find(|r| {
                r["file"]
                    .as_str()
                    .unwrap()
                    .ends_with(&format!("/{student}/hog.py"))
            })
            .unwrap_or_else(|| panic!("no row for {student}"))
    };
    for (student, expected) in [
        ("good", ""),
        ("course", ""),
        ("prints", ""),
        ("floods", ""),
        ("daemon", ""),
        ("asked_once", ""),
        ("eleven", "final_strategy(3, 7) returned 11, outside 0..=10"),
        (
            "negative",
            "final_strategy(3, 7) returned -1, outside 0..=10",
        ),
        (
            "float",
            "final_strategy(3, 7) returned 4.0, a float, not an integer",
        ),
        (
            "bool",
            "final_strategy(3, 7) returned True, a bool, not an integer",
        ),
        (
            "none",
            "final_strategy(3, 7) returned None, a NoneType, not an integer",
        ),
        (
            "raises",
            "final_strategy(0, 42) raised ZeroDivisionError: integer division or modulo by zero \
             (hog.py, line 2)",
        ),
        ("loops", "final_strategy(0, 0) still running after 2 s"),
        ("spawns", "final_strategy(0, 0) still running after 2 s"),
        (
            "slow_call",
            "final_strategy(12, 40) still running after 2 s",
        ),
        (
            "syntax_error",
            "importing it raised SyntaxError: expected ':' (hog.py, line 1)",
        ),
        (
            "no_function",
            "it defines no function final_strategy (it defines my_strategy)",
        ),
        (
            "nondeterministic",
            // A state drawn at random, asked again once the table is whole.
            "final_strategy(…) returned 4, then 5 when asked again: its answers changed between \
             asks (it is not deterministic, or they were forged)",
        ),
        (
            "crashes",
            "python ended before the harness could answer: it exited with status 3 (does it \
             call exit?)",
        ),
        (
            "memory",
            "final_strategy(0, 0) ran out of memory (the limit is 2048 MiB)",
        ),
        (
            "forks",
            "importing it started processes beyond the limit (the limit is 8; those may start \
             none)",
        ),
    ] {
        let row = row(student);
        if expected.is_empty() {
            assert_eq!(row["status"], "ok", "{student}: {row}");
            assert_eq!(row["error"], "", "{student}");
            assert_eq!(row["function"], "final_strategy");
            let shortfall = row["optimal_win_rate"].as_f64().unwrap() - win_rate(row);
            assert!((row["shortfall"].as_f64().unwrap() - shortfall).abs() < 1e-15);
            assert!(shortfall > 0.0);
        } else {
            assert_eq!(row["status"], "error", "{student}: {row}");
            let error = row["error"].as_str().unwrap();
            match expected.strip_prefix("final_strategy(…)") {
                Some(tail) => assert!(
                    error.starts_with("final_strategy(") && error.ends_with(tail),
                    "{student}: {error}"
                ),
                None => assert_eq!(error, expected, "{student}"),
            }
            assert!(row["win_rate"].is_null());
        }
    }
    assert_eq!(rows.len(), 21);
    // Ranked: graded rows by win rate, then the failures.
    let rates: Vec<f64> = rows.iter().filter_map(|r| r["win_rate"].as_f64()).collect();
    assert_eq!(rates.len(), 6);
    assert!(rates.windows(2).all(|w| w[0] >= w[1]));
    assert!(rows[6..].iter().all(|r| r["status"] == "error"));
    // The terminal shows the same ranking; the course file is the best of the class.
    let first = text.lines().nth(2).unwrap();
    assert!(
        first.starts_with("   1  0.629263889826648") && first.ends_with("course/hog.py"),
        "{text}"
    );
    // Nothing a submission started is left running, even a daemon that left the process group.
    assert_no_process_with_argument("4242");
    assert_no_process_with_argument("4343");
}

/// Fails if a `sleep` whose command line has `argument` is still running.
pub(crate) fn assert_no_process_with_argument(argument: &str) {
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let words: Vec<&[u8]> = cmdline.split(|&b| b == 0).collect();
        assert!(
            !(words.first() == Some(&b"sleep".as_slice()) && words.contains(&argument.as_bytes())),
            "a process started by a submission survived: {:?}",
            String::from_utf8_lossy(&cmdline)
        );
    }
}

#[test]
fn the_csv_report_has_one_row_per_submission() {
    let sandbox = Sandbox::new();
    let good = fixture("hog/good/hog.py");
    let table = sandbox.write("t.json", hog_json(100, good_hog));
    let run = sandbox.run(&[
        "grade",
        &good,
        table.to_str().unwrap(),
        &fixture("hog/eleven/hog.py"),
        "--report",
        "grades.csv",
    ]);
    assert_eq!(run.code(), Some(2), "one submission failed");
    let csv = std::fs::read_to_string(sandbox.join("grades.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "file,function,status,error,win_rate,as_first,as_second,optimal_win_rate,shortfall,optimal,\
         interval_low,interval_high,rules,goal"
    );
    assert_eq!(lines.len(), 4);
    // The Python file and its table tie; the bad file comes last with its reason.
    assert!(lines[1].starts_with(&format!("{good},final_strategy,ok,,0.54105367455887")));
    assert!(lines[2].contains(",,ok,,0.54105367455887"));
    assert!(
        lines[3].ends_with(",error,\"final_strategy(3, 7) returned 11, outside 0..=10\",,,,,,the exact best response,,,hog-fa20,100"),
        "{}",
        lines[3]
    );
}

#[test]
fn greed_submissions_are_tabulated_with_the_pass_flag() {
    let sandbox = Sandbox::new();
    let run = sandbox.run(&["grade", &fixture("greed"), "--rules", "greed", "--json"]);
    assert_eq!(run.code(), Some(2), "too_many fails");
    let report: Value = serde_json::from_str(&run.stdout()).unwrap();
    let rows = report["submissions"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["status"], "ok");
    assert_eq!(rows[0]["function"], "myStrategy");
    assert_eq!(report["opponent"], "sample2");
    assert_eq!(rows[1]["status"], "error");
    assert_eq!(
        rows[1]["error"],
        "myStrategy(90, 10, True) returned 300, outside 0..=255"
    );
}

#[test]
fn a_bad_python_strategy_is_one_line_naming_the_file_and_state() {
    let sandbox = Sandbox::new();
    let eleven = fixture("hog/eleven/hog.py");
    let line = sandbox.run(&["eval", &eleven]).failure();
    assert_eq!(
        line,
        format!("swine: in STRATEGY: {eleven}: final_strategy(3, 7) returned 11, outside 0..=10")
    );
    let good = fixture("hog/good/hog.py");
    let line = sandbox
        .run(&["eval", &good, "--python", "/no/such/python3"])
        .failure();
    assert!(
        line.contains("cannot run /no/such/python3") && line.contains("--python"),
        "{line}"
    );
    let line = sandbox.run(&["eval", "missing.py"]).failure();
    assert_eq!(line, "swine: in STRATEGY: missing.py: no such file");
    let line = sandbox.run(&["eval", &format!("{good}:2x")]).failure();
    assert!(
        line.ends_with("hog.py:2x: '2x' is not the name of a Python function"),
        "{line}"
    );
    let line = sandbox
        .run(&["eval", &format!("{good}:nothing_here")])
        .failure();
    assert!(
        line.ends_with(": it defines no function nothing_here (it defines final_strategy)"),
        "{line}"
    );
}

/// The dice a choice's name rolls: `6 dice`, `1 die`, Greed's `pass` (0).
fn dice(name: &Value) -> u8 {
    match name.as_str().unwrap() {
        "pass" => 0,
        name => name.split(' ').next().unwrap().parse().unwrap(),
    }
}

/// Each of the first `n` cells of `--explain`, changed alone in `table`, re-evaluated.
fn check_explained_gains(
    sandbox: &Sandbox,
    rules: &str,
    python: &str,
    table_json: impl Fn(Option<(usize, usize, Option<bool>, u8)>) -> String,
) {
    let explained = eval(sandbox, &[python, "--rules", rules, "--explain", "4"]);
    let before = win_rate(&explained);
    let cells = explained["explain"].as_array().expect("an explain list");
    assert_eq!(cells.len(), 4, "{rules}");
    for cell in cells {
        let at = |key: &str| cell[key].as_u64().unwrap() as usize;
        let passed = cell.get("passed").map(|p| p.as_u64().unwrap() == 1);
        assert_eq!(passed.is_some(), rules == "greed");
        let changed = (
            at("score"),
            at("opponent_score"),
            passed,
            dice(&cell["best"]),
        );
        let file = sandbox.write("changed.json", table_json(Some(changed)));
        let after = win_rate(&eval(sandbox, &[file.to_str().unwrap(), "--rules", rules]));
        let gain = cell["gain"].as_f64().unwrap();
        assert!(
            ((after - before) - gain).abs() <= 1e-12,
            "{rules} {cell}: re-evaluated {}",
            after - before
        );
        assert_ne!(cell["chosen"], cell["best"]);
        assert!(cell["reach"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn explained_gains_equal_re_evaluated_differences() {
    let sandbox = Sandbox::new();
    let good = fixture("hog/good/hog.py");
    for rules in ["hog-fa20", "hog-fa19"] {
        check_explained_gains(&sandbox, rules, &good, |change| {
            hog_json(100, |s, o| match change {
                Some((cs, co, _, best)) if (cs, co) == (s, o) => best,
                _ => good_hog(s, o),
            })
        });
    }
    check_explained_gains(&sandbox, "greed", &fixture("greed/good/pr1.py"), |change| {
        greed_json(|s, o, last| match change {
            Some((cs, co, Some(cl), best)) if (cs, co, cl) == (s, o, last) => best,
            _ => good_greed(s, o, last),
        })
    });
}

#[test]
fn grade_explain_adds_the_cells_to_each_row() {
    let sandbox = Sandbox::new();
    let good = fixture("hog/good/hog.py");
    let report = sandbox
        .run(&["grade", &good, "--explain", "2", "--json"])
        .json();
    let row = &report["submissions"][0];
    let from_eval = eval(&sandbox, &[&good, "--explain", "2"]);
    assert_eq!(row["explain"], from_eval["explain"]);
}

#[test]
fn tournament_entries_equal_eval_results() {
    let sandbox = Sandbox::new();
    let table = sandbox.write("good.json", hog_json(100, good_hog));
    let table = table.to_str().unwrap().to_string();
    for (rules, entries) in [
        (
            "hog-fa20",
            vec![
                "always_roll:4".to_string(),
                "bacon".to_string(),
                fixture("hog/course/hog.py"),
                table.clone(),
            ],
        ),
        (
            "hog-fa19",
            vec![
                "always_roll:4".to_string(),
                "swap".to_string(),
                fixture("hog/good/hog.py"),
            ],
        ),
        (
            "greed",
            vec![
                "sample1".to_string(),
                "sample2".to_string(),
                fixture("greed/good/pr1.py"),
            ],
        ),
    ] {
        let mut args = vec!["tournament", "--rules", rules, "--json", "--jobs", "2"];
        args.extend(entries.iter().map(String::as_str));
        let report = sandbox.run(&args).json();
        let matrix = report["matrix"].as_array().unwrap();
        for (i, a) in entries.iter().enumerate() {
            assert!(matrix[i][i].is_null());
            for (j, b) in entries.iter().enumerate().filter(|&(j, _)| j != i) {
                let exact = eval(&sandbox, &[a, "--vs", b, "--rules", rules]);
                assert_eq!(matrix[i][j], exact["win_rate"], "{rules}: {a} against {b}");
            }
        }
        // Standings: by mean win rate over the other entries.
        let standings = report["standings"].as_array().unwrap();
        let n = entries.len() as f64;
        for entry in standings {
            let i = report["strategies"]
                .as_array()
                .unwrap()
                .iter()
                .position(|s| *s == entry["strategy"])
                .unwrap();
            let rates: Vec<f64> = (0..entries.len())
                .filter(|&j| j != i)
                .map(|j| matrix[i][j].as_f64().unwrap())
                .collect();
            let mean = rates.iter().sum::<f64>() / (n - 1.0);
            assert!((entry["mean_win_rate"].as_f64().unwrap() - mean).abs() < 1e-15);
            let won = rates.iter().filter(|&&r| r > 0.5).count() as u64;
            assert_eq!(entry["matches_won"], won);
        }
    }
}

#[test]
fn a_tournament_leaves_out_a_broken_entry_and_writes_its_matrix() {
    let sandbox = Sandbox::new();
    let run = sandbox.run(&[
        "tournament",
        "always_roll:4",
        "always_roll:6",
        &fixture("hog/eleven/hog.py"),
        "--report",
        "matrix.csv",
    ]);
    assert_eq!(run.code(), Some(2), "an entry was left out");
    let text = run.stdout();
    assert!(text.contains("left out: "), "{text}");
    let csv = std::fs::read_to_string(sandbox.join("matrix.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "strategy,always_roll:4,always_roll:6,rules,goal");
    let four_vs_six: f64 = lines[1].split(',').nth(2).unwrap().parse().unwrap();
    let six_vs_four: f64 = lines[2].split(',').nth(1).unwrap().parse().unwrap();
    assert_eq!(lines[1].split(',').nth(1), Some(""));
    let exact = win_rate(&eval(&sandbox, &["always_roll:4", "--vs", "always_roll:6"]));
    assert_eq!(four_vs_six, exact);
    // The other seat's entry, against a sweep with the seats swapped.
    let swapped = win_rate(&eval(&sandbox, &["always_roll:6", "--vs", "always_roll:4"]));
    assert!((six_vs_four - swapped).abs() < 1e-15);
}

#[test]
fn a_tournament_enters_a_folder_names_entries_and_says_what_it_played() {
    let sandbox = Sandbox::new();
    for (who, dice) in [("alice", 5), ("bob", 6)] {
        std::fs::create_dir_all(sandbox.join(&format!("class/{who}"))).unwrap();
        sandbox.write(
            &format!("class/{who}/hog.py"),
            format!("def final_strategy(score, opponent_score):\n    return {dice}\n"),
        );
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/my-hog.rhai");
    let rules = ["--rules", script.to_str().unwrap(), "--set", "lucky=5"];
    let mut args = vec!["tournament", "class", "rival=always_roll:4", "--json"];
    args.extend(["--report", "t.csv"]);
    args.extend(rules);
    let report: serde_json::Value = serde_json::from_str(&sandbox.run(&args).success()).unwrap();
    assert_eq!(
        report["strategies"],
        json!(["class/alice/hog.py", "class/bob/hog.py", "rival"])
    );
    let label = report["rules"].as_str().unwrap();
    assert!(label.starts_with("my-hog[lucky=5]@"), "{label}");
    // Alice against the rival, as eval gives it under the same rules.
    let mut eval_args = vec![
        "eval",
        "class/alice/hog.py",
        "--vs",
        "always_roll:4",
        "--json",
    ];
    eval_args.extend(rules);
    let evaluated: serde_json::Value =
        serde_json::from_str(&sandbox.run(&eval_args).success()).unwrap();
    assert_eq!(report["matrix"][0][2], evaluated["win_rate"]);
    assert_eq!(evaluated["rules"], label);
    let csv = std::fs::read_to_string(sandbox.join("t.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "strategy,class/alice/hog.py,class/bob/hog.py,rival,rules,goal"
    );
    assert!(
        lines[1..]
            .iter()
            .all(|line| line.ends_with(&format!(",{label},100"))),
        "{csv}"
    );
}

#[test]
fn a_python_strategy_simulates_within_its_confidence_interval() {
    let sandbox = Sandbox::new();
    let report = sandbox
        .run(&[
            "simulate",
            &fixture("hog/good/hog.py"),
            "--games",
            "20000",
            "--seed",
            "5",
            "--json",
        ])
        .json();
    let exact = eval(&sandbox, &[&fixture("hog/good/hog.py")]);
    assert_eq!(report["exact"]["win_rate"], exact["win_rate"]);
    let simulated = report["simulated"]["win_rate"].as_f64().unwrap();
    let error = report["standard_error"]["win_rate"].as_f64().unwrap();
    assert!(error > 0.0);
    assert!(
        (simulated - win_rate(&exact)).abs() < 4.5 * error,
        "simulated {simulated} ± {error}, exact {}",
        exact["win_rate"]
    );
}

#[test]
fn solving_against_two_students_hog_py_writes_two_files() {
    let sandbox = Sandbox::new();
    let out = sandbox.join("out").display().to_string();
    for student in ["good", "course"] {
        let opponent = fixture(&format!("hog/{student}/hog.py"));
        let args = [
            "solve", "--vs", &opponent, "--goal", "30", "--format", "csv", "--out", &out,
        ];
        sandbox.run(&args).success();
    }
    assert_eq!(
        sandbox.files("out"),
        [
            "hog_fa20_goal30_optimal_vs_course_hog.csv",
            "hog_fa20_goal30_optimal_vs_good_hog.csv"
        ]
    );
}
