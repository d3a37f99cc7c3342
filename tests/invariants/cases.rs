//! Every registered ruleset at a small size, as the invariants open it: through the catalog
//! and the one game interface only, its strategies named by the catalog's forms and its
//! positions made of the parts the game says a position has.

use swine_solver::catalog;
use swine_solver::game::{Capability, DynGame, GameType, Opened, Run, Strategy, ValueKind, meet};
use swine_solver::outcome::Outcome;
use swine_solver::python::Runner;

/// One ruleset opened at one size.
pub struct Case {
    /// The ruleset with its settings, for messages (`farkle[floor=-100]`).
    pub rules: String,
    /// The settings it was opened with, as `--set` gives them.
    pub settings: Vec<(String, i64)>,
    /// The game.
    pub game: Opened,
    /// Its fixed strategies: one of each form the catalog lists (parameters filled in), and
    /// the yardstick.
    pub fixed: Vec<Strategy>,
    /// The yardstick, the fixed opponent the optimum is measured against.
    pub yardstick: Option<Strategy>,
}

/// The sizes each ruleset is checked at, as `--set` gives them: small enough that all its
/// invariants take a second or two. Farkle is checked under several of its rules, Yahtzee under
/// its joker rules.
fn sizes(name: &str) -> Vec<Vec<(&'static str, i64)>> {
    match name {
        "greed" => vec![vec![("goal", 30)]],
        "pig" | "two-dice-pig" => vec![vec![("goal", 25)]],
        "piglet" => vec![vec![("goal", 10)]],
        "farkle" => vec![
            vec![("goal", 300), ("floor", -100)],
            vec![
                ("goal", 300),
                ("floor", -100),
                ("farkles", 2),
                ("penalty", 100),
            ],
            vec![
                ("goal", 400),
                ("floor", 0),
                ("min_bank", 150),
                ("doubling", 1),
            ],
            vec![("goal", 300), ("floor", -50), ("one", 50), ("five", 100)],
        ],
        "yahtzee" => vec![
            vec![("upper_threshold", 5)],
            vec![("upper_threshold", 5), ("joker", 1), ("yahtzee_bonus", 50)],
            vec![("upper_threshold", 5), ("joker", 3), ("upper_bonus", 10)],
        ],
        "yatzy" => vec![
            vec![("upper_threshold", 5)],
            vec![("upper_threshold", 5), ("upper_bonus", 10)],
        ],
        "chopsticks" => vec![Vec::new()],
        // Hog's presets whose rules hide a memory: a best response sees it, and the search
        // for the best score table solve makes grows fast with the goal.
        "hog-fa17" | "hog-fa19" | "hog-sp20" | "hog-su20" => vec![vec![("goal", 20)]],
        // Hog's other presets, and the tests' own coin race.
        _ => vec![vec![("goal", 40)]],
    }
}

/// The kind of a game's values, as its record says.
fn kind_of(game: &GameType) -> Kind {
    match game.value {
        _ if !game.can(Capability::Strategies) => Kind::NoStrategies,
        ValueKind::ExpectedScore { .. } => Kind::ExpectedScore,
        ValueKind::WinProbability => Kind::WinProbability,
    }
}

/// A value for a strategy form's parameter (`always_roll:N`, `bacon:MARGIN,NUM_ROLLS`,
/// `hold_at:K`, `bank_at:T`, `improve:STRATEGY`) at the small sizes.
fn parameter(name: &str, yardstick: &str) -> String {
    match name {
        "N" | "NUM_ROLLS" => "3",
        "K" => "4",
        "T" => "150",
        "STRATEGY" => yardstick,
        _ => "6",
    }
    .to_string()
}

/// Every registered ruleset of the kind `kind`, each at each of its sizes, with its
/// strategies resolved.
pub fn of_kind(kind: Kind) -> Vec<Case> {
    let runner = Runner::default();
    let mut cases = Vec::new();
    for entry in catalog::rulesets() {
        if kind_of(entry.game) != kind {
            continue;
        }
        let (entry, name) = (&entry.ruleset, entry.ruleset.name);
        for size in sizes(name) {
            let settings: Vec<(String, i64)> =
                size.iter().map(|(n, v)| (n.to_string(), *v)).collect();
            let game = catalog::open(name, None, &catalog::as_text(&settings), &runner)
                .unwrap_or_else(|e| panic!("{name} {settings:?}: {e}"));
            let rules = game.info().rules.clone();
            assert_eq!(
                game.info().can(Capability::Strategies),
                kind != Kind::NoStrategies,
                "{rules}: strategies, as its kind says"
            );
            let resolve = |spec: &str| {
                game.resolve(spec, &runner)
                    .unwrap_or_else(|e| panic!("{rules}: {spec}: {e}"))
            };
            let yardstick = entry.yardstick.as_deref().map(resolve);
            let mut fixed: Vec<Strategy> = entry
                .strategies
                .iter()
                .filter(|form| !matches!(form.as_str(), "optimal" | "minimax"))
                .map(|form| {
                    let spec = match form.split_once(':') {
                        None => form.clone(),
                        Some((name, parameters)) => {
                            let yardstick = entry.yardstick.as_deref().unwrap_or_default();
                            let filled: Vec<String> = parameters
                                .split(',')
                                .map(|p| parameter(p, yardstick))
                                .collect();
                            format!("{name}:{}", filled.join(","))
                        }
                    };
                    resolve(&spec)
                })
                .collect();
            if let Some(yardstick) = &yardstick
                && !fixed.iter().any(|s| s.name() == yardstick.name())
            {
                fixed.push(yardstick.clone());
            }
            assert!(
                fixed.iter().all(Strategy::is_fixed),
                "{rules}: a form that optimises"
            );
            cases.push(Case {
                rules,
                settings,
                game,
                fixed,
                yardstick,
            });
        }
    }
    cases
}

