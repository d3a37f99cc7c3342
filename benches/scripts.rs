//! Benchmarks of rule scripts.
//!
//! - `script/hog-fa20-compile-and-best-response`: compiling the hog-fa20 script into tables and
//!   solving the best response to its yardstick (what `swine solve` does first).
//! - `script/hog-fa20-sweep-50-goals`: `swine sweep --set goal=51..100` (50 variants, each
//!   compiled and surveyed as the sweep does: best response, minimax, eleven always_roll
//!   evaluations, the study of both optimal, the maps of optimal and the yardstick), on all
//!   cores.

use criterion::{Criterion, criterion_group, criterion_main};
use swine_solver::catalog;
use swine_solver::game::Run;
use swine_solver::hog::{Player, Ruleset, Strategy, solve};
use swine_solver::python::Runner;

fn scripts(c: &mut Criterion) {
    let mut group = c.benchmark_group("script");
    group.sample_size(10);
    group.bench_function("hog-fa20-compile-and-best-response", |b| {
        b.iter(|| {
            let rules = Ruleset::preset("hog-fa20", 100).expect("built-in ruleset");
            let yardstick = Strategy::parse(rules.rules().yardstick(), &rules)
                .expect("yardstick")
                .player(&rules);
            solve(&rules, [&Player::Optimising, &yardstick])
                .unwrap()
                .matchup()
        })
    });
    let grid: Vec<Vec<(String, i64)>> = (51..=100)
        .map(|goal| vec![("goal".to_string(), goal)])
        .collect();
    group.bench_function("hog-fa20-sweep-50-goals", |b| {
        b.iter(|| {
            let (_, surveys) =
                catalog::sweep("hog-fa20", &grid, &Runner::default(), &Run::default())
                    .expect("a sweep of a built-in ruleset");
            assert!(surveys.iter().all(Result::is_ok));
            surveys
        })
    });
    group.finish();
}

criterion_group!(benches, scripts);
criterion_main!(benches);
