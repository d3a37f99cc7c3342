//! Greed through the library: exact values against an independent rational solver, the
//! invariants every solve must satisfy, the dice cap, and Monte Carlo agreement.

use swine_solver::game::simulate::simulate;
use swine_solver::greed::{
    Greed, Player, Plays, Policy, Strategy, evaluate, play, position, solve, solve_against,
};
use swine_solver::outcome::{Outcome, SeatOutcome};

/// A fraction `NUM/DEN` of any size as the nearest `f64` (to about 1e-16 relative).
fn big_fraction(text: &str) -> f64 {
    let (num, den) = text.split_once('/').expect("a fraction NUM/DEN");
    let leading = |digits: &str| -> (f64, i32) {
        let head = &digits[..digits.len().min(18)];
        (
            head.parse::<f64>().unwrap(),
            (digits.len() - head.len()) as i32,
        )
    };
    let ((n, n_shift), (d, d_shift)) = (leading(num), leading(den));
    if n == 0.0 {
        return 0.0;
    }
    n / d * 10f64.powi(n_shift - d_shift)
}

/// One line of `tests/data/greed_golden.txt`: its words and its `key=NUM/DEN` values.
struct Line {
    words: Vec<String>,
    values: std::collections::HashMap<String, f64>,
}

fn golden() -> Vec<Line> {
    include_str!("data/greed_golden.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut words = Vec::new();
            let mut values = std::collections::HashMap::new();
            for field in line.split_whitespace() {
                match field.split_once('=') {
                    Some((key, value)) if value.contains('/') => {
                        values.insert(key.to_string(), big_fraction(value));
                    }
                    _ => words.push(field.to_string()),
                }
            }
            Line { words, values }
        })
        .collect()
}

/// `a` and `b` agree to 1e-13 relative, or 1e-15 absolute for tiny values.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-15 + 1e-13 * b.abs()
}

fn assert_seat(found: SeatOutcome, line: &Line, what: &str) {
    for (name, value) in [("win", found.win), ("tie", found.tie), ("loss", found.loss)] {
        let expected = line.values[name];
        assert!(
            close(value, expected),
            "{what}: {name} is {value:e}, the rational solver says {expected:e}"
        );
    }
}

fn seat(outcome: &Outcome, which: &str) -> SeatOutcome {
    if which == "first" {
        outcome.first
    } else {
        outcome.second
    }
}

fn limit_of(word: &str) -> u32 {
    word.strip_prefix("L=").unwrap().parse().unwrap()
}

#[test]
fn every_value_agrees_with_the_rational_reference_solver() {
    let lines = golden();
    assert!(lines.len() >= 60, "the golden file lost lines");
    for line in &lines {
        let w: Vec<&str> = line.words.iter().map(String::as_str).collect();
        let game = Greed::new(limit_of(w[1])).unwrap();
        let what = w.join(" ");
        match w[0] {
            "eval" => {
                let a = Strategy::parse(w[2], &game).unwrap();
                let b = Strategy::parse(w[3], &game).unwrap();
                let played = play(&game, &a, &b).unwrap();
                assert_seat(seat(&played.outcome, w[4]), line, &what);
            }
            "best" => {
                let vs = Strategy::parse(w[2].strip_prefix("vs=").unwrap(), &game).unwrap();
                let solved = solve_against(&game, &vs).unwrap();
                let found = seat(&solved.outcome, w[3]);
                assert_seat(found, line, &what);
                assert!(close(found.value(), line.values["value"]), "{what}: value");
            }
            "minimax" => {
                let minimax = Strategy::parse("minimax", &game).unwrap();
                let solved = solve_against(&game, &minimax).unwrap();
                assert_seat(solved.outcome.first, line, &what);
                let value = solved.first_player_wins.unwrap();
                assert!(close(value, line.values["value"]), "{what}: {value}");
            }
            "lastturn" => {
                // own=a opp=b passed=1 n=N: the optimiser's last-turn choice and value.
                let number =
                    |i: usize| -> usize { w[i].split_once('=').unwrap().1.parse().unwrap() };
                let (own, opponent, n) = (number(2), number(3), number(5));
                let sample2 = Player::Fixed(Policy::from_fn(&game, |_, _, _| 0));
                let solution = solve(&game, [&Player::Optimising, &sample2]).unwrap();
                let state = game.state(own, opponent, true);
                assert_eq!(usize::from(solution.policy(0).dice(state)), n, "{what}");
                let value = solution.value(0, state);
                assert!(close(value, line.values["value"]), "{what}: {value}");
            }
            other => panic!("unknown golden line kind {other}"),
        }
    }
}

