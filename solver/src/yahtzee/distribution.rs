//! The exact distribution of the final score under optimal play: the probability of every
//! score, pushed forward from the empty card one turn at a time.
//!
//! Each card reached carries the distribution of the points scored so far; a turn from it ends
//! ([`Turns::ends`](super::solve::Turns::ends)) in each card after with the points gained, and moves its
//! distribution there shifted by those points. After thirteen turns every card is full and
//! their distributions together are the final score's. Cards whose upper totals are too low to
//! earn the bonus any more are alike, and are carried as one ([`Card::told`]).

use std::ops::Range;

use rayon::prelude::*;

use super::rules::Settings;
use super::solve::Solution;
use super::strategy::{Player, Thumb, thumb_keeps};
use super::turn::{Card, Decides, End, happenings, last_rolls_from, placed_ends};
use crate::game::{Run, Stopped};
use crate::report::score;

/// The final score's distribution, and what happens on the way.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    /// P(final score = s), by s.
    pub probabilities: Vec<f64>,
    /// Each happening of [`Sheet::happenings`](super::rules::Sheet::happenings), exactly.
    pub happenings: [Happening; 4],
}

/// Something that happens on a card, counted exactly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Happening {
    /// Its name, as the sheet gives it.
    pub name: &'static str,
    /// The expected number of times it happens in a game.
    pub per_game: f64,
    /// The chance that it happens at least once in a game.
    pub at_least_once: f64,
}

impl Distribution {
    /// The expected final score.
    pub fn mean(&self) -> f64 {
        score::mean(&self.probabilities)
    }

    /// The standard deviation of the final score.
    pub fn sd(&self) -> f64 {
        score::sd(&self.probabilities)
    }

    /// The least score `s` with P(final score ≤ s) ≥ `q` (the median at ½).
    pub fn quantile(&self, q: f64) -> usize {
        score::quantile(&self.probabilities, q)
    }
}

/// The distribution of the final score of `solution`'s optimal play from the empty card.
pub fn distribution(solution: &Solution, run: &Run) -> Result<Distribution, Stopped> {
    distribution_of(solution, Player::Optimal, run)
}

/// A card reached: the distribution of the points scored so far there, and the probability of
/// reaching it without a Yahtzee placed and without a Yahtzee bonus on the way.
#[derive(Clone, Debug)]
struct Reached {
    card: Card,
    /// The least score reached here: `scored` starts there (lower scores cannot be reached:
    /// at the middle of the game half of a card's scores up to its highest).
    low: usize,
    /// P(reaching this card with score `low + i`), by i.
    scored: Vec<f64>,
    without: [f64; 2],
}

impl Reached {
    /// The score past the highest reached here.
    fn high(&self) -> usize {
        self.low + self.scored.len()
    }
}

/// Where a final score's distribution starts: a card (not full) with the points on it, and
/// where a turn is under way, the dice showing and the rolls left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start {
    /// The card.
    pub card: Card,
    /// The points on it: its boxes', the upper bonus once earned, the Yahtzee bonuses earned.
    pub points: u32,
    /// Within a turn: the roll number the dice show, and the rolls left (0, 1 or 2).
    pub shown: Option<(usize, usize)>,
}

impl Start {
    /// The empty card, before the first roll.
    pub const EMPTY: Start = Start {
        card: Card::EMPTY,
        points: 0,
        shown: None,
    };
}

/// The distribution of the final score of `player` from the empty card (playing by
/// `solution`'s tables: its values where the player is the optimum), with what happens on the
/// way; stopped by `run`, checked before each group of cards and each slice gathered.
pub fn distribution_of(
    solution: &Solution,
    player: Player,
    run: &Run,
) -> Result<Distribution, Stopped> {
    distribution_from(solution, player, Start::EMPTY, run)
}

