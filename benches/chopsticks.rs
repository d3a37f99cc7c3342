//! Benchmarks of the Chopsticks solvers.
//!
//! - `chopsticks/unlimited`: retrograde analysis of all 1,250 positions (hands and side to
//!   move), with distances.
//! - `chopsticks/moves_10`: the assignment's move-limited solve, 21 levels of 625 positions.
//! - `chopsticks/reachable_10`: the summary of what is reachable from the start within 10 moves.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use swine_solver::chopsticks::{Limited, LimitedSummary, Retrograde};

fn chopsticks(c: &mut Criterion) {
    let mut group = c.benchmark_group("chopsticks");
    group.bench_function("unlimited", |b| b.iter(Retrograde::solve));
    group.bench_function("moves_10", |b| b.iter(|| Limited::solve(black_box(10))));
    let solved = Limited::solve(10);
    group.bench_function("reachable_10", |b| b.iter(|| LimitedSummary::of(&solved)));
    group.finish();
}

criterion_group!(benches, chopsticks);
criterion_main!(benches);
