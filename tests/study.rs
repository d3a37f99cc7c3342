//! `swine study`: a match-up turn by turn, exact, checked by hand, by the backward sweep and by
//! games with real dice.

use crate::util::Sandbox;

/// At goal 1 every turn that rolls a die wins: the game lasts one turn, the first mover wins,
/// and its die shows a 1 (Pig Out, which still scores the 1 point needed) one time in six.
#[test]
fn at_goal_1_a_game_is_one_turn_and_pig_out_happens_one_time_in_six() {
    let sandbox = Sandbox::new();
    let report = sandbox
        .run(&[
            "study",
            "always_roll:1",
            "--vs",
            "always_roll:1",
            "--goal",
            "1",
            "--json",
        ])
        .json();
    for (seating, win) in [("as_first", 1.0), ("as_second", 0.0)] {
        let seat = &report[seating];
        assert!(
            (seat["win"].as_f64().unwrap() - win).abs() < 1e-15,
            "{seat}"
        );
        assert_eq!(seat["turns"]["mean"], 1.0, "{seat}");
        assert_eq!(seat["turns"]["sd"], 0.0, "{seat}");
        assert_eq!(seat["turns"]["quantiles"]["median"], 1, "{seat}");
        let events = seat["rule_events"].as_array().unwrap();
        let rule = |name: &str| {
            events
                .iter()
                .find(|e| e["rule"] == name)
                .unwrap_or_else(|| panic!("no {name} in {seat}"))
        };
        let pig_out = rule("Pig Out");
        assert!((pig_out["per_game"].as_f64().unwrap() - 1.0 / 6.0).abs() < 1e-15);
        assert!((pig_out["at_least_once"].as_f64().unwrap() - 1.0 / 6.0).abs() < 1e-15);
        assert_eq!(rule("Free Bacon")["per_game"], 0.0);
        // No turn can earn another: every turn ends the game.
        assert!(
            !events
                .iter()
                .any(|e| e["rule"] == "Swine Align" || e["rule"] == "Pig Pass"),
            "{seat}"
        );
    }
}

