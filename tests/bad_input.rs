//! Bad input: one clear line naming the file, the position and the value; exit 2; no output
//! files.

use crate::util::Sandbox;

#[test]
fn unknown_rulesets_goals_and_strategies() {
    let sandbox = Sandbox::new();
    // Every registered ruleset is named (the tests' own game after the built-ins).
    assert_eq!(
        sandbox.run(&["solve", "--rules", "hog-sp99"]).failure(),
        "swine: unknown ruleset 'hog-sp99'; the rulesets are hog-fa20, hog-fa17, hog-sp18, \
         hog-fa18, hog-su19, hog-fa19, hog-sp20, hog-su20, hog-sp21, hog-fa21, hog-sp22, \
         hog-su22, hog-fa22, hog-fa24, hog-wild, hog-hogtimus, hog-digits, hog-nju21, \
         hog-nju24, hog-textbook, greed, pig, piglet, two-dice-pig, farkle, yahtzee, yatzy, \
         chopsticks, coin-race, or a Hog rule script (FILE.rhai or FILE.py)"
    );
    // Another game's rules are no script to check or sweep.
    assert!(
        sandbox
            .run(&["rules", "check", "pig"])
            .failure()
            .starts_with("swine: 'pig' is no Hog ruleset; the Hog rulesets are hog-fa20, ")
    );
    assert_eq!(
        sandbox
            .run(&["eval", "always_roll:4", "--goal", "0"])
            .failure(),
        "swine: goal 0 is outside 1..=1000"
    );
    assert_eq!(
        sandbox.run(&["eval", "roll_lots"]).failure(),
        "swine: in STRATEGY: unknown strategy 'roll_lots' for hog-fa20; expected always_roll:N, \
         bacon:CUTOFF,N, extra_turn:CUTOFF,N, optimal, minimax, or a table file (.csv, .json, \
         .npy, .bin) or a Python file (.py)"
    );
    assert_eq!(
        sandbox
            .run(&["eval", "bacon", "--vs", "bacon:8,x"])
            .failure(),
        "swine: in --vs: strategy 'bacon:8,x': N must be a whole number, found 'x' (in \
         bacon:CUTOFF,N)"
    );
    assert_eq!(
        sandbox.run(&["eval", "always_roll:11"]).failure(),
        "swine: in STRATEGY: strategy 'always_roll:11': N = 11 dice is outside 0..=10"
    );
}

#[test]
fn control_characters_in_names_are_echoed_escaped() {
    // A name with an ANSI escape (and a carriage return) is told as its escapes, never written
    // raw to the terminal, where it would recolour or rewrite what is shown.
    let sandbox = Sandbox::new();
    for (args, told) in [
        (
            vec!["solve", "--rules", "\u{1b}[31mred\r"],
            "swine: unknown ruleset '\\u{1b}[31mred\\r'; the rulesets are ",
        ),
        (
            vec!["eval", "\u{1b}[2J"],
            "swine: in STRATEGY: unknown strategy '\\u{1b}[2J' for hog-fa20",
        ),
        (
            vec!["solve", "--rules", "pig", "--set", "\u{1b}[2J=1"],
            "swine: --set \\u{1b}[2J: pig has no such rule; it has goal",
        ),
        (
            vec!["solve", "--rules", "yahtzee", "--set", "joker=\u{7}"],
            "swine: --set 'joker=\\u{7}': \\u{7} is not one of",
        ),
        // A value the flags' parser refuses, echoed in its own error (which drops escape
        // sequences itself, but not a carriage return).
        (
            vec!["solve", "--goal", "\u{1b}[2Jx\r"],
            "swine: invalid value 'x\\r' for '--goal",
        ),
    ] {
        let stderr = sandbox.run(&args).failure();
        assert!(stderr.starts_with(told), "{args:?}: {stderr:?}");
        assert!(
            !stderr.chars().any(char::is_control),
            "{args:?}: {stderr:?}"
        );
    }
}

