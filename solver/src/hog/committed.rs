//! Best score tables committed in `tables/` and built into the program: where the rules hide
//! memory from a score table, finding the best one is a search (about 20 s for hog-fa19), which
//! grading would otherwise repeat on every run. `swine tables` writes these files and a test
//! fails when they go stale, so the copy built in is the table the search finds.

use super::ruleset::Ruleset;
use super::strategy::Strategy;
use crate::format::{TableFile, parse_binary};

/// The committed searched tables: where each is in the repository, and its bytes.
const COMMITTED: [(&str, &[u8]); 1] = [(
    "tables/hog_fa19_best_table_vs_always_roll_4.bin",
    include_bytes!("../../../tables/hog_fa19_best_table_vs_always_roll_4.bin"),
)];

/// The committed best score table for `rules` (its variant and goal) against `opponent`, with
/// its path in the repository, if there is one.
pub fn committed_best_table(
    rules: &Ruleset,
    opponent: &Strategy,
) -> Option<(&'static str, TableFile)> {
    let schema = rules.score_schema();
    COMMITTED.iter().find_map(|(path, bytes)| {
        let file = parse_binary(bytes, std::slice::from_ref(&schema)).ok()?;
        (file.meta.strategy == "best_table" && file.meta.opponent == opponent.name())
            .then_some((*path, file))
    })
}
