//! The committed docs/atlas.md and its pictures are exactly what `swine atlas` writes today.

use std::path::Path;

use crate::util::Sandbox;

/// How to bring the committed atlas up to date.
const REGENERATE: &str = "regenerate it with `cargo run --release -- atlas` (it writes \
                          docs/atlas.md and docs/atlas/*.png)";

#[test]
fn the_committed_atlas_is_what_swine_atlas_writes() {
    let sandbox = Sandbox::new();
    let run = sandbox.run(&["atlas", "--out", "fresh", "--json"]);
    let json = run.success();
    let report: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    // Piped, it shows no progress.
    assert_eq!(run.stderr(), "");

    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let fresh = std::fs::read_to_string(sandbox.join("fresh/atlas.md")).unwrap();
    let committed = std::fs::read_to_string(docs.join("atlas.md")).unwrap_or_default();
    let (old, new) = first_difference(&committed, &fresh);
    assert!(
        fresh == committed,
        "docs/atlas.md is stale: {REGENERATE}; the first line that differs:\n  committed: \
         {old:?}\n  fresh:     {new:?}"
    );
    let mut committed_pictures: Vec<String> = std::fs::read_dir(docs.join("atlas"))
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    committed_pictures.sort();
    assert_eq!(
        committed_pictures,
        sandbox.files("fresh/atlas"),
        "docs/atlas/ holds other pictures than `swine atlas` draws: {REGENERATE}"
    );
    for name in committed_pictures {
        let fresh = std::fs::read(sandbox.join(&format!("fresh/atlas/{name}"))).unwrap();
        let old = std::fs::read(docs.join("atlas").join(&name)).unwrap();
        assert!(fresh == old, "docs/atlas/{name} is stale: {REGENERATE}");
    }

    // Every preset once, the terms in order, a picture for each, every link to RULES.md a
    // section of it.
    let rows = report["rulesets"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 20);
    assert_eq!(names[0], "hog-fa17");
    assert_eq!(names[names.len() - 1], "hog-textbook");
    for row in rows {
        let map = row["map"].as_str().unwrap();
        assert!(fresh.contains(&format!("]({map})")), "{map} is shown");
    }
    let rules = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("RULES.md"))
        .expect("RULES.md");
    let sections: Vec<String> = rules
        .lines()
        .filter_map(|line| line.strip_prefix("### "))
        .map(github_anchor)
        .collect();
    let links: Vec<&str> = fresh
        .split("](../RULES.md#")
        .skip(1)
        .map(|rest| rest.split(')').next().unwrap())
        .collect();
    assert_eq!(links.len(), 20, "every preset links to its rules");
    for link in links {
        assert!(
            sections.iter().any(|s| s == link),
            "RULES.md has no section #{link}"
        );
    }

    // Full precision in --json, 17 significant digits as everywhere: hog-fa20's numbers as the
    // README and the guide give them, and hog-fa19's committed best table (docs/guide.md).
    let fa20 = &rows[names.iter().position(|&n| n == "hog-fa20").unwrap()];
    assert_eq!(fa20["optimal_strategy"], "optimal");
    assert!(json.contains("\"optimal_win_rate\": 0.81757063896859328,"));
    assert!(json.contains("\"first_player_value\": 0.53191524614213692,"));
    let fa19 = &rows[names.iter().position(|&n| n == "hog-fa19").unwrap()];
    assert_eq!(fa19["optimal_strategy"], "best_table");
    assert!(json.contains("\"optimal_win_rate\": 0.84874499861253161,"));
    // hog-nju21: 9.5% of games never end with both optimal, so no finite expectation.
    let nju21 = &rows[names.iter().position(|&n| n == "hog-nju21").unwrap()];
    assert!(nju21["expected_turns"].is_null());
    let never = nju21["never_ends"].as_f64().unwrap();
    assert!((0.094..0.095).contains(&never), "{never}");
    assert!(nju21["expected_turns_of_games_that_end"].as_f64().unwrap() > 5.0);
    // hog-textbook rolls at least one die.
    let textbook = &rows[names.len() - 1];
    assert!(textbook["rolls_zero"].is_null());
    assert!(fresh.contains("| — (1 to 10 dice) |"));
}

/// The first line where `a` and `b` differ, from each.
fn first_difference<'a>(a: &'a str, b: &'a str) -> (&'a str, &'a str) {
    let mut lines = a.lines().zip(b.lines());
    lines.find(|(x, y)| x != y).unwrap_or_else(|| {
        (
            a.lines().last().unwrap_or(""),
            b.lines().last().unwrap_or(""),
        )
    })
}

