//! Chopsticks: two players, two hands each, 0..=4 fingers per hand; a deterministic game.
//!
//! - [`Position`], [`Hands`], [`Player`]: the game and its move generator, in a documented
//!   order ([`position`]).
//! - [`Limited`]: the assignment's `best_move_dp`, every position at every level of a game with
//!   at most `m` moves per player; [`LimitedSummary`] counts what is reachable from the start.
//! - [`Retrograde`]: the game without a move limit, by retrograde analysis, with distances;
//!   [`UnlimitedSummary`] counts results over all positions and those reachable.
//! - [`Rulebook`]: the rules as the one rules interface plays them ([`Table`]: a game in
//!   progress); with [`Solver`] advising, a person plays the solver at the one sitting every
//!   game is played at, at the terminal as the assignment's `chopsticks_game` (`session`);
//!   `narrate` tells the moves.
//! - [`limited_file`] and [`unlimited_file`]: every solved position, as JSON files.

mod interface;
mod limited;
mod narrate;
pub mod position;
mod record;
mod retrograde;
mod rules;
mod session;
mod table;

pub use interface::Chopsticks;
pub use limited::{Limited, MOST_MOVES, mover};
pub use position::{Hands, POSITIONS, Player, Position, add};
pub use record::GAME;
pub use retrograde::{NODES, Node, Retrograde};
pub use rules::Rulebook;
pub use session::Solver;
pub use table::Table;

use serde::Serialize;
use serde::ser::SerializeMap;

/// The ruleset's name on the command line.
pub const NAME: &str = "chopsticks";

/// The move limit the assignment's interactive game uses.
pub const DEFAULT_MOVES: u32 = 10;

/// How many positions (or (position, level) pairs) have each result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByResult {
    /// Result 1: A wins.
    pub a_wins: usize,
    /// Result 0: a tie (with a move limit) or a draw (without).
    pub ties: usize,
    /// Result −1: B wins.
    pub b_wins: usize,
}

impl ByResult {
    /// Counts `results` (each 1, 0 or −1).
    pub fn count(results: impl IntoIterator<Item = i8>) -> ByResult {
        let mut counts = ByResult::default();
        for result in results {
            match result {
                1 => counts.a_wins += 1,
                -1 => counts.b_wins += 1,
                _ => counts.ties += 1,
            }
        }
        counts
    }

    /// All counted.
    pub fn total(&self) -> usize {
        self.a_wins + self.ties + self.b_wins
    }
}

impl Serialize for ByResult {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("1", &self.a_wins)?;
        map.serialize_entry("0", &self.ties)?;
        map.serialize_entry("-1", &self.b_wins)?;
        map.end()
    }
}

/// One level of the move-limited game tree, as reached from the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LevelSummary {
    /// The level: moves made so far.
    pub level: u32,
    /// Positions reachable at this level.
    pub reachable: usize,
    /// Those positions by result.
    pub by_result: ByResult,
}

/// What `swine solve --moves M` reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LimitedSummary {
    /// The move limit per player.
    pub moves: u32,
    /// The start's result: 1 (A wins), 0 (tie) or −1 (B wins).
    pub result: i8,
    /// (position, level) pairs reachable from the start within the limit.
    pub reachable: usize,
    /// Those pairs by result.
    pub by_result: ByResult,
    /// The same, level by level.
    pub levels: Vec<LevelSummary>,
}

impl LimitedSummary {
    /// Summarises a move-limited solve.
    pub fn of(solved: &Limited) -> LimitedSummary {
        let levels: Vec<LevelSummary> = (0u32..)
            .zip(solved.reachable())
            .map(|(level, positions)| LevelSummary {
                level,
                reachable: positions.len(),
                by_result: ByResult::count(positions.iter().map(|p| solved.result(*p, level))),
            })
            .collect();
        let mut by_result = ByResult::default();
        for level in &levels {
            by_result.a_wins += level.by_result.a_wins;
            by_result.ties += level.by_result.ties;
            by_result.b_wins += level.by_result.b_wins;
        }
        LimitedSummary {
            moves: solved.moves(),
            result: solved.result(Position::START, 0),
            reachable: levels.iter().map(|l| l.reachable).sum(),
            by_result,
            levels,
        }
    }
}