#[test]
fn last_turn_decisions_worked_by_hand() {
    // RULES.md: at 95 against 97 after a pass, one die ties with a 2 (1/6) and wins with 3, 4
    // or 5 (3/6): 7/12; two dice: 11/24; passing loses. 90 : 90: pass ties (1/2), one die
    // wins unless it shows 0 (5/6 + 1/12 = 11/12), two dice win unless both show 0 or they
    // total 11 or more... and bust never: 2 dice reach at most 10, so 35/36 + 1/72 = 71/72.
    let game = Greed::new(100).unwrap();
    let passive = Player::Fixed(Policy::from_fn(&game, |_, _, _| 0));
    let solution = solve(&game, [&Player::Optimising, &passive]).unwrap();
    let at = |own, opponent| {
        let state = game.state(own, opponent, true);
        (solution.policy(0).dice(state), solution.value(0, state))
    };
    assert_eq!(at(95, 97).0, 1);
    approx::assert_abs_diff_eq!(at(95, 97).1, 7.0 / 12.0, epsilon = 1e-15);
    assert_eq!(at(90, 90).0, 2);
    approx::assert_abs_diff_eq!(at(90, 90).1, 71.0 / 72.0, epsilon = 1e-15);
    // At 100 against anything lower, passing wins outright: no dice count beats it.
    assert_eq!(at(100, 99), (0, 1.0));
}

#[test]
fn a_strategy_against_itself_wins_exactly_half() {
    let game = Greed::new(100).unwrap();
    for spec in ["sample1", "sample2", "improve:sample1", "optimal"] {
        let a = Strategy::parse(spec, &game).unwrap();
        let played = play(&game, &a, &a).unwrap();
        assert_eq!(played.outcome.win_rate(), 0.5, "{spec}");
    }
}

/// Sums of probabilities can round a hair past 1; a position shows no such value: not its
/// own, and not its choices' (optimal against sample2 at limit 30 wins almost surely, and
/// three of its choices summed to 1 + 2^-52).
#[test]
fn every_value_a_position_shows_is_a_probability() {
    let game = Greed::new(30).unwrap();
    let optimal = Strategy::parse("optimal", &game).unwrap();
    let sample2 = Strategy::parse("sample2", &game).unwrap();
    for state in [(0, 0, false), (15, 29, false), (15, 0, false)] {
        let at = position(&game, &optimal, &sample2, state).unwrap();
        assert!((0.0..=1.0).contains(&at.outcome.value()), "{state:?}");
        for (n, value) in at.choices {
            assert!((0.0..=1.0).contains(&value), "{state:?}, {n} dice: {value}");
        }
    }
}

#[test]
fn win_tie_and_loss_add_up_to_one_through_separate_sums() {
    // Loss comes from the busts and the totals below the opponent's score, win and tie from
    // other sums: their total is a check, not a construction.
    let game = Greed::new(100).unwrap();
    for (a, b) in [
        ("sample1", "sample2"),
        ("optimal", "sample1"),
        ("minimax", "minimax"),
    ] {
        let a = Strategy::parse(a, &game).unwrap();
        let b = Strategy::parse(b, &game).unwrap();
        let outcome = play(&game, &a, &b).unwrap().outcome;
        for seat in [outcome.first, outcome.second] {
            approx::assert_abs_diff_eq!(seat.win + seat.tie + seat.loss, 1.0, epsilon = 1e-14);
        }
    }
}

