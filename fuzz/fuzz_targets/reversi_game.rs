//! Reversi: the input's bytes pick moves from the legal list (255 takes
//! one back); after every step the incremental hash equals the recomputed
//! one, undo restores the position, the text form parses back to the
//! position, and discs are conserved: a move adds the mover one disc and
//! turns over at least one of the opponent's, a pass changes none.
#![no_main]

use board_core::Game;
use libfuzzer_sys::fuzz_target;
use reversi_rules::{Move, Position};
use spielwerk_fuzz::{check_round_trip, walk};

fuzz_target!(|data: &[u8]| {
    walk(
        Position::start(),
        data,
        |p: &Position| {
            check_round_trip(p);
            assert_eq!(p.black() & p.white(), 0, "a square with two discs");
            assert_eq!(
                p.black().count_ones() + p.white().count_ones() + p.empty_count(),
                64
            );
        },
        |before: &Position, mv: Move, after: &Position| {
            let me = before.to_move();
            let gained = after.discs(me).count_ones() as i64 - before.discs(me).count_ones() as i64;
            let lost = before.discs(me.other()).count_ones() as i64
                - after.discs(me.other()).count_ones() as i64;
            match mv {
                Move::Pass => assert_eq!((gained, lost), (0, 0), "a pass changed discs"),
                Move::Place(sq) => {
                    assert!(lost >= 1 && gained == lost + 1, "{sq}: +{gained} -{lost}");
                    assert_eq!(after.at(sq), Some(me));
                }
            }
        },
    );
});
