//! Benchmarks of the Pig family's solver: the pairs of one total run on every core.
//!
//! - `pig/minimax_100`: pig to 100, both players optimal, to a residual of at most 1e-14
//!   (Neller & Presser's game).
//! - `pig/best_response_100`: the best response to `hold_at:20`.
//! - `pig/evaluate_100`: `keep_pace` against `score_base`, both fixed, every state's value.
//! - `pig/matchup_100`: the same match-up as `swine eval` solves it, keeping only the values
//!   at turn total 0.
//! - `pig/explain_100`: every state of `hold_at:20` whose change alone gains, against itself.
//! - `pig/simulate_100`: 10,000 Monte Carlo games per seat of `keep_pace` against `score_base`.
//! - `pig/minimax_200`: pig to 200, both optimal.
//! - `two-dice-pig/minimax_100` and `two-dice-pig/best_response_100`: two 1s drop a score to
//!   0, so the solve repeats its passes until the values they lead to settle.
//! - `pig-seats/three_80`, `pig-seats/three_100` and `pig-seats/four_30`: every seat for
//!   itself (max-n), three players to 80 (512,000 turn starts, 18.8 million states with the
//!   turn totals) and to 100 (the size: 10^6 turn starts, 5·10^7 states with the
//!   turn totals, some groups solved over their members' envelopes), and four to 30 (810,000
//!   turn starts), to a residual of at most 1e-12.

use criterion::{Criterion, criterion_group, criterion_main};
use std::sync::Arc;
use swine_solver::game::simulate::simulate;

use swine_solver::game::Run;
use swine_solver::pig::seats::PigRace;
use swine_solver::pig::{Pig, Player, Plays, Strategy, Variant, evaluate, explain, solve};
use swine_solver::seats;

/// The most a benchmarked solve's residual may be.
const RESIDUAL: f64 = 1e-14;

fn strategy(pig: &Pig, spec: &str) -> Strategy {
    Strategy::parse(spec, pig).expect("a built-in")
}

/// Solves and checks the residual, so that what is timed is a converged solve.
fn solved(pig: &Pig, players: [&Player; 2]) {
    let solution = solve(pig, players).expect("converges");
    assert!(solution.residual() <= RESIDUAL, "{}", solution.residual());
}

fn pig(c: &mut Criterion) {
    let pig = Pig::new(Variant::Pig, 100).expect("the paper's goal");
    let hold_at_20 = strategy(&pig, "hold_at:20");
    let keep_pace = strategy(&pig, "keep_pace");
    let score_base = strategy(&pig, "score_base");
    let Player::Fixed(hold) = hold_at_20.player() else {
        unreachable!("hold_at:20 is fixed")
    };
    let policies = [keep_pace.player(), score_base.player()].map(|p| match p {
        Player::Fixed(policy) => policy.clone(),
        Player::Optimising => unreachable!("fixed built-ins"),
    });
    let mut group = c.benchmark_group("pig");
    group.sample_size(20);
    group.bench_function("minimax_100", |b| {
        b.iter(|| solved(&pig, [&Player::Optimising, &Player::Optimising]))
    });
    group.bench_function("best_response_100", |b| {
        b.iter(|| solved(&pig, [&Player::Optimising, hold_at_20.player()]))
    });
    group.bench_function("evaluate_100", |b| {
        b.iter(|| solved(&pig, [keep_pace.player(), score_base.player()]))
    });
    group.bench_function("matchup_100", |b| {
        b.iter(|| {
            let (_, residual) = evaluate(&pig, &keep_pace, &score_base).expect("converges");
            assert!(residual <= RESIDUAL, "{residual}");
        })
    });
    group.bench_function("explain_100", |b| {
        b.iter(|| explain(&pig, hold, hold).expect("pig lowers no score"))
    });
    group.bench_function("simulate_100", |b| {
        let [a, b2] = policies
            .each_ref()
            .map(|policy| Plays { pig: &pig, policy });
        b.iter(|| simulate(&pig, [&a, &b2], (10_000, 1), &|_: u64| {}))
    });
    let pig_200 = Pig::new(Variant::Pig, 200).expect("within the largest goal");
    group.sample_size(10);
    group.bench_function("minimax_200", |b| {
        b.iter(|| solved(&pig_200, [&Player::Optimising, &Player::Optimising]))
    });
    group.finish();

    let two_dice = Pig::new(Variant::TwoDicePig, 100).expect("its goal");
    let hold_at_20 = strategy(&two_dice, "hold_at:20");
    let mut group = c.benchmark_group("two-dice-pig");
    group.sample_size(10);
    group.bench_function("minimax_100", |b| {
        b.iter(|| solved(&two_dice, [&Player::Optimising, &Player::Optimising]))
    });
    group.bench_function("best_response_100", |b| {
        b.iter(|| solved(&two_dice, [&Player::Optimising, hold_at_20.player()]))
    });
    group.finish();

    let mut group = c.benchmark_group("pig-seats");
    group.sample_size(10);
    for (name, goal, players) in [
        ("three_80", 80, 3),
        ("three_100", 100, 3),
        ("four_30", 30, 4),
    ] {
        let pig = Arc::new(Pig::new(Variant::Pig, goal).expect("a goal"));
        group.bench_function(name, |b| {
            b.iter(|| {
                let race = PigRace::new(Arc::clone(&pig), players, vec![Player::Optimising]);
                let solution = seats::solve(&race, &Run::default()).expect("solved");
                assert!(
                    solution.residual <= seats::RESIDUAL,
                    "{}",
                    solution.residual
                );
            })
        });
    }
    group.finish();
}

criterion_group!(benches, pig);
criterion_main!(benches);
