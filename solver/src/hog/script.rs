//! Hog rulesets written as [rhai](https://rhai.rs) scripts or as Python modules: the presets
//! are scripts embedded in the binary, `--rules FILE.rhai` loads one of your own, and `--rules
//! FILE.py` a module written in the course's own language, with the same hooks.
//!
//! A script sets a few variables and defines the hooks of the rules; every hook is a function of
//! a small domain, which [`Ruleset::compile`](super::Ruleset::compile) calls once per value to
//! build the tables the solver, the simulator and the built-in strategies read. The solver never
//! calls the script.
//!
//! | in the script | what it is | if absent |
//! |---|---|---|
//! | `let name = "..."`, `let summary = "..."`, `let yardstick = "always_roll:4"` | the ruleset's name, one line about it, the strategy the course measures against | required |
//! | `let goal = parameter("goal", 100)` | the goal; `parameter(NAME, DEFAULT)` declares any parameter, set with `--set NAME=VALUE`, which the hooks read as `param(NAME)` | required |
//! | `let memory = #{ size: 11, initial: 0, meaning: "..." }` | what each player remembers between their turns (values `0..size`) | nothing |
//! | `let pig_out = true` | whether a 1 on any die scores 1 for the turn | `true` |
//! | `let least_dice = 1` | the fewest dice a player may ask for: 1 forbids rolling 0 (no Free Bacon) | 0 |
//! | `fn free_bacon(opponent)` or `fn free_bacon(own, opponent)` | points for rolling 0 dice (0 is allowed: a turn that gains nothing) | required unless `least_dice` is at least 1 |
//! | `fn pig_out_points(ones, dice)` | the points of a Pig Out when `ones` of the `dice` dice rolled show a 1 (six-sided or any die, no face bonus) | 1 |
//! | `fn turn_points(points, dice)` | the turn's points once rules on them apply (a prime boost, a cap), from the `points` that `dice` dice scored (0 dice: Free Bacon), before any `bonus`; at least 1 | `points` |
//! | `fn dice_limit(own, opponent)` | the most dice the mover may roll (more are reduced to it) | 10 |
//! | `fn die(own, opponent)` | the number of sides of the dice rolled | 6 |
//! | `fn face_bonus(own, face)` | points each die showing `face` adds to the turn, Pig Out or not (at most 20) | 0 |
//! | `fn bonus(remembered, dice)` (or `fn bonus(remembered, opponent_remembered, dice)`) | points added to the turn for choosing `dice`, from the mover's memory (and the opponent's) | 0 |
//! | `fn remember(remembered, dice)` (or `fn remember(remembered, opponent_remembered, dice)`) | the mover's memory after choosing `dice`; the opponent's memory does not change | 0 |
//! | `fn remember_points(remembered, dice, points)` | instead of `remember`: the mover's memory after a turn of `dice` dice (as asked) that scored `points` (Free Bacon's or the dice's, before any `bonus`), e.g. the points of the previous turn | |
//! | `fn after_turn(mover, opponent)` (or with a third argument, the mover's memory) | whether the mover goes again (`true`/`false`), or a map of the scores after the turn's rules and that: `#{ mover, opponent, extra_turn }`, each key optional | no change |
//! | `fn goes_again(remembered)` | whether the mover goes again because of its memory after the turn (e.g. a turn counter), whatever `after_turn` says: one call per memory value | `false` |
//! | `let strategies = [#{ name, parameters, defaults, about }]` with `fn NAME(own, opponent, PARAMETERS...)` | the built-in strategies (a default `()` makes a parameter required) | none |
//!
//! Besides rhai's own functions, a script may call Python's floor division and modulo
//! (`div_floor`, `mod_floor`) and use whole numbers of any size (`big(3).pow(n)`), for rules
//! ported from a course's `hog.py` (see [`library`](super::library)).
//!
//! Hooks are functions, and rhai functions see no variable of the script's top level: a hook
//! reads a parameter with `param("NAME")` and a constant from a function of its own.
//!
//! Free Bacon and bonuses give at most [`MOST_POINTS`] points; `die` returns 2 to 20 sides;
//! `bonus` and `remember` see the dice count asked for (before `dice_limit`). The yardstick must
//! be `always_roll:N` or one of the script's strategies. A hook of one of these names with other
//! arguments, or a variable of the wrong type, is an error, never silently ignored.
//!
//! Scripts are sandboxed: no file, network or process access, no modules, output discarded, and
//! at most [`OPERATIONS`] operations per hook call, so a runaway loop is stopped (a legal but
//! slow hook is not: compiling calls hooks up to a million times at goal 1000). An error names
//! the script, the call that raised it and, where rhai knows it, the line.
//!
//! # Python modules
//!
//! A module has the same variables and hooks, written in Python: `name = "..."`, `goal =
//! parameter("goal", 100)` (with `from swine_rules import parameter`), `memory = {"size": ...}`,
//! `def free_bacon(opponent)`, `after_turn` returning `True`/`False`, `None` (no change) or a
//! dict `{"mover": ..., "opponent": ..., "extra_turn": ...}`. Hooks read parameters as the
//! module's own variables. A hook's arguments are its positional parameters without a default
//! (so `def free_bacon(score, goal=100)` takes the opponent's score alone), and a hook may be
//! any function bound to the name (`free_bacon = piggy_points`). A built-in strategy's entry
//! may name its function (`{"name": "bacon", "function": bacon_strategy, "about": "..."}`);
//! its `parameters` and `defaults`, when the entry leaves them out, are that function's
//! parameters after the first two and their defaults, as the course's `*_strategy(score,
//! opponent_score, cutoff=8, num_rolls=6)` declares them.
//!
//! A module runs in a child `python3` under the limits of Python strategies (see
//! [`python`](crate::python)): [`Script::compile_python`] imports it once, and every hook is
//! tabulated over its domain in one batch of calls to that child; the error of a call names the
//! module, the line to blame and the call, as a script's does.

mod python_backend;
mod remembered;
mod rhai_backend;

use std::cell::Cell;
use std::fmt;
use std::path::Path;

use remembered::Remembered;

use super::definition::{Builtin, MAX_DICE, Memory, Param};
use crate::dice::{Die, MOST_FACE_BONUS, MOST_FACES};
use crate::python::Runner;

thread_local! {
    /// How many scripts this thread has compiled (see [`compiled_on_this_thread`]).
    static COMPILED: Cell<usize> = const { Cell::new(0) };
}

/// How many rule scripts and modules (presets included) the calling thread has compiled: a
/// structural check that work needing no ruleset compiles none (listing the rulesets, help).
pub fn compiled_on_this_thread() -> usize {
    COMPILED.get()
}

/// The most operations one call of a rhai hook may take.
pub const OPERATIONS: u64 = 1_000_000;

