//! Rules with hidden memory (hog-fa19, hog-fa17): exact evaluation over the full state, the two
//! optima, and the score-table search.

use std::path::Path;

use swine_solver::format;
use swine_solver::hog::{
    Player, Ruleset, ScoreTable, SearchLimits, Solution, Strategy, StrategyKind, TOLERANCE,
    best_table, evaluate, solve, solve_against, solve_everywhere,
};

use crate::util::Sandbox;

fn committed(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tables")
        .join(name)
}

fn fixed(strategy: &Strategy, rules: &Ruleset) -> swine_solver::hog::Policy {
    match strategy.player(rules) {
        Player::Fixed(policy) => policy,
        _ => panic!("{} is not a fixed strategy", strategy.name()),
    }
}

#[test]
fn a_table_against_itself_wins_exactly_half() {
    let rules = Ruleset::preset("hog-fa19", 100).unwrap();
    for spec in ["always_roll:4", "swap", "bacon:7,5"] {
        let strategy = Strategy::parse(spec, &rules).unwrap();
        assert_eq!(
            evaluate(&rules, &strategy, &strategy).unwrap().win_rate(),
            0.5,
            "{spec}"
        );
    }
    let best = committed("hog_fa19_best_table_vs_always_roll_4.csv");
    let best = Strategy::parse(best.to_str().unwrap(), &rules).unwrap();
    assert_eq!(evaluate(&rules, &best, &best).unwrap().win_rate(), 0.5);
}

#[test]
fn the_committed_best_table_is_worth_what_its_file_says_and_no_more_than_full_information() {
    let rules = Ruleset::preset("hog-fa19", 100).unwrap();
    let file = format::load(
        &committed("hog_fa19_best_table_vs_always_roll_4.json"),
        &rules.schemas(),
    )
    .unwrap();
    assert_eq!(
        file.table.schema,
        rules.score_schema(),
        "it sees only the scores"
    );
    let yardstick = Strategy::parse("always_roll:4", &rules).unwrap();
    let table = Strategy::from_table("best", file.table.clone());
    let exact = evaluate(&rules, &table, &yardstick).unwrap();
    assert_eq!(Some(exact.win_rates()), file.meta.win_rates);
    let full = format::load(
        &committed("hog_fa19_full_information_vs_always_roll_4.bin"),
        &rules.schemas(),
    )
    .unwrap();
    let full_matchup = full.meta.win_rates.unwrap();
    assert!(full_matchup.win_rate > exact.win_rate());
    // The full-information table, replayed as a fixed strategy, is worth exactly its value.
    let replayed = evaluate(
        &rules,
        &Strategy::from_table("full", full.table),
        &yardstick,
    )
    .unwrap();
    assert_eq!(replayed.win_rates(), full_matchup);
    // And it is the best response: optimising again finds the same value.
    let optimal = evaluate(&rules, &Strategy::optimising("optimal"), &yardstick).unwrap();
    assert_eq!(optimal.win_rates(), full_matchup);
}

/// A table that looks random: dice counts spread over `0..=10` (or over `counts`), by seed.
fn scrambled(goal: usize, seed: usize, counts: &[u8]) -> ScoreTable {
    ScoreTable::from_shape_fn((goal, goal), |(own, opponent)| {
        let mixed = (own * 7919 + opponent * 104_729 + seed * 1_299_709) ^ (own * opponent * 31);
        counts[mixed % 97 % counts.len()]
    })
}

/// Solves `players` over the reachable memories and over every state, checks that both give
/// the same match-up and the same value in every state the first visits, and returns both with
/// the number of (state, seat) values visited.
fn reachable_and_full(
    rules: &Ruleset,
    players: [&Player; 2],
    (a, b): (&str, &str),
) -> (Solution, Solution, usize) {
    let reachable = solve(rules, players).unwrap();
    let full = solve_everywhere(rules, players).unwrap();
    assert_eq!(reachable.matchup(), full.matchup(), "{a} vs {b}");
    let mut visited = 0;
    for state in 0..rules.space().states() {
        for seat in 0..2 {
            if let Some(value) = reachable.value(seat, state) {
                assert_eq!(Some(value), full.value(seat, state), "{a} vs {b}: {state}");
                visited += 1;
            }
        }
    }
    (reachable, full, visited)
}

