//! Hostile submissions (tests/python/hostile): ones that kill their parent or their process
//! group, and forgers that write results past their function, graded in one batch with an
//! honest submission. Each fails alone with a reason, the batch goes on, the report is written,
//! and no process or scratch directory stays. These need `python3` on the PATH and fail (never
//! skip) without it.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::python::{assert_no_process_with_argument, fixture};
use crate::util::Sandbox;

/// Held by each test that grades the Hog class, whose submissions start the same sleepers: one
/// test's sleepers are not taken for the other's leftovers.
static SLEEPERS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A sandbox's own temporary directory, given to swine as `TMPDIR` (so that its scratch
/// directories can be looked for without seeing other tests').
fn temporary(sandbox: &Sandbox) -> PathBuf {
    let dir = sandbox.join("tmp");
    std::fs::create_dir(&dir).unwrap();
    dir
}

/// What a test grading the Hog class holds: the sleepers' lock, a sandbox, its temporary
/// directory and the class's folder.
fn hog_class() -> (std::sync::MutexGuard<'static, ()>, Sandbox, PathBuf, String) {
    let sleepers = SLEEPERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let sandbox = Sandbox::new();
    let tmp = temporary(&sandbox);
    (sleepers, sandbox, tmp, fixture("hostile/hog"))
}

/// Fails if anything is left in `dir`, or any process's command line names it.
fn assert_nothing_left(dir: &Path) {
    let left: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    assert!(left.is_empty(), "left in {}: {left:?}", dir.display());
    let needle = dir.display().to_string();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        assert!(!cmdline.contains(&needle), "still running: {cmdline}");
    }
}

/// The rows of a grade report by the name of their submission's folder (Hog) or file.
fn rows(report: &Value) -> Vec<(String, &Value)> {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let file = Path::new(row["file"].as_str().unwrap());
            let name = match file.file_name().and_then(|n| n.to_str()) {
                Some("hog.py") => file.parent().unwrap().file_name().unwrap(),
                _ => file.file_stem().unwrap(),
            };
            (name.to_string_lossy().into_owned(), row)
        })
        .collect()
}

/// Submissions that kill swine's harness, its parent or its group, and forgers of its results,
/// fail with why; the honest one in the same batch is graded; the report is written; nothing
/// they started and no scratch directory stays. (Before the harness ran out of swine's reach,
/// the first that killed its parent killed `swine grade` itself: no rows, no report, an
/// orphaned harness. The forger of the channel was ranked first while returning 0.)
#[test]
fn hostile_submissions_fail_alone_and_leave_nothing() {
    let (_sleepers, sandbox, tmp, class) = hog_class();
    let args = [
        "grade",
        &class,
        "--jobs",
        "2",
        "--report",
        "out/grades.json",
    ];
    let output = sandbox.command(&args).env("TMPDIR", &tmp).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "swine: 5 of 7 submission(s) could not be graded (each row says why)\n"
    );
    let report: Value =
        serde_json::from_slice(&std::fs::read(sandbox.join("out/grades.json")).unwrap()).unwrap();
    let rows = rows(&report);
    assert_eq!(rows.len(), 7);
    let signalled = "tried to signal";
    let only = ": a strategy may signal only the processes it starts";
    let changed = "when asked again: its answers changed between asks (it is not deterministic, \
                   or they were forged)";
    for (name, row) in &rows {
        let error = row["error"].as_str().unwrap();
        match name.as_str() {
            // Graded as if alone: the best response to always_roll:4 rolls more than 5.
            "honest" => {
                assert_eq!(row["status"], "ok", "{row}");
                let rate = row["win_rate"].as_f64().unwrap();
                assert!((rate - 0.536_965_121_380_379).abs() < 1e-12, "{row}");
            }
            // Past Python's audit hooks, it can kill no process swine needs: in a PID
            // namespace its kills reach nothing, and it is graded; without one, it kills its
            // supervisor and fails.
            "kills_by_ctypes" => {
                assert!(
                    row["status"] == "ok" || error.contains("killed"),
                    "{name}: {row}"
                );
            }
            "kills_parent" | "killpg_own" => {
                assert!(
                    error.starts_with(&format!("final_strategy(0, 0) {signalled} "))
                        && error.ends_with(only),
                    "{name}: {error}"
                );
            }
            "killpg_zero" => assert_eq!(
                error,
                format!("importing it {signalled} its own process group (os.killpg(0, 9)){only}")
            ),
            "forges_channel" => assert_eq!(
                error,
                "a line on its channel to swine did not carry the nonce of the request it \
                 answered: the strategy wrote it, not the harness (forged)"
            ),
            "forges_first_pass" => assert!(
                error.starts_with("final_strategy(")
                    && error.ends_with(&format!("returned 5, then 0 {changed}")),
                "{error}"
            ),
            other => panic!("an unexpected row {other}"),
        }
        if !matches!(name.as_str(), "honest" | "kills_by_ctypes") {
            assert_eq!(row["status"], "error", "{name}: {row}");
            assert!(row["win_rate"].is_null(), "{name}");
        }
    }
    for sleeper in ["4601", "4602", "4603"] {
        assert_no_process_with_argument(sleeper);
    }
    assert_nothing_left(&tmp);
}