/// The anchor GitHub gives a heading: lower case, spaces as hyphens, other punctuation gone.
fn github_anchor(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// `swine atlas` refuses a folder it cannot write before it solves anything, and writes
/// nothing.
#[test]
fn atlas_checks_its_folders_first() {
    let sandbox = Sandbox::new();
    sandbox.write("blocker", "a file where the folder should go");
    assert_eq!(
        sandbox.run(&["atlas", "--out", "blocker"]).failure(),
        "swine: cannot write blocker: blocker is not a directory"
    );
    std::fs::create_dir(sandbox.join("out")).unwrap();
    sandbox.write("out/atlas", "a file where the pictures should go");
    assert_eq!(
        sandbox.run(&["atlas", "--out", "out"]).failure(),
        "swine: cannot write out/atlas: out/atlas is not a directory"
    );
    assert_eq!(sandbox.files("out"), ["atlas"]);
}

/// `swine atlas --rules` writes the same page of one's own variant beside a preset, at the goal
/// and parameters given, its numbers those of `eval` and `study`.
#[test]
fn an_atlas_of_ones_own_variant_beside_a_preset() {
    let sandbox = Sandbox::new();
    sandbox.write("mine.rhai", std::fs::read("examples/my-hog.rhai").unwrap());
    let args = [
        "atlas",
        "--rules",
        "mine.rhai",
        "--rules",
        "hog-fa20",
        "--goal",
        "40",
        "--set",
        "lucky=5",
        "--out",
        "out",
        "--json",
    ];
    let report = sandbox.run(&args).json();
    assert_eq!(report["goal"], 40);
    let rows = report["rulesets"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert!(names[0].starts_with("my-hog[lucky=5]@"), "{names:?}");
    assert_eq!(names[1], "hog-fa20");
    for (row, rules) in rows.iter().zip(["mine.rhai", "hog-fa20"]) {
        let ruleset = ["--rules", rules, "--goal", "40", "--set", "lucky=5"];
        // hog-fa20 declares no `lucky`: the setting is its script's alone.
        let ruleset = if rules == "hog-fa20" {
            &ruleset[..4]
        } else {
            &ruleset[..]
        };
        let eval = |args: &[&str]| {
            let mut args = args.to_vec();
            args.extend_from_slice(ruleset);
            args.push("--json");
            sandbox.run(&args).json()
        };
        assert_eq!(
            row["optimal_win_rate"],
            eval(&["eval", "optimal"])["win_rate"]
        );
        assert_eq!(
            row["first_player_value"],
            eval(&["eval", "minimax", "--vs", "minimax"])["as_first"]
        );
        // The forward pass's expected turns against the study's push, turn by turn.
        let study = eval(&["study", "minimax", "--vs", "minimax"]);
        let turns = (study["as_first"]["turns"]["mean"].as_f64().unwrap()
            + study["as_second"]["turns"]["mean"].as_f64().unwrap())
            / 2.0;
        let expected = row["expected_turns"].as_f64().unwrap();
        assert!(
            (expected - turns).abs() < 1e-9,
            "{rules}: {expected} vs {turns}"
        );
        assert!(!row["rules_per_game"].as_array().unwrap().is_empty());
    }
    let page = std::fs::read_to_string(sandbox.join("out/atlas.md")).unwrap();
    assert!(page.contains(&format!("| — | {}: ", names[0])), "{page}");
    assert!(page.contains("| hog-fa20: "), "{page}");
    assert!(
        page.contains("`swine atlas --rules mine.rhai --rules hog-fa20 --goal 40 --set lucky=5`")
    );
    let mut pictures = sandbox.files("out/atlas");
    pictures.sort();
    assert_eq!(pictures[0], "hog-fa20.png");
    assert!(pictures[1].starts_with("my-hog-lucky-5-"), "{pictures:?}");
    // A setting no ruleset declares, a game that is not Hog: refused, nothing written.
    let line = sandbox
        .run(&[
            "atlas", "--rules", "hog-fa20", "--set", "lucky=5", "--out", "bad",
        ])
        .failure();
    assert_eq!(
        line,
        "swine: --set lucky: none of the rulesets of --rules declares it"
    );
    let line = sandbox
        .run(&["atlas", "--rules", "pig", "--out", "bad"])
        .failure();
    assert!(line.starts_with("swine: --rules pig: "), "{line}");
    assert!(!sandbox.join("bad/atlas.md").exists());
}
