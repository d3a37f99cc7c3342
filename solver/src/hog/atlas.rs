//! An atlas of the built-in rulesets: for every preset, the numbers that say how its rules play
//! under optimal play, so that a variant can be set beside every course term before it.
//!
//! [`atlas`] solves every preset at goal 100, in parallel, in [`atlas_order`] (the course's
//! terms oldest first, then the other variants); [`atlas_entry`] solves one, and
//! [`entry_of`] any ruleset (a rule script of one's own, at its goal). Every number is
//! exact (a sweep, not a sample). Where the rules hide memory from a score table (hog-fa17,
//! hog-fa19, hog-sp20, hog-su20) the best score table is a search of seconds to minutes: an
//! entry takes the one committed in `tables/` and built into the program where there is one,
//! and otherwise the full-information best response, an upper bound; [`Optimum`] says which.

use ndarray::Ix2;
use rayon::prelude::*;

use super::committed::committed_best_table;
use super::definition::DEFAULT_GOAL;
use super::error::{RulesError, SolveError};
use super::length::{GameLength, game_length};
use super::policy::{Policy, ScoreTable};
use super::presets::{PRESETS, Preset};
use super::ruleset::Ruleset;
use super::search::{choices_at_start, most_likely_choices};
use super::strategy::Strategy;
use super::study::{Happenings, HogChain};
use super::sweep::{Player, solve};
use crate::game::Run;
use crate::game::study::{measure, per_game};
use crate::outcome::Outcome;
use crate::spec::StrategyError;

/// One ruleset's row of the atlas.
#[derive(Clone, Debug)]
pub struct AtlasEntry {
    /// The ruleset as reports name it: a preset's name, else the variant as `eval` labels it
    /// (`my-hog[lucky=5]@359652a1`).
    pub name: String,
    /// The preset, where the ruleset is one: the other names it answers to and its term.
    pub preset: Option<Preset>,
    /// The score that wins.
    pub goal: u32,
    /// Its rules in one line.
    pub summary: String,
    /// The strategy the course measures against (e.g. `always_roll:4`).
    pub yardstick: String,
    /// The optimal strategy against the yardstick.
    pub optimum: Optimum,
    /// Both players optimal (minimax; seeing the memories where the rules hide them): seat 0's
    /// outcome moving first and moving second, so `minimax.first` is the first player's.
    pub minimax: Outcome,
    /// How many turns a game lasts with both players optimal.
    pub length: GameLength,
    /// With both players optimal, each rule's expected number of turns per game on which it
    /// happens (each player moving first in half the games), named as the ruleset names it.
    pub rules_per_game: Vec<(String, f64)>,
    /// The fewest dice a player may roll (0 where rolling none is allowed).
    pub least_dice: u8,
    /// Whether the rules hide memory from a score table.
    pub hides_memory: bool,
    /// Whether positions can repeat (some turn can leave the total as it was, or lower it), so
    /// that values come from a fixpoint.
    pub positions_repeat: bool,
    /// The largest `|V − TV|` of the entry's solves (0 where one sweep is exact).
    pub residual: f64,
}

/// The optimal strategy against the yardstick, as the atlas shows it.
#[derive(Clone, Debug)]
pub struct Optimum {
    /// Which strategy it is.
    pub source: OptimumSource,
    /// Its exact outcome against the yardstick.
    pub outcome: Outcome,
    /// The dice it rolls in every score cell, indexed `[own, opponent]` (`goal × goal`): the
    /// table a student submits. For [`OptimumSource::FullInformation`], which reads the
    /// memories too, the choice it makes most often in each cell (its states weighted by how
    /// likely the game reaches them; in a cell no game reaches, the choice with both memories
    /// at their start), the table the search for the best score table starts from.
    pub table: ScoreTable,
    /// The exact outcome of `table` itself against the yardstick: `outcome`, but for
    /// [`OptimumSource::FullInformation`], where it is what a score table surely reaches (a
    /// lower bound on the best score table's win rate, as `outcome` is an upper bound).
    pub table_outcome: Outcome,
}

