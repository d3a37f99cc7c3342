//! Chopsticks: the move-limited solve against retrograde analysis, counts, and the interactive
//! game through the real binary.

use swine_solver::chopsticks::{
    Hands, Limited, LimitedSummary, NODES, Node, Player, Position, Retrograde, UnlimitedSummary,
};

use crate::util::Sandbox;

#[test]
fn the_move_limited_result_equals_the_retrograde_one_once_the_limit_is_long_enough() {
    let retrograde = Retrograde::solve();
    let nodes: Vec<Node> = (0..NODES).map(Node::from_index).collect();
    let longest = nodes
        .iter()
        .filter_map(|n| retrograde.distance(*n))
        .max()
        .unwrap();
    // Enough plies for every forced win from every position, with either side to move.
    let enough = longest.div_ceil(2) + 1;
    for moves in [enough, enough + 3] {
        let limited = Limited::solve(moves);
        for node in &nodes {
            let level = u32::from(node.to_move == Player::B);
            assert_eq!(
                limited.result(node.position, level),
                retrograde.result(*node),
                "{node:?} with {moves} moves"
            );
        }
    }
    // And a limit too short for the start's forced win still calls it a tie.
    let start = retrograde.distance(Node::START).unwrap();
    assert_eq!(
        Limited::solve((start - 1) / 2).result(Position::START, 0),
        0
    );
    assert_eq!(
        Limited::solve(start.div_ceil(2)).result(Position::START, 0),
        retrograde.result(Node::START)
    );
}

#[test]
fn counts_add_up() {
    let summary = LimitedSummary::of(&Limited::solve(10));
    assert_eq!(summary.levels.len(), 21);
    assert_eq!(summary.reachable, summary.by_result.total());
    assert_eq!(
        summary.reachable,
        summary.levels.iter().map(|l| l.reachable).sum::<usize>()
    );
    // Level 1: the start's four moves, none decided yet; level 2: B's replies to them.
    assert_eq!(summary.levels[0].reachable, 1);
    assert_eq!(summary.levels[1].reachable, 4);
    let unlimited = UnlimitedSummary::of(&Retrograde::solve());
    assert_eq!(unlimited.positions, 1250);
    assert_eq!(unlimited.by_result.total(), 1250);
    assert_eq!(unlimited.reachable_by_result.total(), unlimited.reachable);
    // The game is symmetric: swapping the players' hands and the side to move swaps A and B.
    assert_eq!(unlimited.by_result.a_wins, unlimited.by_result.b_wins);
}

#[test]
fn the_winner_plays_fastest_and_the_loser_slowest_taking_the_first_of_equals() {
    let solved = Retrograde::solve();
    // A (1, 4) against B (3, 0), A to move: one tap wins.
    let node = Node {
        position: Position::new(Hands::new(1, 4), Hands::new(3, 0)),
        to_move: Player::A,
    };
    assert_eq!((solved.result(node), solved.distance(node)), (1, Some(1)));
    for node in (0..NODES).map(Node::from_index) {
        let Some(best) = solved.best(node) else {
            continue;
        };
        let mover = node.to_move.wins();
        let moves = node.moves();
        let distance = |n: &Node| solved.distance(*n);
        let wins: Vec<&Node> = moves
            .iter()
            .filter(|m| solved.result(**m) == mover)
            .collect();
        let expected = if let Some(fastest) = wins.iter().map(|m| distance(m)).min() {
            wins.iter().find(|m| distance(m) == fastest).copied()
        } else if let Some(draw) = moves.iter().find(|m| solved.result(**m) == 0) {
            Some(draw)
        } else {
            let slowest = moves.iter().map(distance).max().unwrap();
            moves.iter().find(|m| distance(m) == slowest)
        };
        assert_eq!(Some(&best), expected, "{node:?}");
    }
    // From the start A loses by force; its slowest loss is the first of the equally slow ones.
    let opening = solved.best(Node::START).unwrap();
    assert_eq!(solved.distance(opening), Some(25));
    assert_eq!(opening.position.b, Hands::new(2, 1));
}

/// Runs `swine ARGS` with `input` on stdin and returns stdout.
fn play(args: &[&str], input: impl AsRef<[u8]>) -> String {
    Sandbox::new().run_with_input(args, input).success()
}