#[test]
fn sweeping_only_reachable_memories_gives_the_full_state_values() {
    let rules = Ruleset::preset("hog-fa19", 100).unwrap();
    let everything: Vec<u8> = (0..=10).collect();
    let mut strategies: Vec<Strategy> = [
        "always_roll:0",
        "always_roll:4",
        "always_roll:10",
        "bacon:8,4",
        "swap:8,6",
    ]
    .iter()
    .map(|spec| Strategy::parse(spec, &rules).unwrap())
    .collect();
    for file in [
        "hog_fa19_best_table_vs_always_roll_4.csv",
        "hog_fa19_full_information_vs_always_roll_4.bin",
    ] {
        let path = committed(file);
        strategies.push(Strategy::parse(path.to_str().unwrap(), &rules).unwrap());
    }
    for (seed, counts) in [
        (1, &everything[..]),
        (2, &everything[..]),
        (3, &[3, 5, 7][..]),
    ] {
        let table = rules.score_table(scrambled(100, seed, counts));
        strategies.push(Strategy::from_table(&format!("scrambled {seed}"), table));
    }
    let mut players: Vec<(String, Player)> = strategies
        .iter()
        .map(|s| (s.name().to_string(), s.player(&rules)))
        .collect();
    players.push(("optimal".to_string(), Player::Optimising));
    let yardstick = strategies[1].player(&rules);
    let pairs = players
        .iter()
        .map(|(name, player)| ((name.as_str(), player), ("always_roll:4", &yardstick)))
        .chain([
            (
                (players[5].0.as_str(), &players[5].1),
                (players[7].0.as_str(), &players[7].1),
            ),
            (
                (players[8].0.as_str(), &players[8].1),
                (players[9].0.as_str(), &players[9].1),
            ),
            (
                (players[3].0.as_str(), &players[3].1),
                (players[9].0.as_str(), &players[9].1),
            ),
        ]);
    let space = rules.space();
    for ((a, first), (b, second)) in pairs {
        let (reachable, full, visited) = reachable_and_full(&rules, [first, second], (a, b));
        if (a, b) == ("always_roll:10", "always_roll:4") {
            // Each seat holds 0 before its first turn, then its own count: 4 slots per cell.
            assert_eq!(visited, 2 * space.cells() * 4);
        }
        // Where the two can meet, they ask for the same dice.
        let policies = [reachable.policy(0), full.policy(0)];
        let reach = swine_solver::hog::reach(&rules, [&policies[1], &full.policy(1)]);
        for state in (0..space.states()).filter(|&s| reach.probability(0, s) > 0.0) {
            assert_eq!(
                policies[0].dice(state),
                policies[1].dice(state),
                "{a} vs {b}"
            );
        }
    }
}

#[test]
fn time_trot_memories_reachable_through_the_opponents_count_give_the_full_state_values() {
    // hog-fa17 counts each player's turns; a turn's Time Trot reads both counts, so which
    // memories a seat holds depends on the other seat's.
    let rules = Ruleset::preset("hog-fa17", 100).unwrap();
    let space = rules.space();
    let player = |spec: &str| match spec {
        "optimal" => Player::Optimising,
        spec => Strategy::parse(spec, &rules).unwrap().player(&rules),
    };
    for (a, b) in [
        ("always_roll:10", "always_roll:9"),
        ("always_roll:0", "always_roll:4"),
        ("swap:8,4", "always_roll:3"),
        ("optimal", "always_roll:10"),
    ] {
        let players = [player(a), player(b)];
        let (_, _, visited) = reachable_and_full(&rules, [&players[0], &players[1]], (a, b));
        if a == "always_roll:10" {
            // Neither ever matches a turn number (0..7): no Time Trot flag, 8 counts each.
            assert_eq!(visited, 2 * space.cells() * 8 * 8);
        } else {
            assert!(visited > 2 * space.cells() * 8 * 8, "{a} vs {b}");
        }
    }
}