/// [`distribution_of`] from `start`: the final score (the points on the card included) and
/// what happens from there on.
pub fn distribution_from(
    solution: &Solution,
    player: Player,
    start: Start,
    run: &Run,
) -> Result<Distribution, Stopped> {
    let settings = solution.settings();
    let thumb = thumb_keeps(solution.keeps());
    let card = start.card.told(settings);
    let mut layer = vec![Reached {
        card,
        low: start.points as usize,
        scored: vec![1.0],
        without: [1.0; 2],
    }];
    let mut per_game = [0.0; 4];
    let mut shown = start.shown;
    while layer.iter().any(|reached| !reached.card.is_full(settings)) {
        // The cards of the same filled boxes have their turns valued side by side (the layer
        // is sorted so).
        let groups: Vec<&[Reached]> = layer
            .chunk_by(|a, b| (a.card.filled, a.card.fifty) == (b.card.filled, b.card.fifty))
            .collect();
        let ends: Vec<Vec<End>> = match shown.take() {
            Some(shown) => vec![turn_ends(solution, player, (card, shown), &thumb)],
            None => groups
                .par_iter()
                .map_init(
                    || solution.choosing(),
                    |choosing, group| {
                        run.check()?;
                        let cards: Vec<Card> = group.iter().map(|reached| reached.card).collect();
                        Ok(player.ends((solution, choosing), &cards, &thumb))
                    },
                )
                .collect::<Result<Vec<_>, Stopped>>()?
                .into_iter()
                .flatten()
                .collect(),
        };
        for (reached, ends) in layer.iter().zip(&ends) {
            let mass: f64 = reached.scored.iter().sum();
            for end in ends {
                let happened = happenings(settings, reached.card, end.after, end.rolled_yahtzee());
                for (count, happened) in per_game.iter_mut().zip(happened) {
                    if happened {
                        *count += mass * end.p;
                    }
                }
            }
        }
        layer = arrive(settings, layer, ends, run)?;
    }
    let longest = layer.iter().map(Reached::high).max().unwrap_or(1);
    let mut probabilities = vec![0.0; longest];
    let mut without = [0.0; 2];
    for reached in &layer {
        for (total, &p) in probabilities[reached.low..].iter_mut().zip(&reached.scored) {
            *total += p;
        }
        for (total, p) in without.iter_mut().zip(reached.without) {
            *total += p;
        }
    }
    Ok(Distribution::counted(
        settings,
        probabilities,
        per_game,
        without,
    ))
}

impl Distribution {
    /// The final score distributed as `probabilities` (by score), with the happenings of
    /// `settings`' sheet: `per_game` their expected counts, `without` the chances of a game
    /// with no 50 placed in the five-alike box and with no Yahtzee bonus (the upper bonus and
    /// 50 in the box happen at most once a game, so their chance is their count).
    pub(super) fn counted(
        settings: &Settings,
        probabilities: Vec<f64>,
        per_game: [f64; 4],
        without: [f64; 2],
    ) -> Distribution {
        let at_least_once = [per_game[0], per_game[1], 1.0 - without[1], 1.0 - without[0]];
        Distribution {
            probabilities,
            happenings: std::array::from_fn(|k| Happening {
                name: settings.sheet.happenings[k],
                per_game: per_game[k],
                at_least_once: at_least_once[k],
            }),
        }
    }
}

/// Where the turn under way on `card` ends when `player` plays it on from the dice `shown`
/// (roll number, rolls left); `thumb` is [`thumb_keeps`] of the solution's keeps.
fn turn_ends(
    solution: &Solution,
    player: Player,
    (card, shown): (Card, (usize, usize)),
    thumb: &[usize],
) -> Vec<End> {
    let settings = solution.settings();
    let keeps = solution.keeps();
    let place = |decides: &dyn Fn(usize) -> usize, last: Vec<f64>| {
        placed_ends((settings, card), keeps, &last, |r| {
            let b = decides(r);
            (
                b,
                settings.place(&solution.scores()[r], card.filled).points[b],
            )
        })
    };
    match player {
        Player::Optimal => {
            let turns = solution.turn(card);
            let turn = turns.at(card);
            let last = last_rolls_from(keeps, &turn, Some(shown));
            place(&|r| turn.best_box(r).b, last)
        }
        Player::Thumb => {
            let thumb = Thumb {
                solution,
                card,
                keeps: thumb,
            };
            let last = last_rolls_from(keeps, &thumb, Some(shown));
            place(&|r| thumb.place(r).b, last)
        }
    }
}

