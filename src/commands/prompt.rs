//! Reading a person's answers at the terminal, for `swine play`.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::ops::RangeInclusive;

use anyhow::Result;

/// A player's answers: those given on the command line (`--answers`) first, each written out
/// after its question as if typed, then the lines of `rest` (the terminal).
pub struct Answers<R> {
    given: VecDeque<String>,
    rest: R,
}

impl<R: BufRead> Answers<R> {
    /// The answers `given`, then those read from `rest`.
    pub fn new(given: &[String], rest: R) -> Answers<R> {
        Answers {
            given: given.iter().cloned().collect(),
            rest,
        }
    }

    /// The next answer (bytes that are not UTF-8 replaced, so they are re-asked, not fatal), or
    /// `None` at the end of input; a given one is echoed to `out`.
    pub fn next(&mut self, out: &mut impl Write) -> io::Result<Option<String>> {
        if let Some(answer) = self.given.pop_front() {
            writeln!(out, "{answer}")?;
            return Ok(Some(answer));
        }
        let mut line = Vec::new();
        let read = self.rest.read_until(b'\n', &mut line)?;
        Ok((read > 0).then(|| String::from_utf8_lossy(&line).into_owned()))
    }
}

/// Asks `question` until the answer is one of `words` (case and surrounding spaces aside);
/// returns its position, `None` at the end of input.
pub fn ask_word(
    input: &mut Answers<impl BufRead>,
    out: &mut impl Write,
    question: &str,
    words: &[&str],
) -> io::Result<Option<usize>> {
    let hint = format!("answer {}", words.join(" or "));
    ask(input, out, question, &hint, |answer| {
        words.iter().position(|w| *w == answer.to_lowercase())
    })
}

/// Asks `question` until the answer is a whole number in `choices` (digits only, no sign);
/// `None` at the end of input.
pub fn ask_number(
    input: &mut Answers<impl BufRead>,
    out: &mut impl Write,
    question: &str,
    choices: RangeInclusive<usize>,
) -> io::Result<Option<usize>> {
    let hint = format!(
        "enter a number from {} to {}",
        choices.start(),
        choices.end()
    );
    ask(input, out, question, &hint, |answer| {
        let number = answer
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| answer.parse());
        match number {
            Some(Ok(n)) if choices.contains(&n) => Some(n),
            _ => None,
        }
    })
}

/// Asks `question` until `read` makes a choice of the answer (surrounding spaces trimmed),
/// saying after each other answer that it is not a choice and `hint`; `None` at the end of
/// input.
fn ask(
    input: &mut Answers<impl BufRead>,
    out: &mut impl Write,
    question: &str,
    hint: &str,
    read: impl Fn(&str) -> Option<usize>,
) -> io::Result<Option<usize>> {
    ask_typed(input, out, question, |answer| {
        read(answer).ok_or_else(|| format!("'{answer}' is not a choice: {hint}."))
    })
}

/// Asks `question` until `read` makes an answer of what is typed (surrounding spaces trimmed;
/// an empty line is typed too), saying after each answer it refuses why; `None` at the end of
/// input.
pub fn ask_typed<A>(
    input: &mut Answers<impl BufRead>,
    out: &mut impl Write,
    question: &str,
    read: impl Fn(&str) -> Result<A, String>,
) -> io::Result<Option<A>> {
    loop {
        write!(out, "{question}")?;
        out.flush()?;
        let Some(line) = input.next(out)? else {
            return Ok(None);
        };
        match read(line.trim()) {
            Ok(answer) => return Ok(Some(answer)),
            Err(why) => writeln!(out, "{why}")?,
        }
    }
}

/// Ends the game when the input ends.
pub fn quit(out: &mut impl Write) -> Result<()> {
    writeln!(out)?;
    writeln!(out, "No more input: the game is abandoned.")?;
    Ok(())
}