#[test]
fn the_best_response_beats_every_fixed_strategy_tried() {
    let game = Greed::new(100).unwrap();
    let parse = |spec: &str| Strategy::parse(spec, &game).unwrap();
    for opponent in ["sample1", "sample2"] {
        let best = solve_against(&game, &parse(opponent)).unwrap();
        let best_rate = best.outcome.win_rate();
        assert!(best_rate > 0.5, "optimal beats {opponent}");
        for other in ["sample1", "sample2", "improve:sample1", "improve:sample2"] {
            let rate = play(&game, &parse(other), &parse(opponent))
                .unwrap()
                .outcome
                .win_rate();
            assert!(
                best_rate > rate,
                "{other} ({rate}) beats optimal ({best_rate}) vs {opponent}"
            );
        }
    }
    // The assignment: sample2 consistently beats sample1.
    let rate = play(&game, &parse("sample2"), &parse("sample1"))
        .unwrap()
        .outcome
        .win_rate();
    assert!(rate > 0.5);
}

#[test]
fn the_optimisers_values_equal_the_exact_evaluation_of_its_policy() {
    // Values from the optimising sweep, W/T/L from evaluating the policy it chose: two
    // computations that must meet.
    let game = Greed::new(100).unwrap();
    let sample1 = Strategy::parse("sample1", &game).unwrap();
    let solution = solve(&game, [&Player::Optimising, sample1.player()]).unwrap();
    let Player::Fixed(opponent) = sample1.player() else {
        unreachable!()
    };
    let (outcome, residual) = evaluate(&game, [&solution.policy(0), opponent]).unwrap();
    let [first, second] = solution.start_values();
    approx::assert_abs_diff_eq!(first, outcome.as_first(), epsilon = 1e-14);
    approx::assert_abs_diff_eq!(second, outcome.as_second(), epsilon = 1e-14);
    assert!(solution.residual() < 1e-14 && residual < 1e-14);
}

#[test]
fn the_best_response_to_minimax_scores_exactly_the_minimax_value() {
    let game = Greed::new(100).unwrap();
    let minimax = solve_against(&game, &Strategy::parse("minimax", &game).unwrap()).unwrap();
    let table = Strategy::from_table("minimax", &minimax.file.table, &game);
    let exploit = solve_against(&game, &table).unwrap();
    // The best response can do no better than the minimax value from either seat...
    approx::assert_abs_diff_eq!(
        exploit.outcome.win_rate(),
        minimax.outcome.win_rate(),
        epsilon = 1e-12
    );
    approx::assert_abs_diff_eq!(
        exploit.outcome.as_first(),
        minimax.first_player_wins.unwrap(),
        epsilon = 1e-12
    );
    // ... and the minimax table against itself gives the first player its value.
    let played = play(&game, &table, &table).unwrap();
    assert_eq!(played.outcome.as_first(), minimax.outcome.as_first());
}

#[test]
fn raising_the_dice_cap_changes_no_value() {
    // RULES.md's generous cap, 2·(101 − own) dice, against the solver's own.
    let game = Greed::new(100).unwrap();
    let wide = Greed::with_caps(100, |room| Some((2 * (room + 1)).min(255) as u8)).unwrap();
    let sample2 = Strategy::parse("sample2", &game).unwrap();
    for players in [
        [&Player::Optimising, sample2.player()],
        [&Player::Optimising, &Player::Optimising],
    ] {
        let narrow = solve(&game, players).unwrap();
        let broad = solve(&wide, players).unwrap();
        let mut largest: f64 = 0.0;
        for state in 0..game.states() {
            for seat in 0..2 {
                largest = largest.max((narrow.value(seat, state) - broad.value(seat, state)).abs());
            }
        }
        assert!(
            largest <= 1e-15,
            "raising the cap moved a value by {largest:e}"
        );
    }
}

