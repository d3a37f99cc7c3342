//! The conformance suite: every game behind the one interface answers every verb, or refuses it
//! through its capabilities in the one form, and every report has the shape docs/json.md gives
//! (no key missing, none unknown, none twice).
//!
//! Two layers: every registered game at a small size through the real binary (the CLI's verbs),
//! and the same questions put to the interface in-process, which a test-only game (the coin
//! race, `swine_solver::coin_race`, registered like the built-ins when the tests build) passes
//! too: a new game is its record, its rules, its solver and an `impl Game`.
//! The Python package's twin is python/tests/test_conformance.py.

use std::collections::BTreeMap;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use swine_solver::catalog;
use swine_solver::game::contest;
use swine_solver::game::{
    Action, Answers, Audience, Capability, ChartAsk, ChartKind, Choice, DynGame, GameError,
    MoveLimit, Opened, Run, SearchAsk, Session, Simulated, SolveAsk, StudyAsk, Who, meet,
};
use swine_solver::python::Runner;
use swine_solver::report::ranking::{GradeReport, SweepReport, SweepRow, TournamentReport};

use crate::util::Sandbox;

/// One key of a shape: its names (one of them), and whether it is always there.
#[derive(Clone, Debug)]
struct Key {
    names: Vec<String>,
    required: bool,
}

/// The shapes docs/json.md gives, by name (`heading`, `match`, ...): the rows of the table
/// after each `<!-- shape: NAME -->`.
fn shapes() -> BTreeMap<String, Vec<Key>> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let mut shapes = BTreeMap::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(name) = line
            .strip_prefix("<!-- shape: ")
            .and_then(|l| l.strip_suffix(" -->"))
        else {
            continue;
        };
        let keys = lines
            .by_ref()
            .take_while(|line| line.starts_with('|'))
            .filter_map(|line| {
                let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
                cells[0].starts_with('`').then(|| Key {
                    names: cells[0]
                        .split("\\|")
                        .map(|n| n.trim().trim_matches('`').to_string())
                        .collect(),
                    required: cells.last() == Some(&"always"),
                })
            })
            .collect();
        shapes.insert(name.to_string(), keys);
    }
    shapes
}

