//! Hog rules written in Python (`--rules FILE.py`): `examples/hog-sp21.py`, the spring 2021 term
//! written as that term's hog.py reads, against the preset `hog-sp21` (the very same tables, the
//! same win rates to the bit), and every kind of module error through the real binary.

use swine_solver::hog::{Ruleset, SearchLimits, Strategy, evaluate, solve_against};
use swine_solver::python::Runner;

use crate::python::assert_no_process_with_argument;
use crate::util::Sandbox;

/// The example module.
const SP21: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hog-sp21.py");

/// `rules` (a preset or a file) compiled for `goal`.
fn compiled(rules: &str, goal: u32) -> Ruleset {
    let settings = [("goal".to_string(), i64::from(goal))];
    let script = swine_solver::hog::script(rules, &settings, &Runner::default())
        .unwrap_or_else(|error| panic!("{rules}: {error}"));
    Ruleset::compile(script).unwrap_or_else(|error| panic!("{rules}: {error}"))
}

#[test]
fn the_sp21_module_compiles_to_the_presets_tables() {
    // At goal 250 the scores past 100 matter too (More Boar reads their first two digits).
    for goal in [100, 250] {
        let preset = compiled("hog-sp21", goal);
        let module = compiled(SP21, goal);
        assert!(
            module.rules().variant().starts_with("hog-sp21@"),
            "{}",
            module.rules().variant()
        );
        assert_eq!(module.rules().builtins(), preset.rules().builtins());
        assert_eq!(module.rules().yardstick(), preset.rules().yardstick());
        assert_eq!(module.max_gain(), preset.max_gain());
        for own in 0..goal {
            for opponent in 0..goal {
                let at = format!("goal {goal}, ({own}, {opponent})");
                assert_eq!(
                    module.free_bacon(own, opponent),
                    preset.free_bacon(own, opponent),
                    "{at}"
                );
                assert_eq!(module.die(own, opponent), preset.die(own, opponent), "{at}");
                for n in 0..=10 {
                    assert_eq!(
                        module.dice_rolled(own, opponent, n),
                        preset.dice_rolled(own, opponent, n),
                        "{at}"
                    );
                }
            }
        }
        // Every score a turn can reach, against every opponent score.
        let mut extra_turns = 0;
        for opponent in 0..goal {
            for reached in 0..goal + preset.max_gain() as u32 {
                let turn = preset.after_turn(reached, opponent, 0);
                assert_eq!(
                    module.after_turn(reached, opponent, 0),
                    turn,
                    "goal {goal}: {reached} against {opponent}"
                );
                extra_turns += usize::from(turn.extra_turn);
            }
        }
        assert!(
            extra_turns > 1000,
            "More Boar gives extra turns: {extra_turns}"
        );
        for spec in [
            "piggypoints",
            "more_boar",
            "piggypoints:9,5",
            "more_boar:3,2",
            "more_boar:11,10",
        ] {
            let theirs = Strategy::parse(spec, &preset).unwrap();
            let ours = Strategy::parse(spec, &module).unwrap();
            assert_eq!(ours.name(), theirs.name());
            assert_eq!(ours.kind(), theirs.kind(), "{spec} at goal {goal}");
        }
        // The same win rates, to the bit: a built-in against the yardstick, and the optimum.
        let yardstick = |rules: &Ruleset| Strategy::parse(rules.rules().yardstick(), rules);
        let (four, four_too) = (yardstick(&preset).unwrap(), yardstick(&module).unwrap());
        let boar = |rules: &Ruleset| Strategy::parse("more_boar", rules).unwrap();
        let theirs = evaluate(&preset, &boar(&preset), &four).unwrap();
        let ours = evaluate(&module, &boar(&module), &four_too).unwrap();
        assert_eq!(ours.win_rate().to_bits(), theirs.win_rate().to_bits());
        let best = |rules: &Ruleset, against: &Strategy| {
            solve_against(rules, against, SearchLimits::default(), |_| {})
                .unwrap()
                .outcome
                .win_rate()
        };
        assert_eq!(
            best(&module, &four_too).to_bits(),
            best(&preset, &four).to_bits()
        );
    }
}

