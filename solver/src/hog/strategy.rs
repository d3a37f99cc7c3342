//! Strategy specs: the one parser for every way of naming a strategy.
//!
//! | spec | strategy |
//! |------|----------|
//! | `always_roll:N` | roll N dice (0..=10) everywhere |
//! | `bacon:8,6`, `extra_turn`, `comeback:5`, ... | the ruleset's built-ins, parameters defaulted as the course does |
//! | `optimal` | the best response to the opponent: maximises its value in every state (against `optimal` or `minimax`, both optimal) |
//! | `minimax` | the equilibrium strategy, the table solved with both optimal; against a fixed strategy it plays that table (see [`Contest::meet`](crate::contest::Contest::meet)) |
//! | `path.csv`, `path.json`, `path.npy`, `path.bin` | a table file (see [`format`](crate::format)) |
//! | `path.py`, `path.py:FUNCTION` | a Python `final_strategy(score, opponent_score)`, tabulated (see [`python`](crate::python)) |

use super::definition::MAX_DICE;
use super::definition::{Builtin, Param};
use super::policy::{FullTable, Policy, ScoreTable};
use super::ruleset::Ruleset;
use super::script::Script;
use super::sweep::Player;
use crate::python::Runner;
use crate::spec::{self, Resolved, StrategyError, TABLE_FILES};
use crate::table::Table;

/// A strategy resolved for one ruleset.
#[derive(Clone, Debug)]
pub struct Strategy {
    name: String,
    kind: StrategyKind,
}

/// What a strategy is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrategyKind {
    /// Optimises in every state (best response, or minimax against another optimiser).
    Optimising,
    /// A table over (own score, opponent score).
    Scores(ScoreTable),
    /// A table over the full state, memories included.
    Full(FullTable),
}

impl Strategy {
    /// Resolves `spec` for `rules` (see the module docs for the forms it takes), running a
    /// Python strategy with `python3` from the PATH and the default limits.
    pub fn parse(spec: &str, rules: &Ruleset) -> Result<Strategy, StrategyError> {
        Strategy::resolve(spec, rules, &Runner::default()).map(|r| r.strategy)
    }

    /// Resolves `spec` for `rules`, tabulating a Python strategy with `runner` as a score
    /// table (a course strategy sees only the two scores).
    pub fn resolve(
        spec: &str,
        rules: &Ruleset,
        runner: &Runner,
    ) -> Result<Resolved<Strategy>, StrategyError> {
        let spec = spec.trim();
        spec::resolve(
            spec,
            &rules.schemas(),
            runner,
            Strategy::from_table,
            |name, arguments| Strategy::named(spec, name, arguments, rules),
        )
    }

    /// The strategy called `name` with `arguments` (the text after the colon), from `spec`.
    fn named(
        spec: &str,
        name: &str,
        arguments: Option<&str>,
        rules: &Ruleset,
    ) -> Result<Strategy, StrategyError> {
        let parameters = |problem: String| StrategyError::Parameters {
            spec: spec.to_string(),
            problem,
        };
        if name == "optimal" || name == "minimax" {
            return match arguments {
                // With memory, the optimiser reads what no score table can: say so.
                None if rules.hides_memory() => {
                    Ok(Strategy::optimising(&format!("{name} (full information)")))
                }
                None => Ok(Strategy::optimising(name)),
                Some(_) => Err(parameters(format!("{name} takes no numbers"))),
            };
        }
        let always = always_roll();
        let builtin = std::iter::once(&always)
            .chain(rules.rules().builtins())
            .find(|b| b.name == name)
            .ok_or_else(|| StrategyError::Unknown {
                spec: spec.to_string(),
                rules: rules.name().to_string(),
                expected: expected_specs(rules),
            })?;
        let values = parse_parameters(builtin, arguments).map_err(parameters)?;
        let canonical: Vec<String> = values.iter().map(u32::to_string).collect();
        let goal = rules.goal();
        let table = if builtin.name == always.name {
            ScoreTable::from_elem((goal as usize, goal as usize), values[0] as u8)
        } else {
            // Every cell in one batch, in the table's row-major order.
            let cells: Vec<(u32, u32)> = (0..goal)
                .flat_map(|own| (0..goal).map(move |opponent| (own, opponent)))
                .collect();
            let dice = rules
                .rules()
                .tabulate_builtin(name, &values, &cells)
                .map_err(|e| parameters(e.to_string()))?;
            ScoreTable::from_shape_vec((goal as usize, goal as usize), dice)
                .expect("a choice for every cell")
        };
        Ok(Strategy {
            name: format!("{name}:{}", canonical.join(",")),
            kind: StrategyKind::Scores(table),
        })
    }

