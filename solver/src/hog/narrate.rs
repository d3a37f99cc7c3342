//! Hog told turn by turn in its own words: what the dice showed and what the rules did (the
//! rules interface's narration, [`Rules::narrate`](crate::game::Rules::narrate), adds the
//! course's commentary; transcripts and `swine play` tell every turn so).

use super::ruleset::Ruleset;
use super::turn::{Game, Turn};
use crate::commentary::Names;

/// The lines that tell a turn: `before` is the game before it, `requested` the dice asked for,
/// `shown` the faces rolled and `turn` what [`Game::turn`] made of them; the seats are called
/// `names`.
pub fn describe(
    rules: &Ruleset,
    before: &Game,
    requested: u8,
    shown: &[u8],
    turn: &Turn,
    names: Names,
) -> Vec<String> {
    let mover = before.mover;
    let (own, opponent) = (before.scores[mover], before.scores[1 - mover]);
    let named = |key: &str| rules.rules().rule_name(key);
    let mut lines = Vec::new();
    let asked = if usize::from(requested) != shown.len() {
        format!(" (asked for {requested}; the rules allow {})", shown.len())
    } else {
        String::new()
    };
    if shown.is_empty() {
        lines.push(format!(
            "{} 0 dice{asked}: {} gives {} point(s).",
            names.act(mover, "rolls", "roll"),
            named("free_bacon"),
            turn.points
        ));
    } else {
        let die = rules.die(own, opponent);
        let kind = if die.faces == 6 {
            String::new()
        } else {
            format!(" {}-sided", die.faces)
        };
        let faces: Vec<String> = shown.iter().map(u8::to_string).collect();
        let ones = shown.iter().filter(|&&face| face == 1).count();
        let pig_out = match ones {
            _ if !die.pig_out => String::new(),
            0 => String::new(),
            1 => format!("{}: one 1 rolled", named("pig_out")),
            _ => format!("{}: {ones} 1s rolled", named("pig_out")),
        };
        let bonus = if die.face_bonus.is_some() {
            "face bonuses included"
        } else {
            ""
        };
        let dice_points = rules.dice_points(own, opponent, shown);
        let rescored = if dice_points != turn.points {
            format!("{} makes it {}", named("turn_points"), turn.points)
        } else {
            String::new()
        };
        let notes: Vec<&str> = [pig_out.as_str(), bonus, rescored.as_str()]
            .into_iter()
            .filter(|note| !note.is_empty())
            .collect();
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", notes.join("; "))
        };
        lines.push(format!(
            "{} {}{kind} dice{asked}: {}, {dice_points} point(s){notes}.",
            names.act(mover, "rolls", "roll"),
            shown.len(),
            faces.join(" "),
        ));
    }
    if turn.bonus > 0 {
        lines.push(format!(
            "{}: +{} point(s) for choosing {requested} dice.",
            capitalized(&named("bonus")),
            turn.bonus
        ));
    }
    let mut expected = [0; 2];
    expected[mover] = turn.reached;
    expected[1 - mover] = opponent;
    if turn.scores != expected {
        lines.push(format!(
            "{} turns {} : {} into {} : {}.",
            capitalized(&named("after_turn")),
            expected[0],
            expected[1],
            turn.scores[0],
            turn.scores[1]
        ));
    }
    lines.push(format!(
        "Scores: {} {}, {} {}.",
        names.name(0),
        turn.scores[0],
        names.name(1),
        turn.scores[1]
    ));
    if turn.extra_turn {
        lines.push(format!(
            "{} another turn ({}).",
            names.act(mover, "takes", "take"),
            extra_turn_rules(rules, (turn.reached, opponent))
        ));
    }
    if let Some(winner) = turn.winner {
        lines.push(format!(
            "{}, {} to {}.",
            names.act(winner, "wins", "win"),
            turn.scores[winner],
            turn.scores[1 - winner]
        ));
    }
    lines
}

/// The names of the rules that gave a turn that reached `scores` (the mover's, the opponent's)
/// another: those of the script's conditions that hold there, else the name of all of them.
fn extra_turn_rules(rules: &Ruleset, scores: (u32, u32)) -> String {
    let script = rules.rules();
    let held: Vec<String> = script
        .rule_conditions("extra_turn")
        .into_iter()
        .filter(|(_, function)| {
            script
                .tabulate_condition(function, &[scores])
                .is_ok_and(|holds| holds == [true])
        })
        .map(|(name, _)| name)
        .collect();
    if held.is_empty() {
        script.rule_name("extra_turn")
    } else {
        held.join(" and ")
    }
}

