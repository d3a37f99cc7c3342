//! N-seat Pig checked by hand, against a second solver written apart, against the two-player
//! solver and against games played.

use std::collections::HashMap;
use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{PigRace, Start, play};
use crate::game::Run;
use crate::pig::{Pig, Player, Roll, Strategy, Variant, solve as solve_two};
use crate::seats::{RESIDUAL, Values, solve};

/// Every seat optimising, `seats` seats of `variant` to `goal`.
fn optimal(variant: Variant, goal: u32, seats: usize) -> (PigRace, Values) {
    let pig = Arc::new(Pig::new(variant, goal).unwrap());
    let race = PigRace::new(pig, seats, vec![Player::Optimising]);
    let solution = solve(&race, &Run::default()).unwrap();
    assert!(
        solution.residual <= RESIDUAL,
        "residual {}",
        solution.residual
    );
    (race, solution.values)
}

/// A position of three-player Piglet to 2 (the scores from the mover on) and every seat's
/// chance there as a fraction (numerator, denominator).
type Worked = ([u32; 3], [(u32, u32); 3]);

/// Three-player Piglet to 2, by hand. Whoever is at 0 with turn total 1 rolls: holding hands the
/// next seat (b, c, 1), worth at most 9/23 to the holder below, while rolling wins at once with
/// ½ and otherwise passes (b, c, 0), worth more than 0 — ½ + ½·9/37 = 23/37 against 9/23. So
/// every seat rolls until it wins or throws tails, no score ever changes, and the seat at score
/// s wins its turn with q = ½^(2 − s). With q₀, q₁, q₂ the seats' in the order they move and
/// L = 1 − (1−q₀)(1−q₁)(1−q₂): P(first) = q₀/L, P(second) = (1−q₀)q₁/L, P(third) =
/// (1−q₀)(1−q₁)q₂/L. At (0, 0, 0): q = ¼ each, L = 37/64: 16/37, 12/37, 9/37.
#[test]
fn three_player_piglet_to_two_is_as_worked_by_hand() {
    let (race, values) = optimal(Variant::Piglet, 2, 3);
    let expected: [Worked; 8] = [
        ([0, 0, 0], [(16, 37), (12, 37), (9, 37)]),
        ([0, 0, 1], [(8, 23), (6, 23), (9, 23)]),
        ([0, 1, 0], [(8, 23), (12, 23), (3, 23)]),
        ([0, 1, 1], [(4, 13), (6, 13), (3, 13)]),
        ([1, 0, 0], [(16, 23), (4, 23), (3, 23)]),
        ([1, 0, 1], [(8, 13), (2, 13), (3, 13)]),
        ([1, 1, 0], [(8, 13), (4, 13), (1, 13)]),
        ([1, 1, 1], [(4, 7), (2, 7), (1, 7)]),
    ];
    for (scores, fractions) in expected {
        let start = race.number(&Start {
            table: 0,
            scores: scores.to_vec(),
        });
        let wins = values.get(start);
        for (k, (n, d)) in fractions.into_iter().enumerate() {
            let want = f64::from(n) / f64::from(d);
            assert!(
                (wins[k] - want).abs() < 1e-12,
                "{scores:?} seat {k}: {} against {n}/{d}",
                wins[k]
            );
        }
    }
}

/// A second solver, written apart: plain value iteration (Jacobi) over every (whose turn, the N
/// scores by seat, turn total), values by seat, no rotation, no groups, until nothing moves.
fn reference(pig: &Pig, seats: usize) -> HashMap<(usize, Vec<u32>), Vec<f64>> {
    let goal = pig.goal();
    let mut tuples: Vec<Vec<u32>> = vec![Vec::new()];
    for _ in 0..seats {
        tuples = tuples
            .into_iter()
            .flat_map(|t| {
                (0..goal).map(move |s| {
                    let mut t = t.clone();
                    t.push(s);
                    t
                })
            })
            .collect();
    }
    let key = |mover: usize, scores: &[u32], t: u32| (mover, scores.to_vec(), t);
    let mut v: HashMap<(usize, Vec<u32>, u32), Vec<f64>> = HashMap::new();
    for mover in 0..seats {
        for scores in &tuples {
            for t in 0..goal - scores[mover] {
                v.insert(key(mover, scores, t), vec![1.0 / seats as f64; seats]);
            }
        }
    }
    let outcomes: Vec<(Roll, f64)> = pig.outcomes().to_vec();
    for _ in 0..100_000 {
        let mut next = v.clone();
        let mut moved: f64 = 0.0;
        for ((mover, scores, t), value) in next.iter_mut() {
            let (mover, t) = (*mover, *t);
            let pass = |own: u32| {
                let mut after = scores.clone();
                after[mover] = own;
                v[&key((mover + 1) % seats, &after, 0)].clone()
            };
            let hold = pass(scores[mover] + t);
            let mut roll = vec![0.0; seats];
            for &(outcome, p) in &outcomes {
                let end = match outcome {
                    Roll::EndTurn => pass(scores[mover]),
                    Roll::LoseScore => pass(0),
                    Roll::Add(points) if scores[mover] + t + points >= goal => {
                        let mut won = vec![0.0; seats];
                        won[mover] = 1.0;
                        won
                    }
                    Roll::Add(points) => v[&key(mover, scores, t + points)].clone(),
                };
                for k in 0..seats {
                    roll[k] += p * end[k];
                }
            }
            let best = if hold[mover] + crate::seats::TIE >= roll[mover] {
                hold
            } else {
                roll
            };
            for k in 0..seats {
                moved = moved.max((best[k] - value[k]).abs());
            }
            *value = best;
        }
        v = next;
        if moved < 1e-15 {
            break;
        }
    }
    v.into_iter()
        .filter(|((_, _, t), _)| *t == 0)
        .map(|((mover, scores, _), value)| ((mover, scores), value))
        .collect()
}

