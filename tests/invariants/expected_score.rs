//! The invariants of a game of one player's expected score (Yahtzee under its joker rules),
//! where two strategies meet in a duel of two cards: asked through the one game interface,
//! save the games played one card at a time (the interface simulates duels only).

use std::sync::OnceLock;

use swine_solver::game::Reported;
use swine_solver::game::{Run, Simulated, SolveAsk, Strategy};
use swine_solver::report::ScoreReport;
use swine_solver::yahtzee::cards::Cards;
use swine_solver::yahtzee::plays::Plays;
use swine_solver::yahtzee::{YahtzeeGame, settings_of};

use super::cases::{Case, Kind, of_kind};

/// How far from 1 a duel's win, tie and loss may add up: three sums of products, each
/// rounded.
const SUMMED: f64 = 1e-12;

/// How far apart two paths to one expected score may be, in points: the card values solved
/// backwards and the final-score distribution pushed forwards round differently.
const PATHS: f64 = 1e-9;

/// Standard errors a simulated mean or rate may stand from the exact one.
const Z: f64 = 4.0;

/// The cases, opened once: each game solves its cards at first need and keeps them, for
/// every test here. Yahtzee's only: the positions and the card's maximum here are Yahtzee's
/// (Yatzy's card is checked by tests/yatzy.rs and by the solver's brute force).
fn cases() -> &'static [Case] {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| {
        of_kind(Kind::ExpectedScore)
            .into_iter()
            .filter(|case| case.game().info().game.name == swine_solver::yahtzee::NAME)
            .collect()
    })
}

/// The highest score a card can hold under `case`'s rules (RULES.md, Yahtzee): every box at
/// its most (the upper boxes 105, then 30, 30, 25, 30, 40, 50 and chance 30), the upper
/// bonus, and a Yahtzee bonus with each of the twelve other boxes.
fn maximum(case: &Case) -> f64 {
    let settings = settings_of(&case.settings).expect("the case's rules");
    340.0 + f64::from(settings.upper_bonus) + 12.0 * f64::from(settings.yahtzee_bonus)
}

/// `a`'s final score, played alone.
fn score(case: &Case, a: &Strategy) -> ScoreReport {
    case.game()
        .score(a, None, &Run::default())
        .unwrap_or_else(|e| panic!("{}: {} reports no final score: {e}", case.rules, a.name()))
}

/// Each strategy's final score lies on the card; the optimum's is the highest; a duel adds up,
/// is even against itself, and mirrors exactly with the cards the other way round.
#[test]
fn scores_lie_on_the_card_the_optimum_scores_most_and_duels_add_up() {
    for case in cases() {
        let rules = &case.rules;
        let optimal = case.resolve("optimal");
        let best = score(case, &optimal).expected_score;
        for a in &case.fixed {
            let own = score(case, a);
            let most = maximum(case);
            assert!(
                (0.0..=most).contains(&own.expected_score)
                    && (0.0..=most).contains(&f64::from(own.median))
                    && own.sd >= 0.0,
                "{rules}: {} scores {own:?}, the card at most {most}",
                a.name()
            );
            assert!(
                best >= own.expected_score,
                "{rules}: {} expects {}, optimal {best}",
                a.name(),
                own.expected_score
            );
            let itself = case.outcome(a, a);
            assert_eq!(
                itself.win_rate(),
                0.5,
                "{rules}: {} against itself",
                a.name()
            );
            assert_eq!(itself.first.win, itself.first.loss, "{rules}: {}", a.name());
            for b in &case.fixed {
                let what = format!("{rules}: {} vs {}", a.name(), b.name());
                let (ab, ba) = (case.outcome(a, b), case.outcome(b, a));
                assert_eq!(ab, ba.for_opponent(), "{what}, and swapped");
                assert_eq!(ab.first, ab.second, "{what}: moving first or second");
                let duel = ab.first;
                for p in [duel.win, duel.tie, duel.loss] {
                    assert!((0.0..=1.0).contains(&p), "{what}: {duel:?}");
                }
                let sum = duel.win + duel.tie + duel.loss;
                assert!(
                    (sum - 1.0).abs() <= SUMMED,
                    "{what}: {duel:?} adds up to {sum}"
                );
            }
        }
    }
}

/// What solve writes holds the optimum's expected score: the card values at the empty card,
/// and the final score's distribution (on the card, adding up to 1, with that mean).
#[test]
fn the_files_solve_writes_hold_the_expected_score_it_reports() {
    for case in cases() {
        let rules = &case.rules;
        let solved = case
            .game()
            .solve(None, &SolveAsk::default(), &Run::default())
            .unwrap_or_else(|e| panic!("{rules}: {e}"));
        let Reported::Score(scored) = &solved.report else {
            panic!("{rules}: solved alone, the optimum's final score is reported");
        };
        let expected = scored.expected_score;
        assert_eq!(
            expected,
            score(case, &case.resolve("optimal")).expected_score
        );
        let files = solved.rendered().unwrap_or_else(|e| panic!("{rules}: {e}"));
        let mut read = 0;
        for (name, bytes) in &files {
            if name.ends_with("_values.npy") {
                let (values, _) = solved.values.as_ref().expect("values beside their file");
                let numbers = values
                    .values_from_npy(bytes)
                    .unwrap_or_else(|| panic!("{rules}: {name} does not read back"));
                let empty = numbers[0];
                assert!(
                    (empty - expected).abs() <= PATHS,
                    "{rules}: {name} values the empty card {empty}, solve reports {expected}"
                );
                read += 1;
            } else if name.ends_with("_distribution.csv") {
                let text = std::str::from_utf8(bytes).expect("a text file");
                let rows: Vec<(f64, f64)> = text
                    .lines()
                    .skip(1)
                    .map(|line| {
                        let cells: Vec<f64> = line.split(',').map(|c| c.parse().unwrap()).collect();
                        (cells[0], cells[1])
                    })
                    .collect();
                let total: f64 = rows.iter().map(|(_, p)| p).sum();
                let mean: f64 = rows.iter().map(|(s, p)| s * p).sum();
                assert!(
                    (total - 1.0).abs() <= SUMMED,
                    "{rules}: {name} adds up to {total}"
                );
                assert!(
                    (mean - expected).abs() <= PATHS,
                    "{rules}: {name}'s mean {mean}"
                );
                let most = maximum(case);
                assert!(
                    rows.iter()
                        .all(|&(s, p)| s <= most && (0.0..=1.0).contains(&p))
                );
                read += 1;
            }
        }
        assert_eq!(
            read, 2,
            "{rules}: the values and the distribution, in {files:?}"
        );
    }
}