/// Where the system gives no namespace (here, one whose limits allow no new user or PID
/// namespace, made with `unshare`), the supervisor alone stands between swine and the
/// submission: a kill of the parent through `ctypes` kills the supervisor, and the submission
/// fails saying it may have; the batch goes on and nothing stays.
#[test]
fn without_namespaces_the_supervisor_stands_between() {
    let (_sleepers, sandbox, tmp, class) = hog_class();
    let no_namespaces = "echo 0 > /proc/sys/user/max_user_namespaces \
         && echo 0 > /proc/sys/user/max_pid_namespaces && exec \"$@\"";
    let output = std::process::Command::new("unshare")
        .args(["-U", "-r", "sh", "-c", no_namespaces, "sh"])
        .args([env!("CARGO_BIN_EXE_swine"), "grade", &class, "--json"])
        .current_dir(sandbox.path())
        .env("SWINE_CACHE_DIR", sandbox.cache())
        .env("TMPDIR", &tmp)
        .output()
        .expect("unshare (util-linux) runs");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let rows = rows(&report);
    let error = |name: &str| rows.iter().find(|(n, _)| n == name).unwrap().1["error"].clone();
    assert_eq!(error("honest"), "");
    let parent = error("kills_parent");
    assert!(
        parent
            .as_str()
            .unwrap()
            .starts_with("final_strategy(0, 0) tried to signal its parent (os.kill("),
        "{parent}"
    );
    assert_eq!(
        error("kills_by_ctypes"),
        "python ended before the harness could answer: killed (out of memory, past its CPU \
         time limit, or it killed its supervisor?)"
    );
    for sleeper in ["4601", "4602", "4603"] {
        assert_no_process_with_argument(sleeper);
    }
    assert_nothing_left(&tmp);
}

/// A Yahtzee player that writes decisions of its own into its harness's channel to swine, for
/// the whole batch it is being asked about, is refused as forged: swine takes only the line
/// that carries the nonce of its request.
#[test]
fn a_yahtzee_player_writing_into_the_channel_is_refused_as_forged() {
    let sandbox = Sandbox::new();
    let tmp = temporary(&sandbox);
    let forger = fixture("hostile/yahtzee/writes_answers.py");
    let thumb = fixture("yahtzee/thumb.py");
    let args = [
        "grade",
        &forger,
        &thumb,
        "--rules",
        "yahtzee",
        "--set",
        "joker=none",
        "--set",
        "upper_threshold=5",
        "--json",
    ];
    let output = sandbox.command(&args).env("TMPDIR", &tmp).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let rows = rows(&report);
    let row = |name: &str| rows.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(row("thumb")["status"], "estimate");
    assert_eq!(row("writes_answers")["status"], "error");
    assert!(
        row("writes_answers")["error"]
            .as_str()
            .unwrap()
            .ends_with("did not carry the nonce of the request it answered: the strategy wrote it, not the harness (forged)"),
        "{report}"
    );
    assert_nothing_left(&tmp);
}
