//! Rule scripts through the real binary: a variant written from scratch, `rules list/show/check`,
//! `--set`, tables that remember their variant, and every kind of script error.

use crate::util::Sandbox;

/// The lines every test script starts with.
const HEADER: &str = r#"let name = "test-hog";
let summary = "a test variant";
let yardstick = "always_roll:4";
let goal = parameter("goal", 100);
"#;

/// A script of `HEADER` and `body`, written into the sandbox.
fn script(sandbox: &Sandbox, file: &str, body: &str) -> String {
    sandbox.write(file, format!("{HEADER}{body}"));
    file.to_string()
}

#[test]
fn a_preset_copied_as_a_script_gives_the_same_numbers() {
    let sandbox = Sandbox::new();
    let text = sandbox.run(&["rules", "show", "hog-fa19"]).success();
    assert!(text.starts_with("// hog-fa19: CS 61A Fall 2019"), "{text}");
    sandbox.write("copy.rhai", text.replace("\"hog-fa19\";", "\"my-fa19\";"));
    let builtin = sandbox
        .run(&["eval", "swap", "--rules", "hog-fa19", "--json"])
        .json();
    let copied = sandbox
        .run(&["eval", "swap", "--rules", "copy.rhai", "--json"])
        .json();
    assert_eq!(builtin["win_rate"], copied["win_rate"]);
    assert!(
        copied["rules"].as_str().unwrap().starts_with("my-fa19@"),
        "{copied}"
    );
    let list = sandbox.run(&["rules", "list"]).success();
    for name in ["hog-fa20", "hog-wild", "hog-fa19"] {
        assert!(list.contains(name), "{list}");
    }
}

#[test]
fn parameters_are_set_checked_and_recorded() {
    let sandbox = Sandbox::new();
    let file = script(
        &sandbox,
        "bonus.rhai",
        "let bonus = parameter(\"bonus\", 2);\nfn free_bacon(opponent) { param(\"bonus\") + opponent % 3 }\n",
    );
    let check = sandbox
        .run(&[
            "rules", "check", &file, "--set", "bonus=5", "--set", "goal=40",
        ])
        .success();
    assert!(
        check.contains("goal = 40 (default 100), bonus = 5 (default 2)"),
        "{check}"
    );
    assert!(
        check.contains("40 x 40 scores x 1 x 1 memories = 1600 states"),
        "{check}"
    );
    assert!(
        check.contains("every turn raises the total score, so one backward sweep solves it"),
        "{check}"
    );
    // A larger Free Bacon helps the player who rolls zero.
    let rate = |bonus: &str| {
        sandbox
            .run(&[
                "eval",
                "always_roll:0",
                "--rules",
                &file,
                "--set",
                bonus,
                "--json",
            ])
            .json()["win_rate"]
            .as_f64()
            .unwrap()
    };
    assert!(rate("bonus=9") > rate("bonus=1"));
    // A table remembers its variant and refuses to load for another.
    sandbox
        .run(&[
            "solve", "--rules", &file, "--set", "bonus=5", "--format", "json", "--out", "out",
        ])
        .success();
    let written = sandbox.files("out");
    assert_eq!(written.len(), 1);
    // The name, the parameter set, then the script's checksum (one `_` between each).
    let checksum_on = written[0].strip_prefix("test_hog_bonus_5_");
    assert!(
        checksum_on.is_some_and(|rest| rest.len() > 8
            && rest[..8].chars().all(|c| c.is_ascii_hexdigit())
            && rest[8..].starts_with("_optimal_vs_")),
        "{written:?}"
    );
    let table = &format!("out/{}", written[0]);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(sandbox.join(table)).unwrap()).unwrap();
    assert!(
        json["rules"]
            .as_str()
            .unwrap()
            .starts_with("test-hog[bonus=5]@"),
        "{}",
        json["rules"]
    );
    sandbox
        .run(&["eval", table, "--rules", &file, "--set", "bonus=5"])
        .success();
    let refused = sandbox
        .run(&["eval", table, "--rules", &file, "--set", "bonus=6"])
        .failure();
    assert!(refused.contains("test-hog[bonus=5]@"), "{refused}");
    let unknown = sandbox
        .run(&[
            "eval",
            "always_roll:4",
            "--rules",
            &file,
            "--set",
            "bouns=1",
        ])
        .failure();
    assert_eq!(
        unknown,
        "swine: bonus.rhai: unknown parameter 'bouns' in --set; the script declares goal, bonus"
    );
}

