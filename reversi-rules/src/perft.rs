//! Perft: counting the move paths from a position, the standard test of a
//! Reversi move generator, in two speeds.
//!
//! A pass counts as a ply. Games that end before the requested depth are
//! counted as [`FinishedGames`] says: [`FinishedGames::CountAsLeaf`] is the
//! "Bik" convention (a finished game is one leaf at every deeper depth),
//! [`FinishedGames::Drop`] Edax's (OEIS A124004: finished games are
//! dropped). The two agree up to depth 9 from the start position.
//!
//! - [`perft`]: plain depth-first counting on the raw [`Board`], no
//!   allocation, the last ply counted in bulk (the population count of the
//!   legal-move bitboard) and the last two plies fused into one loop. On
//!   x86-64 processors with AVX-512 or AVX2 (checked at run time) it
//!   generates moves and flips in all eight directions at once in vector
//!   registers, faster than the portable code, which it uses elsewhere
//!   (docs/measurements/reversi.md gives the figures).
//! - [`HashedPerft`]: the same count with a transposition table keyed by the
//!   [canonical](Board::canonical) board, so that the 8 symmetric images of
//!   a position (and every transposition) are counted once, like Edax's
//!   `-count games`.

use board_core::FinishedGames;

use crate::bitboard::{self, Kernel};
use crate::{Board, Children};

/// The number of move paths of length `depth` from `board`.
///
/// ```
/// use board_core::FinishedGames;
/// use reversi_rules::{Board, perft::perft};
/// let counts: Vec<u64> = (0..=5).map(|d| perft(Board::start(), d, FinishedGames::Drop)).collect();
/// assert_eq!(counts, [1, 4, 12, 56, 244, 1396]);
/// ```
#[must_use]
pub fn perft(board: Board, depth: u32, finished: FinishedGames) -> u64 {
    let leaf = u64::from(finished == FinishedGames::CountAsLeaf);
    match depth {
        0 => 1,
        _ => Kernel::detect().count(board, depth, leaf),
    }
}

/// The vector instructions [`perft`] uses on this processor: `"avx512"`,
/// `"avx2"`, or `"portable"` when it has neither (or is not x86-64).
///
/// ```
/// let kernel = reversi_rules::perft::kernel();
/// assert!(["avx512", "avx2", "portable"].contains(&kernel));
/// ```
#[must_use]
pub fn kernel() -> &'static str {
    Kernel::detect().name()
}