/// The solver agrees with the reference at every turn start, for 3 and 4 seats, of a game that
/// only raises scores and of one that lowers them.
#[test]
fn agrees_with_plain_value_iteration_for_three_and_four_seats() {
    for (variant, goal, seats) in [
        (Variant::Pig, 9, 3),
        (Variant::TwoDicePig, 9, 3),
        (Variant::Piglet, 5, 4),
        (Variant::Pig, 6, 4),
    ] {
        let (race, values) = optimal(variant, goal, seats);
        let reference = reference(race.pig(), seats);
        let mut most: f64 = 0.0;
        for ((mover, scores), value) in &reference {
            let order: Vec<u32> = (0..seats).map(|k| scores[(mover + k) % seats]).collect();
            let wins = values.get(race.number(&Start {
                table: 0,
                scores: order,
            }));
            for k in 0..seats {
                most = most.max((wins[k] - value[(mover + k) % seats]).abs());
            }
        }
        assert!(
            most < 1e-12,
            "{} to {goal}, {seats} seats: {most:e}",
            variant.name()
        );
    }
}

/// With two seats the race gives the two-player solver's values (ties to within 1e-12 aside:
/// both choices are then worth the same to the mover, and so, with two, to its opponent).
#[test]
fn two_seats_give_the_two_player_values() {
    for (variant, goal) in [
        (Variant::Pig, 40),
        (Variant::Piglet, 10),
        (Variant::TwoDicePig, 40),
    ] {
        let (race, values) = optimal(variant, goal, 2);
        let pig = race.pig();
        let two = solve_two(pig, [&Player::Optimising, &Player::Optimising]).unwrap();
        let mut most: f64 = 0.0;
        for own in 0..goal {
            for other in 0..goal {
                let wins = values.get(race.number(&Start {
                    table: 0,
                    scores: vec![own, other],
                }));
                let value = two.value(0, pig.state(own, other, 0));
                most = most.max((wins[0] - value).abs());
                assert!((wins[0] + wins[1] - 1.0).abs() < 1e-12);
            }
        }
        assert!(most < 1e-11, "{}: {most:e}", variant.name());
    }
}

/// Games played with the solved decisions land within four standard errors of every seat's
/// exact chance, with optimisers and with a fixed strategy in the second seat; the chances sum
/// to 1 (checked apart from the values, which nothing normalises).
#[test]
fn games_played_agree_with_every_seats_chance() {
    let pig = Arc::new(Pig::new(Variant::Pig, 20).unwrap());
    let hold = Strategy::parse("hold_at:10", &pig).unwrap();
    for players in [
        vec![Player::Optimising],
        vec![
            Player::Optimising,
            hold.player().clone(),
            Player::Optimising,
        ],
    ] {
        let race = PigRace::new(Arc::clone(&pig), 3, players);
        let values = solve(&race, &Run::default()).unwrap().values;
        let exact = values.get(0);
        assert!((exact[..3].iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let mut cache: HashMap<usize, Arc<Vec<bool>>> = HashMap::new();
        let mut holds = |start: usize, _draw: f64| {
            Arc::clone(
                cache
                    .entry(start)
                    .or_insert_with(|| Arc::new(race.holds(start, &values, None))),
            )
        };
        let mut rng = ChaCha8Rng::seed_from_u64(62);
        let games = 20_000;
        let mut won = [0u32; 3];
        for _ in 0..games {
            won[play(&race, 0, &mut holds, &mut rng, 10_000).unwrap()] += 1;
        }
        for k in 0..3 {
            let p = exact[k];
            let seen = f64::from(won[k]) / f64::from(games);
            let se = (p * (1.0 - p) / f64::from(games)).sqrt();
            assert!((seen - p).abs() < 4.0 * se, "seat {k}: {seen} against {p}");
        }
    }
}

/// Three-player Pig to 70 has turn starts where no pure choice of plans leaves every seat
/// content: there the movers mix two plans. The solve still ends with every mover unable to
/// gain by any plan (the residual counts that gain), and games played with the mixes land
/// within four standard errors of every seat's chance.
#[test]
fn where_seats_must_mix_the_mixes_hold_and_games_agree() {
    mixes_hold_and_games_agree(70);
}

/// Three-player Pig to 84 is the smallest goal with a group where no mix of the plans the
/// search met is an equilibrium, solved over its members' envelopes: the same holds there.
#[test]
fn where_the_envelopes_are_needed_the_mixes_hold_and_games_agree() {
    mixes_hold_and_games_agree(84);
}

/// Three-player Pig to `goal` solved, some movers mixing, every mover content, and games played
/// with the mixes within four standard errors of every seat's chance.
fn mixes_hold_and_games_agree(goal: u32) {
    let pig = Arc::new(Pig::new(Variant::Pig, goal).unwrap());
    let race = PigRace::new(pig, 3, vec![Player::Optimising]);
    let solution = solve(&race, &Run::default()).unwrap();
    assert!(solution.residual <= RESIDUAL);
    assert!(!solution.mixed.is_empty(), "some movers mix");
    assert!(
        solution
            .mixed
            .values()
            .all(|mix| mix.q > 0.0 && mix.q < 1.0)
    );
    let exact = solution.values.get(0);
    let counter = Run::default().counter(3 * 30_000, "games");
    let won = race.simulate(&solution, (30_000, 7), &counter);
    for (place, &won) in won.iter().enumerate() {
        let p = exact[place];
        let seen = won as f64 / 30_000.0;
        let se = (p * (1.0 - p) / 30_000.0).sqrt();
        assert!(
            (seen - p).abs() < 4.0 * se,
            "place {place}: {seen} against {p}"
        );
    }
}
