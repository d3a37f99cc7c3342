//! Measures a solve of Farkle for N seats: `farkle_seats SEATS GOAL [FLOOR [pass]]`; with
//! `pass`, only the layers and one valuation of every start from even values (what one sweep's
//! residual check costs), for sizes whose whole solve takes too long to wait for.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use swine_solver::farkle::seats::FarkleRace;
use swine_solver::farkle::{Farkle, Player};
use swine_solver::game::Run;
use swine_solver::seats::{Ends, Race, Values, Wins, revalue, solve};

struct Counted<'a> {
    race: &'a FarkleRace,
    ends: AtomicU64,
}

impl Race for Counted<'_> {
    type Scratch = <FarkleRace as Race>::Scratch;
    fn seats(&self) -> usize {
        self.race.seats()
    }
    fn starts(&self) -> usize {
        self.race.starts()
    }
    fn scratch(&self) -> Self::Scratch {
        self.race.scratch()
    }
    fn layers(&self) -> Vec<Vec<Vec<u32>>> {
        self.race.layers()
    }
    fn empty_to(&self, start: usize) -> usize {
        self.race.empty_to(start)
    }
    fn ends(
        &self,
        start: usize,
        values: &Values,
        empty: &Wins,
        scratch: &mut Self::Scratch,
    ) -> Ends {
        self.ends.fetch_add(1, Ordering::Relaxed);
        self.race.ends(start, values, empty, scratch)
    }
}

fn main() {
    let pass = std::env::args().any(|a| a == "pass");
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .filter(|a| a != "pass")
        .map(|a| a.parse().unwrap())
        .collect();
    let (seats, goal) = (args[0] as usize, args[1]);
    let floor = args.get(2).copied().unwrap_or(-2500);
    let farkle = Farkle::new(&[("goal".into(), goal), ("floor".into(), floor)]).unwrap();
    let race = FarkleRace::new(Arc::new(farkle), seats, vec![Player::Optimising]).unwrap();
    let counted = Counted {
        race: &race,
        ends: AtomicU64::new(0),
    };
    let clock = Instant::now();
    if pass {
        let layers = counted.layers();
        let groups: usize = layers.iter().map(Vec::len).sum();
        let built = clock.elapsed().as_secs_f64();
        let values = Values::even(seats, race.starts()).unwrap();
        let clock = Instant::now();
        let sum: f64 = (0..race.starts())
            .into_par_iter()
            .map_init(
                || counted.scratch(),
                |scratch, start| revalue(&counted, start, &values, scratch)[0],
            )
            .sum();
        let seconds = clock.elapsed().as_secs_f64();
        println!(
            "{seats} seats goal {goal} floor {floor}: {} starts in {groups} groups, layers built in {built:.1} s; one valuation of every start {seconds:.1} s ({:.2} us per start per core; checksum {sum:.6})",
            race.starts(),
            seconds * 2.0 / race.starts() as f64 * 1e6,
        );
        return;
    }
    let solution = solve(&counted, &Run::default()).unwrap();
    let seconds = clock.elapsed().as_secs_f64();
    let ends = counted.ends.load(Ordering::Relaxed);
    println!(
        "{seats} seats goal {goal} floor {floor}: {} starts, {seats}x{} values, {} sweeps, residual {:e}, {ends} turns solved ({:.2} per start), {seconds:.1} s, {:.2} us per turn per core",
        race.starts(),
        race.starts(),
        solution.sweeps,
        solution.residual,
        ends as f64 / race.starts() as f64,
        seconds * 2.0 / ends as f64 * 1e6,
    );
    println!("first: {:?}", &solution.values.get(race.first())[..seats]);
}
