//! The Pig family: Neller & Presser's Piglet fractions through the CLI, Monte Carlo agreement
//! for every game, solved tables worth what the solve said, an independent value iteration,
//! `--explain` against the changed strategy solved outright, grading Python `final_strategy`
//! functions, and `swine play`.

use swine_solver::game::simulate::simulate;
use swine_solver::pig::{Pig, Player, Plays, Solution, Strategy, Variant, solve};

use crate::util::{Sandbox, fraction, json, number};

#[test]
fn piglet_to_two_all_six_positions_are_the_papers_fractions() {
    // RULES.md: P(i, j, k), both players optimal (Neller & Presser 2004).
    for (position, expected) in [
        ("0,0,0", "4/7"),
        ("0,0,1", "5/7"),
        ("0,1,0", "2/5"),
        ("0,1,1", "3/5"),
        ("1,0,0", "4/5"),
        ("1,1,0", "2/3"),
    ] {
        let report = json(&[
            "eval", "minimax", "--vs", "minimax", "--rules", "piglet", "--goal", "2", "--from",
            position,
        ]);
        let wins = number(&report, "mover_wins");
        assert!(
            (wins - fraction(expected)).abs() <= 1e-15,
            "P({position}) = {wins}, the paper says {expected}"
        );
        assert_eq!(report["chosen"], "roll", "{report}");
    }
    // Holding with nothing passes the turn: at 0 : 1 it leaves the opponent at 1 : 0, 4/5.
    let report = json(&[
        "eval", "minimax", "--vs", "minimax", "--rules", "piglet", "--goal", "2", "--from", "0,1,0",
    ]);
    let hold = report["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["choice"] == "hold")
        .unwrap();
    assert!(
        (number(hold, "value") - fraction("1/5")).abs() <= 1e-15,
        "{hold}"
    );
}

#[test]
fn the_papers_results_for_pig() {
    // Both optimal, the first player wins about 53.06%; at 0 : 0 optimal play rolls at every
    // turn total below 21 and holds at 21.
    let report = json(&["eval", "minimax", "--vs", "minimax", "--rules", "pig"]);
    let first = number(&report, "as_first");
    assert!((first - 0.5306).abs() < 5e-5, "{first}");
    assert!(number(&report, "residual") <= 1e-14, "{report}");
    for (turn_total, chosen) in [("20", "roll"), ("21", "hold")] {
        let position = format!("0,0,{turn_total}");
        let report = json(&[
            "eval", "minimax", "--vs", "minimax", "--rules", "pig", "--from", &position,
        ]);
        assert_eq!(report["chosen"], chosen, "{report}");
    }
}

#[test]
fn minimax_is_the_equilibrium_strategy_and_optimal_the_best_response() {
    // Neller & Presser's "0.5874" against hold at 20 is the best response; the minimax
    // strategy (the table `--vs minimax` solves) wins less against it, moving first.
    let sandbox = Sandbox::new();
    let eval = |args: &[&str]| {
        let all = [&["eval"], args, &["--rules", "pig", "--json"]].concat();
        sandbox.run(&all).json()
    };
    let minimax = eval(&["minimax", "--vs", "hold_at:20"]);
    assert_eq!(minimax["strategy"], "minimax");
    assert_eq!(number(&minimax, "as_first"), 0.5714984302771061);
    let optimal = eval(&["optimal", "--vs", "hold_at:20"]);
    let best = number(&optimal, "as_first");
    assert!((best - 0.5873676212371986).abs() <= 1e-16, "{best}");
    // The same as the table written by `solve --vs minimax`, evaluated as a file, from
    // either seat.
    sandbox.run(&[
        "solve", "--rules", "pig", "--vs", "minimax", "--format", "npy",
    ]);
    let table = sandbox.join("swine-out/pig_minimax.npy");
    let table = table.to_str().unwrap();
    let file = eval(&[table, "--vs", "hold_at:20"]);
    for key in ["win_rate", "as_first", "as_second"] {
        assert_eq!(minimax[key], file[key], "{key}");
    }
    let against = eval(&["hold_at:20", "--vs", "minimax"]);
    let file = eval(&["hold_at:20", "--vs", table]);
    assert_eq!(against["win_rate"], file["win_rate"]);
    // Against an optimiser it stays one: both optimal, whichever name each side has.
    let both = eval(&["minimax", "--vs", "minimax"]);
    let mixed = eval(&["minimax", "--vs", "optimal"]);
    assert_eq!(both["first_player_wins"], mixed["first_player_wins"]);
    assert!(number(&both, "first_player_wins") > 0.53);
    // A tournament plays the same table.
    let played = sandbox
        .run(&[
            "tournament",
            "minimax",
            "hold_at:20",
            "--rules",
            "pig",
            "--json",
        ])
        .json();
    let matrix = &played["matrix"];
    assert_eq!(matrix[0][1], minimax["win_rate"], "{played}");
}

/// How many standard errors simulated games of the solved policies lie from the exact values,
/// each seat moving first.
fn z_scores(pig: &Pig, solution: &Solution, games: u64, seed: u64) -> [f64; 2] {
    let policies = [solution.policy(0), solution.policy(1)];
    let [a, b] = policies.each_ref().map(|policy| Plays { pig, policy });
    let simulation = simulate(pig, [&a, &b], (games, seed), &|_: u64| {});
    let exact = solution.matchup();
    [
        (simulation.first, exact.first),
        (simulation.second, exact.second),
    ]
    .map(|(simulated, exact)| {
        (simulated.value() - exact.value()) / exact.value_error(games).max(1e-12)
    })
}

#[test]
fn monte_carlo_agrees_within_three_standard_errors_for_every_game() {
    for (variant, strategy, opponent) in [
        (Variant::Pig, "optimal", "hold_at:20"),
        (Variant::Pig, "keep_pace", "score_base"),
        (Variant::Piglet, "minimax", "minimax"),
        (Variant::Piglet, "hold_at:3", "optimal"),
        (Variant::TwoDicePig, "optimal", "hold_at:20"),
        (Variant::TwoDicePig, "score_base", "hold_at:25"),
    ] {
        let pig = Pig::new(variant, variant.default_goal()).unwrap();
        let players = [strategy, opponent].map(|s| Strategy::parse(s, &pig).unwrap());
        let solution = solve(&pig, [players[0].player(), players[1].player()]).unwrap();
        assert!(solution.residual() <= 1e-14, "{}", solution.residual());
        let z = z_scores(&pig, &solution, 40_000, 11);
        assert!(
            z.iter().all(|z| z.abs() <= 3.0),
            "{} {strategy} vs {opponent}: z = {z:?}",
            pig.name()
        );
    }
}

/// Plain value iteration over every state, from the rules as RULES.md states them: `choose`
/// picks the mover's value from (roll, hold) at (seat, own, opponent, turn total). Sweeps
/// until no value moves by more than 1e-15; returns both seats' values.
fn value_iteration(
    variant: Variant,
    goal: u32,
    choose: impl Fn(usize, u32, u32, u32, f64, f64) -> f64,
) -> [Vec<f64>; 2] {
    let g = goal as usize;
    let at =
        |own: u32, opponent: u32, k: u32| (own as usize * g + opponent as usize) * g + k as usize;
    let mut values = [vec![0.0; g * g * g], vec![0.0; g * g * g]];
    for _ in 0..100_000 {
        let mut moved: f64 = 0.0;
        for seat in 0..2 {
            for own in (0..goal).rev() {
                for opponent in (0..goal).rev() {
                    for k in (0..goal - own).rev() {
                        let other = &values[1 - seat];
                        let passes = 1.0 - other[at(opponent, own, 0)];
                        let mine = &values[seat];
                        let on = |points: u32| {
                            if own + k + points >= goal {
                                1.0
                            } else {
                                mine[at(own, opponent, k + points)]
                            }
                        };
                        let roll = match variant {
                            Variant::Pig => (passes + (2..=6).map(on).sum::<f64>()) / 6.0,
                            Variant::Piglet => (passes + on(1)) / 2.0,
                            Variant::TwoDicePig => {
                                let reset = 1.0 - other[at(opponent, 0, 0)];
                                let mut sum = reset / 36.0 + passes * 10.0 / 36.0;
                                for a in 2..=6 {
                                    for b in 2..=6 {
                                        sum += on(a + b) / 36.0;
                                    }
                                }
                                sum
                            }
                        };
                        let hold = if k == 0 {
                            passes
                        } else {
                            1.0 - other[at(opponent, own + k, 0)]
                        };
                        let value = choose(seat, own, opponent, k, roll, hold);
                        let cell = &mut values[seat][at(own, opponent, k)];
                        moved = moved.max((value - *cell).abs());
                        *cell = value;
                    }
                }
            }
        }
        if moved <= 1e-15 {
            return values;
        }
    }
    panic!("value iteration did not settle");
}

fn assert_agree(pig: &Pig, solution: &Solution, iterated: &[Vec<f64>; 2]) {
    let goal = pig.goal();
    let mut largest: f64 = 0.0;
    for (seat, values) in iterated.iter().enumerate() {
        for own in 0..goal {
            for opponent in 0..goal {
                for k in 0..goal - own {
                    let state = pig.state(own, opponent, k);
                    largest = largest.max((solution.value(seat, state) - values[state]).abs());
                }
            }
        }
    }
    assert!(
        largest <= 1e-12,
        "{} to {goal}: they differ by {largest:e}",
        pig.name()
    );
}

#[test]
fn a_plain_value_iteration_agrees_to_1e_12() {
    // Both players optimal (piglet at 60: a pair's values flicker in their last bits, the
    // solver stops at the flicker).
    for (variant, goal) in [
        (Variant::Piglet, 10),
        (Variant::Piglet, 60),
        (Variant::Pig, 40),
        (Variant::TwoDicePig, 40),
    ] {
        let pig = Pig::new(variant, goal).unwrap();
        let solution = solve(&pig, [&Player::Optimising, &Player::Optimising]).unwrap();
        let iterated = value_iteration(variant, goal, |_, _, _, _, roll, hold| roll.max(hold));
        assert_agree(&pig, &solution, &iterated);
    }
    // Two fixed strategies at the full goal, each deciding as RULES.md defines it.
    let pig = Pig::new(Variant::Pig, 100).unwrap();
    let keep_pace = |own: u32, opponent: u32, k: u32| {
        if own + k >= 100 {
            false
        } else if own >= 71 || opponent >= 71 {
            true
        } else {
            // 21 + round((opponent − own) / 8), half up.
            let shift = (f64::from(opponent) - f64::from(own)) / 8.0;
            f64::from(k) < 21.0 + (shift + 0.5).floor()
        }
    };
    let score_base = |own: u32, opponent: u32, k: u32| {
        if own + k >= 100 {
            false
        } else if own >= 69 || opponent >= 69 {
            true
        } else {
            k < 19.max(opponent.saturating_sub(14))
        }
    };
    let players = ["keep_pace", "score_base"].map(|s| Strategy::parse(s, &pig).unwrap());
    let solution = solve(&pig, [players[0].player(), players[1].player()]).unwrap();
    let iterated = value_iteration(Variant::Pig, 100, |seat, own, opponent, k, roll, hold| {
        let rolls = if seat == 0 {
            keep_pace(own, opponent, k)
        } else {
            score_base(own, opponent, k)
        };
        if rolls { roll } else { hold }
    });
    assert_agree(&pig, &solution, &iterated);
}

#[test]
fn solved_tables_are_worth_what_the_solve_said() {
    let sandbox = Sandbox::new();
    // Pig's best response is no threshold in some cells: its table gives every decision.
    let solved = sandbox
        .run(&[
            "solve", "--rules", "pig", "--out", "t", "--format", "npy,json", "--json",
        ])
        .json();
    let table = "t/pig_optimal_vs_hold_at_20.npy";
    let eval = sandbox
        .run(&["eval", table, "--rules", "pig", "--json"])
        .json();
    for key in ["win_rate", "as_first", "as_second"] {
        let (a, b) = (number(&solved, key), number(&eval, key));
        assert!((a - b).abs() <= 1e-15, "{key}: solve {a}, its table {b}");
    }
    let written: serde_json::Value = serde_json::from_slice(
        &std::fs::read(sandbox.join("t/pig_optimal_vs_hold_at_20.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(written["sees"], "own score, opponent score, turn total");
    assert!(written["about"].as_str().unwrap().contains("no threshold"));
    // Piglet's minimax strategy is a threshold everywhere: table[own][opponent] is the turn
    // total it holds at, and played against itself it is worth exactly one half.
    let solved = sandbox
        .run(&[
            "solve", "--rules", "piglet", "--vs", "minimax", "--out", "p", "--json",
        ])
        .json();
    let written: serde_json::Value =
        serde_json::from_slice(&std::fs::read(sandbox.join("p/piglet_minimax.json")).unwrap())
            .unwrap();
    assert_eq!(written["sees"], "own score, opponent score");
    let table = "p/piglet_minimax.csv";
    let eval = sandbox
        .run(&["eval", table, "--vs", table, "--rules", "piglet", "--json"])
        .json();
    assert_eq!(number(&eval, "win_rate"), 0.5);
    assert!((number(&eval, "as_first") - number(&solved, "as_first")).abs() <= 1e-15);
    // The Python module decides as the table does.
    let python = sandbox
        .run(&[
            "eval",
            "p/piglet_minimax.py",
            "--vs",
            table,
            "--rules",
            "piglet",
            "--json",
        ])
        .json();
    assert_eq!(number(&python, "win_rate"), 0.5);
    // --values: P(mover wins) per (own, opponent, turn total).
    sandbox
        .run(&[
            "solve", "--rules", "piglet", "--goal", "2", "--vs", "minimax", "--out", "v",
            "--values",
        ])
        .success();
    let values: serde_json::Value = serde_json::from_slice(
        &std::fs::read(sandbox.join("v/piglet_goal2_minimax_values.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        values["axes"],
        serde_json::json!(["own", "opponent", "turn_total"])
    );
    let v = |i: usize, j: usize, k: usize| values["values"][i][j][k].as_f64().unwrap();
    assert!((v(0, 0, 0) - 4.0 / 7.0).abs() <= 1e-15);
    assert!((v(1, 1, 0) - 2.0 / 3.0).abs() <= 1e-15);
}

#[test]
fn explain_names_states_whose_change_gains_exactly_that() {
    let sandbox = Sandbox::new();
    let report = sandbox
        .run(&[
            "eval",
            "hold_at:20",
            "--rules",
            "pig",
            "--explain",
            "3",
            "--json",
        ])
        .json();
    let base = number(&report, "win_rate");
    let first = &report["explain"][0];
    assert_eq!(first["chosen"], "roll", "{report}");
    // The changed strategy, written as a Python final_strategy, solved outright.
    let (own, opponent, k) = (
        first["score"].as_u64().unwrap(),
        first["opponent_score"].as_u64().unwrap(),
        first["turn_total"].as_u64().unwrap(),
    );
    let changed = sandbox.write(
        "changed.py",
        format!(
            "def final_strategy(score, opponent_score, turn_total):\n    if (score, opponent_score, turn_total) == ({own}, {opponent}, {k}):\n        return False\n    return turn_total < 20 and score + turn_total < 100\n"
        ),
    );
    let outright = sandbox
        .run(&[
            "eval",
            changed.to_str().unwrap(),
            "--rules",
            "pig",
            "--json",
        ])
        .json();
    let gain = number(first, "gain");
    assert!(gain > 0.0);
    assert!(
        (number(&outright, "win_rate") - base - gain).abs() <= 1e-15,
        "{report} {outright}"
    );
    let refused = sandbox
        .run(&["eval", "hold_at:20", "--rules", "two-dice-pig", "--explain"])
        .failure();
    assert!(refused.contains("two 1s drop a score to 0"), "{refused}");
}

#[test]
fn grading_python_final_strategies_that_return_truth_values() {
    let sandbox = Sandbox::new();
    let write = |name: &str, body: &str| {
        std::fs::create_dir_all(sandbox.join(&format!("class/{name}"))).unwrap();
        sandbox.write(
            &format!("class/{name}/pig.py"),
            format!("def final_strategy(score, opponent_score, turn_total):\n    {body}\n"),
        );
    };
    write("ann", "return turn_total < 20 and score + turn_total < 100");
    write("bob", "return 1 if turn_total < 25 else 0");
    write("cat", "return 'roll'");
    write(
        "dan",
        "return turn_total < 20 and score + turn_total < 100 and score < 1 / 0",
    );
    let run = sandbox.run(&["grade", "class/", "--rules", "pig", "--json"]);
    assert_eq!(
        run.code(),
        Some(2),
        "two submissions fail: {}",
        run.stderr()
    );
    let report: serde_json::Value = serde_json::from_str(&run.stdout()).unwrap();
    let rows = report["submissions"].as_array().unwrap();
    let row = |who: &str| {
        rows.iter()
            .find(|r| r["file"].as_str().unwrap().contains(who))
            .unwrap_or_else(|| panic!("{who} in {report}"))
    };
    // Ann plays hold_at:20 against hold_at:20: exactly one half.
    assert_eq!(number(row("ann"), "win_rate"), 0.5);
    let bob = json(&["eval", "hold_at:25", "--rules", "pig"]);
    assert_eq!(number(row("bob"), "win_rate"), number(&bob, "win_rate"));
    let cat = row("cat")["error"].as_str().unwrap();
    assert!(
        cat.contains("returned 'roll', a str, not True or False"),
        "{cat}"
    );
    let dan = row("dan")["error"].as_str().unwrap();
    assert!(dan.contains("ZeroDivisionError"), "{dan}");
}

#[test]
fn play_shows_the_value_of_roll_and_hold() {
    let out = Sandbox::new()
        .run_with_input(
            &[
                "play", "--rules", "piglet", "--goal", "2", "--vs", "minimax", "--seed", "5",
            ],
            "x\nr\nh\nr\nr\nr\nr\nr\nr\n",
        )
        .success();
    // At 0 : 0, turn total 0: rolling is worth 4/7, holding (the turn passes) 3/7.
    assert!(
        out.contains(&format!(
            "Turn total 0.\nYour chance to win, then playing perfectly:\n  Roll  {:.6}  <- best\n  \
             Hold  {:.6}\n",
            4.0 / 7.0,
            3.0 / 7.0
        )),
        "{out}"
    );
    assert!(out.contains("'x' is not a choice"), "{out}");
}
