//! Helpers: running the real binary in a temporary directory, and reading its output.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A temporary directory with a `swine` command aimed at the built binary, and a cache of
/// compiled scripts of its own (kept apart from the user's, and from other tests').
pub struct Sandbox {
    dir: tempfile::TempDir,
    cache: tempfile::TempDir,
}

impl Sandbox {
    pub fn new() -> Sandbox {
        Sandbox {
            dir: tempfile::tempdir().expect("temporary directory"),
            cache: tempfile::tempdir().expect("temporary directory"),
        }
    }

    /// The cache of compiled scripts the sandbox's commands use.
    pub fn cache(&self) -> &Path {
        self.cache.path()
    }

    /// `swine ARGS` in the sandbox, not yet run.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_swine"));
        command
            .args(args)
            .current_dir(self.path())
            .env("SWINE_CACHE_DIR", self.cache());
        command
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Writes a file into the sandbox and returns its path.
    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.join(name);
        std::fs::write(&path, contents).expect("write test file");
        path
    }

    /// What `swine rules check RULES --set goal=GOAL` estimates solving takes: its memory and
    /// its time in words (`273 MB`, `2 s`).
    pub fn estimate(&self, rules: &str, goal: u32) -> (String, String) {
        let goal = format!("goal={goal}");
        let check = self
            .run(&["rules", "check", rules, "--set", &goal])
            .success();
        let line = check
            .lines()
            .find_map(|line| line.strip_prefix("  solving      about "))
            .unwrap_or_else(|| panic!("no estimate in {check}"));
        let (memory, rest) = line.split_once(" of memory and ").unwrap();
        let (time, _) = rest.split_once(" (measured").unwrap();
        (memory.to_string(), time.to_string())
    }

    /// Runs `swine ARGS` in the sandbox.
    pub fn run(&self, args: &[&str]) -> Run {
        let output = self.command(args).output().expect("run swine");
        Run { output }
    }

    /// Runs `swine ARGS` in the sandbox with `input` on its stdin.
    pub fn run_with_input(&self, args: &[&str], input: impl AsRef<[u8]>) -> Run {
        let mut child = self
            .command(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run swine");
        child
            .stdin
            .take()
            .expect("a pipe")
            .write_all(input.as_ref())
            .expect("write stdin");
        let output = child.wait_with_output().expect("swine's output");
        Run { output }
    }

    /// The names of the files in `dir` (relative to the sandbox), sorted.
    pub fn files(&self, dir: &str) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.join(dir)) else {
            return Vec::new();
        };
        let mut names: Vec<String> = entries
            .map(|e| {
                e.expect("directory entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    }
}

/// The result of one run of the binary.
pub struct Run {
    pub output: Output,
}

impl Run {
    pub fn stdout(&self) -> String {
        String::from_utf8(self.output.stdout.clone()).expect("UTF-8 stdout")
    }

    pub fn stderr(&self) -> String {
        String::from_utf8(self.output.stderr.clone()).expect("UTF-8 stderr")
    }

    pub fn code(&self) -> Option<i32> {
        self.output.status.code()
    }

    /// Asserts success and returns stdout.
    pub fn success(&self) -> String {
        assert_eq!(
            self.code(),
            Some(0),
            "swine failed\nstdout: {}\nstderr: {}",
            self.stdout(),
            self.stderr()
        );
        self.stdout()
    }

    /// Asserts a bad-input failure (exit 2, nothing on stdout, one line on stderr) and returns
    /// that line.
    pub fn failure(&self) -> String {
        assert_eq!(
            self.code(),
            Some(2),
            "expected exit 2\nstdout: {}",
            self.stdout()
        );
        assert_eq!(
            self.stdout(),
            "",
            "nothing belongs on stdout after an error"
        );
        let stderr = self.stderr();
        assert_eq!(
            stderr.lines().count(),
            1,
            "one line of error, found: {stderr}"
        );
        assert!(stderr.starts_with("swine: "), "{stderr}");
        stderr.trim_end().to_string()
    }

    /// Parses stdout as one JSON object.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.success()).expect("stdout is JSON")
    }
}

/// A fraction `a/b` as an `f64`.
pub fn fraction(text: &str) -> f64 {
    let (a, b) = text.split_once('/').expect("a fraction a/b");
    a.parse::<f64>().expect("numerator") / b.parse::<f64>().expect("denominator")
}

/// `swine ARGS --json` in a fresh sandbox, parsed.
pub fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    Sandbox::new().run(&all).json()
}

/// The number at `key` of a JSON object.
pub fn number(value: &serde_json::Value, key: &str) -> f64 {
    value[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

/// The peak resident memory of the running process `pid` (the kernel's `VmHWM`), in bytes;
/// `None` once it has ended.
pub fn high_water(pid: u32) -> Option<u64> {
    memory_status(pid, "VmHWM:")
}

/// The resident memory of the running process `pid` now (the kernel's `VmRSS`), in bytes;
/// `None` once it has ended.
pub fn resident(pid: u32) -> Option<u64> {
    memory_status(pid, "VmRSS:")
}

/// The memory `/proc/PID/status` gives under `key` (`VmHWM:`), in bytes.
fn memory_status(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    let kilobytes: u64 = line[key.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kilobytes * 1024)
}
