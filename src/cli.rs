//! The command line, as parsed by clap: flags only, no solver objects (see `resolve`).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use swine_solver::catalog::{self, MOST_VARIANTS};
use swine_solver::format::Format;
use swine_solver::game::MOST_MOVES;
pub use swine_solver::game::MoveLimit;

use crate::help;

/// The top-level help's closing text: examples, then every ruleset with its strategies, read
/// from the solver's catalog.
fn examples() -> String {
    format!(
        "Examples:
  swine solve                                  optimal hog-fa20 strategy against always_roll:4
  swine solve --rules hog-wild --vs minimax    both players optimal
  swine solve --rules greed                    optimal Greed strategy against sample2
  swine eval bacon:8,6                         exact win rate against the yardstick
  swine eval my_table.csv --vs extra_turn      a table file against a built-in
  swine simulate optimal --games 100000        Monte Carlo check of the exact numbers
  swine eval hog.py --explain                  a course final_strategy, and where it loses
  swine grade submissions/ --report grades.csv every hog.py beneath, graded exactly
  swine tournament always_roll:4 bacon hog.py  an exact round robin
  swine eval bacon --rules my-hog.rhai         a Hog variant written as a rule script
  swine sweep --set goal=50..100:10            how optimal play moves with a parameter
  swine play                                   play Hog against perfect play, with exact hints
  swine play --rules chopsticks                play Chopsticks against the solver
  swine solve --rules pig --vs minimax         Pig with both players optimal (Neller & Presser)
  swine eval minimax --vs hold_at:20 --rules pig  the equilibrium strategy against hold at 20

`optimal` is the best response to the opponent named; `minimax` is the equilibrium strategy (the
table `swine solve --vs minimax` writes) whatever it plays against; `--vs minimax` against
`optimal` or `minimax` is both players optimal.

Rulesets (--rules) and their strategies:
{}",
        catalog::describe()
    )
}

/// The help of `--rules`, naming every ruleset.
fn rules_help() -> String {
    let names: Vec<&str> = catalog::rulesets().iter().map(|l| l.ruleset.name).collect();
    format!("The ruleset: {}", names.join(", "))
}

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "swine",
    version,
    about = help::about(),
    long_about = format!(
        "{}.\n\nEvery number swine prints is computed from the full state space of the game, \
         not sampled.",
        help::about()
    ),
    after_help = examples()
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The verbs.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Find the optimal strategy against an opponent and write it as tables.
    #[command(after_help = "\
Examples:
  swine solve                                   hog-fa20, against always_roll:4
  swine solve --rules hog-wild --out tables     hog-wild, against always_roll:5
  swine solve --vs minimax --json               both optimal; JSON on stdout
  swine solve --vs bacon:8,6 --format py        only the Python module
  swine solve --rules hog-fa19                  its best score table, as committed in tables/
  swine solve --rules hog-fa19 --time-limit 30  best score table, searched for at most 30 s
  swine solve --rules greed --vs minimax        Greed with both players optimal
  swine solve --rules chopsticks --moves 10     Chopsticks, at most 10 moves per player
  swine solve --rules chopsticks                Chopsticks without a move limit
  swine solve --rules pig --vs minimax          Pig with both players optimal
  swine solve --rules piglet --goal 2 --values  Piglet to 2, and every state's value")]
    Solve(SolveArgs),
    /// Print the exact win rate of a strategy against another.
    #[command(after_help = "\
Examples:
  swine eval always_roll:6                      against the yardstick (always_roll:4)
  swine eval extra_turn:9,5 --vs bacon          two built-ins
  swine eval swine-out/hog_fa20_optimal_vs_always_roll_4.csv --vs always_roll:6
  swine eval always_roll:4 --vs optimal         against the best response to it
  swine eval minimax --vs hold_at:20 --rules pig  the equilibrium strategy (0.5715 moving
                                                first), not the best response (optimal, 0.5874)
  swine eval sample1 --rules greed              Greed: win, tie and loss against sample2
  swine eval hog.py --explain 5                 a course final_strategy, and where it loses
  swine eval pr1.py:myStrategy --rules greed    a Greed strategy written in Python
  swine eval keep_pace --rules pig --explain 5  a Pig strategy, and the states where it loses
  swine eval minimax --vs minimax --rules pig --from 0,0,20
                                                one Pig position: the value of roll and hold")]
    Eval(EvalArgs),
    /// Play many seeded random games and compare with the exact win rate.
    #[command(after_help = "\