#[test]
fn csv_tables_with_the_wrong_shape_or_values() {
    let sandbox = Sandbox::new();
    sandbox.write("short.csv", "4,4\n4,4\n");
    assert_eq!(
        sandbox.run(&["eval", "short.csv"]).failure(),
        "swine: in STRATEGY: short.csv: expected a 100 x 100 table (own score x opponent score), \
         found 2 rows"
    );
    let grid = |bad: &str| {
        let mut rows = vec![vec!["4".to_string(); 100]; 100];
        rows[6][41] = bad.to_string();
        rows.iter().map(|r| r.join(",") + "\n").collect::<String>()
    };
    sandbox.write("eleven.csv", grid("11"));
    assert_eq!(
        sandbox.run(&["eval", "eleven.csv"]).failure(),
        "swine: in STRATEGY: eleven.csv: row 7, column 42 (own score 6, opponent score 41): 11 \
         dice is outside 0..=10"
    );
    sandbox.write("half.csv", grid("2.5"));
    assert_eq!(
        sandbox
            .run(&["eval", "bacon", "--vs", "half.csv"])
            .failure(),
        "swine: in --vs: half.csv: row 7, column 42 (own score 6, opponent score 41): '2.5' is \
         not a whole number of dice"
    );
    sandbox.write("negative.csv", grid("-1"));
    assert!(
        sandbox
            .run(&["eval", "negative.csv"])
            .failure()
            .ends_with("-1 dice is outside 0..=10")
    );
    let mut ragged = grid("4");
    ragged = ragged.replacen("4,4\n", "4\n", 1);
    sandbox.write("ragged.csv", ragged);
    assert!(
        sandbox
            .run(&["eval", "ragged.csv"])
            .failure()
            .ends_with("found 99 values in row 1")
    );
}

#[test]
fn json_tables_with_bad_values_or_another_ruleset() {
    let sandbox = Sandbox::new();
    sandbox
        .run(&["solve", "--rules", "hog-wild", "--format", "json,bin"])
        .success();
    let json = "swine-out/hog_wild_optimal_vs_always_roll_5.json";
    let bin = "swine-out/hog_wild_optimal_vs_always_roll_5.bin";
    assert_eq!(
        sandbox.run(&["eval", json]).failure(),
        format!("swine: in STRATEGY: {json}: it was made for hog-wild, not hog-fa20")
    );
    assert!(
        sandbox
            .run(&["eval", bin])
            .failure()
            .ends_with("it was made for hog-wild, not hog-fa20")
    );
    let text = std::fs::read_to_string(sandbox.join(json)).unwrap();
    let row_start = text.find("    [").unwrap();
    let mut broken = text.clone();
    broken.replace_range(row_start + 5..row_start + 6, "12");
    sandbox.write("twelve.json", broken);
    assert_eq!(
        sandbox
            .run(&["eval", "twelve.json", "--rules", "hog-wild"])
            .failure(),
        "swine: in STRATEGY: twelve.json: table[0][0] (own score 0, opponent score 0): 12 dice \
         is outside 0..=10"
    );
    sandbox.write("cut.json", &text[..text.len() / 2]);
    assert!(
        sandbox
            .run(&["eval", "cut.json", "--rules", "hog-wild"])
            .failure()
            .starts_with("swine: in STRATEGY: cut.json: invalid table JSON: EOF while parsing")
    );
}

/// A 100 x 100 `.npy` file as `np.save` writes a list of Python ints (`<i8`), all 4 but `bad`
/// at [6][41].
fn numpy_grid(fortran_order: &str, bad: i64) -> Vec<u8> {
    let mut header =
        format!("{{'descr': '<i8', 'fortran_order': {fortran_order}, 'shape': (100, 100), }}");
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat(unpadded.next_multiple_of(64) - unpadded));
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
    bytes.extend_from_slice(header.as_bytes());
    for i in 0..100 * 100 {
        let n: i64 = if i == 6 * 100 + 41 { bad } else { 4 };
        bytes.extend_from_slice(&n.to_le_bytes());
    }
    bytes
}

