//! The CLI through the real binary: help, output, files, JSON.

use std::process::{Command, Stdio};

use crate::util::Sandbox;

/// The digits of a JSON number as printed, e.g. `0.81757063896859328`.
fn raw_number<'a>(json: &'a str, key: &str) -> &'a str {
    let start = json.find(&format!("\"{key}\": ")).expect("key present") + key.len() + 4;
    let rest = &json[start..];
    &rest[..rest.find([',', '\n']).expect("number ends")]
}

fn significant_digits(number: &str) -> usize {
    number
        .chars()
        .filter(char::is_ascii_digit)
        .skip_while(|&c| c == '0')
        .count()
}

/// Bash loads the completion script and then completes swine's verbs and flags.
#[test]
fn bash_completes_verbs_and_flags_from_the_generated_script() {
    let sandbox = Sandbox::new();
    let script = sandbox.run(&["completions", "bash"]).success();
    let path = sandbox.write("swine.bash", &script);
    let complete = |line: &str| {
        let words = line.split(' ').count() - 1;
        let probe = format!(
            "source {}; COMP_WORDS=({line}); COMP_CWORD={words}; COMP_LINE='{line}'; \
             COMP_POINT=${{#COMP_LINE}}; \
             _swine swine \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            path.display()
        );
        let output = Command::new("bash").args(["-c", &probe]).output().unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let verbs = complete("swine ");
    for verb in ["solve", "grade", "tournament", "completions", "man"] {
        assert!(verbs.lines().any(|l| l == verb), "no {verb} in\n{verbs}");
    }
    let flags = complete("swine grade --ex");
    assert_eq!(flags.trim(), "--explain");
    // A reader that stops early (`| head`) ends the output quietly, without a panic.
    let mut child = Command::new(env!("CARGO_BIN_EXE_swine"))
        .args(["completions", "bash"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
    for (shell, mark) in [("zsh", "#compdef swine"), ("fish", "complete -c swine")] {
        let script = sandbox.run(&["completions", shell]).success();
        assert!(script.contains(mark), "{shell}:\n{script}");
    }
}

/// The manual pages: swine's lists every verb; a verb's has its flags; an unknown verb is named.
#[test]
fn man_pages_come_from_the_command_line_definition() {
    let sandbox = Sandbox::new();
    let page = sandbox.run(&["man"]).success();
    assert!(page.contains(".TH swine 1"), "{page}");
    for verb in [
        "solve",
        "eval",
        "grade",
        "tournament",
        "play",
        "serve",
        "completions",
    ] {
        assert!(
            page.contains(&format!("swine\\-{verb}(1)")),
            "no {verb}:\n{page}"
        );
    }
    let grade = sandbox.run(&["man", "grade"]).success();
    assert!(grade.contains(".TH swine-grade 1"), "{grade}");
    assert!(grade.contains("\\-\\-explain"), "{grade}");
    let error = sandbox.run(&["man", "nope"]).failure();
    assert!(
        error.contains("no verb \"nope\": swine's verbs are solve, eval"),
        "{error}"
    );
}

#[test]
fn help_explains_every_verb_with_examples() {
    let sandbox = Sandbox::new();
    let help = sandbox.run(&["--help"]).success();
    for word in [
        "solve",
        "eval",
        "simulate",
        "tables",
        "grade",
        "tournament",
        "Examples:",
        "always_roll:N",
    ] {
        assert!(help.contains(word), "--help lacks {word}:\n{help}");
    }
    for verb in [
        "solve",
        "eval",
        "simulate",
        "tables",
        "grade",
        "tournament",
        "sweep",
        "rules",
        "atlas",
    ] {
        let help = sandbox.run(&[verb, "--help"]).success();
        assert!(
            help.contains("Example"),
            "{verb} --help has no example:\n{help}"
        );
    }
    let help = sandbox.run(&["solve", "--help"]).success();
    for flag in ["--rules", "--vs", "--goal", "--out", "--format", "--json"] {
        assert!(help.contains(flag), "solve --help lacks {flag}");
    }
}

#[test]
fn solve_on_its_defaults_prints_win_rates_and_writes_every_format() {
    let sandbox = Sandbox::new();
    let out = sandbox.run(&["solve"]).success();
    let first = out.lines().next().unwrap();
    assert_eq!(first, "hog-fa20, goal 100: optimal against always_roll:4");
    assert!(out.contains("win rate   0.8175706389685"), "{out}");
    let stem = "hog_fa20_optimal_vs_always_roll_4";
    let expected: Vec<String> = ["bin", "csv", "json", "npy", "py"]
        .iter()
        .map(|ext| format!("{stem}.{ext}"))
        .collect();
    // Exactly the five files: no temporary file left behind.
    assert_eq!(sandbox.files("swine-out"), expected);
    let csv = std::fs::read_to_string(sandbox.join(&format!("swine-out/{stem}.csv"))).unwrap();
    assert_eq!(csv.lines().count(), 100);
    assert!(csv.lines().all(|line| line.split(',').count() == 100));
}

#[test]
fn json_output_has_the_promised_keys_and_digits() {
    let sandbox = Sandbox::new();
    let run = sandbox.run(&["solve", "--json", "--out", "tables"]);
    let text = run.success();
    let json = run.json();
    for key in [
        "rules",
        "goal",
        "strategy",
        "opponent",
        "win_rate",
        "as_first",
        "as_second",
    ] {
        assert!(json.get(key).is_some(), "missing {key}");
    }
    assert_eq!(json["rules"], "hog-fa20");
    assert_eq!(json["goal"], 100);
    assert_eq!(json["opponent"], "always_roll:4");
    for key in ["win_rate", "as_first", "as_second"] {
        assert_eq!(significant_digits(raw_number(&text, key)), 17, "{key}");
    }
    let win_rate = json["win_rate"].as_f64().unwrap();
    let seats = (json["as_first"].as_f64().unwrap() + json["as_second"].as_f64().unwrap()) / 2.0;
    assert_eq!(win_rate, seats);
    assert_eq!(json["files"].as_array().unwrap().len(), 5);
}

#[test]
fn minimax_reports_the_first_players_chance() {
    let sandbox = Sandbox::new();
    let json = sandbox
        .run(&["solve", "--vs", "minimax", "--rules", "hog-wild", "--json"])
        .json();
    assert_eq!(json["strategy"], "minimax");
    let first = json["first_player_wins"].as_f64().unwrap();
    assert_eq!(first, json["as_first"].as_f64().unwrap());
    assert!(first > 0.5 && first < 0.51, "{first}");
    let text = sandbox.run(&["solve", "--vs", "minimax"]).success();
    assert!(text.contains("first player wins   0.53"), "{text}");
}

#[test]
fn a_strategy_against_itself_prints_exactly_one_half() {
    let sandbox = Sandbox::new();
    let run = sandbox.run(&["eval", "bacon", "--vs", "bacon:8,6", "--json"]);
    assert_eq!(
        raw_number(&run.success(), "win_rate"),
        "0.50000000000000000"
    );
    let text = sandbox.run(&["eval", "always_roll:4"]).success();
    assert!(
        text.contains("win rate   0.50000000000000000  (50.000%)"),
        "{text}"
    );
}

#[test]
fn eval_defaults_to_the_rulesets_yardstick() {
    let sandbox = Sandbox::new();
    let json = sandbox.run(&["eval", "always_roll:6", "--json"]).json();
    assert_eq!(json["opponent"], "always_roll:4");
    let json = sandbox
        .run(&["eval", "always_roll:6", "--rules", "hog-wild", "--json"])
        .json();
    assert_eq!(json["opponent"], "always_roll:5");
    assert_eq!(json["strategy"], "always_roll:6");
}

#[test]
fn written_tables_load_back_with_the_same_exact_win_rate() {
    let sandbox = Sandbox::new();
    let solved = sandbox.run(&["solve", "--rules", "hog-wild", "--json"]);
    let reported = raw_number(&solved.success(), "win_rate").to_string();
    for ext in ["csv", "json", "bin"] {
        let path = format!("swine-out/hog_wild_optimal_vs_always_roll_5.{ext}");
        let run = sandbox.run(&["eval", &path, "--rules", "hog-wild", "--json"]);
        assert_eq!(raw_number(&run.success(), "win_rate"), reported, "{ext}");
    }
}

#[test]
fn the_python_module_defines_final_strategy_over_the_same_table() {
    let sandbox = Sandbox::new();
    sandbox.run(&["solve", "--format", "csv,py"]).success();
    assert_eq!(
        sandbox.files("swine-out"),
        [
            "hog_fa20_optimal_vs_always_roll_4.csv",
            "hog_fa20_optimal_vs_always_roll_4.py"
        ]
    );
    let script = "from hog_fa20_optimal_vs_always_roll_4 import final_strategy\n\
                  for s in range(100):\n    \
                  print(','.join(str(final_strategy(s, o)) for o in range(100)))\n";
    let output = Command::new("python3")
        .args(["-c", script])
        .current_dir(sandbox.join("swine-out"))
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let csv =
        std::fs::read_to_string(sandbox.join("swine-out/hog_fa20_optimal_vs_always_roll_4.csv"))
            .unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), csv);
}

#[test]
fn simulate_prints_both_estimates_and_exact_values() {
    let sandbox = Sandbox::new();
    let text = sandbox
        .run(&["simulate", "bacon", "--games", "2000", "--seed", "3"])
        .success();
    assert!(text.starts_with("hog-fa20, goal 100: bacon:8,6 against always_roll:4, 2000 games"));
    assert!(text.contains("standard errors"));
    let json = sandbox
        .run(&["simulate", "optimal", "--games", "2000", "--json"])
        .json();
    assert_eq!(json["games_per_seat"], 2000);
    let simulated = json["simulated"]["win_rate"].as_f64().unwrap();
    let exact = json["exact"]["win_rate"].as_f64().unwrap();
    let error = json["standard_error"]["win_rate"].as_f64().unwrap();
    assert!((simulated - exact).abs() < 4.5 * error);
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    let sandbox = Sandbox::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_swine"))
        .args(["eval", "bacon", "--json"])
        .current_dir(sandbox.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// `swine ARGS` started in `sandbox` (with its cache) with SIGINT's default action: a test run
/// as a background job inherits SIGINT ignored, as a person's terminal does not.
fn interruptible(sandbox: &Sandbox, args: &[&str]) -> std::process::Child {
    Command::new("python3")
        .args([
            "-c",
            "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); \
             os.execv(sys.argv[1], sys.argv[1:])",
            env!("CARGO_BIN_EXE_swine"),
        ])
        .args(args)
        .current_dir(sandbox.path())
        .env("SWINE_CACHE_DIR", sandbox.cache())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 runs swine")
}

/// Sends `child` SIG`signal` (`INT`, `TERM`) and waits for its end, polled every millisecond:
/// how it ended and how long after the signal.
fn signalled(
    child: &mut std::process::Child,
    signal: &str,
) -> (std::process::ExitStatus, std::time::Duration) {
    use std::time::{Duration, Instant};
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill sends the signal");
    assert!(status.success());
    let sent = Instant::now();
    loop {
        if let Some(ended) = child.try_wait().unwrap() {
            return (ended, sent.elapsed());
        }
        if sent.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("still running 30 s after SIG{signal}");
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Ctrl-C ends a long computation at once: the process is gone within 100 ms of SIGINT (so no
/// thread computes on) and has written nothing.
#[test]
fn ctrl_c_ends_a_long_computation_at_once_and_writes_nothing() {
    use std::os::unix::process::ExitStatusExt;
    use std::time::Duration;

    for args in [
        &["solve", "--rules", "farkle", "--out", "out"][..],
        &[
            "simulate",
            "hold_at:20",
            "--rules",
            "pig",
            "--games",
            "1000000000",
        ][..],
    ] {
        let sandbox = Sandbox::new();
        let mut child = interruptible(&sandbox, args);
        std::thread::sleep(Duration::from_secs(1));
        assert!(
            child.try_wait().unwrap().is_none(),
            "{args:?} ended by itself"
        );
        let (ended, waited) = signalled(&mut child, "INT");
        assert_eq!(ended.signal(), Some(2), "{args:?}: {ended:?}");
        assert!(waited < Duration::from_millis(100), "{args:?}: {waited:?}");
        assert!(!sandbox.join("out").exists(), "{args:?} wrote its folder");
    }
}

/// The memory `pid` holds (VmRSS), in kB; 0 once it has ended.
fn resident_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            let line = status
                .lines()
                .find(|l| l.starts_with("VmRSS:"))?
                .to_string();
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}

/// SIGTERM and SIGINT end a solve within 100 ms (300 allowed on a loaded machine) even while
/// it maps in a table of 512 MB (hog-fa17 at goal 500, whose first table is mapped in one call
/// that took seconds on a busy machine and held the signal until it returned; the process
/// computed on meanwhile): the signal is sent the moment the table starts to fill, then at a
/// later moment; nothing is left in the output folder.
#[test]
fn a_termination_ends_a_solve_at_once_while_it_maps_in_a_large_table() {
    use std::os::unix::process::ExitStatusExt;
    use std::time::{Duration, Instant};

    let mut waits = Vec::new();
    for (signal, number, after) in [
        ("TERM", 15, None),
        ("INT", 2, None),
        ("TERM", 15, Some(Duration::from_secs(3))),
    ] {
        let sandbox = Sandbox::new();
        let args = [
            "solve", "--rules", "hog-fa17", "--goal", "500", "--out", "out",
        ];
        let mut child = interruptible(&sandbox, &args);
        let started = Instant::now();
        match after {
            Some(after) => std::thread::sleep(after),
            // The first table filling: more than 64 MB held, polled every millisecond.
            None => {
                while resident_kb(child.id()) < 64 << 10 {
                    assert!(
                        started.elapsed() < Duration::from_secs(60),
                        "no table mapped in"
                    );
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the solve ended by itself"
        );
        let (ended, waited) = signalled(&mut child, signal);
        assert_eq!(ended.signal(), Some(number), "SIG{signal}: {ended:?}");
        waits.push(format!("SIG{signal} {waited:?}"));
        assert!(
            waited < Duration::from_millis(300),
            "SIG{signal}: {waited:?}"
        );
        let left: Vec<_> = std::fs::read_dir(sandbox.join("out"))
            .map(|entries| entries.flatten().map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert!(left.is_empty(), "SIG{signal} left {left:?}");
    }
    eprintln!("ended after {waits:?}");
}

/// An interrupt or a termination while files are written leaves no temporary file behind: the
/// test watches the output folder and signals `solve` the moment its first staged `.tmp` file
/// appears, a random few milliseconds later, or at once; every time, nothing beginning with
/// `.tmp` stays, and what was renamed into place is whole.
#[test]
fn a_signal_while_files_are_written_leaves_no_temporary_file() {
    use rand::{Rng, SeedableRng};
    use std::os::unix::process::ExitStatusExt;
    use std::time::{Duration, Instant};

    let mut random = rand_chacha::ChaCha8Rng::seed_from_u64(44);
    let mut caught_staging = 0;
    for round in 0..12 {
        let signal = if round % 2 == 0 { "INT" } else { "TERM" };
        let sandbox = Sandbox::new();
        let mut child = interruptible(&sandbox, &["solve", "--goal", "300", "--out", "out"]);
        let out = sandbox.join("out");
        let staging = |out: &std::path::Path| {
            std::fs::read_dir(out).ok().is_some_and(|entries| {
                entries
                    .flatten()
                    .any(|e| e.file_name().to_string_lossy().starts_with(".tmp"))
            })
        };
        let started = Instant::now();
        while !staging(&out) && child.try_wait().unwrap().is_none() {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no file staged"
            );
            // Polled, not spun: a spinning loop takes a core from the solve it waits for.
            std::thread::sleep(Duration::from_micros(200));
        }
        caught_staging += usize::from(staging(&out));
        std::thread::sleep(Duration::from_millis(random.random_range(0..30)));
        let _ = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status();
        let ended = child.wait().unwrap();
        let left: Vec<String> = std::fs::read_dir(&out)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        assert!(
            left.iter().all(|name| !name.starts_with(".tmp")),
            "SIG{signal} ({ended:?}) left {left:?}"
        );
        if ended.success() {
            continue;
        }
        assert!(ended.signal().is_some(), "SIG{signal}: {ended:?}");
        for name in left.iter().filter(|name| name.ends_with(".json")) {
            let text = std::fs::read_to_string(out.join(name)).unwrap();
            assert!(
                serde_json::from_str::<serde_json::Value>(&text).is_ok(),
                "{name} is not whole"
            );
        }
    }
    // The signal came while files were staged, not only before or after.
    assert!(
        caught_staging >= 6,
        "staging seen in {caught_staging} of 12 rounds"
    );
}

#[test]
fn a_long_solve_shows_its_estimate_beside_its_progress() {
    let sandbox = Sandbox::new();
    let (memory, time) = sandbox.estimate("hog-fa17", 150);
    let estimate = format!("{memory} and {time}");
    // `script` (util-linux) runs the command on a terminal, where the progress display is drawn.
    let command = format!(
        "{} eval optimal --rules hog-fa17 --goal 150",
        env!("CARGO_BIN_EXE_swine")
    );
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(sandbox.path())
        .env("SWINE_CACHE_DIR", sandbox.cache())
        .output()
        .expect("script (util-linux) gives the command a terminal");
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(
        shown.contains(&format!("(about {estimate} expected; Ctrl-C stops)")),
        "{estimate}: {shown}"
    );
    assert!(shown.contains("win rate"), "{shown}");
}
