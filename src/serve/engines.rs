//! Match-ups solved once and kept: every parameter checked and the solve sized, then the game
//! solved for the person against the computer's strategy, within the server's memory budget.
//!
//! Every match-up is solved on a thread of its own, one at a time, while the server answers
//! every other request: a request waits a moment for it (Hog, Greed and the Pig family solve in
//! milliseconds), and is otherwise answered with how far the solve has come ([`SOLVING`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use swine_solver::catalog::{self, Named, OpenError};
use swine_solver::game::{
    Capability, Engine, Footprint, MoveLimit, Opened, Progress, Run, Strategy, bytes_text,
};
use swine_solver::python::Runner;
use swine_solver::report::full_message;
use swine_solver::spec::Spec;

use super::query::{Refusal, bad, number};
use super::{State, lock};
use crate::cli::move_limit;

/// A match-up the page plays: what games of one engine share.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct MatchUp {
    rules: String,
    /// The goal asked for, if any.
    goal: Option<u32>,
    /// The computer's strategy, as asked for.
    vs: String,
    /// The move limit asked for, if any.
    moves: Option<MoveLimit>,
    /// The rule numbers (`set=floor=-1000,penalty=0`), as given.
    settings: Option<String>,
}

/// The status of an answer that says a match-up is still being solved (the request may be
/// made again; it is answered once the solve is done).
pub(super) const SOLVING: u16 = 202;

/// The status of an answer refusing a second solve while one runs.
const BUSY: u16 = 503;

/// How long a request waits for its match-up's solve before it is told how far it has come.
const PATIENCE: Duration = Duration::from_millis(1500);

/// How often a waiting request looks whether the solve is done.
const POLL: Duration = Duration::from_millis(5);

/// How long a solve goes on after the last request for it: then nobody waits for it (the page
/// asks again every second or so), and it is stopped.
const ABANDONED: Duration = Duration::from_secs(30);

/// A match-up being solved on its own thread.
pub(super) struct Solving {
    key: MatchUp,
    /// What is solved, in words (the rules asked for, until the game is open).
    what: String,
    started: Instant,
    /// The last progress heard.
    progress: Option<Progress>,
    /// When a request last asked for it: a solve nobody asks for is dropped.
    asked: Instant,
    /// Why the solve failed, once it has.
    failed: Option<String>,
}

impl Solving {
    /// How far the solve has come, in words.
    fn told(&self) -> String {
        let seconds = self.started.elapsed().as_secs();
        let done = match &self.progress {
            None => "setting up".to_string(),
            Some(progress) => match progress.count {
                Some((done, total)) => {
                    format!("{} ({}%)", progress.message, 100 * done / total.max(1))
                }
                None => progress.message.clone(),
            },
        };
        format!("Solving {}: {done}; {seconds} s so far.", self.what)
    }
}

/// The match-ups solved and kept, within the server's memory budget.
pub(super) type Engines = Arc<Mutex<Cache>>;

/// The match-up being solved, if any.
pub(super) type UnderWay = Arc<Mutex<Option<Solving>>>;

/// The match-ups solved and kept, each charged the memory its solve was estimated to take
/// and, once drawn, its strategy map's answer: when a new one needs room, the least recently
/// used go. (One let go while its map is still being sent is freed once the last client has
/// it or is cut off, within the write timeout.)
#[derive(Default)]
pub(super) struct Cache {
    entries: HashMap<MatchUp, Entry>,
    /// A count of uses: an entry used later has a larger one.
    clock: u64,
}

/// A kept match-up, its charge and its last use.
struct Entry {
    kept: Arc<Kept>,
    bytes: u64,
    used: u64,
}

impl Cache {
    /// The match-up `key`, if kept, marked as just used.
    fn get(&mut self, key: &MatchUp) -> Option<Arc<Kept>> {
        self.clock += 1;
        let entry = self.entries.get_mut(key)?;
        entry.used = self.clock;
        Some(Arc::clone(&entry.kept))
    }

