//! Games of more than two players through the binary (`--players N`): the three-player Piglet
//! fractions worked by hand, every seat's chance summing to 1 and agreeing with games played,
//! two players unchanged, and the refusals of the games played by two.

use crate::conformance::conforms;
use crate::util::{Sandbox, fraction, json, number};

/// The list of numbers under `key`.
fn numbers(report: &serde_json::Value, key: &str) -> Vec<f64> {
    report[key]
        .as_array()
        .unwrap_or_else(|| panic!("no {key} in {report}"))
        .iter()
        .map(|n| n.as_f64().expect("a number"))
        .collect()
}

#[test]
fn three_player_piglet_to_two_is_the_hand_worked_fractions() {
    // Every seat rolls until it wins or throws tails (solver/src/pig/seats/tests.rs works it
    // out): with q = ½^(2 − score) per seat, P(k-th mover) = Π(1 − q before it)·q_k / L.
    for (from, expected) in [
        ("0,0,0,0", ["16/37", "12/37", "9/37"]),
        ("0,0,1,0", ["8/23", "6/23", "9/23"]),
        ("1,1,0,0", ["8/13", "4/13", "1/13"]),
    ] {
        let report = json(&[
            "eval",
            "minimax",
            "--vs",
            "minimax",
            "--rules",
            "piglet",
            "--goal",
            "2",
            "--players",
            "3",
            "--from",
            from,
        ]);
        let wins = numbers(&report, "wins");
        for (got, want) in wins.iter().zip(expected) {
            assert!((got - fraction(want)).abs() < 1e-12, "{from}: {wins:?}");
        }
        assert_eq!(report["chosen"], "roll", "{report}");
        assert_eq!(number(&report, "mover_wins"), wins[0]);
    }
}

