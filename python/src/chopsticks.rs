//! Chopsticks solved, for Python: every position's result and best move, as arrays.

use std::path::PathBuf;

use ndarray::{Array, IxDyn};
use numpy::{PyArrayDyn, ToPyArray};
use pyo3::prelude::*;
use swine_solver::chopsticks::{
    Limited, NODES, Node, POSITIONS, Position, Retrograde, limited_file, unlimited_file,
};
use swine_solver::format::write_rendered;

use crate::error;
use crate::interrupt::interruptible;

/// Chopsticks solved with both sides perfect, with or without a move limit.
#[pyclass(frozen, get_all, module = "swine")]
pub struct Chopsticks {
    /// The move limit per player, or None for the game without one.
    pub moves: Option<u32>,
    /// The start's result from A's side (A moves first): 1 A wins, 0 a tie (a draw without a
    /// limit), −1 B wins.
    pub result: i8,
    /// Without a move limit: plies to the end from the start under perfect play, if decided.
    pub distance: Option<u32>,
    /// Every position's result from A's side, int8, indexed `[mover, a_left, a_right, b_left,
    /// b_right]` (mover 0 is A) without a limit, `[level, a_left, ...]` with one (A moves at
    /// even levels, 2·moves + 1 levels).
    pub results: Py<PyArrayDyn<i8>>,
    /// The index of each position's best successor, int16, shaped like `results`: ((a_left·5 +
    /// a_right)·5 + b_left)·5 + b_right, or −1 where the game is over (or at the last level).
    pub best: Py<PyArrayDyn<i16>>,
    /// The JSON file `swine solve --rules chopsticks` writes: name and bytes.
    file: (String, Vec<u8>),
}

#[pymethods]
impl Chopsticks {
    /// Writes the JSON file `swine solve --rules chopsticks` writes into `directory`; returns
    /// its path.
    fn write(&self, directory: PathBuf) -> PyResult<Vec<PathBuf>> {
        write_rendered(&directory, vec![self.file.clone()]).map_err(error)
    }

    fn __repr__(&self) -> String {
        let limit = self
            .moves
            .map_or("no move limit".to_string(), |m| format!("{m} moves"));
        format!("Chopsticks({limit}, result={})", self.result)
    }
}

/// The index of a best successor, or −1.
fn successor(position: Option<Position>) -> i16 {
    position.map_or(-1, |p| p.index() as i16)
}

/// Chopsticks solved with at most `moves` moves per player, or without a limit.
pub fn solve(py: Python<'_>, moves: Option<u32>) -> PyResult<Chopsticks> {
    let shape = |outer: usize| IxDyn(&[outer, 5, 5, 5, 5]);
    Ok(match moves {
        Some(moves) => {
            let solved = interruptible(py, move || Limited::solve(moves))?;
            let levels = solved.depth() as usize + 1;
            let cells: Vec<(Position, u32)> = (0..levels as u32)
                .flat_map(|level| Position::all().map(move |p| (p, level)))
                .collect();
            let results: Vec<i8> = cells.iter().map(|&(p, l)| solved.result(p, l)).collect();
            let best: Vec<i16> = cells
                .iter()
                .map(|&(p, l)| successor(solved.best(p, l)))
                .collect();
            Chopsticks {
                moves: Some(moves),
                result: solved.result(Position::START, 0),
                distance: None,
                results: array(py, shape(levels), results)?,
                best: array(py, shape(levels), best)?,
                file: limited_file(&solved),
            }
        }
        None => {
            let solved = interruptible(py, Retrograde::solve)?;
            let nodes = (0..NODES).map(Node::from_index);
            let results: Vec<i8> = nodes.clone().map(|n| solved.result(n)).collect();
            let best: Vec<i16> = nodes
                .map(|n| successor(solved.best(n).map(|next| next.position)))
                .collect();
            Chopsticks {
                moves: None,
                result: solved.result(Node::START),
                distance: solved.distance(Node::START),
                results: array(py, shape(NODES / POSITIONS), results)?,
                best: array(py, shape(NODES / POSITIONS), best)?,
                file: unlimited_file(&solved),
            }
        }
    })
}

/// `values` as a numpy array of `shape`.
fn array<T: numpy::Element + Clone>(
    py: Python<'_>,
    shape: IxDyn,
    values: Vec<T>,
) -> PyResult<Py<PyArrayDyn<T>>> {
    let array = Array::from_shape_vec(shape, values)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    Ok(array.to_pyarray(py).unbind())
}
