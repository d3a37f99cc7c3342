//! A person at play against the computer, written once over any game's [`Rules`]: the
//! terminal's prompts and the page's view, the person's actions, the computer's turns told
//! with the course's commentary, games that go round for ever, and the end. A game says how its
//! position and choices read to a person ([`Presented`]); its solved match-up says what each
//! choice is worth and what the computer plays ([`Advisor`]).

use std::sync::Arc;

use super::action::Action;
use super::play::{Answers, Audience, Prompt, Session, Told};
use super::rules::{LoopWatch, Rules, Step, ToMove, play_choice};
use super::simulate::NEVER_ENDS;
use super::view::{Choice, Reading, View};
use crate::commentary::{self, Commentary, Names};
use crate::dice::{SeededDice, Thrown};

/// How a game's rules read to a person at play.
pub trait Presented: Rules + Sized + 'static {
    /// How the values of the person's choices read (the page's, and the hints' words).
    fn reading(&self) -> Reading;

    /// What the person is told of `state` before deciding, beyond the scores: the rules about
    /// to apply (`Free Bacon would give 6.`), the turn total.
    fn situation(&self, state: &Self::State) -> Vec<String>;

    /// `choice` in words, as hints and buttons show it: `7 dice`, `roll`.
    fn label(&self, state: &Self::State, choice: &Self::Choice) -> String;

    /// The key that takes `choice`, if one does (`r`).
    fn key(&self, state: &Self::State, choice: &Self::Choice) -> Option<char>;

    /// What taking `choice` sends from the page.
    fn action(&self, state: &Self::State, choice: &Self::Choice) -> Action;

    /// The choice the person's `action` takes at `state`, or why the game refuses it.
    fn choice(&self, state: &Self::State, action: &Action) -> Result<Self::Choice, String>;

    /// The terminal's question at `state`, and the answers it takes.
    fn question(&self, state: &Self::State) -> (String, Answers);

    /// Fills `view` with `state` as the page draws it: the ruleset's name, the seats' scores and
    /// numbers, facts, the dice showing, the board (the session adds the choices).
    fn view(&self, state: &Self::State, view: &mut View);

    /// The seats' scores as a turn's heading says them: by default [`Rules::scores`]; a game
    /// whose scores fall below 0 (Farkle's, down to its floor) says them itself.
    fn shown_scores(&self, state: &Self::State) -> [i64; 2] {
        self.scores(state).map(i64::from)
    }

    /// The choice the terminal makes for the person at `state` without asking, if any: by
    /// default none (Farkle rolls for the person where a roll is the only move; the page asks
    /// for every roll).
    fn automatic(&self, state: &Self::State) -> Option<Self::Choice> {
        let _ = state;
        None
    }

    /// What the page's note on a new game says of it (`New game, seed 7.`): by default the
    /// dice's `seed`; a game without dice says what else sets it apart (Chopsticks' move limit).
    fn new_game(&self, seed: u64) -> String {
        format!("seed {seed}")
    }

    /// `state` as the course's own program prints it, where the terminal plays the game in
    /// that program's form (Chopsticks' `chopsticks_game`, its `display`): the terminal then
    /// shows it as the game begins and after every move in place of the narration, and
    /// announces no turns and gives no hints, as the program did not. By default none.
    fn printed(&self, _state: &Self::State) -> Option<Vec<String>> {
        None
    }

    /// The words the terminal ends a game over at `state` with, where the course's program has
    /// its own (Chopsticks' `B wins.`); by default none, and the person's verdict (`You win!`).
    fn last_words(&self, _state: &Self::State) -> Option<String> {
        None
    }
}

/// What a solved match-up tells a sitting: what each of the person's choices is worth, which
/// is best, and what the computer plays.
pub trait Advisor<R: Rules>: Send + Sync {
    /// What each of `choices` is worth to the person (seat 0, to move at `state`), read as the
    /// game's [`Presented::reading`] says.
    fn values(&self, state: &R::State, choices: &[R::Choice]) -> Vec<f64>;