#[test]
fn script_errors_name_the_file_the_line_and_the_call() {
    let sandbox = Sandbox::new();
    for (file, body, expected) in [
        (
            "syntax.rhai",
            "fn free_bacon(o) { o + }\n",
            "swine: syntax.rhai:5: Unexpected '}'",
        ),
        (
            "negative.rhai",
            "fn free_bacon(o) {\n  if o == 42 { -1 } else { 5 }\n}\n",
            "swine: negative.rhai:5: free_bacon(42) returned -1, outside 0..=1000 points",
        ),
        (
            "float.rhai",
            "fn free_bacon(o) {\n  if o == 7 { 2.5 } else { 5 }\n}\n",
            "swine: float.rhai:5: free_bacon(7) returned 2.5 (a f64), not a whole number of \
             points",
        ),
        (
            "overflow.rhai",
            "fn free_bacon(o) { 5 }\nfn after_turn(m, o) {\n  #{ mover: m * 100000000000 }\n}\n",
            "swine: overflow.rhai:6: after_turn(1, 0) returned mover: 100000000000, not a score",
        ),
        (
            "loop.rhai",
            "fn free_bacon(o) {\n  loop { o += 1; }\n}\n",
            "swine: loop.rhai:5: free_bacon(0): Too many operations (more than 1000000 in one \
             call: an endless loop?)",
        ),
        (
            "missing.rhai",
            "fn bacon(o) { 5 }\n",
            "swine: missing.rhai: the script defines no fn free_bacon(opponent) or fn \
             free_bacon(own, opponent) (or forbids rolling 0 dice: let least_dice = 1;)",
        ),
        (
            "face.rhai",
            "fn free_bacon(o) { 5 }\nfn face_bonus(own, face) {\n  if own == 3 { 21 } else { 0 }\n}\n",
            "swine: face.rhai:6: face_bonus(3, 1) returned 21, outside 0..=20 points",
        ),
        (
            "unknown.rhai",
            "fn free_bacon(o) { 5 }\nfn after_turn(m, o) { m.frobnicate() }\n",
            "swine: unknown.rhai:6: after_turn(0, 0): Function not found: frobnicate (i64)",
        ),
        (
            "arity.rhai",
            "fn free_bacon(o) { 5 }\nfn die(total) { 4 }\n",
            "swine: arity.rhai:6: fn die takes 2 argument(s), not 1",
        ),
        (
            "typed.rhai",
            "let pig_out = 0;\nfn free_bacon(o) { 5 }\n",
            "swine: typed.rhai: pig_out is a i64, but must be a bool",
        ),
        (
            "again.rhai",
            "let memory = #{ size: 3, initial: 0, meaning: \"m\" };\nfn free_bacon(o) { 5 }\n\
             fn goes_again(m) {\n  if m == 2 { 1 } else { false }\n}\n",
            "swine: again.rhai:7: goes_again(2) returned 1 (a i64), not true or false",
        ),
        (
            "ones.rhai",
            "fn free_bacon(o) { 5 }\nfn pig_out_points(ones, dice) { ones }\n\
             fn face_bonus(own, face) { 1 }\n",
            "swine: ones.rhai: fn pig_out_points and fn face_bonus cannot both score a roll (a \
             6-sided die gives face bonuses)",
        ),
        (
            "opponent.rhai",
            "let memory = #{ size: 3, initial: 0, meaning: \"m\" };\nfn free_bacon(o) { 5 }\n\
             fn remember(m, theirs, dice) {\n  m + theirs\n}\n",
            "swine: opponent.rhai:7: remember(1, 2, 0) returned 3, outside 0..=2 (the declared \
             memory)",
        ),
    ] {
        script(&sandbox, file, body);
        let line = sandbox
            .run(&["eval", "always_roll:4", "--rules", file])
            .failure();
        assert_eq!(line, expected, "{file}");
    }
    script(
        &sandbox,
        "huge.rhai",
        "let memory = #{ size: 64, initial: 0, meaning: \"m\" };\nfn free_bacon(o) { 5 }\n",
    );
    let line = sandbox
        .run(&[
            "eval",
            "always_roll:4",
            "--rules",
            "huge.rhai",
            "--goal",
            "300",
        ])
        .failure();
    assert_eq!(
        line,
        "swine: huge.rhai: 368640000 states (goal 300, 64 memory values per player) are more \
         than the 260000000 swine solves"
    );
    // A rule that lowers a score is solved, not refused: `rules check` says how.
    script(
        &sandbox,
        "lowers.rhai",
        "fn free_bacon(o) { 5 }\nfn after_turn(m, o) {\n  #{ mover: o, opponent: max(m - 3, 0) }\n}\n",
    );
    let check = sandbox.run(&["rules", "check", "lowers.rhai"]).success();
    assert!(
        check.contains(
            "a rule can lower the total score (after a turn reaching 1 against 0, the scores \
             become 0 and 0)"
        ),
        "{check}"
    );
    let line = sandbox
        .run(&["eval", "always_roll:4", "--rules", "nothing.rhai"])
        .failure();
    assert!(
        line.starts_with("swine: --rules nothing.rhai: cannot read it"),
        "{line}"
    );
}

