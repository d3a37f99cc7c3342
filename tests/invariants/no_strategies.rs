//! The invariants of a game without strategies to evaluate (Chopsticks), whose solve values
//! every position as a win, a draw or a loss: the files its solve writes through the one game
//! interface, read back and checked against the moves the game's rules allow.

use serde_json::Value;
use swine_solver::chopsticks::{POSITIONS, Player, Position};
use swine_solver::game::{MoveLimit, Run, SolveAsk};
use swine_solver::report::MatchReport;

use super::cases::{Case, Kind, of_kind};

fn cases() -> Vec<Case> {
    of_kind(Kind::NoStrategies)
}

/// The solve under `limit`: its report and the one file it writes, as JSON.
fn solved(case: &Case, limit: MoveLimit) -> (MatchReport, Value) {
    let ask = SolveAsk {
        moves: Some(limit),
        ..SolveAsk::default()
    };
    let what = format!("{} {limit:?}", case.rules);
    let solved = case
        .game()
        .solve(None, &ask, &Run::default())
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let files = solved.rendered().unwrap_or_else(|e| panic!("{what}: {e}"));
    let [(name, bytes)] = &files[..] else {
        panic!("{what}: {} files", files.len());
    };
    let file = serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{what}: {name}: {e}"));
    (
        solved
            .report
            .as_match()
            .expect("a match-up's report")
            .clone(),
        file,
    )
}

/// The numbers of `file[key]`, each a number or null.
fn numbers(file: &Value, key: &str) -> Vec<Option<i64>> {
    file[key]
        .as_array()
        .unwrap_or_else(|| panic!("no {key}"))
        .iter()
        .map(Value::as_i64)
        .collect()
}

/// A result as the files give it, from A's point of view: 1 (A wins), 0 (draw or tie), −1.
fn wins(player: Player) -> i64 {
    match player {
        Player::A => 1,
        Player::B => -1,
    }
}

/// The result of a position where the game is over: its winner's, or none where both hands
/// of both players are empty (no play reaches it: a tie).
fn over(position: Position) -> i64 {
    position.winner().map_or(0, wins)
}

/// The result `mover` gets from the results of the moves it can make: a win if one wins, a
/// draw if none wins and one draws, else the loss.
fn best_of(mover: Player, results: &[i64]) -> i64 {
    let (win, loss) = (wins(mover), -wins(mover));
    if results.contains(&win) {
        win
    } else if results.contains(&0) {
        0
    } else {
        loss
    }
}

/// The start's result in the report's words: its first seat's outcome, certain.
fn reported(report: &MatchReport) -> i64 {
    let first = report.rates.as_first.0;
    match first {
        1.0 => 1,
        0.0 => -1,
        _ => {
            assert_eq!(first, 0.5, "a certain result");
            0
        }
    }
}

/// Without a move limit every node (hands and the side to move) is a win, a draw or a loss
/// that its moves bear out: a win has a move to a position the opponent loses, the fastest
/// giving its distance; a loss has only moves to positions the opponent wins, the slowest
/// giving its distance; a draw has a move to a draw and none to a loss of the opponent's. The
/// best move the file names keeps the result.
#[test]
fn every_node_solved_without_a_move_limit_agrees_with_its_moves() {
    for case in cases() {
        let (report, file) = solved(&case, MoveLimit::Unlimited);
        let results = numbers(&file, "results");
        let distances = numbers(&file, "distances");
        let best = numbers(&file, "best");
        assert_eq!(results.len(), 2 * POSITIONS);
        assert_eq!(Some(reported(&report)), results[Position::START.index()]);
        for (node, result) in results.iter().enumerate() {
            let result = result.expect("a result");
            let position = Position::from_index(node % POSITIONS);
            let mover = if node < POSITIONS {
                Player::A
            } else {
                Player::B
            };
            let what = format!("{position} {mover:?} to move");
            assert!([-1, 0, 1].contains(&result), "{what}: {result}");
            let next = |p: Position| p.index() + if mover == Player::A { POSITIONS } else { 0 };
            let moves: Vec<usize> = position.moves(mover).into_iter().map(next).collect();
            if moves.is_empty() {
                assert_eq!(result, over(position), "{what}: the game is over");
                assert_eq!(best[node], None, "{what}: no move");
                let decided = position.winner().map(|_| 0);
                assert_eq!(distances[node], decided, "{what}");
                continue;
            }
            let after: Vec<i64> = moves.iter().map(|&m| results[m].unwrap()).collect();
            assert_eq!(result, best_of(mover, &after), "{what}: {after:?}");
            let distance = |m: &usize| distances[*m].expect("a decided move");
            let to = moves.iter().filter(|&&m| results[m] == Some(result));
            let expected = match result {
                0 => None,
                r if r == wins(mover) => to.map(distance).min().map(|d| d + 1),
                _ => to.map(distance).max().map(|d| d + 1),
            };
            assert_eq!(distances[node], expected, "{what}: its distance");
            let chosen = best[node].unwrap_or_else(|| panic!("{what}: no best move")) as usize;
            assert!(moves.contains(&chosen), "{what}: {chosen} is no move");
            assert_eq!(results[chosen], Some(result), "{what}: the best move");
        }
    }
}

