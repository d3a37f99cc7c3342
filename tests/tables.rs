//! The committed tables/ are exactly what `swine tables` writes today.

use std::path::Path;

use crate::util::Sandbox;

#[test]
fn committed_tables_are_not_stale() {
    let sandbox = Sandbox::new();
    sandbox.run(&["tables", "--out", "fresh"]).success();
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("tables");
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

/// Grading hog-fa19 at its committed goal and yardstick evaluates the committed best table
/// (the search's own figure, written in its JSON file, is the win rate), and says so; at another
/// goal it searches.
#[test]
fn grading_hog_fa19_reuses_the_committed_best_table() {
    let sandbox = Sandbox::new();
    let committed: serde_json::Value = serde_json::from_slice(
        &std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tables/hog_fa19_best_table_vs_always_roll_4.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let report = sandbox
        .run(&["grade", "--rules", "hog-fa19", "always_roll:5", "--json"])
        .json();
    assert!(
        report["optimal"]
            .as_str()
            .unwrap()
            .ends_with("as committed in tables/hog_fa19_best_table_vs_always_roll_4.bin"),
        "{}",
        report["optimal"]
    );
    assert_eq!(report["optimal_win_rate"], committed["win_rate"]);

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