/// A card's group: its filled boxes and whether its Yahtzee box holds 50, as one number.
fn group(card: &Card) -> usize {
    usize::from(card.filled) * 2 + usize::from(card.fifty)
}

/// A layer's cards and where their turns end: what the next layer is gathered from.
#[derive(Clone, Copy)]
struct Sources<'a> {
    settings: &'a Settings,
    layer: &'a [Reached],
    /// Aligned with `layer`.
    ends: &'a [Vec<End>],
    /// Each group's cards in `layer`, by [`group`].
    groups: &'a [Range<usize>],
}

/// How many slices a layer's targets are gathered in: after each, the cards whose turns reach
/// no later target are let go.
const SLICES: usize = 8;

/// The next layer: each card the turns from `layer` reach (`ends`, aligned with `layer`),
/// with the distribution of the score so far there, by (filled boxes, Yahtzee box, upper
/// total). Each group of cards is gathered on its own ([`gather`]), the groups in rising order
/// a slice at a time; once the last group its turns reach is gathered, a card of `layer` and
/// its ends are let go, so the two layers are not held whole at once (the busiest pair would
/// be 135 MB of scores at Hasbro's rules). Stopped by `run`, checked before each slice.
fn arrive(
    settings: &Settings,
    mut layer: Vec<Reached>,
    mut ends: Vec<Vec<End>>,
    run: &Run,
) -> Result<Vec<Reached>, Stopped> {
    let mut groups: Vec<Range<usize>> = vec![0..0; 1 << (settings.boxes() + 1)];
    let mut start = 0;
    for same in layer.chunk_by(|a, b| group(&a.card) == group(&b.card)) {
        groups[group(&same[0].card)] = start..start + same.len();
        start += same.len();
    }
    let last: Vec<usize> = ends
        .iter()
        .map(|ends| ends.iter().map(|end| group(&end.after)).max().unwrap_or(0))
        .collect();
    let mut reached = vec![false; 1 << (settings.boxes() + 1)];
    for &target in ends.iter().flatten().map(|end| &end.after) {
        reached[group(&target)] = true;
    }
    let targets: Vec<usize> = (0..reached.len()).filter(|&g| reached[g]).collect();
    let mut next = Vec::new();
    for slice in targets.chunks(targets.len().div_ceil(SLICES).max(1)) {
        run.check()?;
        let sources = Sources {
            settings,
            layer: &layer,
            ends: &ends,
            groups: &groups,
        };
        next.par_extend(
            slice
                .par_iter()
                .flat_map_iter(|&target| gather(sources, target)),
        );
        let done = slice[slice.len() - 1];
        for ((reached, ends), &last) in layer.iter_mut().zip(&mut ends).zip(&last) {
            if last <= done {
                reached.scored = Vec::new();
                *ends = Vec::new();
            }
        }
    }
    Ok(next)
}

/// The cards of group `target` the turns from `sources` reach, by upper total: from the groups
/// with one box fewer, in a fixed order (the box filled, then the layer's), so the sums do not
/// depend on the threads.
fn gather(sources: Sources, target: usize) -> impl Iterator<Item = Reached> {
    let Sources {
        settings,
        layer,
        ends,
        groups,
    } = sources;
    let filled = (target / 2) as u16;
    // The cards with these boxes filled, by upper total: their sources and their ends.
    let reaching = || {
        (0..settings.boxes())
            .filter(move |b| filled & (1 << b) != 0)
            .flat_map(move |b| {
                let before = usize::from(filled & !(1 << b));
                [0, 1].map(|fifty| groups[before * 2 + fifty].clone())
            })
            .flatten()
            .flat_map(move |source| {
                ends[source]
                    .iter()
                    .filter(move |end| group(&end.after) == target)
                    .map(move |end| (source, end))
            })
    };
    // The scores reached at each upper total: from the least to past the highest.
    let mut spans: Vec<Option<(usize, usize)>> = Vec::new();
    for (source, end) in reaching() {
        let upper = usize::from(end.after.upper);
        if spans.len() <= upper {
            spans.resize(upper + 1, None);
        }
        let (from, gained) = (&layer[source], usize::from(end.gained()));
        let (low, high) = (from.low + gained, from.high() + gained);
        spans[upper] = Some(spans[upper].map_or((low, high), |(l, h)| (l.min(low), h.max(high))));
    }
    let mut arrived: Vec<Option<Reached>> = spans
        .iter()
        .enumerate()
        .map(|(upper, span)| {
            span.map(|(low, high)| Reached {
                card: Card {
                    filled,
                    upper: upper as u16,
                    fifty: target % 2 == 1,
                },
                low,
                scored: vec![0.0; high - low],
                without: [0.0; 2],
            })
        })
        .collect();
    for (source, end) in reaching() {
        let to = arrived[usize::from(end.after.upper)]
            .as_mut()
            .expect("a span for every card reached");
        let from = &layer[source];
        let p = end.p;
        let at = from.low + usize::from(end.gained()) - to.low;
        for (t, &m) in to.scored[at..].iter_mut().zip(&from.scored) {
            *t += p * m;
        }
        let [.., bonus, placed] = happenings(settings, from.card, end.after, end.rolled_yahtzee());
        for ((t, m), happened) in to.without.iter_mut().zip(from.without).zip([placed, bonus]) {
            if !happened {
                *t += p * m;
            }
        }
    }
    arrived.into_iter().flatten()
}

