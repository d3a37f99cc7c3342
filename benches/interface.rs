//! Benchmarks of the one game interface: solves the direct benchmarks also time
//! (`hog-fa20/best_response`, `pig/minimax_100`, `farkle/minimax_2000`), asked as every verb
//! asks them, through [`catalog::open`] and `DynGame::evaluate` (one call per match-up), so
//! that what the boundary costs shows beside them.
//!
//! - `interface/hog-fa20_best_response`: `optimal` against `always_roll:4` at goal 100.
//! - `interface/pig_minimax_100`: `optimal` against `optimal` in Pig at goal 100.
//! - `interface/farkle_minimax_2000`: `optimal` against `optimal` in Farkle at goal 2000, floor
//!   −1000, on both cores.

use criterion::{Criterion, criterion_group, criterion_main};
use swine_solver::catalog;
use swine_solver::game::{Opened, Run, Strategy};
use swine_solver::python::Runner;

/// The game `rules` names at `goal` with `settings`, and the two strategies `specs` name.
fn match_up(
    rules: &str,
    goal: u32,
    settings: &[(&str, i64)],
    specs: [&str; 2],
) -> (Opened, [Strategy; 2]) {
    let settings: Vec<(String, String)> = settings
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    let runner = Runner::default();
    let game = catalog::open(rules, Some(goal), &settings, &runner).expect("a built-in game");
    let seats = specs.map(|spec| game.resolve(spec, &runner).expect("a built-in strategy"));
    (game, seats)
}

fn interface(c: &mut Criterion) {
    let mut group = c.benchmark_group("interface");
    group.sample_size(10);
    for (name, rules, goal, settings, specs) in [
        (
            "hog-fa20_best_response",
            "hog-fa20",
            100,
            &[][..],
            ["optimal", "always_roll:4"],
        ),
        (
            "pig_minimax_100",
            "pig",
            100,
            &[][..],
            ["optimal", "optimal"],
        ),
        (
            "farkle_minimax_2000",
            "farkle",
            2000,
            &[("floor", -1000)][..],
            ["optimal", "optimal"],
        ),
    ] {
        let (game, [strategy, opponent]) = match_up(rules, goal, settings, specs);
        group.bench_function(name, |b| {
            b.iter(|| {
                game.evaluate([&strategy, &opponent], &Run::default())
                    .expect("solves")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, interface);
criterion_main!(benches);
