//! Match-ups solved once and kept: every parameter checked, then the game solved for the
//! person against the computer's strategy, within a bound on how many are kept.
//!
//! Every match-up is solved on a thread of its own, one at a time, while the server answers
//! every other request: a request waits a moment for it (Hog, Greed and the Pig family solve in
//! milliseconds), and is otherwise answered with how far the solve has come ([`SOLVING`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use swine_solver::catalog;
use swine_solver::game::{Capability, Engine, MoveLimit, Opened, Progress, Run, Strategy};
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
    /// What is solved, in words.
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

/// The match-ups solved and kept, by their parameters.
pub(super) type Engines = Arc<Mutex<HashMap<MatchUp, Arc<Kept>>>>;

/// The match-up being solved, if any.
pub(super) type UnderWay = Arc<Mutex<Option<Solving>>>;

/// The most match-ups solved and kept.
const MOST_ENGINES: usize = 16;

/// A match-up solved: the game and the engine its games are played from.
pub(super) struct Kept {
    /// The game.
    pub(super) game: Opened,
    /// The solved match-up.
    pub(super) engine: Arc<dyn Engine>,
}

/// A match-up's parameters, checked: what is solved once there is room for it.
struct Plan {
    game: Opened,
    computer: Option<Strategy>,
    moves: Option<MoveLimit>,
}

/// The kept match-up the query names, solved first if it is not yet: a request waits a
/// moment for its solve (and for another match-up's, solved one at a time), then is told how
/// far it has come ([`SOLVING`]) or that the server is busy.
pub(super) fn engine(state: &State, query: &HashMap<String, String>) -> Result<Arc<Kept>, Refusal> {
    let key = MatchUp {
        rules: query
            .get("rules")
            .cloned()
            .unwrap_or_else(|| "hog-fa20".to_string()),
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
        return Ok(Arc::clone(kept));
    }
    // Checked before the bound: a bad parameter is refused by name even when it is reached.
    let mut plan = Some(plan(&key)?);
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(kept) = lock(&state.engines).get(&key) {
            return Ok(Arc::clone(kept));
        }
        {
            let mut solving = lock(&state.solving);
            let waited = Instant::now() >= deadline;
            match solving.as_mut() {
                None => {
                    if lock(&state.engines).len() >= MOST_ENGINES {
                        return Err(bad(&format!(
                            "the server keeps {MOST_ENGINES} match-ups (rules and opponent) \
                             solved and has them all; play one of those or restart it"
                        )));
                    }
                    let Some(plan) = plan.take() else {
                        return Err(bad("rules: the match-up's solve went away; ask again"));
                    };
                    let computer = plan
                        .computer
                        .as_ref()
                        .map_or("perfect play", Strategy::name);
                    let what = format!("{} against {computer}", plan.game.info().batch().text());
                    *solving = Some(Solving {
                        what,
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

/// Solves `plan` for the person against the computer, telling `solving` how far it has come;
/// keeps the engine among `engines` (or the failure in `solving`).
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
    match plan.game.engine(plan.computer.as_ref(), plan.moves, &run) {
        Ok(engine) => {
            let kept = Arc::new(Kept {
                game: plan.game,
                engine,
            });
            lock(engines).insert(key, kept);
            *lock(solving) = None;
        }
        Err(error) => {
            let failed = format!("rules: {}", full_message(&error));
            if let Some(under_way) = lock(solving).as_mut() {
                under_way.failed = Some(failed);
            }
        }
    }
}

/// Checks `key`'s rules, goal, opponent and move limit, solving nothing.
fn plan(key: &MatchUp) -> Result<Plan, Refusal> {
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
    let game =
        catalog::open(&key.rules, key.goal, &settings, &Runner::default()).map_err(
            |e| match e {
                catalog::OpenError::NoGoal { .. } => bad(&format!(
                    "goal: {} has no goal; moves=M limits its length",
                    key.rules
                )),
                catalog::OpenError::NoParameters { .. } => bad(&format!(
                    "set: {} has no parameters but its goal",
                    key.rules
                )),
                other => bad(&format!("rules: {}", full_message(&other))),
            },
        )?;
    let info = game.info();
    if key.moves.is_some() && !info.can(Capability::Moves) {
        return Err(bad(&format!(
            "moves: a move limit is for chopsticks; {} has none",
            key.rules
        )));
    }
    let computer = if info.can(Capability::Strategies) {
        Some(
            game.resolve(&key.vs, &Runner::default())
                .map_err(|e| bad(&format!("vs: {}", full_message(&e))))?,
        )
    } else if key.vs != "optimal" {
        return Err(bad(&format!(
            "vs: {} has no strategies; the computer plays perfectly",
            key.rules
        )));
    } else {
        None
    };
    Ok(Plan {
        game,
        computer,
        moves: key.moves,
    })
}
