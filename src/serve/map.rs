//! The strategy map of a game of scores: the person's best choice and its value in every
//! score cell, as the game's engine draws it.

use std::collections::HashMap;

use serde_json::Value;
use swine_solver::catalog;
use swine_solver::game::Capability;
use swine_solver::python::Runner;

use super::State;
use super::engines::engine;
use super::query::{Refusal, bad};

/// `GET /api/map?rules=R&goal=G&vs=S`: in every (own, opponent) cell, the person's best choice
/// and what it is worth, with the legend that reads it; refused before any solving where the
/// game has no such map.
pub(super) fn map(state: &State, query: &HashMap<String, String>) -> Result<Value, Refusal> {
    let rules = query
        .get("rules")
        .map_or(catalog::default_rules(), String::as_str);
    if let Ok(entry) = catalog::find(rules) {
        let game = catalog::open(entry.ruleset.name, None, &[], &Runner::default());
        if let Ok(game) = game
            && let Err(refused) = game.info().allows(Capability::ScoreMap)
        {
            let reason = refused.to_string();
            let reason = reason.strip_prefix("map: ").unwrap_or(&reason);
            return Err(bad(&format!("map: {reason}")));
        }
    }
    let kept = engine(state, query)?;
    let map = kept.engine.map().map_err(|e| bad(&format!("map: {e}")))?;
    serde_json::to_value(map).map_err(|e| (500, format!("map: {e}")))
}
