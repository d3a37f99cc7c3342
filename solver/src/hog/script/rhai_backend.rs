//! The rhai engine that runs a rule script (`FILE.rhai` and the presets) in this process:
//! sandboxed (no modules, output discarded, at most [`OPERATIONS`] operations per call), with
//! `parameter`, `param` and the [`library`] registered.

use std::sync::{Arc, Mutex, PoisonError};

use rhai::{AST, CallFnOptions, Dynamic, Engine, Map, Scope};

use super::{
    FRAME, Failure, Function, OPERATIONS, Parameter, Returned, TopLevel, Value, call_text,
};
use crate::hog::library;

/// A compiled script whose top level has run.
pub(super) struct Rhai {
    engine: Engine,
    ast: AST,
    /// The variables the script's top level left, which hooks are called with.
    scope: Scope<'static>,
    /// Copies of `scope` not in use: each call takes one, so that threads call hooks at once.
    spare_scopes: Mutex<Vec<Scope<'static>>>,
}

/// What `parameter(NAME, DEFAULT)` sees while the script's top level runs.
#[derive(Default)]
struct Declarations {
    settings: Vec<(String, i64)>,
    declared: Vec<Parameter>,
}

impl Rhai {
    /// Compiles `text` and runs its top level with the parameters in `settings` set.
    pub(super) fn start(
        text: &str,
        settings: &[(String, i64)],
    ) -> Result<(Rhai, TopLevel), Failure> {
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
        let ast = engine.compile(text).map_err(|e| Failure {
            line: e.position().line(),
            message: without_position(e.to_string()),
        })?;
        let mut scope = Scope::new();
        engine
            .run_ast_with_scope(&mut scope, &ast)
            .map_err(|e| Failure {
                line: e.position().line(),
                message: message_of(&e),
            })?;
        let declared = declarations
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .declared
            .clone();
        let variables = FRAME
            .iter()
            .filter_map(|&name| Some((name.to_string(), value_of(scope.get(name)?))))
            .collect();
        let functions = ast
            .iter_functions()
            .map(|f| {
                let definition = format!("fn {}(", f.name);
                Function {
                    name: f.name.to_string(),
                    arity: f.params.len(),
                    line: text
                        .lines()
                        .position(|line| line.trim_start().starts_with(&definition))
                        .map(|index| index + 1),
                }
            })
            .collect();
        let rhai = Rhai {
            engine,
            ast,
            scope,
            spare_scopes: Mutex::new(Vec::new()),
        };
        let top = TopLevel {
            variables,
            functions,
            declared,
        };
        Ok((rhai, top))
    }

    /// Calls `hook` on each call of `args` (`arity` numbers a call), in order, up to the first
    /// that fails.
    pub(super) fn call_all(&self, hook: &str, arity: usize, args: &[i64]) -> Returned {
        let spares = || {
            self.spare_scopes
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        };
        let mut scope = spares().pop().unwrap_or_else(|| self.scope.clone());
        let mut values = Vec::with_capacity(args.len() / arity);
        let mut failure = None;
        for call in args.chunks(arity) {
            // The call leaves the scope as it found it (rhai rewinds it).
            let called = self.engine.call_fn_with_options::<Dynamic>(
                CallFnOptions::new().eval_ast(false),
                &mut scope,
                &self.ast,
                hook,
                call.to_vec(),
            );
            match called {
                Ok(value) => values.push(value_of(&value)),
                Err(e) => {
                    failure = Some(Failure {
                        line: e.position().line(),
                        message: format!("{}: {}", call_text(hook, call), message_of(&e)),
                    });
                    break;
                }
            }
        }
        spares().push(scope);
        Returned { values, failure }
    }
}

/// A rhai value as a [`Value`].
fn value_of(value: &Dynamic) -> Value {
    if value.is_unit() {
        Value::Nothing
    } else if let Ok(b) = value.as_bool() {
        Value::Bool(b)
    } else if let Ok(n) = value.as_int() {
        Value::Int(n)
    } else if value.is_string() {
        Value::Text(value.to_string())
    } else if let Some(items) = value.read_lock::<rhai::Array>() {
        Value::List(items.iter().map(value_of).collect())
    } else if let Some(map) = value.read_lock::<Map>() {
        Value::Map(
            map.iter()
                .map(|(key, value)| (key.to_string(), value_of(value)))
                .collect(),
        )
    } else {
        Value::Other {
            shown: value.to_string(),
            kind: value.type_name().to_string(),
        }
    }
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
