//! Yahtzee through the real binary: the solve's published figures and files, positions valued
//! by hand, duels, and bad input refused with its value named.

use crate::util::{Sandbox, number};

/// `swine solve --rules yahtzee` under Verhoeff's published rules: his figures to their printed
/// digits (mean 254.5896, standard deviation 59.6117, median 248), solved alone (no opponent,
/// no win rate), then the duel against the rule of thumb with `--vs`; and the files: the
/// distribution's CSV sums to 1 and its mean, pushed forward from the empty card, is the
/// expected score solved backward from the full card.
#[test]
fn the_solve_reports_the_optimum_and_writes_its_distribution_and_values() {
    let sandbox = Sandbox::new();
    let report = sandbox
        .run(&[
            "solve",
            "--rules",
            "yahtzee",
            "--set",
            "joker=verhoeff",
            "--json",
            "--out",
            "out",
        ])
        .json();
    let expected = number(&report, "expected_score");
    assert_eq!(format!("{expected:.4}"), "254.5896", "{report}");
    assert_eq!(format!("{:.4}", number(&report, "sd")), "59.6117");
    assert_eq!(report["median"], 248);
    assert!(report.get("opponent").is_none() && report.get("win_rate").is_none());
    let thumb = sandbox
        .run(&[
            "eval",
            "thumb",
            "--rules",
            "yahtzee",
            "--set",
            "joker=verhoeff",
            "--json",
        ])
        .json();
    assert_eq!(thumb["median"], 145, "{thumb}");
    let duel = sandbox
        .run(&[
            "solve",
            "--rules",
            "yahtzee",
            "--set",
            "joker=verhoeff",
            "--vs",
            "thumb",
            "--json",
            "--out",
            "out",
        ])
        .json();
    assert_eq!(duel["opponent"], "thumb");
    let win = number(&duel, "win_rate");
    assert!(win > 0.87 && win < 0.88, "{duel}");
    let csv = std::fs::read_to_string(sandbox.join("out/yahtzee_optimal_distribution.csv"))
        .expect("the distribution");
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("score,probability,at_least"));
    let (mut total, mut mean) = (0.0, 0.0);
    for line in lines {
        let cells: Vec<f64> = line.split(',').map(|c| c.parse().unwrap()).collect();
        total += cells[1];
        mean += cells[0] * cells[1];
    }
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    assert!((mean - expected).abs() < 1e-9, "{mean} vs {expected}");
    let values = std::fs::metadata(sandbox.join("out/yahtzee_optimal_values.npy")).unwrap();
    assert!(values.len() > 8 * (1 << 13) * 2 * 64);
}

/// Every box filled but Chance (each with 0): what is left is three rolls for the highest sum,
/// each die on its own. By hand, a die with one roll is worth 3.5; with two, 4.25 (keep a 4, 5
/// or 6: 15/6 + 3/6 · 3.5); with three, 14/3 (keep a 5 or 6: 11/6 + 4/6 · 4.25). So the card
/// is worth 5 · 14/3 = 70/3; two sixes kept with one roll left 12 + 3 · 3.5 = 22.5, with two
/// 12 + 3 · 4.25 = 24.75; and 6 2 6 1 1 put in Chance 16.
#[test]
fn positions_are_valued_as_worked_out_by_hand() {
    let sandbox = Sandbox::new();
    let all_but_chance = "ones=0,twos=0,threes=0,fours=0,fives=0,sixes=0,three_of_a_kind=0,\
                          four_of_a_kind=0,full_house=0,small_straight=0,large_straight=0,yahtzee=0";
    let eval = |extra: &[&str]| {
        let mut args = vec![
            "eval",
            "optimal",
            "--rules",
            "yahtzee",
            "--json",
            "--from",
            all_but_chance,
        ];
        args.extend(extra);
        sandbox.run(&args).json()
    };
    let card = eval(&[]);
    assert!(
        (number(&card, "value") - 70.0 / 3.0).abs() < 1e-12,
        "{card}"
    );
    assert!(card.get("mover_wins").is_none(), "{card}");
    for (rolls_left, kept) in [("1", 22.5), ("2", 24.75)] {
        let report = eval(&["--dice", "6,2,6,1,1", "--rolls-left", rolls_left]);
        assert_eq!(report["chosen"], "keep 6 6", "{report}");
        assert!((number(&report, "value") - kept).abs() < 1e-12, "{report}");
        assert_eq!(
            report["from"]["rolls_left"].as_i64(),
            rolls_left.parse().ok()
        );
    }
    let placed = eval(&["--dice", "6,2,6,1,1", "--rolls-left", "0"]);
    assert_eq!(placed["chosen"], "Chance");
    assert!((number(&placed, "value") - 16.0).abs() < 1e-12, "{placed}");
    // The upper total reaching 63 earns the bonus, counted with the card's points.
    let upper = "ones=3,twos=6,threes=9,fours=12,fives=15,sixes=18,three_of_a_kind=0,\
                 four_of_a_kind=0,full_house=0,small_straight=0,large_straight=0,yahtzee=0";
    let report = sandbox
        .run(&[
            "eval", "optimal", "--rules", "yahtzee", "--json", "--from", upper,
        ])
        .json();
    let value = number(&report, "value");
    assert!(
        (value - (63.0 + 35.0 + 70.0 / 3.0)).abs() < 1e-12,
        "{report}"
    );
    // Yahtzee bonuses already earned are points on the card: two of them, 200 more.
    let value_from = |card: &str| {
        sandbox
            .run(&[
                "eval", "optimal", "--rules", "yahtzee", "--json", "--from", card,
            ])
            .json()
    };
    let fifty = "yahtzee=50,chance=20,sixes=30";
    let without = value_from(fifty);
    let report = value_from(&format!("{fifty},yahtzee_bonus=200"));
    assert_eq!(report["from"]["yahtzee_bonus"].as_i64(), Some(200));
    assert_eq!(without["from"]["yahtzee_bonus"].as_i64(), Some(0));
    let earned = number(&report, "value") - number(&without, "value");
    assert!((earned - 200.0).abs() < 1e-9, "{report} vs {without}");
}

