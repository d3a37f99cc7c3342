//! Rules where positions repeat: a turn can gain nothing (textbook Hog, hog-nju21's Picky Piggy,
//! a Pig Out worth 0) or a rule can lower a score. Each solve is checked against what it
//! guards: the simulator, fractions derived by hand, an independent value iteration, and rule
//! scripts drawn at random.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use swine_solver::game::simulate::simulate;
use swine_solver::hog::{
    Player, Plays, Policy, Ruleset, ScoreTable, Script, SearchLimits, Strategy, evaluate, solve,
    solve_against, solve_exact,
};
use swine_solver::outcome::Outcome;

use crate::util::Sandbox;

/// The script of the issue that found the old guard wanting: a Pig Out worth 0 passed it, and
/// the one sweep printed 0.349 where the truth is 0.604.
const ZERO_PIG_OUT: &str = "let name = \"zero-pig-out\";\nlet summary = \"a Pig Out scores 0\";\n\
    let yardstick = \"always_roll:4\";\nlet goal = parameter(\"goal\", 100);\n\
    fn free_bacon(opponent) { 10 - min(opponent % 10, opponent / 10 % 10) }\n\
    fn pig_out_points(ones, dice) { 0 }\n";

/// Free Bacon worth nothing, to goal 2: games that never end.
const STALL: &str = "let name = \"stall\";\nlet summary = \"Free Bacon scores nothing\";\n\
    let yardstick = \"always_roll:1\";\nlet goal = parameter(\"goal\", 2);\n\
    fn free_bacon(opponent) { 0 }\n";

fn compiled(origin: &str, text: &str) -> Ruleset {
    Ruleset::compile(Script::compile(origin, text, &[]).unwrap()).unwrap()
}

/// How many standard errors the simulated values of `policies` lie from `exact`, each seat,
/// win rate counting a never-ending game half.
fn z_scores(
    rules: &Ruleset,
    policies: [&Policy; 2],
    exact: Outcome,
    games: u64,
    seed: u64,
) -> [f64; 2] {
    let seats = policies.map(|policy| Plays { rules, policy });
    let simulation = simulate(rules, [&seats[0], &seats[1]], (games, seed), &|_: u64| {});
    [
        (simulation.first, exact.first),
        (simulation.second, exact.second),
    ]
    .map(|(simulated, exact)| {
        let error = exact.value_error(games).max(1e-12);
        (simulated.value() - exact.value()) / error
    })
}

/// Solves `strategy` against `opponent` and simulates the policies found.
fn agrees(rules: &Ruleset, strategy: &str, opponent: &str, games: u64, seed: u64, most: f64) {
    let strategy = Strategy::parse(strategy, rules).unwrap();
    let opponent = Strategy::parse(opponent, rules).unwrap();
    let solution = solve(rules, [&strategy.player(rules), &opponent.player(rules)]).unwrap();
    assert!(solution.residual() <= 1e-12, "{}", solution.residual());
    let policies = [solution.policy(0), solution.policy(1)];
    let z = z_scores(
        rules,
        [&policies[0], &policies[1]],
        solution.matchup(),
        games,
        seed,
    );
    assert!(
        z.iter().all(|z| z.abs() <= most),
        "{} {} vs {}: simulated {z:?} standard errors from exact",
        rules.name(),
        strategy.name(),
        opponent.name()
    );
}

#[test]
fn the_zero_pig_out_script_is_solved_to_what_the_simulator_plays() {
    let sandbox = Sandbox::new();
    sandbox.write("zero.rhai", ZERO_PIG_OUT);
    let check = sandbox.run(&["rules", "check", "zero.rhai"]).success();
    assert!(
        check.contains(
            "positions can repeat: rolling 1 die at 0 : 0 gains nothing with probability \
             0.16666666666666666"
        ),
        "{check}"
    );
    let eval = sandbox
        .run(&[
            "eval",
            "always_roll:6",
            "--vs",
            "always_roll:3",
            "--rules",
            "zero.rhai",
            "--json",
        ])
        .json();
    let rate = eval["win_rate"].as_f64().unwrap();
    assert!((rate - 0.604).abs() < 0.001, "{rate}");
    assert!(eval["residual"].as_f64().unwrap() <= 1e-15);
    let simulated = sandbox
        .run(&[
            "simulate",
            "always_roll:6",
            "--vs",
            "always_roll:3",
            "--rules",
            "zero.rhai",
            "--games",
            "200000",
            "--json",
        ])
        .json();
    let z = simulated["z"]["win_rate"].as_f64().unwrap();
    assert!(z.abs() <= 3.0, "{z}");
    let rules = compiled("zero.rhai", ZERO_PIG_OUT);
    agrees(&rules, "optimal", "always_roll:4", 100_000, 11, 3.0);
}

