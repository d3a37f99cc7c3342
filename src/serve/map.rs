//! The strategy map of a game of scores: the person's best choice and its value in every
//! score cell, as the game's engine draws it.
//!
//! A map is large (Hog's at goal 1000 is 21 MB of JSON), so each match-up's is drawn once, one
//! match-up at a time, and kept with the match-up, charged to it against the server's budget:
//! however many clients ask for it, and however slowly they read, they are all sent that one
//! body.

use std::collections::HashMap;

use axum::body::Bytes;
use swine_solver::catalog;
use swine_solver::game::Capability;
use swine_solver::python::Runner;

use super::engines::{charge_map, engine};
use super::query::{Refusal, bad};
use super::{State, lock};

/// `GET /api/map?rules=R&goal=G&vs=S`: in every (own, opponent) cell, the person's best choice
/// and what it is worth, with the legend that reads it (the JSON of
/// `swine_solver::game::Map`); refused before any solving where the game has no such map.
pub(super) fn map(state: &State, query: &HashMap<String, String>) -> Result<Bytes, Refusal> {
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
    kept.map
        .get_or_init(|| {
            let _drawing = lock(&state.drawing);
            let map = kept.engine.map().map_err(|e| bad(&format!("map: {e}")))?;
            let body = serde_json::to_vec(&map).map_err(|e| (500, format!("map: {e}")))?;
            drop(map);
            charge_map(state, &kept, body.len() as u64);
            Ok(Bytes::from(body))
        })
        .clone()
}
