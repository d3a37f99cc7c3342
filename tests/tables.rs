//! The committed tables/ are exactly what `swine tables` writes today.

use std::path::{Path, PathBuf};

use crate::util::Sandbox;

/// The presets whose `final_strategy` is a searched best score table (they hide memory from a
/// score table), each against its yardstick.
const SEARCHED: [&str; 4] = [
    "hog_fa17_best_table_vs_always_roll_4",
    "hog_fa19_best_table_vs_always_roll_4",
    "hog_sp20_best_table_vs_always_roll_4",
    "hog_su20_best_table_vs_always_roll_4",
];

/// Farkle's turn-start values at full size (goal 10000), taken from tables/ once checked.
const FARKLE: [&str; 2] = ["farkle_optimal_vs_bank_at_300", "farkle_minimax"];

/// The repository's tables/.
fn committed() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tables")
}

/// The committed JSON file of a table, parsed.
fn committed_json(stem: &str) -> serde_json::Value {
    let path = committed().join(format!("{stem}.json"));
    serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap()
}

/// Every file of tables/ is what `swine tables` writes, byte for byte. The searched best
/// tables are taken from tables/ rather than searched again (minutes), once checked to win
/// exactly what they record; everything else is solved afresh.
#[test]
fn committed_tables_are_not_stale() {
    let sandbox = Sandbox::new();
    let committed = committed();
    let out = sandbox
        .run(&[
            "tables",
            "--out",
            "fresh",
            "--best-tables-from",
            committed.to_str().unwrap(),
        ])
        .success();
    for stem in SEARCHED {
        assert!(
            out.contains(&format!("{stem}.json, not searched again")),
            "{stem} was searched:\n{out}"
        );
    }
    // Farkle's full-size values are checked by one Bellman backup, not solved again (minutes;
    // `a_farkle_values_file_of_another_opponent_is_refused` shows the check refuses).
    for stem in FARKLE {
        assert!(
            out.contains(&format!("{stem}_values.npy, not solved again")),
            "{stem} was solved:\n{out}"
        );
    }
    let mut names: Vec<String> = std::fs::read_dir(&committed)
        .expect("tables/ exists")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "README.md")
        .collect();
    names.sort();
    assert_eq!(
        names,
        sandbox.files("fresh"),
        "tables/ holds other files than `swine tables` writes; regenerate it (tables/README.md)"
    );
    for name in names {
        let fresh = std::fs::read(sandbox.join(&format!("fresh/{name}"))).unwrap();
        let old = std::fs::read(committed.join(&name)).unwrap();
        assert!(
            fresh == old,
            "tables/{name} is stale: regenerate with `cargo run --release -- tables` (tables/README.md)"
        );
    }
}

/// A committed best table that was changed after its search is refused, with the file and what
/// differs, before anything is solved or written: a cell of the table, a win rate by its last
/// bit, the account of the search.
#[test]
fn a_tampered_best_table_is_refused() {
    let stem = "hog_fa19_best_table_vs_always_roll_4";
    let sandbox = Sandbox::new();
    std::fs::create_dir(sandbox.join("tampered")).unwrap();
    let refused = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut file = committed_json(stem);
        edit(&mut file);
        sandbox.write(
            &format!("tampered/{stem}.json"),
            serde_json::to_vec_pretty(&file).unwrap(),
        );
        let error = sandbox
            .run(&["tables", "--out", "fresh", "--best-tables-from", "tampered"])
            .failure();
        assert!(
            error.starts_with(&format!(
                "swine: --best-tables-from: tampered/{stem}.json: "
            )),
            "{error}"
        );
        assert!(sandbox.files("fresh").is_empty(), "written after {error}");
        error
    };

    // The first player's first move: every game moving first passes through it.
    let error = refused(&|file| {
        let cell = &mut file["table"][0][0];
        *cell = (if cell.as_u64() == Some(5) { 6 } else { 5 }).into();
    });
    assert!(
        error.contains("its table does not win what it records against always_roll:4"),
        "{error}"
    );
    assert!(error.contains("as first 0."), "{error}");

    let recorded = committed_json(stem)["as_first"].as_f64().unwrap();
    let error = refused(&|file| {
        file["as_first"] = f64::from_bits(recorded.to_bits() + 1).into();
    });
    assert!(
        error.contains(&format!(
            "as first {recorded:.17} where the file records {:.17}",
            f64::from_bits(recorded.to_bits() + 1)
        )),
        "{error}"
    );
    assert!(!error.contains("as second"), "{error}");

    // The full-information optimum the account quotes is solved afresh.
    let error = refused(&|file| {
        let about = file["about"]
            .as_str()
            .unwrap()
            .replace("wins 0.", "wins 0.9");
        file["about"] = about.into();
    });
    assert!(
        error.contains("its \"about\" is not what the search writes"),
        "{error}"
    );
}

/// Farkle's values against one opponent, offered as those against another, fail the Bellman
/// backup `--best-tables-from` checks them by, naming the file and the change, and nothing is
/// written. (The best tables are offered too, so that none is searched first.)
#[test]
fn a_farkle_values_file_of_another_opponent_is_refused() {
    let sandbox = Sandbox::new();
    std::fs::create_dir(sandbox.join("offered")).unwrap();
    for stem in SEARCHED {
        let json = std::fs::read(committed().join(format!("{stem}.json"))).unwrap();
        sandbox.write(&format!("offered/{stem}.json"), json);
    }
    let minimax = std::fs::read(committed().join(format!("{}_values.npy", FARKLE[1]))).unwrap();
    let offered = format!("offered/{}_values.npy", FARKLE[0]);
    sandbox.write(&offered, minimax);
    let error = sandbox
        .run(&["tables", "--out", "fresh", "--best-tables-from", "offered"])
        .failure();
    assert!(
        error.starts_with(&format!(
            "swine: --best-tables-from: {offered}: one Bellman backup moves a value by "
        )),
        "{error}"
    );
    assert!(
        error.contains("not the values of optimal against bank_at:300 now"),
        "{error}"
    );
    assert!(sandbox.files("fresh").is_empty(), "written after {error}");
}