#[test]
fn every_cyclic_preset_agrees_with_the_simulator_within_three_standard_errors() {
    for (name, seed) in [("hog-textbook", 21), ("hog-nju21", 22)] {
        let rules = Ruleset::preset(name, 100).unwrap();
        assert!(!rules.order().is_rising(), "{name}");
        let yardstick = rules.rules().yardstick().to_string();
        agrees(&rules, "optimal", &yardstick, 100_000, seed, 3.0);
        agrees(&rules, "minimax", "minimax", 100_000, seed + 10, 3.0);
    }
}

#[test]
fn a_solved_table_is_worth_what_the_solve_reported_and_a_strategy_against_itself_half() {
    for name in ["hog-textbook", "hog-nju21"] {
        let rules = Ruleset::preset(name, 100).unwrap();
        let yardstick = Strategy::parse(rules.rules().yardstick(), &rules).unwrap();
        for opponent in [yardstick, Strategy::optimising("minimax")] {
            let solved = solve_against(&rules, &opponent, SearchLimits::default(), |_| {}).unwrap();
            let table = Strategy::from_table("table", solved.file.table.clone());
            let judge = if opponent.is_optimising() {
                &table
            } else {
                &opponent
            };
            assert_eq!(
                evaluate(&rules, &table, judge).unwrap(),
                solved.outcome,
                "{name}"
            );
            assert_eq!(
                evaluate(&rules, &table, &table).unwrap().win_rate(),
                0.5,
                "{name}"
            );
        }
    }
}

#[test]
fn textbook_hog_agrees_with_an_independent_value_iteration() {
    // Both players optimal, by plain value iteration over (own, opponent) from 0, with the
    // dice counted here: n dice without a 1 (faces 2..=6) add up to s in ways[n][s].
    const GOAL: usize = 100;
    let mut ways = vec![vec![1.0f64]];
    for n in 1..=10 {
        let mut next = vec![0.0; 6 * n + 1];
        for (sum, &w) in ways[n - 1].iter().enumerate() {
            for face in 2..=6 {
                next[sum + face] += w;
            }
        }
        ways.push(next);
    }
    let outcomes: Vec<Vec<(usize, f64)>> = (0..=10)
        .map(|n: usize| {
            let total = 6f64.powi(n as i32);
            let mut points: Vec<(usize, f64)> = ways[n]
                .iter()
                .enumerate()
                .filter(|(_, w)| **w > 0.0)
                .map(|(s, w)| (s, w / total))
                .collect();
            points.push((0, 1.0 - (5.0f64 / 6.0).powi(n as i32)));
            points
        })
        .collect();
    let mut v = vec![[0.0f64; GOAL]; GOAL];
    for _ in 0..100_000 {
        let mut moved: f64 = 0.0;
        for own in (0..GOAL).rev() {
            for opponent in (0..GOAL).rev() {
                let best = (1..=10)
                    .map(|n| {
                        outcomes[n]
                            .iter()
                            .map(|&(points, p)| {
                                let reached = own + points;
                                p * if reached >= GOAL {
                                    1.0
                                } else {
                                    1.0 - v[opponent][reached]
                                }
                            })
                            .sum::<f64>()
                    })
                    .fold(0.0, f64::max);
                moved = moved.max((best - v[own][opponent]).abs());
                v[own][opponent] = best;
            }
        }
        if moved < 1e-15 {
            break;
        }
    }
    let rules = Ruleset::preset("hog-textbook", GOAL as u32).unwrap();
    let solution = solve(&rules, [&Player::Optimising, &Player::Optimising]).unwrap();
    let space = rules.space();
    let mut largest: f64 = 0.0;
    for (own, row) in v.iter().enumerate() {
        for (opponent, &value) in row.iter().enumerate() {
            let state = space.state(space.cell(own as u32, opponent as u32), 0, 0);
            let swine = solution.value(0, state).unwrap();
            largest = largest.max((swine - value).abs());
        }
    }
    assert!(largest <= 1e-12, "largest difference {largest}");
    // Neller & Presser: the first player wins about 0.5307.
    let first = solution.matchup().as_first();
    assert!((first - 0.5307).abs() < 5e-5, "{first}");
}