/// The most points Free Bacon or a bonus may give (more would only make the tables huge).
pub const MOST_POINTS: i64 = 1000;

/// The hooks a script may define, with their arguments: a function of one of these names must
/// take exactly these (a misspelt hook would otherwise be silently ignored).
const HOOKS: [(&str, &[usize]); 11] = [
    ("free_bacon", &[1, 2]),
    ("face_bonus", &[2]),
    ("dice_limit", &[2]),
    ("die", &[2]),
    ("bonus", &[2, 3]),
    ("remember", &[2, 3]),
    ("remember_points", &[3]),
    ("after_turn", &[2, 3]),
    ("goes_again", &[1]),
    ("pig_out_points", &[2]),
    ("turn_points", &[2]),
];

/// The variables of the script's top level that the frame reads.
const FRAME: [&str; 9] = [
    "name",
    "rule_names",
    "summary",
    "yardstick",
    "goal",
    "memory",
    "pig_out",
    "least_dice",
    "strategies",
];

/// What a turn can do, by the key a script's `rule_names` names it under, with the name it has
/// where the script gives none: rolling no dice, a Pig Out, a bonus for the dice chosen
/// (`fn bonus`), another turn, after-turn rules that change a score, rules on a turn's points
/// (`fn turn_points`) that change them, a dice limit that rolls fewer dice than asked
/// (`fn dice_limit`) and dice of other than six faces (`fn die`), each counted by a study.
pub const RULE_KEYS: [(&str, &str); 8] = [
    ("free_bacon", "Free Bacon"),
    ("pig_out", "Pig Out"),
    ("bonus", "bonus"),
    ("extra_turn", "extra turn"),
    ("after_turn", "after-turn score change"),
    ("turn_points", "the rules on a turn's points"),
    ("dice_limit", "dice limit"),
    ("die", "another die"),
];

/// A compiled rule script (or Python rule module) with its parameters set.
pub struct Script {
    origin: String,
    language: Language,
    backend: Backend,
    name: String,
    summary: String,
    yardstick: String,
    goal: u32,
    memory: Memory,
    pig_out: bool,
    least_dice: u8,
    /// The names the script gives what a turn can do.
    rule_names: Vec<RuleName>,
    parameters: Vec<Parameter>,
    builtins: Vec<Builtin>,
    after_turn_reads_memory: bool,
    choice_reads_opponent_memory: bool,
    free_bacon_reads_own: bool,
    functions: Vec<Function>,
    fingerprint: u32,
    /// Whether this is a built-in preset's own script (see [`variant`](Self::variant)).
    preset: bool,
    /// The hooks' answers remembered across processes (rhai scripts only).
    remembered: Option<Remembered>,
}

/// A name a script gives what a turn can do (`rule_names`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct RuleName {
    /// The key of [`RULE_KEYS`].
    key: String,
    /// The name.
    name: String,
    /// The script's function of (mover, opponent) that says when it is this rule, if the key
    /// has several.
    when: Option<String>,
}

/// What runs a script's hooks.
enum Backend {
    /// The rhai engine, in this process.
    Rhai(Box<rhai_backend::Rhai>),
    /// A Python harness in a child process, asked in batches.
    Python(python_backend::Module),
}

impl fmt::Debug for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Script")
            .field("origin", &self.origin)
            .field("language", &self.language)
            .field("name", &self.name)
            .field("parameters", &self.parameters)
            .finish()
    }
}

/// A parameter a script declares, with the value it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// Its name, as in `--set NAME=VALUE`.
    pub name: String,
    /// Its value.
    pub value: i64,
    /// The script's default.
    pub default: i64,
}

/// What went wrong in a script: where, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}{}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct ScriptError {
    /// The script: a file's path, or the preset's name.
    pub origin: String,
    /// The line, when the script has one to blame.
    pub line: Option<usize>,
    /// What went wrong, with the call that raised it.
    pub message: String,
}

/// The language a ruleset is written in, which its messages speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Language {
    /// A rhai script (`FILE.rhai`, the presets).
    Rhai,
    /// A Python module (`FILE.py`).
    Python,
}