/// A position as `--from`, `--dice` and `--rolls-left` give it.
type Given = (&'static str, Option<[u8; 5]>, Option<u8>);

/// The positions asked: the empty card, one roll at each of the rolls left, a Yahtzee under
/// the joker rules (with and without a bonus earned), and the last box to fill.
const POSITIONS: [Given; 7] = [
    ("", None, None),
    ("chance=20", Some([1, 1, 2, 5, 6]), Some(2)),
    ("chance=20", Some([1, 1, 2, 5, 6]), Some(1)),
    ("chance=20", Some([1, 1, 2, 5, 6]), Some(0)),
    ("ones=3,twos=6,yahtzee=50", Some([6, 6, 6, 6, 6]), Some(0)),
    (
        "ones=3,twos=6,yahtzee=50,yahtzee_bonus=0",
        Some([4, 4, 4, 4, 4]),
        Some(1),
    ),
    (
        "ones=3,twos=6,threes=9,fours=12,fives=15,sixes=18,three_of_a_kind=20,\
         four_of_a_kind=0,full_house=25,small_straight=30,large_straight=40,yahtzee=0",
        Some([6, 6, 5, 5, 4]),
        Some(0),
    ),
];

/// At each position the optimum is worth exactly its best choice, which it chooses; every
/// value lies between the points on the card and the card's maximum; the empty card is worth
/// the expected score.
#[test]
fn a_position_is_worth_exactly_its_best_choice() {
    for case in cases() {
        let optimal = case.resolve("optimal");
        let expected = score(case, &optimal).expected_score;
        for (from, dice, rolls_left) in POSITIONS {
            let what = format!("{}: {from:?} {dice:?} {rolls_left:?}", case.rules);
            let game = case.game();
            let at = game
                .read_position(Some(from), rolls_left)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let report = game
                .position(
                    [&optimal, case.yardstick()],
                    &at,
                    dice.as_ref().map(|d| &d[..]),
                    &Run::default(),
                )
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let chosen = report
                .choices
                .iter()
                .find(|c| c.choice == report.chosen)
                .unwrap_or_else(|| panic!("{what}: {} is no choice", report.chosen));
            assert_eq!(report.value.0, chosen.value, "{what}: {}", report.chosen);
            let on_card: i64 = at[..13].iter().filter(|&&p| p > 0).sum();
            for choice in &report.choices {
                assert!(choice.value <= chosen.value, "{what}: {choice:?} is better");
                assert!(
                    choice.value >= on_card as f64 && choice.value <= maximum(case),
                    "{what}: {choice:?}"
                );
            }
            if from.is_empty() {
                assert!(
                    (report.value.0 - expected).abs() <= PATHS,
                    "{what}: the empty card is worth {}, the expected score {expected}",
                    report.value.0
                );
            }
        }
    }
}

/// Games played one card at a time score the expected score on average, within its standard
/// error; duels played agree with the exact duel.
#[test]
fn games_played_agree_with_the_exact_scores_and_duels() {
    let run = Run::default();
    for case in cases() {
        let rules = &case.rules;
        // The interface simulates duels only: the cards are played by the game's own player.
        let game = YahtzeeGame::new(settings_of(&case.settings).expect("the case's rules"));
        let solution = game.solution(&run).expect("not stopped");
        // An optimal game takes about a millisecond: 500 of them know the mean to 3 points.
        let games = 500;
        let cards = Cards::new(*solution.settings(), 1);
        for (name, player) in [
            ("optimal", Plays::Optimal(&solution)),
            ("thumb", Plays::thumb(&solution)),
        ] {
            let exact = score(case, &case.resolve(name));
            let played = player.games(&cards, (games, 3), &run).expect("not stopped");
            let mean = played.iter().map(|p| f64::from(p.score)).sum::<f64>() / games as f64;
            let error = exact.sd / (games as f64).sqrt();
            assert!(
                (mean - exact.expected_score).abs() < Z * error,
                "{rules}: {name} scored {mean} on average, expects {} ± {error}",
                exact.expected_score
            );
        }
        let [optimal, thumb] = [case.resolve("optimal"), case.resolve("thumb")];
        let simulated = case
            .game()
            .simulate([&optimal, &thumb], (300, 5), &run)
            .unwrap_or_else(|e| panic!("{rules}: {e}"));
        let Simulated::Exact(report) = simulated else {
            panic!("{rules}: built-ins are simulated beside their exact duel");
        };
        let z = &report.z;
        let rates = [z.rates.win_rate, z.rates.as_first, z.rates.as_second];
        let results = z.results.iter().flat_map(|r| [r.win, r.tie, r.loss]);
        for z in rates.into_iter().chain(results) {
            assert!(
                z.0.abs() < Z,
                "{rules}: the duel {} standard errors out",
                z.0
            );
        }
    }
}
