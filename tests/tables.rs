//! The committed tables/ are exactly what `swine tables` writes today.

use std::path::Path;

use crate::util::Sandbox;

#[test]
fn committed_tables_are_not_stale() {
    let sandbox = Sandbox::new();
    sandbox.run(&["tables", "--out", "fresh"]).success();
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("tables");
    let mut names: Vec<String> = std::fs::read_dir(&committed)
        .expect("tables/ exists")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "README.md")
        .collect();
    names.sort();
    assert_eq!(
        names,
        sandbox.files("fresh"),
        "tables/ holds other files than `swine tables` writes; regenerate it (README)"
    );
    for name in names {
        let fresh = std::fs::read(sandbox.join(&format!("fresh/{name}"))).unwrap();
        let old = std::fs::read(committed.join(&name)).unwrap();
        assert!(
            fresh == old,
            "tables/{name} is stale: regenerate with `cargo run --release -- tables` (README)"
        );
    }
}
