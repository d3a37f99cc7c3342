//! The help texts that name games or their parameters, read from the games' records (so a
//! game registered is a game the help names).

use swine_solver::catalog;
use swine_solver::game::{Capability, ParameterKind, PositionForm};

/// Every game's label, in words: `Hog, Greed, Pig, Farkle, Yahtzee, Yatzy and Chopsticks`.
fn every_game() -> String {
    catalog::labels(|_| true)
}

/// The games that answer `capability`, in words.
fn games_that(capability: Capability) -> String {
    catalog::labels(|g| g.can(capability))
}

/// The program's one line.
pub fn about() -> String {
    format!(
        "Exact win probabilities, expected scores and optimal strategies for {}",
        every_game()
    )
}

/// `swine play`'s one line.
pub fn play() -> String {
    format!(
        "Play a game against the computer, with the exact value of every choice ({})",
        every_game()
    )
}

/// `swine serve`'s one line.
pub fn serve() -> String {
    format!(
        "Serve a local web page (loopback only) to play {} against the computer with exact \
         hints, the commentary and the strategy map; its JSON API is in docs/guide.md. A \
         match-up that takes long is solved on a thread of its own the first time it is asked \
         for, the page showing how far the solve has come",
        every_game()
    )
}

/// `swine study`'s one line.
pub fn study() -> String {
    format!(
        "Study a match-up turn by turn, exactly: each seating's chance to win, how long a game \
         lasts and how often each rule happens; beside them the variant's design measures ({})",
        games_that(Capability::Study)
    )
}

/// `--goal`'s help: each game's goal, its range and its default.
pub fn goal() -> String {
    let goals: Vec<String> = catalog::games()
        .iter()
        .filter_map(|game| {
            let goal = game.parameter("goal")?;
            Some(format!(
                "{} {} ({})",
                game.label,
                goal.range_text(),
                goal.doc
            ))
        })
        .collect();
    format!(
        "The goal (--set goal=N): {} [default: the ruleset's]",
        goals.join("; ")
    )
}

/// `--players`' help: the games played by more than two, from their records.
pub fn players() -> String {
    let games: Vec<String> = catalog::games()
        .iter()
        .filter(|game| *game.players.end() > 2)
        .map(|game| {
            format!(
                "{} {} to {}",
                game.label,
                game.players.start().max(&2),
                game.players.end()
            )
        })
        .collect();
    format!(
        "How many players, moving in turn (--set players=N): {} [default: 2, or 1 where one \
         plays alone]",
        games.join("; ")
    )
}

/// `--set`'s help: each game's parameters.
pub fn set() -> String {
    let games: Vec<String> = catalog::games()
        .iter()
        .filter(|game| !game.parameters.is_empty() || game.declared_parameters)
        .map(|game| {
            let mut names: Vec<String> = game
                .parameters
                .iter()
                .map(|p| match p.kind {
                    ParameterKind::Named(_) => format!("{} ({})", p.name, p.range_text()),
                    ParameterKind::Integer { .. } => p.name.to_string(),
                })
                .collect();
            if game.declared_parameters {
                names.push("any its rule script declares".to_string());
            }
            format!("{}: {}", game.label, names.join(", "))
        })
        .collect();
    format!(
        "Sets a parameter of the rules, e.g. --set goal=50; may be repeated (swine games lists \
         each with its range). {}",
        games.join("; ")
    )
}

/// `--vs`'s help in `swine play`.
pub fn play_vs() -> String {
    format!(
        "The computer's strategy, in games with strategies ({}) [default: optimal, perfect play]",
        games_that(Capability::Strategies)
    )
}

/// `--seed`'s help in `swine play`.
pub fn play_seed() -> String {
    format!(
        "The seed of the dice ({}); the same seed and choices give the same game [default: from \
         the clock, printed]",
        catalog::labels(|g| g.chance)
    )
}

/// `--dice-by-hand`'s help in `swine play`.
pub fn dice_by_hand() -> String {
    format!(
        "Roll real dice and type what they show; every decision is coached: the best choice,          and what yours lost against it in points ({}, on your own card: no --vs)",
        games_that(Capability::ByHand)
    )
}

/// `--moves`' help, with the default where none is given.
pub fn moves(default: &str) -> String {
    format!(
        "At most M moves per player, or `unlimited` ({}) [default: {default}]",
        games_that(Capability::Moves)
    )
}

/// `--dice`' help in `swine eval`.
pub fn dice() -> String {
    format!(
        "With --from, the dice a roll just showed there ({}), comma-separated faces (e.g. \
         1,1,5,2,3,4: as many as the position's dice left, or the five showing); prints the \
         value of each way to keep",
        games_that(Capability::Dice)
    )
}

/// `--distribution`'s help in `swine eval`.
pub fn distribution() -> String {
    format!(
        "A game played alone ({}): the exact distribution of the strategy's final score, from \
         the start or from the position --from, --dice and --rolls-left give: its mean, spread, \
         quantiles and P(final score >= t) for every t (JSON `at_least`, by t); with a FILE, \
         also written there as CSV (score,probability,at_least)",
        catalog::labels(|g| g.alone())
    )
}

/// `--rolls-left`' help in `swine eval`.
pub fn rolls_left() -> String {
    format!(
        "With --dice, in a game of a card and rolls ({}): the rolls left (2 after a turn's \
         first roll, the default; 1; 0, where the dice fill a box). With 1 or 2 prints the \
         value of every keep, with 0 of every open box, each the expected final score under \
         optimal play afterwards",
        catalog::labels(|g| g.position == PositionForm::Card)
    )
}

/// `--from`'s help in `swine eval`: each form of position, the games of a card named from the
/// catalog.
pub fn from() -> String {
    format!(
        "Instead of the whole match, one position with the strategy to move: OWN,OPPONENT (Hog \
         rules with memory: OWN,OPPONENT,OWN_MEMORY,OPPONENT_MEMORY; Greed: OWN,OPPONENT,PASSED \
         with PASSED 0 or 1; the Pig family: OWN,OPPONENT,TURN_TOTAL; Farkle: B,D,F,E,T,N, \
         banked scores, farkle counts, turn total, dice left; {}: the card, its filled boxes \
         with their points, e.g. ones=3,sixes=24,chance=20, box names as in the JSON, the empty \
         card by default). Prints the exact probability that the mover wins from there (a game \
         played alone: the expected final score) and the value of each choice there",
        catalog::labels(|g| g.position == PositionForm::Card)
    )
}
