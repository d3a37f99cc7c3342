//! Hog rulesets written as [rhai](https://rhai.rs) scripts: the presets are scripts embedded in
//! the binary, and `--rules FILE.rhai` loads one of your own.
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

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use rhai::{AST, CallFnOptions, Dynamic, Engine, Map, Scope};

use super::definition::{Builtin, MAX_DICE, Memory, Param};
use super::library;
use crate::dice::{Die, MOST_FACE_BONUS, MOST_FACES};

/// The most operations one call of a hook may take.
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

/// A compiled rule script with its parameters set.
pub struct Script {
    origin: String,
    text: String,
    engine: Engine,
    ast: AST,
    /// The variables the script's top level left, which hooks are called with.
    scope: Scope<'static>,
    /// Copies of `scope` not in use: each call takes one, so that threads call hooks at once.
    spare_scopes: Mutex<Vec<Scope<'static>>>,
    name: String,
    summary: String,
    yardstick: String,
    goal: u32,
    memory: Memory,
    pig_out: bool,
    least_dice: u8,
    parameters: Vec<Parameter>,
    builtins: Vec<Builtin>,
    after_turn_reads_memory: bool,
    choice_reads_opponent_memory: bool,
    free_bacon_reads_own: bool,
    functions: Vec<(String, usize)>,
    fingerprint: u32,
    /// Whether this is a built-in preset's own script (see [`variant`](Self::variant)).
    preset: bool,
}

impl fmt::Debug for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Script")
            .field("origin", &self.origin)
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

/// What `parameter(NAME, DEFAULT)` sees while the script's top level runs.
#[derive(Default)]
struct Declarations {
    settings: Vec<(String, i64)>,
    declared: Vec<Parameter>,
}

