//! A small seedable random number generator (SplitMix64), so that a seeded game replays the
//! same on every machine and every version of our dependencies.

use std::hash::{BuildHasher, Hasher};

/// Seedable pseudo-random numbers. Not for cryptography.
///
/// ```
/// use ttt_ai::Rng;
/// let mut a = Rng::seeded(42);
/// let mut b = Rng::seeded(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator that always yields the same sequence for the same seed.
    ///
    /// ```
    /// # use ttt_ai::Rng;
    /// let roll = |seed| Rng::seeded(seed).below(6);
    /// assert_eq!(roll(7), roll(7));
    /// ```
    #[must_use]
    pub fn seeded(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// A generator seeded from the operating system's per-process randomness and the clock:
    /// a different sequence each time.
    ///
    /// ```
    /// # use ttt_ai::Rng;
    /// let n = Rng::from_entropy().below(10);
    /// assert!(n < 10);
    /// ```
    #[must_use]
    pub fn from_entropy() -> Rng {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        Rng::seeded(h.finish())
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// # use ttt_ai::Rng;
    /// let mut rng = Rng::seeded(1);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n > 0`).
    ///
    /// ```
    /// # use ttt_ai::Rng;
    /// let mut rng = Rng::seeded(1);
    /// assert!((0..100).all(|_| rng.below(3) < 3));
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        // Multiply-shift: unbiased enough for game choices (bias below 2^-32 for small n).
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    ///
    /// ```
    /// # use ttt_ai::Rng;
    /// let mut rng = Rng::seeded(1);
    /// assert!(matches!(rng.pick(&['a', 'b']), Some('a' | 'b')));
    /// assert_eq!(rng.pick::<char>(&[]), None);
    /// ```
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let a: Vec<u64> = (0..5)
            .scan(Rng::seeded(7), |r, _| Some(r.next_u64()))
            .collect();
        let b: Vec<u64> = (0..5)
            .scan(Rng::seeded(7), |r, _| Some(r.next_u64()))
            .collect();
        assert_eq!(a, b);
        assert_ne!(a[0], a[1]);
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut r = Rng::seeded(1);
        let mut seen = [0u32; 9];
        for _ in 0..9000 {
            seen[r.below(9)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_eq!(r.pick::<u8>(&[]), None);
        assert_eq!(r.pick(&[3]), Some(3));
    }
}
