//! How results show themselves in a notebook (`_repr_html_`: tables, and a strategy map drawn
//! by the code `swine plot map` draws with) and become pandas DataFrames (`to_pandas()`, where
//! pandas is installed: it is no dependency of the package).

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use swine_plot::{Chart, DEFAULT_SIZE, Kind, render};

use crate::SwineError;

/// The width a notebook shows a strategy map at (drawn at `swine plot`'s size, the same
/// picture).
const SHOWN_WIDTH: u32 = 640;

/// `text` with the characters HTML gives a meaning escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An HTML table: a caption, a header row and the rows' cells (text, escaped here).
pub fn table(caption: &str, header: &[&str], rows: &[Vec<String>]) -> String {
    let cells = |row: &[String], tag: &str| {
        row.iter()
            .map(|cell| format!("<{tag}>{}</{tag}>", escape(cell)))
            .collect::<String>()
    };
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let body: String = rows
        .iter()
        .map(|row| format!("<tr>{}</tr>", cells(row, "td")))
        .collect();
    format!(
        "<table><caption>{}</caption><thead><tr>{}</tr></thead><tbody>{body}</tbody></table>",
        escape(caption),
        cells(&header, "th")
    )
}

/// A probability as the CLI prints it beside its percentage.
pub fn probability(p: f64) -> String {
    format!("{p:.17} ({:.3}%)", 100.0 * p)
}

/// `chart` as an inline PNG image.
pub fn image(py: Python<'_>, chart: &Chart) -> PyResult<String> {
    let png =
        render(chart, Kind::Png, DEFAULT_SIZE).map_err(|e| SwineError::new_err(e.to_string()))?;
    let encoded: String = py
        .import("base64")?
        .call_method1("b64encode", (PyBytes::new(py, &png),))?
        .call_method1("decode", ("ascii",))?
        .extract()?;
    Ok(format!(
        "<img alt=\"strategy map\" width=\"{SHOWN_WIDTH}\" \
         src=\"data:image/png;base64,{encoded}\">"
    ))
}

/// `rows` (dicts, one a row) as a pandas DataFrame, or why not.
pub fn data_frame<'py>(py: Python<'py>, rows: &Bound<'py, PyList>) -> PyResult<Bound<'py, PyAny>> {
    let pandas = py.import("pandas").map_err(|_| {
        SwineError::new_err(
            "to_pandas() needs pandas, which swine does not install: pip install pandas",
        )
    })?;
    pandas.call_method1("DataFrame", (rows,))
}

/// One dict of `(key, value)` pairs in a list: a one-row DataFrame's rows.
pub fn one_row<'py>(py: Python<'py>, pairs: &[(&str, f64)]) -> PyResult<Bound<'py, PyList>> {
    let row = PyDict::new(py);
    for (key, value) in pairs {
        row.set_item(key, value)?;
    }
    PyList::new(py, [row])
}