Examples:
  swine simulate bacon --games 200000 --seed 7
  swine simulate optimal --rules hog-wild
  swine simulate sample1 --vs sample1 --rules greed --games 1 --seed 3 --transcript
  swine simulate score_base --rules two-dice-pig --games 100000")]
    Simulate(SimulateArgs),
    #[command(about = help::study(), long_about = None, after_help = "\
Examples:
  swine study always_roll:6                     against the yardstick, hog-fa20
  swine study optimal --rules hog-sp21 --csv length.csv
                                                the length distribution as CSV
  swine study chase --rules examples/my-hog.rhai --check 100000
                                                every figure beside 100000 games per seating
  swine study hold_at:25 --rules two-dice-pig   a Pig family game: Pig Outs, two 1s, holds
  swine study optimal --rules greed             passes, busts, rolls of 0 and ties

A turn is one player's turn as the course counts it: an extra turn is a turn, rolling 0 is a
turn. Rules are counted on either player's turns, by the names the ruleset gives them
(`rule_names` in a rule script).")]
    Study(StudyArgs),
    #[command(about = help::play(), long_about = None, after_help = "\
Examples:
  swine play                                    hog-fa20 against perfect play, with hints
  swine play --rules hog-fa19 --vs always_roll:4 --seed 7
  swine play --rules greed --no-hints --first computer
  swine play --rules pig --vs hold_at:20        roll or hold, with the value of each
  swine play --rules chopsticks                 at most 10 moves each; asks who goes first
  swine play --rules chopsticks --first you --moves 5
  swine play --rules chopsticks --moves unlimited --first computer")]
    Play(PlayArgs),
    /// Draw a strategy map, where two strategies differ, a win-probability surface, or a sweep
    /// (PNG or SVG, by the extension of --out).
    #[command(after_help = "\
Examples:
  swine plot map optimal --out map.png               hog-fa20's optimal strategy
  swine plot map optimal --rules greed --out greed.svg
  swine plot map minimax --rules pig --out pig.png   the turn total at which optimal Pig holds
  swine plot map optimal --rules farkle --out farkle.png --data farkle.csv
                                                     where optimal Farkle banks, by dice left
  swine plot diff bacon optimal --out diff.png       where bacon differs from optimal, and what each cell costs
  swine plot win optimal --out win.png
  swine plot sweep sweep.json --x goal --y optimal_win_rate --y minimax_first_player_wins --out sweep.png
                                                     a line per column, named in a legend")]
    Plot(PlotArgs),
    #[command(about = help::serve(), long_about = None, after_help = "\
Examples:
  swine serve                       http://127.0.0.1:8000/
  swine serve --port 0 --open       any free port, opened in the browser
  http://127.0.0.1:8000/?rules=farkle&goal=2000&set=floor=-1000   Farkle, solved in seconds")]
    Serve(ServeArgs),
    /// Grade submissions exactly: Python files, folders of them, or tables, ranked.
    #[command(after_help = "\
Examples:
  swine grade submissions/                      every hog.py beneath, against always_roll:4
  swine grade ann/hog.py bob/hog.py:my_strategy --report grades.csv
  swine grade submissions/ --explain 5 --report grades.json
  swine grade pr1/ --rules greed                every pr1.py beneath, against sample2
  swine grade pig/ --rules pig                  every pig.py beneath, against hold_at:20")]
    Grade(GradeArgs),
    /// Play an exact round robin between strategies, ranked.
    #[command(after_help = "\
Examples:
  swine tournament always_roll:4 always_roll:6 bacon extra_turn
  swine tournament sample1 sample2 improve:sample1 optimal --rules greed
  swine tournament hold_at:20 keep_pace score_base optimal --rules pig
  swine tournament bank_at:300 bank_at:350,2 max_points minimax --rules farkle --goal 2000
  swine tournament ann/hog.py bob/hog.py my_table.csv --report matrix.csv")]
    Tournament(TournamentArgs),
    /// Solve every variant of a game over a grid of its parameters.
    #[command(after_help = "\
Examples:
  swine sweep --set goal=50..100:10             hog-fa20 at goals 50, 60, ..., 100
  swine sweep --rules my-hog.rhai --set bonus=1..5 --set goal=50,100 --report sweep.csv")]
    Sweep(SweepArgs),
    /// List every game: its players, kind of value, parameters, rulesets and what it answers.
    #[command(after_help = "\
