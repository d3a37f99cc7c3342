//! The estimate of a solve's memory against what the solve really takes: the peak resident
//! memory of the real binary, at sizes where the states, not the program, take most of it.

use std::process::Stdio;
use std::time::Duration;

use swine_solver::python::Runner;

use crate::util::{Sandbox, high_water};

/// Runs `swine ARGS` and returns its peak resident memory in bytes (it must succeed): the
/// kernel's high-water mark of the process's own memory (`VmHWM`), read until it exits. (Not
/// `wait4`'s `ru_maxrss`: a child spawned by `vfork` counts the memory of this test process,
/// which it shared until its `exec`, among its own.)
fn peak_memory(sandbox: &Sandbox, args: &[&str]) -> u64 {
    let mut child = sandbox
        .command(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run swine");
    let mut peak = 0;
    loop {
        peak = peak.max(high_water(child.id()).unwrap_or(0));
        if let Some(exit) = child.try_wait().unwrap() {
            assert!(exit.success(), "{args:?}");
            return peak;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The estimate of solving `rules` at `goal` (if the game has one), in bytes.
fn estimate(rules: &str, goal: Option<u32>) -> u64 {
    swine_solver::catalog::named(rules, goal, &[], &Runner::default())
        .unwrap()
        .footprint()
        .bytes
}

#[test]
fn a_solve_takes_no_more_memory_than_estimated_nor_much_less() {
    let sandbox = Sandbox::new();
    for (rules, goal, verb) in [
        ("hog-fa17", Some(150), &["eval", "optimal"][..]),
        (
            "hog-fa17",
            Some(150),
            &["eval", "minimax", "--vs", "minimax"],
        ),
        ("pig", Some(200), &["solve", "--out", "out"]),
        ("yahtzee", None, &["solve", "--out", "out"]),
    ] {
        let goal_text = goal.map(|goal| goal.to_string());
        let mut args = verb.to_vec();
        args.extend(["--rules", rules]);
        if let Some(goal) = &goal_text {
            args.extend(["--goal", goal]);
        }
        let (peak, estimate) = (peak_memory(&sandbox, &args), estimate(rules, goal));
        assert!(
            peak <= estimate && estimate <= 2 * peak,
            "{args:?}: {peak} bytes at the peak, {estimate} estimated"
        );
    }
}
