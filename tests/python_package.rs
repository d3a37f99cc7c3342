//! The Python package (`python/`) as its users get it: a wheel built by maturin, installed into
//! a fresh virtual environment, and its pytest suite run against the installed wheel and this
//! build's CLI; the research notebook executed there; then the suite run as a Python user runs
//! it on its own, with no CLI to be found, where the comparisons with the CLI are skipped with
//! the reason.

use std::path::Path;
use std::process::{Command, Output};

/// Runs `program` with `args` and `env` (`SWINE_CLI` only if there), failing the test with its
/// output if it fails; returns the output.
fn run(program: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let output = Command::new(program)
        .args(args)
        .env_remove("SWINE_CLI")
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
    output
}

/// Executes examples/research.ipynb in a fresh kernel (from examples/, as a reader runs it)
/// and checks what its cells show: the sweep's plot, the tournament's table, the strategy map.
const NOTEBOOK: &str = r#"
import base64, nbclient, nbformat
book = nbformat.read("examples/research.ipynb", as_version=4)
nbclient.NotebookClient(book, timeout=900, kernel_name="python3",
                        resources={"metadata": {"path": "examples"}}).execute()
shown = [output.get("data", {}) for cell in book.cells if cell.cell_type == "code"
         for output in cell.outputs]
plots = [d["image/png"] for d in shown if "image/png" in d]
html = [d["text/html"] for d in shown if "text/html" in d]
assert len(plots) == 1 and base64.b64decode(plots[0]).startswith(b"\x89PNG"), shown
assert any("the exact round robin" in h and "minimax" in h for h in html), html
assert any("data:image/png;base64," in h and "optimal against always_roll:4" in h for h in html)
print("sweep plot, tournament table, strategy map")
"#;

#[test]
fn the_wheel_installs_with_pip_and_its_tests_pass() {
    let scratch = tempfile::tempdir().expect("a temporary directory");
    let venv = scratch.path().join("venv");
    let venv_text = venv.to_str().expect("a UTF-8 path");
    run(Path::new("python3"), &["-m", "venv", venv_text], &[]);
    let pip = venv.join("bin/pip");
    let python = venv.join("bin/python");
    run(
        &pip,
        &["install", "-q", "maturin==1.16.0", "pytest==9.2.0"],
        &[],
    );
    // The notebook's tools are installed while maturin compiles (the one waits on the network,
    // the other on the cores).
    let notebook_tools = {
        let pip = pip.clone();
        std::thread::spawn(move || {
            run(
                &pip,
                &[
                    "install",
                    "-q",
                    "nbclient==0.11.0",
                    "nbformat==5.11.1",
                    "ipykernel==7.4.0",
                    "matplotlib==3.11.2",
                ],
                &[],
            )
        })
    };
    let wheels = scratch.path().join("wheels");
    run(
        &venv.join("bin/maturin"),
        &[
            "build",
            "--release",
            "--quiet",
            "--features",
            "coin-race",
            "-m",
            "python/Cargo.toml",
            "-i",
            python.to_str().unwrap(),
            "--out",
            wheels.to_str().unwrap(),
        ],
        &[],
    );
    let wheel = std::fs::read_dir(&wheels)
        .expect("maturin's wheel folder")
        .map(|entry| entry.expect("a wheel").path())
        .find(|path| path.extension().is_some_and(|e| e == "whl"))
        .expect("maturin built a wheel");
    // One pip at a time in the environment.
    notebook_tools
        .join()
        .expect("the notebook's tools installed");
    run(&pip, &["install", "-q", wheel.to_str().unwrap()], &[]);
    run(
        &python,
        &["-m", "pytest", "-q", "python/tests"],
        &[("SWINE_CLI", env!("CARGO_BIN_EXE_swine"))],
    );

    // The notebook, executed cell by cell in a kernel of this environment.
    let output = run(&python, &["-c", NOTEBOOK], &[]);
    let said = String::from_utf8_lossy(&output.stdout);
    assert_eq!(said, "sweep plot, tournament table, strategy map\n");

    // On its own: the tests copied where no CLI is built, no SWINE_CLI, no swine on the PATH.
    // (with the examples the tests read).
    let alone = scratch.path().join("alone/python/tests");
    std::fs::create_dir_all(&alone).unwrap();
    std::fs::copy("python/tests/test_swine.py", alone.join("test_swine.py")).unwrap();
    let examples = scratch.path().join("alone/examples");
    std::fs::create_dir_all(&examples).unwrap();
    for example in std::fs::read_dir("examples").expect("examples/") {
        let example = example.expect("an example").path();
        std::fs::copy(&example, examples.join(example.file_name().unwrap())).unwrap();
    }
    let path = format!("{}:/usr/bin:/bin", venv.join("bin").display());
    let output = run(
        &python,
        &[
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-k",
            "minimax_is or inputs or interrupts",
            alone.to_str().unwrap(),
        ],
        &[("PATH", &path)],
    );
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        said.contains("SKIPPED") && said.contains("no swine CLI to compare with"),
        "{said}"
    );
    assert!(said.contains(" passed"), "{said}");
}