#[test]
fn npy_tables_with_another_layout_or_bad_values() {
    let sandbox = Sandbox::new();
    sandbox.run(&["solve", "--format", "npy"]).success();
    sandbox
        .run(&["eval", "swine-out/hog_fa20_optimal_vs_always_roll_4.npy"])
        .success();
    sandbox.write("numpy.npy", numpy_grid("False", 4));
    sandbox.run(&["eval", "numpy.npy"]).success();
    sandbox.write("eleven.npy", numpy_grid("False", 11));
    assert_eq!(
        sandbox.run(&["eval", "eleven.npy"]).failure(),
        "swine: in STRATEGY: eleven.npy: [6, 41] (own score 6, opponent score 41): 11 dice is \
         outside 0..=10"
    );
    sandbox.write("fortran.npy", numpy_grid("True", 4));
    assert_eq!(
        sandbox.run(&["eval", "fortran.npy"]).failure(),
        "swine: in STRATEGY: fortran.npy: the array is in Fortran order (column-major); save it \
         in C order, e.g. np.save(path, np.ascontiguousarray(table))"
    );
    let mut float = numpy_grid("False", 4);
    let at = float.windows(3).position(|w| w == b"<i8").unwrap();
    float[at + 1] = b'f';
    sandbox.write("float.npy", float);
    assert_eq!(
        sandbox.run(&["eval", "float.npy"]).failure(),
        "swine: in STRATEGY: float.npy: the array's dtype '<f8' is floating point, not integers; \
         save the table as integers of 1, 2, 4 or 8 bytes, e.g. np.save(path, \
         table.astype(np.uint8))"
    );
    let whole = numpy_grid("False", 4);
    sandbox.write("cut.npy", &whole[..whole.len() - 8]);
    assert_eq!(
        sandbox.run(&["eval", "cut.npy"]).failure(),
        "swine: in STRATEGY: cut.npy: truncated npy data: the header promises 10000 values of 8 \
         bytes (80000 bytes), the file holds 79992"
    );
    // Two shapes (numpy reads the last, which fits the data): neither is taken.
    sandbox.write("twice.npy", numpy_grid("False, 'shape': (4, 4)", 4));
    assert_eq!(
        sandbox.run(&["eval", "twice.npy"]).failure(),
        "swine: in STRATEGY: twice.npy: npy header: 'shape' is given twice"
    );
}

#[test]
fn bare_json_arrays_as_python_dumps_them() {
    let sandbox = Sandbox::new();
    // `json.dump(table, f)` for a 100 x 100 list of lists: no metadata.
    let dump = |bad: &str| {
        let mut rows = vec![vec!["4".to_string(); 100]; 100];
        rows[3][7] = bad.to_string();
        let rows: Vec<String> = rows.iter().map(|r| format!("[{}]", r.join(", "))).collect();
        format!("[{}]", rows.join(", "))
    };
    sandbox.write("table.json", dump("4"));
    sandbox.run(&["eval", "table.json"]).success();
    for (name, bad, problem) in [
        ("float.json", "4.0", "'4.0' is not a whole number of dice"),
        ("true.json", "true", "'true' is not a whole number of dice"),
        ("negative.json", "-1", "-1 dice is outside 0..=10"),
    ] {
        sandbox.write(name, dump(bad));
        assert_eq!(
            sandbox.run(&["eval", name]).failure(),
            format!(
                "swine: in STRATEGY: {name}: [3][7] (own score 3, opponent score 7): {problem}"
            )
        );
    }
    sandbox.write("small.json", "[[4, 4], [4, 4]]");
    assert_eq!(
        sandbox.run(&["eval", "small.json"]).failure(),
        "swine: in STRATEGY: small.json: expected a 100 x 100 table (own score x opponent \
         score), found a 2 x 2 table"
    );
    sandbox.write("object.json", format!("{{\"table\": {}}}", dump("4")));
    assert_eq!(
        sandbox.run(&["eval", "object.json"]).failure(),
        "swine: in STRATEGY: object.json: not a swine strategy table: the object has no \
         \"format\" field (swine's tables have \"format\": \"swine-strategy\"; a bare table \
         is an array of arrays)"
    );
}