#[test]
fn a_sweeps_rows_equal_individual_solves() {
    let sandbox = Sandbox::new();
    let report = sandbox
        .run(&[
            "sweep",
            "--set",
            "goal=30..50:20",
            "--report",
            "sweep.csv",
            "--json",
        ])
        .json();
    assert_eq!(report["rules"], "hog-fa20");
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for row in rows {
        let goal = row["goal"].as_u64().unwrap().to_string();
        let solve = |vs: &str| {
            sandbox
                .run(&[
                    "solve", "--goal", &goal, "--vs", vs, "--json", "--format", "csv", "--out",
                    "out",
                ])
                .json()
        };
        assert_eq!(row["optimal_win_rate"], solve("always_roll:4")["win_rate"]);
        assert_eq!(
            row["minimax_first_player_wins"],
            solve("minimax")["first_player_wins"]
        );
        let best = format!("always_roll:{}", row["best_always_roll"]);
        let rate = |spec: &str| {
            sandbox
                .run(&["eval", spec, "--goal", &goal, "--json"])
                .json()["win_rate"]
                .as_f64()
                .unwrap()
        };
        let best_rate = rate(&best);
        assert_eq!(
            row["best_always_roll_win_rate"].as_f64().unwrap(),
            best_rate
        );
        for k in 0..=10 {
            assert!(rate(&format!("always_roll:{k}")) <= best_rate);
        }
        let gap = row["optimal_win_rate"].as_f64().unwrap() - best_rate;
        // serde_json's default float parsing may miss the last bit; the digits are all there.
        assert!((row["gap"].as_f64().unwrap() - gap).abs() < 1e-16);
        // The share of cells where optimal differs from always_roll:4, counted in the table
        // `solve` writes.
        let file = format!("out/hog_fa20_goal{goal}_optimal_vs_always_roll_4.csv");
        let table = std::fs::read_to_string(sandbox.join(&file)).unwrap();
        let cells: Vec<&str> = table.lines().flat_map(|l| l.split(',')).collect();
        let differing = cells.iter().filter(|&&dice| dice != "4").count();
        assert_eq!(cells.len(), (goal.parse::<usize>().unwrap()).pow(2));
        assert_eq!(
            row["differs_from_yardstick"].as_f64().unwrap(),
            differing as f64 / cells.len() as f64
        );
        // Both optimal: the study's turns and rule counts, each seat first in half the games.
        let study = sandbox
            .run(&[
                "study", "minimax", "--vs", "minimax", "--goal", &goal, "--json",
            ])
            .json();
        let half = |f: &dyn Fn(&serde_json::Value) -> f64| {
            (f(&study["as_first"]) + f(&study["as_second"])) / 2.0
        };
        let turns = half(&|seating| seating["turns"]["mean"].as_f64().unwrap());
        assert!((row["expected_turns"].as_f64().unwrap() - turns).abs() < 1e-12);
        for rule in ["Free Bacon", "Pig Out", "Swine Align", "Pig Pass"] {
            let count = half(&|seating| {
                let events = seating["rule_events"].as_array().unwrap();
                let event = events.iter().find(|e| e["rule"] == rule).unwrap();
                event["per_game"].as_f64().unwrap()
            });
            let column = row[format!("{rule} per game")].as_f64().unwrap();
            assert!(
                (column - count).abs() < 1e-12,
                "{rule}: {column} vs {count}"
            );
        }
    }
    let csv = std::fs::read_to_string(sandbox.join("sweep.csv")).unwrap();
    assert!(csv.starts_with(
        "goal,optimal_win_rate,full_information,minimax_first_player_wins,best_always_roll,\
         best_always_roll_win_rate,gap,differs_from_yardstick,expected_turns,unfinished,\
         Free Bacon per game,Pig Out per game,Pig Pass per game,Swine Align per game,residual,\
         error\n30,"
    ));
    let line = sandbox.run(&["sweep", "--set", "goal=10..5"]).failure();
    assert!(
        line.contains("a range runs upwards by a positive step"),
        "{line}"
    );
    // A variant that fails gets its row; the others are solved; the sweep ends non-zero.
    let run = sandbox.run(&["sweep", "--set", "goal=0..2", "--json"]);
    assert_eq!(run.code(), Some(2));
    let report: serde_json::Value = serde_json::from_str(&run.stdout()).unwrap();
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows[0]["error"], "goal 0 is outside 1..=1000");
    // At goal 1 whoever moves first wins: a win rate of exactly one half, and minimax's first
    // player always wins.
    assert_eq!(rows[1]["optimal_win_rate"], 0.5);
    assert_eq!(rows[1]["minimax_first_player_wins"], 1.0);
    assert!(rows[2]["optimal_win_rate"].as_f64().unwrap() > 0.5);
    assert_eq!(
        run.stderr(),
        "swine: 1 of 3 variant(s) could not be solved (each row says why)\n"
    );
    let line = sandbox.run(&["sweep", "--set", "cutoff=1..3"]).failure();
    assert!(line.contains("unknown parameter 'cutoff'"), "{line}");
}

