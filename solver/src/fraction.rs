//! Exact probabilities: reduced fractions of big integers, and how people read them.
//!
//! Every game swine solves with fair dice has rational win probabilities. The exact solvers
//! ([`hog::solve_exact`](crate::hog::solve_exact), [`pig::solve_exact`](crate::pig::solve_exact))
//! return them as [`Fraction`]s: written `N/D` in JSON, and for people as the number of digits
//! of each part and the first decimals.

use std::fmt;

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use serde::{Serialize, Serializer};

/// A probability as a reduced fraction `numerator / denominator`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fraction(BigRational);

impl Fraction {
    /// `numerator / denominator`, reduced (one gcd). `denominator` must not be 0.
    pub fn new(numerator: BigUint, denominator: BigUint) -> Fraction {
        Fraction(BigRational::new(numerator.into(), denominator.into()))
    }

    /// The fraction `value`.
    pub fn from_rational(value: BigRational) -> Fraction {
        Fraction(value)
    }

    /// The fraction as a rational number.
    pub fn rational(&self) -> &BigRational {
        &self.0
    }

    /// `1 − self`.
    pub fn complement(&self) -> Fraction {
        Fraction(BigRational::one() - &self.0)
    }

    /// The mean of `self` and `other`.
    pub fn mean(&self, other: &Fraction) -> Fraction {
        Fraction((&self.0 + &other.0) / BigRational::from_integer(BigInt::from(2)))
    }

    /// The nearest `f64`.
    pub fn to_f64(&self) -> f64 {
        self.0.to_f64().unwrap_or(f64::NAN)
    }

    /// The number of decimal digits of the numerator and of the denominator.
    pub fn digits(&self) -> (usize, usize) {
        let count = |n: &BigInt| n.magnitude().to_str_radix(10).len();
        (count(self.0.numer()), count(self.0.denom()))
    }

    /// The value written with `places` decimals, cut off (not rounded): `0.5714…` for 4/7.
    pub fn decimals(&self, places: usize) -> String {
        let (numerator, denominator) = (self.0.numer(), self.0.denom());
        let whole = numerator / denominator;
        let rest = numerator - &whole * denominator;
        let scaled = rest * BigInt::from(10u32).pow(places as u32) / denominator;
        let digits = scaled.magnitude().to_str_radix(10);
        format!("{whole}.{digits:0>places$}")
    }
}

/// A strategy's exact win rates against an opponent, as fractions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExactRates {
    /// The two seats' values averaged.
    pub win_rate: Fraction,
    /// The value moving first.
    pub as_first: Fraction,
    /// The value moving second.
    pub as_second: Fraction,
    /// Under minimax, P(the first player wins) (+ ½·P(tie)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_player_wins: Option<Fraction>,
}

impl ExactRates {
    /// The rates of a strategy worth `as_first` moving first and `as_second` moving second.
    pub fn from_seats(as_first: Fraction, as_second: Fraction) -> ExactRates {
        ExactRates {
            win_rate: as_first.mean(&as_second),
            as_first,
            as_second,
            first_player_wins: None,
        }
    }

    /// The same rates, marked as minimax: the first player's value is `as_first`.
    pub fn minimax(mut self) -> ExactRates {
        self.first_player_wins = Some(self.as_first.clone());
        self
    }

    /// Each rate with its label, as reports list them.
    pub fn rows(&self) -> Vec<(&'static str, &Fraction)> {
        let mut rows = vec![
            ("win rate", &self.win_rate),
            ("as first", &self.as_first),
            ("as second", &self.as_second),
        ];
        rows.extend(
            self.first_player_wins
                .iter()
                .map(|f| ("first player wins", f)),
        );
        rows
    }
}

impl fmt::Display for Fraction {
    /// `N/D`, reduced (`1/1` for one).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.0.numer(), self.0.denom())
    }
}

impl std::str::FromStr for Fraction {
    type Err = String;

    /// Reads `N/D` (whole numbers, `D` positive), as [`Display`](fmt::Display) writes it.
    fn from_str(text: &str) -> Result<Fraction, String> {
        let bad = || format!("'{text}' is not a fraction N/D of whole numbers");
        let (numerator, denominator) = text.split_once('/').ok_or_else(bad)?;
        let parse = |part: &str| part.trim().parse::<BigUint>().map_err(|_| bad());
        let (numerator, denominator) = (parse(numerator)?, parse(denominator)?);
        if denominator.is_zero() {
            return Err(format!("'{text}' divides by zero"));
        }
        Ok(Fraction::new(numerator, denominator))
    }
}

impl Serialize for Fraction {
    /// The string `"N/D"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_reduce_and_read_as_decimals() {
        let f = Fraction::new(BigUint::from(8u32), BigUint::from(14u32));
        assert_eq!(f.to_string(), "4/7");
        assert_eq!(f.decimals(10), "0.5714285714");
        assert_eq!(f.digits(), (1, 1));
        assert_eq!(f.complement().to_string(), "3/7");
        let one = Fraction::new(BigUint::from(3u32), BigUint::from(3u32));
        assert_eq!(one.to_string(), "1/1");
        assert_eq!(one.decimals(3), "1.000");
        let tiny = Fraction::new(BigUint::from(1u32), BigUint::from(1000u32));
        assert_eq!(tiny.decimals(5), "0.00100");
        assert_eq!(f.mean(&tiny).to_string(), "4007/14000");
        assert_eq!(f.to_f64(), 4.0 / 7.0);
    }
}