    /// Keeps `kept` as `key`, charged `bytes`.
    fn insert(&mut self, key: MatchUp, kept: Arc<Kept>, bytes: u64) {
        self.clock += 1;
        let used = self.clock;
        self.entries.insert(key, Entry { kept, bytes, used });
    }

    /// The memory charged to the match-ups kept, in bytes.
    pub(super) fn held(&self) -> u64 {
        self.entries.values().map(|e| e.bytes).sum()
    }

    /// Charges `bytes` more to the match-up `kept` (the strategy map it answers with), if it
    /// is still kept, and lets the least recently used others go until the match-ups fit in
    /// `budget` again: the match-ups let go.
    fn charge(&mut self, kept: &Arc<Kept>, bytes: u64, budget: u64) -> Vec<Arc<Kept>> {
        let Some(entry) = self
            .entries
            .values_mut()
            .find(|e| Arc::ptr_eq(&e.kept, kept))
        else {
            return Vec::new();
        };
        entry.bytes += bytes;
        let used = entry.used;
        self.let_go_while(budget, |e| e.used < used)
    }

    /// Lets the least recently used match-ups go until `bytes` more fit in `budget`: the
    /// match-ups let go.
    fn make_room(&mut self, bytes: u64, budget: u64) -> Vec<Arc<Kept>> {
        self.let_go_while(budget.saturating_sub(bytes), |_| true)
    }

    /// Lets the least recently used of the match-ups `may_go` allows go until those kept
    /// take at most `budget`: the match-ups let go.
    fn let_go_while(&mut self, budget: u64, may_go: impl Fn(&Entry) -> bool) -> Vec<Arc<Kept>> {
        let mut gone = Vec::new();
        while self.held() > budget {
            let Some(oldest) = self
                .entries
                .iter()
                .filter(|(_, e)| may_go(e))
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            gone.extend(self.entries.remove(&oldest).map(|e| e.kept));
        }
        gone
    }
}

/// Charges the strategy map of `kept`, `bytes` long, to its match-up, and lets the least
/// recently used other match-ups (and their games) go where that is past the budget.
pub(super) fn charge_map(state: &State, kept: &Arc<Kept>, bytes: u64) {
    let gone = lock(&state.engines).charge(kept, bytes, state.budget);
    let_go(state, &gone);
}

/// Drops the games of the match-ups `gone`, let go to make room.
fn let_go(state: &State, gone: &[Arc<Kept>]) {
    if !gone.is_empty() {
        lock(&state.games).retain(|_, game| !gone.iter().any(|kept| Arc::ptr_eq(kept, &game.kept)));
    }
}

/// A match-up solved: the game and the engine its games are played from.
pub(super) struct Kept {
    /// The game.
    pub(super) game: Opened,
    /// The solved match-up.
    pub(super) engine: Arc<dyn Engine>,
    /// Its strategy map's answer (`GET /api/map`), once drawn: drawn once, charged to the
    /// match-up, and the one body every request for it is sent (or why there is none).
    pub(super) map: OnceLock<Result<Bytes, Refusal>>,
}

/// A match-up's parameters, checked and sized: what is solved once there is room for it.
struct Plan {
    named: Named,
    footprint: Footprint,
}

