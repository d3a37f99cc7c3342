//! Invariants every exact answer must satisfy: for every game through the one game interface
//! (each as its kind of value allows), and for Hog through its own API too.

mod cases;
mod expected_score;
mod no_strategies;
mod win_probability;

use swine_solver::hog::{Player, Ruleset, SearchLimits, Strategy, evaluate, solve, solve_against};

fn parse(spec: &str, rules: &Ruleset) -> Strategy {
    Strategy::parse(spec, rules).unwrap()
}

/// Match-ups worth checking in each ruleset.
fn strategies(rules: &Ruleset) -> Vec<Strategy> {
    let specs: &[&str] = match rules.name() {
        "hog-fa20" => &["always_roll:4", "always_roll:0", "bacon", "extra_turn:9,5"],
        "hog-wild" => &["always_roll:5", "always_roll:10", "comeback:5", "mean:3,6"],
        _ => &["always_roll:4", "bacon", "swap"],
    };
    specs.iter().map(|spec| parse(spec, rules)).collect()
}

#[test]
fn a_strategy_against_itself_wins_exactly_half() {
    for name in ["hog-fa20", "hog-wild", "hog-fa19"] {
        let rules = Ruleset::preset(name, 100).unwrap();
        for strategy in strategies(&rules) {
            let matchup = evaluate(&rules, &strategy, &strategy).unwrap();
            assert_eq!(matchup.win_rate(), 0.5, "{name} {}", strategy.name());
            assert_eq!(matchup.as_first() + matchup.as_second(), 1.0);
        }
    }
}

#[test]
fn swapping_the_seats_plays_the_same_games() {
    // Seat 1's values come from their own array: moving second against B must be worth exactly
    // what B loses moving first against A.
    for name in ["hog-fa20", "hog-wild", "hog-fa19"] {
        let rules = Ruleset::preset(name, 100).unwrap();
        let specs = strategies(&rules);
        for (a, b) in specs.iter().zip(specs.iter().skip(1)) {
            let ab = evaluate(&rules, a, b).unwrap();
            let ba = evaluate(&rules, b, a).unwrap();
            assert_eq!(
                ab.as_second(),
                1.0 - ba.as_first(),
                "{name}: {} vs {}",
                a.name(),
                b.name()
            );
            assert_eq!(
                1.0 - ab.as_first(),
                ba.as_second(),
                "{name}: {} vs {}",
                a.name(),
                b.name()
            );
        }
    }
}

#[test]
fn a_solved_strategy_is_worth_exactly_what_solve_reports() {
    for name in ["hog-fa20", "hog-wild"] {
        let rules = Ruleset::preset(name, 100).unwrap();
        for opponent in [rules.rules().yardstick(), "minimax"] {
            let opponent = parse(opponent, &rules);
            let solved = solve_against(&rules, &opponent, SearchLimits::default(), |_| {}).unwrap();
            let table = Strategy::from_table("solved", solved.file.table.clone());
            let judge = if opponent.is_optimising() {
                Strategy::from_table("solved", solved.file.table.clone())
            } else {
                opponent.clone()
            };
            assert_eq!(
                evaluate(&rules, &table, &judge).unwrap(),
                solved.outcome,
                "{name} against {}",
                opponent.name()
            );
        }
    }
}

