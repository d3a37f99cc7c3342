//! The game without a move limit, solved by retrograde analysis.
//!
//! A position is both players' hands and the side to move (1,250 of them). Positions where a
//! player has no fingers are decided at distance 0. Working backwards, breadth first: a
//! position is a win for its mover as soon as one move reaches a position lost for the other
//! side (the fastest such win sets its distance), and a loss once every move reaches a position
//! won by the other side (the slowest loss sets its distance). Whatever is left is a draw:
//! neither side can force a win, and play can go on forever.

use std::collections::VecDeque;

use super::position::{POSITIONS, Player, Position};

/// A position and who is to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// The hands.
    pub position: Position,
    /// Who moves.
    pub to_move: Player,
}

impl Node {
    /// The node's number in `0..1250`: A to move first.
    pub fn index(self) -> usize {
        self.position.index() + usize::from(self.to_move == Player::B) * POSITIONS
    }

    /// The node numbered `index`.
    pub fn from_index(index: usize) -> Node {
        Node {
            position: Position::from_index(index % POSITIONS),
            to_move: if index < POSITIONS {
                Player::A
            } else {
                Player::B
            },
        }
    }

    /// The game's start: A to move.
    pub const START: Node = Node {
        position: Position::START,
        to_move: Player::A,
    };

    /// The nodes one move away, in the documented move order.
    pub fn moves(self) -> Vec<Node> {
        self.position
            .moves(self.to_move)
            .into_iter()
            .map(|position| Node {
                position,
                to_move: self.to_move.other(),
            })
            .collect()
    }
}

/// The number of nodes: 625 positions × 2 sides to move.
pub const NODES: usize = 2 * POSITIONS;

/// The solution of every node without a move limit.
#[derive(Clone, Debug)]
pub struct Retrograde {
    /// `results[node]`: from A's point of view, 1, 0 (draw) or −1.
    results: Vec<i8>,
    /// `distances[node]`: plies to the end under perfect play, for decided nodes.
    distances: Vec<Option<u32>>,
}

impl Retrograde {
    /// Solves every node.
    pub fn solve() -> Retrograde {
        let nodes: Vec<Node> = (0..NODES).map(Node::from_index).collect();
        let successors: Vec<Vec<usize>> = nodes
            .iter()
            .map(|n| n.moves().iter().map(|m| m.index()).collect())
            .collect();
        let mut predecessors = vec![Vec::new(); NODES];
        for (node, next) in successors.iter().enumerate() {
            for &m in next {
                predecessors[m].push(node);
            }
        }
        let mut results = vec![0i8; NODES];
        let mut distances: Vec<Option<u32>> = vec![None; NODES];
        let mut unresolved: Vec<usize> = successors.iter().map(Vec::len).collect();
        let mut queue = VecDeque::new();
        for node in &nodes {
            if node.position.is_over() {
                results[node.index()] = node.position.winner().map_or(0, Player::wins);
                if node.position.winner().is_some() {
                    distances[node.index()] = Some(0);
                    queue.push_back(node.index());
                }
            }
        }
        while let Some(decided) = queue.pop_front() {
            let distance = distances[decided].expect("queued nodes are decided") + 1;
            for &node in &predecessors[decided] {
                if distances[node].is_some() {
                    continue;
                }
                let mover = nodes[node].to_move;
                if results[decided] == mover.wins() {
                    results[node] = mover.wins();
                    distances[node] = Some(distance);
                    queue.push_back(node);
                } else {
                    unresolved[node] -= 1;
                    if unresolved[node] == 0 {
                        results[node] = results[decided];
                        distances[node] = Some(distance);
                        queue.push_back(node);
                    }
                }
            }
        }
        Retrograde { results, distances }
    }

    /// The result of `node` from A's point of view: 1, 0 (draw) or −1.
    pub fn result(&self, node: Node) -> i8 {
        self.results[node.index()]
    }

    /// Plies to the end under perfect play (the winner fastest, the loser slowest), for a
    /// decided node.
    pub fn distance(&self, node: Node) -> Option<u32> {
        self.distances[node.index()]
    }

    /// The mover's best move from `node`: the fastest win, else a move that keeps a draw, else
    /// the slowest loss; among equally good moves the first in the documented order. `None` when
    /// the game is over.
    pub fn best(&self, node: Node) -> Option<Node> {
        let mover = node.to_move.wins();
        let moves = node.moves();
        let by = |wanted: i8| moves.iter().filter(move |m| self.result(**m) == wanted);
        // `min_by_key` keeps the first of equal keys; the slowest loss must too.
        let fastest_win = by(mover).min_by_key(|m| self.distance(**m));
        let draw = by(0).next();
        let slowest_loss = by(-mover).reduce(|best, m| {
            if self.distance(*m) > self.distance(*best) {
                m
            } else {
                best
            }
        });
        fastest_win.or(draw).or(slowest_loss).copied()
    }

    /// Every node reachable from the start by any play, the start included.
    pub fn reachable(&self) -> Vec<Node> {
        let mut seen = vec![false; NODES];
        let mut stack = vec![Node::START];
        seen[Node::START.index()] = true;
        let mut found = Vec::new();
        while let Some(node) = stack.pop() {
            found.push(node);
            for next in node.moves() {
                if !std::mem::replace(&mut seen[next.index()], true) {
                    stack.push(next);
                }
            }
        }
        found.sort_by_key(|n| n.index());
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chopsticks::position::Hands;

    #[test]
    fn a_position_one_tap_from_the_end_is_won_in_one() {
        let node = Node {
            position: Position::new(Hands::new(1, 4), Hands::new(3, 0)),
            to_move: Player::A,
        };
        let solved = Retrograde::solve();
        assert_eq!(solved.result(node), 1);
        assert_eq!(solved.distance(node), Some(1));
        assert_eq!(
            solved.best(node).map(|n| n.position.b),
            Some(Hands::new(0, 0))
        );
    }

    #[test]
    fn every_decided_node_agrees_with_its_moves() {
        let solved = Retrograde::solve();
        for node in (0..NODES).map(Node::from_index) {
            let moves = node.moves();
            if moves.is_empty() {
                continue;
            }
            let mover = node.to_move.wins();
            let results: Vec<i8> = moves.iter().map(|m| solved.result(*m)).collect();
            let expected = if results.contains(&mover) {
                mover
            } else if results.contains(&0) {
                0
            } else {
                -mover
            };
            assert_eq!(solved.result(node), expected, "{node:?}");
            if let Some(best) = solved.best(node) {
                assert_eq!(solved.result(best), expected);
                if expected != 0 {
                    assert_eq!(solved.distance(node), solved.distance(best).map(|d| d + 1));
                }
            }
        }
    }
}