/// Defines a counting function (depth ≥ 1; `leaf` is what a finished game
/// counts) on the given move generator and flip functions, with the given
/// attributes. The last ply is counted in bulk (the population count of
/// the legal-move bitboard) and the last two plies are one loop.
macro_rules! counter {
    ($(#[$attr:meta])* $vis:vis fn $name:ident, $moves:path, $flips:path) => {
        $(#[$attr])*
        $vis fn $name(board: Board, depth: u32, leaf: u64) -> u64 {
            let (player, opponent) = (board.player(), board.opponent());
            let moves = $moves(player, opponent);
            if moves == 0 {
                if $moves(opponent, player) == 0 {
                    return leaf;
                }
                return if depth == 1 {
                    1
                } else {
                    $name(board.pass(), depth - 1, leaf)
                };
            }
            if depth == 1 {
                return u64::from(moves.count_ones());
            }
            let mut rest = moves;
            let mut total = 0;
            while rest != 0 {
                let square = rest.trailing_zeros();
                rest &= rest - 1;
                let flips = $flips(square as usize, player, opponent);
                let child = board.apply(1 << square, flips);
                total += if depth > 2 {
                    $name(child, depth - 1, leaf)
                } else {
                    // The last ply in bulk: the reply count, or a forced
                    // pass, or a finished game.
                    let replies = $moves(child.player(), child.opponent());
                    if replies != 0 {
                        u64::from(replies.count_ones())
                    } else if $moves(child.opponent(), child.player()) != 0 {
                        1
                    } else {
                        leaf
                    }
                };
            }
            total
        }
    };
}

counter!(
    /// Counts with the portable kernels.
    pub(crate) fn count,
    bitboard::moves,
    bitboard::flips
);

#[cfg(target_arch = "x86_64")]
counter!(
    /// Counts with the AVX2 kernels; see [`crate::kernel`].
    #[target_feature(enable = "avx2,popcnt")]
    pub(crate) fn count_avx2,
    crate::kernel::avx2::moves,
    crate::kernel::avx2::flips
);

#[cfg(target_arch = "x86_64")]
counter!(
    /// Counts with the AVX-512 kernels; see [`crate::kernel`].
    #[target_feature(enable = "avx512f,avx2,popcnt")]
    pub(crate) fn count_avx512,
    crate::kernel::avx512::moves,
    crate::kernel::avx512::flips
);

/// One slot of the [`HashedPerft`] table.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    player: u64,
    opponent: u64,
    /// The remaining depth; 0 marks an empty slot.
    depth: u32,
    count: u64,
}

/// Two slots in one cache line: the deepest count seen and the latest.
#[derive(Debug, Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

/// Perft with a transposition table and symmetry folding, for depths that
/// plain [`perft`] takes too long for.
///
/// Below [`Self::MIN_STORED_DEPTH`] plies it counts like [`perft`]; above,
/// each position is reduced to its canonical board (the least of its 8
/// symmetric images, which have the same counts) and looked up in a table
/// of buckets of two slots: one keeps the deepest count seen, the other the
/// latest. The table is reused between calls with the same convention.
///
/// ```
/// use board_core::FinishedGames;
/// use reversi_rules::{Board, perft::{HashedPerft, perft}};
/// let mut hashed = HashedPerft::new(1, FinishedGames::CountAsLeaf);
/// assert_eq!(hashed.count(Board::start(), 7), 55_092);
/// assert_eq!(hashed.count(Board::start(), 7), perft(Board::start(), 7, FinishedGames::CountAsLeaf));
/// ```
#[derive(Debug, Clone)]
pub struct HashedPerft {
    table: Vec<Bucket>,
    mask: usize,
    finished: FinishedGames,
    /// The code that counts below the stored depths.
    kernel: Kernel,
    /// Lookups that found their count.
    hits: u64,
    /// Lookups made.
    probes: u64,
}

impl HashedPerft {
    /// Positions with fewer remaining plies than this are counted without
    /// the table.
    pub const MIN_STORED_DEPTH: u32 = 4;

    /// A table of about `megabytes` MiB (the bucket count is rounded down
    /// to a power of two, at least one bucket) for the given convention.
    /// Never fails: a size above [`board_core::MAX_TABLE_MIB`] is taken as
    /// the maximum, and when the memory cannot be reserved the table is
    /// halved until it can (see [`try_new`](Self::try_new) for an error
    /// instead).
    #[must_use]
    pub fn new(megabytes: usize, finished: FinishedGames) -> HashedPerft {
        HashedPerft::with_table(board_core::table_or_smaller(megabytes), finished)
    }

    /// A table of about `megabytes` MiB, as [`new`](Self::new) makes it.
    ///
    /// # Errors
    /// [`TableSizeError::TooLarge`](board_core::TableSizeError::TooLarge)
    /// above [`board_core::MAX_TABLE_MIB`],
    /// [`TableSizeError::OutOfMemory`](board_core::TableSizeError::OutOfMemory)
    /// when the memory is refused.
    ///
    /// ```
    /// use board_core::FinishedGames;
    /// use reversi_rules::perft::HashedPerft;
    /// assert!(HashedPerft::try_new(1, FinishedGames::CountAsLeaf).is_ok());
    /// assert!(HashedPerft::try_new(999_999_999, FinishedGames::CountAsLeaf).is_err());
    /// ```
    pub fn try_new(
        megabytes: usize,
        finished: FinishedGames,
    ) -> Result<HashedPerft, board_core::TableSizeError> {
        Ok(HashedPerft::with_table(
            board_core::try_table(megabytes)?,
            finished,
        ))
    }

    fn with_table(table: Vec<Bucket>, finished: FinishedGames) -> HashedPerft {
        let buckets = table.len();
        HashedPerft {
            table,
            mask: buckets - 1,
            finished,
            kernel: Kernel::detect(),
            hits: 0,
            probes: 0,
        }
    }

    /// The number of buckets (of two entries) of the table.
    #[must_use]
    pub fn buckets(&self) -> usize {
        self.table.len()
    }

    /// The number of move paths of length `depth` from `board`, the same as
    /// [`perft`] with this table's convention.
    pub fn count(&mut self, board: Board, depth: u32) -> u64 {
        match depth {
            0 => 1,
            _ => self.count_node(board, depth),
        }
    }

    /// The share of table lookups that found their count, 0 to 1.
    #[must_use]
    pub fn hit_rate(&self) -> f64 {
        if self.probes == 0 {
            0.0
        } else {
            self.hits as f64 / self.probes as f64
        }
    }

    fn leaf(&self) -> u64 {
        u64::from(self.finished == FinishedGames::CountAsLeaf)
    }

    fn count_node(&mut self, board: Board, depth: u32) -> u64 {
        if depth < Self::MIN_STORED_DEPTH {
            return self.kernel.count(board, depth, self.leaf());
        }
        let (key, _) = board.canonical();
        let index = bucket_index(key) & self.mask;
        self.probes += 1;
        if let Some(bucket) = self.table.get(index) {
            for e in &bucket.0 {
                if e.depth == depth && e.player == key.player() && e.opponent == key.opponent() {
                    self.hits += 1;
                    return e.count;
                }
            }
        }
        let total = self.expand(board, depth);
        let entry = Entry {
            player: key.player(),
            opponent: key.opponent(),
            depth,
            count: total,
        };
        if let Some(Bucket([deepest, latest])) = self.table.get_mut(index) {
            if depth >= deepest.depth {
                *deepest = entry;
            } else {
                *latest = entry;
            }
        }
        total
    }

    fn expand(&mut self, board: Board, depth: u32) -> u64 {
        let moves = board.moves();
        if moves == 0 {
            let passed = board.pass();
            if passed.moves() == 0 {
                return self.leaf();
            }
            return self.count_node(passed, depth - 1);
        }
        Children::new(board, moves)
            .map(|(_, child)| self.count_node(child, depth - 1))
            .sum()
    }
}

/// Mixes a canonical board into a table index.
#[inline]
fn bucket_index(board: Board) -> usize {
    let h = board
        .player()
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
        ^ board.opponent().wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (h ^ (h >> 32)) as usize
}