#[test]
fn a_scripted_game_with_invalid_entries_plays_to_a_tie() {
    let out = play(
        &[
            "play",
            "--rules",
            "chopsticks",
            "--moves",
            "1",
            "--first",
            "you",
        ],
        b"x\n\xff\n+1\n7\n0\n",
    );
    let expected = "\
The chopsticks game.
The game will end within 1 moves.
***********************
A: (1, 1)
B: (1, 1)
1 moves left.
Choices:
0 : ((1, 1), (2, 1))
1 : ((1, 1), (1, 2))
2 : ((0, 2), (1, 1))
3 : ((2, 0), (1, 1))
Your move: 'x' is not a choice: enter a number from 0 to 3.
Your move: '\u{fffd}' is not a choice: enter a number from 0 to 3.
Your move: '+1' is not a choice: enter a number from 0 to 3.
Your move: '7' is not a choice: enter a number from 0 to 3.
Your move: ***********************
A: (1, 1)
B: (2, 1)
I may not win.
***********************
A: (3, 1)
B: (2, 1)
It is a tie.
";
    assert_eq!(out, expected);
}

#[test]
fn end_of_input_abandons_the_game_cleanly_and_a_forced_win_is_announced() {
    // With 15 moves each, B can force a win: the computer playing B says so.
    let out = play(
        &[
            "play",
            "--rules",
            "chopsticks",
            "--moves",
            "15",
            "--first",
            "you",
        ],
        "2\n",
    );
    assert!(out.contains("I will win."), "{out}");
    assert!(
        out.ends_with("Your move: \nNo more input: the game is abandoned.\n"),
        "{out}"
    );
    // Asked who goes first, an answer other than yes lets the computer (A) open.
    let out = play(
        &["play", "--rules", "chopsticks", "--moves", "unlimited"],
        "n\n",
    );
    assert!(out.starts_with(
        "The chopsticks game.\nThe game has no move limit.\nDo you want to go first? \
         ***********************\nA: (1, 1)\nB: (1, 1)\nI may not win.\n"
    ));
}

#[test]
fn a_game_played_out_against_the_unlimited_solver_ends_with_a_verdict() {
    // The person (A) always takes the first choice; the computer (B) wins by force.
    let out = play(
        &[
            "play",
            "--rules",
            "chopsticks",
            "--moves",
            "unlimited",
            "--first",
            "you",
        ],
        "0\n".repeat(200),
    );
    assert!(out.ends_with("B wins.\n"), "{out}");
}

#[test]
fn solve_prints_the_counts_and_writes_the_positions() {
    let sandbox = Sandbox::new();
    let report = sandbox
        .run(&["solve", "--rules", "chopsticks", "--moves", "10", "--json"])
        .json();
    // The solve's report, as every game's: the first player's value (a tie: one half), the
    // move limit under its name, Chopsticks' counts under `details`.
    assert_eq!(report["moves"], 10);
    assert_eq!(report["first_player_wins"], 0.5);
    let json = &report["details"];
    assert_eq!(json["result"], 0);
    let by = &json["by_result"];
    let total = by["1"].as_u64().unwrap() + by["0"].as_u64().unwrap() + by["-1"].as_u64().unwrap();
    assert_eq!(json["reachable"].as_u64().unwrap(), total);
    assert_eq!(json["levels"].as_array().unwrap().len(), 21);
    let written: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(sandbox.join("swine-out/chopsticks_moves_10.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        written["levels"][0]["results"].as_array().unwrap().len(),
        625
    );
    let report = sandbox
        .run(&["solve", "--rules", "chopsticks", "--json"])
        .json();
    assert_eq!(report["first_player_wins"], 0.0, "B wins by force");
    let json = &report["details"];
    for key in [
        "result",
        "distance",
        "positions",
        "by_result",
        "reachable",
        "reachable_by_result",
    ] {
        assert!(!json[key].is_null(), "{key} missing: {json}");
    }
    assert_eq!(json["positions"], 1250);
    assert_eq!(
        sandbox
            .run(&["eval", "x", "--rules", "chopsticks"])
            .failure(),
        "swine: chopsticks is a game without chance or strategies to evaluate: solve it (both \
         sides perfect) or play it"
    );
    assert_eq!(
        sandbox
            .run(&["solve", "--rules", "chopsticks", "--moves", "0"])
            .failure(),
        "swine: invalid value '0' for '--moves <M|unlimited>': '0' is neither a number of moves \
         in 1..=1000 nor 'unlimited' (see swine --help)"
    );
    assert_eq!(
        sandbox.run(&["solve", "--moves", "3"]).failure(),
        "swine: --moves: hog-fa20 has no move limit"
    );
}