    /// The person's best choice at `state`, as the solved strategy takes it.
    fn best(&self, state: &R::State) -> R::Choice;

    /// The computer's choice (seat 1, to move at `state`).
    fn computer(&self, state: &R::State) -> R::Choice;

    /// The computer's choice, or why its strategy gave none: a strategy asked as it plays (a
    /// Python strategy) may fail where a solved one cannot. By default
    /// [`computer`](Self::computer)'s.
    fn try_computer(&self, state: &R::State) -> Result<R::Choice, String> {
        Ok(self.computer(state))
    }

    /// The choices the person is offered at `state`, each with its value: by default every
    /// one of `choices` (the legal ones, in the game's order). A game with more choices than a
    /// person weighs (Greed's 256 dice counts) offers the few that matter; the others are still
    /// taken when asked for ([`Presented::choice`]).
    fn offered(&self, state: &R::State, choices: Vec<R::Choice>) -> Vec<(R::Choice, f64)> {
        let values = self.values(state, &choices);
        choices.into_iter().zip(values).collect()
    }

    /// What the computer says before its move at `state`, if anything (Chopsticks' computer:
    /// `I will win.` where its position is a forced win); the terminal shows it before the
    /// move. By default nothing.
    fn remark(&self, _state: &R::State) -> Option<String> {
        None
    }

    /// What `state` is worth to the person whoever is to move, where the solved match-up says
    /// (Chopsticks' verdict, shown to the game's end); by default nothing, and the page shows
    /// the best choice's value on the person's turn only.
    fn worth(&self, _state: &R::State) -> Option<f64> {
        None
    }
}

/// A game in progress: the person is seat 0, the computer seat 1.
pub struct Sitting<R: Presented> {
    rules: Arc<R>,
    advisor: Arc<dyn Advisor<R>>,
    seed: u64,
    first: usize,
    state: R::State,
    dice: SeededDice,
    commentary: Box<dyn Commentary + Send>,
    names: Names,
    audience: Audience,
    /// The turn last announced: the mover and the scores.
    announced: Option<(usize, [i64; 2])>,
    /// How the game ended: the winning seat, or none for a tie, a game without end or one
    /// the computer's strategy could not go on with.
    ended: Option<Option<usize>>,
    /// Whether it ended without a verdict: going round for ever, or the computer's strategy
    /// failed.
    unjudged: bool,
}

impl<R: Presented> Sitting<R> {
    /// A new game of `rules`, advised by `advisor`: seat `first` moves first, the dice seeded
    /// by `seed`, told for `audience`.
    pub fn new(
        rules: Arc<R>,
        advisor: Arc<dyn Advisor<R>>,
        first: usize,
        seed: u64,
        audience: Audience,
    ) -> Sitting<R> {
        let names = audience.names(rules.numbered_from());
        let state = rules.start(first);
        Sitting {
            rules,
            advisor,
            seed,
            first,
            state,
            dice: SeededDice::new(seed),
            commentary: Box::new(commentary::full(names)),
            names,
            audience,
            announced: None,
            ended: None,
            unjudged: false,
        }
    }