impl Language {
    /// The keyword that defines a function.
    pub(crate) fn def(self) -> &'static str {
        match self {
            Language::Rhai => "fn",
            Language::Python => "def",
        }
    }

    /// What the rules are called in messages.
    fn rules(self) -> &'static str {
        match self {
            Language::Rhai => "the script",
            Language::Python => "the module",
        }
    }

    /// The statement that sets `variable` to `value`.
    fn set(self, variable: &str, value: &str) -> String {
        match self {
            Language::Rhai => format!("let {variable} = {value};"),
            Language::Python => format!("{variable} = {value}"),
        }
    }

    /// The two truth values.
    fn truths(self) -> &'static str {
        match self {
            Language::Rhai => "true or false",
            Language::Python => "True or False",
        }
    }

    /// A map with the keys `keys`, as the language writes one.
    fn map_of(self, keys: &[&str]) -> String {
        match self {
            Language::Rhai => format!("a map #{{ {} }}", keys.join(", ")),
            Language::Python => format!(
                "a dict {{{}}}",
                keys.iter()
                    .map(|k| format!("\"{k}\": ..."))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// The name of a value's type, as the language says it.
    fn kind(self, value: &Value) -> String {
        let (rhai, python) = match value {
            Value::Nothing => ("()", "NoneType"),
            Value::Bool(_) => ("bool", "bool"),
            Value::Int(_) | Value::Huge(_) => ("i64", "int"),
            Value::Text(_) => ("string", "str"),
            Value::List(_) => ("array", "list"),
            Value::Map(_) => ("map", "dict"),
            Value::Other { kind, .. } => return kind.clone(),
        };
        match self {
            Language::Rhai => rhai,
            Language::Python => python,
        }
        .to_string()
    }

    /// A value as the language writes it.
    fn show(self, value: &Value) -> String {
        let python = self == Language::Python;
        match value {
            Value::Nothing if python => "None".to_string(),
            Value::Nothing => "()".to_string(),
            Value::Bool(true) if python => "True".to_string(),
            Value::Bool(false) if python => "False".to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Int(n) => n.to_string(),
            Value::Huge(text) => text.clone(),
            Value::Text(text) if python => format!("'{text}'"),
            Value::Text(text) => format!("\"{text}\""),
            Value::List(items) => format!(
                "[{}]",
                items
                    .iter()
                    .map(|v| self.show(v))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Value::Map(pairs) => {
                let shown: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| match self {
                        Language::Rhai => format!("{k}: {}", self.show(v)),
                        Language::Python => format!("'{k}': {}", self.show(v)),
                    })
                    .collect();
                match self {
                    Language::Rhai => format!("#{{{}}}", shown.join(", ")),
                    Language::Python => format!("{{{}}}", shown.join(", ")),
                }
            }
            Value::Other { shown, .. } => shown.clone(),
        }
    }
}

/// A value a script's top level or hook left, in either language.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
enum Value {
    /// rhai's `()`, Python's `None`.
    Nothing,
    /// A truth value.
    Bool(bool),
    /// A whole number that fits in 64 bits.
    Int(i64),
    /// A Python integer too large for 64 bits, as text.
    Huge(String),
    /// A text.
    Text(String),
    /// An array or a list.
    List(Vec<Value>),
    /// A map or a dict with text keys, in order.
    Map(Vec<(String, Value)>),
    /// Anything else: as the language shows it, and the name of its type.
    Other {
        /// The value as text.
        shown: String,
        /// Its type's name.
        kind: String,
    },
}

impl Value {
    /// The value of `key` in a map.
    fn get(pairs: &[(String, Value)], key: &str) -> Option<Value> {
        pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    }
}

/// A function a script defines: its name, how many arguments it takes, and the line of its
/// definition when the script's own text holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Function {
    name: String,
    arity: usize,
    line: Option<usize>,
}

/// What a script's top level left: the frame's variables that it set, its functions and the
/// parameters it declared.
struct TopLevel {
    variables: Vec<(String, Value)>,
    functions: Vec<Function>,
    declared: Vec<Parameter>,
}

/// Why a backend could not run a script or a call: the line to blame, and what went wrong.
struct Failure {
    line: Option<usize>,
    message: String,
}

/// What a batch of calls returned: the values of the calls before the first that failed, and
/// why that one failed.
struct Returned {
    values: Vec<Value>,
    failure: Option<Failure>,
}

impl Script {
    /// Compiles the rhai script `text` (from `origin`, a path or a preset's name) with the
    /// parameters in `settings` set (every one must be declared by the script).
    pub fn compile(
        origin: &str,
        text: &str,
        settings: &[(String, i64)],
    ) -> Result<Script, ScriptError> {
        COMPILED.set(COMPILED.get() + 1);
        let (backend, top) =
            rhai_backend::Rhai::start(text, settings).map_err(|failure| ScriptError {
                origin: origin.to_string(),
                line: failure.line,
                message: failure.message,
            })?;
        Script::assemble(
            origin,
            text,
            Language::Rhai,
            Backend::Rhai(Box::new(backend)),
            top,
            settings,
        )
    }

    /// Compiles the Python rule module `text`, read from the file `path` (given as `origin`),
    /// with the parameters in `settings` set: `runner`'s interpreter imports it under its
    /// limits, and answers its hooks until the script is dropped.
    pub fn compile_python(
        origin: &str,
        path: &Path,
        text: &str,
        settings: &[(String, i64)],
        runner: &Runner,
    ) -> Result<Script, ScriptError> {
        COMPILED.set(COMPILED.get() + 1);
        let (module, top) =
            python_backend::Module::start(path, text, settings, runner).map_err(|failure| {
                ScriptError {
                    origin: origin.to_string(),
                    line: failure.line,
                    message: failure.message,
                }
            })?;
        Script::assemble(
            origin,
            text,
            Language::Python,
            Backend::Python(module),
            top,
            settings,
        )
    }

    /// Reads the frame's variables and functions from what the top level left, and checks
    /// them, in the same words for both languages.
    fn assemble(
        origin: &str,
        text: &str,
        language: Language,
        backend: Backend,
        top: TopLevel,
        settings: &[(String, i64)],
    ) -> Result<Script, ScriptError> {
        let error = |line: Option<usize>, message: String| ScriptError {
            origin: origin.to_string(),
            line,
            message,
        };
        let TopLevel {
            variables,
            functions,
            declared,
        } = top;
        if let Some((unknown, _)) = settings
            .iter()
            .find(|(name, _)| !declared.iter().any(|p| &p.name == name))
        {
            let names: Vec<&str> = declared.iter().map(|p| p.name.as_str()).collect();
            return Err(error(
                None,
                format!(
                    "unknown parameter '{unknown}' in --set; {} declares {}",
                    language.rules(),
                    names.join(", ")
                ),
            ));
        }
        let variable = |name: &str| Value::get(&variables, name);
        let defines =
            |name: &str, arity: usize| functions.iter().any(|f| f.name == name && f.arity == arity);
        let line_of = |name: &str| {
            functions
                .iter()
                .find(|f| f.name == name)
                .and_then(|f| f.line)
        };
        // A variable of the wrong type is an error, never silently the default.
        let typed = |name: &str, kind: &Value| -> Result<Option<Value>, ScriptError> {
            match variable(name) {
                None => Ok(None),
                Some(value) if language.kind(&value) == language.kind(kind) => Ok(Some(value)),
                Some(value) => Err(error(
                    None,
                    format!(
                        "{name} is a {}, but must be a {}",
                        language.kind(&value),
                        language.kind(kind)
                    ),
                )),
            }
        };
        let text_of = |name: &str| -> Result<String, ScriptError> {
            match typed(name, &Value::Text(String::new()))? {
                Some(Value::Text(text)) => Ok(text),
                _ => Err(error(
                    None,
                    format!(
                        "{} sets no {name}: {}",
                        language.rules(),
                        language.set(name, "\"...\"")
                    ),
                )),
            }
        };
        let name = text_of("name").map_err(|mut e| {
            // A course hog.py given to --rules by mistake.
            if language == Language::Python && functions.iter().any(|f| f.name == "final_strategy")
            {
                e.message.push_str(
                    " (it defines final_strategy: a Python strategy is given as the STRATEGY, \
                     not with --rules)",
                );
            }
            e
        })?;
        let summary = text_of("summary")?;
        let yardstick = text_of("yardstick")?;
        let goal = match variable("goal") {
            Some(Value::Int(goal)) => goal,
            Some(Value::Huge(goal)) => {
                return Err(error(None, format!("goal {goal} is not a positive score")));
            }
            _ => {
                return Err(error(
                    None,
                    format!(
                        "{} declares no goal: {}",
                        language.rules(),
                        language.set("goal", "parameter(\"goal\", 100)")
                    ),
                ));
            }
        };
        let goal = u32::try_from(goal)
            .map_err(|_| error(None, format!("goal {goal} is not a positive score")))?;
        let memory = match typed("memory", &Value::Map(Vec::new()))? {
            Some(Value::Map(map)) => memory_of(&map).map_err(|m| error(None, m))?,
            _ => Memory::NONE,
        };
        let pig_out = !matches!(
            typed("pig_out", &Value::Bool(true))?,
            Some(Value::Bool(false))
        );
        let least_dice = match typed("least_dice", &Value::Int(0))? {
            Some(Value::Int(n)) => {
                u8::try_from(n)
                    .ok()
                    .filter(|&n| n <= MAX_DICE)
                    .ok_or_else(|| {
                        error(
                            None,
                            format!("least_dice is {n}, but must be in 0..={MAX_DICE}"),
                        )
                    })?
            }
            Some(Value::Huge(n)) => {
                return Err(error(
                    None,
                    format!("least_dice is {n}, but must be in 0..={MAX_DICE}"),
                ));
            }
            _ => 0,
        };
        let rule_names = match typed("rule_names", &Value::Map(Vec::new()))? {
            Some(Value::Map(map)) => rule_names_of(&map, language).map_err(|m| error(None, m))?,
            _ => Vec::new(),
        };
        let builtins = match typed("strategies", &Value::List(Vec::new()))? {
            Some(Value::List(list)) => list
                .iter()
                .map(|entry| builtin_of(entry, &defines, language))
                .collect::<Result<Vec<_>, String>>()
                .map_err(|m| error(None, m))?,
            _ => Vec::new(),
        };
        for function in &functions {
            if let Some((hook, arities)) = HOOKS.iter().find(|(name, _)| *name == function.name)
                && !arities.contains(&function.arity)
            {
                return Err(error(
                    function.line,
                    format!(
                        "{} {hook} takes {} argument(s), not {}",
                        language.def(),
                        arities
                            .iter()
                            .map(usize::to_string)
                            .collect::<Vec<_>>()
                            .join(" or "),
                        function.arity
                    ),
                ));
            }
        }
        let base = yardstick.split(':').next().unwrap_or_default();
        if base != "always_roll" && !builtins.iter().any(|b: &Builtin| b.name == base) {
            return Err(error(
                None,
                format!(
                    "yardstick '{yardstick}' is neither always_roll:N nor one of {}'s strategies",
                    language.rules()
                ),
            ));
        }
        let def = language.def();
        if defines("remember_points", 3) && (defines("remember", 2) || defines("remember", 3)) {
            return Err(error(
                line_of("remember_points"),
                format!(
                    "{def} remember_points and {def} remember both say what the mover \
                     remembers: define one"
                ),
            ));
        }
        if let Some(missing) = rule_names.iter().find_map(|r| {
            r.when
                .as_ref()
                .filter(|function| !defines(function, 2))
                .map(|function| (r, function))
        }) {
            let (rule, function) = missing;
            return Err(error(
                None,
                format!(
                    "rule_names: {}: {:?} names {function}, which the script does not define \
                     with two arguments (mover, opponent)",
                    rule.key, rule.name
                ),
            ));
        }
        let defines_free_bacon = defines("free_bacon", 1) || defines("free_bacon", 2);
        if least_dice == 0 && !defines_free_bacon {
            return Err(error(
                None,
                format!(
                    "{} defines no {def} free_bacon(opponent) or {def} free_bacon(own, \
                     opponent) (or forbids rolling 0 dice: {})",
                    language.rules(),
                    language.set("least_dice", "1")
                ),
            ));
        }
        if least_dice > 0 && defines_free_bacon {
            return Err(error(
                line_of("free_bacon"),
                format!(
                    "{def} free_bacon would never be used: least_dice = {least_dice} forbids \
                     rolling 0 dice"
                ),
            ));
        }
        Ok(Script {
            origin: origin.to_string(),
            language,
            backend,
            fingerprint: crc32fast::hash(text.as_bytes()),
            preset: false,
            remembered: (language == Language::Rhai).then(|| Remembered::open(text, &declared)),
            after_turn_reads_memory: defines("after_turn", 3),
            choice_reads_opponent_memory: defines("bonus", 3) || defines("remember", 3),
            free_bacon_reads_own: defines("free_bacon", 2),
            name,
            summary,
            yardstick,
            goal,
            memory,
            pig_out,
            least_dice,
            rule_names,
            parameters: declared,
            builtins,
            functions,
        })
    }

    /// The ruleset's name, e.g. `hog-fa20`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name of what a turn can do under `key` (one of [`RULE_KEYS`]): the script's own,
    /// else the default.
    pub fn rule_name(&self, key: &str) -> String {
        let named: Vec<&str> = self
            .rule_names
            .iter()
            .filter(|r| r.key == key)
            .map(|r| r.name.as_str())
            .collect();
        if named.is_empty() {
            let default = RULE_KEYS.iter().find(|(k, _)| *k == key).map(|(_, d)| *d);
            default.unwrap_or(key).to_string()
        } else {
            named.join(" or ")
        }
    }

    /// The rules the script tells apart under `key` by conditions: each name with its function
    /// of (mover, opponent) (empty where the key has one name).
    pub fn rule_conditions(&self, key: &str) -> Vec<(String, String)> {
        self.rule_names
            .iter()
            .filter(|r| r.key == key)
            .filter_map(|r| r.when.clone().map(|when| (r.name.clone(), when)))
            .collect()
    }

    /// Whether `function(mover, opponent)` holds for each pair of `pairs`: a condition of
    /// [`rule_conditions`](Self::rule_conditions).
    pub(crate) fn tabulate_condition(
        &self,
        function: &str,
        pairs: &[(u32, u32)],
    ) -> Result<Vec<bool>, ScriptError> {
        let args: Vec<i64> = pairs
            .iter()
            .flat_map(|&(mover, opponent)| [i64::from(mover), i64::from(opponent)])
            .collect();
        self.truths(function, 2, &args)
    }

    /// Whether Pig Out applies (`pig_out`, true unless the script turns it off).
    pub fn has_pig_out(&self) -> bool {
        self.pig_out
    }

    /// One line describing the variant.
    pub fn summary(&self) -> &str {
        &self.summary
    }

    /// The strategy spec the course measures strategies against, e.g. `always_roll:4`.
    pub fn yardstick(&self) -> &str {
        &self.yardstick
    }

    /// The goal score.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// What each player remembers.
    pub fn memory(&self) -> &Memory {
        &self.memory
    }

    /// Where the script came from: a path, or a preset's name.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The language the rules are written in.
    pub(crate) fn language(&self) -> Language {
        self.language
    }

    /// The parameters the script declares, with their values.
    pub fn parameters(&self) -> &[Parameter] {
        &self.parameters
    }

    /// The built-in strategies the script defines (`always_roll` is common to all).
    pub fn builtins(&self) -> &[Builtin] {
        &self.builtins
    }

    /// Which variant this is, as table files record it: the name; then the parameters whose
    /// values differ from the script's defaults (the goal aside, which files record apart),
    /// e.g. `hog-fa20[cutoff=9]`; then, unless the script is the built-in preset of that name,
    /// `@` and the CRC-32 of its text (of a Python module, its own file's). A table of one
    /// variant never loads for another.
    pub fn variant(&self) -> String {
        let changed: Vec<String> = self
            .parameters
            .iter()
            .filter(|p| p.name != "goal" && p.value != p.default)
            .map(|p| format!("{}={}", p.name, p.value))
            .collect();
        let mut variant = self.name.clone();
        if !changed.is_empty() {
            variant.push_str(&format!("[{}]", changed.join(",")));
        }
        if !self.preset {
            variant.push_str(&format!("@{:08x}", self.fingerprint));
        }
        variant
    }

    /// Marks the script as a built-in preset's own (its variant then carries no checksum).
    pub(crate) fn into_preset(mut self) -> Script {
        self.preset = true;
        self
    }

    /// Keeps what the hooks answered so far in the cache of compiled scripts (see
    /// [`remembered`]), so that the next process compiling this script skips those calls.
    /// Dropping the script does it too.
    pub(crate) fn remember_answers(&self) {
        if let Some(remembered) = &self.remembered {
            remembered.save();
        }
    }

    /// Whether the after-turn rules read the mover's memory.
    pub fn after_turn_reads_memory(&self) -> bool {
        self.after_turn_reads_memory
    }

    /// Whether the script defines `hook` with `arity` parameters.
    /// Whether the script defines the hook `hook` (with any of its argument lists).
    pub fn defines_hook(&self, hook: &str) -> bool {
        self.functions.iter().any(|f| f.name == hook)
    }

    fn defines(&self, hook: &str, arity: usize) -> bool {
        self.functions
            .iter()
            .any(|f| f.name == hook && f.arity == arity)
    }

    /// The line where `hook` is defined, if the script's text holds it.
    fn line_of_function(&self, hook: &str) -> Option<usize> {
        self.functions
            .iter()
            .find(|f| f.name == hook)
            .and_then(|f| f.line)
    }

    /// The values of `hook` (`arity` arguments) on each call of `args` (`arity` numbers a
    /// call), in order, each checked by `check` with its call's arguments (which says what is
    /// wrong with a value, after "returned"); an error names the first call that failed or
    /// returned a wrong value.
    fn each<T>(
        &self,
        hook: &str,
        arity: usize,
        args: &[i64],
        mut check: impl FnMut(&[i64], Value) -> Result<T, String>,
    ) -> Result<Vec<T>, ScriptError> {
        let recalled = self
            .remembered
            .as_ref()
            .and_then(|r| r.recall(hook, arity, args));
        let Returned { values, failure } = match recalled {
            Some(values) => Returned {
                values,
                failure: None,
            },
            None => {
                let returned = match &self.backend {
                    Backend::Rhai(rhai) => rhai.call_all(hook, arity, args),
                    Backend::Python(module) => module.call_all(hook, arity, args),
                };
                if let (Some(remembered), None) = (&self.remembered, &returned.failure) {
                    remembered.keep(hook, arity, args, &returned.values);
                }
                returned
            }
        };
        let mut checked = Vec::with_capacity(args.len() / arity.max(1));
        for (value, call) in values.into_iter().zip(args.chunks(arity)) {
            checked.push(check(call, value).map_err(|message| ScriptError {
                origin: self.origin.clone(),
                line: self.line_of_function(hook),
                message: format!("{} returned {message}", call_text(hook, call)),
            })?);
        }
        match failure {
            Some(failure) => Err(ScriptError {
                origin: self.origin.clone(),
                line: failure.line.or_else(|| self.line_of_function(hook)),
                message: failure.message,
            }),
            None => Ok(checked),
        }
    }

    /// Whole numbers in `0..=most` from `hook` on each call of `args`, or `absent` for every
    /// call when the script does not define it.
    fn numbers(
        &self,
        hook: &str,
        arity: usize,
        args: &[i64],
        absent: Option<i64>,
        most: i64,
        what: &str,
    ) -> Result<Vec<i64>, ScriptError> {
        if let Some(absent) = absent.filter(|_| !self.defines(hook, arity)) {
            return Ok(vec![absent; args.len() / arity]);
        }
        let language = self.language;
        self.each(hook, arity, args, |_, value| match value {
            Value::Int(n) if (0..=most).contains(&n) => Ok(n),
            Value::Int(n) => Err(format!("{n}, outside 0..={most} {what}")),
            Value::Huge(text) => Err(format!("{text}, outside 0..={most} {what}")),
            other => Err(format!(
                "{} (a {}), not a whole number of {what}",
                language.show(&other),
                language.kind(&other)
            )),
        })
    }

    /// Whether Free Bacon depends on the mover's own score (`fn free_bacon(own, opponent)`),
    /// not only on the opponent's.
    pub fn free_bacon_reads_own(&self) -> bool {
        self.free_bacon_reads_own
    }

    /// The fewest dice a player may ask for (`let least_dice`; 0 unless the script says).
    pub fn least_dice(&self) -> u8 {
        self.least_dice
    }

    /// Points for rolling 0 dice at (own, opponent); `own` is not passed to a
    /// `fn free_bacon(opponent)`. Only for scripts that allow rolling 0 dice.
    pub fn free_bacon(&self, own: u32, opponent: u32) -> Result<u32, ScriptError> {
        Ok(self.tabulate_free_bacon(&[(own, opponent)])?[0])
    }

    /// [`free_bacon`](Self::free_bacon) at each of `cells` (own, opponent).
    pub(crate) fn tabulate_free_bacon(
        &self,
        cells: &[(u32, u32)],
    ) -> Result<Vec<u32>, ScriptError> {
        let (arity, args) = if self.free_bacon_reads_own {
            (
                2,
                cells
                    .iter()
                    .flat_map(|&(own, opponent)| [own, opponent])
                    .map(i64::from)
                    .collect(),
            )
        } else {
            (
                1,
                cells
                    .iter()
                    .map(|&(_, opponent)| i64::from(opponent))
                    .collect::<Vec<_>>(),
            )
        };
        let points = self.numbers("free_bacon", arity, &args, None, MOST_POINTS, "points")?;
        Ok(points.into_iter().map(|n| n as u32).collect())
    }

    /// Whether Pig Out scores by the number of 1s rolled (`fn pig_out_points`).
    pub fn has_pig_out_points(&self) -> bool {
        self.defines("pig_out_points", 2)
    }

    /// The points of a Pig Out with `ones` (at least 1) of `dice` dice showing a 1.
    pub fn pig_out_points(&self, ones: u8, dice: u8) -> Result<u32, ScriptError> {
        Ok(self.tabulate_pig_out_points(&[(ones, dice)])?[0])
    }

    /// [`pig_out_points`](Self::pig_out_points) for each of `rolls` (ones, dice).
    pub(crate) fn tabulate_pig_out_points(
        &self,
        rolls: &[(u8, u8)],
    ) -> Result<Vec<u32>, ScriptError> {
        let args: Vec<i64> = rolls
            .iter()
            .flat_map(|&(ones, dice)| [ones, dice])
            .map(i64::from)
            .collect();
        let points = self.numbers("pig_out_points", 2, &args, Some(1), MOST_POINTS, "points")?;
        Ok(points.into_iter().map(|n| n as u32).collect())
    }

    /// Whether rules act on the turn's points (`fn turn_points`).
    pub fn has_turn_points(&self) -> bool {
        self.defines("turn_points", 2)
    }

    /// The turn's points once the rules on them apply, when `dice` dice (0: Free Bacon)
    /// scored `points`.
    pub fn turn_points(&self, points: u32, dice: u8) -> Result<u32, ScriptError> {
        Ok(self.tabulate_turn_points(&[(points, dice)])?[0])
    }

    /// [`turn_points`](Self::turn_points) for each of `turns` (points, dice).
    pub(crate) fn tabulate_turn_points(
        &self,
        turns: &[(u32, u8)],
    ) -> Result<Vec<u32>, ScriptError> {
        if !self.has_turn_points() {
            return Ok(turns.iter().map(|&(points, _)| points).collect());
        }
        let args: Vec<i64> = turns
            .iter()
            .flat_map(|&(points, dice)| [i64::from(points), i64::from(dice)])
            .collect();
        let points = self.numbers("turn_points", 2, &args, None, MOST_POINTS, "points")?;
        Ok(points.into_iter().map(|n| n as u32).collect())
    }

    /// Whether the script gives bonus points by the faces the dice show (`fn face_bonus`).
    pub fn has_face_bonus(&self) -> bool {
        self.defines("face_bonus", 2)
    }

    /// The points each die showing `face` adds when the mover has `own` points, by face
    /// (`1..=MOST_FACES`; index 0 unused), from `fn face_bonus(own, face)`.
    pub fn face_bonus(&self, own: u32) -> Result<[u8; MOST_FACES + 1], ScriptError> {
        Ok(self.tabulate_face_bonus(&[own])?[0])
    }

    /// [`face_bonus`](Self::face_bonus) for each of `owns`.
    pub(crate) fn tabulate_face_bonus(
        &self,
        owns: &[u32],
    ) -> Result<Vec<[u8; MOST_FACES + 1]>, ScriptError> {
        let args: Vec<i64> = owns
            .iter()
            .flat_map(|&own| (1..=MOST_FACES as i64).flat_map(move |face| [i64::from(own), face]))
            .collect();
        let most = MOST_FACE_BONUS as i64;
        let points = self.numbers("face_bonus", 2, &args, Some(0), most, "points")?;
        Ok(points
            .chunks(MOST_FACES)
            .map(|row| {
                let mut bonus = [0u8; MOST_FACES + 1];
                for (slot, &points) in bonus[1..].iter_mut().zip(row) {
                    *slot = points as u8;
                }
                bonus
            })
            .collect())
    }

    /// The most dice the mover may roll at these scores.
    pub fn dice_limit(&self, own: u32, opponent: u32) -> Result<u8, ScriptError> {
        Ok(self.tabulate_dice_limit(&[(own, opponent)])?[0])
    }

    /// [`dice_limit`](Self::dice_limit) at each of `cells` (own, opponent).
    pub(crate) fn tabulate_dice_limit(&self, cells: &[(u32, u32)]) -> Result<Vec<u8>, ScriptError> {
        let limit = i64::from(MAX_DICE);
        let args = cell_args(cells);
        let dice = self.numbers("dice_limit", 2, &args, Some(limit), limit, "dice")?;
        Ok(dice.into_iter().map(|n| n as u8).collect())
    }

    /// The die rolled at these scores.
    pub fn die(&self, own: u32, opponent: u32) -> Result<Die, ScriptError> {
        Ok(self.tabulate_die(&[(own, opponent)])?[0])
    }

    /// [`die`](Self::die) at each of `cells` (own, opponent).
    pub(crate) fn tabulate_die(&self, cells: &[(u32, u32)]) -> Result<Vec<Die>, ScriptError> {
        let args = cell_args(cells);
        let sides = self.numbers("die", 2, &args, Some(6), 20, "sides")?;
        sides
            .into_iter()
            .zip(cells)
            .map(|(sides, &(own, opponent))| {
                if sides < 2 {
                    return Err(ScriptError {
                        origin: self.origin.clone(),
                        line: self.line_of_function("die"),
                        message: format!(
                            "die({own}, {opponent}) returned {sides}: a die has 2 to 20 sides"
                        ),
                    });
                }
                Ok(Die {
                    faces: sides as u8,
                    first_face: 1,
                    pig_out: self.pig_out,
                    face_bonus: None,
                })
            })
            .collect()
    }

    /// Whether `bonus` or `remember` reads the opponent's memory (a hook with three
    /// arguments): then a choice's effect depends on both players' memories.
    pub fn choice_reads_opponent_memory(&self) -> bool {
        self.choice_reads_opponent_memory
    }

    /// The arguments of `hook` (`bonus` or `remember`) for each of `choices` (the mover's
    /// memory, the opponent's, the dice): the opponent's memory only when the hook takes
    /// three.
    fn choice_args(&self, hook: &str, choices: &[(u8, u8, u8)]) -> (usize, Vec<i64>) {
        if self.defines(hook, 3) {
            let args = choices
                .iter()
                .flat_map(|&(own, opponent, dice)| [own, opponent, dice])
                .map(i64::from)
                .collect();
            (3, args)
        } else {
            let args = choices
                .iter()
                .flat_map(|&(own, _, dice)| [own, dice])
                .map(i64::from)
                .collect();
            (2, args)
        }
    }

    /// Bonus points for choosing `dice` dice when the mover remembers `remembered` and the
    /// opponent `opponent_remembered`.
    pub fn bonus(
        &self,
        remembered: u8,
        opponent_remembered: u8,
        dice: u8,
    ) -> Result<u32, ScriptError> {
        Ok(self.tabulate_bonus(&[(remembered, opponent_remembered, dice)])?[0])
    }

    /// [`bonus`](Self::bonus) for each of `choices` (the mover's memory, the opponent's, the
    /// dice).
    pub(crate) fn tabulate_bonus(&self, choices: &[(u8, u8, u8)]) -> Result<Vec<u32>, ScriptError> {
        let (arity, args) = self.choice_args("bonus", choices);
        let points = self.numbers("bonus", arity, &args, Some(0), MOST_POINTS, "points")?;
        Ok(points.into_iter().map(|n| n as u32).collect())
    }

    /// What the mover remembers after choosing `dice` dice while remembering `remembered`,
    /// the opponent remembering `opponent_remembered`.
    pub fn remember(
        &self,
        remembered: u8,
        opponent_remembered: u8,
        dice: u8,
    ) -> Result<u8, ScriptError> {
        Ok(self.tabulate_remember(&[(remembered, opponent_remembered, dice)])?[0])
    }

    /// [`remember`](Self::remember) for each of `choices` (the mover's memory, the
    /// opponent's, the dice).
    pub(crate) fn tabulate_remember(
        &self,
        choices: &[(u8, u8, u8)],
    ) -> Result<Vec<u8>, ScriptError> {
        let (arity, args) = self.choice_args("remember", choices);
        let most = i64::from(self.memory.size) - 1;
        let memories = self.numbers(
            "remember",
            arity,
            &args,
            Some(0),
            most,
            "(the declared memory)",
        )?;
        Ok(memories.into_iter().map(|n| n as u8).collect())
    }

    /// Whether the mover's memory after a turn depends on the points it scored
    /// (`fn remember_points`).
    pub fn remembers_points(&self) -> bool {
        self.defines("remember_points", 3)
    }

    /// What the mover remembers after a turn of `dice` dice (as asked) that scored `points`
    /// (before any bonus), having remembered `remembered` (`fn remember_points`).
    pub fn remember_points(
        &self,
        remembered: u8,
        dice: u8,
        points: u32,
    ) -> Result<u8, ScriptError> {
        Ok(self.tabulate_remember_points(&[(remembered, dice, points)])?[0])
    }

    /// [`remember_points`](Self::remember_points) for each of `turns` (memory, dice, points).
    pub(crate) fn tabulate_remember_points(
        &self,
        turns: &[(u8, u8, u32)],
    ) -> Result<Vec<u8>, ScriptError> {
        let args: Vec<i64> = turns
            .iter()
            .flat_map(|&(remembered, dice, points)| {
                [i64::from(remembered), i64::from(dice), i64::from(points)]
            })
            .collect();
        let most = i64::from(self.memory.size) - 1;
        let memories = self.numbers(
            "remember_points",
            3,
            &args,
            None,
            most,
            "(the declared memory)",
        )?;
        Ok(memories.into_iter().map(|n| n as u8).collect())
    }

    /// The after-turn rules once the turn's points are added: `mover` may exceed the goal;
    /// `remembered` is the mover's memory after this turn.
    pub fn after_turn(
        &self,
        mover: u32,
        opponent: u32,
        remembered: u8,
    ) -> Result<AfterTurn, ScriptError> {
        Ok(self.tabulate_after_turn(&[(mover, opponent, remembered)])?[0])
    }

    /// [`after_turn`](Self::after_turn) for each of `turns` (mover, opponent, memory).
    pub(crate) fn tabulate_after_turn(
        &self,
        turns: &[(u32, u32, u8)],
    ) -> Result<Vec<AfterTurn>, ScriptError> {
        let arity = if self.after_turn_reads_memory { 3 } else { 2 };
        if !self.defines("after_turn", arity) {
            return Ok(turns
                .iter()
                .map(|&(mover, opponent, _)| AfterTurn {
                    mover,
                    opponent,
                    extra_turn: false,
                })
                .collect());
        }
        let args: Vec<i64> = turns
            .iter()
            .flat_map(|&(mover, opponent, remembered)| {
                [i64::from(mover), i64::from(opponent), i64::from(remembered)]
                    .into_iter()
                    .take(arity)
            })
            .collect();
        let language = self.language;
        let keys = ["mover", "opponent", "extra_turn"];
        self.each("after_turn", arity, &args, |call, value| {
            let (mover, opponent) = (call[0] as u32, call[1] as u32);
            let same = |extra_turn| AfterTurn {
                mover,
                opponent,
                extra_turn,
            };
            let pairs = match value {
                Value::Nothing => return Ok(same(false)),
                Value::Bool(extra_turn) => return Ok(same(extra_turn)),
                Value::Map(pairs) => pairs,
                other => {
                    return Err(format!(
                        "{} (a {}), not {} or {}",
                        language.show(&other),
                        language.kind(&other),
                        language.map_of(&keys),
                        language.truths()
                    ));
                }
            };
            let score = |key: &str, default: u32| -> Result<u32, String> {
                match Value::get(&pairs, key) {
                    None => Ok(default),
                    Some(Value::Int(n)) if u32::try_from(n).is_ok() => Ok(n as u32),
                    Some(v) => Err(format!("{key}: {}, not a score", language.show(&v))),
                }
            };
            let extra_turn = match Value::get(&pairs, "extra_turn") {
                None => false,
                Some(Value::Bool(b)) => b,
                Some(v) => {
                    return Err(format!(
                        "extra_turn: {}, not {}",
                        language.show(&v),
                        language.truths()
                    ));
                }
            };
            if let Some((key, _)) = pairs.iter().find(|(k, _)| !keys.contains(&k.as_str())) {
                return Err(format!(
                    "the key '{key}'; the keys are mover, opponent and extra_turn"
                ));
            }
            Ok(AfterTurn {
                mover: score("mover", mover)?,
                opponent: score("opponent", opponent)?,
                extra_turn,
            })
        })
    }

    /// Whether the mover goes again, whatever [`after_turn`](Self::after_turn) says, because
    /// it remembers `remembered` after the turn (`fn goes_again(remembered)`; false without).
    pub fn goes_again(&self, remembered: u8) -> Result<bool, ScriptError> {
        Ok(self.tabulate_goes_again(&[remembered])?[0])
    }

    /// [`goes_again`](Self::goes_again) for each of `memories`.
    pub(crate) fn tabulate_goes_again(&self, memories: &[u8]) -> Result<Vec<bool>, ScriptError> {
        if !self.defines("goes_again", 1) {
            return Ok(vec![false; memories.len()]);
        }
        let args: Vec<i64> = memories.iter().map(|&m| i64::from(m)).collect();
        self.truths("goes_again", 1, &args)
    }

    /// `function`'s answers for `args` (`arity` per call), each a truth value.
    fn truths(&self, function: &str, arity: usize, args: &[i64]) -> Result<Vec<bool>, ScriptError> {
        let language = self.language;
        self.each(function, arity, args, |_, value| match value {
            Value::Bool(b) => Ok(b),
            other => Err(format!(
                "{} (a {}), not {}",
                language.show(&other),
                language.kind(&other),
                language.truths()
            )),
        })
    }

    /// The dice the built-in strategy `name` rolls at (own, opponent) with `params`.
    pub fn builtin_dice(
        &self,
        name: &str,
        params: &[u32],
        own: u32,
        opponent: u32,
    ) -> Result<u8, ScriptError> {
        Ok(self.tabulate_builtin(name, params, &[(own, opponent)])?[0])
    }

    /// [`builtin_dice`](Self::builtin_dice) at each of `cells` (own, opponent).
    pub(crate) fn tabulate_builtin(
        &self,
        name: &str,
        params: &[u32],
        cells: &[(u32, u32)],
    ) -> Result<Vec<u8>, ScriptError> {
        let arity = 2 + params.len();
        let args: Vec<i64> = cells
            .iter()
            .flat_map(|&(own, opponent)| {
                [own, opponent]
                    .into_iter()
                    .chain(params.iter().copied())
                    .map(i64::from)
            })
            .collect();
        let dice = self.numbers(name, arity, &args, None, i64::from(MAX_DICE), "dice")?;
        dice.into_iter()
            .zip(args.chunks(arity))
            .map(|(n, call)| {
                if n < i64::from(self.least_dice) {
                    return Err(ScriptError {
                        origin: self.origin.clone(),
                        line: self.line_of_function(name),
                        message: format!(
                            "{} returned {n}, but the rules forbid fewer than {} dice \
                             (least_dice)",
                            call_text(name, call),
                            self.least_dice
                        ),
                    });
                }
                Ok(n as u8)
            })
            .collect()
    }
}

impl Drop for Script {
    /// Keeps the hooks' answers for the next process (see [`Script::remember_answers`]).
    fn drop(&mut self) {
        self.remember_answers();
    }
}

/// The scores after a turn's after-turn rules (swaps) and whether the mover goes again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AfterTurn {
    /// The mover's score.
    pub mover: u32,
    /// The opponent's score.
    pub opponent: u32,
    /// Whether the mover takes another turn (only if the game goes on).
    pub extra_turn: bool,
}

