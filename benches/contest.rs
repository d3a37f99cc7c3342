//! Benchmarks of grading and tournaments.
//!
//! - `round_robin/hog-fa20-100-tables`: the exact round robin of 100 score tables (the
//!   `bacon:CUTOFF,N` tables for cutoffs 4..=13 and 1..=10 dice, all different: Free Bacon
//!   scores 3..=12), 4,950 matches, on all cores:
//!   what `swine tournament` computes once the tables are loaded.
//! - `explain/<rules>`: every cell's exact single-change gain of one table against the
//!   yardstick (what `--explain` computes).

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
                |i, j| Ok::<_, ()>(evaluate(&rules, &tables[i], &tables[j])),
                || {},
            )
        })
    });
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
            b.iter(|| explain(&rules, black_box(table), &opponent))
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
        b.iter(|| greed::explain(&game, black_box(&sample1), &sample2))
    });
    group.finish();
}

criterion_group!(benches, round_robin_of_tables, explain_gains);
criterion_main!(benches);
