//! `swine play`: a game against the computer at the terminal, with the exact value of every
//! choice before each of the person's decisions, for every game (each says what it asks and
//! tells, through its [`Session`](swine_solver::game::Session)).

use std::io::{self, BufRead, Write};

use anyhow::Result;
use swine_solver::game::{Answers, Audience, Capability, Told};

use super::prompt::{Answers as Input, ask_number, ask_word, quit};
use crate::cli::{First, PlayArgs};
use crate::progress::Watch;
use crate::resolve;

/// `swine play`: the person is seat 0, the computer seat 1.
pub fn play_command(args: &PlayArgs) -> Result<()> {
    let game = resolve::game(&args.rules, &args.python)?;
    let info = game.info();
    info.allows_all(&[(Capability::Moves, args.moves.is_some())])?;
    let runner = resolve::runner(&args.python);
    let computer = resolve::opponent(game.as_ref(), args.vs.as_deref(), Some("optimal"), &runner)?;
    let engine = Watch::during(|run, _| game.engine(computer.as_ref(), args.moves, run))?;
    let seed = args.seed.unwrap_or_else(super::clock_seed);
    let mut out = io::stdout().lock();
    let mut input = Input::new(&args.answers, io::stdin().lock());
    writeln!(out, "{}", engine.opening(seed))?;
    let first = match args.first {
        Some(First::You) => 0,
        Some(First::Computer) => 1,
        None if engine.asks_who_goes_first() => {
            write!(out, "Do you want to go first? ")?;
            out.flush()?;
            match input.next(&mut out)? {
                Some(answer) if ["Y", "y", "Yes", "YES", "yes"].contains(&answer.trim()) => 0,
                Some(_) => 1,
                None => return quit(&mut out),
            }
        }
        None => 0,
    };
    let mut session = engine.session(first, seed, Audience::Terminal);
    tell(&mut out, &session.begin())?;
    while let Some(prompt) = session.prompt(!args.no_hints) {
        for line in &prompt.lines {
            writeln!(out, "{line}")?;
        }
        let Some(action) = ask(&mut input, &mut out, &prompt.question, &prompt.answers)? else {
            return quit(&mut out);
        };
        match session.act(&action) {
            Ok(turns) => tell(&mut out, &turns)?,
            Err(refused) => writeln!(out, "{refused}")?,
        }
    }
    Ok(())
}

/// Asks `question` until an answer of `answers` comes; its action, `None` at the end of input.
fn ask(
    input: &mut Input<impl BufRead>,
    out: &mut impl Write,
    question: &str,
    answers: &Answers,
) -> io::Result<Option<swine_solver::game::Action>> {
    use swine_solver::game::Action;
    Ok(match answers {
        Answers::Dice(least, most) => {
            let range = *least as usize..=*most as usize;
            ask_number(input, out, question, range)?.map(|n| Action::Dice(n as u32))
        }
        Answers::Choice(first, last) => {
            ask_number(input, out, question, *first..=*last)?.map(|n| Action::Choice(n - first))
        }
        Answers::Words(words) => {
            let names: Vec<&str> = words.iter().map(|(word, _)| *word).collect();
            ask_word(input, out, question, &names)?.map(|i| words[i].1.clone())
        }
    })
}

/// Writes the turns as the terminal shows them: each heading, then its lines.
fn tell(out: &mut impl Write, turns: &[Told]) -> io::Result<()> {
    for turn in turns {
        if let Some(heading) = &turn.heading {
            writeln!(out, "{heading}")?;
        }
        for line in &turn.lines {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}