/// The arguments of a hook of (own, opponent) at each of `cells`.
fn cell_args(cells: &[(u32, u32)]) -> Vec<i64> {
    cells
        .iter()
        .flat_map(|&(own, opponent)| [i64::from(own), i64::from(opponent)])
        .collect()
}

/// A hook's call as text, e.g. `free_bacon(42)`, for errors.
fn call_text(hook: &str, args: &[i64]) -> String {
    let shown: Vec<String> = args.iter().map(i64::to_string).collect();
    format!("{hook}({})", shown.join(", "))
}

/// The `rule_names` map: every key one of [`RULE_KEYS`], every name a text; `extra_turn` and
/// `after_turn` may instead map names to conditions, `#{ "Swine Align": "swine_align" }`, each a
/// function of the script taking (mover, opponent) after the turn's points.
fn rule_names_of(map: &[(String, Value)], language: Language) -> Result<Vec<RuleName>, String> {
    let mut names = Vec::new();
    for (key, value) in map {
        if !RULE_KEYS.iter().any(|(known, _)| known == key) {
            let keys: Vec<&str> = RULE_KEYS.iter().map(|(key, _)| *key).collect();
            return Err(format!(
                "rule_names: {key:?} is none of {}",
                keys.join(", ")
            ));
        }
        let conditional = key == "extra_turn" || key == "after_turn";
        match value {
            Value::Text(name) if !name.trim().is_empty() => names.push(RuleName {
                key: key.clone(),
                name: name.clone(),
                when: None,
            }),
            Value::Map(conditions) if conditional && !conditions.is_empty() => {
                for (name, when) in conditions {
                    let Value::Text(function) = when else {
                        return Err(format!(
                            "rule_names: {key}: {name:?} is a {}, but must name a function of \
                             (mover, opponent)",
                            language.kind(when)
                        ));
                    };
                    names.push(RuleName {
                        key: key.clone(),
                        name: name.clone(),
                        when: Some(function.clone()),
                    });
                }
            }
            other => {
                return Err(format!(
                    "rule_names: {key:?} is a {}, but must be a non-empty text{}",
                    language.kind(other),
                    if conditional {
                        " or a map of names to conditions"
                    } else {
                        ""
                    }
                ));
            }
        }
    }
    Ok(names)
}