#[test]
fn hand_derived_fractions() {
    // Textbook Hog to goal 1: any roll without a 1 wins; a 1 hands the same position over. With
    // n dice the mover wins x = q + (1 − q)(1 − x), q = (5/6)^n, so x = 1 / (2 − q): best with
    // one die, 6/7.
    let rules = Ruleset::preset("hog-textbook", 1).unwrap();
    let minimax = solve(&rules, [&Player::Optimising, &Player::Optimising]).unwrap();
    approx::assert_relative_eq!(
        minimax.matchup().as_first(),
        6.0 / 7.0,
        max_relative = 1e-15
    );

    // Free Bacon worth 0, goal 2: A rolls one die at 0 : 0 and 0 dice elsewhere, B always 0.
    // A moving first: 2..=6 wins (5/6); a 1 scores 1, and at 1 : 0 both roll 0 for ever (1/6).
    // A moving second: B's 0 hands A the same 0 : 0. So win 5/6, never ending 1/6, loss 0,
    // in both seats; the win rate counts the never-ending games half: 11/12.
    let rules = compiled("stall.rhai", STALL);
    let table = ScoreTable::from_shape_fn((2, 2), |(own, opponent)| u8::from(own + opponent == 0));
    let a = Strategy::from_table("a", rules.score_table(table));
    let zero = Strategy::parse("always_roll:0", &rules).unwrap();
    let outcome = evaluate(&rules, &a, &zero).unwrap();
    for seat in [outcome.first, outcome.second] {
        approx::assert_abs_diff_eq!(seat.win, 5.0 / 6.0, epsilon = 1e-15);
        approx::assert_abs_diff_eq!(seat.tie, 1.0 / 6.0, epsilon = 1e-15);
        approx::assert_abs_diff_eq!(seat.loss, 0.0, epsilon = 1e-15);
    }
    approx::assert_abs_diff_eq!(outcome.win_rate(), 11.0 / 12.0, epsilon = 1e-15);
    // Both rolling 0: the game never ends, from the first turn.
    let outcome = evaluate(&rules, &zero, &zero).unwrap();
    assert_eq!((outcome.first.tie, outcome.second.tie), (1.0, 1.0));
    assert_eq!(outcome.win_rate(), 0.5);
    let z = z_scores(
        &rules,
        [
            &Policy::from_scores(
                &rules,
                &ScoreTable::from_shape_fn((2, 2), |(o, p)| u8::from(o + p == 0)),
            ),
            &Policy::from_scores(&rules, &ScoreTable::zeros((2, 2))),
        ],
        evaluate(&rules, &a, &zero).unwrap(),
        20_000,
        5,
    );
    assert!(z.iter().all(|z| z.abs() <= 3.0), "{z:?}");
}

#[test]
fn a_rule_that_lowers_a_score_is_iterated_to_its_fixpoint() {
    let text = "let name = \"lowers\";\nlet summary = \"a swap that costs 3\";\n\
        let yardstick = \"always_roll:4\";\nlet goal = parameter(\"goal\", 30);\n\
        fn free_bacon(o) { 5 }\n\
        fn after_turn(m, o) { #{ mover: o, opponent: max(m - 3, 0) } }\n";
    let rules = compiled("lowers.rhai", text);
    assert!(rules.order().lowering().is_some());
    agrees(&rules, "always_roll:3", "always_roll:4", 100_000, 31, 3.0);
    agrees(&rules, "optimal", "always_roll:4", 100_000, 32, 3.0);
}