/// Where the atlas's optimal strategy comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptimumSource {
    /// The exact best response, a score table (rules where the scores are the whole state).
    BestResponse,
    /// The best score table the search found, committed at this path of the repository and
    /// built into the program (rules that hide memory).
    CommittedTable(&'static str),
    /// The full-information best response, which also sees both memories: an upper bound on
    /// what any score table wins (rules that hide memory, no committed table).
    FullInformation,
}

impl AtlasEntry {
    /// The first player's advantage with both optimal: its value (P(win) + ½·P(tie)) less ½,
    /// as a probability.
    pub fn first_move_advantage(&self) -> f64 {
        self.minimax.as_first() - 0.5
    }

    /// The share (0..=1) of the `goal × goal` score cells of [`Optimum::table`] that roll 0
    /// dice, or `None` where the rules do not allow rolling none.
    pub fn rolls_zero(&self) -> Option<f64> {
        let table = &self.optimum.table;
        let zeros = table.iter().filter(|&&n| n == 0).count();
        (self.least_dice == 0).then(|| zeros as f64 / table.len() as f64)
    }
}

/// Why an atlas entry could not be made.
#[derive(Debug, thiserror::Error)]
pub enum AtlasError {
    /// The rules do not compile, or a hook fails.
    #[error("{ruleset}: {error}")]
    Rules {
        /// The ruleset.
        ruleset: String,
        /// Why.
        error: RulesError,
    },
    /// Its yardstick is not one of its strategies.
    #[error("{ruleset}: {error}")]
    Strategy {
        /// The ruleset.
        ruleset: String,
        /// Why (boxed: a strategy error is large).
        error: Box<StrategyError>,
    },
    /// A solve did not converge.
    #[error("{ruleset}: {error}")]
    Solve {
        /// The ruleset.
        ruleset: String,
        /// Why.
        error: SolveError,
    },
}

/// Every preset in the atlas's order: those of a CS 61A term by term, oldest first, then the
/// others in the order of [`PRESETS`].
pub fn atlas_order() -> Vec<Preset> {
    let mut presets = PRESETS.to_vec();
    // A stable sort: `None` (no term) sorts first, so the key puts it last.
    presets.sort_by_key(|p| (p.term.is_none(), p.term));
    presets
}

/// Every preset's entry, in [`atlas_order`], solved in parallel; `done` hears of each entry
/// as it is finished (from whichever thread solved it).
pub fn atlas(done: impl Fn(&AtlasEntry) + Sync) -> Result<Vec<AtlasEntry>, AtlasError> {
    atlas_order()
        .par_iter()
        .map(|preset| {
            let entry = atlas_entry(preset)?;
            done(&entry);
            Ok(entry)
        })
        .collect()
}

/// The atlas entry of `preset` at goal 100 ([`entry_of`]).
pub fn atlas_entry(preset: &Preset) -> Result<AtlasEntry, AtlasError> {
    let rules = Ruleset::preset(preset.name, DEFAULT_GOAL).map_err(|error| AtlasError::Rules {
        ruleset: preset.name.to_string(),
        error,
    })?;
    entry_of(&rules, Some(*preset))
}

