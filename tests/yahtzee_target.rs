//! Yahtzee's `target:T` through the real binary: a position valued by hand in P(final score ≥
//! T), the whole game against the optimum (more often at the target, fewer points on average),
//! games played agreeing with it, and bad targets refused.

use crate::util::{Sandbox, number};

/// Every box but Chance filled with 0 and a target of 27: with 6 6 4 1 1 and one roll left,
/// keeping 6 6 reaches 27 when three dice show 15 or more (20/216), keeping 6 6 4 when two show
/// 11 or more (3/36, less), though the optimum (the highest expected score) keeps the 4;
/// with no rolls left the dice score 18 in Chance, short of 27.
#[test]
fn a_target_values_a_position_in_its_chance_of_reaching_it() {
    let sandbox = Sandbox::new();
    let all_but_chance = "ones=0,twos=0,threes=0,fours=0,fives=0,sixes=0,three_of_a_kind=0,\
                          four_of_a_kind=0,full_house=0,small_straight=0,large_straight=0,yahtzee=0";
    let eval = |strategy: &str, rolls_left: &str| {
        sandbox
            .run(&[
                "eval",
                strategy,
                "--rules",
                "yahtzee",
                "--json",
                "--from",
                all_but_chance,
                "--dice",
                "6,6,4,1,1",
                "--rolls-left",
                rolls_left,
            ])
            .json()
    };
    let report = eval("target:27", "1");
    assert_eq!(report["chosen"], "keep 6 6", "{report}");
    assert!(
        (number(&report, "value") - 20.0 / 216.0).abs() < 1e-15,
        "{report}"
    );
    let choices = report["choices"].as_array().expect("choices");
    let kept = choices
        .iter()
        .find(|c| c["choice"] == "keep 4 6 6")
        .expect("keep 4 6 6 listed");
    assert!(
        (number(kept, "value") - 3.0 / 36.0).abs() < 1e-15,
        "{report}"
    );
    let optimal = eval("optimal", "1");
    assert_eq!(optimal["chosen"], "keep 4 6 6", "{optimal}");
    let placed = eval("target:27", "0");
    assert_eq!(placed["chosen"], "Chance");
    assert_eq!(number(&placed, "value"), 0.0, "{placed}");
    let reached = eval("target:18", "0");
    assert_eq!(number(&reached, "value"), 1.0, "{reached}");
}

/// A target a game cannot reach, a target that is no number, and a duel of a target are
/// refused, saying why.
#[test]
fn bad_targets_are_refused() {
    let sandbox = Sandbox::new();
    for (args, said) in [
        (
            vec!["eval", "target:1576", "--rules", "yahtzee"],
            "target:1576: a target is target:T, T a whole number of points from 0 to 1575",
        ),
        (
            vec!["eval", "target:lots", "--rules", "yahtzee"],
            "target:lots: a target is target:T",
        ),
        (
            vec!["study", "target:300", "--rules", "yahtzee"],
            "target:300: a target is valued alone or in an exact duel",
        ),
    ] {
        let stderr = sandbox.run(&args).failure();
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
}

/// A target's final score from a card between turns: the distribution pushed forward reaches
/// the target as often as the backward solve says (two paths), from a card with Chance alone
/// open; within a turn it is refused in words.
#[test]
fn a_targets_distribution_from_a_card_agrees_with_its_solve() {
    let sandbox = Sandbox::new();
    let all_but_chance = "ones=0,twos=0,threes=0,fours=0,fives=0,sixes=0,three_of_a_kind=0,\
                          four_of_a_kind=0,full_house=0,small_straight=0,large_straight=0,yahtzee=0";
    let report = sandbox
        .run(&[
            "eval",
            "target:27",
            "--rules",
            "yahtzee",
            "--from",
            all_but_chance,
            "--distribution",
            "--json",
        ])
        .json();
    let at_least: Vec<f64> = report["at_least"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    let p = report["p_at_least"].as_f64().unwrap();
    assert!((at_least[27] - p).abs() < 1e-12, "{report}");
    assert!(p > 0.1 && p < 0.5, "{report}");
    assert_eq!(at_least[0], 1.0);
    let refused = sandbox
        .run(&[
            "eval",
            "target:27",
            "--rules",
            "yahtzee",
            "--from",
            all_but_chance,
            "--dice",
            "6,6,4,1,1",
            "--distribution",
        ])
        .failure();
    assert!(
        refused.contains("within a turn (--dice) is not worked out"),
        "{refused}"
    );
}
