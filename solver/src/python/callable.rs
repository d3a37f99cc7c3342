//! A strategy function of the caller's own interpreter (a callable given to the Python
//! package), asked in batches as a harness session is: arguments and answers as JSON values.

use serde_json::Value;

/// A function of the caller's interpreter, asked in batches.
pub trait Callable: Send {
    /// The function's name, as messages show its calls.
    fn name(&self) -> &str;

    /// The function's return values on `calls` (each call's arguments: whole numbers, bools,
    /// and lists such as the dice shown, which the function receives as tuples), in order, up
    /// to the first call that failed; then why that one failed, as the words after the call
    /// (`raised RuntimeError: no idea`, `returned <object>, which is no whole number, bool,
    /// string or tuple of them`).
    fn call(&mut self, calls: &[Vec<Value>]) -> (Vec<Value>, Option<String>);
}

/// The call of `function` on `arguments` as Python shows it: `final_strategy(3, 5, True)`, a
/// list as a tuple (`(1, 5)`, `(6,)`).
pub fn call_text(function: &str, arguments: &[Value]) -> String {
    let shown: Vec<String> = arguments.iter().map(python_text).collect();
    format!("{function}({})", shown.join(", "))
}

/// A JSON value as Python writes it (`True`, a list as a tuple).
pub fn python_text(value: &Value) -> String {
    match value {
        Value::Bool(true) => "True".to_string(),
        Value::Bool(false) => "False".to_string(),
        Value::Null => "None".to_string(),
        Value::Array(items) => {
            let shown: Vec<String> = items.iter().map(python_text).collect();
            let comma = if shown.len() == 1 { "," } else { "" };
            format!("({}{comma})", shown.join(", "))
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn calls_are_shown_as_python_writes_them() {
        assert_eq!(
            call_text("f", &[json!(3), json!(true), json!([6]), json!([1, 5])]),
            "f(3, True, (6,), (1, 5))"
        );
    }
}