    /// The seat to move, if one is.
    fn mover(&self) -> Option<usize> {
        match self.rules.to_move(&self.state) {
            ToMove::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    /// The turn about to be played, if it is another than the one last announced: its mover
    /// and the scores.
    fn fresh_turn(&self) -> Option<(usize, [i64; 2])> {
        let turn = (self.mover()?, self.rules.shown_scores(&self.state));
        (self.announced != Some(turn)).then_some(turn)
    }

    /// Plays `choice` for the seat to move, told with `heading` before it, if any.
    fn play(&mut self, choice: R::Choice, heading: Option<String>) -> Told {
        let who = self.mover();
        let before = self.state.clone();
        let mut faces = Vec::new();
        let mut die = None;
        let dice = &mut self.dice;
        play_choice(
            self.rules.as_ref(),
            &mut self.state,
            &choice,
            &mut |thrown| {
                die = Some(thrown);
                dice.face(thrown)
            },
            &mut faces,
        );
        let step = Step {
            before: &before,
            choice: &choice,
            thrown: &faces,
            after: &self.state,
        };
        let lines = self.rules.narrate(&step, self.names, &mut *self.commentary);
        let lines = match self.printed() {
            Some(printed) => printed,
            None => self.audience.lines(lines),
        };
        if self.rules.to_move(&self.state) == ToMove::Over {
            let returns = self.rules.returns(&self.state);
            let best = returns.iter().copied().fold(f64::MIN, f64::max);
            let winners: Vec<usize> = (0..returns.len()).filter(|&s| returns[s] == best).collect();
            self.ended = Some((winners.len() == 1).then(|| winners[0]));
        }
        Told {
            who,
            heading,
            thrown: die.map(|die| Thrown { die, faces }),
            lines,
        }
    }

    /// The state as the course's program prints it, where the terminal plays in its form
    /// ([`Presented::printed`]).
    fn printed(&self) -> Option<Vec<String>> {
        (self.audience == Audience::Terminal)
            .then(|| self.rules.printed(&self.state))
            .flatten()
    }

    /// How the game ended, as the terminal tells it (none on the page).
    fn verdict(&self, ended: Option<usize>) -> Option<Told> {
        match self.rules.last_words(&self.state) {
            Some(words) if self.audience == Audience::Terminal => Some(Told::note(words)),
            _ => self.audience.verdict(ended),
        }
    }

    /// The computer's decisions, until it is the person's turn or the game ends (then the
    /// verdict).
    fn computer_plays(&mut self) -> Vec<Told> {
        let mut watch = LoopWatch::<R>::default();
        let mut turns = Vec::new();
        while self.ended.is_none() && self.mover() == Some(1) {
            let choice = match self.advisor.try_computer(&self.state) {
                Ok(choice) => choice,
                Err(failed) => {
                    self.ended = Some(None);
                    self.unjudged = true;
                    turns.push(self.audience.note(&failed));
                    break;
                }
            };
            if watch.comes_back(&self.state, &choice) {
                self.ended = Some(None);
                self.unjudged = true;
                turns.push(self.audience.note(NEVER_ENDS));
                break;
            }
            let announced = self.fresh_turn().filter(|_| self.printed().is_none());
            let announcement = announced.map(|turn| {
                self.announced = Some(turn);
                let [you, computer] = turn.1;
                format!("\nComputer {computer}, you {you}. The computer's turn.")
            });
            let remark = self.advisor.remark(&self.state);
            let heading = announcement
                .into_iter()
                .chain(remark)
                .reduce(|a, b| format!("{a}\n{b}"));
            let certain = self.rules.certain(&self.state, &choice);
            let told = self.play(choice, heading);
            if told.thrown.is_some() && !certain {
                watch.thrown();
            }
            turns.push(told);
        }
        if let Some(ended) = self.ended.filter(|_| !self.unjudged) {
            turns.extend(self.verdict(ended));
        }
        turns
    }

    /// After a move: the computer's turns, then at the terminal the person's moves the game
    /// makes for them ([`Presented::automatic`]), each followed by the computer's, until the
    /// person has a choice to make or the game ends.
    fn advance(&mut self) -> Vec<Told> {
        let mut turns = self.computer_plays();
        while self.audience == Audience::Terminal && self.waiting() {
            let Some(choice) = self.rules.automatic(&self.state) else {
                break;
            };
            let heading = self.fresh_turn().map(|turn| {
                self.announced = Some(turn);
                your_turn(turn.1)
            });
            turns.push(self.play(choice, heading));
            turns.extend(self.computer_plays());
        }
        turns
    }

    /// The person's choices as the terminal lists them: with `hints` those offered, their
    /// values, the best marked; numbered from `first` where they are answered by their numbers
    /// (each by its place among the legal choices).
    fn listed(&self, hints: bool, first: Option<usize>) -> Vec<String> {
        let legal = self.rules.choices(&self.state);
        let offered = if hints {
            self.offered()
        } else {
            legal
                .iter()
                .map(|choice| (choice.clone(), 0.0, false))
                .collect()
        };
        let labels: Vec<String> = offered
            .iter()
            .map(|(choice, _, _)| self.rules.label(&self.state, choice))
            .collect();
        let width = labels.iter().map(String::len).max().unwrap_or(0);
        let last = first.map_or(0, |first| (first + legal.len()).saturating_sub(1));
        let digits = last.to_string().len();
        labels
            .iter()
            .zip(&offered)
            .map(|(label, (choice, value, best))| {
                let place = legal.iter().position(|c| c == choice).unwrap_or_default();
                let number =
                    first.map_or_else(String::new, |first| format!("{:>digits$}: ", first + place));
                if hints {
                    let mark = if *best { "  <- best" } else { "" };
                    format!("  {number}{label:>width$}  {value:.6}{mark}")
                } else {
                    format!("  {number}{label}")
                }
            })
            .collect()
    }

    /// The person's choices offered at the state, with their values, the best marked.
    fn offered(&self) -> Vec<(R::Choice, f64, bool)> {
        let offered = self
            .advisor
            .offered(&self.state, self.rules.choices(&self.state));
        let best = self.advisor.best(&self.state);
        offered
            .into_iter()
            .map(|(choice, value)| {
                let is_best = choice == best;
                (choice, value, is_best)
            })
            .collect()
    }
}

/// The heading of the person's turn: `You 12, computer 30. Your turn.`, set apart.
fn your_turn([you, computer]: [i64; 2]) -> String {
    format!("\nYou {you}, computer {computer}. Your turn.")
}

/// How the hints introduce the values, by how they read.
fn hints_heading(reading: &Reading) -> &'static str {
    match reading {
        Reading::WinChance => "Your chance to win, then playing perfectly:",
        Reading::TiesHalf => "Your chance to win (ties counting half), then playing perfectly:",
        Reading::ExpectedScore => "Your expected final score, then playing perfectly:",
        Reading::Verdict { .. } => "The solver's verdict (1 a win, 0 neither, -1 a loss):",
    }
}

impl<R: Presented> Session for Sitting<R> {
    fn begin(&mut self) -> Vec<Told> {
        let mut turns = self
            .audience
            .start(self.first, &self.rules.new_game(self.seed));
        turns.extend(self.printed().map(|lines| Told {
            who: None,
            heading: None,
            thrown: None,
            lines,
        }));
        turns.extend(self.advance());
        turns
    }

