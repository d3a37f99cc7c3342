//! The verbs for Farkle.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result, anyhow, bail};
use serde::Serialize;
use swine_solver::contest::{ContestError, MINIMAX, Tournament};
use swine_solver::dice::SeededDice;
use swine_solver::farkle::simulate::Plan;
use swine_solver::farkle::{
    AT_NAMES, At, DEFAULT_GAMES, DICE, EXACT_LIMIT, Farkle, Farkled, Keep, Match, MatchError,
    Measured, Player, PositionError, Question, Rolled, Seated, Solution, Strategy, Then, UNIT,
    VALUES_FORMATS, YARDSTICK, backup, decision_points, evaluate, measure, meet, play_games,
    python_names, solve, solve_given, spaced, value_position, values_file,
};
use swine_solver::format::{Format, Probability, ValuesFile, prepare_directory};
use swine_solver::outcome::Outcome;
use swine_solver::tournament::round_robin;

use super::prompt::{Answers, ask_number, ask_word, quit};
use super::{TablesEntry, contest, write_and_print};
use rayon::prelude::*;

use crate::cli::{EvalArgs, First, GradeArgs, PlayArgs, SimulateArgs, SolveArgs, TournamentArgs};
use crate::progress::{GamesProgress, SolveProgress};
use crate::ranking::{Estimate, Grade, GradeReport};
use crate::report::{
    EstimateReport, Heading, MatchReport, Report, SimulationReport, Z95, print, text,
};
use crate::resolve;

/// Evaluates `strategies` exactly (a Python strategy asked about every point its play reaches)
/// with a progress bar.
pub(super) fn evaluated(game: &Farkle, strategies: [&Strategy; 2]) -> Result<Solution> {
    let progress = SolveProgress::start();
    let solution = evaluate(game, strategies, &|_| {}, &|p| progress.update(p));
    progress.finish();
    Ok(solution?)
}

/// Solves `players` (no Python strategy among them) with a progress bar.
pub(super) fn solved(game: &Farkle, players: [Player; 2]) -> Result<Solution> {
    let progress = SolveProgress::start();
    let solution = solve(game, players, &|p| progress.update(p));
    progress.finish();
    Ok(solution?)
}

/// The heading of `strategy` against `opponent`.
fn heading(game: &Farkle, strategy: &str, opponent: &str) -> Heading {
    Heading::new(game.name(), "goal", game.goal(), strategy, opponent)
}

/// The report of a solved match-up.
fn report(game: &Farkle, heading: Heading, solution: &Solution) -> MatchReport {
    let equilibrium = solution.players().contains(&Player::Equilibrium);
    let how = match solution.rounds() {
        0 if equilibrium => "minimax playing the decisions of both players optimal against a \
                             fixed policy, evaluated by Gauss-Seidel"
            .to_string(),
        0 => "both policies fixed, evaluated by Gauss-Seidel".to_string(),
        rounds => format!("{rounds} rounds of policy iteration"),
    };
    let both_optimal = solution.players() == [Player::Optimising; 2];
    let found = (solution.matchup(), solution.residual(), both_optimal);
    outcome_report(game, heading, found, &how)
}

/// The report of a match-up's outcome, its residual and whether both play optimally, found
/// as `how` says.
fn outcome_report(
    game: &Farkle,
    heading: Heading,
    (matchup, residual, both_optimal): (Outcome, f64, bool),
    how: &str,
) -> MatchReport {
    let mut report = MatchReport::new(heading, matchup);
    report.residual = Some(residual);
    if both_optimal {
        report.first_player_wins = Some(Probability(matchup.as_first()));
    }
    report.note = Some(format!(
        "{} turn-start states (banked scores {}..{} by {UNIT}, farkle counts 0..{}), {how}",
        game.states(),
        game.settings().floor,
        game.goal() - UNIT,
        game.farkles() - 1,
    ));
    report
}