#[test]
fn goals_above_100_solve_and_their_tables_load_back() {
    let sandbox = Sandbox::new();
    let solved = sandbox
        .run(&[
            "solve",
            "--goal",
            "300",
            "--format",
            "csv,json,py",
            "--out",
            "out",
            "--json",
        ])
        .json();
    assert_eq!(solved["goal"], 300);
    let stem = "out/hog_fa20_goal300_optimal_vs_always_roll_4";
    for extension in ["csv", "json"] {
        let table = format!("{stem}.{extension}");
        let again = sandbox
            .run(&["eval", &table, "--goal", "300", "--json"])
            .json();
        assert_eq!(again["win_rate"], solved["win_rate"], "{extension}");
    }
    let module = std::fs::read_to_string(sandbox.join(&format!("{stem}.py"))).unwrap();
    assert!(module.contains("def final_strategy(score, opponent_score):"));
    let line = sandbox.run(&["eval", "bacon", "--goal", "1001"]).failure();
    assert_eq!(line, "swine: goal 1001 is outside 1..=1000");
}

#[test]
fn a_script_cannot_make_its_yardstick_a_file() {
    // The yardstick is the default opponent; a path would have swine read or run that file.
    let sandbox = Sandbox::new();
    sandbox.write(
        "yard.rhai",
        "let name = \"t\";\nlet summary = \"s\";\nlet yardstick = \"/tmp/x.py\";\n\
         let goal = parameter(\"goal\", 100);\nfn free_bacon(o) { 5 }\n",
    );
    let line = sandbox.run(&["solve", "--rules", "yard.rhai"]).failure();
    assert_eq!(
        line,
        "swine: yard.rhai: yardstick '/tmp/x.py' is neither always_roll:N nor one of the \
         script's strategies"
    );
}