    fn prompt(&self, hints: bool) -> Option<Prompt> {
        if !self.waiting() {
            return None;
        }
        let printed = self.printed().is_some();
        let mut lines = Vec::new();
        if let Some((_, scores)) = self.fresh_turn().filter(|_| !printed) {
            lines.push(your_turn(scores));
        }
        lines.extend(self.rules.situation(&self.state));
        let (question, answers) = self.rules.question(&self.state);
        // Choices answered by their numbers are listed numbered, with or without hints; a
        // game played in its course program's form shows what that program shows, no list.
        let hints = hints && !printed;
        let first = match answers {
            Answers::Choice(first, _) if !printed => Some(first),
            _ => None,
        };
        if hints {
            lines.push(hints_heading(&self.rules.reading()).to_string());
        }
        if hints || first.is_some() {
            lines.extend(self.listed(hints, first));
        }
        Some(Prompt {
            lines,
            question,
            answers,
        })
    }

    fn act(&mut self, action: &Action) -> Result<Vec<Told>, String> {
        if !self.waiting() {
            return Err("the game is over".to_string());
        }
        let choice = self.rules.choice(&self.state, action)?;
        self.announced = self.fresh_turn().or(self.announced);
        let mut turns = vec![self.play(choice, None)];
        turns.extend(self.advance());
        Ok(turns)
    }

    fn ended(&self) -> Option<Option<usize>> {
        self.ended
    }

    fn waiting(&self) -> bool {
        self.ended.is_none() && self.mover() == Some(0)
    }

