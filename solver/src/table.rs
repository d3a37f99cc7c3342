//! Strategy tables of any game: an n-dimensional array of actions plus the [`Schema`] its game
//! supplies.
//!
//! A game says what its tables look like: which game and ruleset they belong to, the axes they
//! are indexed by (with their lengths), the legal actions and, when a course strategy function
//! can hold the table, the Python signature to write. [`format`](crate::format) reads and
//! writes tables through that schema alone, so it knows no game.

use ndarray::{ArrayD, Dimension};

/// One index of a table, e.g. the mover's own score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Axis {
    /// What it indexes, for people: `own score`.
    pub name: &'static str,
    /// Its column in a one-line-per-entry CSV: `own`.
    pub column: &'static str,
    /// How many values it takes (`0..length`).
    pub length: usize,
}

/// The Python function a table becomes, for the course's own code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PythonSignature {
    /// The function's name, e.g. `final_strategy`.
    pub function: &'static str,
    /// Its parameters, one per axis, in axis order; each indexes the table as written in
    /// [`index`](Self::index).
    pub parameters: &'static [&'static str],
    /// The parameters that take `False` or `True` rather than an integer (their axis has
    /// length 2), e.g. Greed's `last`.
    pub flags: &'static [&'static str],
    /// The subscript that reads the table, e.g. `[score][opponent_score]`.
    pub index: &'static str,
    /// The function's docstring.
    pub docstring: &'static str,
    /// Another name bound to the same function, if the course knows it by two.
    pub alias: Option<&'static str>,
    /// The course file the function belongs in, e.g. `hog.py`.
    pub paste_into: &'static str,
    /// Parameters the function takes after the table's (Pig's threshold table: `turn_total`).
    pub extra_parameters: &'static [&'static str],
    /// What the function returns, `{}` standing for the table's entry: `{}` itself, or e.g.
    /// `turn_total < {}` for a table of thresholds.
    pub returns: &'static str,
    /// Whether the function answers `True` or `False` (1 or 0 accepted too), read as the
    /// actions 1 and 0.
    pub truth_result: bool,
}

/// The entries of a table that are no state of its game: see [`Schema::outside`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outside {
    /// The two axes whose indices add up.
    pub axes: [usize; 2],
    /// The sum at and above which an entry is outside the game.
    pub bound: usize,
}

/// What a game's table is: the game, its ruleset, its axes and its legal actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schema {
    /// The game, for people: `Hog`.
    pub game: &'static str,
    /// The ruleset's name, e.g. `hog-fa20`.
    pub rules: String,
    /// The goal (Hog) or score limit (Greed) the table was made for.
    pub goal: u32,
    /// What the game calls that number: `goal` or `limit`.
    pub goal_name: &'static str,
    /// The goal file names leave out (other goals appear in them, e.g. `_goal50`).
    pub default_goal: u32,
    /// The axes, outermost first.
    pub axes: Vec<Axis>,
    /// What an action is, as a CSV column: `dice` (Hog, Greed), `roll` (Pig's decisions: 1
    /// roll, 0 hold), `hold_at` (Pig's thresholds).
    pub action: &'static str,
    /// The smallest legal action (dice count): 0, or 1 where the rules forbid rolling none.
    pub min_action: u8,
    /// The largest legal action (dice count); actions run `min_action..=max_action`.
    pub max_action: u8,
    /// Entries that are no state of the game: those whose indices on the two axes given add up
    /// to at least the bound (Pig: a score and a turn total that reach the goal, where every
    /// strategy holds). A strategy function is not asked about them; any legal action may fill
    /// them in a file.
    pub outside: Option<Outside>,
    /// The Python function the table becomes, if a course strategy can hold it.
    pub python: Option<PythonSignature>,
}

impl Schema {
    /// The table's dimensions.
    pub fn shape(&self) -> Vec<usize> {
        self.axes.iter().map(|a| a.length).collect()
    }

    /// The states a strategy function is asked about, in row-major order: each its indices
    /// and the function's arguments (an index, or a truth value where the signature takes a
    /// flag, such as Greed's `last`). Entries that are no state of the game (see
    /// [`outside`](Self::outside)) are left out.
    pub fn asked(&self) -> Vec<(Vec<usize>, Vec<serde_json::Value>)> {
        let is_flag: Vec<bool> = match &self.python {
            Some(signature) => (signature.parameters.iter())
                .map(|p| signature.flags.contains(p))
                .collect(),
            None => vec![false; self.axes.len()],
        };
        ndarray::indices(self.shape())
            .into_iter()
            .map(|index| index.slice().to_vec())
            .filter(|index| {
                self.outside
                    .is_none_or(|o| index[o.axes[0]] + index[o.axes[1]] < o.bound)
            })
            .map(|index| {
                let arguments = index
                    .iter()
                    .zip(&is_flag)
                    .map(|(&i, &flag)| {
                        if flag {
                            serde_json::Value::from(i == 1)
                        } else {
                            serde_json::Value::from(i)
                        }
                    })
                    .collect();
                (index, arguments)
            })
            .collect()
    }