#[test]
fn every_seats_chance_sums_to_one_and_games_agree_seat_by_seat() {
    let solved = json(&[
        "solve",
        "--rules",
        "pig",
        "--goal",
        "40",
        "--players",
        "3",
        "--vs",
        "minimax",
    ]);
    let seats = numbers(&solved, "seat_wins");
    assert_eq!(seats.len(), 3);
    assert!((seats.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{seats:?}");
    assert!(
        seats[0] > seats[1] && seats[1] > seats[2],
        "moving first helps: {seats:?}"
    );
    assert!(number(&solved, "residual") <= 1e-12);
    let simulated = json(&[
        "simulate",
        "hold_at:12",
        "--vs",
        "optimal",
        "--rules",
        "pig",
        "--goal",
        "40",
        "--players",
        "3",
        "--games",
        "20000",
    ]);
    let z = numbers(&simulated["simulated"], "z");
    assert_eq!(z.len(), 3);
    assert!(z.iter().all(|z| z.abs() < 4.0), "{simulated}");
}

#[test]
fn a_strategy_is_rated_in_every_seat_against_the_others() {
    let report = json(&[
        "eval",
        "optimal",
        "--vs",
        "hold_at:20",
        "--rules",
        "pig",
        "--goal",
        "30",
        "--players",
        "4",
    ]);
    let wins = numbers(&report, "strategy_wins");
    assert_eq!(wins.len(), 4);
    // The best response to three hold_at:20 seats beats a fair share in every seat.
    assert!(wins.iter().all(|&w| w > 0.25), "{wins:?}");
    let mean = wins.iter().sum::<f64>() / 4.0;
    assert!((number(&report, "mean") - mean).abs() < 1e-15);
    for seating in report["seatings"].as_array().unwrap() {
        let seating: Vec<f64> = seating
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_f64().unwrap())
            .collect();
        assert!(
            (seating.iter().sum::<f64>() - 1.0).abs() < 1e-12,
            "{seating:?}"
        );
    }
}

#[test]
fn reports_of_more_than_two_players_are_the_documented_shapes() {
    let sandbox = Sandbox::new();
    for args in [
        &[
            "solve",
            "--rules",
            "piglet",
            "--players",
            "3",
            "--vs",
            "minimax",
            "--json",
        ][..],
        &[
            "eval",
            "hold_at:2",
            "--vs",
            "optimal",
            "--rules",
            "piglet",
            "--players",
            "4",
            "--json",
        ],
        &[
            "simulate",
            "hold_at:2",
            "--rules",
            "piglet",
            "--players",
            "3",
            "--games",
            "1000",
            "--json",
        ],
    ] {
        let out = sandbox.run(args).success();
        conforms(&out, &["heading", "seats"], &args.join(" "));
    }
    let out = sandbox
        .run(&[
            "eval",
            "optimal",
            "--vs",
            "minimax",
            "--rules",
            "piglet",
            "--players",
            "3",
            "--from",
            "1,2,3,0",
            "--json",
        ])
        .success();
    conforms(&out, &["heading", "position"], "eval --from with 3 players");
}

#[test]
fn two_players_asked_for_are_the_two_player_game() {
    let plain = json(&[
        "eval", "minimax", "--vs", "minimax", "--rules", "pig", "--goal", "50", "--from", "10,20,5",
    ]);
    let asked = json(&[
        "eval",
        "minimax",
        "--vs",
        "minimax",
        "--rules",
        "pig",
        "--goal",
        "50",
        "--players",
        "2",
        "--from",
        "10,20,5",
    ]);
    assert_eq!(plain, asked);
    // Every game takes `--players 2` (its own rules never see the number of players).
    for rules in [
        &["--rules", "farkle", "--goal", "300"][..],
        &["--rules", "greed"],
        &["--rules", "hog-fa20"],
    ] {
        let args = |players: bool| {
            let mut args = vec!["eval", "optimal", "--vs", "optimal"];
            args.extend_from_slice(rules);
            if players {
                args.extend_from_slice(&["--players", "2"]);
            }
            args
        };
        assert_eq!(json(&args(false)), json(&args(true)), "{rules:?}");
    }
}

#[test]
fn games_played_by_two_refuse_more_and_say_why() {
    let sandbox = Sandbox::new();
    let hog = sandbox
        .run(&["solve", "--rules", "hog-fa20", "--players", "3"])
        .failure();
    assert!(hog.contains("hog-fa20 is played by 2 players"), "{hog}");
    assert!(
        hog.contains("Free Bacon reads the opponent's score"),
        "{hog}"
    );
    let seven = sandbox
        .run(&["solve", "--rules", "pig", "--players", "7"])
        .failure();
    assert!(seven.contains("pig is played by 2 to 6 players"), "{seven}");
    let from = sandbox
        .run(&[
            "eval",
            "optimal",
            "--vs",
            "minimax",
            "--rules",
            "pig",
            "--players",
            "3",
            "--from",
            "1,2,3",
        ])
        .failure();
    assert!(from.contains("NEXT_2") || from.contains("next_2"), "{from}");
}

/// Yahtzee's cards at Hasbro's rules with the upper bonus at 5 points (a tenth of the cards:
/// the tests hold for any rules), for `players` players.
fn small_yahtzee(players: &str) -> Vec<&str> {
    vec![
        "--rules",
        "yahtzee",
        "--set",
        "upper_threshold=5",
        "--players",
        players,
    ]
}

#[test]
fn yahtzee_cards_share_one_win_and_games_agree_seat_by_seat() {
    let sandbox = Sandbox::new();
    let run = |args: &[&str], players: &str| {
        let mut all = args.to_vec();
        all.extend(small_yahtzee(players));
        all.push("--json");
        sandbox.run(&all).json()
    };
    // Every seat optimal: each seat's chance alike, summing to 1, and no fixpoint to report.
    let alike = run(&["solve"], "4");
    let seats = numbers(&alike, "seat_wins");
    assert_eq!(seats.len(), 4);
    assert!(seats.iter().all(|&p| p == seats[0]), "{seats:?}");
    assert!((seats.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{seats:?}");
    assert!(alike.get("residual").is_none(), "{alike}");
    conforms(&alike.to_string(), &["heading", "seats"], "yahtzee solve");
    // The optimum in each seat against the rule of thumb: the same in every seat (the cards
    // are played apart), more than a fair share, less than its duel, each seating summing to 1.
    let rated = run(&["eval", "optimal", "--vs", "thumb"], "3");
    let wins = numbers(&rated, "strategy_wins");
    assert!(wins.iter().all(|&p| p == wins[0]), "{wins:?}");
    let duel = run(&["eval", "optimal", "--vs", "thumb"], "2");
    assert!(
        1.0 / 3.0 < wins[0] && wins[0] < number(&duel, "win_rate"),
        "{wins:?}"
    );
    for seating in rated["seatings"].as_array().expect("seatings") {
        let sum: f64 = seating
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|p| p.as_f64())
            .sum();
        assert!((sum - 1.0).abs() < 1e-12, "{seating}");
    }
    // Games of three cards, every seating, within their interval seat by seat.
    let played = run(
        &["simulate", "optimal", "--vs", "thumb", "--games", "400"],
        "3",
    );
    assert_eq!(numbers(&played, "strategy_wins"), wins);
    let z = numbers(&played["simulated"], "z");
    assert_eq!(z.len(), 3);
    assert!(z.iter().all(|z| z.abs() < 4.0), "{z:?}");
    conforms(
        &played.to_string(),
        &["heading", "seats"],
        "yahtzee simulate",
    );
}

#[test]
fn yahtzee_for_two_through_players_is_the_duel_and_more_refuse_what_needs_two() {
    let sandbox = Sandbox::new();
    let duel = |players: Option<&str>| {
        let mut args = vec!["eval", "optimal", "--vs", "thumb", "--json"];
        args.extend(small_yahtzee(players.unwrap_or("2")));
        if players.is_none() {
            args.truncate(args.len() - 2);
        }
        sandbox.run(&args).json()
    };
    assert_eq!(duel(None), duel(Some("2")));
    let mut study = vec!["study", "optimal", "--vs", "thumb"];
    study.extend(small_yahtzee("3"));
    let refused = sandbox.run(&study).failure();
    assert!(
        refused.contains("with 3 players answers solve, eval"),
        "{refused}"
    );
    let mut seven = vec!["solve"];
    seven.extend(small_yahtzee("7"));
    let refused = sandbox.run(&seven).failure();
    assert!(
        refused.contains("yahtzee is played by 1 to 6 players"),
        "{refused}"
    );
    // Yatzy, a ruleset of the same game, takes the players too.
    let yatzy = json(&["solve", "--rules", "yatzy", "--players", "3"]);
    let seats = numbers(&yatzy, "seat_wins");
    assert_eq!(seats.len(), 3);
    assert!((seats.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{seats:?}");
}
