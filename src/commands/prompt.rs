//! Reading a person's answers at the terminal, for `swine play`.

use std::io::{self, BufRead, Write};
use std::ops::RangeInclusive;

use anyhow::Result;

/// Asks `question` until the answer is a whole number in `choices` (digits only, no sign);
/// `None` at the end of input.
pub fn ask_number(
    input: &mut impl BufRead,
    out: &mut impl Write,
    question: &str,
    choices: RangeInclusive<usize>,
) -> io::Result<Option<usize>> {
    loop {
        write!(out, "{question}")?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            return Ok(None);
        };
        let digits = line.trim();
        let number = digits
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| digits.parse::<usize>());
        match number {
            Some(Ok(n)) if choices.contains(&n) => return Ok(Some(n)),
            _ => writeln!(
                out,
                "'{}' is not a choice: enter a number from {} to {}.",
                line.trim(),
                choices.start(),
                choices.end()
            )?,
        }
    }
}

/// One line of input (bytes that are not UTF-8 replaced, so they are re-asked, not fatal), or
/// `None` at its end.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut line = Vec::new();
    let read = input.read_until(b'\n', &mut line)?;
    Ok((read > 0).then(|| String::from_utf8_lossy(&line).into_owned()))
}

/// Ends the game when the input ends.
pub fn quit(out: &mut impl Write) -> Result<()> {
    writeln!(out)?;
    writeln!(out, "No more input: the game is abandoned.")?;
    Ok(())
}