/// The CS 61A terms whose strategies see the whole state (the others hide a memory: their
/// searched best tables are checked in tests/tables.rs): each solved table, evaluated exactly
/// as a table, is worth what the solve reported, against the yardstick and under minimax; and
/// each built-in against itself wins exactly half.
#[test]
fn every_course_term_solves_to_what_its_tables_are_worth() {
    for name in [
        "hog-sp18", "hog-fa18", "hog-su19", "hog-sp21", "hog-fa21", "hog-sp22", "hog-su22",
        "hog-fa22",
    ] {
        let rules = Ruleset::preset(name, 100).unwrap();
        for opponent in [rules.rules().yardstick(), "minimax"] {
            let opponent = parse(opponent, &rules);
            let solved = solve_against(&rules, &opponent, SearchLimits::default(), |_| {}).unwrap();
            let table = Strategy::from_table("solved", solved.file.table.clone());
            let judge = if opponent.is_optimising() {
                table.clone()
            } else {
                opponent.clone()
            };
            assert_eq!(
                evaluate(&rules, &table, &judge).unwrap(),
                solved.outcome,
                "{name} against {}",
                opponent.name()
            );
        }
        for builtin in rules.rules().builtins() {
            let strategy = parse(&builtin.name, &rules);
            let matchup = evaluate(&rules, &strategy, &strategy).unwrap();
            assert_eq!(matchup.win_rate(), 0.5, "{name} {}", builtin.name);
        }
    }
}

#[test]
fn the_best_response_beats_every_other_strategy_against_the_same_opponent() {
    for name in ["hog-fa20", "hog-wild"] {
        let rules = Ruleset::preset(name, 100).unwrap();
        let yardstick = parse(rules.rules().yardstick(), &rules);
        let best = evaluate(&rules, &Strategy::optimising("optimal"), &yardstick).unwrap();
        let minimax = solve_against(
            &rules,
            &Strategy::optimising("minimax"),
            SearchLimits::default(),
            |_| {},
        )
        .unwrap();
        let minimax = Strategy::from_table("minimax", minimax.file.table);
        for strategy in strategies(&rules).into_iter().chain([minimax]) {
            let other = evaluate(&rules, &strategy, &yardstick).unwrap();
            assert!(
                best.as_first() >= other.as_first(),
                "{name} {}",
                strategy.name()
            );
            assert!(
                best.as_second() >= other.as_second(),
                "{name} {}",
                strategy.name()
            );
        }
    }
}

#[test]
fn minimax_seats_agree_and_cannot_be_exploited() {
    for name in ["hog-fa20", "hog-wild"] {
        let rules = Ruleset::preset(name, 100).unwrap();
        let optimal = Strategy::optimising("minimax");
        // Both seats optimise in separate arrays: the first player's chance and the second
        // player's must add up to one exactly.
        let game = evaluate(&rules, &optimal, &optimal).unwrap();
        assert_eq!(game.as_first() + game.as_second(), 1.0, "{name}");
        assert!(
            game.as_first() > 0.5,
            "{name}: moving first is an advantage"
        );
        // The minimax table against the best response to it still wins half overall: nobody
        // can exploit it, and it holds the game's value in each seat.
        let solved = solve_against(&rules, &optimal, SearchLimits::default(), |_| {}).unwrap();
        let table = Strategy::from_table("minimax", solved.file.table);
        let exploited = evaluate(&rules, &table, &optimal).unwrap();
        approx::assert_abs_diff_eq!(exploited.as_first(), game.as_first(), epsilon = 1e-14);
        approx::assert_abs_diff_eq!(exploited.as_second(), game.as_second(), epsilon = 1e-14);
    }
}

#[test]
fn every_value_is_a_probability_and_optimal_choices_are_dice_counts() {
    for name in ["hog-fa20", "hog-wild"] {
        let rules = Ruleset::preset(name, 100).unwrap();
        let yardstick = parse(rules.rules().yardstick(), &rules).player(&rules);
        let solution = solve(&rules, [&Player::Optimising, &yardstick]).unwrap();
        for state in 0..rules.space().states() {
            for seat in 0..2 {
                let value = solution.value(seat, state).expect("no memory: every state");
                assert!(
                    (0.0..=1.0).contains(&value),
                    "{name} state {state}: {value}"
                );
            }
        }
        let table = solution.policy(0).to_scores(&rules);
        let table = table.expect("rules without memory give score tables");
        assert!(table.iter().all(|&n| n <= 10));
    }
}
