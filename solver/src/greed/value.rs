//! What the sweep carries per state: a value `P(win) + ½·P(tie)` (to optimise), or the three
//! probabilities win, tie and loss (to report an outcome). One sweep serves both.

/// A quantity the sweep computes for each state, seen from the player to move.
pub(crate) trait Value: Copy + Send + Sync + std::fmt::Debug {
    /// Nothing yet: every probability 0.
    const ZERO: Self;
    /// The mover has won.
    const WIN: Self;
    /// The game is tied.
    const TIE: Self;
    /// The mover has lost.
    const LOSS: Self;

    /// The same outcome seen by the other player.
    fn flip(self) -> Self;

    /// `P(win) + ½·P(tie)`.
    fn worth(self) -> f64;

    /// `self + p · other`.
    fn add_scaled(self, p: f64, other: Self) -> Self;

    /// `Σ p[i] · xs[i]` over equal-length slices, in a fixed order.
    fn dot(p: &[f64], xs: &[Self]) -> Self;

    /// The `x` that solves `x = c1 + p1 · F(y)`, `y = c2 + p2 · F(x)`, where `F` is
    /// [`flip`](Self::flip) and `p1 · p2 < 1`: two positions that lead to each other when a
    /// roll totals 0.
    fn pair(c1: Self, p1: f64, c2: Self, p2: f64) -> Self;
}

impl Value for f64 {
    const ZERO: f64 = 0.0;
    const WIN: f64 = 1.0;
    const TIE: f64 = 0.5;
    const LOSS: f64 = 0.0;

    #[inline]
    fn flip(self) -> f64 {
        1.0 - self
    }

    #[inline]
    fn worth(self) -> f64 {
        self
    }

    #[inline]
    fn add_scaled(self, p: f64, other: f64) -> f64 {
        self + p * other
    }

    #[inline]
    fn dot(p: &[f64], xs: &[f64]) -> f64 {
        const LANES: usize = 4;
        let mut lanes = [0.0; LANES];
        let (p_body, p_tail) = p.split_at(p.len() - p.len() % LANES);
        let (x_body, x_tail) = xs.split_at(p_body.len());
        for (p, x) in p_body.chunks_exact(LANES).zip(x_body.chunks_exact(LANES)) {
            for lane in 0..LANES {
                lanes[lane] += p[lane] * x[lane];
            }
        }
        let tail: f64 = p_tail.iter().zip(x_tail).map(|(p, x)| p * x).sum();
        (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]) + tail
    }

    #[inline]
    fn pair(c1: f64, p1: f64, c2: f64, p2: f64) -> f64 {
        // x = c1 + p1·(1 − c2 − p2·(1 − x))
        (c1 + p1 * (1.0 - c2 - p2)) / (1.0 - p1 * p2)
    }
}

/// P(win), P(tie), P(loss) of the player to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Wtl {
    pub win: f64,
    pub tie: f64,
    pub loss: f64,
}

impl Value for Wtl {
    const ZERO: Wtl = Wtl {
        win: 0.0,
        tie: 0.0,
        loss: 0.0,
    };
    const WIN: Wtl = Wtl {
        win: 1.0,
        tie: 0.0,
        loss: 0.0,
    };
    const TIE: Wtl = Wtl {
        win: 0.0,
        tie: 1.0,
        loss: 0.0,
    };
    const LOSS: Wtl = Wtl {
        win: 0.0,
        tie: 0.0,
        loss: 1.0,
    };

    #[inline]
    fn flip(self) -> Wtl {
        Wtl {
            win: self.loss,
            tie: self.tie,
            loss: self.win,
        }
    }

    #[inline]
    fn worth(self) -> f64 {
        self.win + self.tie / 2.0
    }

    #[inline]
    fn add_scaled(self, p: f64, other: Wtl) -> Wtl {
        Wtl {
            win: self.win + p * other.win,
            tie: self.tie + p * other.tie,
            loss: self.loss + p * other.loss,
        }
    }

    fn dot(p: &[f64], xs: &[Wtl]) -> Wtl {
        p.iter()
            .zip(xs)
            .fold(Wtl::ZERO, |sum, (&p, &x)| sum.add_scaled(p, x))
    }

    fn pair(c1: Wtl, p1: f64, c2: Wtl, p2: f64) -> Wtl {
        // The flip is linear and its own inverse: x = c1 + p1·F(c2) + p1·p2·x.
        let numerator = c1.add_scaled(p1, c2.flip());
        let scale = 1.0 / (1.0 - p1 * p2);
        Wtl {
            win: numerator.win * scale,
            tie: numerator.tie * scale,
            loss: numerator.loss * scale,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_solve_both_equations() {
        // x = c1 + p1·F(y), y = c2 + p2·F(x) with partial outcomes (the zero totals' share
        // left out of c).
        let (c1, p1) = (
            Wtl {
                win: 0.3,
                tie: 0.1,
                loss: 0.4,
            },
            0.2,
        );
        let (c2, p2) = (
            Wtl {
                win: 0.5,
                tie: 0.0,
                loss: 0.25,
            },
            0.25,
        );
        let x = Wtl::pair(c1, p1, c2, p2);
        let y = c2.add_scaled(p2, x.flip());
        let again = c1.add_scaled(p1, y.flip());
        approx::assert_abs_diff_eq!(x.win, again.win, epsilon = 1e-15);
        approx::assert_abs_diff_eq!(x.loss, again.loss, epsilon = 1e-15);
        approx::assert_abs_diff_eq!(x.win + x.tie + x.loss, 1.0, epsilon = 1e-15);
        // The scalar solve agrees with the worth of the full one.
        let scalar = f64::pair(c1.worth(), p1, c2.worth(), p2);
        approx::assert_abs_diff_eq!(scalar, x.worth(), epsilon = 1e-15);
    }

    #[test]
    fn dot_products_match_a_plain_sum() {
        let p: Vec<f64> = (0..11).map(|i| f64::from(i) / 55.0).collect();
        let xs: Vec<f64> = (0..11).map(|i| f64::from(i * i) / 100.0).collect();
        let plain: f64 = p.iter().zip(&xs).map(|(p, x)| p * x).sum();
        approx::assert_abs_diff_eq!(f64::dot(&p, &xs), plain, epsilon = 1e-15);
    }
}
