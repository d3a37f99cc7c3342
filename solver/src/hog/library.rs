//! What rule scripts can call beyond rhai's own library: the arithmetic course rules written in
//! Python rely on and rhai lacks.
//!
//! - `div_floor(a, b)` and `mod_floor(a, b)`: Python's `a // b` and `a % b`, which round toward
//!   minus infinity (rhai's `/` and `%` truncate toward zero: `-7 / 2` is -3, `div_floor(-7, 2)`
//!   is -4, and `mod_floor(-7, 2)` is 1 where `-7 % 2` is -1).
//! - `big(n)`: a whole number of any size (a `BigInt`), with `+`, `-`, `*` (with another or with
//!   an integer), `pow(b, exponent)` (at most [`MOST_DIGITS`] decimal digits), `%` by an integer
//!   (Python's sign rule), comparisons, and `to_string` for its decimal digits: 3 to the power
//!   of a sum of scores is `big(3).pow(mover + opponent)`, and its first digit
//!   `to_string(...)[0]`.
//!
//! Python's floats need nothing new: rhai's are the same IEEE doubles, `to_float()` is Python's
//! `float()` below 2^53 and `to_int()` truncates as `int()` does, so `(v.to_float() * 8.8).to_int()`
//! is `int(v * 8.8)` to the last bit.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};
use rhai::{Engine, EvalAltResult};

/// The most decimal digits a big integer may have (the longest text a script may hold).
pub const MOST_DIGITS: usize = 1 << 16;

/// A rhai error with `message`.
fn fail<T>(message: String) -> Result<T, Box<EvalAltResult>> {
    Err(message.into())
}

/// Registers the functions and the `BigInt` type described in the module docs.
pub(crate) fn register(engine: &mut Engine) {
    engine.register_fn("div_floor", |a: i64, b: i64| {
        if b == 0 {
            return fail(format!("div_floor({a}, 0): division by zero"));
        }
        if a == i64::MIN && b == -1 {
            return fail(format!("div_floor({a}, {b}) overflows"));
        }
        Ok(Integer::div_floor(&a, &b))
    });
    engine.register_fn("mod_floor", |a: i64, b: i64| {
        if b == 0 {
            return fail(format!("mod_floor({a}, 0): division by zero"));
        }
        Ok(Integer::mod_floor(&a, &b))
    });
    engine.register_type_with_name::<BigInt>("BigInt");
    engine.register_fn("big", |n: i64| BigInt::from(n));
    engine.register_fn("+", |a: BigInt, b: BigInt| a + b);
    engine.register_fn("+", |a: BigInt, b: i64| a + b);
    engine.register_fn("+", |a: i64, b: BigInt| a + b);
    engine.register_fn("-", |a: BigInt, b: BigInt| a - b);
    engine.register_fn("-", |a: BigInt, b: i64| a - b);
    engine.register_fn("-", |a: i64, b: BigInt| a - b);
    engine.register_fn("*", |a: BigInt, b: BigInt| a * b);
    engine.register_fn("*", |a: BigInt, b: i64| a * b);
    engine.register_fn("*", |a: i64, b: BigInt| a * b);
    engine.register_fn("pow", |base: BigInt, exponent: i64| {
        let Ok(exponent) = u32::try_from(exponent) else {
            return fail(format!("pow({base}, {exponent}): a negative exponent"));
        };
        // Digits of base^exponent: about exponent · log10|base|, checked before computing.
        let digits = base
            .to_f64()
            .map_or(f64::INFINITY, |b| b.abs().log10().max(0.0))
            * f64::from(exponent);
        if digits > MOST_DIGITS as f64 {
            return fail(format!(
                "pow({base}, {exponent}) would have more than {MOST_DIGITS} digits"
            ));
        }
        Ok(base.pow(exponent))
    });
    engine.register_fn("%", |a: BigInt, b: i64| {
        if b == 0 {
            return fail(format!("{a} % 0: division by zero"));
        }
        let remainder = a.mod_floor(&BigInt::from(b));
        Ok(remainder.to_i64().unwrap_or_default())
    });
    engine.register_fn("==", |a: BigInt, b: BigInt| a == b);
    engine.register_fn("==", |a: BigInt, b: i64| a == BigInt::from(b));
    engine.register_fn("!=", |a: BigInt, b: BigInt| a != b);
    engine.register_fn("<", |a: BigInt, b: BigInt| a < b);
    engine.register_fn("<", |a: BigInt, b: i64| a < BigInt::from(b));
    engine.register_fn(">", |a: BigInt, b: BigInt| a > b);
    engine.register_fn(">", |a: BigInt, b: i64| a > BigInt::from(b));
    engine.register_fn("is_zero", |a: &mut BigInt| a.is_zero());
    engine.register_fn("to_string", |a: &mut BigInt| a.to_string());
    engine.register_fn("to_debug", |a: &mut BigInt| a.to_string());
    engine.register_fn("to_int", |a: &mut BigInt| {
        a.to_i64()
            .ok_or_else(|| -> Box<EvalAltResult> { format!("to_int({a}): too large").into() })
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval<T: Clone + Send + Sync + 'static>(script: &str) -> T {
        let mut engine = Engine::new();
        register(&mut engine);
        engine.eval::<T>(script).unwrap()
    }

    #[test]
    fn python_floor_division_and_modulo() {
        assert_eq!(eval::<i64>("div_floor(-7, 2)"), -4);
        assert_eq!(eval::<i64>("mod_floor(-7, 2)"), 1);
        assert_eq!(eval::<i64>("div_floor(7, 2)"), 3);
        assert_eq!(eval::<i64>("mod_floor(-4, 30)"), 26);
        assert_eq!(eval::<i64>("-7 % 2"), -1);
    }

    #[test]
    fn python_float_truncation_is_rhai_s() {
        // Python: int(7 * 8.8) == 61 (61.6...), int(-3 * 8.8) == -26, int(50 / 99 * 15) == 7.
        assert_eq!(eval::<i64>("(7 * 8.8).to_int()"), 61);
        assert_eq!(eval::<i64>("(-3 * 8.8).to_int()"), -26);
        assert_eq!(eval::<i64>("(50.to_float() / 99.0 * 15.0).to_int()"), 7);
    }

    #[test]
    fn powers_of_three_beyond_64_bits() {
        // 3^27 = 7625597484987 fits; 3^199 has 95 digits, the first 8 and the last 7.
        assert_eq!(
            eval::<String>("big(3).pow(27).to_string()"),
            "7625597484987"
        );
        let digits = eval::<String>("big(3).pow(199).to_string()");
        assert_eq!(digits.len(), 95);
        assert!(digits.starts_with("885") && digits.ends_with('7'));
        assert_eq!(eval::<i64>("big(3).pow(199) % 10"), 7);
        assert_eq!(eval::<i64>("(big(-7) % 3)"), 2);
        assert!(eval::<bool>("big(2).pow(70) > big(3).pow(44)"));
    }

    #[test]
    fn a_power_too_long_to_write_is_refused() {
        let mut engine = Engine::new();
        register(&mut engine);
        let err = engine
            .eval::<rhai::Dynamic>("big(10).pow(70000)")
            .unwrap_err();
        assert!(err.to_string().contains("more than 65536 digits"), "{err}");
    }
}
