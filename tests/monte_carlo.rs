//! Seeded Monte Carlo games agree with the exact numbers within 4.5 standard errors.

use swine_solver::game::simulate::simulate;
use swine_solver::hog::{Plays, Ruleset, Strategy, solve};

/// Games per seat: a standard error of at most 0.0022.
const GAMES: u64 = 50_000;

fn agrees(rules: &str, strategy: &str, opponent: &str, seed: u64) {
    agrees_under(
        Ruleset::preset(rules, 100).unwrap(),
        strategy,
        opponent,
        seed,
    );
}

fn agrees_under(rules: Ruleset, strategy: &str, opponent: &str, seed: u64) {
    let strategy = Strategy::parse(strategy, &rules).unwrap();
    let opponent = Strategy::parse(opponent, &rules).unwrap();
    let solution = solve(&rules, [&strategy.player(&rules), &opponent.player(&rules)]).unwrap();
    let exact = solution.matchup();
    let policies = [solution.policy(0), solution.policy(1)];
    let [a, b] = policies.each_ref().map(|policy| Plays {
        rules: &rules,
        policy,
    });
    let simulation = simulate(&rules, [&a, &b], (GAMES, seed), &|_: u64| {});
    for (seat, simulated, exact) in [
        ("first", simulation.first.value(), exact.as_first()),
        ("second", simulation.second.value(), exact.as_second()),
    ] {
        let standard_error = (exact * (1.0 - exact) / GAMES as f64).sqrt();
        // A certain outcome (both players rolling Free Bacon every turn, say) is simulated
        // exactly.
        let z = if standard_error == 0.0 {
            if simulated == exact {
                0.0
            } else {
                f64::INFINITY
            }
        } else {
            (simulated - exact) / standard_error
        };
        assert!(
            z.abs() <= 4.5,
            "{} {} vs {} moving {seat}: simulated {simulated}, exact {exact}, {z:.2} standard \
             errors apart",
            rules.name(),
            strategy.name(),
            opponent.name()
        );
    }
}

#[test]
fn fa20_optimal_against_the_yardstick() {
    agrees("hog-fa20", "optimal", "always_roll:4", 1);
}

#[test]
fn fa20_both_optimal() {
    agrees("hog-fa20", "minimax", "minimax", 2);
}

#[test]
fn fa20_built_ins() {
    agrees("hog-fa20", "extra_turn", "bacon:9,5", 3);
    agrees("hog-fa20", "always_roll:1", "always_roll:4", 4);
}

#[test]
fn wild_optimal_against_the_yardstick() {
    agrees("hog-wild", "optimal", "always_roll:5", 5);
}

#[test]
fn wild_built_ins() {
    agrees("hog-wild", "comeback:5", "mean:3,6", 6);
    agrees("hog-wild", "always_roll:10", "always_roll:2", 7);
}

#[test]
fn fa19_tracks_the_hidden_dice_counts() {
    // The full-information optimum, a built-in, and the committed best score table: the
    // simulator remembers each player's previous dice count as the solver does.
    agrees("hog-fa19", "optimal", "always_roll:4", 8);
    agrees("hog-fa19", "swap", "bacon", 9);
    let table = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tables/hog_fa19_best_table_vs_always_roll_4.csv"
    );
    agrees("hog-fa19", table, "always_roll:4", 10);
}

#[test]
fn nju24_swaps_on_perfect_squares() {
    agrees("hog-nju24", "optimal", "always_roll:4", 11);
    agrees("hog-nju24", "minimax", "minimax", 12);
}

#[test]
fn digits_swaps_on_a_shared_digit() {
    agrees("hog-digits", "optimal", "always_roll:4", 13);
    agrees("hog-digits", "always_roll:6", "always_roll:3", 14);
}

#[test]
fn fa17_time_trot_counts_both_players_turns() {
    // The simulator counts the turns through both players' memories, as the solver does.
    agrees("hog-fa17", "optimal", "always_roll:4", 17);
    agrees("hog-fa17", "swap", "always_roll:3", 18);
}

#[test]
fn hogtimus_scores_pig_outs_by_the_ones_and_boosts_primes() {
    // The simulator scores the faces it rolls through the compiled Pig Out and turn-points
    // tables; the solver reads distributions built from the number of 1s.
    agrees("hog-hogtimus", "optimal", "always_roll:4", 19);
    agrees("hog-hogtimus", "swap", "always_roll:8", 20);
}

#[test]
fn fa24_boar_brawl_and_sus_fuss() {
    agrees("hog-fa24", "optimal", "always_roll:6", 15);
    agrees("hog-fa24", "sus", "boar:9,5", 16);
}

/// Every CS 61A term's preset: its optimal strategy against the yardstick (where a memory is
/// hidden, the full-information optimum), and its two built-in strategies against each other.
#[test]
fn every_course_term() {
    let terms = [
        ("hog-sp18", "swap", "bacon"),
        ("hog-fa18", "swap", "bacon"),
        ("hog-su19", "swap", "bacon"),
        ("hog-sp20", "swap", "bacon"),
        ("hog-su20", "swap", "bacon"),
        ("hog-sp21", "more_boar", "piggypoints"),
        ("hog-fa21", "hog_pile", "picky_piggy"),
        ("hog-sp22", "hog_pile", "hefty_hogs"),
        ("hog-su22", "pigs_on_prime", "oink_points"),
        ("hog-fa22", "square", "tail"),
    ];
    for (i, (rules, strategy, opponent)) in terms.into_iter().enumerate() {
        let seed = 100 + 2 * i as u64;
        agrees(rules, "optimal", "always_roll:4", seed);
        agrees(rules, strategy, opponent, seed + 1);
    }
}

#[test]
fn face_bonuses_scored_die_by_die() {
    // One extra point per die of the mover's score's parity: the simulator scores each die's
    // face through `Die::points`, the solver uses the distributions of the face bonuses.
    let text = "let name = \"parity\";\nlet summary = \"parity\";\n\
                let yardstick = \"always_roll:4\";\nlet goal = parameter(\"goal\", 100);\n\
                fn free_bacon(opponent) { 1 + opponent % 7 }\n\
                fn face_bonus(own, face) { if face % 2 == own % 2 { 1 } else { 0 } }\n";
    let script = swine_solver::hog::Script::compile("parity.rhai", text, &[]).unwrap();
    let rules = Ruleset::compile(script).unwrap();
    agrees_under(rules, "optimal", "always_roll:4", 17);
}