/// A duel of a strategy against itself is even, exactly; the rule of thumb loses to the
/// optimum (a small variant: a threshold of 5 keeps the solve short).
#[test]
fn duels_are_even_against_oneself() {
    let sandbox = Sandbox::new();
    let flags = ["--rules", "yahtzee", "--set", "upper_threshold=5", "--json"];
    for strategy in ["optimal", "thumb"] {
        let mut args = vec!["eval", strategy, "--vs", strategy];
        args.extend(flags);
        let report = sandbox.run(&args).json();
        assert_eq!(number(&report, "win_rate"), 0.5, "{report}");
        assert!(number(&report, "tie") > 0.0);
    }
    let mut args = vec!["tournament", "optimal", "thumb"];
    args.extend(flags);
    let report = sandbox.run(&[&args[..], &["--duels"]].concat()).json();
    assert_eq!(report["standings"][0]["strategy"], "optimal", "{report}");
    // Without --duels the entries are ranked by expected score, the optimum first.
    let report = sandbox.run(&args).json();
    assert_eq!(report["submissions"][0]["file"], "optimal", "{report}");
    assert_eq!(report["submissions"][1]["file"], "thumb", "{report}");
}

/// `study`: what happens on each card, exactly, beside games played with real dice (a small
/// variant); a happening that can come once a game has per game = at least once, and a Yahtzee
/// in its box is a Yahtzee placed.
#[test]
fn a_study_counts_bonuses_and_yahtzees_as_games_with_real_dice_do() {
    let out = Sandbox::new().run(&[
        "study",
        "optimal",
        "--rules",
        "yahtzee",
        "--set",
        "upper_threshold=5",
        "--check",
        "2000",
        "--json",
    ]);
    let report = out.json();
    let z = number(&report["simulated"], "largest_z");
    assert!(z < 4.5, "{report}");
    let first = &report["as_first"];
    let rule = |name: &str| {
        first["rule_events"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["rule"] == name)
            .unwrap_or_else(|| panic!("{name}: {report}"))
            .clone()
    };
    let bonus = rule("upper bonus");
    assert_eq!(bonus["per_game"], bonus["at_least_once"]);
    let fifty = number(&rule("Yahtzee scored 50"), "per_game");
    let placed = number(&rule("Yahtzee"), "at_least_once");
    assert!(fifty > 0.0 && fifty <= placed, "{report}");
    assert_eq!(number(&first["turns"], "mean"), 26.0);
}

