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
    announced: Option<(usize, [u32; 2])>,
    /// How the game ended: the winning seat, or none for a tie or a game without end.
    ended: Option<Option<usize>>,
    /// Whether it ended going round for ever.
    endless: bool,
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
            endless: false,
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
    fn fresh_turn(&self) -> Option<(usize, [u32; 2])> {
        let turn = (self.mover()?, self.rules.scores(&self.state));
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
            let choice = self.advisor.computer(&self.state);
            if watch.comes_back(&self.state, &choice) {
                self.ended = Some(None);
                self.endless = true;
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
        if let Some(ended) = self.ended.filter(|_| !self.endless) {
            turns.extend(self.verdict(ended));
        }
        turns
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
        turns.extend(self.computer_plays());
        turns
    }

    fn prompt(&self, hints: bool) -> Option<Prompt> {
        if !self.waiting() {
            return None;
        }
        let printed = self.printed().is_some();
        let mut lines = Vec::new();
        if let Some((_, [you, computer])) = self.fresh_turn().filter(|_| !printed) {
            lines.push(format!("\nYou {you}, computer {computer}. Your turn."));
        }
        lines.extend(self.rules.situation(&self.state));
        if hints && !printed {
            lines.push(hints_heading(&self.rules.reading()).to_string());
            let offered = self.offered();
            let labels: Vec<String> = offered
                .iter()
                .map(|(choice, _, _)| self.rules.label(&self.state, choice))
                .collect();
            let width = labels.iter().map(String::len).max().unwrap_or(0);
            for (label, (_, value, best)) in labels.iter().zip(&offered) {
                let mark = if *best { "  <- best" } else { "" };
                lines.push(format!("  {label:>width$}  {value:.6}{mark}"));
            }
        }
        let (question, answers) = self.rules.question(&self.state);
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
        turns.extend(self.computer_plays());
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