/// `swine solve` for Farkle: the best response to `--vs` (or both optimal), its turn-start
/// values written (every decision follows from them).
pub fn solve_game(game: &Farkle, args: &SolveArgs) -> Result<()> {
    if args.full_information || args.time_limit.is_some() || args.moves.is_some() {
        bail!("--full-information, --time-limit and --moves do not apply to farkle");
    }
    let runner = resolve::runner(&args.python);
    let opponent = resolve::farkle_strategy(args.vs.as_deref(), "--vs", game, &runner)?;
    prepare_directory(&args.out)?;
    let optimal = Strategy::parse("optimal", game)?;
    let solution = evaluated(game, [&optimal, &opponent])?;
    let strategy = opponent.optimiser_name();
    let report = report(game, heading(game, strategy, opponent.name()), &solution);
    let values = solution.values_file(strategy, opponent.name());
    let formats = match &args.format {
        Some(list) => list.iter().map(|&f| f.into()).collect(),
        None => VALUES_FORMATS.to_vec(),
    };
    write_and_print(report, &[], Some((values, formats)), &args.out, args.json)
}

/// The largest change one Bellman backup may make to values `swine tables` takes from a
/// directory: a solve's residual is at most 1e-14.
const TAKEN_CHANGE: f64 = 1e-13;

/// Farkle's part of `swine tables`: the default rules, optimal against the yardstick and both
/// optimal, W as `.npy` and `.bin`. With `from` (`--best-tables-from`), W is taken from the
/// `.npy` there, where there is one, once one Bellman backup ([`backup`]) moves none of its
/// values by more than [`TAKEN_CHANGE`] (the full solves take minutes); else it is solved.
pub fn tables(from: Option<&Path>) -> Result<Vec<TablesEntry>> {
    let game = Farkle::new(&[])?;
    let mut entries = Vec::new();
    for opponent in [YARDSTICK, MINIMAX] {
        let opponent = Strategy::parse(opponent, &game)?;
        let strategy = opponent.optimiser_name();
        let fixed = match opponent.player() {
            Player::Fixed(policy) => Some(policy),
            _ => None,
        };
        let heading = heading(&game, strategy, opponent.name());
        let blank = values_file(&game, &vec![0.0; game.states()], strategy, opponent.name());
        let taken = from
            .map(|dir| dir.join(format!("{}_values.npy", blank.stem)))
            .filter(|path| path.exists());
        let (values, report) = match taken {
            Some(path) => {
                let values = taken_values(&game, &blank, &path)?;
                let (change, matchup) = backup(&game, fixed, &values);
                if change > TAKEN_CHANGE {
                    bail!(
                        "--best-tables-from: {}: one Bellman backup moves a value by {change:.1e} \
                         (at most {TAKEN_CHANGE:e} where a solve found them): not the values of \
                         {} against {} now; regenerate it without --best-tables-from",
                        path.display(),
                        strategy,
                        opponent.name()
                    );
                }
                let how = format!(
                    "taken from {}, not solved again: one Bellman backup moves no value by more \
                     than the residual",
                    path.display()
                );
                let found = (matchup, change, fixed.is_none());
                (values, outcome_report(&game, heading, found, &how))
            }
            None => {
                let solution = solved(&game, [Player::Optimising, opponent.player()])?;
                let report = report(&game, heading, &solution);
                (solution.values(0).to_vec(), report)
            }
        };
        let file = values_file(&game, &values, strategy, opponent.name());
        entries.push(TablesEntry {
            text: text(&report),
            files: file.rendered(&[Format::Npy, Format::Binary]),
        });
    }
    Ok(entries)
}

/// The values (by state number) of the `.npy` file at `path`, written as `blank` is.
fn taken_values(game: &Farkle, blank: &ValuesFile, path: &Path) -> Result<Vec<f64>> {
    let bytes = std::fs::read(path)
        .with_context(|| format!("--best-tables-from: reading {}", path.display()))?;
    let ordered = blank.values_from_npy(&bytes).with_context(|| {
        format!(
            "--best-tables-from: {}: not the .npy of farkle's values (an f64 array of shape {:?})",
            path.display(),
            blank.values.shape()
        )
    })?;
    let mut values = vec![0.0; game.states()];
    for (i, (own, other, f, e)) in ndarray::indices(blank.values.shape())
        .into_iter()
        .map(|ix| (ix[0], ix[1], ix[2], ix[3]))
        .enumerate()
    {
        values[game.state(own, other, f, e)] = ordered[i];
    }
    Ok(values)
}

