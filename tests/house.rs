//! The house: the front ends dispatch on no game outside the catalog, and no module imports
//! one that imports it back (no import circles), file by file or between the crate's top-level
//! modules.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};

/// The source folders of the crates of more than one file (plot/ is one).
const CRATES: [&str; 3] = ["src", "solver/src", "python/src"];

/// The front ends' sources, which must name no game: the CLI, the page and the package.
const FRONT_ENDS: [&str; 2] = ["src", "python/src"];

/// Verbs that are about one game's own files: `rules` lists, shows and checks Hog rule
/// scripts, `atlas` writes the Hog presets' atlas.
const ONE_GAME_VERBS: [&str; 2] = ["src/commands/rules.rs", "src/commands/atlas.rs"];

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_front_ends_dispatch_on_no_game_outside_the_catalog() {
    let games: HashSet<&str> = swine_solver::catalog::games()
        .iter()
        .map(|g| g.name)
        .collect();
    let files: Vec<PathBuf> = FRONT_ENDS
        .iter()
        .flat_map(|dir| sources(&root().join(dir)))
        .collect();
    assert!(files.len() > 20, "{files:?}");
    let mut found = Vec::new();
    for path in files {
        let relative = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if ONE_GAME_VERBS.contains(&relative.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for game in &games {
                let module = format!("swine_solver::{}", game.replace('-', "_"));
                let variant = format!("Family::{}", capitalised(game));
                if code.contains(&module) || code.contains(&variant) {
                    found.push(format!("{relative}:{}: {}", number + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "game named outside the catalog:\n{}",
        found.join("\n")
    );
}

/// `hog` as `Hog`.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A module's path inside its crate (`["game", "contest"]`; the crate root is empty).
type Module = Vec<String>;

/// The module a file is, inside the crate whose sources are at `crate_root`.
fn module_of(crate_root: &Path, file: &Path) -> Module {
    let relative = file.strip_prefix(crate_root).unwrap().with_extension("");
    let mut parts: Module = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// A file's code without comments and without its unit tests.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(tests) => &text[..tests],
        None => text,
    };
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path the code names from `crate`, `super` or `self` (a `use` group's paths
/// expanded), as segments after that word, with the word.
fn paths_named(code: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let word = start.trim_end_matches("::");
        let mut from = 0;
        while let Some(at) = code[from..].find(start) {
            let at = from + at;
            from = at + start.len();
            let before = at.checked_sub(1).map(|i| bytes[i]);
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
                continue;
            }
            for path in expand(&code[at + start.len()..]) {
                found.push((word.to_string(), path));
            }
        }
    }
    found
}

/// The paths at the start of `text` (`a::b`, or `a::{b, c::d}` expanded).
fn expand(text: &str) -> Vec<Vec<String>> {
    let mut prefix = Vec::new();
    let mut rest = text;
    loop {
        let ident: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if ident.is_empty() {
            break;
        }
        prefix.push(ident.clone());
        rest = &rest[ident.len()..];
        if let Some(next) = rest.strip_prefix("::") {
            rest = next;
        } else {
            return vec![prefix];
        }
    }
    let Some(group) = rest.strip_prefix('{') else {
        return vec![prefix];
    };
    let mut depth = 1;
    let mut end = 0;
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            end = i;
            break;
        }
    }
    let mut items = Vec::new();
    let (mut depth, mut item_start) = (0, 0);
    let inner = &group[..end];
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[item_start..i]);
                item_start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[item_start..]);
    items
        .iter()
        .flat_map(|item| expand(item.trim()))
        .map(|tail| prefix.iter().cloned().chain(tail).collect())
        .collect()
}