/// The kept match-up the query names, solved first if it is not yet: a request waits a
/// moment for its solve (and for another match-up's, solved one at a time), then is told how
/// far it has come ([`SOLVING`]) or that the server is busy. A match-up whose solve would take
/// more memory than the server's budget is refused; one that fits is solved once the least
/// recently used match-ups (and their games) have made room for it.
pub(super) fn engine(state: &State, query: &HashMap<String, String>) -> Result<Arc<Kept>, Refusal> {
    let key = MatchUp {
        rules: query
            .get("rules")
            .cloned()
            .unwrap_or_else(|| catalog::default_rules().to_string()),
        goal: number::<u32>(query, "goal", "goal:")?,
        vs: query
            .get("vs")
            .cloned()
            .unwrap_or_else(|| "optimal".to_string()),
        moves: query
            .get("moves")
            .map(|text| move_limit(text).map_err(|e| bad(&format!("moves: {e}"))))
            .transpose()?,
        settings: query.get("set").cloned(),
    };
    if let Some(kept) = lock(&state.engines).get(&key) {
        return Ok(kept);
    }
    // Checked and sized before anything is solved or let go: a bad parameter or a match-up
    // too large is refused by name at once.
    let mut plan = Some(plan(&key, state.budget)?);
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(kept) = lock(&state.engines).get(&key) {
            return Ok(kept);
        }
        {
            let mut solving = lock(&state.solving);
            let waited = Instant::now() >= deadline;
            match solving.as_mut() {
                None => {
                    let Some(plan) = plan.take() else {
                        return Err(bad("rules: the match-up's solve went away; ask again"));
                    };
                    let gone = lock(&state.engines).make_room(plan.footprint.bytes, state.budget);
                    let_go(state, &gone);
                    *solving = Some(Solving {
                        what: key.rules.clone(),
                        key: key.clone(),
                        started: Instant::now(),
                        progress: None,
                        asked: Instant::now(),
                        failed: None,
                    });
                    let (engines, under_way) =
                        (Arc::clone(&state.engines), Arc::clone(&state.solving));
                    let key = key.clone();
                    std::thread::spawn(move || solve(key, plan, (&engines, &under_way)));
                }
                Some(under_way) if under_way.failed.is_some() => {
                    let same = under_way.key == key;
                    let failed = under_way.failed.take().unwrap_or_default();
                    // A failure is told once, to whoever asks for that match-up next.
                    *solving = None;
                    if same {
                        return Err(bad(&failed));
                    }
                }
                Some(under_way) if under_way.key == key => {
                    under_way.asked = Instant::now();
                    if waited {
                        return Err((SOLVING, under_way.told()));
                    }
                }
                Some(under_way) => {
                    if waited {
                        return Err((
                            BUSY,
                            format!(
                                "the server solves one match-up at a time. {} Ask again then.",
                                under_way.told()
                            ),
                        ));
                    }
                }
            }
        }
        std::thread::sleep(POLL);
    }
}

/// Opens `plan`'s game and solves it for the person against the computer `key` names,
/// telling `solving` how far it has come; keeps the engine among `engines`, charged the
/// plan's estimate (or the failure in `solving`, its parameter named).
fn solve(key: MatchUp, plan: Plan, (engines, solving): (&Engines, &UnderWay)) {
    let told = Arc::clone(solving);
    let base = Run::default();
    let stopper = base.clone();
    let run = base.with_progress(move |progress: &Progress| {
        if let Some(under_way) = lock(&told).as_mut() {
            under_way.progress = Some(progress.clone());
            if under_way.asked.elapsed() > ABANDONED {
                stopper.stop();
            }
        }
    });
    let solved = open(&key, plan.named).and_then(|(game, computer)| {
        if let Some(under_way) = lock(solving).as_mut() {
            let against = computer.as_ref().map_or("perfect play", Strategy::name);
            under_way.what = format!("{} against {against}", game.info().batch().text());
        }
        let engine = game
            .engine(computer.as_ref(), key.moves, &run)
            .map_err(|error| format!("rules: {}", full_message(&error)))?;
        Ok(Kept {
            game,
            engine,
            map: OnceLock::new(),
        })
    });
    match solved {
        Ok(kept) => {
            lock(engines).insert(key, Arc::new(kept), plan.footprint.bytes);
            *lock(solving) = None;
        }
        Err(failed) => {
            if let Some(under_way) = lock(solving).as_mut() {
                under_way.failed = Some(failed);
            }
        }
    }
}

