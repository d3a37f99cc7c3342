//! Farkle's turn-start values at full size, committed in `tables/` and built into the program:
//! solving them takes one to two minutes on two cores (docs/performance.md), which `swine solve
//! --rules farkle` on its defaults, play against the computer and the optimum would otherwise
//! repeat on every run. `swine tables` writes these files and tests/tables.rs fails when they
//! go stale; every use checks them first by one Bellman backup ([`backup`](super::backup)).

use super::game::Farkle;
use super::solve::{values_by_state, values_file};

/// The committed values: `optimal` against the yardstick, and both players optimal, at the
/// default rules.
const COMMITTED: [(&str, &[u8]); 2] = [
    committed!("farkle_optimal_vs_bank_at_300_values.npy"),
    committed!("farkle_minimax_values.npy"),
];

/// Seat 0's committed turn-start values (P(win), by state number) of `strategy` against
/// `opponent` (the names `swine solve` gives them) and where they are in the repository;
/// `None` unless `game` has the default rules and that match-up is committed.
pub fn committed_values(
    game: &Farkle,
    strategy: &str,
    opponent: &str,
) -> Option<(&'static str, Vec<f64>)> {
    if game.settings() != Farkle::new(&[]).ok()?.settings() {
        return None;
    }
    let blank = values_file(game, &vec![0.0; game.states()], strategy, opponent);
    let path = format!("tables/{}_values.npy", blank.stem);
    let (path, bytes) = COMMITTED.iter().find(|(p, _)| *p == path)?;
    let ordered = blank.values_from_npy(bytes)?;
    Some((path, values_by_state(game, &ordered)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both committed files are found for their match-ups at the default rules, hold one value
    /// per state, and give the first player's chance the solve found; other rules or
    /// match-ups find none.
    #[test]
    fn the_committed_values_are_found_for_their_match_ups_only() {
        let game = Farkle::new(&[]).unwrap();
        let (path, minimax) = committed_values(&game, "minimax", "minimax").unwrap();
        assert_eq!(path, "tables/farkle_minimax_values.npy");
        assert_eq!(minimax.len(), game.states());
        // The full-size game, both optimal, as docs/performance.md gives it.
        assert_eq!(minimax[game.start()], 0.5351421963424684);
        let (path, _) = committed_values(&game, "optimal", "bank_at:300").unwrap();
        assert_eq!(path, "tables/farkle_optimal_vs_bank_at_300_values.npy");
        assert!(committed_values(&game, "optimal", "bank_at:350").is_none());
        let smaller = Farkle::new(&[("goal".to_string(), 5000)]).unwrap();
        assert!(committed_values(&smaller, "minimax", "minimax").is_none());
    }
}
