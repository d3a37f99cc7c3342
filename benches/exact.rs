//! Benchmarks of `--exact`: win rates as reduced fractions, on the machine's threads.
//!
//! - `exact/fa20_eval`: hog-fa20, `always_roll:6` against `always_roll:4` (target: under 1 s).
//! - `exact/basic_minimax`: CS 61A's basic Hog (`examples/basic-hog.rhai`: Pig Out, Free
//!   Bacon 1 + the opponent's largest digit, no other rule), both players optimal (target:
//!   under 3 s).
//! - `exact/fa20_best_response`: hog-fa20's optimum against `always_roll:4`.
//! - `exact/textbook_minimax` and `exact/nju21_minimax`: rules where a turn can gain nothing, so
//!   positions repeat, solved in rationals at goal 100 (textbook Hog: about 6 s).
//! - `exact/pig_minimax_30` and `exact/piglet_minimax_10`: the Pig family's pairs in rationals.

use criterion::{Criterion, criterion_group, criterion_main};
use swine_solver::hog::{Ruleset, Script, Strategy, solve_exact};
use swine_solver::pig;

fn hog(c: &mut Criterion) {
    let fa20 = Ruleset::preset("hog-fa20", 100).expect("a preset");
    let parse = |rules: &Ruleset, spec: &str| Strategy::parse(spec, rules).expect("a built-in");
    let six = parse(&fa20, "always_roll:6");
    let four = parse(&fa20, "always_roll:4");
    let optimal = parse(&fa20, "optimal");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/basic-hog.rhai");
    let text = std::fs::read_to_string(path).expect("the example script");
    let script = Script::compile(path, &text, &[]).expect("it compiles");
    let basic = Ruleset::compile(script).expect("for goal 100");
    let minimax = parse(&basic, "minimax");
    let mut group = c.benchmark_group("exact");
    group.sample_size(10);
    group.bench_function("fa20_eval", |b| {
        b.iter(|| solve_exact(&fa20, [&six, &four]).expect("rising rules"))
    });
    group.bench_function("fa20_best_response", |b| {
        b.iter(|| solve_exact(&fa20, [&optimal, &four]).expect("rising rules"))
    });
    group.bench_function("basic_minimax", |b| {
        b.iter(|| solve_exact(&basic, [&minimax, &minimax]).expect("rising rules"))
    });
    for name in ["hog-textbook", "hog-nju21"] {
        let rules = Ruleset::preset(name, 100).expect("a preset");
        let minimax = parse(&rules, "minimax");
        let id = format!("{}_minimax", name.trim_start_matches("hog-"));
        group.bench_function(id, |b| {
            b.iter(|| solve_exact(&rules, [&minimax, &minimax]).expect("repeating rules"))
        });
    }
    group.finish();
}

fn pig_family(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    group.sample_size(10);
    for (variant, goal, name) in [
        (pig::Variant::Pig, 30, "pig_minimax_30"),
        (pig::Variant::Piglet, 10, "piglet_minimax_10"),
    ] {
        let game = pig::Pig::new(variant, goal).expect("a goal in range");
        let minimax = pig::Strategy::parse("minimax", &game).expect("a built-in");
        group.bench_function(name, |b| {
            b.iter(|| pig::solve_exact(&game, [&minimax, &minimax]).expect("pairs solve"))
        });
    }
    group.finish();
}

criterion_group!(benches, hog, pig_family);
criterion_main!(benches);