/// `swine eval` for Farkle.
pub fn eval(game: &Farkle, args: &EvalArgs) -> Result<()> {
    if args.explain.is_some() {
        bail!("--explain is not available for farkle");
    }
    let runner = resolve::runner(&args.python);
    let mover = resolve::farkle_strategy(Some(&args.strategy), "STRATEGY", game, &runner)?;
    let opponent = resolve::farkle_strategy(args.vs.as_deref(), "--vs", game, &runner)?;
    let players = meet(&mover, &opponent);
    if args.from.is_some() && players[0] == Player::Equilibrium {
        bail!(
            "--from: minimax against the fixed {} plays the decisions of both players optimal, \
             whose choices are valued in that game: ask swine eval minimax --vs minimax --from \
             for them, or optimal --vs {} for the best response's",
            opponent.name(),
            opponent.name()
        );
    }
    let solution = evaluated(game, [&mover, &opponent])?;
    let heading = heading(game, mover.name(), opponent.name());
    if let Some(from) = &args.from {
        let report = position(&solution, heading, from, args.dice.as_deref())?;
        print(&report, args.json)?;
        return Ok(());
    }
    print(&report(game, heading, &solution), args.json)?;
    Ok(())
}

/// A position inside a turn and what each choice there is worth.
#[derive(Serialize)]
struct PositionReport {
    #[serde(flatten)]
    heading: Heading,
    own: i64,
    opponent: i64,
    own_farkles: usize,
    opponent_farkles: usize,
    turn_total: u32,
    dice_left: usize,
    /// P(the mover wins) at the turn's start, its strategy played.
    turn_start: Probability,
    /// The choices at (turn total, dice left), the mover playing perfectly afterwards: bank
    /// (where it may) and roll; after a roll, each keep.
    choices: Vec<(String, Probability)>,
}

impl Report for PositionReport {
    fn write_text(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        writeln!(
            out,
            "{}, goal {}: {} against {}",
            self.heading.rules, self.heading.goal, self.heading.strategy, self.heading.opponent
        )?;
        writeln!(
            out,
            "  banked {} : {}, farkles {} : {}; P(mover wins) at the turn's start {:.12}",
            self.own, self.opponent, self.own_farkles, self.opponent_farkles, self.turn_start.0
        )?;
        writeln!(
            out,
            "  turn total {} with {} dice; each choice, then playing perfectly:",
            self.turn_total, self.dice_left
        )?;
        let best = self
            .choices
            .iter()
            .map(|c| c.1.0)
            .fold(f64::NEG_INFINITY, f64::max);
        for (choice, value) in &self.choices {
            let mark = if value.0 == best { "  <- best" } else { "" };
            writeln!(out, "    {choice:<34}{:.12}{mark}", value.0)?;
        }
        Ok(())
    }
}

/// The position `--from B,D,F,E,T,N` (and `--dice` after a roll): the mover's (seat 0's)
/// chance at its turn's start and every choice there valued against the solved values.
fn position(
    solution: &Solution,
    heading: Heading,
    from: &str,
    dice: Option<&str>,
) -> Result<PositionReport> {
    let pieces: Vec<&str> = from.split(',').map(str::trim).collect();
    if pieces.len() != AT_NAMES.len() {
        bail!(
            "--from {from}: expected B,D,F,E,T,N (banked scores, farkle counts, turn total, dice left), e.g. 0,0,0,0,0,6"
        );
    }
    let mut numbers = [0i64; 6];
    for ((number, piece), name) in numbers.iter_mut().zip(&pieces).zip(AT_NAMES) {
        *number = piece
            .parse()
            .with_context(|| format!("--from {from}: {name} '{piece}' is not a whole number"))?;
    }
    let faces = dice
        .map(|text| {
            text.split(',')
                .map(|d| d.trim().parse::<i64>().ok())
                .collect::<Option<Vec<i64>>>()
                .with_context(|| format!("--dice {text}: expected faces 1..6, comma-separated"))
        })
        .transpose()?;
    let at = At::of(numbers);
    let valued = value_position(solution, at, faces.as_deref()).map_err(|err| match err {
        PositionError::At(_) => anyhow!("--from {from}: {err}"),
        PositionError::Dice(_) => anyhow!("--dice {}: {err}", dice.unwrap_or_default()),
    })?;
    Ok(PositionReport {
        heading,
        own: at.own,
        opponent: at.opponent,
        own_farkles: at.own_farkles as usize,
        opponent_farkles: at.opponent_farkles as usize,
        turn_total: at.turn_total as u32,
        dice_left: at.dice_left as usize,
        turn_start: Probability(valued.turn_start),
        choices: valued
            .choices
            .into_iter()
            .map(|c| (c.label, Probability(c.value)))
            .collect(),
    })
}