/// A Python player is rated by games played: the rule of thumb written again in Python
/// (tests/python/yahtzee/thumb.py, for the plain rules) plays, on the same dice, exactly the
/// games the built-in plays; grading gives it an estimate and names a keep of dice not shown.
#[test]
fn python_players_play_the_built_ins_games_and_are_graded_by_games() {
    let sandbox = Sandbox::new();
    let python = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/yahtzee/thumb.py");
    let illegal = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/python/yahtzee/illegal.py"
    );
    let simulate = |strategy: &str| {
        let args = [
            "simulate",
            strategy,
            "--vs",
            "optimal",
            "--rules",
            "yahtzee",
            "--set",
            "joker=none",
            "--games",
            "300",
            "--json",
        ];
        sandbox.run(&args).json()["simulated"].clone()
    };
    let (played, built_in) = (simulate(python), simulate("thumb"));
    for key in ["as_first", "as_second"] {
        assert_eq!(played[key], built_in[key], "{played} vs {built_in}");
    }
    // The plain rules (the file's), a small variant; exit status 2: one could not be graded.
    let graded = sandbox.run(&[
        "grade",
        python,
        illegal,
        "--rules",
        "yahtzee",
        "--set",
        "joker=none",
        "--set",
        "upper_threshold=5",
        "--json",
    ]);
    assert_eq!(graded.code(), Some(2));
    let report: serde_json::Value = serde_json::from_str(&graded.stdout()).unwrap();
    let rows = report["submissions"].as_array().unwrap();
    assert_eq!(rows[0]["status"], "estimate", "{report}");
    let error = rows[1]["error"].as_str().unwrap();
    assert!(
        error.contains("returned (6, 6, 6, 6, 6): those dice are not all among the dice showing"),
        "{error}"
    );
}

/// A player whose answers change when a position is asked again (tests/python/yahtzee/
/// changes.py) is refused once its games are played and a random sample of what it answered
/// is asked again.
#[test]
fn a_player_whose_answers_change_when_asked_again_is_refused() {
    let sandbox = Sandbox::new();
    let changes = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/python/yahtzee/changes.py"
    );
    let args = [
        "simulate",
        changes,
        "--vs",
        "thumb",
        "--rules",
        "yahtzee",
        "--set",
        "joker=none",
        "--games",
        "50",
    ];
    // The rule of thumb's exact values are solved first, and said so on stderr.
    let refused = sandbox.run(&args);
    assert_eq!(refused.code(), Some(2));
    let said = refused.stderr();
    let last = said.lines().last().unwrap();
    assert!(last.starts_with("swine: "), "{said}");
    assert!(
        last.contains("gave another answer when asked again"),
        "{said}"
    );
}

/// Bad input names the value: a joker rule, a box's points, the dice, a goal.
#[test]
fn bad_input_is_refused_with_its_value_named() {
    let sandbox = Sandbox::new();
    let from = |card| vec!["eval", "optimal", "--rules", "yahtzee", "--from", card];
    for (args, said) in [
        (
            vec!["solve", "--rules", "yahtzee", "--set", "joker=wild"],
            "--set 'joker=wild': wild is not one of forced, verhoeff, free, none",
        ),
        (
            from("sixes=7"),
            "--from sixes=7: sixes=7 is no score of the box",
        ),
        (from("chance=20,chance=21"), "chance given twice"),
        (
            from("yahtzee=0,chance=20,yahtzee_bonus=100"),
            "yahtzee_bonus=100 is no Yahtzee bonus earned: a bonus is earned only with 50 in the \
             Yahtzee box",
        ),
        (
            from("yahtzee=50,chance=20,yahtzee_bonus=200"),
            "yahtzee_bonus=200 is no Yahtzee bonus earned: 2 bonus(es), but each fills another \
             box and 1 are filled",
        ),
        (
            vec!["eval", "optimal", "--rules", "yahtzee", "--dice", "1,2,3"],
            "--dice 1,2,3: 3 face(s) [1, 2, 3]: a roll shows five faces",
        ),
        (
            vec!["eval", "optimal", "--rules", "yahtzee", "--rolls-left", "1"],
            "--rolls-left 1: needs the dice shown",
        ),
        (
            vec!["solve", "--rules", "yahtzee", "--goal", "100"],
            "--goal: yahtzee has no goal",
        ),
        (
            vec!["eval", "bacon", "--rules", "yahtzee"],
            "bacon: yahtzee has the strategies optimal, minimax, thumb",
        ),
        (
            from("sixes=-3"),
            "--from sixes=-3: sixes=-3 is no score of the box",
        ),
        (
            from("rolls_left=1"),
            "'rolls_left' is no box; the boxes are ones, twos",
        ),
    ] {
        let stderr = sandbox.run(&args).failure();
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(!stderr.contains("ONES,"), "no positional form: {stderr}");
    }
}

