//! The state of the two-square rule for one player.

/// A player's current series of back-and-forth moves: the piece that made
/// the last move stands on `at`; every move of the series crossed the
/// square boundaries between `lo` and `hi` (board indices on one line,
/// `lo < hi`); `count` moves so far (0: no series).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Shuttle {
    pub at: u8,
    pub lo: u8,
    pub hi: u8,
    pub count: u8,
}

#[inline]
const fn same_file(a: u8, b: u8) -> bool {
    a % 10 == b % 10
}

impl Shuttle {
    /// The series after a non-attacking move from `from` to `to`.
    #[inline]
    pub fn next(self, from: u8, to: u8) -> Shuttle {
        let (lo, hi) = if from < to { (from, to) } else { (to, from) };
        if self.count > 0 && self.at == from && same_file(lo, hi) == same_file(self.lo, self.hi) {
            let (ilo, ihi) = (lo.max(self.lo), hi.min(self.hi));
            if ilo < ihi {
                return Shuttle {
                    at: to,
                    lo: ilo,
                    hi: ihi,
                    count: self.count.saturating_add(1),
                };
            }
        }
        Shuttle {
            at: to,
            lo,
            hi,
            count: 1,
        }
    }

    /// A 64-bit digest for the Zobrist hash (0 for no series).
    #[inline]
    pub fn digest(self, salt: u64) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let packed = u64::from(self.at)
            | u64::from(self.lo) << 8
            | u64::from(self.hi) << 16
            | u64::from(self.count) << 24;
        let mut z = packed ^ salt;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) | 1
    }

    /// Whether the series is well formed: `lo < hi` on one file or one rank
    /// and `at` on that line, unless `count` is 0.
    pub fn is_well_formed(self) -> bool {
        if self.count == 0 {
            return self == Shuttle::default();
        }
        let (lo, hi, at) = (self.lo, self.hi, self.at);
        if lo >= hi || hi >= 100 || at >= 100 {
            return false;
        }
        if same_file(lo, hi) {
            same_file(at, lo)
        } else {
            lo / 10 == hi / 10 && at / 10 == lo / 10
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_back_and_forth_counts_up() {
        let mut s = Shuttle::default();
        s = s.next(30, 40);
        assert_eq!(s.count, 1);
        s = s.next(40, 30);
        s = s.next(30, 40);
        assert_eq!(s.count, 3);
        // Onward instead of back: a new series.
        s = s.next(40, 50);
        assert_eq!(s.count, 1);
        // Sideways: a new series.
        s = s.next(50, 51);
        assert_eq!((s.count, s.lo, s.hi), (1, 50, 51));
    }

    #[test]
    fn scouts_count_by_common_boundary() {
        // a1-a5, a5-a2, a2-a4: all cross the boundary a3/a4 (20..40 ∩ ...).
        let mut s = Shuttle::default().next(0, 40);
        s = s.next(40, 10);
        assert_eq!((s.count, s.lo, s.hi), (2, 10, 40));
        s = s.next(10, 30);
        assert_eq!((s.count, s.lo, s.hi), (3, 10, 30));
        // a4-a1 then a1-a2 crosses only a1/a2, outside 10..30? It is inside:
        s = s.next(30, 0);
        assert_eq!((s.count, s.lo, s.hi), (4, 10, 30));
        // a1-a2 crosses only 0..10, which shares no boundary with 10..30.
        s = s.next(0, 10);
        assert_eq!((s.count, s.lo, s.hi), (1, 0, 10));
        assert!(s.is_well_formed());
    }
}