/// `swine simulate` for Farkle.
pub fn simulate_game(game: &Farkle, args: &SimulateArgs) -> Result<()> {
    if args.transcript {
        bail!("--transcript is not available for farkle");
    }
    let runner = resolve::runner(&args.python);
    let mover = resolve::farkle_strategy(Some(&args.strategy), "STRATEGY", game, &runner)?;
    let opponent = resolve::farkle_strategy(args.vs.as_deref(), "--vs", game, &runner)?;
    let strategies = [&mover, &opponent];
    let progress = SolveProgress::start();
    let seated = Seated::new(game, strategies, &|_| {}, &|p| progress.update(p));
    progress.finish();
    let seated = seated?;
    let games = args.games.unwrap_or(DEFAULT_GAMES);
    let progress = GamesProgress::start(2 * games);
    let simulation = play_games(seated.solution(), strategies, games, args.seed, &|n| {
        progress.played(n)
    });
    progress.finish();
    let simulation = simulation.with_context(|| python_names(strategies))?;
    let heading = heading(game, mover.name(), opponent.name());
    let report = match seated {
        Seated::Exact(solution) => {
            SimulationReport::ties_if_any(heading, args.seed, simulation, solution.matchup())
        }
        Seated::Played(_) => {
            let note = format!(
                "{} decision points at goal {}, more than the {EXACT_LIMIT} an exact evaluation of \
                 a Python strategy may ask about",
                decision_points(game),
                game.goal()
            );
            let report = EstimateReport::new(heading, args.seed, simulation, note);
            return Ok(print(&report, args.json)?);
        }
    };
    print(&report, args.json)?;
    Ok(())
}

/// `swine tournament` for Farkle: the exact round robin of the entries that resolve, each
/// pairing solved from both seats as the strategies meet (`minimax` facing a fixed policy plays
/// the decisions of both players optimal, solved once before the matches).
pub fn tournament(game: &Farkle, args: &TournamentArgs) -> Result<()> {
    let target = contest::report_target(&args.batch)?;
    let pool = contest::pool(args.batch.jobs)?;
    let mut entries: Vec<Strategy> = Vec::new();
    let mut left_out = Vec::new();
    for spec in &args.strategies {
        match Strategy::parse(spec, game) {
            Ok(strategy) => entries.push(strategy),
            Err(error) => left_out.push((spec.trim().to_string(), error.reason())),
        }
    }
    if entries.len() < 2 {
        let reasons: Vec<String> = left_out.iter().map(|(s, r)| format!("{s}: {r}")).collect();
        return Err(ContestError::TooFew {
            usable: entries.len(),
            left_out: reasons.join("; "),
        }
        .into());
    }
    let n = entries.len();
    let entries = &entries;
    let needs_minimax = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| meet(&entries[i], &entries[j])))
        .any(|players| {
            players == [Player::Optimising; 2] || players.contains(&Player::Equilibrium)
        });
    let results = pool.install(|| -> Result<_> {
        let minimax = if needs_minimax {
            Some(solved(game, [Player::Optimising; 2])?)
        } else {
            None
        };
        let bar = contest::progress(n * (n - 1) / 2, "matches");
        let results = round_robin(
            n,
            |i, j| {
                let players = meet(&entries[i], &entries[j]);
                solve_given(game, players, minimax.as_ref(), &|_| {}).map(|s| s.matchup())
            },
            || bar.inc(1),
        )?;
        bar.finish_and_clear();
        Ok(results)
    })?;
    let played = Tournament {
        names: entries.iter().map(|s| s.name().to_string()).collect(),
        left_out,
        results,
    };
    let rules = (game.name().to_string(), "goal", game.goal());
    contest::standings(rules, played, args, target)
}

