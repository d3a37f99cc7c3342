//! What solving a match-up will take, known before it starts: its states, the most memory it
//! holds at once and its time. Each game sizes itself from its own numbers (scores, memories,
//! turn totals) with figures measured on its own solves (the peak resident memory and the time
//! of `swine solve` at two sizes, docs/performance.md), so the CLI can refuse a solve the
//! machine cannot hold and the page can keep its match-ups within a memory budget.

use std::fmt;

/// A solve's expected size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Footprint {
    /// The positions the solver values (e.g. Hog's score cells times both players' memories).
    pub states: u64,
    /// The most memory the solve holds at once, in bytes (the whole process's peak).
    pub bytes: u64,
    /// Its time in seconds on the machine the figures were measured on (2 cores).
    pub seconds: f64,
}

/// How a game's solve grows: a fixed part, and a part for each of two counts of positions
/// (e.g. Hog's score cells and its states).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Growth {
    /// Bytes held whatever the size (the program, its tables of dice).
    pub base_bytes: f64,
    /// Bytes per unit of the first count, and per unit of the second.
    pub bytes_per: [f64; 2],
    /// Seconds per unit of the first count, and per unit of the second.
    pub seconds_per: [f64; 2],
}

impl Growth {
    /// The footprint of a solve over `states` positions with the two counts `units`.
    pub fn footprint(&self, states: u64, units: [u64; 2]) -> Footprint {
        let [a, b] = units.map(|u| u as f64);
        let bytes = self.base_bytes + self.bytes_per[0] * a + self.bytes_per[1] * b;
        Footprint {
            states,
            bytes: bytes.ceil() as u64,
            seconds: self.seconds_per[0] * a + self.seconds_per[1] * b,
        }
    }
}

impl Footprint {
    /// Its memory in words, e.g. `9.2 GB`.
    pub fn memory(&self) -> String {
        bytes_text(self.bytes)
    }

    /// Its time in words, e.g. `under a second`, `40 s`, `3 min`, `2.5 h`.
    pub fn time(&self) -> String {
        let s = self.seconds;
        if s < 1.0 {
            "under a second".to_string()
        } else if s < 120.0 {
            format!("{s:.0} s")
        } else if s < 2.0 * 3600.0 {
            format!("{:.0} min", s / 60.0)
        } else if s < 2.0 * 86_400.0 {
            format!("{:.1} h", s / 3600.0)
        } else {
            format!("{:.0} days", s / 86_400.0)
        }
    }
}

impl fmt::Display for Footprint {
    /// `about 9.2 GB and 2 min (256000000 states)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "about {} and {} ({} states)",
            self.memory(),
            self.time(),
            self.states
        )
    }
}

/// `bytes` in words with the decimal unit that suits them: `640 kB`, `37 MB`, `9.2 GB`.
pub fn bytes_text(bytes: u64) -> String {
    let b = bytes as f64;
    let units = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "kB")];
    match units.iter().find(|(size, _)| b >= *size) {
        Some((size, unit)) if b / size < 10.0 => format!("{:.1} {unit}", b / size),
        Some((size, unit)) => format!("{:.0} {unit}", b / size),
        None => format!("{bytes} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_growth_adds_its_parts() {
        let growth = Growth {
            base_bytes: 1e7,
            bytes_per: [100.0, 36.0],
            seconds_per: [1e-6, 1e-7],
        };
        let footprint = growth.footprint(2560, [10, 2560]);
        assert_eq!(footprint.bytes, 10_000_000 + 1000 + 92_160);
        assert!((footprint.seconds - (1e-5 + 2.56e-4)).abs() < 1e-12);
        assert_eq!(footprint.states, 2560);
    }

    #[test]
    fn sizes_and_times_read_as_people_say_them() {
        assert_eq!(bytes_text(999), "999 bytes");
        assert_eq!(bytes_text(640_000), "640 kB");
        assert_eq!(bytes_text(37_400_000), "37 MB");
        assert_eq!(bytes_text(9_216_000_000), "9.2 GB");
        let at = |seconds| Footprint {
            states: 1,
            bytes: 1,
            seconds,
        };
        assert_eq!(at(0.2).time(), "under a second");
        assert_eq!(at(40.4).time(), "40 s");
        assert_eq!(at(180.0).time(), "3 min");
        assert_eq!(at(9000.0).time(), "2.5 h");
        assert_eq!(at(3.0 * 86_400.0).time(), "3 days");
        assert_eq!(
            at(40.0).to_string(),
            "about 1 bytes and 40 s (1 states)".to_string()
        );
    }
}