impl Script {
    /// Compiles `text` (from `origin`, a path or a preset's name) with the parameters in
    /// `settings` set (every one must be declared by the script).
    pub fn compile(
        origin: &str,
        text: &str,
        settings: &[(String, i64)],
    ) -> Result<Script, ScriptError> {
        let error = |line: Option<usize>, message: String| ScriptError {
            origin: origin.to_string(),
            line,
            message,
        };
        let declarations = Arc::new(Mutex::new(Declarations {
            settings: settings.to_vec(),
            declared: Vec::new(),
        }));
        let mut engine = Engine::new();
        engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        engine.set_max_operations(OPERATIONS);
        engine.set_max_call_levels(64);
        engine.set_max_expr_depths(64, 64);
        engine.set_max_string_size(1 << 16);
        engine.set_max_array_size(1 << 16);
        engine.set_max_map_size(1 << 10);
        library::register(&mut engine);
        let seen = Arc::clone(&declarations);
        engine.register_fn("parameter", move |name: &str, default: i64| -> i64 {
            let mut seen = seen.lock().unwrap_or_else(PoisonError::into_inner);
            let value = seen
                .settings
                .iter()
                .find(|(n, _)| n == name)
                .map_or(default, |&(_, v)| v);
            if !seen.declared.iter().any(|p| p.name == name) {
                seen.declared.push(Parameter {
                    name: name.to_string(),
                    value,
                    default,
                });
            }
            value
        });
        let known = Arc::clone(&declarations);
        engine.register_fn(
            "param",
            move |name: &str| -> Result<i64, Box<rhai::EvalAltResult>> {
                let known = known.lock().unwrap_or_else(PoisonError::into_inner);
                known
                    .declared
                    .iter()
                    .find(|p| p.name == name)
                    .map(|p| p.value)
                    .ok_or_else(|| {
                        format!("param(\"{name}\"): no parameter {name} is declared").into()
                    })
            },
        );
        let ast = engine
            .compile(text)
            .map_err(|e| error(e.position().line(), without_position(e.to_string())))?;
        let mut scope = Scope::new();
        engine
            .run_ast_with_scope(&mut scope, &ast)
            .map_err(|e| error(e.position().line(), message_of(&e)))?;
        let (settings, declared) = {
            let seen = declarations.lock().unwrap_or_else(PoisonError::into_inner);
            (seen.settings.clone(), seen.declared.clone())
        };
        if let Some((unknown, _)) = settings
            .iter()
            .find(|(name, _)| !declared.iter().any(|p| &p.name == name))
        {
            let names: Vec<&str> = declared.iter().map(|p| p.name.as_str()).collect();
            return Err(error(
                None,
                format!(
                    "unknown parameter '{unknown}' in --set; the script declares {}",
                    names.join(", ")
                ),
            ));
        }
        let text_of = |variable: &str| -> Result<String, ScriptError> {
            scope
                .get_value::<rhai::ImmutableString>(variable)
                .map(|s| s.to_string())
                .ok_or_else(|| {
                    error(
                        None,
                        format!("the script sets no {variable}: let {variable} = \"...\";"),
                    )
                })
        };
        let name = text_of("name")?;
        let summary = text_of("summary")?;
        let yardstick = text_of("yardstick")?;
        let goal = scope.get_value::<i64>("goal").ok_or_else(|| {
            error(
                None,
                "the script declares no goal: let goal = parameter(\"goal\", 100);".to_string(),
            )
        })?;
        let goal = u32::try_from(goal)
            .map_err(|_| error(None, format!("goal {goal} is not a positive score")))?;
        // A variable of the wrong type is an error, never silently the default.
        let typed = |variable: &str, kind: &str| -> Result<Option<Dynamic>, ScriptError> {
            match scope.get(variable) {
                None => Ok(None),
                Some(value) if value.type_name() == kind => Ok(Some(value.clone())),
                Some(value) => Err(error(
                    None,
                    format!(
                        "{variable} is a {}, but must be a {kind}",
                        value.type_name()
                    ),
                )),
            }
        };
        let memory = match typed("memory", "map")? {
            None => Memory::NONE,
            Some(map) => memory_of(&map.cast::<Map>()).map_err(|m| error(None, m))?,
        };
        let pig_out = typed("pig_out", "bool")?.is_none_or(|v| v.cast::<bool>());
        let least_dice = match typed("least_dice", "i64")? {
            None => 0,
            Some(value) => {
                let n = value.cast::<i64>();
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
        };
        let builtins = match typed("strategies", "array")? {
            None => Vec::new(),
            Some(list) => list
                .cast::<rhai::Array>()
                .iter()
                .map(|entry| builtin_of(entry, &ast))
                .collect::<Result<Vec<_>, String>>()
                .map_err(|m| error(None, m))?,
        };
        for function in ast.iter_functions() {
            if let Some((hook, arities)) = HOOKS.iter().find(|(name, _)| *name == function.name)
                && !arities.contains(&function.params.len())
            {
                let line = text
                    .lines()
                    .position(|l| l.trim_start().starts_with(&format!("fn {hook}(")))
                    .map(|i| i + 1);
                return Err(error(
                    line,
                    format!(
                        "fn {hook} takes {} argument(s), not {}",
                        arities
                            .iter()
                            .map(usize::to_string)
                            .collect::<Vec<_>>()
                            .join(" or "),
                        function.params.len()
                    ),
                ));
            }
        }
        let base = yardstick.split(':').next().unwrap_or_default();
        if base != "always_roll" && !builtins.iter().any(|b: &Builtin| b.name == base) {
            return Err(error(
                None,
                format!(
                    "yardstick '{yardstick}' is neither always_roll:N nor one of the script's \
                     strategies"
                ),
            ));
        }
        if has_function(&ast, "remember_points", 3)
            && (has_function(&ast, "remember", 2) || has_function(&ast, "remember", 3))
        {
            let line = text
                .lines()
                .position(|l| l.trim_start().starts_with("fn remember_points("))
                .map(|i| i + 1);
            return Err(error(
                line,
                "fn remember_points and fn remember both say what the mover remembers: define \
                 one"
                .to_string(),
            ));
        }
        let defines_free_bacon =
            has_function(&ast, "free_bacon", 1) || has_function(&ast, "free_bacon", 2);
        if least_dice == 0 && !defines_free_bacon {
            return Err(error(
                None,
                "the script defines no fn free_bacon(opponent) or fn free_bacon(own, opponent) \
                 (or forbids rolling 0 dice: let least_dice = 1;)"
                    .to_string(),
            ));
        }
        if least_dice > 0 && defines_free_bacon {
            let line = text
                .lines()
                .position(|l| l.trim_start().starts_with("fn free_bacon("))
                .map(|i| i + 1);
            return Err(error(
                line,
                format!(
                    "fn free_bacon would never be used: least_dice = {least_dice} forbids rolling \
                     0 dice"
                ),
            ));
        }
        Ok(Script {
            origin: origin.to_string(),
            text: text.to_string(),
            fingerprint: crc32fast::hash(text.as_bytes()),
            preset: false,
            after_turn_reads_memory: has_function(&ast, "after_turn", 3),
            choice_reads_opponent_memory: has_function(&ast, "bonus", 3)
                || has_function(&ast, "remember", 3),
            free_bacon_reads_own: has_function(&ast, "free_bacon", 2),
            functions: ast
                .iter_functions()
                .map(|f| (f.name.to_string(), f.params.len()))
                .collect(),
            engine,
            ast,
            scope,
            spare_scopes: Mutex::new(Vec::new()),
            name,
            summary,
            yardstick,
            goal,
            memory,
            pig_out,
            least_dice,
            parameters: declared,
            builtins,
        })
    }

    /// The ruleset's name, e.g. `hog-fa20`.
    pub fn name(&self) -> &str {
        &self.name
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
    /// `@` and the CRC-32 of its text. A table of one variant never loads for another.
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

    /// Whether the after-turn rules read the mover's memory.
    pub fn after_turn_reads_memory(&self) -> bool {
        self.after_turn_reads_memory
    }

    /// Calls the hook `hook` with `args`, or gives `absent` when the script does not define it
    /// with that many arguments.
    fn call(
        &self,
        hook: &str,
        args: &[i64],
        absent: Option<Dynamic>,
    ) -> Result<Dynamic, ScriptError> {
        if let Some(absent) = absent.filter(|_| !self.defines(hook, args.len())) {
            return Ok(absent);
        }
        let spares = || {
            self.spare_scopes
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        };
        let mut scope = spares().pop().unwrap_or_else(|| self.scope.clone());
        // The call leaves the scope as it found it (rhai rewinds it).
        let called = self.engine.call_fn_with_options::<Dynamic>(
            CallFnOptions::new().eval_ast(false),
            &mut scope,
            &self.ast,
            hook,
            args.to_vec(),
        );
        spares().push(scope);
        called.map_err(|e| ScriptError {
            origin: self.origin.clone(),
            line: e.position().line().or_else(|| self.line_of_function(hook)),
            message: format!("{}: {}", call_text(hook, args), message_of(&e)),
        })
    }

    /// Whether the script defines `hook` with `arity` parameters.
    fn defines(&self, hook: &str, arity: usize) -> bool {
        self.functions
            .iter()
            .any(|(name, n)| name == hook && *n == arity)
    }

    /// The line where `hook` is defined, if it is.
    fn line_of_function(&self, hook: &str) -> Option<usize> {
        let definition = format!("fn {hook}(");
        self.text
            .lines()
            .position(|line| line.trim_start().starts_with(&definition))
            .map(|index| index + 1)
    }

    /// A whole number from hook `hook` in `0..=most`, or an error naming the call and value.
    fn number(
        &self,
        hook: &str,
        args: &[i64],
        absent: Option<i64>,
        most: i64,
        what: &str,
    ) -> Result<i64, ScriptError> {
        let value = self.call(hook, args, absent.map(Dynamic::from))?;
        let fail = |message: String| ScriptError {
            origin: self.origin.clone(),
            line: self.line_of_function(hook),
            message: format!("{} returned {message}", call_text(hook, args)),
        };
        let n = value
            .as_int()
            .map_err(|kind| fail(format!("{value} (a {kind}), not a whole number of {what}")))?;
        if !(0..=most).contains(&n) {
            return Err(fail(format!("{n}, outside 0..={most} {what}")));
        }
        Ok(n)
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
        let both = [i64::from(own), i64::from(opponent)];
        let args = &both[if self.free_bacon_reads_own { 0 } else { 1 }..];
        let n = self.number("free_bacon", args, None, MOST_POINTS, "points")?;
        Ok(n as u32)
    }

    /// Whether Pig Out scores by the number of 1s rolled (`fn pig_out_points`).
    pub fn has_pig_out_points(&self) -> bool {
        self.defines("pig_out_points", 2)
    }

    /// The points of a Pig Out with `ones` (at least 1) of `dice` dice showing a 1.
    pub fn pig_out_points(&self, ones: u8, dice: u8) -> Result<u32, ScriptError> {
        let args = [i64::from(ones), i64::from(dice)];
        Ok(self.number("pig_out_points", &args, Some(1), MOST_POINTS, "points")? as u32)
    }

    /// Whether rules act on the turn's points (`fn turn_points`).
    pub fn has_turn_points(&self) -> bool {
        self.defines("turn_points", 2)
    }

    /// The turn's points once the rules on them apply, when `dice` dice (0: Free Bacon)
    /// scored `points`.
    pub fn turn_points(&self, points: u32, dice: u8) -> Result<u32, ScriptError> {
        let args = [i64::from(points), i64::from(dice)];
        let most = MOST_POINTS;
        Ok(self.number(
            "turn_points",
            &args,
            Some(i64::from(points)),
            most,
            "points",
        )? as u32)
    }

    /// Whether the script gives bonus points by the faces the dice show (`fn face_bonus`).
    pub fn has_face_bonus(&self) -> bool {
        self.defines("face_bonus", 2)
    }

    /// The points each die showing `face` adds when the mover has `own` points, by face
    /// (`1..=MOST_FACES`; index 0 unused), from `fn face_bonus(own, face)`.
    pub fn face_bonus(&self, own: u32) -> Result<[u8; MOST_FACES + 1], ScriptError> {
        let mut bonus = [0u8; MOST_FACES + 1];
        for (face, points) in bonus.iter_mut().enumerate().skip(1) {
            let args = [i64::from(own), face as i64];
            let most = MOST_FACE_BONUS as i64;
            *points = self.number("face_bonus", &args, Some(0), most, "points")? as u8;
        }
        Ok(bonus)
    }

    /// The most dice the mover may roll at these scores.
    pub fn dice_limit(&self, own: u32, opponent: u32) -> Result<u8, ScriptError> {
        let limit = i64::from(MAX_DICE);
        let n = self.number(
            "dice_limit",
            &[own.into(), opponent.into()],
            Some(limit),
            limit,
            "dice",
        )?;
        Ok(n as u8)
    }

    /// The die rolled at these scores.
    pub fn die(&self, own: u32, opponent: u32) -> Result<Die, ScriptError> {
        let sides = self.number("die", &[own.into(), opponent.into()], Some(6), 20, "sides")?;
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
    }

    /// Whether `bonus` or `remember` reads the opponent's memory (a hook with three
    /// arguments): then a choice's effect depends on both players' memories.
    pub fn choice_reads_opponent_memory(&self) -> bool {
        self.choice_reads_opponent_memory
    }

    /// The arguments of `hook` (`bonus` or `remember`) for a choice of `dice` dice: the
    /// opponent's memory only when the hook takes three.
    fn choice_args(
        &self,
        hook: &str,
        remembered: u8,
        opponent_remembered: u8,
        dice: u8,
    ) -> Vec<i64> {
        if self.defines(hook, 3) {
            vec![remembered.into(), opponent_remembered.into(), dice.into()]
        } else {
            vec![remembered.into(), dice.into()]
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
        let args = self.choice_args("bonus", remembered, opponent_remembered, dice);
        Ok(self.number("bonus", &args, Some(0), MOST_POINTS, "points")? as u32)
    }

    /// What the mover remembers after choosing `dice` dice while remembering `remembered`,
    /// the opponent remembering `opponent_remembered`.
    pub fn remember(
        &self,
        remembered: u8,
        opponent_remembered: u8,
        dice: u8,
    ) -> Result<u8, ScriptError> {
        let args = self.choice_args("remember", remembered, opponent_remembered, dice);
        let most = i64::from(self.memory.size) - 1;
        Ok(self.number("remember", &args, Some(0), most, "(the declared memory)")? as u8)
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
        let args = [i64::from(remembered), i64::from(dice), i64::from(points)];
        let most = i64::from(self.memory.size) - 1;
        let n = self.number(
            "remember_points",
            &args,
            None,
            most,
            "(the declared memory)",
        )?;
        Ok(n as u8)
    }

    /// The after-turn rules once the turn's points are added: `mover` may exceed the goal;
    /// `remembered` is the mover's memory after this turn.
    pub fn after_turn(
        &self,
        mover: u32,
        opponent: u32,
        remembered: u8,
    ) -> Result<AfterTurn, ScriptError> {
        let all = [i64::from(mover), i64::from(opponent), remembered.into()];
        let args = &all[..if self.after_turn_reads_memory { 3 } else { 2 }];
        let value = self.call("after_turn", args, Some(Dynamic::UNIT))?;
        let fail = |message: String| ScriptError {
            origin: self.origin.clone(),
            line: self.line_of_function("after_turn"),
            message: format!("{} returned {message}", call_text("after_turn", args)),
        };
        if value.is_unit() {
            return Ok(AfterTurn {
                mover,
                opponent,
                extra_turn: false,
            });
        }
        if let Ok(extra_turn) = value.as_bool() {
            return Ok(AfterTurn {
                mover,
                opponent,
                extra_turn,
            });
        }
        let map = value.try_cast::<Map>().ok_or_else(|| {
            fail("something else than a map #{ mover, opponent, extra_turn } or true/false".into())
        })?;
        let score = |key: &str, default: u32| -> Result<u32, ScriptError> {
            match map.get(key) {
                None => Ok(default),
                Some(v) => v
                    .as_int()
                    .ok()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| fail(format!("{key}: {v}, not a score"))),
            }
        };
        let extra_turn = match map.get("extra_turn") {
            None => false,
            Some(v) => v
                .as_bool()
                .map_err(|_| fail(format!("extra_turn: {v}, not true or false")))?,
        };
        if let Some(key) = map
            .keys()
            .find(|k| !["mover", "opponent", "extra_turn"].contains(&k.as_str()))
        {
            return Err(fail(format!(
                "the key '{key}'; the keys are mover, opponent and extra_turn"
            )));
        }
        Ok(AfterTurn {
            mover: score("mover", mover)?,
            opponent: score("opponent", opponent)?,
            extra_turn,
        })
    }

    /// Whether the mover goes again, whatever [`after_turn`](Self::after_turn) says, because
    /// it remembers `remembered` after the turn (`fn goes_again(remembered)`; false without).
    pub fn goes_again(&self, remembered: u8) -> Result<bool, ScriptError> {
        let args = [i64::from(remembered)];
        let value = self.call("goes_again", &args, Some(Dynamic::FALSE))?;
        value.as_bool().map_err(|kind| ScriptError {
            origin: self.origin.clone(),
            line: self.line_of_function("goes_again"),
            message: format!(
                "{} returned {value} (a {kind}), not true or false",
                call_text("goes_again", &args)
            ),
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
        let mut args = vec![i64::from(own), i64::from(opponent)];
        args.extend(params.iter().map(|&p| i64::from(p)));
        let n = self.number(name, &args, None, i64::from(MAX_DICE), "dice")? as u8;
        if n < self.least_dice {
            return Err(ScriptError {
                origin: self.origin.clone(),
                line: self.line_of_function(name),
                message: format!(
                    "{} returned {n}, but the rules forbid fewer than {} dice (least_dice)",
                    call_text(name, &args),
                    self.least_dice
                ),
            });
        }
        Ok(n)
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

/// A hook's call as text, e.g. `free_bacon(42)`, for errors.
fn call_text(hook: &str, args: &[i64]) -> String {
    let shown: Vec<String> = args.iter().map(i64::to_string).collect();
    format!("{hook}({})", shown.join(", "))
}

/// Whether the script defines `name` with `arity` parameters.
fn has_function(ast: &AST, name: &str, arity: usize) -> bool {
    ast.iter_functions()
        .any(|f| f.name == name && f.params.len() == arity)
}

/// A rhai error's message without the position rhai appends (the caller places it), with a
/// hint where rhai's words alone would puzzle.
fn message_of(error: &rhai::EvalAltResult) -> String {
    let text = without_position(error.to_string());
    if matches!(error, rhai::EvalAltResult::ErrorTooManyOperations(_)) {
        return format!("{text} (more than {OPERATIONS} in one call: an endless loop?)");
    }
    text
}

/// `text` without the ` (line L, position P)` rhai appends.
fn without_position(text: String) -> String {
    match text.rfind(" (line ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    }
}

/// The memory a script declares: `#{ size, initial, meaning }`.
fn memory_of(map: &Map) -> Result<Memory, String> {
    let int = |key: &str| map.get(key).and_then(|v| v.as_int().ok());
    let size = int("size")
        .and_then(|s| u8::try_from(s).ok())
        .filter(|s| (1..=64).contains(s))
        .ok_or("memory: size must be a whole number in 1..=64")?;
    let initial = int("initial")
        .map_or(Some(0), |i| u8::try_from(i).ok())
        .filter(|i| *i < size)
        .ok_or_else(|| format!("memory: initial must be in 0..{size}"))?;
    let meaning = map
        .get("meaning")
        .and_then(|v| v.clone().into_string().ok())
        .ok_or("memory: meaning must be a text, e.g. \"dice count of the previous turn\"")?;
    Ok(Memory {
        size,
        initial,
        meaning,
    })
}

/// A built-in strategy the script lists: `#{ name, parameters, defaults, about }`, with a
/// function `NAME(own, opponent, PARAMETERS...)` in the script.
fn builtin_of(entry: &Dynamic, ast: &AST) -> Result<Builtin, String> {
    let map = entry
        .clone()
        .try_cast::<Map>()
        .ok_or("strategies: each entry is a map #{ name, parameters, defaults, about }")?;
    let text = |key: &str| {
        map.get(key)
            .and_then(|v| v.clone().into_string().ok())
            .ok_or_else(|| format!("strategies: an entry lacks its {key} (a text)"))
    };
    let name = text("name")?;
    let about = text("about")?;
    let list = |key: &str| {
        map.get(key)
            .and_then(|v| v.clone().try_cast::<rhai::Array>())
            .unwrap_or_default()
    };
    let names = list("parameters");
    let defaults = list("defaults");
    let params = names
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let param = p
                .clone()
                .into_string()
                .map_err(|_| format!("strategy {name}: parameter names are texts"))?;
            let default = match defaults.get(i) {
                None => None,
                Some(d) if d.is_unit() => None,
                Some(d) => Some(
                    d.as_int()
                        .ok()
                        .and_then(|n| u32::try_from(n).ok())
                        .ok_or_else(|| {
                            format!("strategy {name}: default of {param} is not a whole number")
                        })?,
                ),
            };
            Ok(Param {
                name: param,
                default,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    if !has_function(ast, &name, params.len() + 2) {
        return Err(format!(
            "strategy {name}: the script defines no fn {name}(own, opponent{})",
            params
                .iter()
                .map(|p| format!(", {}", p.name))
                .collect::<String>()
        ));
    }
    Ok(Builtin {
        name,
        params,
        about,
    })
}
