//! `swine rules`: the built-in rule scripts, and checking one of your own.

use std::io::Write;

use anyhow::{Result, bail};
use swine_solver::hog::{self, RulesError, Ruleset, presets, strategy_forms};

use crate::cli::RulesCommand;
use crate::resolve;

/// `swine rules list|show|check`.
pub fn rules_command(command: &RulesCommand) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match command {
        RulesCommand::List => {
            for preset in presets::PRESETS {
                writeln!(out, "{:<10}  {}", preset.name, preset.summary)?;
            }
            writeln!(
                out,
                "(swine rules show NAME prints a script; --rules FILE.rhai or FILE.py uses your \
                 own)"
            )?;
        }
        RulesCommand::Show { name } => match presets::preset(name) {
            Some(preset) => write!(out, "{}", preset.script)?,
            None => bail!(RulesError::Unknown {
                name: name.clone(),
                known: presets::PRESETS.iter().map(|p| p.name).collect(),
            }),
        },
        RulesCommand::Check {
            file,
            settings,
            python,
        } => {
            let script = swine_solver::hog::script(file, settings, &resolve::runner(python))?;
            writeln!(out, "{} ({}): {}", script.variant(), file, script.summary())?;
            let parameters: Vec<String> = script
                .parameters()
                .iter()
                .map(|p| format!("{} = {} (default {})", p.name, p.value, p.default))
                .collect();
            writeln!(out, "  parameters   {}", parameters.join(", "))?;
            let memory = script.memory();
            if memory.size > 1 {
                writeln!(
                    out,
                    "  memory       {} values per player ({}), both starting at {}{}",
                    memory.size,
                    memory.meaning,
                    memory.initial,
                    if script.choice_reads_opponent_memory() {
                        "; a choice reads the opponent's memory too"
                    } else {
                        ""
                    }
                )?;
            } else {
                writeln!(out, "  memory       none")?;
            }
            writeln!(out, "  yardstick    {}", script.yardstick())?;
            writeln!(out, "  strategies   {}", strategy_forms(&script).join(", "))?;
            let (goal, m) = (script.goal(), memory.size);
            let footprint = hog::footprint(goal, m);
            writeln!(
                out,
                "  state space  {goal} x {goal} scores x {m} x {m} memories = {} states",
                footprint.states
            )?;
            writeln!(
                out,
                "  solving      about {} of memory and {} (measured on 2 cores)",
                footprint.memory(),
                footprint.time()
            )?;
            let rules = Ruleset::compile(script)?;
            writeln!(
                out,
                "  solver       {} (at most {} points a turn)",
                rules.order(),
                rules.max_gain()
            )?;
            let happenings = hog::Happenings::of_rules(&rules)?;
            writeln!(out, "  study counts {}", happenings.names().join(", "))?;
            for hook in happenings.hooks(&rules) {
                writeln!(out, "  fn {:<10} {}", hook.hook, hook.changes)?;
                if hook.idle {
                    writeln!(
                        out,
                        "  warning: fn {} never changes anything (is a condition always false?)",
                        hook.hook
                    )?;
                }
            }
        }
    }
    Ok(())
}