/// A rule script drawn at random from `rng`: a goal of 6 to 20 and a random pick of the hooks
/// that make positions repeat (Free Bacon, a Pig Out or turn points worth 0, no rolling 0),
/// that remember (a memory the bonus and extra turns read) and that move scores (swaps, extra
/// turns, now and then a rule that lowers a score).
fn random_script(rng: &mut ChaCha8Rng) -> String {
    let goal = rng.random_range(6..=20);
    let mut text = format!(
        "let name = \"random\";\nlet summary = \"drawn at random\";\n\
         let yardstick = \"always_roll:2\";\nlet goal = parameter(\"goal\", {goal});\n"
    );
    let least = rng.random_bool(0.2);
    if least {
        text.push_str("let least_dice = 1;\n");
    } else {
        let (k, r, points) = (
            rng.random_range(2..=5),
            rng.random_range(0..2),
            rng.random_range(1..=6),
        );
        text.push_str(&format!(
            "fn free_bacon(o) {{ if o % {k} == {r} {{ 0 }} else {{ {points} }} }}\n"
        ));
    }
    if rng.random_bool(0.5) {
        let most = rng.random_range(0..=2);
        text.push_str(&format!(
            "fn pig_out_points(ones, dice) {{ min(ones, {most}) }}\n"
        ));
    }
    if rng.random_bool(0.3) {
        let zero = rng.random_range(2..=9);
        text.push_str(&format!(
            "fn turn_points(points, dice) {{ if points == {zero} {{ 0 }} else {{ points }} }}\n"
        ));
    }
    if rng.random_bool(0.4) {
        let size = rng.random_range(2..=4);
        let bonus = rng.random_range(1..=3);
        text.push_str(&format!(
            "let memory = #{{ size: {size}, initial: 0, meaning: \"dice mod {size}\" }};\n\
             fn remember(m, dice) {{ dice % {size} }}\n\
             fn bonus(m, dice) {{ if m == dice % {size} {{ {bonus} }} else {{ 0 }} }}\n"
        ));
        if rng.random_bool(0.5) {
            text.push_str("fn goes_again(m) { m == 1 }\n");
        }
    }
    if rng.random_bool(0.3) {
        text.push_str("fn die(own, opponent) { if (own + opponent) % 3 == 0 { 4 } else { 6 } }\n");
    }
    let k = rng.random_range(3..=7);
    text.push_str(&match rng.random_range(0..4) {
        0 => String::new(),
        1 => format!(
            "fn after_turn(m, o) {{ if (m + o) % {k} == 0 {{ #{{ mover: o, opponent: m }} }} \
             else {{ false }} }}\n"
        ),
        2 => format!("fn after_turn(m, o) {{ m % {k} == 1 }}\n"),
        _ => format!(
            "fn after_turn(m, o) {{ if m % {k} == 2 && m > 2 {{ #{{ mover: m - 2 }} }} \
             else {{ false }} }}\n"
        ),
    });
    text
}