Examples:
  swine games                                   every game's record
  swine games --json                            the same as a list of JSON objects")]
    Games(GamesArgs),
    /// List, show and check Hog rule scripts.
    #[command(
        subcommand,
        after_help = "\
Examples:
  swine rules list                              every built-in ruleset
  swine rules show hog-fa19 > my-hog.rhai       a preset's script, to copy
  swine rules check my-hog.rhai --set goal=50   compile a script and say what it is"
    )]
    Rules(RulesCommand),
    /// Regenerate the optimal and minimax tables of every built-in ruleset, of Greed and the Pig
    /// family, Farkle's turn-start values, and the solved positions of Chopsticks.
    #[command(after_help = "\
Examples:
  swine tables --out tables                     what the repository's tables/ holds
  swine tables --best-tables-from tables        the same; its best tables and Farkle's values
                                                checked, not searched or solved")]
    Tables(TablesArgs),
    /// Write docs/atlas.md: every Hog preset's optimal play side by side, by term, with a
    /// strategy map of each (docs/atlas/*.png); with --rules, the same page of the rulesets
    /// given (one's own rule scripts beside any preset).
    #[command(after_help = "\
Examples:
  swine atlas                                   docs/atlas.md and docs/atlas/*.png
  swine atlas --out /tmp/atlas --json           every number to full precision, as JSON
  swine atlas --rules examples/my-hog.rhai --rules hog-fa20 --out my-atlas
                                                a script of one's own beside hog-fa20")]
    Atlas(AtlasArgs),
    /// Print a shell completion script for bash, zsh, fish, elvish or PowerShell.
    #[command(after_help = "\
Examples:
  swine completions bash > ~/.local/share/bash-completion/completions/swine
  swine completions zsh > ~/.zfunc/_swine        with fpath+=~/.zfunc in ~/.zshrc
  swine completions fish > ~/.config/fish/completions/swine.fish")]
    Completions(CompletionsArgs),
    /// Print the manual page (roff) of swine or of one of its verbs.
    #[command(after_help = "\
Examples:
  swine man > swine.1 && man ./swine.1           the whole program
  swine man grade | man -l -                     one verb's page")]
    Man(ManArgs),
}

/// Which game and goal.
#[derive(Debug, Args)]
pub struct RulesArgs {
    #[arg(long, value_name = "NAME|FILE.rhai|FILE.py", default_value = catalog::default_rules(), help = rules_help())]
    pub rules: String,
    #[arg(long, value_name = "N", help = help::goal())]
    pub goal: Option<u32>,
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = catalog::setting, help = help::set())]
    pub settings: Vec<(String, String)>,
    #[arg(long, value_name = "N", help = help::players())]
    pub players: Option<u8>,
    /// Solve even where the estimate of the memory it takes exceeds the memory this process may
    /// use: the machine's free memory, its `ulimit -v`, its cgroup's limit (without it, such a
    /// solve is refused before it starts).
    #[arg(long)]
    pub no_memory_check: bool,
}

/// `swine solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The opponent: a strategy, or `minimax` (or `optimal`) for both players optimal
    /// [default: the ruleset's yardstick, always_roll:4 for hog-fa20].
    #[arg(long, value_name = "STRATEGY|minimax")]
    pub vs: Option<String>,
    /// Directory for the strategy files (created if missing).
    #[arg(long, value_name = "DIR", default_value = "swine-out")]
    pub out: PathBuf,
    /// Formats to write, comma-separated [default: csv,json,py,npy,bin; no .py for a table
    /// that reads memories].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub format: Option<Vec<FormatArg>>,
    /// Rules with hidden memory (hog-fa19): also write the full-information strategy, indexed
    /// by both scores and both memories (.py excepted).
    #[arg(long)]
    pub full_information: bool,
    /// Also write the win probability of every state (hidden memory included) with the solved
    /// strategy to move, as STEM_values in each format (Hog, Greed, the Pig family: per own
    /// score, opponent score and turn total).
    #[arg(long)]
    pub values: bool,
    /// Rules with hidden memory: stop searching for the best score table after this many
    /// seconds (checked after each round of a climb, so it can run over by about 0.1 s at goal
    /// 100) and write the best table found so far.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub time_limit: Option<Duration>,
    /// Rules with hidden memory: perturbations of the best table the search climbs from again
    /// after its starting climbs, in batches of 4 [default: 200].
    #[arg(long, value_name = "N")]
    pub perturbations: Option<usize>,
    /// Rules with hidden memory: the seed of the search's perturbations; the same seed and
    /// number of perturbations give the same table on every machine [default: 0]. Without
    /// --seed, --perturbations or --time-limit, a preset's best table committed in tables/ is
    /// taken (checked, in about a second) instead of searched for again.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    #[arg(long, value_name = "M|unlimited", value_parser = move_limit, help = help::moves("unlimited, by retrograde analysis"))]
    pub moves: Option<MoveLimit>,
    #[command(flatten)]
    pub precision: PrecisionArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub python: PythonArgs,
}

/// Beyond float64: fractions, or certified bounds.
#[derive(Debug, Args)]
pub struct PrecisionArgs {
    /// Also give the win rates as reduced fractions, computed in big integers, and the states
    /// where the optimum's best choices are worth exactly the same (Hog rules where no turn
    /// lowers the total; Pig and Piglet at small goals).
    #[arg(long)]
    pub exact: bool,
    /// Also give an interval that provably holds each win rate, from interval value iteration
    /// with outward rounding (every game but Chopsticks, any goal: where fractions are out of
    /// reach).
    #[arg(long)]
    pub bounds: bool,
}

/// `swine play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    #[arg(long, value_name = "M|unlimited", value_parser = move_limit, help = help::moves("10"))]
    pub moves: Option<MoveLimit>,
    /// Who moves first [default: asked where the game asks, else you].
    #[arg(long, value_name = "WHO")]
    pub first: Option<First>,
    #[arg(long, value_name = "STRATEGY", help = help::play_vs())]
    pub vs: Option<String>,
    #[arg(long, value_name = "S", help = help::play_seed())]
    pub seed: Option<u64>,
    /// Do not show the value of each choice before your turns.
    #[arg(long)]
    pub no_hints: bool,
    #[arg(long, help = help::dice_by_hand())]
    pub dice_by_hand: bool,
    /// Your first answers, in order, as if typed (e.g. `6,0`; Pig `r,h`; Chopsticks: `yes` to
    /// go first, then moves; Yahtzee `4 4,,fh`: faces with spaces, an empty answer for the
    /// best); then the terminal's. With --seed, replays a game.
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    pub answers: Vec<String>,
    #[command(flatten)]
    pub python: PythonArgs,
}

/// Who moves first in `swine play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// The person at the terminal.
    You,
    /// The solver.
    Computer,
}

/// Parses `--moves` (and the page's `moves=`): a number of moves per player, or `unlimited`.
pub fn move_limit(text: &str) -> Result<MoveLimit, String> {
    if text == "unlimited" {
        return Ok(MoveLimit::Unlimited);
    }
    match text.parse::<u32>() {
        Ok(m) if (1..=MOST_MOVES).contains(&m) => Ok(MoveLimit::Moves(m)),
        _ => Err(format!(
            "'{text}' is neither a number of moves in 1..={MOST_MOVES} nor 'unlimited'"
        )),
    }
}

/// How Python strategies (`file.py`, `file.py:FUNCTION`) are run.
#[derive(Debug, Args)]
pub struct PythonArgs {
    /// The Python interpreter that runs .py strategies and rule modules (--rules FILE.py).
    #[arg(long, value_name = "PATH", default_value = "python3")]
    pub python: PathBuf,
    /// Wall-clock limit for tabulating one .py strategy, or for importing a rule module and for
    /// each batch of its hook calls (CPU time is limited alike), at most a day.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = seconds)]
    pub timeout: Duration,
    /// Wall-clock limit for one call of a .py strategy's function while it is tabulated: a
    /// call that runs longer is refused, naming it (e.g. final_strategy(12, 40)).
    #[arg(long, value_name = "SECONDS", default_value = "2", value_parser = seconds)]
    pub call_timeout: Duration,
}

/// `swine eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// The strategy to evaluate (`optimal`: the best response to the opponent; `minimax`: the
    /// equilibrium strategy, whatever the opponent). A Farkle strategy in Python is
    /// final_strategy(score, opponent_score, farkles, opponent_farkles, turn_total, dice) ->
    /// (kept, bank), evaluated exactly up to 5000000 decision points (goal - floor <= 500).
    pub strategy: String,
    /// The opponent [default: the ruleset's yardstick].
    #[arg(long, value_name = "STRATEGY")]
    pub vs: Option<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Also list the N cells where changing the strategy's choice alone gains the most win
    /// rate, exactly (the Pig family: states, with the turn total) [N: 10]. Each row: the cell,
    /// the choice made and the best one, `reach` (the chance that a game comes to the cell with
    /// the strategy to move, each seat first in half the games; the expected number of visits
    /// where a game can come back) and `gain` (the win rate the change alone adds: reach times
    /// what the best choice is worth more there, summed over the cell's hidden memories).
    #[arg(
        long,
        value_name = "N",
        num_args = 0..=1,
        default_missing_value = "10",
        value_parser = clap::value_parser!(u16).range(1..)
    )]
    pub explain: Option<u16>,
    #[arg(
        long,
        value_name = "POSITION",
        conflicts_with_all = ["explain", "exact", "bounds"],
        help = help::from()
    )]
    pub from: Option<String>,
    #[arg(long, value_name = "FACES", help = help::dice())]
    pub dice: Option<String>,
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u8).range(0..=2),
        help = help::rolls_left()
    )]
    pub rolls_left: Option<u8>,
    #[arg(
        long,
        help = help::distribution(),
        value_name = "FILE.csv",
        num_args = 0..=1,
        conflicts_with_all = ["vs", "explain", "exact", "bounds"]
    )]
    pub distribution: Option<Option<PathBuf>>,
    #[command(flatten)]
    pub precision: PrecisionArgs,
    #[command(flatten)]
    pub python: PythonArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `swine simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The strategy to play (`optimal` is solved first, then played as a table). A Farkle
    /// strategy in Python is asked in batches at any size; past the exact limit the report is
    /// an estimate with confidence intervals.
    pub strategy: String,
    /// The opponent [default: the ruleset's yardstick].
    #[arg(long, value_name = "STRATEGY")]
    pub vs: Option<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
    #[command(flatten)]
    pub python: PythonArgs,
    /// Games per seat (each side moves first this many times) [default: 100000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Seed of the dice; the same seed gives the same games.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Print one game turn by turn instead (Greed: as the assignment's autoplayLoud), the
    /// strategy moving first; needs --games 1 or no --games.
    #[arg(long)]
    pub transcript: bool,
    /// Threads playing games [default: the number of cores]; the results do not depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `swine study`.
#[derive(Debug, Args)]
pub struct StudyArgs {
    /// The strategy to study (`optimal`: the best response to the opponent).
    pub strategy: String,
    /// The opponent [default: the ruleset's yardstick].
    #[arg(long, value_name = "STRATEGY")]
    pub vs: Option<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
    #[command(flatten)]
    pub python: PythonArgs,
    /// Write P(a game lasts exactly t turns), for each seating, to this CSV file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also play this many games per seating with real dice and show how far the exact figures
    /// lie from what they counted, in standard errors.
    #[arg(long, value_name = "GAMES", value_parser = clap::value_parser!(u64).range(2..))]
    pub check: Option<u64>,
    /// Seed of the dice for --check.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `swine games`.
#[derive(Debug, Args)]
pub struct GamesArgs {
    /// Print the records as one JSON list instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `swine sweep`.
#[derive(Debug, Args)]
pub struct SweepArgs {
    #[arg(long, value_name = "NAME|FILE.rhai|FILE.py", default_value = catalog::default_rules(), help = rules_help())]
    pub rules: String,
    /// The values of a parameter (the goal, a parameter a rule script declares, a rule number
    /// of farkle): A..B, A..B:STEP or A,B,C; several make a grid.
    #[arg(long = "set", value_name = "NAME=VALUES", required = true, value_parser = sweep_values)]
    pub settings: Vec<(String, Vec<i64>)>,
    /// Sweep even where the estimate of the memory its largest variant takes exceeds the memory
    /// this process may use (without it, such a sweep is refused before it starts).
    #[arg(long)]
    pub no_memory_check: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Parses `--set NAME=A..B[:STEP]` or `NAME=A,B,C`.
fn sweep_values(text: &str) -> Result<(String, Vec<i64>), String> {
    let (name, values) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}' is not NAME=VALUES, e.g. goal=50..100:10"))?;
    let number = |v: &str| {
        v.trim()
            .parse::<i64>()
            .map_err(|_| format!("'{text}': {} is not a whole number", v.trim()))
    };
    let values: Vec<i64> = match values.split_once("..") {
        Some((from, rest)) => {
            let (to, step) = match rest.split_once(':') {
                Some((to, step)) => (number(to)?, number(step)?),
                None => (number(rest)?, 1),
            };
            let from = number(from)?;
            if step <= 0 || to < from {
                return Err(format!("'{text}': a range runs upwards by a positive step"));
            }
            if (i128::from(to) - i128::from(from)) / i128::from(step) >= MOST_VARIANTS as i128 {
                return Err(format!("'{text}': more than {MOST_VARIANTS} values"));
            }
            (from..=to).step_by(step as usize).collect()
        }
        None => values.split(',').map(number).collect::<Result<_, _>>()?,
    };
    Ok((name.trim().to_string(), values))
}

/// Parses `--set NAME=VALUE` with a whole number, as a rule script's parameters take it.
fn number_setting(text: &str) -> Result<(String, i64), String> {
    let (name, value) = catalog::setting(text)?;
    let number = value
        .parse::<i64>()
        .map_err(|_| format!("'{text}': {value} is not a whole number"))?;
    Ok((name, number))
}

/// `swine rules`.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Every built-in ruleset with one line about it.
    List,
    /// Print a built-in ruleset's script (a starting point to copy).
    Show {
        /// The preset, e.g. hog-fa20.
        name: String,
    },
    /// Compile a rule script (or a Python rule module) and report its parameters, memory, state
    /// space and whether every turn raises the total score.
    Check {
        /// The script, FILE.rhai or FILE.py (or a preset's name).
        file: String,
        /// Sets a parameter the script declares; may be repeated.
        #[arg(long = "set", value_name = "NAME=VALUE", value_parser = number_setting)]
        settings: Vec<(String, i64)>,
        #[command(flatten)]
        python: PythonArgs,
    },
}

/// `swine grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// What to grade: a .py file, FILE.py:FUNCTION, a folder (every hog.py beneath it, pr1.py
    /// for Greed, pig.py for the Pig family, farkle.py for Farkle), or a table file.
    #[arg(required = true, value_name = "SUBMISSION")]
    pub submissions: Vec<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The opponent [default: the ruleset's yardstick].
    #[arg(long, value_name = "STRATEGY")]
    pub vs: Option<String>,
    /// Add to each row the N cells where a single change gains the most (with each cell's
    /// `reach` and `gain`, as `eval --explain` explains them).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub explain: Option<u16>,
    #[command(flatten)]
    pub batch: BatchArgs,
}

/// What `grade` and `tournament` share: the report, parallelism, Python, JSON.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Also write the results to FILE: .csv or .json, by the extension.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Submissions or matches worked on at once [default: the number of cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    #[command(flatten)]
    pub python: PythonArgs,
    /// Print one JSON object (what a JSON report holds) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `swine tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// The entries (at least two in all): built-ins, table files, .py files, and folders, each
    /// entering every course file beneath it (hog.py, pr1.py, ...) as grade finds them;
    /// NAME=SPEC enters SPEC under the name NAME (e.g. alice=class/alice/hog.py).
    #[arg(required = true, num_args = 1.., value_name = "STRATEGY")]
    pub strategies: Vec<String>,
    /// In a game of one player's score: play the exact round robin of duels instead of ranking
    /// the entries by expected final score.
    #[arg(long)]
    pub duels: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
}

/// `swine atlas`.
#[derive(Debug, Args)]
pub struct AtlasArgs {
    /// A ruleset to set beside the others (a preset's name, a rule script .rhai or a rule
    /// module .py), in the order given; may be repeated [default: every preset, by term].
    #[arg(long, value_name = "NAME|FILE.rhai|FILE.py")]
    pub rules: Vec<String>,
    /// The score that wins in every ruleset of --rules [default: each one's own].
    #[arg(long, value_name = "N", requires = "rules")]
    pub goal: Option<u32>,
    /// Sets a parameter in every ruleset of --rules that declares it, e.g. --set lucky=5; may
    /// be repeated.
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = number_setting, requires = "rules")]
    pub settings: Vec<(String, i64)>,
    /// Directory to write atlas.md into, and its pictures into DIR/atlas/ (created if
    /// missing) [default: docs; with --rules, the current directory].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print one JSON object with every number to full precision instead of the files written.
    #[arg(long)]
    pub json: bool,
    /// Solve even where the estimate of the memory a ruleset of --rules takes exceeds the memory
    /// this process may use (without it, such an atlas is refused before that ruleset starts).
    #[arg(long, requires = "rules")]
    pub no_memory_check: bool,
    #[command(flatten)]
    pub python: PythonArgs,
}

/// `swine tables`.
#[derive(Debug, Args)]
pub struct TablesArgs {
    /// Directory to write into.
    #[arg(long, value_name = "DIR", default_value = "tables")]
    pub out: PathBuf,
    /// Take each searched best score table (the rulesets that hide memory from a score table)
    /// from DIR's `*_best_table_vs_*.json`, where there is one, instead of searching again: it
    /// must be the best table of that very ruleset, goal and opponent, evaluate exactly to the
    /// win rates it records (to the bit) and describe the search as the search does, or nothing
    /// is written. Its files are then those the search writes. Farkle's turn-start values are
    /// taken from DIR's `farkle_*_values.npy` too, where there is one, instead of solving again
    /// (minutes): one Bellman backup of them must move no value by more than 1e-13.
    /// Everything else is solved afresh.
    #[arg(long, value_name = "DIR")]
    pub best_tables_from: Option<PathBuf>,
}

/// `swine completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `swine man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The verb whose page to print (e.g. `grade`); without one, the page of swine itself.
    pub verb: Option<String>,
}

/// A table format on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Comma-separated grid.
    Csv,
    /// JSON with metadata.
    Json,
    /// Python module with final_strategy.
    Py,
    /// numpy array.
    Npy,
    /// Versioned binary with checksum.
    Bin,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Format {
        match format {
            FormatArg::Csv => Format::Csv,
            FormatArg::Json => Format::Json,
            FormatArg::Py => Format::Python,
            FormatArg::Npy => Format::Npy,
            FormatArg::Bin => Format::Binary,
        }
    }
}

/// The longest `--timeout`: a day.
const MOST_SECONDS: f64 = 86_400.0;

/// Parses a number of seconds above 0 and at most a day.
fn seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if seconds > 0.0 && seconds <= MOST_SECONDS {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "{text} seconds is outside the limits: above 0 and at most {MOST_SECONDS} (a day)"
        ))
    }
}

/// `swine plot`.
#[derive(Debug, Args)]
pub struct PlotArgs {
    #[command(subcommand)]
    pub what: PlotCommand,
}

/// What `swine plot` draws.
#[derive(Debug, Subcommand)]
pub enum PlotCommand {
    /// The strategy map: the dice rolled in every (own, opponent) cell (Greed: normal play and
    /// after a pass, side by side; the Pig family: the turn total at which it first holds;
    /// Farkle: the least turn total at which optimal or minimax play banks, a panel per dice
    /// count left).
    Map(PlotStrategyArgs),
    /// Where STRATEGY and OTHER choose differently, each cell coloured by the exact change of
    /// STRATEGY's win rate if it took OTHER's choice there alone (Hog).
    Diff(PlotDiffArgs),
    /// The exact probability that STRATEGY wins from every (own, opponent) cell, to move (Hog;
    /// the Pig family and Farkle: at the start of a turn).
    Win(PlotStrategyArgs),
    /// A line chart of a sweep's rows, a line per --y column, from the CSV or JSON `swine
    /// sweep` writes (or any CSV of named columns: `eval --distribution FILE.csv`'s).
    Sweep(PlotSweepArgs),
}

/// A picture of one strategy against an opponent.
#[derive(Debug, Args)]
pub struct PlotStrategyArgs {
    /// The strategy (`optimal` is solved against --vs first).
    pub strategy: String,
    /// The opponent [default: the ruleset's yardstick].
    #[arg(long, value_name = "STRATEGY")]
    pub vs: Option<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The picture to write: .png or .svg.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Also write the numbers drawn, as CSV: `panel,own,opponent,value` a cell a line.
    #[arg(long, value_name = "FILE.csv")]
    pub data: Option<PathBuf>,
    /// Farkle: the farkle counts (own, opponent's) the picture is drawn at [default: 0,0].
    #[arg(long, value_name = "F,E")]
    pub farkles: Option<String>,
    #[command(flatten)]
    pub python: PythonArgs,
}

/// Two strategies compared cell by cell.
#[derive(Debug, Args)]
pub struct PlotDiffArgs {
    #[command(flatten)]
    pub strategy: PlotStrategyArgs,
    /// The strategy whose choices STRATEGY might take.
    pub other: String,
}

/// A sweep's rows as lines, one per --y column.
#[derive(Debug, Args)]
pub struct PlotSweepArgs {
    /// The sweep's rows: a .csv or .json file `swine sweep` wrote.
    pub file: PathBuf,
    /// The parameter across.
    #[arg(long, value_name = "PARAM")]
    pub x: String,
    /// The columns up (repeat or comma-separate for several lines), e.g. optimal_win_rate or gap.
    #[arg(long, value_name = "COLUMN", required = true, value_delimiter = ',')]
    pub y: Vec<String>,
    /// Both axes logarithmic, so that a power law draws as a straight line (every number drawn
    /// must be above 0).
    #[arg(long)]
    pub log: bool,
    /// The picture to write: .png or .svg.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// `swine serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port on 127.0.0.1 (0: any free one; the address is printed).
    #[arg(long, default_value_t = 8000)]
    pub port: u16,
    /// Open the page in the desktop's browser (xdg-open).
    #[arg(long)]
    pub open: bool,
    /// The most memory the page's solved match-ups may take together, e.g. 4G or 500MB (k, M,
    /// G, T: powers of 1000; KiB, MiB, GiB: of 1024): a match-up whose solve is estimated to
    /// take more is refused, and the least recently played make room for a new one; at least
    /// 64 MB [default: half of this machine's memory].
    #[arg(long, value_name = "SIZE", value_parser = serve_budget)]
    pub max_memory: Option<u64>,
}

/// The least `swine serve --max-memory` takes, in bytes: the server itself, its runtime and a
/// match-up of the smallest games fit in it; below it nothing could be played.
pub const LEAST_SERVE_BUDGET: u64 = 64_000_000;

/// `swine serve --max-memory`: a size of memory ([`memory_size`]) of at least
/// [`LEAST_SERVE_BUDGET`].
fn serve_budget(text: &str) -> Result<u64, String> {
    let bytes = memory_size(text)?;
    if bytes < LEAST_SERVE_BUDGET {
        return Err(format!(
            "'{text}' is below the 64 MB the server needs at least (the server itself and \
             a match-up of the smallest games)"
        ));
    }
    Ok(bytes)
}

/// A size of memory in bytes, from `4G`, `500MB`, `1.5GiB` or `1000000`.
pub fn memory_size(text: &str) -> Result<u64, String> {
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let scale: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" => 1e3,
        "m" | "mb" => 1e6,
        "g" | "gb" => 1e9,
        "t" | "tb" => 1e12,
        "kib" => 1024.0,
        "mib" => 1024.0 * 1024.0,
        "gib" => 1024.0 * 1024.0 * 1024.0,
        "tib" => 1024.0f64.powi(4),
        _ => {
            return Err(format!(
                "'{text}': the unit '{unit}' is none of k, M, G, T, KiB, MiB, GiB, TiB"
            ));
        }
    };
    match number.parse::<f64>() {
        Ok(n) if n > 0.0 && (n * scale) < 1e18 => Ok((n * scale).round() as u64),
        _ => Err(format!(
            "'{text}' is not a size of memory such as 4G or 500MB"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::{memory_size, serve_budget};

    #[test]
    fn memory_sizes_read_with_decimal_and_binary_units() {
        assert_eq!(memory_size("4G"), Ok(4_000_000_000));
        assert_eq!(memory_size("500MB"), Ok(500_000_000));
        assert_eq!(memory_size("1.5GiB"), Ok(1_610_612_736));
        assert_eq!(memory_size("2 kib"), Ok(2048));
        assert_eq!(memory_size("1000000"), Ok(1_000_000));
        for bad in ["", "0", "G", "4X", "-1G", "1e30", "1.2.3M"] {
            let refusal = memory_size(bad).unwrap_err();
            assert!(refusal.contains(&format!("'{bad}'")), "{bad}: {refusal}");
        }
    }

    #[test]
    fn the_pages_budget_is_at_least_64_mb() {
        assert_eq!(serve_budget("64MB"), Ok(64_000_000));
        for small in ["0.0001B", "1M", "63.9MB", "61MiB"] {
            let refusal = serve_budget(small).unwrap_err();
            assert!(refusal.contains("below the 64 MB"), "{small}: {refusal}");
        }
        assert!(serve_budget("1.2.3M").unwrap_err().contains("not a size"));
    }
}
