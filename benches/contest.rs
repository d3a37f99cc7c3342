//! Benchmarks of grading and tournaments.
//!
//! - `round_robin/hog-fa20-100-tables`: the exact round robin of 100 score tables (the
//!   `bacon:CUTOFF,N` tables for cutoffs 4..=13 and 1..=10 dice, all different: Free Bacon
//!   scores 3..=12), 4,950 matches, on all cores:
//!   what `swine tournament` computes once the tables are loaded.
//! - `round_robin/hog-fa19-30-strategies-N-threads`: the exact round robin of 30 hog-fa19
//!   strategies (`always_roll:0..=10`, `bacon` and `swap` with 8 parameter pairs each, and the
//!   best score table, the full-information best response and the minimax strategy from
//!   `tables/`), 435 matches, on one thread and on all cores.
//! - `explain/<rules>`: every cell's exact single-change gain of one table against the
//!   yardstick (what `--explain` computes).

mod common;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use swine_solver::greed::{self, Greed};
use swine_solver::hog::{Player, Ruleset, Strategy, StrategyKind, evaluate, explain};
use swine_solver::tournament::round_robin;

fn round_robin_of_tables(c: &mut Criterion) {
    let rules = Ruleset::preset("hog-fa20", 100).expect("built-in ruleset");
    let tables: Vec<Strategy> = (4..=13)
        .flat_map(|cutoff| (1..=10).map(move |n| format!("bacon:{cutoff},{n}")))
        .map(|spec| Strategy::parse(&spec, &rules).expect("built-in strategy"))
        .collect();
    let mut group = c.benchmark_group("round_robin");
    group.sample_size(10);
    group.bench_function("hog-fa20-100-tables", |b| {
        b.iter(|| {
            round_robin(
                tables.len(),
                |i, j| Ok::<_, ()>(evaluate(&rules, &tables[i], &tables[j]).unwrap()),
                || {},
            )
        })
    });
    group.finish();
}

/// The 30 hog-fa19 strategies of the README's tournament figure.
fn hog_fa19_entries(rules: &Ruleset) -> Vec<Strategy> {
    let parameters = ["6,4", "7,4", "8,4", "9,4", "10,4", "8,3", "8,5", "8,6"];
    let tables = [
        "hog_fa19_best_table_vs_always_roll_4.csv",
        "hog_fa19_full_information_vs_always_roll_4.bin",
        "hog_fa19_minimax.bin",
    ];
    (0..=10)
        .map(|k| format!("always_roll:{k}"))
        .chain(
            ["bacon", "swap"]
                .iter()
                .flat_map(|name| parameters.iter().map(move |p| format!("{name}:{p}"))),
        )
        .chain(
            tables
                .iter()
                .map(|file| format!("{}/tables/{file}", env!("CARGO_MANIFEST_DIR"))),
        )
        .map(|spec| Strategy::parse(&spec, rules).expect("a built-in or a table in tables/"))
        .collect()
}

fn round_robin_with_hidden_memory(c: &mut Criterion) {
    let rules = Ruleset::preset("hog-fa19", 100).expect("built-in ruleset");
    let entries = hog_fa19_entries(&rules);
    let mut group = c.benchmark_group("round_robin");
    group.sample_size(10);
    for (threads, pool) in common::one_thread_and_all() {
        group.bench_function(format!("hog-fa19-30-strategies-{threads}-threads"), |b| {
            b.iter(|| {
                pool.install(|| {
                    round_robin(
                        entries.len(),
                        |i, j| Ok::<_, ()>(evaluate(&rules, &entries[i], &entries[j]).unwrap()),
                        || {},
                    )
                })
            })
        });
    }
    group.finish();
}

fn explain_gains(c: &mut Criterion) {
    let mut group = c.benchmark_group("explain");
    group.sample_size(10);
    for (name, spec) in [("hog-fa20", "bacon:8,6"), ("hog-fa19", "swap")] {
        let rules = Ruleset::preset(name, 100).expect("built-in ruleset");
        let strategy = Strategy::parse(spec, &rules).expect("built-in strategy");
        let StrategyKind::Scores(table) = strategy.kind() else {
            unreachable!("built-ins are score tables")
        };
        let yardstick = Strategy::parse(rules.rules().yardstick(), &rules).expect("yardstick");
        let Player::Fixed(opponent) = yardstick.player(&rules) else {
            unreachable!("built-ins are fixed")
        };
        group.bench_function(name, |b| {
            b.iter(|| explain(&rules, black_box(table), &opponent).unwrap())
        });
    }
    let game = Greed::new(greed::DEFAULT_LIMIT).expect("the course's limit");
    let fixed = |spec: &str| match greed::Strategy::parse(spec, &game)
        .expect("built-in strategy")
        .player()
    {
        greed::Player::Fixed(policy) => policy.clone(),
        greed::Player::Optimising => unreachable!("samples are fixed"),
    };
    let (sample1, sample2) = (fixed("sample1"), fixed("sample2"));
    group.bench_function("greed", |b| {
        b.iter(|| greed::explain(&game, black_box(&sample1), &sample2).unwrap())
    });
    group.finish();
}

criterion_group!(
    benches,
    round_robin_of_tables,
    round_robin_with_hidden_memory,
    explain_gains
);
criterion_main!(benches);
