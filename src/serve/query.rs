//! A request's parameters: the query decoded, whole numbers read, refusals named.

use std::collections::HashMap;
use std::str::FromStr;

use swine_solver::report::printable;

/// A refusal: a status and the message.
pub(super) type Refusal = (u16, String);

/// A 400 answer's status and message.
pub(super) fn bad(message: &str) -> Refusal {
    (400, message.to_string())
}

/// `message` in the page's words: the CLI's flags the solver's messages name as the page's
/// parameters (`--set lucky` is `set=lucky`, `--goal` is `goal`), and control characters
/// escaped (an ANSI escape in a name echoed is shown as `\u{1b}`, never sent on raw).
pub(super) fn in_page_words(message: &str) -> String {
    const WORDS: [(&str, &str); 8] = [
        ("--goal and --set goal=...", "goal= and set=goal=..."),
        ("--goal:", "goal:"),
        ("--goal", "goal="),
        ("--set ", "set="),
        ("--set", "set="),
        ("--vs", "vs="),
        ("--moves", "moves="),
        ("--rules ", "rules="),
    ];
    let words = WORDS
        .iter()
        .fold(message.to_string(), |text, (flag, parameter)| {
            text.replace(flag, parameter)
        });
    printable(&words)
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

    #[test]
    fn messages_are_told_in_the_pages_words() {
        assert_eq!(
            in_page_words("rules: unknown parameter 'x' in --set; hog-fa20 declares goal"),
            "rules: unknown parameter 'x' in set=; hog-fa20 declares goal"
        );
        assert_eq!(
            in_page_words("--goal and --set goal=... both set the goal: give one"),
            "goal= and set=goal=... both set the goal: give one"
        );
        assert_eq!(
            in_page_words("a move limit (--moves); give one (--vs)"),
            "a move limit (moves=); give one (vs=)"
        );
        assert_eq!(
            in_page_words("rules '\u{1b}[31mred\r\n'"),
            "rules '\\u{1b}[31mred\\r\\n'"
        );
    }
}
