//! Benchmarks of the Hog engine on the built-in rulesets at goal 100.
//!
//! - `compile/<rules>`: turning a ruleset into tables, dice distributions included.
//! - `best_response/<rules>`: one sweep with an optimising player against the yardstick (what
//!   `swine solve` computes).
//! - `minimax/<rules>`: one sweep with both players optimising.
//! - `evaluate/<rules>`: one sweep with two fixed strategies: the optimal table against the
//!   yardstick (what `swine eval` computes).
//! - `simulate/<rules>`: 10,000 Monte Carlo games per seat of the same match-up.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use swine_solver::hog::simulate::simulate;
use swine_solver::hog::{Player, Ruleset, Strategy, solve};

const RULESETS: [&str; 2] = ["hog-fa20", "hog-wild"];

fn ruleset(name: &str) -> (Ruleset, Player) {
    let rules = Ruleset::preset(name, 100).expect("built-in ruleset");
    let yardstick = Strategy::parse(rules.rules().yardstick(), &rules).expect("yardstick");
    let player = yardstick.player(&rules);
    (rules, player)
}

fn compile(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    for name in RULESETS {
        group.bench_function(name, |b| b.iter(|| Ruleset::preset(black_box(name), 100)));
    }
    group.finish();
}

fn sweeps(c: &mut Criterion) {
    for name in RULESETS {
        let (rules, yardstick) = ruleset(name);
        c.bench_function(&format!("best_response/{name}"), |b| {
            b.iter(|| solve(&rules, [&Player::Optimising, &yardstick]))
        });
        c.bench_function(&format!("minimax/{name}"), |b| {
            b.iter(|| solve(&rules, [&Player::Optimising, &Player::Optimising]))
        });
        let optimal = Player::Fixed(solve(&rules, [&Player::Optimising, &yardstick]).policy(0));
        c.bench_function(&format!("evaluate/{name}"), |b| {
            b.iter(|| solve(&rules, [&optimal, &yardstick]).matchup())
        });
    }
}

fn simulation(c: &mut Criterion) {
    let mut group = c.benchmark_group("simulate");
    group.sample_size(10);
    for name in RULESETS {
        let (rules, yardstick) = ruleset(name);
        let solution = solve(&rules, [&Player::Optimising, &yardstick]);
        let policies = [solution.policy(0), solution.policy(1)];
        group.bench_function(name, |b| {
            b.iter(|| simulate(&rules, [&policies[0], &policies[1]], 10_000, 1))
        });
    }
    group.finish();
}

criterion_group!(benches, compile, sweeps, simulation);
criterion_main!(benches);
