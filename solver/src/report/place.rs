//! A state named by its parts, as every game's reports name one: the two scores first, then
//! the game's own parts (a turn total, whether the opponent just passed, the memories), so that
//! shared reports carry no field only one game fills.

use serde::Serialize;

/// A state by its parts' names, in order: `score` and `opponent_score` (points), then the
/// game's own parts, each a whole number (`turn_total` in points, `passed` 1 or 0, `memory`
/// and `opponent_memory`). JSON shows them as keys of the object that holds the place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place(pub Vec<(&'static str, i64)>);

impl Place {
    /// The place of the two scores (points), to which a game adds its own parts.
    pub fn scores(score: u32, opponent_score: u32) -> Place {
        Place(vec![
            ("score", i64::from(score)),
            ("opponent_score", i64::from(opponent_score)),
        ])
    }

    /// The place with one more part, `name` at `value`.
    pub fn with(mut self, name: &'static str, value: i64) -> Place {
        self.0.push((name, value));
        self
    }

    /// The value of the part called `name`, if the place has one.
    pub fn get(&self, name: &str) -> Option<i64> {
        self.0.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
    }

    /// The place in words: `50 : 60`, then each further part as `, turn total 5`.
    pub fn text(&self) -> String {
        let mut parts = self.0.iter();
        let mut text = match (parts.next(), parts.next()) {
            (Some((_, own)), Some((_, opponent))) => format!("{own} : {opponent}"),
            (Some((_, own)), None) => own.to_string(),
            _ => String::new(),
        };
        for (name, value) in parts {
            text.push_str(&format!(", {} {value}", heading(name)));
        }
        text
    }
}

/// A part's name as a column heading: `opponent_score` is `opponent`, `turn_total` is
/// `turn total`.
pub fn heading(name: &str) -> String {
    name.strip_suffix("_score")
        .unwrap_or(name)
        .replace('_', " ")
}

impl Serialize for Place {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        in_order(&self.0, serializer)
    }
}

/// Writes named parts (numbers, values) as a JSON object, in their order.
pub fn in_order<S: serde::Serializer, N: Serialize, V: Serialize>(
    parts: &[(N, V)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_map(parts.iter().map(|(name, value)| (name, value)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_reads_and_serialises_in_its_order() {
        let place = Place::scores(50, 60).with("turn_total", 5);
        assert_eq!(place.text(), "50 : 60, turn total 5");
        assert_eq!(place.get("turn_total"), Some(5));
        assert_eq!(place.get("passed"), None);
        assert_eq!(
            serde_json::to_string(&place).unwrap(),
            r#"{"score":50,"opponent_score":60,"turn_total":5}"#
        );
        assert_eq!(heading("opponent_score"), "opponent");
    }
}