/// The guard can never let a wrong number through: for rule scripts drawn at random (some with
/// repeating positions, some with memory, some lowering scores), the exact values of random
/// match-ups and of the best response agree with the simulator. With about 150 comparisons the
/// bound is 4.5 standard errors; the seeds are fixed, so a pass is reproducible.
#[test]
fn random_rule_scripts_agree_with_the_simulator() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut kinds = [0usize; 4];
    for round in 0..40u64 {
        let text = random_script(&mut rng);
        let rules = compiled("random.rhai", &text);
        let order = rules.order();
        kinds[usize::from(order.repeat().is_some())] += 1;
        kinds[2] += usize::from(order.lowering().is_some());
        let goal = rules.goal() as usize;
        let least = rules.least_dice();
        let table = ScoreTable::from_shape_fn((goal, goal), |_| rng.random_range(least..=10));
        let random = Player::Fixed(Policy::from_scores(&rules, &table));
        let k = rng.random_range(least..=10);
        let fixed = Strategy::parse(&format!("always_roll:{k}"), &rules).unwrap();
        for (players, what) in [
            ([random.clone(), fixed.player(&rules)], "a random table"),
            (
                [Player::Optimising, fixed.player(&rules)],
                "the best response",
            ),
        ] {
            let solution = solve(&rules, [&players[0], &players[1]]).unwrap();
            let policies = [solution.policy(0), solution.policy(1)];
            let exact = solution.matchup();
            let z = z_scores(&rules, [&policies[0], &policies[1]], exact, 20_000, round);
            assert!(
                z.iter().all(|z| z.abs() <= 4.5),
                "{what} against always_roll:{k}: {z:?} standard errors\n{text}"
            );
        }
        // The fractions, solved by a second algorithm in rationals, agree with the floats the
        // simulator just checked; rules that lower a score are refused, never guessed.
        let j = rng.random_range(least..=10);
        let other = Strategy::parse(&format!("always_roll:{j}"), &rules).unwrap();
        for first in [other, Strategy::optimising("optimal")] {
            let float = evaluate_or_solve(&rules, &first, &fixed);
            match solve_exact(&rules, [&first, &fixed]) {
                Ok(exact) => {
                    assert!(order.lowering().is_none(), "{text}");
                    let rates = exact.rates();
                    for (fraction, float) in [
                        (&rates.as_first, float.as_first()),
                        (&rates.as_second, float.as_second()),
                    ] {
                        assert!(
                            (fraction.to_f64() - float).abs() < 1e-12,
                            "{} against always_roll:{k}: {fraction} vs {float}\n{text}",
                            first.name()
                        );
                    }
                    kinds[3] += usize::from(order.repeat().is_some());
                }
                Err(err) => {
                    assert!(order.lowering().is_some(), "{err}\n{text}");
                    assert!(err.to_string().contains("lower total"), "{err}");
                }
            }
        }
    }
    // The draw covers rules where positions repeat and where they do not, lowering rules, and
    // fractions of rules where positions repeat.
    assert!(kinds.iter().all(|&n| n >= 3), "{kinds:?}");
}

/// The float value of `first` against `second`: its evaluation, or the best response.
fn evaluate_or_solve(rules: &Ruleset, first: &Strategy, second: &Strategy) -> Outcome {
    let players = [first.player(rules), second.player(rules)];
    solve(rules, [&players[0], &players[1]]).unwrap().matchup()
}

#[test]
fn a_position_is_solved_with_the_value_of_each_choice() {
    let sandbox = Sandbox::new();
    let json = sandbox
        .run(&[
            "eval",
            "minimax",
            "--vs",
            "minimax",
            "--rules",
            "hog-textbook",
            "--goal",
            "1",
            "--from",
            "0,0",
            "--json",
        ])
        .json();
    approx::assert_relative_eq!(
        json["mover_wins"].as_f64().unwrap(),
        6.0 / 7.0,
        max_relative = 1e-15
    );
    assert_eq!(json["chosen"], "1 die");
    // Rolling 2 dice now, then best play: q + (1 − q)(1 − 6/7) with q = 25/36, 93/126.
    let choices = json["choices"].as_array().unwrap();
    assert_eq!(choices[0]["dice"], 1, "rolling 0 is not allowed");
    approx::assert_relative_eq!(
        choices[1]["value"].as_f64().unwrap(),
        93.0 / 126.0,
        max_relative = 1e-15
    );
    let bad = sandbox
        .run(&["eval", "optimal", "--rules", "hog-fa19", "--from", "50,60"])
        .failure();
    assert_eq!(
        bad,
        "swine: --from 50,60: 2 number(s), expected 4 (OWN,OPPONENT,OWN_MEMORY,OPPONENT_MEMORY)"
    );
    let greed = sandbox
        .run(&[
            "eval", "sample1", "--rules", "greed", "--from", "60,40,1", "--json",
        ])
        .json();
    // The opponent passed at 40: sample1 leads, so it passes too and wins.
    assert_eq!(greed["mover_wins"], 1.0);
    assert_eq!(greed["chosen"], "pass");
}