    fn view(&self) -> View {
        let rules = self.rules.as_ref();
        let mut view = View::new("", rules.reading(), self.ended, self.waiting());
        rules.view(&self.state, &mut view);
        if view.your_turn {
            let choices = self
                .offered()
                .into_iter()
                .map(|(choice, value, best)| Choice {
                    label: rules.label(&self.state, &choice),
                    key: rules.key(&self.state, &choice),
                    value,
                    best,
                    action: rules.action(&self.state, &choice),
                })
                .collect();
            view.offer(choices);
        }
        view.value = view.value.or_else(|| self.advisor.worth(&self.state));
        view
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Chooser;
    use crate::game::toy::{Go, Lap, Race, ThrowsBelow};

    /// Advice on the race: every choice worth ½, the first the best; the computer throws below
    /// 5, unless its strategy fails.
    struct Advice {
        fails: bool,
    }

    impl Advisor<Race> for Advice {
        fn values(&self, _: &Lap, choices: &[Go]) -> Vec<f64> {
            vec![0.5; choices.len()]
        }

        fn best(&self, lap: &Lap) -> Go {
            Race.choices(lap)[0]
        }

        fn computer(&self, lap: &Lap) -> Go {
            Chooser::<Race>::choose(&ThrowsBelow(5), lap)
        }

        fn try_computer(&self, lap: &Lap) -> Result<Go, String> {
            match self.fails {
                true => Err("the computer's strategy failed".to_string()),
                false => Ok(self.computer(lap)),
            }
        }
    }

    fn sitting(fails: bool, first: usize, seed: u64, audience: Audience) -> Sitting<Race> {
        Sitting::new(
            Arc::new(Race),
            Arc::new(Advice { fails }),
            first,
            seed,
            audience,
        )
    }

    #[test]
    fn a_game_ends_without_a_verdict_where_the_computers_strategy_fails() {
        let mut failed = sitting(true, 1, 5, Audience::Terminal);
        let told = failed.begin();
        let lines: Vec<&str> = told
            .iter()
            .flat_map(|t| &t.lines)
            .map(String::as_str)
            .collect();
        assert_eq!(lines, ["\nthe computer's strategy failed"]);
        assert_eq!(failed.ended(), Some(None));
        assert!(failed.prompt(true).is_none());
        assert_eq!(
            failed.act(&Action::Choice(0)),
            Err("the game is over".to_string())
        );
    }

    #[test]
    fn the_terminal_numbers_choices_and_makes_the_only_ones() {
        // The person throws while it may: at the terminal its choices are listed numbered
        // without hints, and a step that is the only choice (from 8 on) is made without
        // asking; the page asks for it.
        let (mut made, mut offered_alone) = (0, 0);
        for seed in 0..20 {
            let mut race = sitting(false, 0, seed, Audience::Terminal);
            let mut told = race.begin();
            let mut asked = 0;
            while let Some(prompt) = race.prompt(false) {
                assert_eq!(prompt.answers, Answers::Choice(1, 2));
                // After the turn's heading, where the turn is fresh, the race says no
                // situation: the numbered choices.
                let listed = &prompt.lines[prompt.lines.len().saturating_sub(2)..];
                assert_eq!(listed, ["  1: Step", "  2: Throw"], "{:?}", prompt.lines);
                assert!(prompt.lines.len() == 2 || prompt.lines[0].ends_with("Your turn."));
                told.extend(race.act(&Action::Choice(1)).unwrap());
                asked += 1;
            }
            made += told.iter().filter(|t| t.who == Some(0)).count() - asked;
            let verdict = told.last().unwrap().lines.clone();
            assert!(["You win!", "The computer wins."].contains(&verdict[0].as_str()));
            let mut page = sitting(false, 0, seed, Audience::Page);
            page.begin();
            while page.waiting() {
                let choices = page.view().choices.len();
                offered_alone += usize::from(choices == 1);
                page.act(&Action::Choice(choices - 1)).unwrap();
            }
        }
        assert!(made > 0 && made == offered_alone, "{made} {offered_alone}");
    }
}
