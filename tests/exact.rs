//! `--exact`: fractions derived by hand at tiny goals, exact ties, every preset's fraction
//! against the float engine, the table file's fractions, and the rules it refuses.

use std::str::FromStr;

use swine_solver::fraction::Fraction;

use crate::util::Sandbox;

/// `swine ARGS --exact --json`, parsed.
fn exact_json(sandbox: &Sandbox, args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend(["--exact", "--json"]);
    sandbox.run(&all).json()
}

/// The fractions `[as_first, as_second, win_rate]` of a report's `exact` object.
fn fractions(report: &serde_json::Value) -> [String; 3] {
    ["as_first", "as_second", "win_rate"].map(|key| {
        report["exact"][key]
            .as_str()
            .unwrap_or_else(|| panic!("exact.{key} in {report}"))
            .to_string()
    })
}

#[test]
fn tiny_goals_give_the_fractions_derived_by_hand() {
    let sandbox = Sandbox::new();
    // Goal 1: every turn scores, so the first mover wins.
    let report = exact_json(&sandbox, &["eval", "always_roll:3", "--goal", "1"]);
    assert_eq!(fractions(&report), ["1/1", "0/1", "1/2"]);
    // Goal 2, one die each: 5/6 + (1/6)(1/6) moving first.
    let report = exact_json(
        &sandbox,
        &[
            "eval",
            "always_roll:1",
            "--vs",
            "always_roll:1",
            "--goal",
            "2",
        ],
    );
    assert_eq!(fractions(&report), ["31/36", "5/36", "1/2"]);
    // Goal 2, optimal against always_roll(4): Free Bacon wins at once moving first; moving
    // second, the opponent's four dice win unless one shows a 1, 1 − (5/6)^4 = 671/1296.
    let report = exact_json(&sandbox, &["eval", "optimal", "--goal", "2"]);
    assert_eq!(fractions(&report), ["1/1", "671/1296", "1967/2592"]);
    // Goal 3, one die each (the steps are in hog/exact.rs): 967/1296.
    let report = exact_json(
        &sandbox,
        &[
            "eval",
            "always_roll:1",
            "--vs",
            "always_roll:1",
            "--goal",
            "3",
        ],
    );
    assert_eq!(fractions(&report), ["967/1296", "329/1296", "1/2"]);
}

#[test]
fn a_strategy_against_itself_is_exactly_one_half() {
    let report = exact_json(
        &Sandbox::new(),
        &["eval", "always_roll:6", "--vs", "always_roll:6"],
    );
    assert_eq!(report["exact"]["win_rate"], "1/2");
    // Both seats' fractions are long and sum to one.
    let first = Fraction::from_str(report["exact"]["as_first"].as_str().unwrap()).unwrap();
    let second = Fraction::from_str(report["exact"]["as_second"].as_str().unwrap()).unwrap();
    assert_eq!(first.complement(), second);
    assert!(first.digits().1 > 700, "{:?}", first.digits());
}

#[test]
fn a_tie_made_on_purpose_is_reported_and_the_table_file_holds_the_fractions() {
    // Goal 2: at 1 : b any roll reaches 2 (a Pig Out scores 1), so all eleven dice counts
    // tie; at 0 : b only Free Bacon is sure.
    let sandbox = Sandbox::new();
    let report = exact_json(
        &sandbox,
        &["solve", "--goal", "2", "--vs", "minimax", "--out", "out"],
    );
    assert_eq!(report["exact"]["first_player_wins"], "1/1");
    let ties = &report["exact_ties"];
    assert_eq!(ties["count"], 2, "{ties}");
    let states = ties["states"].as_array().unwrap();
    for (tie, opponent) in states.iter().zip([0, 1]) {
        assert_eq!(tie["score"], 1);
        assert_eq!(tie["opponent_score"], opponent);
        let named: Vec<String> = (0..=10)
            .map(|n| match n {
                1 => "1 die".to_string(),
                n => format!("{n} dice"),
            })
            .collect();
        assert_eq!(tie["choices"], serde_json::json!(named));
    }
    let file = std::fs::read_to_string(sandbox.join("out/hog_fa20_goal2_minimax.json")).unwrap();
    let file: serde_json::Value = serde_json::from_str(&file).unwrap();
    assert_eq!(file["exact"]["as_first"], "1/1");
    assert_eq!(file["exact"]["first_player_wins"], "1/1");
    // The text says how many ties and lists them.
    let text = sandbox
        .run(&[
            "solve", "--goal", "2", "--vs", "minimax", "--out", "out", "--exact",
        ])
        .success();
    assert!(text.contains("exact ties: 2 states"), "{text}");
    assert!(text.contains("1 : 0: 0 dice, 1 die, 2 dice"), "{text}");
    // A table with fractions loads back (as a strategy to evaluate).
    let again = exact_json(
        &sandbox,
        &[
            "eval",
            "out/hog_fa20_goal2_minimax.json",
            "--goal",
            "2",
            "--vs",
            "always_roll:4",
        ],
    );
    assert_eq!(fractions(&again)[0], "1/1");
}

