//! Benchmarks of Yahtzee's solver, on both cores (each layer of cards runs in parallel).
//!
//! - `yahtzee/solve`: the expected final score of optimal play under Hasbro's printed rules
//!   (forced joker, Yahtzee bonus 100): every card between turns, from the full card back to
//!   the empty one (issue 46's target: at most 1 s).
//! - `yahtzee/distribution`: the exact distribution of the final score under that play, pushed
//!   forward from the empty card (the solve done once, outside the timing).
//! - `yahtzee/advice_from_the_cache`: what `swine eval optimal --rules yahtzee --dice 1,1,2,5,6
//!   --rolls-left 2` does in process once the game is in the cache directory: read the solved
//!   card values back (8.4 MB, checksummed) and value that turn's keeps (issue 61's target for
//!   the whole process: at most 50 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use swine_solver::game::Run;
use swine_solver::yahtzee::{Card, Settings, distribution, kept, solve};

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
    let cache = tempfile::tempdir().expect("a temporary directory");
    kept::write_into(cache.path(), &solution);
    let keeps = solution.keeps();
    let roll = keeps.number(&[2, 1, 0, 0, 1, 1]).expect("1 1 2 5 6") - keeps.first_roll();
    group.bench_function("advice_from_the_cache", |b| {
        b.iter(|| {
            let read = kept::read_from(cache.path(), &settings).expect("kept");
            let turns = read.turn(Card::EMPTY);
            let turn = turns.at(Card::EMPTY);
            let best = turn.best_keep(roll, 2);
            assert!((turn.keep_value(best, 2) - 249.936_356_472_909_75).abs() < 1e-9);
        })
    });
    group.finish();
}

criterion_group!(benches, yahtzee);
criterion_main!(benches);