/// A JSON value read with every object's keys checked to be unique.
struct Unique(Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Unique, D::Error> {
        deserializer.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_str<E>(self, v: &str) -> Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique(Value::Null))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        let mut items = Vec::new();
        while let Some(Unique(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Unique(Value::Array(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let Unique(value) = map.next_value()?;
            if object.insert(key.clone(), value).is_some() {
                return Err(de::Error::custom(format!("the key {key:?} twice")));
            }
        }
        Ok(Unique(Value::Object(object)))
    }
}

/// Checks `text` (one JSON object) against the shapes named: every required key there, no key
/// of none of them, no key twice. Returns the object.
pub(crate) fn conforms(text: &str, shapes_named: &[&str], what: &str) -> Value {
    let Unique(value) =
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{what}: {e}: {text}"));
    let all = shapes();
    let keys: Vec<&Key> = shapes_named
        .iter()
        .flat_map(|name| all.get(*name).unwrap_or_else(|| panic!("no shape {name}")))
        .collect();
    let object = value
        .as_object()
        .unwrap_or_else(|| panic!("{what}: not an object"));
    for key in &keys {
        if key.required {
            assert!(
                key.names.iter().any(|n| object.contains_key(n)),
                "{what}: {:?} missing: {text}",
                key.names
            );
        }
    }
    for name in object.keys() {
        let known = keys.iter().any(|k| k.names.contains(name));
        // A sweep's rows begin with the parameters swept, named as given.
        assert!(
            known,
            "{what}: {name:?} is in no shape of {shapes_named:?}: {text}"
        );
    }
    value
}

#[test]
fn the_document_gives_every_shape() {
    let shapes = shapes();
    for name in [
        "heading",
        "match",
        "score",
        "score_simulation",
        "position",
        "simulation",
        "grade",
        "tournament",
        "sweep",
    ] {
        assert!(
            shapes.get(name).is_some_and(|keys| !keys.is_empty()),
            "docs/json.md has no shape {name}: {shapes:?}"
        );
    }
    assert!(
        shapes["heading"]
            .iter()
            .any(|k| k.names.contains(&"limit".to_string()))
    );
}

#[test]
fn a_duplicate_key_is_caught() {
    let caught = std::panic::catch_unwind(|| {
        conforms(r#"{"game": "hog", "game": "hog"}"#, &["heading"], "twice")
    });
    assert!(caught.is_err());
}

/// A game at a small size, as the binary takes it: its flags, two fixed strategies, a position
/// and, where a position shows them, dice.
struct Case {
    flags: &'static [&'static str],
    strategies: Option<[&'static str; 2]>,
    from: &'static str,
    dice: Option<&'static str>,
}

/// One ruleset of every registered game, small (the tests' own coin race among them).
const CASES: [Case; 8] = [
    Case {
        flags: &["--rules", "hog-fa20", "--goal", "30"],
        strategies: Some(["always_roll:4", "always_roll:6"]),
        from: "3,4",
        dice: None,
    },
    Case {
        flags: &["--rules", "greed", "--goal", "30"],
        strategies: Some(["sample1", "sample2"]),
        from: "3,4,0",
        dice: None,
    },
    Case {
        flags: &["--rules", "piglet", "--goal", "8"],
        strategies: Some(["hold_at:2", "hold_at:3"]),
        from: "3,4,2",
        dice: None,
    },
    Case {
        flags: &["--rules", "farkle", "--goal", "300", "--set", "floor=-100"],
        strategies: Some(["bank_at:200", "max_points"]),
        from: "0,0,0,0,100,5",
        dice: Some("1,2,3,4,6"),
    },
    Case {
        flags: &["--rules", "yahtzee", "--set", "upper_threshold=5"],
        strategies: Some(["optimal", "thumb"]),
        from: "chance=20",
        dice: Some("1,1,2,5,6"),
    },
    Case {
        flags: &["--rules", "yatzy", "--set", "upper_threshold=5"],
        strategies: Some(["optimal", "thumb"]),
        from: "chance=20",
        dice: Some("1,1,2,5,6"),
    },
    Case {
        flags: &["--rules", "chopsticks"],
        strategies: None,
        from: "0,0",
        dice: None,
    },
    Case {
        flags: &["--rules", "coin-race", "--goal", "12"],
        strategies: Some(["safe", "bold"]),
        from: "3,4",
        dice: None,
    },
];

#[test]
fn every_registered_game_has_a_case_and_the_binary_lists_it() {
    let cased: std::collections::BTreeSet<&str> = CASES
        .iter()
        .map(|case| catalog::find(case.flags[1]).unwrap().game.name)
        .collect();
    let registered: std::collections::BTreeSet<&str> =
        catalog::games().iter().map(|g| g.name).collect();
    assert_eq!(cased, registered);
    let sandbox = Sandbox::new();
    let listed: Value = serde_json::from_str(&sandbox.run(&["games", "--json"]).success()).unwrap();
    let names: std::collections::BTreeSet<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, registered);
}

/// `swine ARGS FLAGS`.
fn run(sandbox: &Sandbox, args: &[&str], flags: &[&str]) -> crate::util::Run {
    let all: Vec<&str> = args.iter().chain(flags).copied().collect();
    sandbox.run(&all)
}

/// Checks that `stderr` is the refusal of `capability` by `rules`, as the game's capabilities
/// word it.
fn refused(stderr: &str, flag: &str, rules: &str, what: &str) {
    let expected = if flag.is_empty() {
        format!("swine: {rules} ")
    } else {
        format!("swine: {flag}: {rules} ")
    };
    assert!(
        stderr.starts_with(&expected),
        "{what}: {stderr:?}, not {expected:?}..."
    );
}

#[test]
fn every_game_answers_every_verb_through_the_binary_or_refuses_it_by_its_capabilities() {
    let sandbox = Sandbox::new();
    for case in &CASES {
        let flags = case.flags;
        let what = |verb: &str| format!("{} {verb}", flags.join(" "));
        // solve: the match-up shape (Chopsticks, with no strategies, both sides perfect), or
        // where one player plays the game alone, that player's final score.
        let alone = catalog::find(flags[1]).unwrap().game.alone();
        let solved = if alone { "score" } else { "match" };
        let out = run(&sandbox, &["solve", "--json", "--out", "out"], flags);
        let report = conforms(&out.success(), &["heading", solved], &what("solve"));
        let rules = report["rules"].as_str().unwrap().to_string();
        let game = catalog::open(
            flags[1],
            flags
                .iter()
                .position(|f| *f == "--goal")
                .map(|i| flags[i + 1].parse().unwrap()),
            &flags
                .iter()
                .position(|f| *f == "--set")
                .map(|i| vec![catalog::setting(flags[i + 1]).unwrap()])
                .unwrap_or_default(),
            &Runner::default(),
        )
        .unwrap();
        let info = game.info();
        assert_eq!(info.rules, rules);
        let Some([a, b]) = case.strategies else {
            without_strategies(&sandbox, case, info);
            continue;
        };
        let vs = ["--vs", b];
        let eval = |extra: &[&str]| {
            let mut args = vec!["eval", a, "--vs", b, "--json"];
            args.extend(extra);
            run(&sandbox, &args, flags)
        };
        conforms(&eval(&[]).success(), &["heading", "match"], &what("eval"));
        if alone {
            // Without --vs the strategy plays alone: its final score, its games' mean score.
            let out = run(&sandbox, &["eval", a, "--json"], flags);
            let report = conforms(&out.success(), &["heading", "score"], &what("eval alone"));
            assert!(report.get("opponent").is_none(), "{report}");
            let out = run(
                &sandbox,
                &["simulate", a, "--games", "300", "--json"],
                flags,
            );
            conforms(
                &out.success(),
                &["heading", "score_simulation"],
                &what("simulate alone"),
            );
            let out = run(&sandbox, &["grade", a, "--json"], flags);
            let report = conforms(
                &out.success(),
                &["batch", "points_grade"],
                &what("grade alone"),
            );
            assert_eq!(report["submissions"][0]["status"], "ok", "{report}");
        }
        let mut from = vec!["--from", case.from];
        if let Some(dice) = case.dice {
            from.extend(["--dice", dice]);
        }
        conforms(
            &eval(&from).success(),
            &["heading", "position"],
            &what("eval --from"),
        );
        for (flag, capability) in [
            ("--exact", Capability::Exact),
            ("--bounds", Capability::Bounds),
            ("--explain", Capability::Explain),
        ] {
            let out = eval(&[flag]);
            if info.can(capability) {
                conforms(&out.success(), &["heading", "match"], &what(flag));
            } else {
                refused(&out.stderr(), flag, &rules, &what(flag));
            }
        }
        let out = run(
            &sandbox,
            &["simulate", a, "--vs", b, "--games", "300", "--json"],
            flags,
        );
        conforms(
            &out.success(),
            &["heading", "simulation"],
            &what("simulate"),
        );
        let out = run(&sandbox, &["simulate", a, "--transcript"], flags);
        if info.can(Capability::Transcript) {
            assert!(!out.success().is_empty(), "{}", what("--transcript"));
        } else {
            refused(&out.stderr(), "--transcript", &rules, &what("--transcript"));
        }
        let mut grade = vec!["grade", a, "--json"];
        grade.extend(vs);
        let report = conforms(
            &run(&sandbox, &grade, flags).success(),
            &["batch", "grade"],
            &what("grade"),
        );
        assert_eq!(report["submissions"][0]["status"], "ok");
        // Alone, a tournament ranks by expected score; --duels plays the round robin.
        let duels: &[&str] = if alone { &["--duels"] } else { &[] };
        let mut tournament = vec!["tournament", a, b, "optimal", "--json"];
        tournament.extend(duels);
        let out = run(&sandbox, &tournament, flags);
        conforms(
            &out.success(),
            &["batch", "tournament"],
            &what("tournament"),
        );
        if alone {
            let out = run(&sandbox, &["tournament", a, b, "optimal", "--json"], flags);
            let report = conforms(
                &out.success(),
                &["batch", "points_grade"],
                &what("tournament alone"),
            );
            assert_eq!(report["submissions"][0]["file"], "optimal", "{report}");
            assert_eq!(report["submissions"][0]["shortfall"], 0.0, "{report}");
        }
        let out = run(
            &sandbox,
            &[
                "play",
                "--seed",
                "1",
                "--vs",
                b,
                "--no-hints",
                "--answers",
                "",
            ],
            flags,
        );
        assert!(out.success().contains("No more input"), "{}", what("play"));
        for (verb, capability) in [("map", Capability::Map), ("win", Capability::Win)] {
            let out = run(
                &sandbox,
                &["plot", verb, "optimal", "--vs", b, "--out", "x.png"],
                flags,
            );
            if info.can(capability) {
                out.success();
            } else {
                refused(&out.stderr(), &format!("plot {verb}"), &rules, &what(verb));
            }
        }
        let out = run(
            &sandbox,
            &["plot", "diff", a, b, "--vs", b, "--out", "x.png"],
            flags,
        );
        if info.can(Capability::Diff) {
            out.success();
        } else {
            refused(&out.stderr(), "plot diff", &rules, &what("plot diff"));
        }
    }
}

/// What the binary asks of a game without strategies: every verb and flag about strategies
/// refused in the one form (the verbs by the game, the flags a verb checks first by their
/// capability); solve's flags answered or refused by its capabilities, a move limit among
/// them; games played with a move limit, the computer first.
fn without_strategies(sandbox: &Sandbox, case: &Case, info: &swine_solver::game::GameInfo) {
    let (flags, rules) = (case.flags, &info.rules);
    let what = |args: &[&str]| format!("{} {}", flags.join(" "), args.join(" "));
    for args in [
        &["eval", "x"][..],
        &["simulate", "x"],
        &["grade", "x"],
        &["tournament", "x", "y"],
        &["eval", "x", "--from", case.from],
        &["study", "x"],
        &["plot", "map", "optimal", "--out", "x.png"],
        &["plot", "win", "optimal", "--out", "x.png"],
    ] {
        let stderr = run(sandbox, args, flags).failure();
        refused(&format!("{stderr}\n"), "", rules, &what(args));
    }
    for (args, capability) in [
        (&["eval", "x", "--exact"][..], Capability::Exact),
        (&["eval", "x", "--bounds"], Capability::Bounds),
        (&["simulate", "x", "--transcript"], Capability::Transcript),
        (
            &["plot", "diff", "x", "y", "--out", "x.png"],
            Capability::Diff,
        ),
    ] {
        assert!(!info.can(capability), "{}", what(args));
        let stderr = run(sandbox, args, flags).failure();
        refused(
            &format!("{stderr}\n"),
            capability.flag(),
            rules,
            &what(args),
        );
    }
    for (flag, capability) in [
        (&["--exact"][..], Capability::Exact),
        (&["--bounds"], Capability::Bounds),
        (&["--values"], Capability::Values),
        (&["--full-information"], Capability::FullInformation),
        (&["--time-limit", "1"], Capability::TimeLimit),
        (&["--moves", "5"], Capability::Moves),
        (&["--moves", "unlimited"], Capability::Moves),
    ] {
        let mut args = vec!["solve", "--json", "--out", "out"];
        args.extend(flag);
        let out = run(sandbox, &args, flags);
        if info.can(capability) {
            conforms(&out.success(), &["heading", "match"], &what(&args));
        } else {
            refused(&out.stderr(), capability.flag(), rules, &what(&args));
        }
    }
    for first in ["you", "computer"] {
        let args = ["play", "--moves", "3", "--first", first, "--answers", "0"];
        let out = run(sandbox, &args, flags).success();
        assert!(out.contains("No more input"), "{}: {out}", what(&args));
    }
}

#[test]
fn a_sweep_of_every_game_with_a_goal_has_one_shape() {
    let sandbox = Sandbox::new();
    // Farkle at a floor of -100: its default floor (-500) makes each solve take seconds.
    for (rules, grid) in [
        ("hog-fa20", &["--set", "goal=10,12"][..]),
        ("greed", &["--set", "goal=10,12"]),
        ("piglet", &["--set", "goal=5,6"]),
        ("farkle", &["--set", "goal=300,350", "--set", "floor=-100"]),
    ] {
        let mut args = vec!["sweep", "--rules", rules, "--json"];
        args.extend_from_slice(grid);
        let out = sandbox.run(&args);
        let report = conforms(&out.success(), &["sweep"], rules);
        for row in report["rows"].as_array().unwrap() {
            assert!(
                row["optimal_win_rate"].as_f64().unwrap() > 0.5,
                "{rules}: {row}"
            );
        }
    }
}

/// `study --json`, with `--check`'s games, in the documented shape.
#[test]
fn a_study_has_one_shape() {
    let out = Sandbox::new().run(&["study", "bacon", "--goal", "30", "--check", "100", "--json"]);
    let report = conforms(&out.success(), &["heading", "study"], "study");
    assert!(report["simulated"]["largest_z"].is_number(), "{report}");
}

/// The same questions put to a game through the interface, in-process: what the verbs and
/// front ends ask, with the capabilities' refusals in their one form, and the reports in the
/// documented shapes; the invariants every game keeps (a strategy against itself wins one half
/// exactly; a simulation agrees with the exact numbers).
fn conform(game: &Opened, [a, b]: [&str; 2], at: &[i64]) {
    let game: &dyn DynGame = game.as_ref();
    let info = game.info();
    let rules = info.rules.clone();
    let run = Run::default();
    let runner = Runner::default();
    let json = |value: &dyn erased::Json| value.json();
    let resolve = |spec: &str| game.resolve(spec, &runner).unwrap();
    let [sa, sb] = meet(game, resolve(a), resolve(b), &run).unwrap();
    let seats = [&sa, &sb];
    let evaluated = game.evaluate(seats, &run).unwrap();
    conforms(&json(&evaluated.report), &["heading", "match"], &rules);
    let itself = game.evaluate([&sa, &sa], &run).unwrap();
    assert!(
        (itself.outcome.win_rate() - 0.5).abs() <= 1e-15,
        "{rules}: {a} against itself"
    );
    let position = game.position(seats, at, None, &run).unwrap();
    conforms(&json(&position), &["heading", "position"], &rules);
    assert!(position.choices.iter().any(|c| c.choice == position.chosen));
    let far: Vec<i64> = at.iter().map(|_| 1_000_000).collect();
    assert!(matches!(
        game.check_position(&far, None),
        Err(GameError::Position(_))
    ));
    let Simulated::Exact(simulated) = game.simulate(seats, (4000, 5), &run).unwrap() else {
        panic!("{rules}: built-ins are simulated beside their exact numbers");
    };
    let text = json(&simulated);
    conforms(&text, &["heading", "simulation"], &rules);
    assert!(simulated.z.rates.win_rate.0.abs() < 5.0, "{rules}: {text}");
    // One player alone: its final score and its games' mean, where the game is played alone;
    // elsewhere refused in the one form.
    if info.game.alone() {
        let score = game.score(&sa, None, &run).unwrap();
        conforms(&json(&score), &["heading", "score"], &rules);
        let played = game.simulate_alone(&sa, (2000, 5), &run).unwrap();
        conforms(&json(&played), &["heading", "score_simulation"], &rules);
        assert!(played.z.unwrap().abs() < 5.0, "{rules}: {}", json(&played));
    } else {
        let refused = game.score(&sa, None, &run).unwrap_err().to_string();
        assert_eq!(refused, info.alone_refused().to_string());
    }
    let checks: [(Capability, Check); 7] = [
        (
            Capability::Exact,
            Box::new(|| game.fractions(seats, &run).map(drop)),
        ),
        (
            Capability::Bounds,
            Box::new(|| game.bounds(seats, &run).map(drop)),
        ),
        (
            Capability::Explain,
            Box::new(|| game.explain(seats, &run).map(drop)),
        ),
        (
            Capability::Transcript,
            Box::new(|| game.transcript(seats, 1, &run).map(drop)),
        ),
        (
            Capability::Win,
            Box::new(|| {
                let ask = ChartAsk {
                    kind: ChartKind::Win,
                    layer: None,
                };
                game.chart(ask, seats, &run).map(drop)
            }),
        ),
        (
            Capability::Diff,
            Box::new(|| game.diff(seats, &sb, &run).map(drop)),
        ),
        (
            Capability::Study,
            Box::new(|| {
                let ask = StudyAsk {
                    games: None,
                    at_least_once: false,
                };
                game.study(seats, ask, &run).map(drop)
            }),
        ),
    ];
    for (capability, check) in checks {
        match (info.can(capability), check()) {
            (true, Ok(())) => {}
            (true, Err(error)) => panic!("{rules}: {capability:?}: {error}"),
            (false, Ok(())) => panic!("{rules} answers {capability:?}, which it says it lacks"),
            (false, Err(error)) => assert_eq!(
                error.to_string(),
                info.allows(capability).unwrap_err().to_string(),
                "{rules}: {capability:?}"
            ),
        }
    }
    let solved = game.solve(Some(&sb), &SolveAsk::default(), &run).unwrap();
    conforms(&json(&solved.report), &["heading", "match"], &rules);
    let submissions = contest::submissions(&[a.to_string()], info.submission_file);
    let graded = contest::grade(game, &submissions, &sb, &runner, None, &run).unwrap();
    let report = GradeReport::new(
        info.batch(),
        sb.name(),
        game.optimum(&sb, &run).unwrap(),
        graded,
    );
    conforms(&json(&report), &["batch", "grade"], &rules);
    assert_eq!(report.failed(), 0, "{rules}");
    let played = contest::tournament(game, &[a.to_string(), b.to_string()], &runner, &run).unwrap();
    conforms(
        &json(&TournamentReport::new(info.batch(), played)),
        &["batch", "tournament"],
        &rules,
    );
    if info.yardstick.is_some() {
        let survey = contest::survey(game, &run).unwrap();
        let row = SweepRow {
            parameters: Vec::new(),
            survey: Ok(survey),
        };
        let family = info.simple.as_ref().map(|(f, _)| *f);
        conforms(
            &json(&SweepReport {
                rules: rules.clone(),
                family,
                rows: vec![row],
            }),
            &["sweep"],
            &rules,
        );
    }
    play(game, Some(&sb), None, &rules);
}

/// A question put to a game, answered or refused.
type Check<'a> = Box<dyn Fn() -> Result<(), GameError> + 'a>;

/// Plays games against `computer` (under the move limit `moves`) at the terminal and on the
/// page, the person first and the computer first, to their ends: at the terminal each answer
/// the first the prompt takes (typed: Enter, the best), on the page the best choice of the
/// view, sent as the page sends it.
fn play(
    game: &dyn DynGame,
    computer: Option<&swine_solver::game::Strategy>,
    moves: Option<MoveLimit>,
    rules: &str,
) {
    let engine = game.engine(computer, moves, &Run::default()).unwrap();
    for audience in [Audience::Terminal, Audience::Page] {
        for first in [0, 1] {
            let what = format!("{rules} {audience:?}, seat {first} first, {moves:?}");
            let mut session = engine.session(first, 7, audience);
            session.begin();
            let mut played = 0;
            while let Some(prompt) = session.prompt(true) {
                let action = match (&prompt.answers, audience) {
                    (_, Audience::Page) => best_of_view(&*session, rules),
                    (Answers::Dice(least, _), _) => Action::Dice(*least.max(&1)),
                    (Answers::Choice(..), _) => Action::Choice(0),
                    (Answers::Words(words), _) => words[0].1.clone(),
                    (Answers::Typed, _) => session
                        .read("", true)
                        .unwrap_or_else(|e| panic!("{what}: Enter: {e}")),
                };
                session
                    .act(&action)
                    .unwrap_or_else(|e| panic!("{what}: {action:?}: {e}"));
                played += 1;
                assert!(played < 10_000, "{what}: a game that does not end");
            }
            assert!(session.ended().is_some(), "{what}: no prompt, and not over");
            let view = session.view();
            let ended = session.ended();
            assert!(
                view.over && !view.your_turn && view.choices.is_empty(),
                "{what}: the view of a game over"
            );
            assert_eq!(
                (view.winner, view.tie),
                (ended.flatten(), ended == Some(None)),
                "{what}"
            );
            assert!(
                session.act(&Action::Dice(1)).is_err(),
                "{what}: a move after the end"
            );
        }
    }
}

/// The action of the best choice of the page's view of `session`, waiting for the person:
/// one choice is best, the position is worth its value, each key takes one choice (and none is
/// `n`, the page's new game, or the key that keeps the dice chosen).
fn best_of_view(session: &dyn Session, rules: &str) -> Action {
    let view = session.view();
    assert!(view.your_turn && !view.over, "{rules}: {view:?}");
    assert_eq!(view.seats.len(), 2, "{rules}");
    assert_eq!(
        (view.seats[0].who, view.seats[1].who),
        (Who::You, Who::Computer)
    );
    let best: Vec<&Choice> = view.choices.iter().filter(|c| c.best).collect();
    assert_eq!(best.len(), 1, "{rules}: {view:?}");
    assert_eq!(view.value, Some(best[0].value), "{rules}: {view:?}");
    let mut keys: Vec<char> = view.choices.iter().filter_map(|c| c.key).collect();
    let listed = keys.len();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(
        keys.len(),
        listed,
        "{rules}: a key takes two choices: {view:?}"
    );
    let keep = view
        .dice
        .as_ref()
        .and_then(|d| d.keep.as_ref())
        .map(|k| k.key);
    assert!(
        keys.iter().all(|&k| k != 'n' && Some(k) != keep),
        "{rules}: {keys:?}"
    );
    best[0].action.clone()
}

/// Reports as JSON text, whatever their type.
mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).expect("a report serialises")
        }
    }
}