    /// An optimising player called `name` (`optimal` or `minimax`).
    pub fn optimising(name: &str) -> Strategy {
        Strategy {
            name: name.to_string(),
            kind: StrategyKind::Optimising,
        }
    }

    /// A table strategy called `name`: a score table, or a table that also reads both
    /// memories (as [`Ruleset::schemas`] describes them).
    pub fn from_table(name: &str, table: Table) -> Strategy {
        let dice = table.dice;
        let kind = if dice.ndim() == 2 {
            StrategyKind::Scores(dice.into_dimensionality().expect("two axes"))
        } else {
            StrategyKind::Full(
                dice.into_dimensionality()
                    .expect("a Hog table has 2 or 4 axes"),
            )
        };
        Strategy {
            name: name.to_string(),
            kind,
        }
    }

    /// The canonical spec (defaults filled in, e.g. `bacon:8,6`) or the file path.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the strategy is made of.
    pub fn kind(&self) -> &StrategyKind {
        &self.kind
    }

    /// Whether this is an optimising player rather than a fixed policy.
    pub fn is_optimising(&self) -> bool {
        self.kind == StrategyKind::Optimising
    }

    /// The player the solver seats for this strategy.
    pub fn player(&self, rules: &Ruleset) -> Player {
        match &self.kind {
            StrategyKind::Optimising => Player::Optimising,
            StrategyKind::Scores(t) => Player::Fixed(Policy::from_scores(rules, t)),
            StrategyKind::Full(t) => Player::Fixed(Policy::from_full(rules, t)),
        }
    }
}

/// The built-in every ruleset has: `always_roll:N`.
fn always_roll() -> Builtin {
    Builtin {
        name: "always_roll".to_string(),
        params: vec![Param {
            name: "n".to_string(),
            default: None,
        }],
        about: "roll n dice every turn".to_string(),
    }
}

/// The spec forms a ruleset accepts, for error messages.
fn expected_specs(rules: &Ruleset) -> String {
    format!(
        "{}, or {TABLE_FILES}",
        strategy_forms(rules.rules()).join(", ")
    )
}

/// The named strategy specs `rules` accepts, e.g. `always_roll:N`, `bacon:CUTOFF,N`,
/// `optimal` (table files aside).
pub fn strategy_forms(rules: &Script) -> Vec<String> {
    forms_with(rules.builtins().iter().map(builtin_form))
}

/// The named strategy specs of Hog rules whose built-ins have the forms `builtins` (as
/// [`strategy_forms`] gives them, e.g. `bacon:CUTOFF,N`): `always_roll:N` first, `optimal`
/// and `minimax` last.
pub fn forms_with(builtins: impl IntoIterator<Item = String>) -> Vec<String> {
    std::iter::once(builtin_form(&always_roll()))
        .chain(builtins)
        .chain(["optimal".to_string(), "minimax".to_string()])
        .collect()
}

/// `builtin` as a spec form: its name, a colon and its parameters in capitals.
fn builtin_form(builtin: &Builtin) -> String {
    let params: Vec<String> = builtin
        .params
        .iter()
        .map(|p| p.name.to_uppercase())
        .collect();
    format!("{}:{}", builtin.name, params.join(","))
}

