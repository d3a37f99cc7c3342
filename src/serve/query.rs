//! A request's parameters: the query decoded, whole numbers read, refusals named.

use std::collections::HashMap;
use std::str::FromStr;

/// A refusal: a status and the message.
pub(super) type Refusal = (u16, String);

/// A 400 answer's status and message.
pub(super) fn bad(message: &str) -> Refusal {
    (400, message.to_string())
}

/// The query's whole number `name`, if given; a refusal beginning with `what` if it is not one.
pub(super) fn number<T: FromStr>(
    query: &HashMap<String, String>,
    name: &str,
    what: &str,
) -> Result<Option<T>, Refusal> {
    query
        .get(name)
        .map(|text| {
            text.parse::<T>()
                .map_err(|_| bad(&format!("{what} '{text}' is not a whole number")))
        })
        .transpose()
}

/// `a=1&b=x` as a map (`+` and `%XX` decoded, as a form is; a bad escape is kept as written).
pub(super) fn parse_query(query: &str) -> HashMap<String, String> {
    form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_decodes_as_a_form() {
        let query = parse_query("rules=hog-fa20&vs=bacon%3A8%2C6&seed=%zz&a+b=c+d&&first");
        let expected: HashMap<String, String> = [
            ("rules", "hog-fa20"),
            ("vs", "bacon:8,6"),
            ("seed", "%zz"),
            ("a b", "c d"),
            ("first", ""),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        assert_eq!(query, expected);
    }
}