/// Cards played apart, one a seat, final scores distributed as `seats`: for each seat, by k,
/// the chance that its score is the highest with exactly k others scoring the same (k = 0: it
/// is the highest alone). Score by score from the lowest, a seat's chance at score s is its
/// own chance of s times the coefficients of the product, over the others, of (P(below s) +
/// P(exactly s)·x). The others are multiplied in one order of their distributions, whichever
/// seat is asking, so seats of the same distribution get the same numbers bit for bit.
pub fn highest(seats: &[&Distribution]) -> Vec<Vec<f64>> {
    let longest = seats.iter().map(|d| d.probabilities.len()).max();
    let mut order: Vec<usize> = (0..seats.len()).collect();
    order.sort_by_cached_key(|&j| {
        let bits: Vec<u64> = seats[j].probabilities.iter().map(|p| p.to_bits()).collect();
        bits
    });
    let mut below = vec![0.0; seats.len()];
    let mut highest = vec![vec![0.0; seats.len()]; seats.len()];
    for s in 0..longest.unwrap_or(0) {
        let at: Vec<f64> = seats
            .iter()
            .map(|d| d.probabilities.get(s).copied().unwrap_or(0.0))
            .collect();
        for (i, own) in highest.iter_mut().enumerate() {
            if at[i] == 0.0 {
                continue;
            }
            let mut others = vec![1.0];
            for &j in order.iter().filter(|&&j| j != i) {
                let mut times = vec![0.0; others.len() + 1];
                for (k, &c) in others.iter().enumerate() {
                    times[k] += c * below[j];
                    times[k + 1] += c * at[j];
                }
                others = times;
            }
            for (total, c) in own.iter_mut().zip(&others) {
                *total += at[i] * c;
            }
        }
        for (below, at) in below.iter_mut().zip(&at) {
            *below += at;
        }
    }
    highest
}

/// Each seat's chance of winning a game of cards played apart, final scores distributed as
/// `seats`, the highest score winning and a tie split equally among the tied: of
/// [`highest`], Σ_k P(highest with k others) / (k + 1).
pub fn seat_chances(seats: &[&Distribution]) -> Vec<f64> {
    highest(seats)
        .iter()
        .map(|by_ties| {
            by_ties
                .iter()
                .enumerate()
                .map(|(k, p)| p / (k + 1) as f64)
                .sum()
        })
        .collect()
}