#[test]
fn every_registered_game_and_a_test_only_one_pass_the_same_suite_in_process() {
    let open_settings = |rules: &str, settings: &[(&str, i64)]| {
        let settings: Vec<(String, String)> = settings
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        catalog::open(rules, None, &settings, &Runner::default()).unwrap()
    };
    let open = |rules: &str, goal: u32, settings: &[(&str, i64)]| {
        let mut settings = settings.to_vec();
        settings.push(("goal", i64::from(goal)));
        open_settings(rules, &settings)
    };
    conform(
        &open("hog-fa20", 30, &[]),
        ["always_roll:4", "always_roll:6"],
        &[3, 4],
    );
    conform(&open("greed", 30, &[]), ["sample1", "sample2"], &[3, 4, 0]);
    conform(
        &open("piglet", 8, &[]),
        ["hold_at:2", "hold_at:3"],
        &[3, 4, 2],
    );
    conform(
        &open("farkle", 300, &[("floor", -100)]),
        ["bank_at:200", "max_points"],
        &[0, 0, 0, 0, 100, 5],
    );
    let mut card = vec![-1; 12];
    card.extend([20, 0, 2]);
    conform(
        &open_settings("yahtzee", &[("upper_threshold", 5)]),
        ["optimal", "thumb"],
        &card,
    );
    conform(&open("coin-race", 12, &[]), ["safe", "bold"], &[3, 4]);
}