/// Grading `rules` at goal 100 against its yardstick evaluates its committed best table (the
/// search's own figure, written in its JSON file, is the win rate), and says so.
fn grading_reuses_the_committed_best_table(sandbox: &Sandbox, rules: &str, stem: &str) {
    let report = sandbox
        .run(&["grade", "--rules", rules, "always_roll:5", "--json"])
        .json();
    assert!(
        report["optimal"]
            .as_str()
            .unwrap()
            .ends_with(&format!("as committed in tables/{stem}.bin")),
        "{}",
        report["optimal"]
    );
    assert_eq!(report["optimal_win_rate"], committed_json(stem)["win_rate"]);
}

/// Grading hog-fa19 at its committed goal and yardstick evaluates the committed best table; at
/// another goal it searches.
#[test]
fn grading_hog_fa19_reuses_the_committed_best_table() {
    let sandbox = Sandbox::new();
    grading_reuses_the_committed_best_table(&sandbox, "hog-fa19", SEARCHED[1]);

    let elsewhere = sandbox
        .run(&[
            "grade",
            "--rules",
            "hog-fa19",
            "--goal",
            "30",
            "always_roll:5",
            "--json",
        ])
        .json();
    let optimal = elsewhere["optimal"].as_str().unwrap();
    assert!(!optimal.contains("committed"), "{optimal}");
    let solved = sandbox
        .run(&[
            "solve", "--rules", "hog-fa19", "--goal", "30", "--out", "fa19",
        ])
        .success();
    let searched = format!("{:.17}", elsewhere["optimal_win_rate"].as_f64().unwrap());
    assert!(solved.contains(&searched), "{searched} not in\n{solved}");
}

/// Every other preset with a searched best table is graded against its committed one too.
#[test]
fn grading_reuses_every_committed_best_table() {
    let sandbox = Sandbox::new();
    for (rules, stem) in [
        ("hog-fa17", SEARCHED[0]),
        ("hog-sp20", SEARCHED[2]),
        ("hog-su20", SEARCHED[3]),
    ] {
        grading_reuses_the_committed_best_table(&sandbox, rules, stem);
    }
}

/// The note of a solve that took the committed best table `stem` instead of searching.
fn not_searched_again(stem: &str) -> String {
    format!(
        "the best score table committed in tables/{stem}.bin, not searched again: evaluated \
         exactly, it wins what it records, to the bit"
    )
}

/// A solve of hog-fa17 (whose search takes minutes) that asks nothing of the search takes its
/// committed best table: the win rates it records, to the bit, the note that says so, and the
/// files `swine tables` wrote, byte for byte.
#[test]
fn a_default_solve_takes_the_committed_best_table() {
    let stem = SEARCHED[0];
    let sandbox = Sandbox::new();
    let report = sandbox
        .run(&["solve", "--rules", "hog-fa17", "--json"])
        .json();
    let recorded = committed_json(stem);
    for key in ["win_rate", "as_first", "as_second"] {
        assert_eq!(report[key], recorded[key], "{key}");
    }
    assert_eq!(
        report["notes"],
        serde_json::json!([not_searched_again(stem)])
    );
    assert_eq!(report["details"]["search_seed"], 0);
    let written = sandbox.files("swine-out");
    assert_eq!(written.len(), 5, "{written:?}");
    for name in written {
        let fresh = std::fs::read(sandbox.join(&format!("swine-out/{name}"))).unwrap();
        let old = std::fs::read(committed().join(&name)).unwrap();
        assert!(fresh == old, "{name} differs from tables/{name}");
    }
}

/// Any search flag searches afresh, even where a best table is committed: a number of
/// perturbations alone, or a seed (with a time limit that stops the search after its first
/// round).
#[test]
fn a_search_flag_searches_past_the_committed_best_table() {
    let stem = SEARCHED[1];
    let sandbox = Sandbox::new();
    let solve = |flags: &[&str]| {
        let mut args = vec!["solve", "--rules", "hog-fa19", "--json"];
        args.extend(flags);
        let report = sandbox.run(&args).json();
        assert_eq!(report.get("notes"), None, "{flags:?}: {}", report["notes"]);
        report
    };
    let climbed = solve(&["--perturbations", "0"]);
    assert_eq!(climbed["details"]["search_perturbations"], 0);
    assert_eq!(climbed["details"]["table_local_optimum"], true);
    let seeded = solve(&["--seed", "5", "--time-limit", "0.001"]);
    assert_eq!(seeded["details"]["search_seed"], 5);
    assert_eq!(seeded["details"]["search_rounds"], 1);
    // Neither is the committed table: the perturbations find more.
    let committed = committed_json(stem)["win_rate"].as_f64().unwrap();
    for report in [climbed, seeded] {
        assert!(report["win_rate"].as_f64().unwrap() < committed, "{report}");
    }
    let default = sandbox
        .run(&["solve", "--rules", "hog-fa19", "--json"])
        .json();
    assert_eq!(
        default["notes"],
        serde_json::json!([not_searched_again(stem)])
    );
}