/// The atlas entry of `rules` (the `preset` it is, if one): three solves (best response or
/// committed table, minimax), the forward pass of minimax and its study turn by turn.
pub fn entry_of(rules: &Ruleset, preset: Option<Preset>) -> Result<AtlasEntry, AtlasError> {
    let name = match preset {
        Some(preset) => preset.name.to_string(),
        None => rules.rules().variant(),
    };
    let solve_error = |error| AtlasError::Solve {
        ruleset: name.clone(),
        error,
    };
    let yardstick = Strategy::parse(rules.rules().yardstick(), rules).map_err(|error| {
        AtlasError::Strategy {
            ruleset: name.clone(),
            error: Box::new(error),
        }
    })?;
    let (optimum, residual) = optimum(rules, &yardstick).map_err(solve_error)?;
    let minimax = solve(rules, [&Player::Optimising, &Player::Optimising]).map_err(solve_error)?;
    let happenings = Happenings::of_rules(rules).map_err(|error| AtlasError::Rules {
        ruleset: name.clone(),
        error: RulesError::Script(error),
    })?;
    let policies = [minimax.policy(0), minimax.policy(1)];
    let chain = HogChain::new(rules, [&policies[0], &policies[1]], &happenings);
    let seatings = measure(&chain, false, &Run::default()).expect("a run nobody stops");
    let rules_per_game = per_game(&seatings);
    Ok(AtlasEntry {
        name,
        preset,
        goal: rules.goal(),
        summary: rules.rules().summary().to_string(),
        yardstick: yardstick.name().to_string(),
        optimum,
        minimax: minimax.matchup(),
        length: game_length(rules, &minimax),
        rules_per_game,
        least_dice: rules.least_dice(),
        hides_memory: rules.hides_memory(),
        positions_repeat: !rules.order().is_rising(),
        residual: residual.max(minimax.residual()),
    })
}

