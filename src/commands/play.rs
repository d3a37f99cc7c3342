//! `swine play`: a game against the computer at the terminal, with the exact value of every
//! choice before each of the person's decisions, for every game (each says what it asks and
//! tells, through its [`Session`](swine_solver::game::Session)).

use std::io::{self, BufRead, Write};

use anyhow::{Result, anyhow, bail};
use swine_solver::game::{Action, Answers, Audience, Capability, Engine, Prompt, Told};

use super::prompt::{Answers as Input, ask_number, ask_typed, ask_word, quit};
use crate::cli::{First, PlayArgs};
use crate::progress::Watch;
use crate::resolve;

/// `swine play`: the person is seat 0, the computer seat 1.
pub fn play_command(args: &PlayArgs) -> Result<()> {
    let game = resolve::game(&args.rules, &args.python)?;
    let info = game.info();
    info.allows_all(&[
        (Capability::Moves, args.moves.is_some()),
        (Capability::ByHand, args.dice_by_hand),
    ])?;
    if args.dice_by_hand && args.seed.is_some() {
        bail!("--seed: with --dice-by-hand your own dice are rolled, not seeded ones");
    }
    let runner = resolve::runner(&args.python);
    let computer = resolve::opponent(game.as_ref(), args.vs.as_deref(), Some("optimal"), &runner)?;
    let engine = Watch::during(|run, _| game.engine(computer.as_ref(), args.moves, run))?;
    let mut out = io::stdout().lock();
    let mut input = Input::new(&args.answers, io::stdin().lock());
    let mut session = if args.dice_by_hand {
        engine
            .session_by_hand()
            .map_err(|why| anyhow!("--dice-by-hand: {} {why}", info.rules))?
    } else {
        let seed = args.seed.unwrap_or_else(super::clock_seed);
        writeln!(out, "{}", engine.opening(seed))?;
        match who_goes_first(args.first, engine.as_ref(), &mut input, &mut out)? {
            Some(first) => engine.session(first, seed, Audience::Terminal),
            None => return quit(&mut out),
        }
    };
    tell(&mut out, &session.begin())?;
    let hints = !args.no_hints;
    while let Some(prompt) = session.prompt(hints) {
        for line in &prompt.lines {
            writeln!(out, "{line}")?;
        }
        let read = |typed: &str| session.read(typed, hints);
        let Some(action) = ask(&mut input, &mut out, &prompt, read)? else {
            return quit(&mut out);
        };
        match session.act(&action) {
            Ok(turns) => tell(&mut out, &turns)?,
            Err(refused) => writeln!(out, "{refused}")?,
        }
    }
    Ok(())
}

/// Who moves first: as `--first` says, else asked where the game asks, else the person; none
/// at the end of input.
fn who_goes_first(
    first: Option<First>,
    engine: &dyn Engine,
    input: &mut Input<impl BufRead>,
    out: &mut impl Write,
) -> Result<Option<usize>> {
    Ok(match first {
        Some(First::You) => Some(0),
        Some(First::Computer) => Some(1),
        None if engine.asks_who_goes_first() => {
            write!(out, "Do you want to go first? ")?;
            out.flush()?;
            match input.next(out)? {
                Some(answer) if ["Y", "y", "Yes", "YES", "yes"].contains(&answer.trim()) => Some(0),
                Some(_) => Some(1),
                None => None,
            }
        }
        None => Some(0),
    })
}

/// Asks `prompt`'s question until an answer it takes comes (typed answers read by `read`, the
/// session's); its action, `None` at the end of input.
fn ask(
    input: &mut Input<impl BufRead>,
    out: &mut impl Write,
    prompt: &Prompt,
    read: impl Fn(&str) -> Result<Action, String>,
) -> io::Result<Option<Action>> {
    let question = prompt.question.as_str();
    Ok(match &prompt.answers {
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
        Answers::Typed => ask_typed(input, out, question, read)?,
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