/// The rules a study report counts, in its order (its first seating's).
fn rule_names(report: &serde_json::Value) -> Vec<&str> {
    report["as_first"]["rule_events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["rule"].as_str().unwrap())
        .collect()
}

/// `always_roll:2` against itself in `rules` at goal 1, studied: `study --json`'s report.
fn two_dice_at_goal_1(rules: &str) -> serde_json::Value {
    let args = [
        "study",
        "always_roll:2",
        "--vs",
        "always_roll:2",
        "--rules",
        rules,
        "--goal",
        "1",
        "--json",
    ];
    Sandbox::new().run(&args).json()
}

/// hog-hogtimus at goal 1 with two dice: the scores start at 0 + 0, a multiple of 7, so the
/// dice are four-sided. Of the 16 rolls, 7 show a 1 (Pig Out: six with one 1 score 1, and
/// 1 1 scores 2, which Hogtimus Prime raises to 3); of the 9 without, 2 3, 3 2 (5) and 3 4,
/// 4 3 (7) are prime and rise. Every roll scores, so the game is one turn: Pig Out 7/16,
/// Hogtimus Prime 5/16.
#[test]
fn hogtimus_prime_is_counted_on_the_turns_it_raises_pig_outs_included() {
    let report = two_dice_at_goal_1("hog-hogtimus");
    let seat = &report["as_first"];
    assert_eq!(seat["turns"]["mean"], 1.0, "{seat}");
    let events = seat["rule_events"].as_array().unwrap();
    for (rule, chance) in [("Pig Out", 7.0 / 16.0), ("Hogtimus Prime", 5.0 / 16.0)] {
        let event = events.iter().find(|e| e["rule"] == rule).unwrap();
        for figure in ["per_game", "at_least_once"] {
            let value = event[figure].as_f64().unwrap();
            assert!((value - chance).abs() < 1e-15, "{rule} {figure}: {value}");
        }
    }
}

/// hog-wild at goal 1: 0 + 0 is a multiple of 7, so the first (and only) turn rolls
/// four-sided dice (Hog Wild, once per game); with two of them a 1 shows in 7 of 16 rolls.
/// 0 does not end in 7, the only sum there is: Hog Tied cannot happen, and is not listed.
#[test]
fn hog_wild_and_hog_tied_are_counted_where_they_change_the_roll() {
    let report = two_dice_at_goal_1("hog-wild");
    let events = report["as_first"]["rule_events"].as_array().unwrap();
    let rule = |name: &str| events.iter().find(|e| e["rule"] == name);
    assert_eq!(rule("Hog Wild").unwrap()["per_game"], 1.0);
    assert!(rule("Hog Tied").is_none(), "{events:?}");
    let pig_out = rule("Pig Out").unwrap()["per_game"].as_f64().unwrap();
    assert!((pig_out - 7.0 / 16.0).abs() < 1e-15, "{pig_out}");
}

/// The study's win chances are the backward sweep's (`eval`), seating by seating; the length
/// distribution it writes sums to one and gives its mean; and every figure agrees with games
/// played with real dice within a few standard errors.
#[test]
fn a_study_agrees_with_eval_its_csv_and_games_with_real_dice() {
    let sandbox = Sandbox::new();
    // Two-dice Pig (scores drop to 0: play comes back) at goal 30: at 100 its design measures
    // alone take a minute in the test build.
    for (rules, goal, strategy) in [
        ("hog-fa20", "100", "always_roll:6"),
        // Goal 50: at 100 the design measures' search for the best score table (the rules
        // hide memory) takes 17 s of the test build.
        ("hog-fa19", "50", "swap"),
        ("hog-sp22", "100", "optimal"),
        // Pig Out scored by the 1s and Hogtimus Prime on the turn's points, both counted.
        ("hog-hogtimus", "100", "always_roll:5"),
        // Hog Tied's dice limit and Hog Wild's four-sided dice.
        ("hog-wild", "100", "always_roll:5"),
        // Ties, passes, busts; positions repeat on a roll of 0.
        ("greed", "100", "sample1"),
        ("pig", "100", "optimal"),
        ("two-dice-pig", "30", "hold_at:10"),
        // Farkles, the penalty down to the floor, hot dice; play returns to positions.
        ("farkle", "500", "optimal"),
    ] {
        // Farkle's floor raised from −2500: 15 banked scores, not 60.
        let floor: &[&str] = if rules == "farkle" {
            &["--set", "floor=-250"]
        } else {
            &[]
        };
        let report = sandbox
            .run(
                &[
                    &[
                        "study",
                        strategy,
                        "--rules",
                        rules,
                        "--goal",
                        goal,
                        "--check",
                        "20000",
                        "--csv",
                        "length.csv",
                        "--json",
                    ],
                    floor,
                ]
                .concat(),
            )
            .json();
        let eval = sandbox
            .run(
                &[
                    &["eval", strategy, "--rules", rules, "--goal", goal, "--json"],
                    floor,
                ]
                .concat(),
            )
            .json();
        for (seating, seat) in [("as_first", "first"), ("as_second", "second")] {
            // A game with ties gives each seat's win and tie apart.
            let swept = match eval.get(seat) {
                Some(outcome) => [&outcome["win"], &outcome["tie"]],
                None => [&eval[seating], &serde_json::json!(0.0)],
            };
            for (figure, swept) in ["win", "tie"].into_iter().zip(swept) {
                let studied = report[seating][figure].as_f64().unwrap();
                let swept = swept.as_f64().unwrap();
                // Forward and backward sums round differently: agreement to 1e-10.
                assert!(
                    (studied - swept).abs() < 1e-10,
                    "{rules} {seating} {figure}: {studied} vs {swept}"
                );
            }
        }
        let names = rule_names(&report);
        // hog-fa20: one after-turn hook, two rules told apart by the preset's conditions.
        let expected: &[&str] = match rules {
            "hog-fa20" => &["Free Bacon", "Pig Out", "Pig Pass", "Swine Align"],
            "hog-hogtimus" => &[
                "Free Bacon",
                "Pig Out",
                "Swine Swap",
                "Hogtimus Prime",
                "Hog Wild",
            ],
            "hog-wild" => &["Free Bacon", "Pig Out", "Hog Tied", "Hog Wild"],
            "farkle" => &["farkle", "Farkle penalty"],
            _ => &names,
        };
        assert_eq!(names, expected, "{rules}");
        let z = report["simulated"]["largest_z"].as_f64().unwrap();
        assert!(
            z < 4.5,
            "{rules}: a figure {z} standard errors from the games:\n{report}"
        );
        let csv = std::fs::read_to_string(sandbox.join("length.csv")).unwrap();
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some("turns,as_first,as_second"));
        let (mut total, mut mean) = (0.0, 0.0);
        for line in lines {
            let fields: Vec<f64> = line.split(',').map(|f| f.parse().unwrap()).collect();
            total += fields[1];
            mean += fields[0] * fields[1];
        }
        assert!(
            (total - 1.0).abs() < 1e-12,
            "{rules}: the lengths sum to {total}"
        );
        let reported = report["as_first"]["turns"]["mean"].as_f64().unwrap();
        assert!(
            (mean / total - reported).abs() < 1e-9,
            "{rules}: {mean} vs {reported}"
        );
    }
}