/// `grade` without `--vs` grades each player alone by its expected final score: the optimum
/// has no shortfall, each other player falls short by exactly the optimum's expected score
/// minus its own, in points, ranked by score (Verhoeff's 254.5896 at the top).
#[test]
fn a_grade_alone_ranks_by_expected_score_and_gives_the_shortfall_in_points() {
    let sandbox = Sandbox::new();
    let report = sandbox
        .run(&[
            "grade",
            "thumb",
            "optimal",
            "--rules",
            "yahtzee",
            "--set",
            "joker=verhoeff",
            "--json",
            "--report",
            "grades.csv",
        ])
        .json();
    let optimum = number(&report, "optimal_expected_score");
    assert_eq!(format!("{optimum:.4}"), "254.5896", "{report}");
    let rows = report["submissions"].as_array().unwrap();
    assert_eq!(rows[0]["file"], "optimal");
    assert_eq!(number(&rows[0], "expected_score"), optimum);
    assert_eq!(number(&rows[0], "shortfall"), 0.0);
    assert_eq!(rows[1]["file"], "thumb");
    let thumb = number(&rows[1], "expected_score");
    assert!(thumb < optimum - 50.0, "{thumb}");
    assert_eq!(number(&rows[1], "shortfall"), optimum - thumb);
    assert!(report.get("opponent").is_none() && rows[1].get("win_rate").is_none());
    let csv = std::fs::read_to_string(sandbox.join("grades.csv")).unwrap();
    assert!(
        csv.starts_with(
            "file,function,status,error,expected_score,optimal_expected_score,shortfall"
        ),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 3, "{csv}");
}

/// The first answer solves the game once and says so on stderr; the next processes read it
/// from the cache directory and answer the same to the last digit, saying nothing. A cache
/// file with one bit flipped, or cut short, is not read: the game is solved again, said so,
/// answered alike, and the file replaced by the very bytes first written.
#[test]
fn the_solved_game_is_kept_in_the_cache_and_replaced_when_damaged() {
    let sandbox = Sandbox::new();
    let args = [
        "eval",
        "optimal",
        "--rules",
        "yahtzee",
        "--dice",
        "1,1,2,5,6",
        "--rolls-left",
        "2",
        "--json",
    ];
    let first = sandbox.run(&args);
    let answer = first.success();
    assert!(
        first.stderr().contains("yahtzee: solving the game once"),
        "{}",
        first.stderr()
    );
    assert!(first.stderr().contains("yahtzee: solved in "));
    let files: Vec<_> = std::fs::read_dir(sandbox.cache())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let kept = std::fs::read(&files[0]).unwrap();
    assert!(kept.len() > 8 << 20, "every card's value: {}", kept.len());
    let again = sandbox.run(&args);
    assert_eq!(again.success(), answer);
    assert_eq!(again.stderr(), "", "read from the cache, nothing said");

    let mut flipped = kept.clone();
    flipped[kept.len() / 2] ^= 0x10;
    let cut = &kept[..kept.len() / 3];
    for damaged in [&flipped[..], cut] {
        std::fs::write(&files[0], damaged).unwrap();
        let resolved = sandbox.run(&args);
        assert_eq!(resolved.success(), answer);
        assert!(resolved.stderr().contains("solving the game once"));
        assert!(std::fs::read(&files[0]).unwrap() == kept, "replaced");
    }
}