/// `swine eval chase --rules my.rhai ARGS` with the sandbox's cache of compiled scripts, or
/// with none (`SWINE_CACHE_DIR` empty): its JSON.
fn eval_chase(sandbox: &Sandbox, settings: &[&str], cached: bool) -> serde_json::Value {
    let mut args = vec!["eval", "chase", "--rules", "my.rhai", "--json"];
    args.extend_from_slice(settings);
    let mut command = sandbox.command(&args);
    if !cached {
        command.env("SWINE_CACHE_DIR", "");
    }
    let output = command.output().expect("run swine");
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).expect("JSON")
}

#[test]
fn a_compiled_script_is_remembered_but_never_for_a_changed_script_or_parameter() {
    let sandbox = Sandbox::new();
    let lucky = std::fs::read_to_string("examples/my-hog.rhai").unwrap();
    sandbox.write("my.rhai", &lucky);
    let first = eval_chase(&sandbox, &[], true);
    let remembered = std::fs::read_dir(sandbox.cache()).unwrap().count();
    assert_eq!(remembered, 1, "one cache file for the script");
    // Served from the cache: the same numbers as compiling afresh.
    assert_eq!(eval_chase(&sandbox, &[], true), first);
    assert_eq!(eval_chase(&sandbox, &[], false), first);

    // Another parameter: the numbers of a fresh compile, not the cached ones.
    let other = eval_chase(&sandbox, &["--set", "lucky=5"], true);
    assert_ne!(other["win_rate"], first["win_rate"]);
    assert_eq!(other, eval_chase(&sandbox, &["--set", "lucky=5"], false));

    // The same file changed (lucky multiples no longer earn a turn past 50): fresh numbers.
    let changed = lucky.replace(
        "mover % param(\"lucky\") == 0",
        "mover < 50 && mover % param(\"lucky\") == 0",
    );
    assert_ne!(changed, lucky);
    sandbox.write("my.rhai", &changed);
    let after = eval_chase(&sandbox, &[], true);
    assert_ne!(after["win_rate"], first["win_rate"]);
    assert_eq!(after, eval_chase(&sandbox, &[], false));
    // A damaged cache file is ignored.
    for entry in std::fs::read_dir(sandbox.cache()).unwrap() {
        std::fs::write(entry.unwrap().path(), b"not a cache").unwrap();
    }
    assert_eq!(eval_chase(&sandbox, &[], true), after);
}

/// A cache file that lies is never answered from: single bits flipped across the whole of
/// hog-fa20's cache file (one at a time, spread from the first byte to the last) never change
/// `swine eval bacon --vs always_roll:4`; each damaged file is recomputed and replaced by a
/// good one.
#[test]
fn no_flipped_bit_in_a_cache_file_changes_an_answer() {
    let sandbox = Sandbox::new();
    let eval = || {
        sandbox
            .run(&["eval", "bacon", "--vs", "always_roll:4"])
            .success()
    };
    let answer = eval();
    let file = std::fs::read_dir(sandbox.cache())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.extension().is_some_and(|e| e == "bin"))
        .expect("hog-fa20's cache file");
    let good = std::fs::read(&file).unwrap();
    let bits = good.len() * 8;
    for step in 0..24 {
        // From the magic's first bit to the checksum's last.
        let bit = step * (bits - 1) / 23;
        let mut flipped = good.clone();
        flipped[bit / 8] ^= 1 << (bit % 8);
        std::fs::write(&file, &flipped).unwrap();
        assert_eq!(eval(), answer, "bit {bit} of {bits} flipped");
        assert_eq!(
            std::fs::read(&file).unwrap(),
            good,
            "bit {bit}: not replaced"
        );
    }
    // A truncated file is recomputed too.
    std::fs::write(&file, &good[..good.len() / 3]).unwrap();
    assert_eq!(eval(), answer);
}