#[test]
fn near_ties_do_not_stop_the_solve() {
    // Opponents that roll one die until some score, then pass: the optimiser's best counts at
    // (5, 42) are within 1e-15 of each other and once made policy iteration flip between them.
    let game = Greed::new(100).unwrap();
    for threshold in [60, 70, 80, 90, 101] {
        let policy = Policy::from_fn(&game, |own, _, _| u8::from(own <= threshold));
        let table =
            swine_solver::table::Table::new(game.schema(), policy.to_table(&game).into_dyn())
                .unwrap();
        let opponent = Strategy::from_table("one die", &table, &game);
        let best = solve_against(&game, &opponent).unwrap();
        assert!(
            best.residual <= 2e-15,
            "{threshold}: residual {}",
            best.residual
        );
        let optimal = Strategy::parse("optimal", &game).unwrap();
        let reversed = play(&game, &opponent, &optimal).unwrap();
        approx::assert_abs_diff_eq!(
            reversed.outcome.win_rate(),
            1.0 - best.outcome.win_rate(),
            epsilon = 1e-14
        );
    }
}

#[test]
fn improve_wraps_a_table_file() {
    let sandbox = crate::util::Sandbox::new();
    sandbox
        .run(&[
            "solve", "--rules", "greed", "--vs", "sample1", "--format", "csv",
        ])
        .success();
    let table = "swine-out/greed_optimal_vs_sample1.csv";
    let text = sandbox
        .run(&[
            "eval",
            &format!("improve:{table}"),
            "--rules",
            "greed",
            "--vs",
            "sample1",
        ])
        .success();
    assert!(text.starts_with(&format!(
        "greed, limit 100: improve:{table} against sample1"
    )));
}

#[test]
fn tiny_limits_are_solved_too() {
    // Limit 1: from 0 : 0 both players pass (a roll risks going over), a certain tie.
    let game = Greed::new(1).unwrap();
    let minimax = solve_against(&game, &Strategy::parse("minimax", &game).unwrap()).unwrap();
    assert_eq!(minimax.first_player_wins, Some(0.5));
    assert_eq!(minimax.file.table.dice[[0, 0, 0]], 0);
}

/// Games per seat for the Monte Carlo checks.
const GAMES: u64 = 40_000;

fn simulation_agrees(a: &str, b: &str, seed: u64) {
    let game = Greed::new(100).unwrap();
    let a = Strategy::parse(a, &game).unwrap();
    let b = Strategy::parse(b, &game).unwrap();
    let played = play(&game, &a, &b).unwrap();
    let [first, second] = played.policies.each_ref().map(|policy| Plays {
        greed: &game,
        policy,
    });
    let simulation = simulate(&game, [&first, &second], (GAMES, seed), &|_: u64| {});
    for (tally, exact, seat) in [
        (simulation.first, played.outcome.first, "first"),
        (simulation.second, played.outcome.second, "second"),
    ] {
        let observed = tally.frequencies();
        for (name, p, q) in [
            ("win", observed.win, exact.win),
            ("tie", observed.tie, exact.tie),
            ("value", tally.value(), exact.value()),
        ] {
            // The error of the exact probability: no zero error from a lucky count.
            let variance = if name == "value" {
                exact.win + exact.tie / 4.0 - exact.value().powi(2)
            } else {
                q * (1.0 - q)
            };
            let z = (p - q) / (variance / GAMES as f64).sqrt();
            assert!(
                z.abs() <= 4.5,
                "{} vs {} moving {seat}: {name} simulated {p}, exact {q}, {z:.2} standard errors",
                a.name(),
                b.name()
            );
        }
    }
}

#[test]
fn simulation_agrees_sample2_against_sample1() {
    simulation_agrees("sample2", "sample1", 1);
}

#[test]
fn simulation_agrees_optimal_against_sample2() {
    simulation_agrees("optimal", "sample2", 2);
}

#[test]
fn simulation_agrees_minimax() {
    simulation_agrees("minimax", "minimax", 3);
}