#[test]
fn truncated_or_corrupted_binary_tables() {
    let sandbox = Sandbox::new();
    sandbox.run(&["solve", "--format", "bin"]).success();
    let bytes =
        std::fs::read(sandbox.join("swine-out/hog_fa20_optimal_vs_always_roll_4.bin")).unwrap();
    sandbox.write("cut.bin", &bytes[..bytes.len() - 10]);
    assert_eq!(
        sandbox.run(&["eval", "cut.bin"]).failure(),
        format!(
            "swine: in STRATEGY: cut.bin: truncated or corrupted: {} bytes, the header promises {}",
            bytes.len() - 10,
            bytes.len()
        )
    );
    let mut flipped = bytes.clone();
    let middle = bytes.len() / 2;
    flipped[middle] ^= 0x04;
    sandbox.write("flipped.bin", &flipped);
    let message = sandbox.run(&["eval", "flipped.bin"]).failure();
    assert!(
        message.starts_with("swine: in STRATEGY: flipped.bin: corrupted: the checksum is "),
        "{message}"
    );
    sandbox.write("text.bin", "own,opponent\n");
    assert_eq!(
        sandbox.run(&["eval", "text.bin"]).failure(),
        "swine: in STRATEGY: text.bin: not a swine binary table: it does not start with SWINETAB"
    );
}

#[test]
fn a_failed_solve_writes_nothing() {
    let sandbox = Sandbox::new();
    sandbox
        .run(&["solve", "--vs", "nonsense", "--out", "out"])
        .failure();
    assert!(!sandbox.join("out").exists());
    sandbox.write("blocker", "a file where the directory should go");
    let message = sandbox.run(&["solve", "--out", "blocker/tables"]).failure();
    assert_eq!(
        message,
        "swine: cannot write blocker/tables: blocker is not a directory"
    );
    // `tables` checks before it solves anything: nothing is written, and it fails at once.
    let message = sandbox.run(&["tables", "--out", "blocker"]).failure();
    assert_eq!(
        message,
        "swine: cannot write blocker: blocker is not a directory"
    );
    // An obstacle at the last file a command would write stops it before any file is written.
    // `solve` and `tables` write their files through the same all-or-nothing writer, all at
    // once; `solve` shows it in milliseconds where `tables` solves for over a minute first.
    let last = "out/hog_fa20_optimal_vs_always_roll_4.bin";
    std::fs::create_dir_all(sandbox.join(last)).unwrap();
    let message = sandbox.run(&["solve", "--out", "out"]).failure();
    assert_eq!(
        message,
        format!("swine: cannot write {last}: a directory is in the way")
    );
    assert_eq!(
        sandbox.files("out"),
        ["hog_fa20_optimal_vs_always_roll_4.bin"]
    );
}

#[test]
fn unknown_formats_and_flags_are_usage_errors() {
    let sandbox = Sandbox::new();
    assert_eq!(
        sandbox.run(&["solve", "--format", "csv,xls"]).failure(),
        "swine: invalid value 'xls' for '--format <LIST>' [possible values: csv, json, py, npy, \
         bin] (see swine --help)"
    );
    assert!(sandbox.files("swine-out").is_empty());
    assert_eq!(
        sandbox.run(&["solve", "--goal", "ten"]).failure(),
        "swine: invalid value 'ten' for '--goal <N>': invalid digit found in string (see swine \
         --help)"
    );
    assert_eq!(
        sandbox.run(&["eval"]).failure(),
        "swine: the following required arguments were not provided: <STRATEGY> (see swine --help)"
    );
    assert_eq!(
        sandbox
            .run(&["simulate", "bacon", "--games", "0"])
            .failure(),
        "swine: invalid value '0' for '--games <N>': 0 is not in 1..18446744073709551615 (see \
         swine --help)"
    );
    assert_eq!(
        sandbox.run(&["solve", "--time-limit", "0"]).failure(),
        "swine: invalid value '0' for '--time-limit <SECONDS>': 0 seconds is outside the limits: \
         above 0 and at most 86400 (a day) (see swine --help)"
    );
}

#[test]
fn timeouts_beyond_a_day_and_more_jobs_than_cores_are_named() {
    let sandbox = Sandbox::new();
    assert_eq!(
        sandbox
            .run(&["eval", "always_roll:4", "--timeout", "1e30"])
            .failure(),
        "swine: invalid value '1e30' for '--timeout <SECONDS>': 1e30 seconds is outside the \
         limits: above 0 and at most 86400 (a day) (see swine --help)"
    );
    assert!(
        sandbox
            .run(&["eval", "always_roll:4", "--timeout", "soon"])
            .failure()
            .contains("'soon' is not a number of seconds")
    );
    // More threads than cores would only share them: capped, with a note.
    let run = sandbox.run(&[
        "simulate",
        "always_roll:4",
        "--games",
        "10",
        "--jobs",
        "60000",
    ]);
    let cores = std::thread::available_parallelism().unwrap().get();
    assert!(
        run.stderr().contains(&format!(
            "swine: --jobs 60000: this machine has {cores} core(s); using {cores}"
        )),
        "{}",
        run.stderr()
    );
    run.success();
}

