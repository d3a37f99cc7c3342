//! `swine play` for Hog and Greed, and the transcripts and estimates of `swine simulate`,
//! through the real binary.

use crate::util::{Sandbox, number};

/// The digits of `value` to six places, as `play` prints its hints.
fn six(value: f64) -> String {
    format!("{value:.6}")
}

/// The exact numbers `swine eval` prints as JSON.
fn eval(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["eval"];
    all.extend(args);
    all.push("--json");
    Sandbox::new().run(&all).json()
}

#[test]
fn a_hog_game_hints_re_asks_and_ends_with_the_input() {
    let out = Sandbox::new()
        .run_with_input(
            &["play", "--seed", "7", "--vs", "always_roll:4"],
            "x\n11\n4\n",
        )
        .success();
    // The best choice at 0 : 0 is worth the optimal strategy's exact value moving first.
    let optimal = eval(&["optimal", "--vs", "always_roll:4"]);
    let first = optimal["as_first"].as_f64().unwrap();
    let best = format!("   Roll 6  {}  <- best", six(first));
    assert!(out.contains(&best), "{out}");
    assert_eq!(out.matches("<- best").count(), 2, "{out}");
    assert!(out.contains("Free Bacon would give 6."), "{out}");
    assert!(out.contains("'x' is not a choice: enter a number from 0 to 10."));
    assert!(out.contains("'11' is not a choice: enter a number from 0 to 10."));
    // The answer typed is not echoed: the turn is told after the question.
    assert!(
        out.contains("(0 to 10)?   Player 0 rolls 4 dice: "),
        "{out}"
    );
    assert!(
        out.contains("The computer's turn.\n  Player 1 rolls 4 dice: "),
        "{out}"
    );
    assert!(
        out.ends_with("No more input: the game is abandoned.\n"),
        "{out}"
    );
}

/// `--answers` plays the given answers first, echoed as if typed, then reads the terminal: the
/// same game as typing them all.
#[test]
fn given_answers_play_the_game_typed_answers_play() {
    let sandbox = Sandbox::new();
    let game = ["play", "--seed", "7", "--vs", "always_roll:4"];
    let typed = sandbox.run_with_input(&game, "6\n0\n3\n").success();
    let mut with_answers = game.to_vec();
    with_answers.extend(["--answers", "6,0"]);
    let given = sandbox.run_with_input(&with_answers, "3\n").success();
    assert!(
        given.contains("How many dice (0 to 10)? 6\n  Player 0 rolls 6 dice: "),
        "{given}"
    );
    let unechoed = given.replacen("(0 to 10)? 6\n", "(0 to 10)? ", 1).replacen(
        "(0 to 10)? 0\n",
        "(0 to 10)? ",
        1,
    );
    assert_eq!(unechoed, typed);
    let chopsticks = sandbox
        .run_with_input(
            &[
                "play",
                "--rules",
                "chopsticks",
                "--moves",
                "2",
                "--answers",
                "yes,3,0",
            ],
            "",
        )
        .success();
    assert!(
        chopsticks.contains("Do you want to go first? yes\n"),
        "{chopsticks}"
    );
    assert!(chopsticks.ends_with("B wins.\n"), "{chopsticks}");
}

#[test]
fn a_hog_game_without_hints_shows_the_rules_about_to_apply() {
    let out = Sandbox::new()
        .run_with_input(
            &["play", "--rules", "hog-wild", "--no-hints", "--seed", "1"],
            "",
        )
        .success();
    // 0 : 0 is a multiple of 7: four-sided dice; Free Bacon is 1 + the tens digit, 1.
    assert!(
        out.contains("Free Bacon would give 1; the dice are 4-sided."),
        "{out}"
    );
    assert!(!out.contains("<- best"));
    assert!(
        out.ends_with("No more input: the game is abandoned.\n"),
        "{out}"
    );
}