/// The parameters of `builtin` from the text after the colon, defaults filled in.
fn parse_parameters(builtin: &Builtin, arguments: Option<&str>) -> Result<Vec<u32>, String> {
    let form: Vec<String> = builtin
        .params
        .iter()
        .map(|p| p.name.to_uppercase())
        .collect();
    let form = format!("{}:{}", builtin.name, form.join(","));
    let given: Vec<&str> = arguments.map_or(Vec::new(), |a| a.split(',').collect());
    if given.len() > builtin.params.len() {
        return Err(format!(
            "expected at most {} numbers, as in {form}",
            builtin.params.len()
        ));
    }
    let mut values = Vec::with_capacity(builtin.params.len());
    for (i, param) in builtin.params.iter().enumerate() {
        let value = match given.get(i) {
            Some(text) => text.trim().parse::<u32>().map_err(|_| {
                format!(
                    "{} must be a whole number, found '{}' (in {form})",
                    param.name.to_uppercase(),
                    text.trim()
                )
            })?,
            None => param
                .default
                .ok_or_else(|| format!("{} is missing, as in {form}", param.name.to_uppercase()))?,
        };
        if param.name == "n" && value > u32::from(MAX_DICE) {
            return Err(format!("N = {value} dice is outside 0..={MAX_DICE}"));
        }
        values.push(value);
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fa20() -> Ruleset {
        Ruleset::preset("hog-fa20", 100).unwrap()
    }

    fn dice(strategy: &Strategy, own: usize, opponent: usize) -> u8 {
        match strategy.kind() {
            StrategyKind::Scores(t) => t[[own, opponent]],
            other => panic!("not a score table: {other:?}"),
        }
    }

    #[test]
    fn always_roll_and_defaults() {
        let rules = fa20();
        let four = Strategy::parse("always_roll:4", &rules).unwrap();
        assert_eq!(four.name(), "always_roll:4");
        assert_eq!(dice(&four, 50, 3), 4);
        let bacon = Strategy::parse("bacon", &rules).unwrap();
        assert_eq!(bacon.name(), "bacon:8,6");
        assert_eq!(
            Strategy::parse("bacon:10", &rules).unwrap().name(),
            "bacon:10,6"
        );
        // Opponent 42: Free Bacon 12 >= 8.
        assert_eq!(dice(&bacon, 0, 42), 0);
        assert_eq!(dice(&bacon, 0, 0), 6);
        assert!(Strategy::parse("optimal", &rules).unwrap().is_optimising());
        assert!(Strategy::parse("minimax", &rules).unwrap().is_optimising());
        let fa19 = Ruleset::preset("hog-fa19", 100).unwrap();
        let full = Strategy::parse("optimal", &fa19).unwrap();
        assert_eq!(full.name(), "optimal (full information)");
    }

    #[test]
    fn builtins_belong_to_their_ruleset() {
        let wild = Ruleset::preset("hog-wild", 100).unwrap();
        assert_eq!(
            Strategy::parse("comeback:5", &wild).unwrap().name(),
            "comeback:5,5"
        );
        let err = Strategy::parse("comeback:5", &fa20()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown strategy 'comeback:5' for hog-fa20; expected always_roll:N, \
             bacon:CUTOFF,N, extra_turn:CUTOFF,N, optimal, minimax, or a table file (.csv, \
             .json, .npy, .bin) or a Python file (.py)"
        );
    }

    #[test]
    fn bad_parameters_say_what_is_expected() {
        let rules = fa20();
        let message = |spec: &str| Strategy::parse(spec, &rules).unwrap_err().to_string();
        assert_eq!(
            message("always_roll:11"),
            "strategy 'always_roll:11': N = 11 dice is outside 0..=10"
        );
        assert_eq!(
            message("always_roll"),
            "strategy 'always_roll': N is missing, as in always_roll:N"
        );
        assert_eq!(
            message("bacon:8,x"),
            "strategy 'bacon:8,x': N must be a whole number, found 'x' (in bacon:CUTOFF,N)"
        );
        assert_eq!(
            message("bacon:8,6,1"),
            "strategy 'bacon:8,6,1': expected at most 2 numbers, as in bacon:CUTOFF,N"
        );
        assert_eq!(
            message("optimal:3"),
            "strategy 'optimal:3': optimal takes no numbers"
        );
        assert_eq!(
            message("always_roll:-1"),
            "strategy 'always_roll:-1': N must be a whole number, found '-1' (in always_roll:N)"
        );
    }

    #[test]
    fn missing_table_files_name_the_file() {
        let err = Strategy::parse("no/such/table.csv", &fa20()).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("no/such/table.csv: cannot read it:"),
            "{err}"
        );
    }
}
