//! `swine play` for Hog and Greed, and the transcripts and estimates of `swine simulate`,
//! through the real binary.

use crate::util::Sandbox;

/// The digits of `value` to six places, as `play` prints its hints.
fn six(value: f64) -> String {
    format!("{value:.6}")
}

/// The exact numbers `swine eval` prints as JSON.
fn eval(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["eval"];
    all.extend(args);
    all.push("--json");
    Sandbox::new().run(&all).json()
}

#[test]
fn a_hog_game_hints_re_asks_and_ends_with_the_input() {
    let out = Sandbox::new()
        .run_with_input(
            &["play", "--seed", "7", "--vs", "always_roll:4"],
            "x\n11\n4\n",
        )
        .success();
    // The best choice at 0 : 0 is worth the optimal strategy's exact value moving first.
    let optimal = eval(&["optimal", "--vs", "always_roll:4"]);
    let first = optimal["as_first"].as_f64().unwrap();
    let best = format!("   Roll 6  {}  <- best", six(first));
    assert!(out.contains(&best), "{out}");
    assert_eq!(out.matches("<- best").count(), 2, "{out}");
    assert!(out.contains("Free Bacon would give 6."), "{out}");
    assert!(out.contains("'x' is not a choice: enter a number from 0 to 10."));
    assert!(out.contains("'11' is not a choice: enter a number from 0 to 10."));
    // The answer typed is not echoed: the turn is told after the question.
    assert!(
        out.contains("(0 to 10)?   Player 0 rolls 4 dice: "),
        "{out}"
    );
    assert!(
        out.contains("The computer's turn.\n  Player 1 rolls 4 dice: "),
        "{out}"
    );
    assert!(
        out.ends_with("No more input: the game is abandoned.\n"),
        "{out}"
    );
}

/// `--answers` plays the given answers first, echoed as if typed, then reads the terminal: the
/// same game as typing them all.
#[test]
fn given_answers_play_the_game_typed_answers_play() {
    let sandbox = Sandbox::new();
    let game = ["play", "--seed", "7", "--vs", "always_roll:4"];
    let typed = sandbox.run_with_input(&game, "6\n0\n3\n").success();
    let mut with_answers = game.to_vec();
    with_answers.extend(["--answers", "6,0"]);
    let given = sandbox.run_with_input(&with_answers, "3\n").success();
    assert!(
        given.contains("How many dice (0 to 10)? 6\n  Player 0 rolls 6 dice: "),
        "{given}"
    );
    let unechoed = given.replacen("(0 to 10)? 6\n", "(0 to 10)? ", 1).replacen(
        "(0 to 10)? 0\n",
        "(0 to 10)? ",
        1,
    );
    assert_eq!(unechoed, typed);
    let chopsticks = sandbox
        .run_with_input(
            &[
                "play",
                "--rules",
                "chopsticks",
                "--moves",
                "2",
                "--answers",
                "yes,3,0",
            ],
            "",
        )
        .success();
    assert!(
        chopsticks.contains("Do you want to go first? yes\n"),
        "{chopsticks}"
    );
    assert!(chopsticks.ends_with("B wins.\n"), "{chopsticks}");
}

#[test]
fn a_hog_game_without_hints_shows_the_rules_about_to_apply() {
    let out = Sandbox::new()
        .run_with_input(
            &["play", "--rules", "hog-wild", "--no-hints", "--seed", "1"],
            "",
        )
        .success();
    // 0 : 0 is a multiple of 7: four-sided dice; Free Bacon is 1 + the tens digit, 1.
    assert!(
        out.contains("Free Bacon would give 1; the dice are 4-sided."),
        "{out}"
    );
    assert!(!out.contains("<- best"));
    assert!(
        out.ends_with("No more input: the game is abandoned.\n"),
        "{out}"
    );
}

#[test]
fn a_greed_game_hints_the_best_counts_and_passing() {
    let out = Sandbox::new()
        .run_with_input(&["play", "--rules", "greed", "--seed", "2"], "abc\n3\n")
        .success();
    // Against perfect play, the best first move is worth the minimax value moving first.
    let minimax = eval(&["minimax", "--vs", "minimax", "--rules", "greed"]);
    let first = minimax["as_first"].as_f64().unwrap();
    assert!(
        out.contains(&format!("  Roll 32  {}  <- best", six(first))),
        "{out}"
    );
    assert!(out.contains("\n     Pass  "), "{out}");
    assert!(out.contains("'abc' is not a choice: enter a number from 0 to 255."));
    assert!(
        out.contains("up to 255)?   Player 1 rolls 3 dice: "),
        "{out}"
    );
    assert!(
        out.contains("That's the biggest gain yet for Player 1"),
        "{out}"
    );
    assert!(
        out.ends_with("No more input: the game is abandoned.\n"),
        "{out}"
    );
}

#[test]
fn transcripts_repeat_with_the_seed_whatever_the_jobs() {
    let sandbox = Sandbox::new();
    let presets = swine_solver::hog::presets::PRESETS.map(|p| p.name);
    for rules in presets.into_iter().chain(["greed"]) {
        let args = |jobs: &'static str| {
            vec![
                "simulate",
                "optimal",
                "--rules",
                rules,
                "--games",
                "1",
                "--seed",
                "4",
                "--transcript",
                "--jobs",
                jobs,
            ]
        };
        let one = sandbox.run(&args("1")).success();
        assert_eq!(one, sandbox.run(&args("2")).success(), "{rules}");
        assert!(one.contains("takes the lead by"), "{rules}: {one}");
        assert!(
            one.contains("That's the biggest gain yet for Player"),
            "{rules}"
        );
        assert!(
            one.contains(" wins") || one.contains("a tie"),
            "{rules}: {one}"
        );
    }
}

#[test]
fn estimates_carry_errors_from_the_exact_probabilities_and_their_z() {
    let sandbox = Sandbox::new();
    for rules in ["hog-fa20", "greed"] {
        // One game per seat: the error is that of one game at the exact probability, never 0.
        let args = [
            "simulate", "optimal", "--rules", rules, "--games", "1", "--json",
        ];
        let report = sandbox.run(&args).json();
        for key in ["win_rate", "as_first", "as_second"] {
            let simulated = report["simulated"][key].as_f64().unwrap();
            let exact = report["exact"][key].as_f64().unwrap();
            let error = report["standard_error"][key].as_f64().unwrap();
            let z = report["z"][key].as_f64().unwrap();
            assert!(error > 0.1, "{rules} {key}: {error}");
            approx::assert_abs_diff_eq!(z, (simulated - exact) / error, epsilon = 1e-12);
        }
        let first = report["exact"]["as_first"].as_f64().unwrap();
        if rules == "hog-fa20" {
            let one_game = (first * (1.0 - first)).sqrt();
            approx::assert_abs_diff_eq!(
                report["standard_error"]["as_first"].as_f64().unwrap(),
                one_game,
                epsilon = 1e-15
            );
        } else {
            assert!(report["z"]["tie"].is_number(), "{report}");
        }
    }
    // The same seed gives the same estimates on one thread or two.
    let many = |jobs| {
        sandbox
            .run(&[
                "simulate", "bacon", "--games", "30000", "--jobs", jobs, "--json",
            ])
            .stdout()
    };
    assert_eq!(many("1"), many("2"));
}