#[test]
fn every_file_read_has_a_size_cap_that_names_it() {
    let sandbox = Sandbox::new();
    // Regular files one byte past each cap (sparse: they take no disk), and a device.
    for (name, cap) in [
        ("t.csv", 256 << 20),
        ("r.rhai", 1 << 20),
        ("sweep.csv", 64 << 20),
    ] {
        let file = std::fs::File::create(sandbox.join(name)).unwrap();
        file.set_len(cap + 1).unwrap();
    }
    std::os::unix::fs::symlink("/dev/zero", sandbox.join("s.py")).unwrap();
    assert_eq!(
        sandbox.run(&["eval", "t.csv"]).failure(),
        "swine: in STRATEGY: t.csv: it holds more than 256 MiB, the limit for a table file"
    );
    assert_eq!(
        sandbox
            .run(&["eval", "always_roll:4", "--rules", "r.rhai"])
            .failure(),
        "swine: --rules r.rhai: it holds more than 1 MiB, the limit for a rule script"
    );
    assert_eq!(
        sandbox.run(&["eval", "s.py"]).failure(),
        "swine: in STRATEGY: s.py: not a regular file (a device or a pipe?)"
    );
    let plot = [
        "plot",
        "sweep",
        "sweep.csv",
        "--x",
        "lucky",
        "--y",
        "win_rate",
        "--out",
        "p.png",
    ];
    assert_eq!(
        sandbox.run(&plot).failure(),
        "swine: reading sweep.csv: it holds more than 64 MiB, the limit for a report"
    );
    assert!(!sandbox.join("p.png").exists());
}

/// A table file that is a FIFO, a device or a folder is refused at once, naming what it is:
/// reading a FIFO would wait for a writer forever.
#[test]
fn only_regular_files_are_read_as_tables() {
    let sandbox = Sandbox::new();
    let made = std::process::Command::new("mkfifo")
        .arg(sandbox.join("pipe.csv"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", sandbox.join("zero.bin")).unwrap();
    std::fs::create_dir(sandbox.join("folder.json")).unwrap();
    for (file, said) in [
        ("pipe.csv", "a FIFO (named pipe)"),
        ("zero.bin", "a character device"),
        ("folder.json", "a directory"),
    ] {
        let stderr = sandbox
            .run(&["eval", file, "--vs", "always_roll:4"])
            .failure();
        assert_eq!(
            stderr,
            format!("swine: in STRATEGY: {file}: it is {said}, not a regular file")
        );
    }
}

#[test]
fn a_solve_larger_than_the_free_memory_is_refused_before_it_starts() {
    // Farkle at goal 100000 ran for hours at gigabytes with no word about its size.
    let sandbox = Sandbox::new();
    let started = std::time::Instant::now();
    for verb in [
        &["solve", "--out", "out"][..],
        &["eval", "optimal"],
        &["play"],
    ] {
        let mut args = verb.to_vec();
        args.extend(["--rules", "farkle", "--goal", "100000"]);
        let message = sandbox.run(&args).failure();
        assert!(
            message.starts_with("swine: solving this would take about ")
                && message.contains(" GB and ")
                && message.contains("of memory this machine has free")
                && message.ends_with("--no-memory-check solves anyway"),
            "{args:?}: {message}"
        );
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(!sandbox.join("out").exists());
    // Insisting gets past the check: the solve starts (and is stopped here).
    let mut insisted = sandbox
        .command(&[
            "solve",
            "--rules",
            "farkle",
            "--goal",
            "100000",
            "--no-memory-check",
            "--out",
            "out",
        ])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert!(
        insisted.try_wait().unwrap().is_none(),
        "it should be solving"
    );
    insisted.kill().unwrap();
    insisted.wait().unwrap();
}