/// The optimal strategy against `yardstick` (see [`OptimumSource`]), with the residual of its solve.
fn optimum(rules: &Ruleset, yardstick: &Strategy) -> Result<(Optimum, f64), SolveError> {
    let opponent = yardstick.player(rules);
    if let Some((path, file)) = committed_best_table(rules, yardstick)
        && let Ok(table) = file.table.dice.into_dimensionality::<Ix2>()
    {
        let player = Player::Fixed(Policy::from_scores(rules, &table));
        let solution = solve(rules, [&player, &opponent])?;
        let optimum = Optimum {
            source: OptimumSource::CommittedTable(path),
            outcome: solution.matchup(),
            table,
            table_outcome: solution.matchup(),
        };
        return Ok((optimum, solution.residual()));
    }
    let solution = solve(rules, [&Player::Optimising, &opponent])?;
    let policy = solution.policy(0);
    let (source, table) = match (policy.to_scores(rules), &opponent) {
        (Some(table), _) => (OptimumSource::BestResponse, table),
        (None, Player::Fixed(opponent)) => {
            let at_start = choices_at_start(rules, &policy);
            let table = most_likely_choices(rules, &policy, opponent, &at_start, None)?;
            (OptimumSource::FullInformation, table)
        }
        (None, _) => (
            OptimumSource::FullInformation,
            choices_at_start(rules, &policy),
        ),
    };
    let mut residual = solution.residual();
    let table_outcome = if source == OptimumSource::BestResponse {
        solution.matchup()
    } else {
        let player = Player::Fixed(Policy::from_scores(rules, &table));
        let evaluated = solve(rules, [&player, &opponent])?;
        residual = residual.max(evaluated.residual());
        evaluated.matchup()
    };
    let optimum = Optimum {
        source,
        outcome: solution.matchup(),
        table,
        table_outcome,
    };
    Ok((optimum, residual))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hog::presets::{Season, Term};

    #[test]
    fn terms_come_in_order_then_the_other_variants_as_listed() {
        let order = atlas_order();
        assert_eq!(order.len(), PRESETS.len());
        let names: Vec<&str> = order.iter().map(|p| p.name).collect();
        assert_eq!(&names[..3], ["hog-fa17", "hog-sp18", "hog-fa18"]);
        assert_eq!(
            &names[names.len() - 6..],
            [
                "hog-wild",
                "hog-hogtimus",
                "hog-digits",
                "hog-nju21",
                "hog-nju24",
                "hog-textbook"
            ]
        );
        let terms: Vec<Term> = order.iter().filter_map(|p| p.term).collect();
        assert!(terms.windows(2).all(|w| w[0] < w[1]), "{terms:?}");
        // Spring, then summer, then fall of one year.
        let at = |name| names.iter().position(|&n| n == name).unwrap();
        assert!(at("hog-sp20") < at("hog-su20") && at("hog-su20") < at("hog-fa20"));
        assert_eq!(
            order.iter().find(|p| p.name == "hog-fa24").unwrap().term,
            Some(Term {
                year: 2024,
                season: Season::Fall
            })
        );
    }

    #[test]
    fn an_entry_holds_the_numbers_of_its_solves() {
        let fa20 = PRESETS.iter().find(|p| p.name == "hog-fa20").unwrap();
        let entry = atlas_entry(fa20).unwrap();
        // README: hog-fa20's optimum wins 0.81757063896859328 against always_roll:4; both
        // optimal, the first player wins 0.53191524614213692 (docs/guide.md's results).
        assert_eq!(entry.optimum.source, OptimumSource::BestResponse);
        assert_eq!(entry.optimum.outcome.win_rate(), 0.8175706389685933);
        assert_eq!(entry.minimax.as_first(), 0.5319152461421369);
        approx::assert_relative_eq!(entry.first_move_advantage(), 0.03191524614213692);
        assert_eq!(entry.yardstick, "always_roll:4");
        assert!(!entry.hides_memory && !entry.positions_repeat);
        assert_eq!(entry.residual, 0.0);
        // Its table is the one committed in tables/ (which a test keeps fresh).
        let rules = Ruleset::preset("hog-fa20", DEFAULT_GOAL).unwrap();
        let committed = crate::format::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../tables/hog_fa20_optimal_vs_always_roll_4.bin"),
            &[rules.score_schema()],
        )
        .unwrap();
        assert_eq!(entry.optimum.table.clone().into_dyn(), committed.table.dice);
        let zeros = entry.optimum.table.iter().filter(|&&n| n == 0).count();
        assert_eq!(entry.rolls_zero(), Some(zeros as f64 / 10_000.0));
        assert_eq!(entry.optimum.table_outcome, entry.optimum.outcome);
        assert!(zeros > 0);
        assert!(entry.length.turns.is_finite() && entry.length.turns > 5.0);
    }

    #[test]
    fn hidden_memory_takes_the_committed_best_table() {
        // The atlas entry's optimum, without the entry's minimax solve and study.
        let rules = Ruleset::preset("hog-fa19", DEFAULT_GOAL).unwrap();
        let yardstick = Strategy::parse(rules.rules().yardstick(), &rules).unwrap();
        let (optimum, _) = optimum(&rules, &yardstick).unwrap();
        // docs/guide.md: the committed best score table wins 0.84874499861253161.
        assert_eq!(
            optimum.source,
            OptimumSource::CommittedTable("tables/hog_fa19_best_table_vs_always_roll_4.bin")
        );
        assert_eq!(optimum.outcome.win_rate(), 0.8487449986125316);
        assert_eq!(optimum.table_outcome, optimum.outcome);
        assert!(rules.hides_memory());
    }

    #[test]
    fn without_a_committed_table_the_full_information_optimum_and_its_likeliest_choices() {
        // No table is committed for hog-fa17 at goal 30.
        let rules = Ruleset::preset("hog-fa17", 30).unwrap();
        let yardstick = Strategy::parse("always_roll:4", &rules).unwrap();
        let (optimum, _) = optimum(&rules, &yardstick).unwrap();
        assert_eq!(optimum.source, OptimumSource::FullInformation);
        let full = crate::hog::evaluate(&rules, &Strategy::optimising("optimal"), &yardstick);
        assert_eq!(optimum.outcome, full.unwrap());
        // The table shown is a score table, worth what its evaluation says: no more than full
        // information, more than the yardstick against itself.
        let table = Strategy::from_table("table", rules.score_table(optimum.table.clone()));
        let evaluated = crate::hog::evaluate(&rules, &table, &yardstick).unwrap();
        assert_eq!(optimum.table_outcome, evaluated);
        assert!(evaluated.win_rate() <= optimum.outcome.win_rate());
        assert!(evaluated.win_rate() > 0.5);
    }
}
