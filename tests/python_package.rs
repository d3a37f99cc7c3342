//! The Python package (`python/`), installed as the README shows into a fresh virtual
//! environment, and its pytest suite run against this build's CLI.

use std::path::Path;
use std::process::Command;

/// Runs `program` with `args`, failing the test with its output if it fails.
fn run(program: &Path, args: &[&str], env: &[(&str, &str)]) {
    let output = Command::new(program)
        .args(args)
        .envs(env.iter().copied())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|err| panic!("cannot run {}: {err}", program.display()));
    assert!(
        output.status.success(),
        "{} {args:?} failed:\n{}\n{}",
        program.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_package_installs_with_pip_and_its_tests_pass() {
    let venv = tempfile::tempdir().expect("a temporary directory");
    let venv = venv.path().join("venv");
    let venv_text = venv.to_str().expect("a UTF-8 path");
    run(Path::new("python3"), &["-m", "venv", venv_text], &[]);
    let pip = venv.join("bin/pip");
    run(&pip, &["install", "-q", "pytest==9.2.0", "./python"], &[]);
    run(
        &venv.join("bin/python"),
        &["-m", "pytest", "-q", "python/tests"],
        &[("SWINE_CLI", env!("CARGO_BIN_EXE_swine"))],
    );
}
