//! What a picture shows, as data: a strategy map, a value surface, panels of them, or lines
//! through points. Games say what to draw ([`hog_map`], [`greed_map`], [`pig_map`], and each
//! game's `chart`); the `swine-plot` crate draws it as PNG or SVG.

use ndarray::{Array2, Array3, Axis};

/// How a value chart colours its values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    /// Probabilities in 0..=1, white to dark blue.
    Probability,
    /// Gains and losses around 0: green and red, deeper the larger.
    AroundZero,
    /// Whole numbers from 0 to `most` (e.g. a turn total), white to dark blue; a value above
    /// `most` is black, named `beyond` in the legend.
    Count {
        /// The largest value on the scale.
        most: f64,
        /// What a value above `most` means.
        beyond: &'static str,
    },
}

/// What to draw.
pub enum Chart {
    /// A choice (dice count) per (own score, opponent score) cell on a discrete colour scale,
    /// one panel per plane (Greed: normal play, and after the opponent passed).
    Dice {
        /// The title above the panels.
        title: String,
        /// Each panel's name and its dice, indexed `[own][opponent]`.
        planes: Vec<(String, Array2<u8>)>,
    },
    /// A number per cell on a continuous colour scale (a cell without one stays blank).
    Values {
        /// The title.
        title: String,
        /// The values, indexed `[own][opponent]`.
        values: Array2<Option<f64>>,
        /// What the values are, for the legend.
        legend: String,
        /// How the values are coloured.
        scale: Scale,
    },
    /// Numbers per cell on one continuous colour scale, several panels in a grid of
    /// `columns` (Farkle: one per dice count), each axis labelled in points.
    Panels {
        /// The title above the panels.
        title: String,
        /// Each panel's name and its values, indexed `[own][opponent]`.
        panels: Vec<(String, Array2<Option<f64>>)>,
        /// Panels per row.
        columns: usize,
        /// What the values are, for the legend.
        legend: String,
        /// How the values are coloured.
        scale: Scale,
        /// The score of cell 0 and the points from one cell to the next, for the axes.
        axis: ScoreAxis,
    },
    /// Lines through points on one pair of axes, each in its own colour and named in a legend.
    Line {
        /// The title.
        title: String,
        /// The x axis's label.
        x_label: String,
        /// The y axis's label.
        y_label: String,
        /// Each line's name and its points, by increasing x.
        lines: Vec<(String, Vec<(f64, f64)>)>,
        /// Both axes logarithmic (every x and y above 0), so that a power law draws straight.
        log: bool,
    },
}

/// How cell numbers read as scores: the score of cell 0 and the points per cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreAxis {
    /// The score of cell 0 (e.g. Farkle's floor, −2500).
    pub origin: i64,
    /// The points from one cell to the next (Farkle: 50).
    pub step: i64,
}

impl ScoreAxis {
    /// Cells that are scores: cell n is n points.
    pub const SCORES: ScoreAxis = ScoreAxis { origin: 0, step: 1 };

    /// The score of cell `n`.
    pub fn points(self, n: i32) -> i64 {
        self.origin + self.step * i64::from(n)
    }
}

impl Chart {
    /// The numbers the chart draws as CSV: `panel,own,opponent,value` a cell a line (scores
    /// in points; a value beyond a count scale's top is `inf`, a cell without one is left
    /// out), or `line,x,y` a point a line (the line's name, then the point).
    pub fn numbers(&self) -> String {
        let cells =
            |out: &mut String, name: &str, values: &Array2<Option<f64>>, axis: ScoreAxis| {
                for ((own, other), value) in values.indexed_iter() {
                    if let Some(v) = value {
                        let at = |n: usize| axis.points(n as i32);
                        out.push_str(&format!("{name},{},{},{v:?}\n", at(own), at(other)));
                    }
                }
            };
        let mut out = String::new();
        match self {
            Chart::Dice { planes, .. } => {
                out.push_str("panel,own,opponent,value\n");
                for (name, dice) in planes {
                    let values = dice.map(|&n| Some(f64::from(n)));
                    cells(&mut out, name, &values, ScoreAxis::SCORES);
                }
            }
            Chart::Values { values, .. } => {
                out.push_str("panel,own,opponent,value\n");
                cells(&mut out, "", values, ScoreAxis::SCORES);
            }
            Chart::Panels { panels, axis, .. } => {
                out.push_str("panel,own,opponent,value\n");
                for (name, values) in panels {
                    cells(&mut out, name, values, *axis);
                }
            }
            Chart::Line { lines, .. } => {
                out.push_str("line,x,y\n");
                for (name, points) in lines {
                    for (x, y) in points {
                        out.push_str(&format!("{name},{x:?},{y:?}\n"));
                    }
                }
            }
        }
        out
    }
    /// The share (0..=1) of the cells holding a choice in either chart in which `self` and
    /// `other` differ, or `None` where the two are not maps of the same cells.
    pub fn share_differing(&self, other: &Chart) -> Option<f64> {
        let (mine, theirs) = (self.choices()?, other.choices()?);
        if mine.len() != theirs.len() {
            return None;
        }
        let (mut cells, mut differing) = (0usize, 0usize);
        for (a, b) in mine.iter().zip(&theirs) {
            if a.is_some() || b.is_some() {
                cells += 1;
                differing += usize::from(a != b);
            }
        }
        (cells > 0).then(|| differing as f64 / cells as f64)
    }

