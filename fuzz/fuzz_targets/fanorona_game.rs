//! Fanorona: the input's bytes pick moves from the legal list (255 takes
//! one back); the first byte chooses the rules. After every step the
//! incremental hash equals the recomputed one, undo restores the position,
//! the text form parses back to the same stones, counters and hash, and
//! stones are conserved: the mover keeps all of its own, the opponent loses
//! some only on a capture, and never gains.
#![no_main]

use board_core::{Game, ZobristHash};
use fanorona_rules::{Move, Position, Rules};
use libfuzzer_sys::fuzz_target;
use spielwerk_fuzz::walk;

fuzz_target!(|data: &[u8]| {
    let Some((&first, moves)) = data.split_first() else {
        return;
    };
    let rules = Rules::new(2 + first % 3, 1 + first / 3 % 60).unwrap_or_default();
    walk(
        Position::start(rules),
        moves,
        |p: &Position| {
            let text = p.to_string();
            let back = Position::parse_with_rules(&text, p.rules())
                .unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"));
            assert_eq!(back.to_string(), text);
            assert_eq!(
                back.zobrist(),
                p.zobrist(),
                "{text:?} parses to another hash"
            );
            assert_eq!(back.occupied(), p.occupied());
        },
        |before: &Position, mv: Move, after: &Position| {
            let me = before.to_move();
            assert_eq!(
                after.count(me),
                before.count(me),
                "{mv} changed the mover's stones"
            );
            let (was, is) = (before.count(me.other()), after.count(me.other()));
            assert!(is <= was, "{mv}: the opponent gained stones");
            assert_eq!(is < was, mv.is_capture(), "{mv}: {was} -> {is} stones");
        },
    );
});