/// Opens the game `named` and resolves the computer's strategy `key` names: why not, its
/// parameter named.
fn open(key: &MatchUp, named: Named) -> Result<(Opened, Option<Strategy>), String> {
    let game = named
        .open()
        .map_err(|e| format!("rules: {}", full_message(&e)))?;
    let info = game.info();
    if key.moves.is_some() && !info.can(Capability::Moves) {
        return Err(format!(
            "moves: a move limit is for chopsticks; {} has none",
            key.rules
        ));
    }
    let computer = if info.can(Capability::Strategies) {
        Some(
            game.resolve(&key.vs, &Runner::default())
                .map_err(|e| format!("vs: {}", full_message(&e)))?,
        )
    } else if key.vs != "optimal" {
        return Err(format!(
            "vs: {} has no strategies; the computer plays perfectly",
            key.rules
        ));
    } else {
        None
    };
    Ok((game, computer))
}

/// Checks `key`'s rules, goal and opponent's form, and sizes its solve against `budget` (in
/// bytes), solving nothing.
fn plan(key: &MatchUp, budget: u64) -> Result<Plan, Refusal> {
    if catalog::find(&key.rules).is_err() {
        return Err(bad("rules: the page plays the built-in rulesets"));
    }
    // Built-in strategies only: the page never runs a file (a Python strategy, a table) of
    // the machine it runs on.
    if !matches!(Spec::of(&key.vs), Spec::Named { .. }) {
        return Err(bad("vs: the page plays built-in strategies, not files"));
    }
    let settings = match &key.settings {
        None => Vec::new(),
        Some(text) => text
            .split(',')
            .filter(|piece| !piece.trim().is_empty())
            .map(|piece| catalog::setting(piece).map_err(|e| bad(&format!("set: {e}"))))
            .collect::<Result<_, _>>()?,
    };
    let named = catalog::named(&key.rules, key.goal, &settings, &Runner::default()).map_err(
        |e| match &e {
            OpenError::NoGoal { .. } => bad(&format!("goal: {} has no goal", key.rules)),
            OpenError::GoalTwice => bad("goal: given as goal= and as set=goal=; give one"),
            OpenError::NoParameter { .. } | OpenError::Value(_) => {
                let message = e.to_string();
                bad(&format!(
                    "set: {}",
                    message.strip_prefix("--set ").unwrap_or(&message)
                ))
            }
            other => bad(&format!("rules: {}", full_message(other))),
        },
    )?;
    let footprint = named.footprint();
    if footprint.bytes > budget {
        return Err(bad(&too_large(&key.rules, &footprint, budget)));
    }
    // Within the budget, the machine (its free memory, this process's own limits) may still
    // hold less: the page refuses then as the CLI and Python do.
    swine_solver::machine::check(&footprint)
        .map_err(|refusal| bad(&format!("{}: {refusal}", size_word(&key.rules).0)))?;
    Ok(Plan { named, footprint })
}

/// The field a refusal of `rules` for its size names (its `goal`, in its record, or the rules
/// themselves where the game has no size to choose), and what would fit instead.
fn size_word(rules: &str) -> (&'static str, String) {
    let sized = catalog::find(rules).is_ok_and(|listed| listed.game.parameter("goal").is_some());
    if sized {
        ("goal", "a smaller goal fits".to_string())
    } else {
        (
            "rules",
            format!("{rules} has no size to choose: only a larger budget fits it"),
        )
    }
}

/// The refusal of the ruleset `rules`, whose solve would take `footprint`, more than `budget`
/// (in bytes): it names the game's own size parameter (its `goal`, in its record), or says
/// the game has none to make smaller.
fn too_large(rules: &str, footprint: &Footprint, budget: u64) -> String {
    let (parameter, fits) = size_word(rules);
    format!(
        "{parameter}: solving {rules} would take {footprint}, more than this server's budget \
         of {} (swine serve --max-memory); {fits}",
        bytes_text(budget)
    )
}