/// `swine play` for Farkle: the person is Player 0, the computer Player 1 (`--vs`, optimal by
/// default). Before each choice the hints give the person's chance to win with each, then
/// playing perfectly.
pub fn play(game: &Farkle, args: &PlayArgs) -> Result<()> {
    if args.moves.is_some() {
        bail!("--moves is a move limit for chopsticks; farkle has none");
    }
    let runner = resolve::runner(&args.python);
    let computer = resolve::farkle_strategy(
        Some(args.vs.as_deref().unwrap_or("optimal")),
        "--vs",
        game,
        &runner,
    )?;
    let seed = args.seed.unwrap_or_else(super::clock_seed);
    let mut out = io::stdout().lock();
    let mut input = Answers::new(&args.answers, io::stdin().lock());
    writeln!(
        out,
        "farkle (goal {}): you are Player 0, the computer (Player 1) plays {}. Seed {seed}.",
        game.goal(),
        computer.name()
    )?;
    let optimal = Strategy::parse("optimal", game)?;
    let solution = evaluated(game, [&optimal, &computer])?;
    let layout = solution.layout();
    let mut rng = SeededDice::new(seed);
    let mut played = Match::new(game, usize::from(args.first == Some(First::Computer)));
    let points = |index: usize| game.points(index);
    let won = |out: &mut io::StdoutLock, mover: usize| {
        let verdict = if mover == 0 {
            "You win!"
        } else {
            "The computer wins."
        };
        writeln!(out, "  reaches {}. {verdict}", game.goal())
    };
    loop {
        let (table, state) = (*played.table(), played.state(game));
        let mover = table.mover;
        let who = if mover == 0 { "Your" } else { "The computer's" };
        writeln!(
            out,
            "\n{who} turn: you {} (farkles in a row {}), computer {} ({}).",
            points(table.scores[0]),
            table.counts[0],
            points(table.scores[1]),
            table.counts[1]
        )?;
        if mover == 1 {
            let Some(plan) = Plan::new(&solution, mover, state) else {
                // A Python strategy: asked after each roll.
                if python_turn(&mut out, game, &computer, &mut played, &mut rng)? {
                    return Ok(won(&mut out, mover)?);
                }
                continue;
            };
            loop {
                let step = played.step(&solution, &plan, &mut rng)?;
                writeln!(out, "  rolled {}", spaced(&step.faces))?;
                let keep = match step.then {
                    Then::Farkle(farkled) => {
                        farkle(&mut out, game, farkled)?;
                        break;
                    }
                    Then::Won(keep) | Then::Banked(keep, _) | Then::RollsOn(keep) => keep,
                };
                writeln!(out, "  keeps {} points", keep.units * UNIT)?;
                match step.then {
                    Then::Won(_) => return Ok(won(&mut out, mover)?),
                    Then::Banked(_, t) => {
                        writeln!(out, "  banks {}", t as u32 * UNIT)?;
                        break;
                    }
                    _ => {}
                }
            }
            continue;
        }
        let (turn, lane) = solution.turn(0, state);
        loop {
            let t = played.turn_total();
            let (faces, rolled) = played.roll(game, &mut rng)?;
            writeln!(out, "  rolled {}", spaced(&faces))?;
            let keeps = match rolled {
                Rolled::Farkle(farkled) => {
                    farkle(&mut out, game, farkled)?;
                    break;
                }
                Rolled::Scores(keeps) => keeps,
            };
            for (i, keep) in keeps.iter().enumerate() {
                let hint = if args.no_hints {
                    String::new()
                } else {
                    let value =
                        turn.value(layout, t + keep.units as usize, keep.left as usize, lane);
                    format!("  (your chance then {value:.6})")
                };
                writeln!(
                    out,
                    "  {}: keep {} points, {} dice left{hint}",
                    i + 1,
                    keep.units * UNIT,
                    keep.left
                )?;
            }
            let Some(k) = ask_number(&mut input, &mut out, "Which keep? ", 1..=keeps.len())? else {
                return quit(&mut out);
            };
            if played.keep(game, k - 1)?.1 {
                return Ok(won(&mut out, mover)?);
            }
            if !played.may_bank(game) {
                continue;
            }
            let (t, dice) = (played.turn_total(), played.dice());
            if !args.no_hints {
                let bank = solution.bank_value(0, state, t);
                let roll = solution.roll_value(0, state, (&turn, lane), t, dice);
                writeln!(
                    out,
                    "  turn total {}, {dice} dice: bank {bank:.6}, roll {roll:.6}",
                    t as u32 * UNIT
                )?;
            }
            let Some(answer) = ask_word(&mut input, &mut out, "Bank or roll (b/r)? ", &["b", "r"])?
            else {
                return quit(&mut out);
            };
            if answer == 0 {
                writeln!(out, "  banks {}", played.bank(game)? as u32 * UNIT)?;
                break;
            }
        }
    }
}