/// What `swine solve` without a move limit reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnlimitedSummary {
    /// The start's result: 1 (A wins), 0 (draw) or −1 (B wins).
    pub result: i8,
    /// Plies to the end from the start under perfect play, if decided.
    pub distance: Option<u32>,
    /// Every node: 625 positions × 2 sides to move.
    pub positions: usize,
    /// All nodes by result.
    pub by_result: ByResult,
    /// Nodes reachable from the start by any play (ended games included).
    pub reachable: usize,
    /// Those by result.
    pub reachable_by_result: ByResult,
}

impl UnlimitedSummary {
    /// Summarises the retrograde solve.
    pub fn of(solved: &Retrograde) -> UnlimitedSummary {
        let all = (0..NODES).map(Node::from_index);
        let reachable = solved.reachable();
        UnlimitedSummary {
            result: solved.result(Node::START),
            distance: solved.distance(Node::START),
            positions: NODES,
            by_result: ByResult::count(all.map(|n| solved.result(n))),
            reachable: reachable.len(),
            reachable_by_result: ByResult::count(reachable.iter().map(|n| solved.result(*n))),
        }
    }
}

/// The format name in the JSON files of solved positions.
const FORMAT_NAME: &str = "swine-chopsticks";

/// How a position's index is made, for readers of the JSON files.
const INDEX: &str = "position = ((A left * 5 + A right) * 5 + B left) * 5 + B right";

/// Every solved (position, level) of a move-limited game as a JSON file, its name
/// (`chopsticks_moves_M.json`) and bytes: per level, each position's result and the index of
/// its best successor (`null` where the game is over or at the last level), one level per line.
pub fn limited_file(solved: &Limited) -> (String, Vec<u8>) {
    let mut out = format!(
        "{{\n  \"format\": \"{FORMAT_NAME}\",\n  \"format_version\": 1,\n  \"rules\": \"{NAME}\",\n  \
         \"moves\": {},\n  \"result\": {},\n  \"index\": \"{INDEX}\",\n  \"mover\": \"A at even \
         levels, B at odd\",\n  \"levels\": [\n",
        solved.moves(),
        solved.result(Position::START, 0)
    );
    let levels: Vec<String> = (0..=solved.depth())
        .map(|level| {
            let results: Vec<i8> = Position::all().map(|p| solved.result(p, level)).collect();
            let best: Vec<Option<usize>> = Position::all()
                .map(|p| solved.best(p, level).map(Position::index))
                .collect();
            format!(
                "    {{\"level\": {level}, \"results\": {}, \"best\": {}}}",
                compact(&results),
                compact(&best)
            )
        })
        .collect();
    out.push_str(&levels.join(",\n"));
    out.push_str("\n  ]\n}\n");
    (
        format!("chopsticks_moves_{}.json", solved.moves()),
        out.into_bytes(),
    )
}

/// Every node of the game without a move limit as a JSON file, its name
/// (`chopsticks_unlimited.json`) and bytes: results, distances and best moves, indexed
/// `position + 625` when B is to move.
pub fn unlimited_file(solved: &Retrograde) -> (String, Vec<u8>) {
    let nodes: Vec<Node> = (0..NODES).map(Node::from_index).collect();
    let results: Vec<i8> = nodes.iter().map(|n| solved.result(*n)).collect();
    let distances: Vec<Option<u32>> = nodes.iter().map(|n| solved.distance(*n)).collect();
    let best: Vec<Option<usize>> = nodes
        .iter()
        .map(|n| solved.best(*n).map(Node::index))
        .collect();
    let json = format!(
        "{{\n  \"format\": \"{FORMAT_NAME}\",\n  \"format_version\": 1,\n  \"rules\": \"{NAME}\",\n  \
         \"moves\": \"unlimited\",\n  \"result\": {},\n  \"distance\": {},\n  \"index\": \"node = \
         {INDEX}, plus 625 when B is to move\",\n  \"results\": {},\n  \"distances\": {},\n  \
         \"best\": {}\n}}\n",
        solved.result(Node::START),
        compact(&solved.distance(Node::START)),
        compact(&results),
        compact(&distances),
        compact(&best)
    );
    ("chopsticks_unlimited.json".to_string(), json.into_bytes())
}

/// `value` as compact JSON on one line.
fn compact<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("numbers and nulls serialize")
}