#[test]
fn the_sp21_module_solves_through_the_binary_as_the_preset_does() {
    let sandbox = Sandbox::new();
    let rate = |rules: &str, extra: &[&str]| {
        let mut args = vec!["solve", "--rules", rules, "--set", "goal=60", "--json"];
        args.extend(extra);
        sandbox.run(&args).json()["win_rate"].as_f64().unwrap()
    };
    let preset = rate("hog-sp21", &[]);
    assert_eq!(rate(SP21, &[]), preset);
    assert_eq!(
        rate(SP21, &["--vs", "more_boar:9,5"]),
        rate("hog-sp21", &["--vs", "more_boar:9,5"])
    );
    let check = sandbox.run(&["rules", "check", SP21]).success();
    assert!(check.starts_with("hog-sp21@"), "{check}");
    assert!(
        check.contains(
            "strategies   always_roll:N, piggypoints:CUTOFF,NUM_ROLLS, more_boar:CUTOFF,NUM_ROLLS"
        ),
        "{check}"
    );
    // The course's doctests in the module's docstrings hold when it runs outside swine.
    let doctest = std::process::Command::new("python3")
        .args(["-m", "doctest", SP21])
        .output()
        .expect("python3 runs");
    assert!(doctest.status.success(), "{doctest:?}");
}

#[test]
fn a_python_file_is_a_rule_module_only_after_rules() {
    let sandbox = Sandbox::new();
    // As the STRATEGY, the module is a Python strategy, which has no final_strategy.
    let line = sandbox
        .run(&["eval", SP21, "--rules", "hog-sp21"])
        .failure();
    assert!(
        line.contains("it defines no function final_strategy"),
        "{line}"
    );
    // A student's hog.py given to --rules says what it is.
    sandbox.write(
        "hog.py",
        "def final_strategy(score, opponent_score):\n    return 4\n",
    );
    assert_eq!(
        sandbox
            .run(&["eval", "always_roll:4", "--rules", "hog.py"])
            .failure(),
        "swine: hog.py: the module sets no name: name = \"...\" (it defines final_strategy: a \
         Python strategy is given as the STRATEGY, not with --rules)"
    );
    // Both at once: a student's strategy under the rules of a module.
    let both = sandbox
        .run(&["eval", "hog.py", "--rules", SP21, "--json"])
        .json();
    let four = sandbox
        .run(&["eval", "always_roll:4", "--rules", "hog-sp21", "--json"])
        .json();
    assert_eq!(both["win_rate"], four["win_rate"]);
    assert!(
        both["rules"].as_str().unwrap().starts_with("hog-sp21@"),
        "{both}"
    );
}

/// The lines every test module starts with (the body's first line is line 6).
const HEADER: &str = r#"from swine_rules import parameter
name = "test-hog"
summary = "a test variant"
yardstick = "always_roll:4"
goal = parameter("goal", 100)
"#;

