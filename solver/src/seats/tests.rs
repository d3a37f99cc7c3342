//! The driver on a race made by hand, whose equilibrium is worked out as fractions.

use super::{Ends, MOST_SEATS, RESIDUAL, Race, TIE, Values, Wins, envelope, solve};
use crate::game::Run;

/// Three seats, every turn start's mover choosing between two plans, written as their ends:
/// `(mover, next seat, seat after, P(empty turn))`. Timid never hands an empty turn on and
/// gives the seat after half; bold wins ⅕ at once and otherwise hands on an empty turn (⅘).
const TIMID: [f64; 4] = [0.5, 0.0, 0.5, 0.0];
/// See [`TIMID`].
const BOLD: [f64; 4] = [0.2, 0.0, 0.0, 0.8];

/// A race of one group: `members` turn starts (1: the three scores alike; 3: three different
/// scores' rotations), each empty turn handing on to the next, every mover choosing between
/// [`TIMID`] and [`BOLD`] (ties to timid, which ends the turn).
struct Chicken {
    members: usize,
}

/// A plan's ends.
fn plan(ends: [f64; 4]) -> Ends {
    let mut fixed = [0.0; MOST_SEATS];
    fixed[..3].copy_from_slice(&ends[..3]);
    Ends {
        fixed,
        empty: ends[3],
    }
}

impl Race for Chicken {
    type Scratch = ();

    fn seats(&self) -> usize {
        3
    }

    fn starts(&self) -> usize {
        self.members
    }

    fn scratch(&self) {}

    fn layers(&self) -> Vec<Vec<Vec<u32>>> {
        vec![vec![(0..self.members as u32).collect()]]
    }

    fn empty_to(&self, start: usize) -> usize {
        (start + 1) % self.members
    }

    fn ends(&self, _: usize, _: &Values, empty: &Wins, _: &mut ()) -> Ends {
        let c = empty[2];
        let timid = TIMID[0] + TIMID[3] * c;
        let bold = BOLD[0] + BOLD[3] * c;
        plan(if timid + TIE >= bold { TIMID } else { BOLD })
    }
}

/// Worked by hand: timid is worth ½ to its mover, bold ⅕ + ⅘c (c: what the start its empty
/// turn hands on is worth to it), so a mover is bold where c > ⅜. Where the next mover is
/// timid, c ≥ ½ (it hands the seat after it half): bold. Where it is bold, c ≤ ⅘ · ⅘ · ½ < ⅜:
/// timid. Every mover wants to be what the next is not, round a table of three: no choice of
/// plans, nor two mixing with one playing a plan (the one whose next plays a plan cannot be
/// indifferent), leaves every seat content. So all three mix, each where its c is ⅜ (its own
/// value then ½ by either plan): with q_i = P(member i is timid),
/// c_i = ½·q_{i+1} + ⅘(1 − q_{i+1}) · ⅘(1 − q_{i+2}) · ½. Alike, q = 11/16 solves
/// q + (16/25)(1 − q)² = ¾ (the other root is −¼), and sympy finds no other solution in
/// [0, 1]³. Each start is then worth (½, ⅛, ⅜): the mover's ½; the next seat's, the mover's
/// empty turns (5/16 · ⅘ = ¼) times ½; the seat after's, 11/16 · ½ + ¼ · ⅛. A race of one start
/// that every seat shares (the scores alike) has the same equation and answer.
#[test]
fn a_round_of_chicken_mixes_every_member_as_worked_by_hand() {
    for members in [3, 1] {
        let race = Chicken { members };
        let solution = solve(&race, &Run::default()).expect("an equilibrium");
        assert!(solution.residual <= RESIDUAL);
        assert_eq!(solution.mixed.len(), members, "every member mixes");
        for (start, mix) in &solution.mixed {
            let [first, second] = mix
                .empties
                .map(|empty| Race::ends(&race, *start, &solution.values, &empty, &mut ()));
            let timid = if first == plan(TIMID) {
                assert_eq!(second, plan(BOLD));
                mix.q
            } else {
                assert_eq!((first, second), (plan(BOLD), plan(TIMID)));
                1.0 - mix.q
            };
            assert!(
                (timid - 11.0 / 16.0).abs() < 1e-12,
                "start {start}: timid {timid}"
            );
        }
        for start in 0..members {
            let wins = solution.values.get(start);
            for (k, want) in [0.5, 0.125, 0.375].into_iter().enumerate() {
                assert!((wins[k] - want).abs() < 1e-12, "start {start} seat {k}");
            }
        }
    }
}

/// The search over the envelopes alone finds the hand-worked equilibrium (the driver tries the
/// plans it met first, and those may already do for this race).
#[test]
fn the_envelopes_alone_find_the_hand_worked_mix() {
    let values = Values::even(3, 3).unwrap();
    let even = [[1.0 / 3.0; MOST_SEATS]; 3];
    let found = envelope::equilibrium(
        &Chicken { members: 3 },
        (&[0, 1, 2], &[1, 2, 0]),
        &even,
        &values,
        &mut (),
    )
    .expect("an equilibrium");
    for (start, wins, mix) in found {
        let mix = mix.expect("every member mixes");
        assert!(
            (mix.q - 11.0 / 16.0).abs() < 1e-12,
            "start {start}: q {}",
            mix.q
        );
        assert!((wins[0] - 0.5).abs() < 1e-12 && (wins[2] - 0.375).abs() < 1e-12);
    }
}
