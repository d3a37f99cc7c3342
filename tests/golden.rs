//! Golden values derived by hand (`tests/data/golden.txt`), checked through the library and the
//! binary.

use approx::assert_relative_eq;
use swine_solver::hog::{Ruleset, Strategy, evaluate};

use crate::util::{Sandbox, fraction};

struct Golden {
    rules: String,
    goal: u32,
    strategy: String,
    opponent: String,
    as_first: f64,
}

fn goldens() -> Vec<Golden> {
    let text = include_str!("data/golden.txt");
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 5, "malformed golden line: {line}");
            Golden {
                rules: fields[0].to_string(),
                goal: fields[1].parse().expect("goal"),
                strategy: fields[2].to_string(),
                opponent: fields[3].to_string(),
                as_first: fraction(fields[4]),
            }
        })
        .collect()
}

#[test]
fn every_golden_value_holds_in_the_library() {
    let goldens = goldens();
    assert!(goldens.len() >= 10, "the golden file lost its lines");
    for g in goldens {
        let rules = Ruleset::preset(&g.rules, g.goal).unwrap();
        let strategy = Strategy::parse(&g.strategy, &rules).unwrap();
        let opponent = Strategy::parse(&g.opponent, &rules).unwrap();
        let matchup = evaluate(&rules, &strategy, &opponent).unwrap();
        assert_relative_eq!(matchup.as_first(), g.as_first, max_relative = 1e-14);
    }
}

#[test]
fn golden_values_through_the_binary() {
    let sandbox = Sandbox::new();
    let json = sandbox
        .run(&[
            "eval",
            "always_roll:1",
            "--vs",
            "always_roll:1",
            "--goal",
            "3",
            "--json",
        ])
        .json();
    assert_relative_eq!(
        json["as_first"].as_f64().unwrap(),
        967.0 / 1296.0,
        max_relative = 1e-14
    );
    let json = sandbox
        .run(&[
            "solve", "--rules", "hog-wild", "--goal", "2", "--vs", "minimax", "--json",
        ])
        .json();
    assert_relative_eq!(
        json["first_player_wins"].as_f64().unwrap(),
        19.0 / 24.0,
        max_relative = 1e-14
    );
    // The optimal first move at 0 : 0 is one four-sided die.
    let table =
        std::fs::read_to_string(sandbox.join("swine-out/hog_wild_goal2_minimax.csv")).unwrap();
    assert_eq!(table.lines().next().unwrap().split(',').next(), Some("1"));
}
