//! Benchmarks of Yahtzee's solver, on both cores (each layer of cards runs in parallel).
//!
//! - `yahtzee/solve`: the expected final score of optimal play under Hasbro's printed rules
//!   (forced joker, Yahtzee bonus 100): every card between turns, from the full card back to
//!   the empty one (issue 46's target: at most 1 s).
//! - `yahtzee/distribution`: the exact distribution of the final score under that play, pushed
//!   forward from the empty card (the solve done once, outside the timing).

use criterion::{Criterion, criterion_group, criterion_main};
use swine_solver::game::Run;
use swine_solver::yahtzee::{Settings, distribution, solve};

fn yahtzee(c: &mut Criterion) {
    let settings = Settings::default();
    // Checked as the CLI's and Python's runs are, never stopped.
    let run = Run::default();
    let mut group = c.benchmark_group("yahtzee");
    group.sample_size(10);
    group.bench_function("solve", |b| {
        b.iter(|| {
            let score = solve(&settings, &run)
                .expect("not stopped")
                .expected_score();
            assert!(score > 250.0 && score < 260.0, "{score}");
        })
    });
    let solution = solve(&settings, &run).expect("not stopped");
    group.bench_function("distribution", |b| {
        b.iter(|| {
            let d = distribution(&solution, &run).expect("not stopped");
            assert!((d.mean() - solution.expected_score()).abs() < 1e-9);
        })
    });
    group.finish();
}

criterion_group!(benches, yahtzee);
criterion_main!(benches);