#[test]
fn a_greed_game_hints_the_best_counts_and_passing() {
    let out = Sandbox::new()
        .run_with_input(&["play", "--rules", "greed", "--seed", "2"], "abc\n3\n")
        .success();
    // Against perfect play, the best first move is worth the minimax value moving first.
    let minimax = eval(&["minimax", "--vs", "minimax", "--rules", "greed"]);
    let first = minimax["as_first"].as_f64().unwrap();
    assert!(
        out.contains(&format!("  Roll 32  {}  <- best", six(first))),
        "{out}"
    );
    assert!(out.contains("\n     Pass  "), "{out}");
    assert!(out.contains("'abc' is not a choice: enter a number from 0 to 255."));
    assert!(
        out.contains("up to 255)?   Player 1 rolls 3 dice: "),
        "{out}"
    );
    assert!(
        out.contains("That's the biggest gain yet for Player 1"),
        "{out}"
    );
    assert!(
        out.ends_with("No more input: the game is abandoned.\n"),
        "{out}"
    );
}

#[test]
fn transcripts_repeat_with_the_seed_whatever_the_jobs() {
    let sandbox = Sandbox::new();
    let presets = swine_solver::hog::presets::PRESETS.map(|p| p.name);
    for rules in presets.into_iter().chain(["greed"]) {
        let args = |jobs: &'static str| {
            vec![
                "simulate",
                "optimal",
                "--rules",
                rules,
                "--games",
                "1",
                "--seed",
                "4",
                "--transcript",
                "--jobs",
                jobs,
            ]
        };
        let one = sandbox.run(&args("1")).success();
        assert_eq!(one, sandbox.run(&args("2")).success(), "{rules}");
        assert!(one.contains("takes the lead by"), "{rules}: {one}");
        assert!(
            one.contains("That's the biggest gain yet for Player"),
            "{rules}"
        );
        assert!(
            one.contains(" wins") || one.contains("a tie"),
            "{rules}: {one}"
        );
    }
}

#[test]
fn estimates_carry_errors_from_the_exact_probabilities_and_their_z() {
    let sandbox = Sandbox::new();
    for rules in ["hog-fa20", "greed"] {
        // One game per seat: the error is that of one game at the exact probability, never 0.
        let args = [
            "simulate", "optimal", "--rules", rules, "--games", "1", "--json",
        ];
        let report = sandbox.run(&args).json();
        for key in ["win_rate", "as_first", "as_second"] {
            let simulated = report["simulated"][key].as_f64().unwrap();
            let exact = report["exact"][key].as_f64().unwrap();
            let error = report["standard_error"][key].as_f64().unwrap();
            let z = report["z"][key].as_f64().unwrap();
            assert!(error > 0.1, "{rules} {key}: {error}");
            approx::assert_abs_diff_eq!(z, (simulated - exact) / error, epsilon = 1e-12);
        }
        let first = report["exact"]["as_first"].as_f64().unwrap();
        if rules == "hog-fa20" {
            let one_game = (first * (1.0 - first)).sqrt();
            approx::assert_abs_diff_eq!(
                report["standard_error"]["as_first"].as_f64().unwrap(),
                one_game,
                epsilon = 1e-15
            );
        } else {
            assert!(report["z"]["tie"].is_number(), "{report}");
        }
    }
    // The same seed gives the same estimates on one thread or two.
    let many = |jobs| {
        sandbox
            .run(&[
                "simulate", "bacon", "--games", "30000", "--jobs", jobs, "--json",
            ])
            .stdout()
    };
    assert_eq!(many("1"), many("2"));
}

/// The game of Yahtzee `yahtzee_by_hand_input` types: each turn's dice and answers.
const BY_HAND: [(&str, &str); 12] = [
    ("11122", "1s"),
    ("22233", "twos"),
    ("33344", "Threes"),
    ("44455", "4s"),
    ("55566", "fives"),
    ("66611", "SIXES"),
    ("22225", "3k"),
    ("33336", "4k"),
    ("22555", "Full House"),
    ("12346", "ss"),
    ("23456", "ls"),
    ("66554", ""),
];