/// `text` with its first letter in upper case.
pub(crate) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::simulate::transcript;
    use crate::hog::{Plays, Policy, Strategy, solve};

    fn policies(rules: &Ruleset, a: &str, b: &str) -> [Policy; 2] {
        let a = Strategy::parse(a, rules).unwrap().player(rules);
        let b = Strategy::parse(b, rules).unwrap().player(rules);
        let solution = solve(rules, [&a, &b]).unwrap();
        [solution.policy(0), solution.policy(1)]
    }

    #[test]
    fn a_turn_reads_as_what_happened() {
        let rules = Ruleset::preset("hog-fa20", 100).unwrap();
        // Player 0 at 28 against 30 rolls 1 die showing 1: Pig Out, 29 against 30, Pig Pass.
        let mut game = Game {
            scores: [28, 30],
            memory: [0, 0],
            mover: 0,
        };
        let before = game;
        let turn = game.turn(&rules, 1, &[1]);
        assert_eq!(
            describe(&rules, &before, 1, &[1], &turn, Names::Numbered(0)),
            [
                "Player 0 rolls 1 dice: 1, 1 point(s) (Pig Out: one 1 rolled).",
                "Scores: Player 0 29, Player 1 30.",
                "Player 0 takes another turn (Pig Pass).",
            ]
        );
        // The same turn told to a person playing the computer (the page).
        assert_eq!(
            describe(&rules, &before, 1, &[1], &turn, Names::YouAndComputer),
            [
                "You roll 1 dice: 1, 1 point(s) (Pig Out: one 1 rolled).",
                "Scores: you 29, the computer 30.",
                "You take another turn (Pig Pass).",
            ]
        );
        // hog-hogtimus: two 1s of three dice score min(11 - 3, 2) = 2, a prime, which rises to 3.
        let rules = Ruleset::preset("hog-hogtimus", 100).unwrap();
        let mut game = Game {
            scores: [10, 20],
            memory: [0, 0],
            mover: 0,
        };
        let before = game;
        let turn = game.turn(&rules, 3, &[1, 5, 1]);
        assert_eq!(
            describe(&rules, &before, 3, &[1, 5, 1], &turn, Names::Numbered(0))[0],
            "Player 0 rolls 3 dice: 1 5 1, 2 point(s) (Pig Out: 2 1s rolled; Hogtimus Prime makes \
             it 3)."
        );
        // hog-fa19: rolling 2 after 0 earns Feral Hogs' 3; 45 + 7 + 3 = 55 against 5 swaps.
        let rules = Ruleset::preset("hog-fa19", 100).unwrap();
        let mut game = Game {
            scores: [5, 45],
            memory: [0, 0],
            mover: 1,
        };
        let before = game;
        let turn = game.turn(&rules, 2, &[3, 4]);
        assert_eq!(
            describe(&rules, &before, 2, &[3, 4], &turn, Names::Numbered(0)),
            [
                "Player 1 rolls 2 dice: 3 4, 7 point(s).",
                "Feral Hogs: +3 point(s) for choosing 2 dice.",
                "Swine Swap turns 5 : 55 into 55 : 5.",
                "Scores: Player 0 55, Player 1 5.",
            ]
        );
    }

    #[test]
    fn transcripts_end_with_the_winner_and_repeat_with_the_seed() {
        for name in crate::hog::presets::PRESETS.map(|p| p.name) {
            let rules = Ruleset::preset(name, 100).unwrap();
            let [a, b] = policies(&rules, "optimal", "always_roll:4");
            let [a, b] = [&a, &b].map(|policy| Plays {
                rules: &rules,
                policy,
            });
            let told = |seed| transcript(&rules, [&a, &b], name, seed);
            let text = told(5);
            assert_eq!(text, told(5));
            assert_ne!(text, told(6));
            let last_turn = text.trim_end().rsplit("\n\n").next().unwrap();
            assert!(last_turn.contains(" wins, "), "{name}: {last_turn}");
            assert_eq!(text.matches(" wins, ").count(), 1, "{name}");
            assert!(text.contains("takes the lead by"), "{name}");
        }
    }
}