/// The final score's distribution from a position, worked out by hand: every box filled with 0
/// but Chance, four sixes kept and one die rolled last makes 24 + the die, each of 25 to 30
/// with chance 1/6 (mean 27.5, variance 35/12). From a busier position its mean is the value
/// the position's choices are solved to backwards (another path: the distribution is pushed
/// forwards). Its CSV says 1 where a sum is 1, and the solve's CSV too.
#[test]
fn the_distribution_from_a_position_is_as_worked_out_by_hand() {
    let sandbox = Sandbox::new();
    let all_but_chance = "ones=0,twos=0,threes=0,fours=0,fives=0,sixes=0,three_of_a_kind=0,\
                          four_of_a_kind=0,full_house=0,small_straight=0,large_straight=0,yahtzee=0";
    let report = sandbox
        .run(&[
            "eval",
            "optimal",
            "--rules",
            "yahtzee",
            "--from",
            all_but_chance,
            "--dice",
            "6,6,1,6,6",
            "--rolls-left",
            "1",
            "--distribution",
            "last.csv",
            "--json",
        ])
        .json();
    assert!(
        (number(&report, "expected_score") - 27.5).abs() < 1e-12,
        "{report}"
    );
    assert!((number(&report, "sd") - (35.0f64 / 12.0).sqrt()).abs() < 1e-12);
    let at_least: Vec<f64> = report["at_least"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    assert_eq!(at_least.len(), 31, "{report}");
    assert!(at_least[..=25].iter().all(|&p| p == 1.0), "{at_least:?}");
    for (t, sixths) in (26..=30).zip([5.0, 4.0, 3.0, 2.0, 1.0]) {
        assert!(
            (at_least[t] - sixths / 6.0).abs() < 1e-15,
            "{t}: {at_least:?}"
        );
    }
    let csv = std::fs::read_to_string(sandbox.join("last.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "score,probability,at_least");
    assert_eq!(lines[1], "0,0.0,1.0");
    assert_eq!(lines.len(), 32, "{csv}");
    assert!(lines[26].starts_with("25,0.16666666666666"), "{csv}");

    let busy = [
        "--rules",
        "yahtzee",
        "--from",
        "sixes=24,yahtzee=50,chance=21",
        "--dice",
        "6,6,6,2,3",
        "--rolls-left",
        "1",
        "--json",
    ];
    let mut args = vec!["eval", "optimal", "--distribution"];
    args.extend(busy);
    let pushed = sandbox.run(&args).json();
    let mut args = vec!["eval", "optimal"];
    args.extend(busy);
    let solved = sandbox.run(&args).json();
    let (mean, value) = (number(&pushed, "expected_score"), number(&solved, "value"));
    assert!((mean - value).abs() < 1e-9, "{mean} vs {value}");
    assert_eq!(pushed["from"], solved["from"]);

    sandbox
        .run(&["solve", "--rules", "yahtzee", "--out", "out"])
        .success();
    let csv =
        std::fs::read_to_string(sandbox.join("out/yahtzee_optimal_distribution.csv")).unwrap();
    assert_eq!(csv.lines().nth(1), Some("0,0.0,1.0"), "P(score >= 0) is 1");
    assert!(!csv.contains("e0"), "no 0e0 or 1e0");

    let refused = sandbox
        .run(&["eval", "optimal", "--distribution"])
        .failure();
    assert!(
        refused.contains("is played against an opponent"),
        "{refused}"
    );
}

/// `simulate --transcript` tells a card alone (`--players 1`) turn by turn through the rules:
/// thirteen boxes filled, the running total of the last one the sum of every fill's points,
/// and the same seed tells the same game; a duel tells both cards turn about.
#[test]
fn transcripts_tell_every_box_filled_and_repeat_with_the_seed() {
    let sandbox = Sandbox::new();
    let tell = |players: &str, seed: &str| {
        let args = [
            "simulate",
            "optimal",
            "--rules",
            "yahtzee",
            "--players",
            players,
            "--seed",
            seed,
            "--transcript",
        ];
        sandbox.run(&args).success()
    };
    let told = tell("1", "3");
    assert!(
        told.starts_with("yahtzee: Player 0 plays optimal; seed 3.\n"),
        "{told}"
    );
    let fills: Vec<&str> = told.lines().filter(|l| l.contains(" fills ")).collect();
    assert_eq!(fills.len(), 13, "{told}");
    let gained: u32 = fills
        .iter()
        .map(|l| l.split(": ").last().unwrap().split(' ').next().unwrap())
        .map(|p| p.parse::<u32>().unwrap())
        .sum();
    let last = fills[12].rsplit(", ").next().unwrap();
    assert_eq!(last, format!("{gained} in all."), "{told}");
    assert_eq!(tell("1", "3"), told);
    assert_ne!(tell("1", "4"), told);
    let duel = tell("2", "3");
    assert!(duel.contains("Player 1 plays thumb"), "{duel}");
    let movers: Vec<bool> = duel
        .lines()
        .filter(|l| l.contains(" fills "))
        .map(|l| l.trim_start().starts_with("Player 0"))
        .collect();
    assert_eq!(movers.len(), 26, "{duel}");
    assert!(movers.iter().step_by(2).all(|&zero| zero), "{duel}");
}