#[test]
fn every_preset_where_turns_raise_the_total_agrees_with_the_float_engine() {
    let sandbox = Sandbox::new();
    let basic = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/basic-hog.rhai");
    for rules in [
        "hog-fa20",
        "hog-wild",
        "hog-fa19",
        "hog-nju24",
        "hog-digits",
        "hog-fa24",
        "hog-fa17",
        "hog-hogtimus",
        basic,
    ] {
        // Goal 50: every rule fires, and the fractions stay short enough for seconds, not a
        // minute (the default goal's optimum is checked below).
        let report = exact_json(
            &sandbox,
            &["eval", "always_roll:6", "--rules", rules, "--goal", "50"],
        );
        for key in ["as_first", "as_second", "win_rate"] {
            let exact = Fraction::from_str(report["exact"][key].as_str().unwrap()).unwrap();
            let float = report[key].as_f64().unwrap();
            assert!(
                (exact.to_f64() - float).abs() <= 1e-15,
                "{rules} {key}: {exact} against {float}"
            );
        }
    }
    // The optimum too: its exact value and the float one agree, and the choices are exact.
    let report = exact_json(&sandbox, &["solve", "--out", "out"]);
    let exact = Fraction::from_str(report["exact"]["win_rate"].as_str().unwrap()).unwrap();
    assert!((exact.to_f64() - report["win_rate"].as_f64().unwrap()).abs() <= 1e-15);
    assert!(report["exact_ties"]["count"].as_u64().unwrap() > 0);
}

#[test]
fn textbook_hog_gets_fractions_and_rules_that_lower_a_score_are_refused_clearly() {
    let sandbox = Sandbox::new();
    // Textbook Hog to 2, one die each: a 1 passes the turn with the scores as they were, so
    // V = 5/6 + (1/6)(1 − V), 6/7.
    let report = sandbox
        .run(&[
            "eval",
            "always_roll:1",
            "--vs",
            "always_roll:1",
            "--rules",
            "hog-textbook",
            "--goal",
            "2",
            "--exact",
            "--json",
        ])
        .json();
    assert_eq!(report["exact"]["as_first"], "6/7");
    assert_eq!(report["exact"]["as_second"], "1/7");
    let script = sandbox.write(
        "lowers.rhai",
        "let name = \"lowers\";\nlet summary = \"a swap that costs 3\";\n\
         let yardstick = \"always_roll:4\";\nlet goal = parameter(\"goal\", 20);\n\
         fn free_bacon(o) { 5 }\n\
         fn after_turn(m, o) { #{ mover: o, opponent: max(m - 3, 0) } }\n",
    );
    let error = sandbox
        .run(&[
            "eval",
            "always_roll:5",
            "--rules",
            script.to_str().unwrap(),
            "--exact",
        ])
        .failure();
    assert!(
        error.contains("lowers: play can return to a lower total"),
        "{error}"
    );
    assert!(error.contains("--bounds"), "{error}");
    let run = sandbox.run(&["eval", "always_roll:5", "--from", "3,4", "--exact"]);
    assert_eq!(run.code(), Some(2));
    assert!(run.stderr().contains("--from"), "{}", run.stderr());
}

