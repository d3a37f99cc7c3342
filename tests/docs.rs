//! Every shell example with output in README.md and docs/ (the `console` blocks), run through
//! the real binary from the repository root and compared with what the document shows
//! (trycmd: `...` on a line of its own stands for lines left out, `[..]` for part of a line);
//! and every document parsed as CommonMark (as GitHub renders it), so that what trycmd runs is
//! what a reader sees: each block closed by a bare fence, no example left as prose, no prose
//! swallowed by a block.

use std::path::{Path, PathBuf};

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// The examples run as on a fresh machine: with a cache directory of their own, empty at the
/// start (so the first Yahtzee question solves the game and says so, as the guide shows).
#[test]
fn documented_examples_print_what_the_documents_show() {
    let cache = tempfile::tempdir().expect("a temporary directory");
    trycmd::TestCases::new()
        .register_bin("swine", std::path::Path::new(env!("CARGO_BIN_EXE_swine")))
        .env("SWINE_CACHE_DIR", cache.path().to_string_lossy())
        .case("README.md")
        .case("docs/*.md")
        .run();
}

/// README.md and every docs/*.md, in path order.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    found.extend(docs);
    found
}

/// A fenced code block as CommonMark reads it: its info string, its text and the line it
/// opens on (1-based).
struct Block {
    info: String,
    text: String,
    line: usize,
}

/// What a CommonMark parser makes of `source`: its fenced code blocks, and each line of prose
/// (text outside blocks) with the line it is on.
fn parse(source: &str) -> (Vec<Block>, Vec<(usize, String)>) {
    let line_of = |offset: usize| source[..offset].matches('\n').count() + 1;
    let mut blocks = Vec::new();
    let mut prose = Vec::new();
    let mut open: Option<Block> = None;
    for (event, range) in Parser::new_ext(source, Options::ENABLE_TABLES).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                open = Some(Block {
                    info: info.to_string(),
                    text: String::new(),
                    line: line_of(range.start),
                });
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(open.take()),
            Event::Text(text) => match open.as_mut() {
                Some(block) => block.text.push_str(&text),
                None => prose.push((line_of(range.start), text.to_string())),
            },
            _ => {}
        }
    }
    (blocks, prose)
}

#[test]
fn every_document_renders_as_commonmark_intends() {
    let mut problems = Vec::new();
    for path in documents() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let source = std::fs::read_to_string(&path).expect("a readable document");
        let (blocks, prose) = parse(&source);
        for block in &blocks {
            // A fence line inside a block is a close CommonMark did not take ("```text"
            // closes nothing): the prose after it was swallowed.
            if let Some(fence) = block
                .text
                .lines()
                .find(|l| l.trim_start().starts_with("```"))
            {
                problems.push(format!(
                    "{name}:{}: the block holds the fence line '{fence}': only a bare fence \
                     closes a block, so what follows it is inside",
                    block.line
                ));
            }
        }
        for (line, text) in &prose {
            if let Some(example) = text.lines().find(|l| l.trim_start().starts_with("$ swine")) {
                problems.push(format!(
                    "{name}:{line}: '{example}' renders as prose, outside any block"
                ));
            }
        }
        // trycmd reads the source line by line: it must find the blocks the reader sees.
        let console = blocks.iter().filter(|b| b.info == "console").count();
        let fences = source.lines().filter(|l| l.trim() == "```console").count();
        if console != fences {
            problems.push(format!(
                "{name}: {fences} lines open a console block, CommonMark reads {console}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_commonmark_check_catches_a_fence_with_an_info_string_as_a_close() {
    // The shape docs/guide.md once had: blocks "closed" by ```text, which closes nothing, so
    // the prose after one is inside it and the next bare fence pairs off the wrong way.
    let broken = "```text\nout\n```text\n\nSome prose.\n\n```\n\n$ swine eval optimal\nout\n```\n";
    let (blocks, prose) = parse(broken);
    assert!(blocks[0].text.contains("```text") && blocks[0].text.contains("Some prose."));
    assert!(
        prose
            .iter()
            .any(|(line, t)| *line == 9 && t == "$ swine eval optimal")
    );
    let fixed =
        broken
            .replacen("```text\n\n", "```\n\n", 1)
            .replacen("```\n\n$", "```console\n$", 1);
    let (blocks, prose) = parse(&fixed);
    assert_eq!(blocks.len(), 2);
    assert!(blocks.iter().all(|b| !b.text.contains("```")));
    assert!(prose.iter().all(|(_, t)| !t.starts_with("$ swine")));
}

/// The rows of README.md's ruleset table: each row's `--rules` names (every name in backticks
/// in its first cell), its game and its yardstick (empty where none).
fn readme_rulesets() -> Vec<(Vec<String>, String, String)> {
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let ticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    source
        .lines()
        .skip_while(|l| !l.starts_with("| `--rules` |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
            (
                ticked(cells[0]),
                cells[1].to_string(),
                ticked(cells[3]).join(""),
            )
        })
        .collect()
}

#[test]
fn the_readmes_ruleset_table_is_the_registrys() {
    use swine_solver::catalog;
    let rows = readme_rulesets();
    let mut expected: Vec<(Vec<String>, String, String)> = Vec::new();
    // The tests' own game is registered only where the tests build: no reader meets it.
    for game in catalog::games().iter().filter(|g| g.name != "coin-race") {
        for ruleset in (game.rulesets)() {
            let mut names = vec![ruleset.name.to_string()];
            names.extend(ruleset.aliases.iter().map(|a| a.to_string()));
            let yardstick = ruleset.yardstick.unwrap_or_default();
            expected.push((names, game.label.to_string(), yardstick));
        }
        if !game.files.is_empty() {
            let files = game.files.iter().map(|e| format!("FILE{e}")).collect();
            expected.push((files, game.label.to_string(), "the script's".to_string()));
        }
    }
    let key = |row: &(Vec<String>, String, String)| row.0[0].clone();
    let mut rows_sorted = rows.clone();
    rows_sorted.sort_by_key(key);
    expected.sort_by_key(key);
    // The file row's yardstick is words, not a strategy.
    for row in &mut rows_sorted {
        if row.0[0].starts_with("FILE") {
            row.2 = "the script's".to_string();
        }
    }
    assert_eq!(rows_sorted, expected);
}
