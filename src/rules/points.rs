//! Scores exact to the half point ([`Points`]).

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub};

/// A score, exact to the half point (Plumedini's halving can leave .5).
///
/// Stored as a count of half points so that arithmetic stays exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(i64);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);

    /// Whole points.
    pub const fn new(whole: i64) -> Self {
        Points(whole * 2)
    }

    /// A count of half points (3 halves = 1.5 points).
    pub const fn from_halves(halves: i64) -> Self {
        Points(halves)
    }

    /// The score as a count of half points.
    pub const fn halves(self) -> i64 {
        self.0
    }

    /// Half of this score, exact to the half point for whole scores.
    pub const fn halved(self) -> Self {
        Points(self.0 / 2)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs.is_multiple_of(2) {
            write!(f, "{sign}{}", abs / 2)
        } else {
            write!(f, "{sign}{}.5", abs / 2)
        }
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        *self = *self + rhs;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0.saturating_sub(rhs.0))
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(self.0.saturating_neg())
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_display_halves_and_signs() {
        assert_eq!(Points::new(12).to_string(), "12");
        assert_eq!(Points::from_halves(25).to_string(), "12.5");
        assert_eq!(Points::from_halves(-25).to_string(), "-12.5");
        assert_eq!(Points::new(-20).to_string(), "-20");
        assert_eq!(Points::new(25).halved().to_string(), "12.5");
    }
}
