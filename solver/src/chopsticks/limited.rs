//! The move-limited solve, as the assignment's `best_move_dp` computes it.
//!
//! With a limit of `m` moves per player the game tree has levels `0..=2m`; A moves at even
//! levels. Every (position, level) gets a result by minimax from A's point of view (1 = A wins,
//! −1 = B wins, 0 = tie) and the first best successor in [`Position::moves`]' order. At level
//! `2m` the game is a tie unless a player has lost; a position where a player has lost is
//! decided at any level.

use super::position::{POSITIONS, Player, Position};

/// The longest move limit solved (per player): memory grows with it, and Chopsticks without
/// a limit is solved by retrograde analysis instead.
pub use crate::game::MOST_MOVES;

/// The results and best moves of every position at every level.
#[derive(Clone, Debug)]
pub struct Limited {
    moves: u32,
    /// `results[level][position]`.
    results: Vec<[i8; POSITIONS]>,
    /// `best[level][position]`: the successor to move to, if the game goes on.
    best: Vec<[Option<Position>; POSITIONS]>,
}

/// The result (from A's point of view) of a position where the game is over, if it is.
fn ended(position: Position) -> Option<i8> {
    position
        .is_over()
        .then(|| position.winner().map_or(0, Player::wins))
}

/// Who moves at `level`.
pub fn mover(level: u32) -> Player {
    if level % 2 == 0 { Player::A } else { Player::B }
}

impl Limited {
    /// Solves the game with at most `moves` moves per player.
    pub fn solve(moves: u32) -> Limited {
        let depth = 2 * moves as usize;
        let mut results = vec![[0i8; POSITIONS]; depth + 1];
        let mut best = vec![[None; POSITIONS]; depth + 1];
        for position in Position::all() {
            results[depth][position.index()] = ended(position).unwrap_or(0);
        }
        for level in (0..depth).rev() {
            let player = mover(level as u32);
            for position in Position::all() {
                let index = position.index();
                if let Some(result) = ended(position) {
                    results[level][index] = result;
                    continue;
                }
                let next = &results[level + 1];
                let value = |p: &Position| {
                    let result = next[p.index()];
                    if player == Player::A { result } else { -result }
                };
                // The first successor with the best value for the mover.
                let chosen = position
                    .moves(player)
                    .into_iter()
                    .reduce(|best, p| if value(&p) > value(&best) { p } else { best })
                    .expect("a player with fingers against one with fingers can always tap");
                results[level][index] = next[chosen.index()];
                best[level][index] = Some(chosen);
            }
        }
        Limited {
            moves,
            results,
            best,
        }
    }

    /// The move limit per player.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The number of levels after the start: `2 · moves`.
    pub fn depth(&self) -> u32 {
        2 * self.moves
    }

    /// The result of `position` at `level` (1 = A wins, 0 = tie, −1 = B wins).
    pub fn result(&self, position: Position, level: u32) -> i8 {
        self.results[level as usize][position.index()]
    }

    /// The first best move from `position` at `level`, if the game goes on there.
    pub fn best(&self, position: Position, level: u32) -> Option<Position> {
        self.best[level as usize][position.index()]
    }

    /// The (position, level) pairs reachable from the start within the limit, level by level
    /// (a position where the game ends is counted and not expanded).
    pub fn reachable(&self) -> Vec<Vec<Position>> {
        let mut levels = vec![vec![Position::START]];
        for level in 0..self.depth() {
            let mut seen = [false; POSITIONS];
            let mut next = Vec::new();
            for position in &levels[level as usize] {
                for p in position.moves(mover(level)) {
                    if !std::mem::replace(&mut seen[p.index()], true) {
                        next.push(p);
                    }
                }
            }
            next.sort_by_key(|p| p.index());
            levels.push(next);
        }
        levels
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chopsticks::position::Hands;

    #[test]
    fn one_move_each_is_a_tie() {
        // A's first move cannot kill a hand showing 1 (taps make 2), and B's reply cannot kill
        // both of A's hands: a tie at level 2.
        let solved = Limited::solve(1);
        assert_eq!(solved.result(Position::START, 0), 0);
        let levels = solved.reachable();
        assert_eq!(levels[1].len(), 4);
    }

    #[test]
    fn a_killing_tap_is_taken() {
        // A (1, 4) against B (3, 0), A to move with one move left: tapping B's 3 with the 4 wins.
        let solved = Limited::solve(1);
        let position = Position::new(Hands::new(1, 4), Hands::new(3, 0));
        assert_eq!(solved.result(position, 0), 1);
        assert_eq!(
            solved.best(position, 0),
            Some(Position::new(Hands::new(1, 4), Hands::new(0, 0)))
        );
    }
}