#[test]
fn simulation_agrees_optimal_against_sample1() {
    simulation_agrees("optimal", "improve:sample1", 4);
}

mod through_the_binary {
    use crate::util::Sandbox;

    /// The digits of a JSON number as printed.
    fn raw<'a>(json: &'a str, key: &str) -> &'a str {
        let start = json.find(&format!("\"{key}\": ")).expect("key present") + key.len() + 4;
        let rest = &json[start..];
        &rest[..rest.find([',', '\n']).expect("number ends")]
    }

    #[test]
    fn solve_reports_win_tie_and_loss_per_seat_and_writes_every_format() {
        let sandbox = Sandbox::new();
        let run = sandbox.run(&["solve", "--rules", "greed", "--json"]);
        let json = run.json();
        assert_eq!(json["rules"], "greed");
        assert_eq!(json["opponent"], "sample2");
        let number = |v: &serde_json::Value| v.as_f64().unwrap();
        let (win, tie, loss) = (
            number(&json["win"]),
            number(&json["tie"]),
            number(&json["loss"]),
        );
        approx::assert_abs_diff_eq!(win + tie + loss, 1.0, epsilon = 1e-14);
        approx::assert_abs_diff_eq!(number(&json["win_rate"]), win + tie / 2.0, epsilon = 1e-15);
        for seat in ["first", "second"] {
            for key in ["win", "tie", "loss"] {
                assert!(json[seat][key].is_number(), "{seat}.{key} in {json}");
            }
        }
        assert!(number(&json["residual"]) < 1e-14);
        let stem = "greed_optimal_vs_sample2";
        let expected: Vec<String> = ["bin", "csv", "json", "npy", "py"]
            .iter()
            .map(|ext| format!("{stem}.{ext}"))
            .collect();
        assert_eq!(sandbox.files("swine-out"), expected);
        // Every table file it wrote evaluates to exactly the win rate it reported.
        let solved = run.stdout();
        for ext in ["csv", "json", "bin"] {
            let path = format!("swine-out/{stem}.{ext}");
            let eval = sandbox
                .run(&["eval", &path, "--rules", "greed", "--json"])
                .success();
            for key in ["win_rate", "as_first", "as_second", "win", "tie", "loss"] {
                assert_eq!(raw(&eval, key), raw(&solved, key), "{ext}: {key}");
            }
        }
    }

    #[test]
    fn minimax_reports_the_first_players_value_beside_its_results() {
        let sandbox = Sandbox::new();
        let json = sandbox
            .run(&[
                "solve", "--rules", "greed", "--vs", "minimax", "--json", "--format", "json",
            ])
            .json();
        let value = json["first_player_wins"].as_f64().unwrap();
        let (win, tie) = (json["win"].as_f64().unwrap(), json["tie"].as_f64().unwrap());
        assert_eq!(json["win"], json["first"]["win"]);
        approx::assert_abs_diff_eq!(value, win + tie / 2.0, epsilon = 1e-15);
        assert!(value > 0.5, "moving first is an advantage");
        let text = sandbox
            .run(&["eval", "minimax", "--vs", "minimax", "--rules", "greed"])
            .success();
        assert!(text.contains("first player's value"), "{text}");
    }

    #[test]
    fn transcripts_read_like_autoplay_loud_and_repeat_with_the_seed() {
        let sandbox = Sandbox::new();
        let args = [
            "simulate",
            "sample1",
            "--vs",
            "sample2",
            "--rules",
            "greed",
            "--games",
            "1",
            "--seed",
            "5",
            "--transcript",
        ];
        let text = sandbox.run(&args).success();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Player 1: 0    Player 2: 0");
        assert_eq!(lines[1], "It is Player 1's turn.");
        assert_eq!(lines[2], "12 dice chosen.");
        assert!(lines[3].starts_with("Dice rolled:   "));
        let faces: Vec<u32> = lines[3][15..]
            .split(' ')
            .map(|f| f.parse().unwrap())
            .collect();
        assert_eq!(faces.len(), 12);
        assert!(faces.iter().all(|&f| f <= 5));
        let total: u32 = faces.iter().sum();
        assert_eq!(lines[4], format!("Total for this turn:  {total}"));
        let last = *lines.last().unwrap();
        assert!(last.ends_with("wins.") || last == "It's a tie.", "{last}");
        assert_eq!(sandbox.run(&args).success(), text);
        let mut other = args;
        other[9] = "6";
        assert_ne!(sandbox.run(&other).success(), text);
    }

    #[test]
    fn simulate_shows_win_tie_and_loss_beside_the_exact_values() {
        let sandbox = Sandbox::new();
        let text = sandbox
            .run(&[
                "simulate", "sample2", "--vs", "sample1", "--rules", "greed", "--games", "20000",
            ])
            .success();
        for row in ["win rate", "as first", "as second", "win ", "tie ", "loss "] {
            assert!(text.contains(&format!("  {row}")), "{row} missing:\n{text}");
        }
    }

    #[test]
    fn bad_greed_input_is_named() {
        let sandbox = Sandbox::new();
        assert_eq!(
            sandbox
                .run(&["eval", "sample1", "--rules", "greed", "--goal", "101"])
                .failure(),
            "swine: greed: limit 101 is outside 1..=100"
        );
        assert_eq!(
            sandbox
                .run(&["eval", "always_roll:4", "--rules", "greed"])
                .failure(),
            "swine: in STRATEGY: unknown strategy 'always_roll:4' for greed; expected sample1, \
             sample2, improve:STRATEGY, optimal, minimax, or a table file (.csv, .json, .npy, \
             .bin) or a Python file (.py)"
        );
        assert_eq!(
            sandbox
                .run(&["solve", "--rules", "greed", "--full-information"])
                .failure(),
            "swine: --full-information: greed hides nothing from a strategy"
        );
        assert_eq!(
            sandbox
                .run(&[
                    "simulate",
                    "sample1",
                    "--rules",
                    "greed",
                    "--games",
                    "5",
                    "--transcript"
                ])
                .failure(),
            "swine: --transcript prints one game: leave out --games, or give --games 1"
        );
        // A Hog table is not a Greed table, and a Greed CSV names its entries.
        sandbox
            .run(&["solve", "--format", "json", "--out", "hog"])
            .success();
        assert_eq!(
            sandbox
                .run(&[
                    "eval",
                    "hog/hog_fa20_optimal_vs_always_roll_4.json",
                    "--rules",
                    "greed"
                ])
                .failure(),
            "swine: in STRATEGY: hog/hog_fa20_optimal_vs_always_roll_4.json: it was made for \
             hog-fa20, not greed"
        );
        let mut csv = String::from("own,opponent,passed,dice\n");
        for own in 0..=2 {
            for opponent in 0..=2 {
                for passed in 0..2 {
                    let dice = if (own, opponent, passed) == (1, 2, 1) {
                        256
                    } else {
                        3
                    };
                    csv.push_str(&format!("{own},{opponent},{passed},{dice}\n"));
                }
            }
        }
        sandbox.write("bad.csv", &csv);
        assert_eq!(
            sandbox
                .run(&["eval", "bad.csv", "--rules", "greed", "--goal", "2"])
                .failure(),
            "swine: in STRATEGY: bad.csv: row 13, column 4 (own score 1, opponent score 2, \
             opponent passed 1): 256 dice is outside 0..=255"
        );
        sandbox.write("grid.csv", "1,2\n3,4\n");
        assert_eq!(
            sandbox
                .run(&["eval", "grid.csv", "--rules", "greed", "--goal", "2"])
                .failure(),
            "swine: in STRATEGY: grid.csv: expected a 3 x 3 x 2 table (own score x opponent \
             score x opponent passed), found a grid without a header"
        );
        assert!(sandbox.files("swine-out").is_empty());
    }
}