/// A rule script names its rules (`rule_names`); a key it cannot have is refused, naming the
/// file and the key; a game without chance (Chopsticks) is refused in words.
#[test]
fn a_script_names_its_rules_and_a_wrong_key_is_refused() {
    let sandbox = Sandbox::new();
    let script = r#"
let name = "lucky";
let summary = "another turn on a multiple of 7";
let yardstick = "always_roll:4";
let goal = parameter("goal", 100);
let rule_names = #{ extra_turn: "Lucky Streak", free_bacon: "Crisp Bacon" };
fn free_bacon(opponent) { 2 + opponent % 10 }
fn after_turn(mover, opponent) { mover % 7 == 0 }
"#;
    sandbox.write("lucky.rhai", script);
    let report = sandbox
        .run(&["study", "always_roll:0", "--rules", "lucky.rhai", "--json"])
        .json();
    let names = rule_names(&report);
    assert_eq!(names, ["Crisp Bacon", "Pig Out", "Lucky Streak"]);
    // Rolling 0 every turn: Crisp Bacon on every turn of the studied player.
    let bacon = &report["as_first"]["rule_events"][0];
    assert!(bacon["per_game"].as_f64().unwrap() > 5.0, "{bacon}");
    assert_eq!(bacon["at_least_once"], 1.0);

    sandbox.write("typo.rhai", script.replace("extra_turn:", "extra_turns:"));
    let error = sandbox
        .run(&["study", "always_roll:4", "--rules", "typo.rhai"])
        .failure();
    assert!(error.contains("typo.rhai"), "{error}");
    assert!(
        error.contains("rule_names: \"extra_turns\" is none of"),
        "{error}"
    );

    sandbox.write(
        "unknown.rhai",
        script.replace(
            "extra_turn: \"Lucky Streak\"",
            "extra_turn: #{ \"Lucky Streak\": \"lucky_streak\" }",
        ),
    );
    let error = sandbox
        .run(&["study", "always_roll:4", "--rules", "unknown.rhai"])
        .failure();
    assert!(
        error.contains(
            "rule_names: extra_turn: \"Lucky Streak\" names lucky_streak, which the script does \
             not define"
        ),
        "{error}"
    );

    let error = sandbox
        .run(&["study", "optimal", "--rules", "chopsticks"])
        .failure();
    assert!(
        error.contains("chopsticks is a game without chance or strategies to evaluate"),
        "{error}"
    );
}

/// A type slip that makes a rule's condition always false (a number compared with a text is
/// false in rhai, not an error) is named by `rules check`, with what the hook never does; a
/// ruleset whose hooks all act gets no warning, and both list what `study` counts.
#[test]
fn rules_check_warns_of_a_hook_that_never_changes_anything() {
    let sandbox = Sandbox::new();
    let slip = r#"
let name = "slip";
let summary = "a swap that never happens";
let yardstick = "always_roll:4";
let goal = parameter("goal", 100);
fn free_bacon(opponent) { 2 + opponent % 10 }
fn after_turn(mover, opponent) {
    if mover % 10 == opponent % 10 + "x" { #{ mover: opponent, opponent: mover } } else { false }
}
"#;
    sandbox.write("slip.rhai", slip);
    let out = sandbox.run(&["rules", "check", "slip.rhai"]).success();
    assert!(
        out.contains("  study counts Free Bacon, Pig Out\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "warning: fn after_turn never changes anything (is a condition always false?)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("  fn after_turn another turn at 0 and new scores at 0 of "),
        "{out}"
    );
    sandbox.write("fixed.rhai", slip.replace(" + \"x\"", ""));
    let out = sandbox.run(&["rules", "check", "fixed.rhai"]).success();
    assert!(
        out.contains("  study counts Free Bacon, Pig Out, after-turn score change\n"),
        "{out}"
    );
    assert!(!out.contains("warning"), "{out}");
    assert!(!out.contains("new scores at 0 of"), "{out}");
}

/// Piglet at goal 1 is a coin game: heads wins at once, tails passes the turn. So the first
/// mover wins 2/3, a game lasts t turns with probability 2⁻ᵗ (mean 2, sd √2), tails comes up
/// once per game on average and at least once in half of them.
#[test]
fn piglet_at_goal_1_is_a_coin_game() {
    let report = Sandbox::new()
        .run(&[
            "study",
            "hold_at:1",
            "--vs",
            "hold_at:1",
            "--rules",
            "piglet",
            "--goal",
            "1",
            "--json",
        ])
        .json();
    let first = &report["as_first"];
    let near = |value: &serde_json::Value, expected: f64| {
        (value.as_f64().unwrap() - expected).abs() < 1e-12
    };
    assert!(near(&first["win"], 2.0 / 3.0), "{first}");
    assert!(near(&report["as_second"]["win"], 1.0 / 3.0), "{report}");
    assert!(near(&first["turns"]["mean"], 2.0), "{first}");
    assert!(near(&first["turns"]["sd"], 2f64.sqrt()), "{first}");
    let tails = &first["rule_events"][0];
    assert_eq!(tails["rule"], "tails");
    assert!(
        near(&tails["per_game"], 1.0) && near(&tails["at_least_once"], 0.5),
        "{tails}"
    );
    assert_eq!(
        first["rule_events"][1]["per_game"], 0.0,
        "a hold never banks: {first}"
    );
}