/// The memory a script declares: `#{ size, initial, meaning }`.
fn memory_of(map: &[(String, Value)]) -> Result<Memory, String> {
    let int = |key: &str| match Value::get(map, key) {
        Some(Value::Int(n)) => Some(n),
        _ => None,
    };
    let size = int("size")
        .and_then(|s| u8::try_from(s).ok())
        .filter(|s| (1..=64).contains(s))
        .ok_or("memory: size must be a whole number in 1..=64")?;
    let initial = match Value::get(map, "initial") {
        None => Some(0),
        Some(Value::Int(i)) => u8::try_from(i).ok(),
        Some(_) => None,
    }
    .filter(|i| *i < size)
    .ok_or_else(|| format!("memory: initial must be in 0..{size}"))?;
    let meaning = match Value::get(map, "meaning") {
        Some(Value::Text(meaning)) => meaning,
        _ => {
            return Err(
                "memory: meaning must be a text, e.g. \"dice count of the previous turn\"".into(),
            );
        }
    };
    Ok(Memory {
        size,
        initial,
        meaning,
    })
}

/// A built-in strategy the script lists: `#{ name, parameters, defaults, about }`, with a
/// function `NAME(own, opponent, PARAMETERS...)` that `defines` says the script has.
fn builtin_of(
    entry: &Value,
    defines: &impl Fn(&str, usize) -> bool,
    language: Language,
) -> Result<Builtin, String> {
    let Value::Map(map) = entry else {
        return Err(format!(
            "strategies: each entry is {}",
            language.map_of(&["name", "parameters", "defaults", "about"])
        ));
    };
    let text = |key: &str| match Value::get(map, key) {
        Some(Value::Text(text)) => Ok(text),
        _ => Err(format!(
            "strategies: an entry lacks its {key} (a {})",
            language.kind(&Value::Text(String::new()))
        )),
    };
    let name = text("name")?;
    let about = text("about")?;
    let list = |key: &str| match Value::get(map, key) {
        Some(Value::List(items)) => items,
        _ => Vec::new(),
    };
    let names = list("parameters");
    let defaults = list("defaults");
    let params = names
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let Value::Text(param) = p else {
                return Err(format!("strategy {name}: parameter names are texts"));
            };
            let default = match defaults.get(i) {
                None | Some(Value::Nothing) => None,
                Some(Value::Int(n)) if u32::try_from(*n).is_ok() => Some(*n as u32),
                Some(_) => {
                    return Err(format!(
                        "strategy {name}: default of {param} is not a whole number"
                    ));
                }
            };
            Ok(Param {
                name: param.clone(),
                default,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    if !defines(&name, params.len() + 2) {
        let arguments: String = params.iter().map(|p| format!(", {}", p.name)).collect();
        return Err(match language {
            Language::Rhai => format!(
                "strategy {name}: the script defines no fn {name}(own, opponent{arguments})"
            ),
            Language::Python => format!(
                "strategy {name}: neither its \"function\" nor the module's def {name} takes \
                 (own, opponent{arguments})"
            ),
        });
    }
    Ok(Builtin {
        name,
        params,
        about,
    })
}