/// The move limits checked: one move each, a few, and one long enough for every forced win
/// (found from the unlimited solve's distances).
fn limits(case: &Case) -> Vec<u32> {
    let (_, unlimited) = solved(case, MoveLimit::Unlimited);
    let longest = numbers(&unlimited, "distances")
        .into_iter()
        .flatten()
        .max()
        .expect("a decided node");
    vec![1, 7, u32::try_from(longest).unwrap().div_ceil(2) + 1]
}

/// With a move limit every (position, level) is the minimax of its moves one level on (A
/// moving at even levels), a tie at the last level unless the game is over, and the best move
/// the file names keeps the result.
#[test]
fn every_position_solved_under_a_move_limit_agrees_with_its_moves() {
    for case in cases() {
        for moves in limits(&case) {
            let (report, file) = solved(&case, MoveLimit::Moves(moves));
            let levels = file["levels"].as_array().expect("levels");
            assert_eq!(levels.len() as u32, 2 * moves + 1, "{moves} moves each");
            let results: Vec<Vec<Option<i64>>> =
                levels.iter().map(|l| numbers(l, "results")).collect();
            assert_eq!(Some(reported(&report)), results[0][Position::START.index()]);
            for (level, at) in results.iter().enumerate() {
                let best = numbers(&levels[level], "best");
                let mover = if level % 2 == 0 { Player::A } else { Player::B };
                for (index, result) in at.iter().enumerate() {
                    let result = result.expect("a result");
                    let position = Position::from_index(index);
                    let what = format!("{moves} moves: {position} at level {level}");
                    let moves: Vec<usize> = position
                        .moves(mover)
                        .into_iter()
                        .map(|p| p.index())
                        .collect();
                    if position.is_over() || level + 1 == results.len() {
                        let end = if position.is_over() {
                            over(position)
                        } else {
                            0
                        };
                        assert_eq!(result, end, "{what}: the end");
                        assert_eq!(best[index], None, "{what}: no move");
                        continue;
                    }
                    let after: Vec<i64> = moves
                        .iter()
                        .map(|&m| results[level + 1][m].unwrap())
                        .collect();
                    assert_eq!(result, best_of(mover, &after), "{what}: {after:?}");
                    let chosen = best[index].expect("a best move") as usize;
                    assert!(moves.contains(&chosen), "{what}: {chosen} is no move");
                    assert_eq!(results[level + 1][chosen], Some(result), "{what}");
                }
            }
        }
    }
}

/// A move limit only turns games that last too long into ties: where the unlimited game is
/// decided within the plies left, the limited one is decided the same way; a draw stays a tie;
/// nothing changes sides. With a limit long enough, the two agree at every position.
#[test]
fn the_move_limited_solve_agrees_with_the_unlimited_one_where_it_must() {
    for case in cases() {
        let (_, unlimited) = solved(&case, MoveLimit::Unlimited);
        let results = numbers(&unlimited, "results");
        let distances = numbers(&unlimited, "distances");
        let limits = limits(&case);
        let enough = *limits.last().expect("a long enough limit");
        for moves in limits {
            let (_, file) = solved(&case, MoveLimit::Moves(moves));
            let levels = file["levels"].as_array().expect("levels");
            let depth = 2 * moves as usize;
            for (level, at) in levels.iter().enumerate() {
                let plies_left = (depth - level) as i64;
                let b_moves = level % 2 == 1;
                for (index, limited) in numbers(at, "results").into_iter().enumerate() {
                    let node = index + if b_moves { POSITIONS } else { 0 };
                    let (limited, exact) = (limited.unwrap(), results[node].unwrap());
                    let what = format!(
                        "{moves} moves: {} at level {level}: {limited}, unlimited {exact}",
                        Position::from_index(index)
                    );
                    assert!(limited == exact || limited == 0, "{what}");
                    if distances[node].is_some_and(|d| d <= plies_left) {
                        assert_eq!(limited, exact, "{what}: decided in time");
                    }
                    if moves == enough && level <= 1 {
                        assert_eq!(limited, exact, "{what}: a limit long enough");
                    }
                }
            }
        }
    }
}
