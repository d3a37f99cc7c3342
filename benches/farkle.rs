//! Benchmarks of Farkle's solver, on both cores (its sweeps run in parallel).
//!
//! - `farkle/minimax_2000`: goal 2000, floor −1000 (default rules otherwise: 7,200 banked
//!   score pairs × 9 farkle counts = 32,400 turn-start states), both players optimal, to a
//!   residual of at most 1e-14.
//! - `farkle/evaluate_2000`: the same game, `bank_at:300` against `max_points` (both fixed:
//!   their turns once, then the sparse evaluation).
//!
//! The full default game (goal 10000, floor −2500) takes minutes and is timed once, with
//! `/usr/bin/time -v`, in docs/performance.md.

use criterion::{Criterion, criterion_group, criterion_main};
use swine_solver::farkle::{Farkle, Fixed, Player, RESIDUAL, solve};

fn farkle(c: &mut Criterion) {
    let game = Farkle::new(&[("goal".into(), 2000), ("floor".into(), -1000)]).expect("valid rules");
    let solved = |players: [Player; 2]| {
        let solution = solve(&game, players, &|_| {}).expect("converges");
        assert!(solution.residual() <= RESIDUAL, "{}", solution.residual());
    };
    let mut group = c.benchmark_group("farkle");
    group.sample_size(10);
    group.bench_function("minimax_2000", |b| {
        b.iter(|| solved([Player::Optimising; 2]))
    });
    let bank = Player::Fixed(Fixed::BankAt {
        total: 300,
        dice: 0,
    });
    group.bench_function("evaluate_2000", |b| {
        b.iter(|| solved([bank, Player::Fixed(Fixed::MaxPoints)]))
    });
    group.finish();
}

criterion_group!(benches, farkle);
criterion_main!(benches);