#[test]
fn the_search_gives_the_same_table_for_the_same_seed_on_any_number_of_threads() {
    let rules = Ruleset::preset("hog-fa19", 40).unwrap();
    let yardstick = fixed(&Strategy::parse("always_roll:4", &rules).unwrap(), &rules);
    let limits = |seed| SearchLimits {
        perturbations: 12,
        seed,
        ..SearchLimits::default()
    };
    let search_on = |threads: usize, seed: u64| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| best_table(&rules, &yardstick, limits(seed), |_| {}).unwrap())
    };
    let one = search_on(1, 5);
    let two = search_on(2, 5);
    assert_eq!(one.table, two.table);
    assert_eq!(one.matchup, two.matchup);
    assert_eq!(one.perturbations, (12, two.perturbations.1));
    assert!(one.local_optimum);
    // The perturbations only ever keep a better table than the climbs found without them.
    let no_perturbations = SearchLimits {
        perturbations: 0,
        ..limits(5)
    };
    let climbs_only = best_table(&rules, &yardstick, no_perturbations, |_| {}).unwrap();
    assert!(one.matchup.win_rate() >= climbs_only.matchup.win_rate());
}

#[test]
fn no_single_cell_change_improves_a_searched_table() {
    // Small enough to try every change of every cell exactly.
    let rules = Ruleset::preset("hog-fa19", 20).unwrap();
    let yardstick = Strategy::parse("always_roll:4", &rules).unwrap();
    let search = best_table(
        &rules,
        &fixed(&yardstick, &rules),
        SearchLimits::default(),
        |_| {},
    )
    .unwrap();
    assert!(search.local_optimum);
    let table = Strategy::from_table("t", rules.score_table(search.table.clone()));
    let base = evaluate(&rules, &table, &yardstick).unwrap().win_rate();
    assert_eq!(base, search.matchup.win_rate());
    for ((own, opponent), &n) in search.table.indexed_iter() {
        for other in (0..=10).filter(|&other| other != n) {
            assert_no_gain(
                &rules,
                &yardstick,
                &search.table,
                base,
                (own, opponent),
                other,
            );
        }
    }
}

/// Asserts that rolling `other` at `cell` instead of what `table` rolls does not raise the win
/// rate `base` by more than the search's tolerance.
fn assert_no_gain(
    rules: &Ruleset,
    opponent: &Strategy,
    table: &ScoreTable,
    base: f64,
    (own, opponent_score): (usize, usize),
    other: u8,
) {
    let mut changed = table.clone();
    changed[[own, opponent_score]] = other;
    let strategy = Strategy::from_table("changed", rules.score_table(changed));
    let gain = evaluate(rules, &strategy, opponent).unwrap().win_rate() - base;
    assert!(
        gain <= TOLERANCE,
        "rolling {other} instead of {} at ({own}, {opponent_score}) gains {gain}",
        table[[own, opponent_score]]
    );
}

#[test]
fn sampled_single_cell_changes_do_not_improve_the_committed_table() {
    let rules = Ruleset::preset("hog-fa19", 100).unwrap();
    let path = committed("hog_fa19_best_table_vs_always_roll_4.bin");
    let file = format::load(&path, &rules.schemas()).unwrap();
    let StrategyKind::Scores(table) = Strategy::from_table("t", file.table.clone()).kind().clone()
    else {
        panic!("a score table");
    };
    let yardstick = Strategy::parse("always_roll:4", &rules).unwrap();
    let base = file.meta.win_rates.unwrap().win_rate;
    // Cells every game passes near: the opening and the middle game.
    for (own, opponent) in [(0, 0), (0, 6), (8, 0), (25, 30), (50, 47), (90, 85)] {
        let n: u8 = table[[own, opponent]];
        for other in [n.saturating_sub(1), (n + 1).min(10), 0] {
            if other != n {
                assert_no_gain(&rules, &yardstick, &table, base, (own, opponent), other);
            }
        }
    }
}