    /// The one-line-per-entry CSV header: the axes' columns, then `dice`.
    pub fn csv_header(&self) -> String {
        let mut columns: Vec<&str> = self.axes.iter().map(|a| a.column).collect();
        columns.push(self.action);
        columns.join(",")
    }

    /// The table in words, e.g. `a 100 x 100 table (own score x opponent score)`.
    pub fn describe(&self) -> String {
        let lengths: Vec<String> = self.axes.iter().map(|a| a.length.to_string()).collect();
        let names: Vec<&str> = self.axes.iter().map(|a| a.name).collect();
        format!("a {} table ({})", lengths.join(" x "), names.join(" x "))
    }

    /// Whether this schema belongs to the same ruleset and goal as `other`.
    pub fn same_rules(&self, other: &Schema) -> bool {
        self.rules == other.rules && self.goal == other.goal
    }
}

/// A table of actions shaped by its schema.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// What the table is.
    pub schema: Schema,
    /// The actions, indexed by the schema's axes.
    pub dice: ArrayD<u8>,
}

impl Table {
    /// A table of `dice` under `schema`, or why they do not fit it (shape or an action out of
    /// range), in words.
    pub fn new(schema: Schema, dice: ArrayD<u8>) -> Result<Table, String> {
        if dice.shape() != schema.shape().as_slice() {
            return Err(format!(
                "{:?} entries do not make {}",
                dice.shape(),
                schema.describe()
            ));
        }
        let legal = schema.min_action..=schema.max_action;
        if let Some(bad) = dice.iter().find(|&n| !legal.contains(n)) {
            return Err(format!(
                "{bad} dice is outside {}..={} for {}",
                schema.min_action, schema.max_action, schema.rules
            ));
        }
        Ok(Table { schema, dice })
    }

    /// The table's dimensions.
    pub fn shape(&self) -> &[usize] {
        self.dice.shape()
    }

    /// The actions in row-major order.
    pub fn values(&self) -> Vec<u8> {
        self.dice.iter().copied().collect()
    }
}

/// The entry indices of the `index`-th value of a row-major table of `shape`.
pub fn entry_of(shape: &[usize], mut index: usize) -> Vec<usize> {
    let mut entry = vec![0; shape.len()];
    for (slot, &dim) in entry.iter_mut().zip(shape).rev() {
        *slot = index % dim;
        index /= dim;
    }
    entry
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Schema {
        Schema {
            game: "Test",
            rules: "test".into(),
            goal: 3,
            goal_name: "goal",
            default_goal: 3,
            axes: vec![
                Axis {
                    name: "own score",
                    column: "own",
                    length: 2,
                },
                Axis {
                    name: "opponent score",
                    column: "opponent",
                    length: 3,
                },
            ],
            action: "dice",
            min_action: 0,
            max_action: 4,
            outside: None,
            python: None,
        }
    }

    #[test]
    fn tables_must_fit_their_schema() {
        let ok = ArrayD::from_shape_vec(vec![2, 3], vec![0, 1, 2, 3, 4, 0]).unwrap();
        assert!(Table::new(schema(), ok).is_ok());
        let wide = ArrayD::from_elem(vec![3, 3], 0u8);
        assert_eq!(
            Table::new(schema(), wide).unwrap_err(),
            "[3, 3] entries do not make a 2 x 3 table (own score x opponent score)"
        );
        let big = ArrayD::from_elem(vec![2, 3], 5u8);
        assert_eq!(
            Table::new(schema(), big).unwrap_err(),
            "5 dice is outside 0..=4 for test"
        );
        assert_eq!(schema().csv_header(), "own,opponent,dice");
    }

    #[test]
    fn entries_are_found_in_row_major_order() {
        assert_eq!(entry_of(&[3, 4, 2, 2], 23), vec![1, 1, 1, 1]);
        assert_eq!(entry_of(&[2, 3], 5), vec![1, 2]);
    }
}