/// What a player types in a Yahtzee game with dice by hand: the first turn rolls five, keeps
/// three sixes, types the two dice rolled again, keeps four and types all five (with a typo, a
/// box not known and a box filled already along the way); every other turn types five dice,
/// keeps all five twice and names a box (the last by Enter: only Chance is open), but for the
/// full house, scored at once.
fn yahtzee_by_hand_input() -> String {
    let mut lines = vec![
        "6 6 6 1 9",
        "66612",
        "66 6",
        "6 3",
        "6,6,6,6",
        "6 6 6 6 6",
        "bogus",
        "Yahtzee",
    ];
    for (i, (dice, name)) in BY_HAND.iter().enumerate() {
        // The full house is scored at once, with two rolls left.
        if *name != "Full House" {
            lines.extend([*dice, *dice]);
        }
        lines.push(dice);
        if i == 0 {
            lines.push("yahtzee");
        }
        lines.push(name);
    }
    lines.join("\n") + "\n"
}

/// The loss `play` printed for the decision told first as `said`: 0 for the best.
fn printed_loss(out: &str, said: &str) -> f64 {
    let (_, line) = out
        .lines()
        .find_map(|line| line.split_once(said))
        .unwrap_or_else(|| panic!("no '{said}' in {out}"));
    if line.contains("the best: loses 0") {
        return 0.0;
    }
    let (_, after) = line.split_once("loses ").expect("a loss");
    let (lost, _) = after.split_once(" point(s)").expect("points");
    lost.parse().expect("a number")
}

/// What `eval` says the choice `chosen` loses against the best at the card `from` with the
/// dice `dice` and `rolls_left` left: the difference of the two values it reports, and whether
/// `chosen` is the best.
fn eval_loss(from: &str, dice: &str, rolls_left: &str, chosen: &str) -> (f64, bool) {
    let report = eval_at(from, dice, rolls_left);
    let best = report["chosen"].as_str().unwrap();
    (
        choice_value(&report, best) - choice_value(&report, chosen),
        best == chosen,
    )
}

