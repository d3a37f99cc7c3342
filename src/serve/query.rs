//! A request's parameters: the query decoded, whole numbers read, refusals named.

use std::collections::HashMap;
use std::str::FromStr;

use swine_solver::chopsticks;

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

/// `a=1&b=x` as a map (`+` and `%XX` decoded; a bad escape is kept as written).
pub(super) fn parse_query(query: &str) -> HashMap<String, String> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(key), decode(value))
        })
        .collect()
}

/// Percent-decoding of a query component.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz");
                match u8::from_str_radix(hex, 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether the query names Chopsticks.
pub(super) fn is_chopsticks(query: &HashMap<String, String>) -> bool {
    query.get("rules").map(String::as_str) == Some(chopsticks::NAME)
}