#[test]
fn minimax_with_memory_sees_the_full_state() {
    let rules = Ruleset::preset("hog-fa19", 100).unwrap();
    let minimax = Strategy::optimising("minimax");
    let solved = solve_against(&rules, &minimax, SearchLimits::default(), |_| {}).unwrap();
    let None = &solved.file.table.schema.python else {
        panic!("minimax with memory reads the memories");
    };
    let game = solved.outcome;
    assert_eq!(game.as_first() + game.as_second(), 1.0);
    assert_eq!(solved.first_player_wins, Some(game.as_first()));
    let table = Strategy::from_table("minimax", solved.file.table.clone());
    let exploited = evaluate(&rules, &table, &minimax).unwrap();
    approx::assert_abs_diff_eq!(exploited.as_first(), game.as_first(), epsilon = 1e-14);
    approx::assert_abs_diff_eq!(exploited.as_second(), game.as_second(), epsilon = 1e-14);
}

#[test]
fn solve_reports_both_optima_and_which_one_it_wrote() {
    let sandbox = Sandbox::new();
    // A time limit this short stops the search after its first round.
    let run = sandbox.run(&[
        "solve",
        "--rules",
        "hog-fa19",
        "--time-limit",
        "0.001",
        "--full-information",
        "--format",
        "csv,json,bin",
        "--json",
    ]);
    let json = run.json();
    assert_eq!(json["strategy"], "best_table");
    assert_eq!(json["details"]["final_strategy"], "best score table");
    assert_eq!(json["details"]["table_local_optimum"], false);
    assert_eq!(json["details"]["search_rounds"], 1);
    let table = json["win_rate"].as_f64().unwrap();
    let full = json["details"]["full_information_win_rate"]
        .as_f64()
        .unwrap();
    assert!(full > table, "{full} <= {table}");
    assert_eq!(json["details"]["gap"].as_f64().unwrap(), full - table);
    assert_eq!(
        sandbox.files("swine-out"),
        [
            "hog_fa19_best_table_vs_always_roll_4.bin",
            "hog_fa19_best_table_vs_always_roll_4.csv",
            "hog_fa19_best_table_vs_always_roll_4.json",
            "hog_fa19_full_information_vs_always_roll_4.bin",
            "hog_fa19_full_information_vs_always_roll_4.csv",
            "hog_fa19_full_information_vs_always_roll_4.json",
        ]
    );
    // The written tables, loaded back, are worth exactly what was reported.
    for (file, key) in [
        ("hog_fa19_best_table_vs_always_roll_4.csv", "win_rate"),
        (
            "hog_fa19_full_information_vs_always_roll_4.csv",
            "full_information_win_rate",
        ),
        (
            "hog_fa19_full_information_vs_always_roll_4.json",
            "full_information_win_rate",
        ),
    ] {
        let path = format!("swine-out/{file}");
        let eval = sandbox
            .run(&["eval", &path, "--rules", "hog-fa19", "--json"])
            .json();
        let reported = json.get(key).unwrap_or(&json["details"][key]);
        assert_eq!(eval["win_rate"], *reported, "{file}");
    }
    let text = sandbox
        .run(&[
            "solve",
            "--rules",
            "hog-fa19",
            "--time-limit",
            "0.001",
            "--format",
            "py",
        ])
        .success();
    assert!(text.contains("full information  0.88"), "{text}");
    assert!(
        text.contains(
            "final_strategy is the best score table found (1 rounds; 0 perturbations climbed \
             again, 0 of them better; seed 0): stopped by the time limit"
        ),
        "{text}"
    );
}

