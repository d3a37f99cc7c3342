//! Rulesets this process has opened, kept so that a notebook's calls on the same rules
//! compile them once (hog-fa20: about 2 ms a call otherwise).
//!
//! A built-in ruleset is known by its name, goal and parameters. A rule script file (`.rhai`)
//! is read again on every call, and its compiled rules are reused only while its text, goal and
//! parameters are all the same: an edited script is compiled afresh, whatever its name. A
//! Python rule module (`.py`) is never kept (it may read other files), nor is anything that
//! failed to open.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use swine_solver::catalog;
use swine_solver::game::Opened;
use swine_solver::read::{SCRIPT_BYTES, read_text_capped};

/// The most rulesets kept; opening one more forgets the one used least recently.
const KEPT: usize = 8;

/// What decides a ruleset: two equal keys open to the same rules.
#[derive(PartialEq)]
struct Key {
    rules: String,
    goal: Option<u32>,
    settings: Vec<(String, String)>,
    /// A rule script's full text (none for a built-in).
    text: Option<String>,
}

/// The rulesets kept, the one used last at the end.
static KEPT_RULES: Mutex<Vec<(Key, Opened)>> = Mutex::new(Vec::new());

/// The rules that `rules` at `goal` with `settings` opens to: those kept from an earlier call
/// with the same key, else what `open` gives (kept if it opened and may be kept).
pub fn kept_or<E>(
    rules: &str,
    goal: Option<u32>,
    settings: &[(String, String)],
    open: impl FnOnce() -> Result<Opened, E>,
) -> Result<Opened, E> {
    let Some(key) = key(rules, goal, settings) else {
        return open();
    };
    let kept = |all: &mut Vec<(Key, Opened)>| {
        let at = all.iter().position(|(k, _)| *k == key)?;
        let entry = all.remove(at);
        let opened = Arc::clone(&entry.1);
        all.push(entry);
        Some(opened)
    };
    if let Some(opened) = kept(&mut KEPT_RULES.lock().unwrap_or_else(PoisonError::into_inner)) {
        return Ok(opened);
    }
    // Compiled outside the lock: another thread's call on other rules need not wait.
    let opened = open()?;
    let mut all = KEPT_RULES.lock().unwrap_or_else(PoisonError::into_inner);
    // Another thread may have opened the same rules meanwhile: keep one of them.
    if let Some(theirs) = kept(&mut all) {
        return Ok(theirs);
    }
    if all.len() == KEPT {
        all.remove(0);
    }
    all.push((key, Arc::clone(&opened)));
    Ok(opened)
}

/// The key of `rules` at `goal` with `settings`; none where the rules are not to be kept (a
/// Python rule module, or a script file that cannot be read: opening it says why).
fn key(rules: &str, goal: Option<u32>, settings: &[(String, String)]) -> Option<Key> {
    let text = if catalog::is_script(rules) {
        if catalog::is_python(rules) {
            return None;
        }
        Some(read_text_capped(Path::new(rules), SCRIPT_BYTES, "a rule script").ok()?)
    } else {
        None
    };
    Some(Key {
        rules: rules.to_string(),
        goal,
        settings: settings.to_vec(),
        text,
    })
}