/// Tells a farkle: the turn total lost, and the penalty when it completed a run.
fn farkle(out: &mut impl Write, game: &Farkle, farkled: Farkled) -> io::Result<()> {
    writeln!(
        out,
        "  farkle! the turn total {} is lost",
        farkled.lost as u32 * UNIT
    )?;
    if farkled.penalised {
        writeln!(
            out,
            "  {} farkles in a row cost {}: the banked score is now {}",
            game.farkles(),
            game.settings().penalty,
            farkled.score
        )?;
    }
    Ok(())
}

/// Plays the computer's turn of `played` by its Python strategy, asked after each roll which
/// keep to take and whether to bank; whether the turn won the game.
fn python_turn(
    out: &mut impl Write,
    game: &Farkle,
    computer: &Strategy,
    played: &mut Match,
    rng: &mut SeededDice,
) -> Result<bool> {
    let python = computer
        .python()
        .context("the computer has neither a plan nor a Python strategy")?;
    loop {
        let (table, t) = (*played.table(), played.turn_total());
        let (faces, rolled) = played.roll(game, rng)?;
        writeln!(out, "  rolled {}", spaced(&faces))?;
        let keeps = match rolled {
            Rolled::Farkle(farkled) => {
                farkle(out, game, farkled)?;
                return Ok(false);
            }
            Rolled::Scores(keeps) => keeps,
        };
        let mut shown = [0u8; DICE];
        for &face in &faces {
            shown[usize::from(face) - 1] += 1;
        }
        let mover = table.mover;
        let question = Question {
            own: game.points(table.scores[mover]),
            opponent: game.points(table.scores[1 - mover]),
            farkles: table.counts[mover],
            opponent_farkles: table.counts[1 - mover],
            total: t as u32 * UNIT,
            shown,
        };
        let decision = python
            .decide(game, &[question])
            .with_context(|| format!("in --vs {}", computer.name()))?[0];
        let k = keeps
            .iter()
            .position(|&k: &Keep| k == decision.keep)
            .context("the Python strategy's keep is one of the roll's")?;
        writeln!(out, "  keeps {} points", keeps[k].units * UNIT)?;
        if played.keep(game, k)?.1 {
            return Ok(true);
        }
        if decision.bank && played.may_bank(game) {
            writeln!(out, "  banks {}", played.bank(game)? as u32 * UNIT)?;
            return Ok(false);
        }
    }
}

/// The file a Farkle submission is in, looked for in folders.
const SUBMISSION_FILE: &str = "farkle.py";

/// Games per seat, and the seed, of a submission graded by simulation.
const GRADE_GAMES: u64 = 5_000;
const GRADE_SEED: u64 = 0;

