//! Benchmarks of the Hog engine on the built-in rulesets at goal 100.
//!
//! - `compile/<rules>`: turning a ruleset into tables, dice distributions included, as every
//!   run after the first does (the hooks' answers read from the cache of compiled scripts);
//!   `compile_fresh/<rules>`: the same with no cache, every hook called.
//! - `best_response/<rules>`: one sweep with an optimising player against the yardstick (what
//!   `swine solve` computes for rules without memory; for hog-fa19, the full-information best
//!   response).
//! - `minimax/<rules>`: one sweep with both players optimising.
//! - `evaluate/<rules>`: one exact evaluation of a score table against the yardstick (what
//!   `swine eval` computes): the optimal table for hog-fa20 and hog-wild, the `swap` built-in
//!   for hog-fa19, whose hidden dice counts the evaluation tracks.
//! - `reach/<rules>`: the forward pass (how likely each state is) for the same match-up.
//! - `hog-fa19/table_search_climbs`: the search for the best score table, climbing from its two
//!   starting tables to local optima; `hog-fa19/table_search_8_perturbations_N_threads`: the
//!   same, then two batches of perturbations climbed again, on one thread and on all.
//! - `hog-fa19-evaluate/always_roll_K`: `always_roll:K` against `always_roll:4` in hog-fa19,
//!   K = 0..=10, and `hog-fa19-evaluate/best_table`: the best score table in `tables/` against
//!   it (the hidden dice counts each player can hold are few).
//! - `simulate/<rules>`: 10,000 Monte Carlo games per seat of the same match-up.
//! - `course/<rules>`: the best response to the yardstick of every CS 61A term's preset, with
//!   hog-fa20 beside them for scale (hog-sp20 and hog-su20 hide the points of each player's
//!   previous turn: the full-information best response).

mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use swine_solver::game::simulate::simulate;
use swine_solver::hog::{
    Player, Plays, Policy, Ruleset, SearchLimits, Strategy, best_table, reach, solve,
};

const RULESETS: [&str; 5] = [
    "hog-fa20",
    "hog-wild",
    "hog-fa19",
    "hog-nju21",
    "hog-textbook",
];

/// The ruleset, its yardstick, and the score table evaluated against it.
fn setup(name: &str) -> (Ruleset, Policy, Policy) {
    let rules = Ruleset::preset(name, 100).expect("built-in ruleset");
    let yardstick = fixed(&rules, rules.rules().yardstick());
    let table = if !rules.hides_memory() {
        let opponent = Player::Fixed(yardstick.clone());
        solve(&rules, [&Player::Optimising, &opponent])
            .unwrap()
            .policy(0)
    } else {
        fixed(&rules, "swap")
    };
    (rules, yardstick, table)
}

fn fixed(rules: &Ruleset, spec: &str) -> Policy {
    match Strategy::parse(spec, rules)
        .expect("built-in strategy")
        .player(rules)
    {
        Player::Fixed(policy) => policy,
        _ => unreachable!("built-ins are fixed"),
    }
}

fn compile(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    for name in RULESETS {
        group.bench_function(name, |b| b.iter(|| Ruleset::preset(black_box(name), 100)));
    }
    group.finish();
    let cache = std::env::var_os("SWINE_CACHE_DIR");
    // SAFETY: criterion runs the benchmarks one after another on this thread, and no other
    // thread reads the environment.
    unsafe { std::env::set_var("SWINE_CACHE_DIR", "") };
    let mut group = c.benchmark_group("compile_fresh");
    for name in RULESETS {
        group.bench_function(name, |b| b.iter(|| Ruleset::preset(black_box(name), 100)));
    }
    group.finish();
    // SAFETY: as above.
    unsafe {
        match cache {
            Some(directory) => std::env::set_var("SWINE_CACHE_DIR", directory),
            None => std::env::remove_var("SWINE_CACHE_DIR"),
        }
    }
}

fn sweeps(c: &mut Criterion) {
    for name in RULESETS {
        let (rules, yardstick, table) = setup(name);
        let (yardstick, table_player) = (Player::Fixed(yardstick), Player::Fixed(table.clone()));
        let mut group = c.benchmark_group(name);
        if rules.hides_memory() {
            group.sample_size(20);
        }
        group.bench_function("best_response", |b| {
            b.iter(|| solve(&rules, [&Player::Optimising, &yardstick]).unwrap())
        });
        group.bench_function("minimax", |b| {
            b.iter(|| solve(&rules, [&Player::Optimising, &Player::Optimising]).unwrap())
        });
        group.bench_function("evaluate", |b| {
            b.iter(|| {
                solve(&rules, [&table_player, &yardstick])
                    .unwrap()
                    .matchup()
            })
        });
        let Player::Fixed(yardstick_policy) = &yardstick else {
            unreachable!()
        };
        group.bench_function("reach", |b| {
            b.iter(|| reach(&rules, [&table, yardstick_policy]))
        });
        group.finish();
    }
}

