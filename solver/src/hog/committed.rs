//! Best score tables committed in `tables/` and built into the program: where the rules hide
//! memory from a score table, finding the best one is a search (about 20 s for hog-fa19, 85 s
//! for hog-sp20 and hog-su20, 4 to 16 minutes for hog-fa17 on two cores), which grading and a
//! solve that asks nothing of the search would otherwise repeat on every run. `swine tables`
//! writes these files and a test fails when they go stale, so the copy built in is the table
//! the search finds.

use super::analysis::BEST_TABLE;
use super::ruleset::Ruleset;
use super::strategy::Strategy;
use crate::format::{TableFile, parse_binary};

/// The committed searched tables: every preset that hides memory from a score table, against
/// its yardstick at goal 100.
const COMMITTED: [(&str, &[u8]); 4] = [
    committed!("hog_fa17_best_table_vs_always_roll_4.bin"),
    committed!("hog_fa19_best_table_vs_always_roll_4.bin"),
    committed!("hog_sp20_best_table_vs_always_roll_4.bin"),
    committed!("hog_su20_best_table_vs_always_roll_4.bin"),
];

/// The committed best score table for `rules` (its variant and goal) against `opponent`, with
/// its path in the repository, if there is one.
pub fn committed_best_table(
    rules: &Ruleset,
    opponent: &Strategy,
) -> Option<(&'static str, TableFile)> {
    let schema = rules.score_schema();
    COMMITTED.iter().find_map(|(path, bytes)| {
        let file = parse_binary(bytes, std::slice::from_ref(&schema)).ok()?;
        (file.meta.strategy == BEST_TABLE && file.meta.opponent == opponent.name())
            .then_some((*path, file))
    })
}

#[cfg(test)]
mod tests {
    use super::super::DEFAULT_GOAL;
    use super::super::analysis::{best_table_stem, recorded_search};
    use super::super::presets::PRESETS;
    use super::super::search::{PERTURBATIONS, SEED};
    use super::*;

    /// Every preset whose solve against its yardstick searches has its best table committed,
    /// and each committed table is what the default search finds (its seed and perturbations,
    /// climbed to a local optimum), so a solve that asks nothing of the search may take it
    /// instead: a change of the defaults without new tables fails here.
    #[test]
    fn every_searched_preset_has_the_default_search_committed() {
        let mut committed = 0;
        for preset in PRESETS {
            let rules = Ruleset::preset(preset.name, DEFAULT_GOAL).unwrap();
            let yardstick = Strategy::parse(preset.yardstick, &rules).unwrap();
            let found = committed_best_table(&rules, &yardstick);
            let searched = best_table_stem(&rules, &yardstick);
            assert_eq!(found.is_some(), searched.is_some(), "{}", preset.name);
            let Some((path, file)) = found else { continue };
            assert_eq!(path, format!("tables/{}.bin", searched.unwrap()));
            let about = file.meta.about.as_deref().unwrap();
            let Some((true, _, (PERTURBATIONS, _), SEED)) = recorded_search(about) else {
                panic!("{path} is not the default search's table: {about}");
            };
            committed += 1;
        }
        assert_eq!(committed, COMMITTED.len());
    }
}