/// `swine grade` for Farkle: each submission against `--vs`, exactly where a Python strategy's
/// play fits the limit, else by simulation (status `estimate`, with its confidence interval);
/// one that fails gets its reason and never stops the batch.
pub fn grade(game: &Farkle, args: &GradeArgs) -> Result<()> {
    if args.explain.is_some() {
        bail!("--explain is not available for farkle");
    }
    let target = contest::report_target(&args.batch)?;
    let runner = resolve::runner(&args.batch.python);
    let opponent = resolve::farkle_strategy(args.vs.as_deref(), "--vs", game, &runner)?;
    let pool = contest::pool(args.batch.jobs)?;
    let submissions = swine_solver::contest::submissions(&args.submissions, SUBMISSION_FILE);
    let bar = contest::progress(submissions.len(), "graded");
    let optimal = Strategy::parse("optimal", game)?;
    let (optimum, mut rows) = pool.install(|| -> Result<(f64, Vec<Grade>)> {
        let optimum = evaluate(game, [&optimal, &opponent], &|_| {}, &|_| {})
            .context("the optimum against --vs")?
            .matchup()
            .win_rate();
        let rows = submissions
            .par_iter()
            .map(|submission| {
                let row = graded(game, submission, (&opponent, optimum), &runner);
                bar.inc(1);
                row
            })
            .collect();
        Ok((optimum, rows))
    })?;
    bar.finish_and_clear();
    let rate = |g: &Grade| g.win_rate.map_or(f64::NEG_INFINITY, |p| p.0);
    rows.sort_by(|a, b| rate(b).total_cmp(&rate(a)));
    let failed = rows.iter().filter(|g| g.status == "error").count();
    let report = GradeReport {
        rules: game.name().to_string(),
        goal_name: "goal",
        goal: game.goal(),
        opponent: opponent.name().to_string(),
        optimal: if opponent.is_optimising() {
            "minimax (both players optimal)".to_string()
        } else {
            "the exact best response".to_string()
        },
        optimal_win_rate: Probability(optimum),
        submissions: rows,
    };
    let failed = (failed > 0).then(|| {
        format!(
            "{failed} of {} submission(s) could not be graded (each row says why)",
            report.submissions.len()
        )
    });
    contest::finish(&args.batch, target, &report, GradeReport::csv, failed)
}

/// The row of one submission against `opponent`, whom the optimum wins `optimum` of.
fn graded(
    game: &Farkle,
    submission: &swine_solver::contest::Submission,
    (opponent, optimum): (&Strategy, f64),
    runner: &swine_solver::python::Runner,
) -> Grade {
    let spec = &submission.spec;
    if let Some(problem) = &submission.problem {
        return Grade::failed(spec.clone(), String::new(), problem.clone());
    }
    let strategy = match Strategy::resolve(spec, game, runner) {
        Ok(strategy) => strategy,
        Err(error) => return Grade::failed(spec.clone(), String::new(), error.reason()),
    };
    let function = strategy
        .python()
        .map_or(String::new(), |p| p.function().to_string());
    match measure(game, [&strategy, opponent], GRADE_GAMES, GRADE_SEED) {
        Ok(Measured::Exact(outcome)) => Grade::rated(spec.clone(), function, &outcome, optimum),
        Ok(Measured::Estimate(simulation)) => {
            let outcome = simulation.observed();
            let error = outcome.win_rate_error(GRADE_GAMES);
            let rate = outcome.win_rate();
            Grade {
                status: "estimate",
                estimate: Some(Estimate {
                    games_per_seat: GRADE_GAMES,
                    seed: GRADE_SEED,
                    standard_error: Probability(error),
                    interval: [rate - Z95 * error, rate + Z95 * error].map(Probability),
                }),
                ..Grade::rated(spec.clone(), function, &outcome, optimum)
            }
        }
        Err(error) => {
            let error = match error {
                MatchError::Exact { error, .. } => error.to_string(),
                MatchError::Play { error, .. } => error.to_string(),
                other => other.to_string(),
            };
            Grade::failed(spec.clone(), function, error)
        }
    }
}
