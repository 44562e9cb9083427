//! Which of a position's near-best moves a date plays.

use board_core::SplitMix64;

use super::Date;

/// Mixed into every draw, so that these numbers are unrelated to other
/// uses of the position's hash.
const SALT: u64 = 0xDA11_F0A0_2026_0038;

/// The index, below `n`, of the move `date` plays among `n` candidates in
/// the position whose hash is `key` (0 when `n` is 0 or 1).
///
/// The days since the epoch are cut into rounds of `n` days; within a
/// round the index runs through every candidate once, from an offset
/// drawn from the round and the position. So consecutive days of a round
/// play different moves there, every candidate is played equally often,
/// and no period of days repeats whole games (the offsets of different
/// rounds are unrelated).
pub(crate) fn pick(date: Date, key: u64, n: usize) -> usize {
    let Ok(n64) = i64::try_from(n) else {
        return 0;
    };
    if n64 <= 1 {
        return 0;
    }
    let day = date.days_since_epoch();
    let (round, turn) = (day.div_euclid(n64), day.rem_euclid(n64));
    let offset = SplitMix64::new(key ^ SALT ^ (round as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .below(n as u64);
    // `turn` and `offset` are below `n`: the sum fits and the result too.
    ((turn as u64 + offset) % n as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(days: i64) -> Date {
        Date::from_days_since_epoch(days).unwrap_or_else(|| panic!("{days}"))
    }

    #[test]
    fn one_or_no_candidate_is_index_zero() {
        let d = day(20_000);
        assert_eq!(pick(d, 7, 0), 0);
        assert_eq!(pick(d, 7, 1), 0);
    }

    #[test]
    fn a_round_of_n_days_plays_every_candidate_once() {
        for n in 2..=9 {
            for key in [0, 1, 0xFFFF_FFFF_FFFF_FFFF, 12_345_678] {
                for round in [-3_i64, 0, 2_931, 7_000] {
                    let mut seen: Vec<usize> = (0..n)
                        .map(|t| pick(day(round * n + t), key, n as usize))
                        .collect();
                    seen.sort_unstable();
                    assert_eq!(seen, (0..n as usize).collect::<Vec<_>>(), "n {n} key {key}");
                }
            }
        }
    }

    #[test]
    fn rounds_start_from_different_offsets() {
        // Over 40 rounds of 3 days, the first day of a round does not
        // always play the same candidate.
        let firsts: std::collections::HashSet<usize> =
            (0..40).map(|r| pick(day(20_001 + r * 3), 99, 3)).collect();
        assert_eq!(firsts.len(), 3);
    }
}
