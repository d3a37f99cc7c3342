//! Every shell example with output in README.md and docs/ (the `console` blocks), run through
//! the real binary from the repository root and compared with what the document shows
//! (trycmd: `...` on a line of its own stands for lines left out, `[..]` for part of a line).

#[test]
fn documented_examples_print_what_the_documents_show() {
    trycmd::TestCases::new()
        .register_bin("swine", std::path::Path::new(env!("CARGO_BIN_EXE_swine")))
        .case("README.md")
        .case("docs/*.md");
}
