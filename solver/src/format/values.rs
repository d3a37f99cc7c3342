//! The value of every state, as tables: what `swine solve --values` writes beside a strategy.
//!
//! Each format holds the same numbers, every one written so that it reads back to the same
//! `f64` (the shortest decimal that does): CSV has one row per state (the axes, then `value`);
//! JSON the metadata and nested arrays; `.npy` a little-endian `f64` array; `.py` the metadata
//! and a nested list `VALUES`; `.bin` the `SWINEVAL` magic, the bincode payload (standard
//! configuration) and a CRC-32 of everything before it.

use ndarray::{ArrayD, Dimension};
use serde::Serialize;

use super::Format;

/// The value of every state of a game for a strategy against an opponent.
#[derive(Clone, Debug, PartialEq)]
pub struct ValuesFile {
    /// The file name without extension.
    pub stem: String,
    /// The ruleset.
    pub rules: String,
    /// The goal (Hog) or limit (Greed).
    pub goal: u32,
    /// The strategy whose values these are.
    pub strategy: String,
    /// The opponent.
    pub opponent: String,
    /// The axes' names, in order (e.g. `own`, `opponent`, `own_memory`, `opponent_memory`).
    pub axes: Vec<String>,
    /// P(the strategy wins) + ½·P(tie) with the strategy to move, indexed by the axes.
    pub values: ArrayD<f64>,
}

/// What the JSON and binary formats hold.
#[derive(Serialize)]
struct Payload<'a> {
    rules: &'a str,
    goal: u32,
    strategy: &'a str,
    opponent: &'a str,
    axes: &'a [String],
    shape: Vec<usize>,
    values: Vec<f64>,
}

impl ValuesFile {
    /// The name and bytes of this file in each of `formats` (`STEM_values.EXT`).
    pub fn rendered(&self, formats: &[Format]) -> Vec<(String, Vec<u8>)> {
        formats
            .iter()
            .map(|&format| {
                let name = format!("{}_values.{}", self.stem, format.extension());
                (name, self.render(format))
            })
            .collect()
    }

    /// The values of `.npy` bytes written as this file's are, in C order: `None` unless they
    /// hold the header of an `f64` array of this file's shape and one value per element.
    pub fn values_from_npy(&self, bytes: &[u8]) -> Option<Vec<f64>> {
        let header = super::npy::header("<f8", self.values.shape());
        let body = bytes.strip_prefix(header.as_slice())?;
        (body.len() == 8 * self.values.len()).then(|| {
            body.chunks_exact(8)
                .map(|b| f64::from_le_bytes(b.try_into().expect("chunks of 8")))
                .collect()
        })
    }

    /// The bytes of this file in `format`.
    pub fn render(&self, format: Format) -> Vec<u8> {
        match format {
            Format::Csv => self.csv().into_bytes(),
            Format::Json => self.json().into_bytes(),
            Format::Npy => self.npy(),
            Format::Python => self.python().into_bytes(),
            Format::Binary => self.binary(),
        }
    }

    fn payload(&self) -> Payload<'_> {
        Payload {
            rules: &self.rules,
            goal: self.goal,
            strategy: &self.strategy,
            opponent: &self.opponent,
            axes: &self.axes,
            shape: self.values.shape().to_vec(),
            values: self.values.iter().copied().collect(),
        }
    }

    fn csv(&self) -> String {
        let mut out = self.axes.join(",");
        out.push_str(",value\n");
        for (index, value) in self.values.indexed_iter() {
            for axis in index.slice() {
                out.push_str(&axis.to_string());
                out.push(',');
            }
            out.push_str(&format!("{value:?}\n"));
        }
        out
    }

    fn json(&self) -> String {
        let payload = self.payload();
        let nested = super::nested(self.values.view(), |v: f64| serde_json::json!(v));
        let mut object = serde_json::to_value(&payload).expect("values serialize");
        object["values"] = nested;
        let mut text = serde_json::to_string(&object).expect("values serialize");
        text.push('\n');
        text
    }

    fn npy(&self) -> Vec<u8> {
        let mut out = super::npy::header("<f8", self.values.shape());
        for value in self.values.iter() {
            out.extend_from_slice(&value.to_le_bytes());
        }
        out
    }

    fn python(&self) -> String {
        let quote = |s: &str| format!("{s:?}");
        let axes: Vec<String> = self.axes.iter().map(|a| quote(a)).collect();
        let list = python_list(self.values.view());
        format!(
            "\"\"\"The value of every state for {} against {} ({}, goal {}): P(win) + P(tie) / 2\n\
             with the strategy to move, VALUES{}.\"\"\"\n\nRULES = {}\nGOAL = {}\nSTRATEGY = {}\n\
             OPPONENT = {}\nAXES = [{}]\nVALUES = {}\n",
            self.strategy,
            self.opponent,
            self.rules,
            self.goal,
            self.axes
                .iter()
                .map(|a| format!("[{a}]"))
                .collect::<String>(),
            quote(&self.rules),
            self.goal,
            quote(&self.strategy),
            quote(&self.opponent),
            axes.join(", "),
            list
        )
    }

    fn binary(&self) -> Vec<u8> {
        let payload = bincode::serde::encode_to_vec(self.payload(), bincode::config::standard())
            .expect("values encode");
        super::binary::frame(b"SWINEVAL", 1, &payload)
    }
}

/// Nested arrays of numbers as a Python list literal (each number as Rust's `{:?}` writes it,
/// which Python reads back to the same float).
fn python_list(values: ndarray::ArrayViewD<f64>) -> String {
    if values.ndim() == 0 {
        return format!("{:?}", values.first().expect("a 0-d view holds one value"));
    }
    let inner: Vec<String> = values.outer_iter().map(python_list).collect();
    format!("[{}]", inner.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> ValuesFile {
        ValuesFile {
            stem: "t".into(),
            rules: "hog-fa20".into(),
            goal: 2,
            strategy: "a".into(),
            opponent: "b".into(),
            axes: vec!["own".into(), "opponent".into()],
            values: ArrayD::from_shape_vec(vec![2, 2], vec![0.1, 1.0 / 3.0, 0.5, 1.0]).unwrap(),
        }
    }

    #[test]
    fn every_format_holds_every_value_exactly() {
        let file = file();
        let csv = String::from_utf8(file.render(Format::Csv)).unwrap();
        assert_eq!(
            csv,
            "own,opponent,value\n0,0,0.1\n0,1,0.3333333333333333\n1,0,0.5\n1,1,1.0\n"
        );
        let json: serde_json::Value = serde_json::from_slice(&file.render(Format::Json)).unwrap();
        assert_eq!(json["values"][0][1].as_f64(), Some(1.0 / 3.0));
        assert_eq!(json["axes"], serde_json::json!(["own", "opponent"]));
        let npy = file.render(Format::Npy);
        assert_eq!(npy.len() % 16, 0);
        let data = &npy[npy.len() - 32..];
        let read: Vec<f64> = data
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(read, [0.1, 1.0 / 3.0, 0.5, 1.0]);
        let py = String::from_utf8(file.render(Format::Python)).unwrap();
        assert!(
            py.contains("VALUES = [[0.1, 0.3333333333333333], [0.5, 1.0]]"),
            "{py}"
        );
        let bin = file.render(Format::Binary);
        assert!(bin.starts_with(b"SWINEVAL"));
        let (body, crc) = bin.split_at(bin.len() - 4);
        assert_eq!(crc32fast::hash(body).to_le_bytes(), crc);
    }
}