/// Which module imports which, file by file, in the crate at `crate_root` (a module and its
/// own submodules left aside: a parent declares and re-exports its children).
fn imports(crate_root: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let files = sources(crate_root);
    let modules: BTreeSet<Module> = files.iter().map(|f| module_of(crate_root, f)).collect();
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for file in &files {
        let module = module_of(crate_root, file);
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        for (word, path) in paths_named(&code) {
            let mut base: Module = match word.as_str() {
                "crate" => Vec::new(),
                "super" => module[..module.len().saturating_sub(1)].to_vec(),
                _ => module.clone(),
            };
            let mut path = path.as_slice();
            while let [first, tail @ ..] = path {
                if first != "super" {
                    break;
                }
                base.pop();
                path = tail;
            }
            let full: Module = base.into_iter().chain(path.iter().cloned()).collect();
            let Some(target) = (0..=full.len())
                .rev()
                .map(|n| full[..n].to_vec())
                .find(|prefix| modules.contains(prefix))
            else {
                continue;
            };
            let related = target.starts_with(&module) || module.starts_with(&target);
            if !related {
                graph.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    graph
}

/// The circles of `graph`: its strongly connected components of more than one module.
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    let nodes: BTreeSet<&Module> = graph.keys().chain(graph.values().flatten()).collect();
    let reaches = |from: &Module| -> BTreeSet<Module> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&Module, BTreeSet<Module>> =
        nodes.iter().map(|n| (*n, reaches(n))).collect();
    let mut circles: BTreeSet<Vec<Module>> = BTreeSet::new();
    for node in &nodes {
        let circle: Vec<Module> = nodes
            .iter()
            .filter(|other| reach[node].contains(**other) && reach[**other].contains(*node))
            .map(|m| (*m).clone())
            .collect();
        if circle.len() > 1 {
            circles.insert(circle);
        }
    }
    circles.into_iter().collect()
}

/// `graph` with every module taken as the crate's top-level module it is in.
fn top_level(graph: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut top: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, targets) in graph {
        for to in targets {
            let (a, b) = (
                from[..from.len().min(1)].to_vec(),
                to[..to.len().min(1)].to_vec(),
            );
            if a != b && !a.is_empty() && !b.is_empty() {
                top.entry(a).or_default().insert(b);
            }
        }
    }
    top
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    for dir in CRATES {
        let graph = imports(&root().join(dir));
        assert!(!graph.is_empty(), "{dir}: no imports found");
        for (level, graph) in [
            ("file", graph.clone()),
            ("top-level module", top_level(&graph)),
        ] {
            let found = circles(&graph);
            assert!(
                found.is_empty(),
                "{dir}: import circles by {level}: {found:?}"
            );
        }
    }
}

#[test]
fn an_import_circle_is_found() {
    let module = |name: &str| vec![name.to_string()];
    let graph: BTreeMap<Module, BTreeSet<Module>> = [
        (module("a"), [module("b")].into()),
        (module("b"), [module("a"), module("c")].into()),
    ]
    .into();
    assert_eq!(circles(&graph), vec![vec![module("a"), module("b")]]);
    assert_eq!(
        expand("game::{Run, contest::{Graded, sweep}};"),
        vec![
            vec!["game", "Run"],
            vec!["game", "contest", "Graded"],
            vec!["game", "contest", "sweep"]
        ]
    );
}

/// The places that may compare a game's name: the catalog, which is the registry.
const REGISTRY: &str = "solver/src/catalog.rs";

/// Every file a game's name might be compared in: the crates' sources and the page.
fn named_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = CRATES
        .iter()
        .flat_map(|dir| sources(&root().join(dir)))
        .collect();
    files.push(root().join("assets/serve.html"));
    files
}

/// The names a game answers to: its own, and each of its rulesets' and their aliases.
fn names_of(game: &swine_solver::game::GameType) -> Vec<String> {
    let mut names = vec![game.name.to_string()];
    for ruleset in (game.rulesets)() {
        names.push(ruleset.name.to_string());
        names.extend(ruleset.aliases.iter().map(|a| a.to_string()));
    }
    names
}

/// The game whose folder `relative` is in (`solver/src/pig/...` is Pig's), if any.
fn owner(relative: &str) -> Option<&'static swine_solver::game::GameType> {
    let folder = relative.strip_prefix("solver/src/")?.split('/').next()?;
    swine_solver::catalog::games()
        .iter()
        .copied()
        .find(|g| g.name.replace('-', "_") == folder)
}

/// Whether `line` compares something with the quoted `name`: `== "pig"`, `"pig" =>`,
/// `=== "pig"`, `case "pig":`, `starts_with("pig")`, `matches!(.., "pig" | ..)`.
fn compares(line: &str, name: &str) -> bool {
    [format!("\"{name}\""), format!("'{name}'")]
        .iter()
        .any(|quoted| {
            line.match_indices(quoted.as_str()).any(|(at, _)| {
                let before = line[..at].trim_end();
                let after = line[at + quoted.len()..].trim_start();
                let alternative = before.ends_with('|') && !before.ends_with("||");
                ["==", "!=", "case", "starts_with(", "ends_with("]
                    .iter()
                    .any(|op| before.ends_with(op))
                    || alternative
                    || before.contains("matches!(")
                    || ["=>", "==", "!=", "|"]
                        .iter()
                        .any(|op| after.starts_with(op))
            })
        })
}

#[test]
fn no_games_name_is_compared_outside_the_catalog_and_its_own_folder() {
    let games = swine_solver::catalog::games();
    let mut found = Vec::new();
    for path in named_files() {
        let relative = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if relative == REGISTRY {
            continue;
        }
        let own = owner(&relative).map(names_of).unwrap_or_default();
        let text = std::fs::read_to_string(&path).unwrap();
        let code = if relative.ends_with(".rs") {
            code_of(&text)
        } else {
            text.lines()
                .map(|line| line.split("//").next().unwrap_or_default())
                .collect::<Vec<_>>()
                .join("\n")
        };
        for (number, line) in code.lines().enumerate() {
            for name in games.iter().flat_map(|g| names_of(g)) {
                if !own.contains(&name) && compares(line, &name) {
                    found.push(format!("{relative}:{}: {}", number + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a game's name compared outside the catalog and its folder:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_comparison_with_a_games_name_is_caught() {
    for line in [
        r#"if (game.game === "farkle") {"#,
        r#"case "pig": return 1;"#,
        r#"    "greed" => 3,"#,
        r#"if rules.starts_with("hog") {"#,
        r#"matches!(name, "pig" | "piglet")"#,
        r#"if name == "chopsticks" {"#,
    ] {
        let name = ["farkle", "pig", "greed", "hog", "chopsticks"]
            .into_iter()
            .find(|n| line.contains(&format!("\"{n}\"")))
            .unwrap();
        assert!(compares(line, name), "{line}");
    }
    for line in [
        r#"    name: "pig","#,
        r#"json!({"game": "pig"})"#,
        r#"let label = "farkle";"#,
        r#".unwrap_or_else(|| "pig".to_string())"#,
    ] {
        assert!(
            !compares(line, "pig") && !compares(line, "farkle"),
            "{line}"
        );
    }
}