/// The dice shown at a position, if any.
pub type Dice = Option<Vec<u8>>;

/// What a game's values are, which decides the invariants it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Two players; a value is P(win) + ½·P(tie).
    WinProbability,
    /// One player's expected final score; two strategies meet in a duel of two cards.
    ExpectedScore,
    /// No strategies to evaluate: positions are wins, draws and losses, solved.
    NoStrategies,
}

impl Case {
    /// The setting `name` it was opened with, if given.
    pub fn setting(&self, name: &str) -> Option<i64> {
        self.settings
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| *v)
    }

    /// The game, as the interface holds it.
    pub fn game(&self) -> &dyn DynGame {
        self.game.as_ref()
    }

    /// `name` resolved (`optimal`, `minimax`, a built-in).
    pub fn resolve(&self, name: &str) -> Strategy {
        self.game
            .resolve(name, &Runner::default())
            .unwrap_or_else(|e| panic!("{}: {name}: {e}", self.rules))
    }

    /// The yardstick (every game with strategies has one).
    pub fn yardstick(&self) -> &Strategy {
        self.yardstick
            .as_ref()
            .unwrap_or_else(|| panic!("{}: no yardstick", self.rules))
    }

    /// `a` against `b` as they meet (a `minimax` facing a fixed strategy plays the
    /// equilibrium): the exact outcome and the report.
    pub fn evaluate(
        &self,
        a: &Strategy,
        b: &Strategy,
    ) -> (Outcome, swine_solver::report::MatchReport) {
        let run = Run::default();
        let [a, b] = meet(self.game(), a.clone(), b.clone(), &run)
            .unwrap_or_else(|e| panic!("{}: {} vs {}: {e}", self.rules, a.name(), b.name()));
        let evaluated = self
            .game
            .evaluate([&a, &b], &run)
            .unwrap_or_else(|e| panic!("{}: {} vs {}: {e}", self.rules, a.name(), b.name()));
        (evaluated.outcome, evaluated.report)
    }

    /// `a` against `b`: the exact outcome.
    pub fn outcome(&self, a: &Strategy, b: &Strategy) -> Outcome {
        self.evaluate(a, b).0
    }

    /// The values each part of a position is asked at, by the part's name: the start's (no
    /// points, nothing remembered, every die to roll) first.
    fn part_values(&self) -> Vec<Vec<i64>> {
        let info = self.game.info();
        let goal = info.goal.map_or(100, |g| i64::from(g.value));
        info.position
            .iter()
            .map(|part| match part.name {
                "own" | "opponent" => vec![0, 3, goal / 2, goal - 1],
                "turn_total" => vec![0, 2, 50, 100],
                "dice_left" => vec![6, 3, 1],
                _ => vec![0, 1],
            })
            .collect()
    }

    /// The position a game starts at: each part's first value.
    pub fn start(&self) -> Vec<i64> {
        self.part_values().iter().map(|values| values[0]).collect()
    }

    /// About `most` positions worth asking about, the start first: combinations of the values
    /// of [`Case::part_values`] the game accepts, spread over them, each as it is and with
    /// dice shown where the game takes them there.
    pub fn positions(&self, most: usize) -> Vec<(Vec<i64>, Dice)> {
        let info = self.game.info();
        let mut every: Vec<Vec<i64>> = vec![Vec::new()];
        for values in &self.part_values() {
            every = every
                .into_iter()
                .flat_map(|at| {
                    values.iter().map(move |&v| {
                        let mut at = at.clone();
                        at.push(v);
                        at
                    })
                })
                .collect();
        }
        let shown = |at: &[i64]| -> Vec<Dice> {
            let left = info
                .position
                .iter()
                .position(|p| p.name == "dice_left")
                .map(|i| at[i] as usize);
            let dice = left.map(|left| [1, 5, 2, 3, 4, 6][..left.min(6)].to_vec());
            [None, dice]
                .into_iter()
                .filter(|dice| self.game.check_position(at, dice.as_deref()).is_ok())
                .collect()
        };
        let valid: Vec<(Vec<i64>, Vec<Dice>)> = every
            .into_iter()
            .map(|at| {
                let dice = shown(&at);
                (at, dice)
            })
            .filter(|(_, dice)| !dice.is_empty())
            .collect();
        let step = valid.len().div_ceil(most).max(1);
        valid
            .into_iter()
            .step_by(step)
            .flat_map(|(at, dice)| dice.into_iter().map(move |d| (at.clone(), d)))
            .collect()
    }
}
