//! The estimate of a solve's memory against what the solve really takes: the peak resident
//! memory of the real binary, at sizes where the states, not the program, take most of it.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

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

/// `swine ARGS` in `sandbox` under an address-space limit of `kilobytes`, set as a shell sets
/// it (`ulimit -v`) before it runs swine.
fn under_ulimit(sandbox: &Sandbox, kilobytes: u64, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kilobytes} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_swine"))
        .args(args)
        .current_dir(sandbox.path())
        .env("SWINE_CACHE_DIR", sandbox.cache())
        .output()
        .expect("run sh")
}

/// The one line `output` says on stderr, with the exit code it ended with (none: a signal).
fn said(output: &Output) -> (Option<i32>, String) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    (output.status.code(), stderr.trim_end().to_string())
}

#[test]
fn every_verb_that_solves_refuses_work_larger_than_the_memory_free_at_once() {
    let sandbox = Sandbox::new();
    sandbox.write("t.csv", "");
    let estimate = "solving this would take about 465 GB and 17.2 h (37822500 states), more than";
    for verb in [
        &["solve"][..],
        &["eval", "optimal"],
        &["study", "optimal"],
        &["simulate", "optimal"],
        &["grade", "t.csv"],
        &["tournament", "optimal", "bank_at:300"],
    ] {
        let mut args = verb.to_vec();
        args.extend(["--rules", "farkle", "--goal", "100000"]);
        let started = Instant::now();
        let message = sandbox.run(&args).failure();
        assert!(
            message.starts_with(&format!("swine: {estimate} the ")),
            "{args:?}: {message}"
        );
        assert!(started.elapsed() < Duration::from_secs(3), "{args:?}");
    }
    // A sweep is sized by its largest variant before any is solved (it ran to 2.4 GB).
    let started = Instant::now();
    let message = sandbox
        .run(&[
            "sweep",
            "--rules",
            "farkle",
            "--set",
            "goal=1000,100000,2000",
        ])
        .failure();
    assert!(
        message.starts_with(&format!("swine: --set goal=100000: {estimate} the "))
            && message.ends_with("; a smaller --goal fits, or --no-memory-check solves anyway"),
        "{message}"
    );
    assert!(started.elapsed() < Duration::from_secs(3));
    // A game without a goal is not told of a smaller one (yahtzee's estimate: 200 MB).
    let message = under_ulimit(&sandbox, 150_000, &["solve", "--rules", "yahtzee"]);
    let (code, message) = said(&message);
    assert_eq!(code, Some(2), "{message}");
    assert!(
        message.ends_with("(its address-space limit, ulimit -v); --no-memory-check solves anyway"),
        "{message}"
    );
}

#[test]
fn a_solve_past_the_process_s_address_space_limit_is_refused_naming_ulimit() {
    // It aborted with rc 134 on "memory allocation of 2048002048 bytes failed": the check read
    // only the machine's free memory.
    let sandbox = Sandbox::new();
    let output = under_ulimit(
        &sandbox,
        4_000_000,
        &[
            "solve", "--rules", "hog-fa17", "--goal", "1000", "--out", "out",
        ],
    );
    let (code, message) = said(&output);
    assert_eq!(code, Some(2), "{message}");
    // The room is the limit (4.1 GB) less what the process maps already, which varies a
    // little from build to build.
    let (estimate, room) = message
        .split_once(" GB this process may still map")
        .and_then(|(head, _)| head.split_once(", more than the "))
        .unwrap_or_else(|| panic!("{message}"));
    assert_eq!(
        estimate,
        "swine: solving this would take about 11 GB and 85 s (256000000 states)"
    );
    assert!(["4.0", "4.1"].contains(&room), "{message}");
    assert!(
        message.ends_with(
            " GB this process may still map (its address-space limit, ulimit -v); a smaller \
             --goal fits, or --no-memory-check solves anyway"
        ),
        "{message}"
    );
    assert!(!sandbox.join("out").exists());
    let sweep = under_ulimit(
        &sandbox,
        4_000_000,
        &["sweep", "--rules", "hog-fa17", "--set", "goal=100,1000"],
    );
    let (code, message) = said(&sweep);
    assert_eq!(code, Some(2), "{message}");
    assert!(message.starts_with("swine: --set goal=1000: solving this would take about 11 GB"));
    let atlas = under_ulimit(
        &sandbox,
        4_000_000,
        &[
            "atlas", "--rules", "hog-fa20", "--rules", "hog-fa17", "--goal", "1000", "--out",
            "atlas",
        ],
    );
    let (code, message) = said(&atlas);
    assert_eq!(code, Some(2), "{message}");
    assert!(
        message.starts_with("swine: --rules hog-fa17: solving this would take about 11 GB"),
        "{message}"
    );
    assert!(!sandbox.join("atlas").exists());
    // What fits under the same limit is solved.
    let fits = under_ulimit(
        &sandbox,
        4_000_000,
        &[
            "eval", "optimal", "--rules", "hog-fa17", "--goal", "100", "--json",
        ],
    );
    assert!(fits.status.success(), "{}", said(&fits).1);
}

#[test]
fn an_allocation_the_system_refuses_is_an_error_not_an_abort() {
    // Past the check (insisted on), the sweep's tables are more than the limit allows: the
    // first that cannot be had ends the solve with an error, where it aborted the process.
    let sandbox = Sandbox::new();
    let output = under_ulimit(
        &sandbox,
        4_000_000,
        &[
            "solve",
            "--rules",
            "hog-fa17",
            "--goal",
            "1000",
            "--no-memory-check",
        ],
    );
    assert_eq!(
        said(&output),
        (
            Some(2),
            "swine: could not allocate 2.0 GB for the solve's tables: out of memory (the system \
             refused it)"
                .to_string()
        )
    );
}