#[test]
fn module_errors_name_the_file_the_line_and_the_call() {
    let sandbox = Sandbox::new();
    sandbox.write("helper.py", "def bacon(o):\n    return 1 // o\n");
    for (file, body, expected) in [
        (
            "raises.py",
            "def free_bacon(o):\n    return 5 if o != 42 else 1 // 0\n",
            "swine: raises.py:7: free_bacon(42) raised ZeroDivisionError: integer division or \
             modulo by zero",
        ),
        (
            "negative.py",
            "def free_bacon(o):\n    return -1 if o == 42 else 5\n",
            "swine: negative.py:6: free_bacon(42) returned -1, outside 0..=1000 points",
        ),
        (
            "float.py",
            "def free_bacon(o):\n    return 2.5 if o == 7 else 5\n",
            "swine: float.py:6: free_bacon(7) returned 2.5 (a float), not a whole number of \
             points",
        ),
        (
            "bool.py",
            "def free_bacon(o):\n    return o > 3\n",
            "swine: bool.py:6: free_bacon(0) returned False (a bool), not a whole number of \
             points",
        ),
        (
            "none.py",
            "def free_bacon(o):\n    if o < 50:\n        return 5\n",
            "swine: none.py:6: free_bacon(50) returned None (a NoneType), not a whole number of \
             points",
        ),
        (
            "huge.py",
            "def free_bacon(o):\n    return 10 ** 30\n",
            "swine: huge.py:6: free_bacon(0) returned an integer of 100 bits, outside 0..=1000 \
             points",
        ),
        (
            "key.py",
            "free_bacon = lambda o: 5\ndef after_turn(m, o):\n    return {\"mover\": o, \"extra\": True}\n",
            "swine: key.py:7: after_turn(0, 0) returned the key 'extra'; the keys are mover, \
             opponent and extra_turn",
        ),
        (
            "overflow.py",
            "free_bacon = lambda o: 5\ndef after_turn(m, o):\n    return {\"mover\": m * 10 ** 11}\n",
            "swine: overflow.py:7: after_turn(1, 0) returned mover: 100000000000, not a score",
        ),
        (
            "after.py",
            "free_bacon = lambda o: 5\ndef after_turn(m, o):\n    return 1\n",
            "swine: after.py:7: after_turn(0, 0) returned 1 (a int), not a dict {\"mover\": ..., \
             \"opponent\": ..., \"extra_turn\": ...} or True or False",
        ),
        (
            "again.py",
            "memory = {\"size\": 3, \"meaning\": \"m\"}\nfree_bacon = lambda o: 5\n\
             def goes_again(m):\n    return 1 if m == 2 else False\n",
            "swine: again.py:8: goes_again(2) returned 1 (a int), not True or False",
        ),
        (
            "missing.py",
            "def bacon(o):\n    return 5\n",
            "swine: missing.py: the module defines no def free_bacon(opponent) or def \
             free_bacon(own, opponent) (or forbids rolling 0 dice: least_dice = 1)",
        ),
        (
            "arity.py",
            "free_bacon = lambda o: 5\ndef die(total):\n    return 4\n",
            "swine: arity.py:7: def die takes 2 argument(s), not 1",
        ),
        (
            "typed.py",
            "pig_out = 0\nfree_bacon = lambda o: 5\n",
            "swine: typed.py: pig_out is a int, but must be a bool",
        ),
        (
            "imports.py",
            "import no_such_module_here\n",
            "swine: imports.py:6: importing it raised ModuleNotFoundError: No module named \
             'no_such_module_here'",
        ),
        (
            "syntax.py",
            "def free_bacon(o)\n    return 5\n",
            "swine: syntax.py:6: importing it raised SyntaxError: expected ':'",
        ),
        (
            "uses.py",
            "import helper\ndef free_bacon(o):\n    return helper.bacon(o)\n",
            "swine: uses.py:8: free_bacon(0) raised ZeroDivisionError: integer division or \
             modulo by zero (helper.py, line 2)",
        ),
        (
            "forks.py",
            "import os\ndef free_bacon(o):\n    os.system(\"true\")\n    return 5\n",
            "swine: forks.py:8: free_bacon(8) started processes beyond the limit (the limit is \
             8; those may start none)",
        ),
        (
            "loops.py",
            "def free_bacon(o):\n    while True: pass\n",
            "swine: loops.py:7: free_bacon(0): still running after 1 s: killed (an infinite \
             loop?)",
        ),
        (
            "slow_import.py",
            "while True: pass\n",
            "swine: slow_import.py:6: importing it: still running after 1 s: killed (an \
             infinite loop?)",
        ),
    ] {
        sandbox.write(file, format!("{HEADER}{body}"));
        // The two that never finish are stopped after 1 s; the others get time to start
        // Python and import on a loaded machine (1 s was once too little there).
        let timeout = if expected.contains("still running") {
            "1"
        } else {
            "20"
        };
        let line = sandbox
            .run(&[
                "eval",
                "always_roll:4",
                "--rules",
                file,
                "--timeout",
                timeout,
            ])
            .failure();
        assert_eq!(line, expected, "{file}");
    }
}

#[test]
fn parameters_and_strategies_of_a_module() {
    let sandbox = Sandbox::new();
    let body = "lucky = parameter(\"lucky\", 7)\n\
                def free_bacon(opponent):\n    return 2 + opponent % 10\n\
                def after_turn(mover, opponent):\n    return mover % lucky == 0\n\
                def chase_strategy(score, opponent_score, n=5):\n    \
                    return 0 if (score + free_bacon(opponent_score)) % lucky == 0 else n\n\
                def wild(score, opponent_score, n):\n    return n + 11 if score == 8 else n\n\
                strategies = [\n    \
                    {\"name\": \"chase\", \"function\": chase_strategy, \"about\": \"chase\"},\n    \
                    {\"name\": \"wild\", \"parameters\": [\"n\"], \"about\": \"wild\"},\n]\n";
    sandbox.write("lucky.py", format!("{HEADER}{body}"));
    let check = sandbox
        .run(&[
            "rules", "check", "lucky.py", "--set", "lucky=5", "--set", "goal=40",
        ])
        .success();
    assert!(
        check.contains("goal = 40 (default 100), lucky = 5 (default 7)"),
        "{check}"
    );
    assert!(
        check.contains("strategies   always_roll:N, chase:N, wild:N, optimal"),
        "{check}"
    );
    let rate = |lucky: &str| {
        let args = [
            "eval", "chase", "--rules", "lucky.py", "--set", lucky, "--json",
        ];
        sandbox.run(&args).json()["win_rate"].as_f64().unwrap()
    };
    assert_ne!(rate("lucky=5"), rate("lucky=7"));
    assert_eq!(
        sandbox
            .run(&[
                "eval",
                "always_roll:4",
                "--rules",
                "lucky.py",
                "--set",
                "luck=3"
            ])
            .failure(),
        "swine: lucky.py: unknown parameter 'luck' in --set; the module declares goal, lucky"
    );
    // A built-in's bad answer names the module, the line and the call.
    assert_eq!(
        sandbox
            .run(&["eval", "wild:3", "--rules", "lucky.py"])
            .failure(),
        "swine: in STRATEGY: strategy 'wild:3': lucky.py:13: wild(8, 0, 3) returned 14, outside \
         0..=10 dice"
    );
}