fn hidden_memory_evaluation(c: &mut Criterion) {
    let (rules, yardstick, _) = setup("hog-fa19");
    let yardstick = Player::Fixed(yardstick);
    let mut group = c.benchmark_group("hog-fa19-evaluate");
    for k in 0..=10 {
        let player = Player::Fixed(fixed(&rules, &format!("always_roll:{k}")));
        group.bench_function(format!("always_roll_{k}"), |b| {
            b.iter(|| {
                solve(&rules, [black_box(&player), &yardstick])
                    .unwrap()
                    .matchup()
            })
        });
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tables/hog_fa19_best_table_vs_always_roll_4.csv"
    );
    let table = Player::Fixed(fixed(&rules, path));
    group.bench_function("best_table", |b| {
        b.iter(|| {
            solve(&rules, [black_box(&table), &yardstick])
                .unwrap()
                .matchup()
        })
    });
    group.finish();
}

fn table_search(c: &mut Criterion) {
    let (rules, yardstick, _) = setup("hog-fa19");
    let mut group = c.benchmark_group("hog-fa19");
    group.sample_size(10);
    let climbs_only = SearchLimits {
        perturbations: 0,
        ..SearchLimits::default()
    };
    group.bench_function("table_search_climbs", |b| {
        b.iter(|| best_table(&rules, &yardstick, climbs_only.clone(), |_| {}).unwrap())
    });
    let perturbed = SearchLimits {
        perturbations: 8,
        ..SearchLimits::default()
    };
    for (threads, pool) in common::one_thread_and_all() {
        group.bench_function(
            format!("table_search_8_perturbations_{threads}_threads"),
            |b| {
                b.iter(|| {
                    pool.install(|| {
                        best_table(&rules, &yardstick, perturbed.clone(), |_| {}).unwrap()
                    })
                })
            },
        );
    }
    group.finish();
}

/// Every CS 61A term's preset that `RULESETS` leaves out, and hog-fa20 for scale.
const COURSE: [&str; 11] = [
    "hog-fa20", "hog-sp18", "hog-fa18", "hog-su19", "hog-sp20", "hog-su20", "hog-sp21", "hog-fa21",
    "hog-sp22", "hog-su22", "hog-fa22",
];

fn course_best_response(c: &mut Criterion) {
    let mut group = c.benchmark_group("course");
    for name in COURSE {
        let rules = Ruleset::preset(name, 100).expect("built-in ruleset");
        let yardstick = Player::Fixed(fixed(&rules, rules.rules().yardstick()));
        group.bench_function(name, |b| {
            b.iter(|| solve(&rules, [&Player::Optimising, &yardstick]).unwrap())
        });
    }
    group.finish();
}

fn simulation(c: &mut Criterion) {
    let mut group = c.benchmark_group("simulate");
    group.sample_size(10);
    for name in RULESETS {
        let (rules, yardstick, table) = setup(name);
        let [a, b2] = [&table, &yardstick].map(|policy| Plays {
            rules: &rules,
            policy,
        });
        group.bench_function(name, |b| {
            b.iter(|| simulate(&rules, [&a, &b2], (10_000, 1), &|_: u64| {}))
        });
    }
    group.finish();
}

/// Games per second of `always_roll:4` against itself in hog-fa20, on one thread and on all.
fn throughput(c: &mut Criterion) {
    let (rules, yardstick, _) = setup("hog-fa20");
    let seat = Plays {
        rules: &rules,
        policy: &yardstick,
    };
    let mut group = c.benchmark_group("games");
    group.sample_size(10);
    const PER_SEAT: u64 = 200_000;
    group.throughput(Throughput::Elements(2 * PER_SEAT));
    for (threads, pool) in common::one_thread_and_all() {
        group.bench_function(format!("always_roll_4_{threads}_threads"), |b| {
            b.iter(|| {
                pool.install(|| simulate(&rules, [&seat, &seat], (PER_SEAT, 1), &|_: u64| {}))
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    compile,
    sweeps,
    hidden_memory_evaluation,
    table_search,
    course_best_response,
    simulation,
    throughput
);
criterion_main!(benches);