#[test]
fn full_information_tables_come_in_every_format_that_holds_them() {
    let sandbox = Sandbox::new();
    let args = [
        "solve",
        "--rules",
        "hog-fa19",
        "--time-limit",
        "0.001",
        "--full-information",
    ];
    sandbox.run(&args).success();
    let files = sandbox.files("swine-out");
    assert_eq!(files.len(), 9, "{files:?}");
    assert!(files.contains(&"hog_fa19_best_table_vs_always_roll_4.py".to_string()));
    assert!(!files.contains(&"hog_fa19_full_information_vs_always_roll_4.py".to_string()));
    let mut only_python = args.to_vec();
    only_python.extend(["--format", "py", "--out", "py"]);
    assert_eq!(
        sandbox.run(&only_python).failure(),
        "swine: --full-information: a full-information table needs csv, json, npy or bin"
    );
    assert!(!sandbox.join("py").exists());
    assert_eq!(
        sandbox
            .run(&[
                "solve",
                "--rules",
                "hog-fa19",
                "--vs",
                "minimax",
                "--full-information"
            ])
            .failure(),
        "swine: --full-information: against minimax, the strategy written already sees everything"
    );
    assert_eq!(
        sandbox.run(&["solve", "--full-information"]).failure(),
        "swine: --full-information: hog-fa20 remembers nothing a score table cannot see, so its \
         optimal strategy already is a score table"
    );
}

#[test]
fn minimax_with_memory_skips_the_python_module_unless_asked() {
    let sandbox = Sandbox::new();
    let json = sandbox
        .run(&["solve", "--rules", "hog-fa19", "--vs", "minimax", "--json"])
        .json();
    assert!(json["first_player_wins"].as_f64().unwrap() > 0.5);
    assert_eq!(json["strategy"], "minimax (full information)");
    assert_eq!(
        sandbox.files("swine-out"),
        [
            "hog_fa19_minimax.bin",
            "hog_fa19_minimax.csv",
            "hog_fa19_minimax.json",
            "hog_fa19_minimax.npy"
        ]
    );
    let message = sandbox
        .run(&[
            "solve", "--rules", "hog-fa19", "--vs", "minimax", "--format", "py", "--out", "py",
        ])
        .failure();
    assert!(
        message.starts_with(
            "swine: cannot write a .py file for this table: a course strategy function sees less \
             than this table reads (own score, opponent score, own memory, opponent memory)"
        ),
        "{message}"
    );
    assert!(!sandbox.join("py").exists());
}

#[test]
fn full_tables_are_checked_like_score_tables() {
    let sandbox = Sandbox::new();
    sandbox
        .run(&[
            "solve", "--rules", "hog-fa19", "--vs", "minimax", "--format", "csv",
        ])
        .success();
    let csv = std::fs::read_to_string(sandbox.join("swine-out/hog_fa19_minimax.csv")).unwrap();
    let line = csv.lines().nth(5).unwrap();
    let fields: Vec<&str> = line.split(',').collect();
    let bad = format!("{},{},{},{},12", fields[0], fields[1], fields[2], fields[3]);
    sandbox.write("bad.csv", csv.replacen(line, &bad, 1));
    assert_eq!(
        sandbox
            .run(&["eval", "bad.csv", "--rules", "hog-fa19"])
            .failure(),
        format!(
            "swine: in STRATEGY: bad.csv: row 6, column 5 (own score {}, opponent score {}, own \
             memory {}, opponent memory {}): 12 dice is outside 0..=10",
            fields[0], fields[1], fields[2], fields[3]
        )
    );
    // A full table means nothing to rules without memory.
    assert_eq!(
        sandbox
            .run(&[
                "eval",
                "swine-out/hog_fa19_minimax.csv",
                "--rules",
                "hog-fa20"
            ])
            .failure(),
        "swine: in STRATEGY: swine-out/hog_fa19_minimax.csv: expected a 100 x 100 table (own \
         score x opponent score), found a table with the columns \
         own,opponent,own_memory,opponent_memory,dice"
    );
}

#[test]
fn built_in_strategies_see_only_the_scores() {
    let rules = Ruleset::preset("hog-fa19", 100).unwrap();
    let swap = Strategy::parse("swap", &rules).unwrap();
    assert_eq!(swap.name(), "swap:8,4");
    let StrategyKind::Scores(table) = swap.kind() else {
        panic!("built-ins are score tables");
    };
    // RULES.md: own 36, opponent 43, margin 10, n 6 rolls 6; with the defaults (8, 4) the
    // bacon of 7 is still below the margin, so it rolls 4.
    assert_eq!(table[[36, 43]], 4);
}
