//! Stable discs: discs that can never be flipped, which bound the score
//! (the stability cut-off of the search).

/// The discs of `p` that can never be flipped, found as a fixed point: a
/// disc is stable when, along each of the four line directions, its line
/// is full or one of its two neighbours on that line is off the board or a
/// stable disc of its colour.
#[must_use]
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let occupied = p | o;
    let full_h = full_lines(occupied, 1);
    let full_v = full_lines(occupied, 8);
    let full_d9 = full_lines(occupied, 9);
    let full_d7 = full_lines(occupied, 7);
    const EDGE_H: u64 = 0x8181_8181_8181_8181;
    const EDGE_V: u64 = 0xff00_0000_0000_00ff;
    const EDGE_D: u64 = 0xff81_8181_8181_81ff;
    let mut stable = 0u64;
    loop {
        let s = stable;
        let ok_h = full_h
            | EDGE_H
            | ((s << 1) & !0x0101_0101_0101_0101)
            | ((s >> 1) & !0x8080_8080_8080_8080);
        let ok_v = full_v | EDGE_V | (s << 8) | (s >> 8);
        let ok_d9 = full_d9
            | EDGE_D
            | ((s << 9) & !0x0101_0101_0101_0101)
            | ((s >> 9) & !0x8080_8080_8080_8080);
        let ok_d7 = full_d7
            | EDGE_D
            | ((s << 7) & !0x8080_8080_8080_8080)
            | ((s >> 7) & !0x0101_0101_0101_0101);
        let next = p & ok_h & ok_v & ok_d9 & ok_d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The squares whose line in direction `shift` (1, 7, 8 or 9) is full:
/// the empty squares are spread along the line both ways (never across the
/// board's sides) and every square they do not reach is on a full line.
#[inline]
fn full_lines(occupied: u64, shift: u32) -> u64 {
    let (wrap_up, wrap_down) = match shift {
        1 | 9 => (0x0101_0101_0101_0101u64, 0x8080_8080_8080_8080u64),
        7 => (0x8080_8080_8080_8080u64, 0x0101_0101_0101_0101u64),
        _ => (0, 0),
    };
    let empties = !occupied;
    let mut up = empties;
    let mut down = empties;
    for _ in 0..7 {
        up |= (up << shift) & !wrap_up;
        down |= (down >> shift) & !wrap_down;
    }
    !(up | down)
}

/// Stability cut-offs are tried when alpha is at least this, by empties
/// (a lower alpha seldom leads to a cut-off).
pub(super) const STABILITY_THRESHOLD: [i32; 65] = {
    let mut t = [99; 65];
    let mut n = 4;
    while n < 65 {
        let v = 2 * n as i32 - 2;
        t[n] = if v > 64 { 64 } else { v };
        n += 1;
    }
    t
};
