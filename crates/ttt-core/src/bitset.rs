//! A fixed-size set of cell indices; the board's storage. Kept private: callers see cells.

const WORDS: usize = (crate::MAX_SIDE * crate::MAX_SIDE).div_ceil(64);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Bitset([u64; WORDS]);

impl Bitset {
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub(crate) fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub(crate) fn union(&self, other: &Bitset) -> Bitset {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        out
    }

    /// Indices in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + b
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut s = Bitset::default();
        for i in [0, 63, 64, 300, 575] {
            s.insert(i);
        }
        assert!(s.contains(300));
        assert_eq!(s.len(), 5);
        s.remove(63);
        assert!(!s.contains(63));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 64, 300, 575]);
        let mut t = Bitset::default();
        t.insert(1);
        assert_eq!(s.union(&t).len(), 5);
    }
}