/// A duel of two cards played apart, final scores distributed as `a` and `b`: P(a's score
/// is higher), P(the scores are equal), P(b's is higher); [`highest`] of the two seats. The
/// two sides are summed alike, so a distribution against itself wins exactly what it loses.
pub fn duel(a: &Distribution, b: &Distribution) -> (f64, f64, f64) {
    let highest = highest(&[a, b]);
    (highest[0][0], highest[0][1], highest[1][0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yahtzee::cards::Cards;
    use crate::yahtzee::fixtures::{small, small_distributions};
    use crate::yahtzee::plays::Plays;

    /// A duel is even against oneself (win = loss, ties apart), and the optimum's duel with the
    /// rule of thumb agrees with pairs of games played with real dice.
    #[test]
    fn duels_from_two_distributions() {
        let solution = small();
        let [optimal, thumb] = small_distributions();
        let (win, tie, lose) = duel(optimal, optimal);
        assert_eq!(win, lose);
        assert!(tie > 0.0 && tie < 0.01, "{tie}");
        let (win, tie, lose) = duel(optimal, thumb);
        assert!((win + tie + lose - 1.0).abs() < 1e-12);
        let games = 4000;
        let run = Run::default();
        let rules = Cards::new(*solution.settings(), 1);
        let a = Plays::Optimal(solution)
            .games(&rules, (games, 1), &run)
            .unwrap();
        let b = Plays::thumb(solution)
            .games(&rules, (games, 2), &run)
            .unwrap();
        let won = a.iter().zip(&b).filter(|(a, b)| a.score > b.score).count() as f64 / games as f64;
        let z = (won - win).abs() / (win * (1.0 - win) / games as f64).sqrt();
        assert!(z < 4.5, "won {won} of the games vs {win}: z {z}");
    }

    /// A distribution of the final score with `probabilities`, by score, and no happenings.
    fn scores(probabilities: &[f64]) -> Distribution {
        let happening = Happening {
            name: "",
            per_game: 0.0,
            at_least_once: 0.0,
        };
        Distribution {
            probabilities: probabilities.to_vec(),
            happenings: [happening; 4],
        }
    }

    /// Three cards worked by hand. A scores 1 or 2 (½ each), B 0, 1 or 2 (¼, ½, ¼), C 1 or 3
    /// (¾, ¼). C's 3 (¼) wins alone. Else (C at 1, ¾): A at 2 (½) ties B's 2 (¼, half each)
    /// or wins (¾); A at 1 (½) loses to B's 2 (¼), ties three ways at B's 1 (½, a third each),
    /// ties C alone at B's 0 (¼, half each). So A wins ¾·(½·(⅛ + ¾) + ½·(⅙ + ⅛)) = 7/16, B
    /// ¾·(½·⅛ + ½·(¼ + ⅙)) = 13/64, C ¼ + ¾·½·(⅙ + ⅛) = 23/64; and the chances of being
    /// highest with k others tied, dyadic, come out exactly.
    #[test]
    fn three_cards_worked_by_hand() {
        let a = scores(&[0.0, 0.5, 0.5]);
        let b = scores(&[0.25, 0.5, 0.25]);
        let c = scores(&[0.0, 0.75, 0.0, 0.25]);
        let seats = [&a, &b, &c];
        // Highest alone: A at 2 over B's 0 or 1 and C's 1 (½·¾·¾); B at 2 over A's 1 (¼·½·¾);
        // C at 3 (¼). With one other: A and B at 2 (½·¼·¾, A's and B's), A and C at 1 over
        // B's 0 (½·¼·¾, A's and C's). With two: all three at 1 (½·½·¾).
        let (one, two) = (3.0 / 32.0, 3.0 / 16.0);
        assert_eq!(
            highest(&seats),
            vec![
                vec![9.0 / 32.0, 2.0 * one, two],
                vec![3.0 / 32.0, one, two],
                vec![0.25, one, two],
            ]
        );
        let wins = seat_chances(&seats);
        for (seat, (got, hand)) in wins
            .iter()
            .zip([7.0 / 16.0, 13.0 / 64.0, 23.0 / 64.0])
            .enumerate()
        {
            assert!((got - hand).abs() < 1e-15, "seat {seat}: {got} {hand}");
        }
        assert!((wins.iter().sum::<f64>() - 1.0).abs() < 1e-15);
    }

    /// Two seats through [`highest`] are the duel as it was written before it had more
    /// seats (a running sum of the other's lower scores, and the product of equal ones), bit
    /// for bit: for the optimum and the rule of thumb, each side of each pairing.
    #[test]
    fn two_seats_are_the_duel_bit_for_bit() {
        let beats = |x: &Distribution, y: &Distribution| {
            let (mut won, mut below) = (0.0, 0.0);
            for (s, &p) in x.probabilities.iter().enumerate() {
                won += p * below;
                below += y.probabilities.get(s).copied().unwrap_or(0.0);
            }
            won
        };
        let tie = |x: &Distribution, y: &Distribution| -> f64 {
            x.probabilities
                .iter()
                .zip(&y.probabilities)
                .map(|(p, q)| p * q)
                .sum()
        };
        let [optimal, thumb] = small_distributions();
        for (a, b) in [(optimal, thumb), (thumb, optimal), (optimal, optimal)] {
            let (win, ties, loss) = duel(a, b);
            assert_eq!(win.to_bits(), beats(a, b).to_bits());
            assert_eq!(ties.to_bits(), tie(a, b).to_bits());
            assert_eq!(loss.to_bits(), beats(b, a).to_bits());
            let [own, other] = [0, 1].map(|seat| seat_chances(&[a, b])[seat]);
            assert_eq!(own, win + ties / 2.0);
            assert_eq!(other, loss + ties / 2.0);
        }
    }

    /// Up to six seats, the optimum in one and the rule of thumb in the others: the chances
    /// sum to 1; wherever the optimum sits, its chance and the others' are the same, bit for
    /// bit (as `--players N` reports every seating); and one more seat of the rule of thumb
    /// takes from every seat.
    #[test]
    fn seats_of_real_cards_share_one_win() {
        let [optimal, thumb] = small_distributions();
        let seated = |n: usize, k: usize| -> Vec<f64> {
            let seats: Vec<&Distribution> = (0..n)
                .map(|j| if j == k { optimal } else { thumb })
                .collect();
            seat_chances(&seats)
        };
        for n in 2..=6 {
            let first = seated(n, 0);
            assert!(
                (first.iter().sum::<f64>() - 1.0).abs() < 1e-12,
                "{n}: {first:?}"
            );
            assert!(first[0] > first[1], "{n}: {first:?}");
            for k in 0..n {
                let wins = seated(n, k);
                assert_eq!(wins[k].to_bits(), first[0].to_bits(), "{n} {k}");
                let others = (0..n).filter(|&j| j != k).map(|j| wins[j].to_bits());
                assert!(
                    others.into_iter().all(|w| w == first[1].to_bits()),
                    "{n} {k}"
                );
            }
            if n < 6 {
                let more = seated(n + 1, 0);
                assert!(more[0] < first[0] && more[1] < first[1], "{n}");
            }
        }
    }

    /// A turn from a card, pushed forward whole, is its turns from each first roll, each
    /// pushed forward from the dice shown with two rolls left (the turn's own keeps and places
    /// followed by another path: the player's ends of a whole turn against the rolls from one
    /// roll on), weighted by each roll's chance: for both players, at cards of a few filled
    /// boxes, to every score.
    #[test]
    fn a_whole_turn_is_its_first_rolls_weighed() {
        let solution = small();
        let keeps = solution.keeps();
        let run = Run::default();
        let cards = [
            (0b1_0110_0000_0011, 2, 7),
            (0b0_1000_1001_1100, 5, 63),
            (0b1_1111_1011_1110, 5, 101),
        ];
        for player in [Player::Optimal, Player::Thumb] {
            for (filled, upper, points) in cards {
                let card = Card {
                    filled,
                    upper,
                    fifty: false,
                };
                let from = |shown| Start {
                    card,
                    points,
                    shown,
                };
                let whole = distribution_from(solution, player, from(None), &run).unwrap();
                let mut weighed = vec![0.0; whole.probabilities.len()];
                for r in 0..keeps.rolls() {
                    let one = distribution_from(solution, player, from(Some((r, 2))), &run);
                    for (w, p) in weighed.iter_mut().zip(&one.unwrap().probabilities) {
                        *w += keeps.probability(r) * p;
                    }
                }
                for (s, (a, b)) in whole.probabilities.iter().zip(&weighed).enumerate() {
                    assert!(
                        (a - b).abs() < 1e-13,
                        "{player:?} {card:?} score {s}: {a} {b}"
                    );
                }
                assert!(
                    whole.probabilities[..points as usize]
                        .iter()
                        .all(|&p| p == 0.0)
                );
            }
        }
    }
}