/// What is asked of a game without strategies in-process: its strategies refused in the one
/// form, and nothing about them can be asked (a strategy of it cannot exist: resolving one is
/// the only way to one); solve answered with and without a move limit in the documented shape,
/// every flag of solve it lacks refused by its capability, every file rendered; its tables'
/// solves made; games played to their ends with a move limit and without, either side first.
#[test]
fn a_game_without_strategies_refuses_them_in_one_form_and_plays() {
    let chopsticks = catalog::open("chopsticks", None, &[], &Runner::default()).unwrap();
    let game = chopsticks.as_ref();
    let info = game.info();
    let rules = &info.rules;
    let run = Run::default();
    let refusal = info.allows(Capability::Strategies).unwrap_err().to_string();
    let refused = |error: GameError, what: &str| assert_eq!(error.to_string(), refusal, "{what}");
    refused(
        game.resolve("optimal", &Runner::default()).unwrap_err(),
        "resolve",
    );
    refused(
        game.check_position(&[0, 0], None).unwrap_err(),
        "a position",
    );
    for moves in [
        None,
        Some(MoveLimit::Moves(1)),
        Some(MoveLimit::Moves(10)),
        Some(MoveLimit::Unlimited),
    ] {
        let ask = SolveAsk {
            moves,
            ..SolveAsk::default()
        };
        let solved = game.solve(None, &ask, &run).unwrap();
        let text = serde_json::to_string(&solved.report).unwrap();
        conforms(&text, &["heading", "match"], &format!("{rules} {moves:?}"));
        assert!(!solved.rendered().unwrap().is_empty(), "{moves:?}: no file");
    }
    let lacking = [
        Capability::Exact,
        Capability::Bounds,
        Capability::Values,
        Capability::FullInformation,
        Capability::TimeLimit,
    ];
    for capability in lacking {
        let ask = SolveAsk {
            exact: capability == Capability::Exact,
            bounds: capability == Capability::Bounds,
            values: capability == Capability::Values,
            full_information: capability == Capability::FullInformation,
            search: SearchAsk {
                time_limit: (capability == Capability::TimeLimit)
                    .then(|| std::time::Duration::from_secs(1)),
                ..SearchAsk::default()
            },
            ..SolveAsk::default()
        };
        let error = game.solve(None, &ask, &run).unwrap_err();
        let expected = info.allows(capability).unwrap_err();
        assert_eq!(error.to_string(), expected.to_string(), "{capability:?}");
    }
    for job in game.tables(None).unwrap() {
        let solved = job(&run).unwrap();
        let text = serde_json::to_string(&solved.report).unwrap();
        conforms(&text, &["heading", "match"], &format!("{rules} tables"));
    }
    for moves in [None, Some(MoveLimit::Moves(3)), Some(MoveLimit::Unlimited)] {
        play(game, None, moves, rules);
    }
}
