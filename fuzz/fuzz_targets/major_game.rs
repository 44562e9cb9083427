//! Major on each of the four boards (the first byte chooses): the input's
//! bytes pick moves from the legal list (255 takes one back). After every
//! step the incremental hash equals the recomputed one, undo restores the
//! position, the text form parses back to the position, and pieces are
//! conserved: each colour's free pieces, prisoners and removed stones add
//! up to its start stones, and the free pieces are those on the board.
#![no_main]

use board_core::Game;
use libfuzzer_sys::fuzz_target;
use major_rules::{Board, Colour, Move, Position, Stack};
use spielwerk_fuzz::walk;

fn on_board(p: &Position, colour: Colour) -> u8 {
    p.stacks()
        .filter(|(_, s)| *s == Stack::stone(colour) || *s == Stack::major(colour))
        .count() as u8
}

fn held(p: &Position, colour: Colour) -> u8 {
    p.free_pieces(colour) + p.prisoners(colour) + p.removed(colour)
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, moves)) = data.split_first() else {
        return;
    };
    let Ok(board) = Board::standard(1 + u32::from(first % 4)) else {
        return;
    };
    let start = Position::start(board);
    let stones = [held(&start, Colour::Blue), held(&start, Colour::Red)];
    walk(
        start,
        moves,
        |p: &Position| {
            let text = p.to_string();
            let back = Position::parse_with_rules(&text, *p.rules())
                .unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"));
            if back.outcome().is_none() && p.outcome().is_some() {
                // A game won because the reply did not capture the piece that
                // broke through: the text form keeps a threat only while it
                // stands, so it reads back as not over (documented in
                // major_rules::Position's text form).
                let winner = p.player(p.side_to_move());
                assert_eq!(
                    p.outcome(),
                    Some(board_core::Outcome::Win(winner)),
                    "{text}"
                );
                assert_eq!(p.threat(), None);
                assert_eq!(back.to_string(), text);
            } else {
                assert_eq!(&back, p, "{text:?} parses to another position");
            }
            for (i, colour) in [Colour::Blue, Colour::Red].into_iter().enumerate() {
                assert_eq!(
                    held(p, colour),
                    stones[i],
                    "{colour} pieces not conserved in {text}"
                );
                assert_eq!(
                    on_board(p, colour),
                    p.free_pieces(colour),
                    "{colour} in {text}"
                );
            }
        },
        |_: &Position, _: Move, _: &Position| {},
    );
});
