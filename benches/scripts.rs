//! Benchmarks of rule scripts.
//!
//! - `script/hog-fa20-compile-and-best-response`: compiling the hog-fa20 script into tables and
//!   solving the best response to its yardstick (what `swine solve` does first).
//! - `script/hog-fa20-sweep-50-goals`: a sweep over goal = 51..=100 (50 variants, each compiled
//!   and surveyed: best response, minimax, eleven always_roll evaluations), on all cores.

use criterion::{Criterion, criterion_group, criterion_main};
use rayon::prelude::*;
use swine_solver::hog::{Player, Ruleset, Strategy, presets, solve, survey};

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
    let preset = presets::preset("hog-fa20").expect("built-in ruleset");
    group.bench_function("hog-fa20-sweep-50-goals", |b| {
        b.iter(|| {
            (51..=100)
                .into_par_iter()
                .map(|goal| {
                    let script = preset
                        .compile(&[("goal".to_string(), goal)])
                        .expect("built-in script");
                    survey(&Ruleset::compile(script).expect("compiles")).expect("surveys")
                })
                .collect::<Vec<_>>()
        })
    });
    group.finish();
}

criterion_group!(benches, scripts);
criterion_main!(benches);