#[test]
fn piglet_and_pig_fractions_match_the_paper_and_the_float_solve() {
    let sandbox = Sandbox::new();
    // Neller & Presser: Piglet to 2, both optimal, P(0, 0, 0) = 4/7.
    let report = exact_json(
        &sandbox,
        &[
            "eval", "minimax", "--vs", "minimax", "--rules", "piglet", "--goal", "2",
        ],
    );
    assert_eq!(fractions(&report), ["4/7", "3/7", "1/2"]);
    assert_eq!(report["exact"]["first_player_wins"], "4/7");
    // Pig to 30 and Piglet to 10: the fractions round to the float values.
    for args in [
        ["solve", "--rules", "pig", "--goal", "30", "--vs", "minimax"],
        [
            "solve",
            "--rules",
            "piglet",
            "--goal",
            "10",
            "--vs",
            "hold_at:2",
        ],
    ] {
        let mut all = args.to_vec();
        all.extend(["--out", "out"]);
        let report = exact_json(&sandbox, &all);
        for key in ["as_first", "as_second", "win_rate"] {
            let exact = Fraction::from_str(report["exact"][key].as_str().unwrap()).unwrap();
            let float = report[key].as_f64().unwrap();
            assert!((exact.to_f64() - float).abs() <= 1e-15, "{args:?} {key}");
        }
    }
    // Against hold_at:2, rolling and holding at 1 : 8 with 2 banked are worth exactly the
    // same; the float values differ in the 17th digit, so only fractions can tell.
    let report = exact_json(&sandbox, &["solve", "--rules", "piglet", "--out", "out"]);
    let ties = report["exact_ties"]["states"].as_array().unwrap();
    assert!(
        ties.iter()
            .any(|t| t["score"] == 1 && t["opponent_score"] == 8 && t["turn_total"] == 2),
        "{ties:?}"
    );
    assert!(
        ties.iter()
            .all(|t| t["choices"] == serde_json::json!(["roll", "hold"]))
    );
}

#[test]
fn two_dice_pig_greed_and_chopsticks_refuse_fractions_and_say_why() {
    let sandbox = Sandbox::new();
    let error = sandbox
        .run(&[
            "eval",
            "hold_at:8",
            "--vs",
            "hold_at:5",
            "--rules",
            "two-dice-pig",
            "--goal",
            "10",
            "--exact",
        ])
        .failure();
    assert!(error.contains("two 1s"), "{error}");
    let error = sandbox
        .run(&["eval", "sample1", "--rules", "greed", "--exact"])
        .failure();
    assert!(error.contains("greed rolls up to 255 dice"), "{error}");
    let error = sandbox
        .run(&["solve", "--rules", "chopsticks", "--exact"])
        .failure();
    assert!(error.contains("no dice"), "{error}");
}

#[test]
fn bounds_hold_the_fractions_and_the_float_values_in_every_game() {
    let sandbox = Sandbox::new();
    let check = |args: &[&str], exact: bool| {
        let mut all = args.to_vec();
        all.extend(["--bounds", "--json"]);
        if exact {
            all.push("--exact");
        }
        let report = sandbox.run(&all).json();
        for key in ["as_first", "as_second", "win_rate"] {
            let [lo, hi] = [0, 1].map(|i| report["bounds"][key][i].as_f64().unwrap());
            let float = report[key].as_f64().unwrap();
            assert!(
                lo <= float && float <= hi,
                "{args:?} {key}: {float} not in [{lo}, {hi}]"
            );
            assert!(hi - lo < 1e-12, "{args:?} {key}: [{lo}, {hi}]");
            if exact {
                let fraction = Fraction::from_str(report["exact"][key].as_str().unwrap()).unwrap();
                let rational = |x: f64| num_rational::BigRational::from_float(x).unwrap();
                assert!(
                    &rational(lo) <= fraction.rational() && fraction.rational() <= &rational(hi)
                );
            }
        }
    };
    check(&["eval", "always_roll:6"], true);
    check(
        &[
            "eval", "minimax", "--vs", "minimax", "--rules", "pig", "--goal", "25",
        ],
        true,
    );
    check(
        &[
            "eval",
            "always_roll:5",
            "--vs",
            "always_roll:3",
            "--rules",
            "hog-textbook",
            "--goal",
            "40",
        ],
        true,
    );

    check(&["eval", "sample1", "--rules", "greed"], false);
    check(
        &[
            "solve",
            "--rules",
            "two-dice-pig",
            "--goal",
            "30",
            "--out",
            "out",
        ],
        false,
    );
    let error = sandbox
        .run(&["solve", "--rules", "chopsticks", "--bounds"])
        .failure();
    assert!(error.contains("no dice"), "{error}");
}