#[test]
fn nothing_a_module_starts_outlives_swine() {
    let sandbox = Sandbox::new();
    // A daemon that leaves the process group, started by a module that works and by one whose
    // hook runs out of time.
    let daemon = |seconds: &str| {
        format!(
            "import subprocess\nsubprocess.Popen([\"sleep\", \"{seconds}\"], \
             start_new_session=True)\n"
        )
    };
    sandbox.write(
        "works.py",
        format!("{HEADER}{}free_bacon = lambda o: 5\n", daemon("4747")),
    );
    sandbox
        .run(&["eval", "always_roll:4", "--rules", "works.py"])
        .success();
    sandbox.write(
        "stuck.py",
        format!(
            "{HEADER}{}def free_bacon(o):\n    while True: pass\n",
            daemon("4848")
        ),
    );
    let line = sandbox
        .run(&[
            "eval",
            "always_roll:4",
            "--rules",
            "stuck.py",
            "--timeout",
            "1",
        ])
        .failure();
    assert!(
        line.contains("free_bacon(0): still running after 1 s"),
        "{line}"
    );
    assert_no_process_with_argument("4747");
    assert_no_process_with_argument("4848");
}

/// Two rulesets that between them use every hook, each written as a rhai script and as a
/// Python module: (file stem, the script, the module).
const EVERY_HOOK: [(&str, &str, &str); 2] = [
    (
        "every-a",
        r#"let name = "every-a";
let summary = "Free Bacon by both scores, two dice, a dice limit, face bonuses, both memories";
let yardstick = "always_roll:4";
let goal = parameter("goal", 100);
let memory = #{ size: 3, initial: 1, meaning: "dice mod 3" };
fn free_bacon(own, opponent) { 1 + (own + 2 * opponent) % 7 }
fn die(own, opponent) { if (own + opponent) % 5 == 0 { 4 } else { 6 } }
fn dice_limit(own, opponent) { if opponent > own + 20 { 3 } else { 10 } }
fn face_bonus(own, face) { if face == 6 && own % 2 == 0 { 1 } else { 0 } }
fn bonus(mine, theirs, dice) { if dice % 3 == mine && mine != theirs { 2 } else { 0 } }
fn remember(mine, theirs, dice) { (dice + theirs) % 3 }
fn after_turn(mover, opponent, remembered) {
    if mover % 10 == 7 { return #{ mover: opponent, opponent: mover }; }
    if remembered == 2 && mover % 9 == 0 { return #{ extra_turn: true }; }
}
fn goes_again(remembered) { remembered == 0 }
"#,
        r#"from swine_rules import parameter
name = "every-a"
summary = "Free Bacon by both scores, two dice, a dice limit, face bonuses, both memories"
yardstick = "always_roll:4"
goal = parameter("goal", 100)
memory = {"size": 3, "initial": 1, "meaning": "dice mod 3"}
def free_bacon(own, opponent): return 1 + (own + 2 * opponent) % 7
def die(own, opponent): return 4 if (own + opponent) % 5 == 0 else 6
def dice_limit(own, opponent): return 3 if opponent > own + 20 else 10
def face_bonus(own, face): return 1 if face == 6 and own % 2 == 0 else 0
def bonus(mine, theirs, dice): return 2 if dice % 3 == mine and mine != theirs else 0
def remember(mine, theirs, dice): return (dice + theirs) % 3
def after_turn(mover, opponent, remembered):
    if mover % 10 == 7:
        return {"mover": opponent, "opponent": mover}
    if remembered == 2 and mover % 9 == 0:
        return {"extra_turn": True}
def goes_again(remembered): return remembered == 0
"#,
    ),
    (
        "every-b",
        r#"let name = "every-b";
let summary = "Pig Out by the 1s, a turn rule, a memory of points, a built-in";
let yardstick = "edge:3,5";
let goal = parameter("goal", 100);
let memory = #{ size: 4, initial: 0, meaning: "last turn's points, at most 3" };
fn free_bacon(opponent) { 2 + opponent % 4 }
fn pig_out_points(ones, dice) { min(ones, 3) }
fn turn_points(points, dice) { if points == 13 { 17 } else { points } }
fn remember_points(remembered, dice, points) { min(points, 3) }
fn bonus(remembered, dice) { if dice == remembered + 1 { 1 } else { 0 } }
fn after_turn(mover, opponent) { mover == opponent + 1 }
let strategies = [
    #{ name: "edge", parameters: ["n", "m"], defaults: [4, ()], about: "n behind, else m" },
];
fn edge(own, opponent, n, m) { if own < opponent { n } else { m } }
"#,
        r#"from swine_rules import parameter
name = "every-b"
summary = "Pig Out by the 1s, a turn rule, a memory of points, a built-in"
yardstick = "edge:3,5"
goal = parameter("goal", 100)
memory = {"size": 4, "initial": 0, "meaning": "last turn's points, at most 3"}
def free_bacon(opponent): return 2 + opponent % 4
def pig_out_points(ones, dice): return min(ones, 3)
def turn_points(points, dice): return 17 if points == 13 else points
def remember_points(remembered, dice, points): return min(points, 3)
def bonus(remembered, dice): return 1 if dice == remembered + 1 else 0
def after_turn(mover, opponent): return mover == opponent + 1
def edge_strategy(score, opponent_score, n, m): return n if score < opponent_score else m
strategies = [
    {"name": "edge", "function": edge_strategy, "parameters": ["n", "m"], "defaults": [4, None],
     "about": "n behind, else m"},
]
"#,
    ),
];

#[test]
fn every_hook_tabulates_alike_in_both_languages() {
    let sandbox = Sandbox::new();
    let goal = 40;
    for (stem, script, module) in EVERY_HOOK {
        let rhai = sandbox.write(&format!("{stem}.rhai"), script);
        let python = sandbox.write(&format!("{stem}.py"), module);
        let theirs = compiled(rhai.to_str().unwrap(), goal);
        let ours = compiled(python.to_str().unwrap(), goal);
        assert_eq!(ours.rules().builtins(), theirs.rules().builtins(), "{stem}");
        assert_eq!(ours.rules().memory(), theirs.rules().memory(), "{stem}");
        assert_eq!(ours.max_gain(), theirs.max_gain(), "{stem}");
        for own in 0..goal {
            for opponent in 0..goal {
                let at = format!("{stem} at ({own}, {opponent})");
                assert_eq!(
                    ours.free_bacon(own, opponent),
                    theirs.free_bacon(own, opponent),
                    "{at}"
                );
                assert_eq!(ours.die(own, opponent), theirs.die(own, opponent), "{at}");
                for n in 0..=10 {
                    let rolled = theirs.dice_rolled(own, opponent, n);
                    assert_eq!(ours.dice_rolled(own, opponent, n), rolled, "{at}");
                }
            }
        }
        for remembered in 0..theirs.memory().size {
            for opponent in 0..goal {
                for reached in 0..goal + theirs.max_gain() as u32 {
                    assert_eq!(
                        ours.after_turn(reached, opponent, remembered),
                        theirs.after_turn(reached, opponent, remembered),
                        "{stem}: {reached} against {opponent}, remembering {remembered}"
                    );
                }
            }
        }
        // The rest (bonuses, memories, Pig Out and turn points) shows in exact win rates.
        let rate = |rules: &Ruleset, a: &str, b: &str| {
            let a = Strategy::parse(a, rules).unwrap();
            let b = Strategy::parse(b, rules).unwrap();
            evaluate(rules, &a, &b).unwrap().win_rate().to_bits()
        };
        for (a, b) in [
            ("always_roll:0", "always_roll:5"),
            ("always_roll:7", "always_roll:2"),
        ] {
            assert_eq!(
                rate(&ours, a, b),
                rate(&theirs, a, b),
                "{stem}: {a} against {b}"
            );
        }
        let best = |rules: &Ruleset| {
            let yardstick = Strategy::parse(rules.rules().yardstick(), rules).unwrap();
            solve_against(rules, &yardstick, SearchLimits::default(), |_| {})
                .unwrap()
                .outcome
                .win_rate()
                .to_bits()
        };
        assert_eq!(best(&ours), best(&theirs), "{stem}");
    }
}
