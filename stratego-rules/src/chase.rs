//! The state of the ISF more-squares (chase) rule.
//!
//! A chase starts when a player moves a piece next to the enemy piece that
//! moved last. It goes on while the chased side moves the chased piece
//! away and the chaser follows it with the chasing piece to a square next
//! to it again; any other move, and every attack, ends it. During a chase
//! the chaser may not make a following move that recreates a board seen
//! since the chase began (the last [`SEEN`] boards are remembered).

use board_core::Player;

/// How many boards of a chase are remembered.
pub(crate) const SEEN: usize = 16;
const NONE: u8 = 0xFF;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Chase {
    /// The chasing side, if a chase is on.
    pub chaser: Option<Player>,
    /// Where the chasing piece stands.
    pub chaser_at: u8,
    /// Where the chased piece stands.
    pub chased_at: u8,
    /// Boards recorded since the chase began (the ring holds the last
    /// [`SEEN`]).
    pub len: u8,
    /// Digests of the boards after each move of the chase.
    pub seen: [u32; SEEN],
    /// Where each side's last move ended.
    pub last_to: [u8; 2],
}

impl Default for Chase {
    fn default() -> Chase {
        Chase {
            chaser: None,
            chaser_at: NONE,
            chased_at: NONE,
            len: 0,
            seen: [0; SEEN],
            last_to: [NONE; 2],
        }
    }
}

/// Whether two squares are orthogonal neighbours.
#[inline]
pub(crate) fn adjacent(a: u8, b: u8) -> bool {
    let (a, b) = (i16::from(a), i16::from(b));
    let d = (a - b).abs();
    (d == 10 && a < 100 && b < 100) || (d == 1 && a / 10 == b / 10)
}

/// A digest of which squares hold Red and Blue pieces: the board as both
/// players see it (ranks play no part, so views can compute it too).
#[inline]
pub(crate) fn occupancy_digest(red: u128, blue: u128) -> u32 {
    let mix = |v: u128, k: u64| {
        let x = (v as u64 ^ k).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ ((v >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        x ^ (x >> 29)
    };
    let d = mix(red, 0x51A7) ^ mix(blue, 0xB10E).rotate_left(17);
    (d ^ (d >> 32)) as u32
}

impl Chase {
    /// Whether the rule forbids `me`'s move `from`-`to` onto an empty
    /// square, given the occupancy before it.
    #[inline]
    pub fn forbids(&self, me: Player, from: u8, to: u8, red: u128, blue: u128) -> bool {
        if !self.follows(me, from, to) {
            return false;
        }
        let flip = (1u128 << from) | (1u128 << to);
        let (red, blue) = match me {
            Player::First => (red ^ flip, blue),
            Player::Second => (red, blue ^ flip),
        };
        self.has_seen(occupancy_digest(red, blue))
    }

    /// Whether `me`'s non-attacking move `from`-`to` continues `me`'s chase.
    #[inline]
    pub fn follows(&self, me: Player, from: u8, to: u8) -> bool {
        self.chaser == Some(me) && from == self.chaser_at && adjacent(to, self.chased_at)
    }

    /// Whether the board digest was seen during the chase.
    pub fn has_seen(&self, digest: u32) -> bool {
        let n = usize::from(self.len).min(SEEN);
        self.seen[..n].contains(&digest)
    }

    fn record(&mut self, digest: u32) {
        self.seen[usize::from(self.len) % SEEN] = digest;
        self.len = self.len.saturating_add(1);
        if self.len == u8::MAX {
            // Keep the ring position meaningful: wrap to a multiple of SEEN.
            self.len = (u8::MAX / SEEN as u8) * SEEN as u8;
        }
    }

    /// The state after `me` moved `from`-`to` (`attack`: onto an enemy
    /// piece). `digest` is the board after the move; `target_stands` says
    /// whether the enemy piece that moved last still stands where it went.
    pub fn after(
        mut self,
        me: Player,
        from: u8,
        to: u8,
        attack: bool,
        digest: u32,
        target_stands: bool,
    ) -> Chase {
        let their_last = self.last_to[(!me).index()];
        self.last_to[me.index()] = to;
        if attack {
            return Chase {
                last_to: self.last_to,
                ..Chase::default()
            };
        }
        match self.chaser {
            Some(p) if p == me && from == self.chaser_at && adjacent(to, self.chased_at) => {
                self.chaser_at = to;
                self.record(digest);
                self
            }
            Some(p) if p != me && from == self.chased_at => {
                self.chased_at = to;
                self.record(digest);
                self
            }
            _ if their_last != NONE && target_stands && adjacent(to, their_last) => {
                let mut c = Chase {
                    chaser: Some(me),
                    chaser_at: to,
                    chased_at: their_last,
                    last_to: self.last_to,
                    ..Chase::default()
                };
                c.record(digest);
                c
            }
            _ => Chase {
                last_to: self.last_to,
                ..Chase::default()
            },
        }
    }

    /// A digest for the Zobrist hash.
    pub fn digest(&self) -> u64 {
        let mut z: u64 = 0x243F_6A88_85A3_08D3;
        let mut mix = |v: u64| {
            z ^= v;
            z = z.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        };
        mix(match self.chaser {
            None => 0,
            Some(Player::First) => 1,
            Some(Player::Second) => 2,
        });
        mix(u64::from(self.chaser_at) | u64::from(self.chased_at) << 8 | u64::from(self.len) << 16);
        mix(u64::from(self.last_to[0]) | u64::from(self.last_to[1]) << 8);
        for s in &self.seen[..usize::from(self.len).min(SEEN)] {
            mix(u64::from(*s));
        }
        z
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours() {
        assert!(adjacent(0, 1) && adjacent(0, 10) && adjacent(55, 45));
        assert!(!adjacent(9, 10) && !adjacent(0, 11) && !adjacent(0, 0));
    }

    #[test]
    fn a_chase_starts_goes_on_and_ends() {
        let red = Player::First;
        let blue = Player::Second;
        let mut c = Chase::default();
        c = c.after(blue, 65, 55, false, 1, true); // Blue moves to f6.
        c = c.after(red, 33, 43, false, 2, true); // Red steps... not next to f6.
        assert_eq!(c.chaser, None);
        c = c.after(blue, 55, 54, false, 3, true); // Blue to e6.
        c = c.after(red, 43, 44, false, 4, true); // Red to e5, next to e6: a chase.
        assert_eq!((c.chaser, c.chaser_at, c.chased_at), (Some(red), 44, 54));
        c = c.after(blue, 54, 55, false, 5, true); // Blue flees to f6.
        c = c.after(red, 44, 45, false, 6, true); // Red follows to f5.
        assert_eq!((c.chaser, c.len), (Some(red), 3));
        assert!(c.has_seen(4) && c.has_seen(6) && !c.has_seen(3));
        assert!(!c.follows(red, 45, 44) && !c.follows(red, 45, 46));
        c = c.after(blue, 20, 21, false, 7, true); // Blue moves another piece.
        assert_eq!(c.chaser, None);
    }
}