    /// Every cell of every panel in order, a cell without a choice `None`; `None` for a line.
    fn choices(&self) -> Option<Vec<Option<f64>>> {
        let cells = |values: &Array2<Option<f64>>| values.iter().copied().collect::<Vec<_>>();
        match self {
            Chart::Dice { planes, .. } => Some(
                planes
                    .iter()
                    .flat_map(|(_, dice)| dice.iter().map(|&n| Some(f64::from(n))))
                    .collect(),
            ),
            Chart::Values { values, .. } => Some(cells(values)),
            Chart::Panels { panels, .. } => Some(
                panels
                    .iter()
                    .flat_map(|(_, values)| cells(values))
                    .collect(),
            ),
            Chart::Line { .. } => None,
        }
    }
}

/// The strategy map of a Hog score table: the dice `strategy` rolls in every (own, opponent)
/// cell of `table`, in `rules` against `opponent`, which it beats with win rate `rate`.
pub fn hog_map(rules: &str, strategy: &str, opponent: &str, rate: f64, table: Array2<u8>) -> Chart {
    Chart::Dice {
        title: format!("{rules}: {strategy} vs {opponent} (wins {rate:.4})"),
        planes: vec![("dice rolled".to_string(), table)],
    }
}

/// The strategy map of a Greed table `[own][opponent][passed]`: a panel for normal play and one
/// for after the opponent passed; `strategy` is worth `rate` against `opponent`.
pub fn greed_map(strategy: &str, opponent: &str, rate: f64, dice: &Array3<u8>) -> Chart {
    let plane = |passed: usize| dice.index_axis(Axis(2), passed).to_owned();
    Chart::Dice {
        title: format!("greed: {strategy} vs {opponent} (value {rate:.4})"),
        planes: vec![
            ("normal play".to_string(), plane(0)),
            ("after the opponent passed".to_string(), plane(1)),
        ],
    }
}

/// The strategy map of a Pig-family strategy: the turn total where it first holds in each
/// (own, opponent) cell (`first_holds`), in the game `(name, goal)`; `not_thresholds` cells roll
/// again after a hold. `(strategy, opponent)` are the names, `rate` the win rate.
pub fn pig_map(
    (game, goal): (&str, u32),
    (strategy, opponent): (&str, &str),
    rate: f64,
    first_holds: &Array2<u8>,
    not_thresholds: usize,
) -> Chart {
    let again = if not_thresholds > 0 {
        format!("; {not_thresholds} cells roll again after a hold")
    } else {
        String::new()
    };
    // Where it rolls on to the goal, the first hold is the goal itself: black, so the scale
    // spreads over the turn totals it does hold at.
    let values = Array2::from_shape_fn(first_holds.dim(), |(own, other)| {
        let k = u32::from(first_holds[[own, other]]);
        Some(if own as u32 + k >= goal {
            f64::INFINITY
        } else {
            f64::from(k)
        })
    });
    let most = values
        .iter()
        .flatten()
        .filter(|v| v.is_finite())
        .fold(0.0, |m: f64, &v| m.max(v));
    Chart::Values {
        title: format!(
            "{game}: the turn total where {strategy} first holds, vs {opponent} (wins \
             {rate:.4}){again}"
        ),
        values,
        legend: "holds at".to_string(),
        scale: Scale::Count {
            most,
            beyond: "the goal",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_charts_numbers_are_a_row_per_point_named_by_its_line() {
        let chart = Chart::Line {
            title: "t".into(),
            x_label: "goal".into(),
            y_label: "value".into(),
            lines: vec![
                ("optimal_win_rate".into(), vec![(10.0, 0.75), (20.0, 0.5)]),
                ("gap".into(), vec![(10.0, 0.25)]),
            ],
            log: false,
        };
        assert_eq!(
            chart.numbers(),
            "line,x,y\noptimal_win_rate,10.0,0.75\noptimal_win_rate,20.0,0.5\ngap,10.0,0.25\n"
        );
    }
}