/// The value `eval` gives `chosen` in `report`.
fn choice_value(report: &serde_json::Value, chosen: &str) -> f64 {
    report["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["choice"] == chosen)
        .unwrap_or_else(|| panic!("no {chosen} in {report}"))["value"]
        .as_f64()
        .unwrap()
}

/// `eval`'s report at the card `from` with the dice `dice` and `rolls_left` left.
fn eval_at(from: &str, dice: &str, rolls_left: &str) -> serde_json::Value {
    eval(&[
        "optimal",
        "--rules",
        "yahtzee",
        "--from",
        from,
        "--dice",
        dice,
        "--rolls-left",
        rolls_left,
    ])
}

/// `play --rules yahtzee --dice-by-hand` fed a fixed sequence of dice: the dice typed in both
/// forms after a keep (and which was taken said), faces, names and short names read, bad
/// entries named and asked again, the card with its upper total towards the bonus, each
/// decision's loss exactly as `eval`'s values differ (0 for the best), and the end's summary.
#[test]
fn a_yahtzee_game_with_dice_by_hand_is_coached_decision_by_decision() {
    let out = Sandbox::new()
        .run_with_input(
            &["play", "--rules", "yahtzee", "--dice-by-hand"],
            yahtzee_by_hand_input(),
        )
        .success();
    for said in [
        "'6 6 6 1 9' is not the dice you rolled: type the 5 face(s) they show",
        "You rolled 6 6 6 1 2.",
        "You rolled 6 3, taken as the dice rolled again (6 6 6 kept): 3 6 6 6 6.",
        "You rolled 6 6 6 6 6, taken as all five dice (6 6 6 6 kept): 6 6 6 6 6.",
        "'bogus' is not a box: type a box's name (fh, 3k, 4k, ss, ls, chance, yahtzee",
        "You score 50 point(s) in Yahtzee (score 50)",
        "'yahtzee': Yahtzee is filled already (50)",
        "You score 3 point(s) in Ones (score 53)",
        "Your card: score 95; upper 45/63, bonus needs 18 (Ones 3, Twos 6, Threes 9, Fours 12, \
         Fives 15, Yahtzee 50)",
        "You score 18 point(s) in Sixes and a bonus of 35 (score 148)",
        "Your card: score 148; upper 63/63, bonus 35 earned",
        "You score 25 point(s) in Full House (score 204)",
        "You score 26 point(s) in Chance (score 300); the best: loses 0.",
        "Final score 300 (boxes 265, upper bonus 35, Yahtzee bonuses 0).",
        "The optimum's expected score from the empty card: 254.59.",
    ] {
        assert!(out.contains(said), "no '{said}' in {out}");
    }
    assert!(!out.contains("win"), "a game alone has no winner: {out}");
    // Each loss as eval's values differ: the first keep, the second turn's keep of all five
    // and its box.
    for (said, (from, dice, rolls_left, chosen)) in [
        ("You: keep 6 6 6", ("empty", "1,2,6,6,6", "2", "keep 6 6 6")),
        (
            "You: keep 1 1 1 2 2",
            ("yahtzee=50", "1,1,1,2,2", "2", "keep 1 1 1 2 2"),
        ),
        (
            "You score 3 point(s) in Ones",
            ("yahtzee=50", "1,1,1,2,2", "0", "Ones"),
        ),
    ] {
        let printed = printed_loss(&out, said);
        let (lost, best) = eval_loss(from, dice, rolls_left, chosen);
        if best {
            assert_eq!(printed, 0.0, "{said}: the best loses exactly 0");
        } else {
            assert!(lost > 0.0, "{said}: {lost}");
            assert!(
                (printed - lost).abs() <= 5e-5,
                "{said}: {printed} vs {lost}"
            );
        }
    }
    // A box filled with rolls left loses what the best keep is worth above it.
    let card = "ones=3,twos=6,threes=9,fours=12,fives=15,sixes=18,three_of_a_kind=13,\
                four_of_a_kind=18,yahtzee=50";
    let kept = number(&eval_at(card, "2,2,5,5,5", "2"), "value");
    let filled = choice_value(&eval_at(card, "2,2,5,5,5", "0"), "Full House");
    let printed = printed_loss(&out, "You score 25 point(s) in Full House (score 204)");
    assert!(
        (printed - (kept - filled)).abs() <= 5e-5,
        "{printed} vs {kept} - {filled}"
    );
    // Here nothing could be gained by rolling on: the box is as good as the best keep.
    assert_eq!(kept, filled);
    assert!(
        out.contains("in Full House (score 204); the best: loses 0."),
        "{out}"
    );
    // The end sums the losses told one by one, counts the decisions that were not the best
    // and names the costliest.
    let told: Vec<f64> = out
        .lines()
        .filter(|line| line.contains("point(s) against the best, "))
        .map(|line| {
            let (_, after) = line.split_once("loses ").unwrap();
            after.split_once(' ').unwrap().0.parse().unwrap()
        })
        .collect();
    assert!(!told.is_empty(), "{out}");
    let summed: f64 = told.iter().sum();
    let (_, after) = out.split_once("Your decisions lost ").expect("the losses");
    let (total, rest) = after.split_once(" point(s)").unwrap();
    let total: f64 = total.parse().unwrap();
    assert!(
        (total - summed).abs() <= 5e-5 * told.len() as f64,
        "{total} vs {summed}"
    );
    assert!(
        rest.contains(&format!(": {} of 37 were not the best.", told.len())),
        "{rest}"
    );
    assert!(out.contains("The costliest:\n  turn "), "{out}");
}

/// Dice by hand are refused by name where the game rolls its own, and with a seed.
#[test]
fn dice_by_hand_are_refused_where_they_cannot_be_typed() {
    let sandbox = Sandbox::new();
    let pig = sandbox
        .run(&["play", "--rules", "pig", "--dice-by-hand"])
        .failure();
    assert!(
        pig.contains("pig is played with the program's dice only"),
        "{pig}"
    );
    let seeded = sandbox
        .run(&[
            "play",
            "--rules",
            "yahtzee",
            "--dice-by-hand",
            "--seed",
            "3",
        ])
        .failure();
    assert!(seeded.contains("--seed: with --dice-by-hand"), "{seeded}");
}

/// A tmux server of its own, ended when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// `tmux ARGS` on this server.
    fn run(&self, args: &[&str]) -> std::process::Output {
        std::process::Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .env("TERM", "xterm")
            .output()
            .expect("tmux runs (apt-get install tmux)")
    }

    /// The screen and its history, wrapped lines joined.
    fn screen(&self) -> String {
        let shown = self.run(&["capture-pane", "-p", "-J", "-t", "play", "-S", "-500"]);
        String::from_utf8_lossy(&shown.stdout).into_owned()
    }

    /// Types `keys` and Enter.
    fn type_line(&self, keys: &str) {
        if !keys.is_empty() {
            assert!(
                self.run(&["send-keys", "-t", "play", "-l", keys])
                    .status
                    .success()
            );
        }
        assert!(
            self.run(&["send-keys", "-t", "play", "Enter"])
                .status
                .success()
        );
    }

    /// The screen once it shows `text` `times` times (within a minute: the first waits for
    /// the solve).
    fn wait_for(&self, text: &str, times: usize) -> String {
        for _ in 0..600 {
            let screen = self.screen();
            if screen.matches(text).count() >= times {
                return screen;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("no '{text}' on the screen:\n{}", self.screen())
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// Typed at a real terminal (tmux): faces with and without spaces, a bad entry named and asked
/// again, a box by its short name, Enter for the best; each decision's loss said, the card
/// with the upper total towards the bonus.
#[test]
fn a_yahtzee_game_is_typed_at_a_real_terminal() {
    let sandbox = Sandbox::new();
    let tmux = Tmux {
        socket: format!("swine-play-{}", std::process::id()),
    };
    let command = format!(
        "env SWINE_CACHE_DIR={} {} play --rules yahtzee --seed 3",
        sandbox.cache().display(),
        env!("CARGO_BIN_EXE_swine")
    );
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "play",
        "-x",
        "250",
        "-y",
        "50",
        &command,
    ]);
    assert!(started.status.success(), "{started:?}");
    let keep = "Keep which dice (faces, none, a box to score now, a number, Enter the best)? ";
    tmux.wait_for(keep, 1);
    tmux.type_line("4 4");
    tmux.wait_for(
        &format!("{keep}4 4\n  You: keep 4 4 (the best: loses 0), and the rest rolled: 1 2 4 4 5."),
        1,
    );
    tmux.type_line("bogus");
    tmux.wait_for(
        "'bogus' is not a keep of the dice showing (1 2 4 4 5): type the faces to keep (6 6, 66 \
         or 6,6; keep 6 for one die; none or 0 rerolls all five), a box's name (fh, 3k, 4k, ss, \
         ls, chance, yahtzee, ones to sixes or 1s to 6s, or the full name) to score now, a \
         number from 1 to 24, or Enter for the best (keep 4 4)",
        1,
    );
    tmux.type_line("445");
    tmux.wait_for(
        "You: keep 4 4 5 (loses 1.6052 point(s) against the best, keep 4 4), and the rest \
         rolled: 4 4 4 5 5.",
        1,
    );
    tmux.type_line("fh");
    tmux.wait_for(
        "You score 25 point(s) in Full House (score 25); the best: loses 0.",
        1,
    );
    tmux.wait_for(
        "Your card: score 25; upper 0/63, bonus needs 63 (Full House 25)",
        1,
    );
    tmux.type_line("");
    tmux.wait_for("(the best: loses 0), and the rest rolled", 2);
}
