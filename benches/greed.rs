//! Benchmarks of the Greed solver at the course's limit of 100.
//!
//! - `greed/setup`: the dice distributions of 1..=255 dice, their tails and the caps.
//! - `greed/best_response`: the optimising sweep against `sample2` (values only).
//! - `greed/minimax`: the optimising sweep with both players optimising (values only).
//! - `greed/solve_against_sample2` and `greed/solve_minimax`: what `swine solve` computes:
//!   the optimising sweep, then the win/tie/loss evaluation of the policies it found.
//! - `greed/evaluate`: the win/tie/loss evaluation of the optimal table against `sample2`
//!   (what `swine eval` computes for two fixed strategies).
//! - `greed/simulate`: 10,000 Monte Carlo games per seat of the same match-up.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use swine_solver::game::simulate::simulate;
use swine_solver::greed::{Greed, Player, Plays, Strategy, evaluate, solve, solve_against};

fn greed(c: &mut Criterion) {
    let game = Greed::new(100).expect("the course's limit");
    let sample2 = Strategy::parse("sample2", &game).expect("a built-in");
    let minimax = Strategy::parse("minimax", &game).expect("a built-in");
    let Player::Fixed(yardstick) = sample2.player() else {
        unreachable!("sample2 is fixed")
    };
    let optimal = solve(&game, [&Player::Optimising, sample2.player()])
        .expect("converges")
        .policy(0);
    let mut group = c.benchmark_group("greed");
    group.sample_size(20);
    group.bench_function("setup", |b| b.iter(|| Greed::new(black_box(100))));
    group.bench_function("best_response", |b| {
        b.iter(|| solve(&game, [&Player::Optimising, sample2.player()]).unwrap())
    });
    group.bench_function("minimax", |b| {
        b.iter(|| solve(&game, [&Player::Optimising, &Player::Optimising]).unwrap())
    });
    group.bench_function("solve_against_sample2", |b| {
        b.iter(|| solve_against(&game, &sample2).unwrap())
    });
    group.bench_function("solve_minimax", |b| {
        b.iter(|| solve_against(&game, &minimax).unwrap())
    });
    group.bench_function("evaluate", |b| {
        b.iter(|| evaluate(&game, [&optimal, yardstick]).unwrap())
    });
    group.bench_function("simulate", |b| {
        let [a, b2] = [&optimal, yardstick].map(|policy| Plays {
            greed: &game,
            policy,
        });
        b.iter(|| simulate(&game, [&a, &b2], (10_000, 1), &|_: u64| {}))
    });
    group.finish();
}

criterion_group!(benches, greed);
criterion_main!(benches);
