//! Inputs the fuzz targets (`fuzz/`) found, kept as regression tests.

use board_core::{Game, Outcome, Player, Undo};
use major_rules::{Board, Position};

/// Plays the moves the `major_game` fuzz target picks from `bytes` (each
/// byte modulo the legal list's length; 255 takes the last move back) and
/// returns every position reached with its text form.
fn walk(board: u32, bytes: &[u8]) -> Vec<Position> {
    let mut pos = Position::start(Board::standard(board).expect("a standard board"));
    let mut undo = Vec::new();
    let mut seen = vec![pos.clone()];
    for &b in bytes {
        if b == 255 {
            if let Some((mv, u)) = undo.pop() {
                pos.unmake(mv, u);
                seen.push(pos.clone());
            }
            continue;
        }
        if pos.outcome().is_some() {
            break;
        }
        let moves = pos.moves();
        let list = moves.as_slice();
        if list.is_empty() {
            break;
        }
        let mv = list[usize::from(b) % list.len()];
        undo.push((mv, pos.make(mv)));
        seen.push(pos.clone());
    }
    seen
}

#[test]
fn major_game_crash_88459f41() {
    let bytes = [
        0xc2, 0x5, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0xa,
        0x8, 0x0, 0x0, 0x0, 0xb3, 0x28, 0x0,
    ];
    // Blue's Major jumps g1-h3 onto Red's start edge; Red replies e1-d1
    // without capturing it, so Blue has won.
    let seen = walk(1, &bytes);
    let last = seen.last().expect("positions");
    assert_eq!(last.outcome(), Some(Outcome::Win(Player::First)));
    for p in &seen {
        let text = p.to_string();
        let back = Position::parse_with_rules(&text, *p.rules()).expect("the text form parses");
        if p == last {
            // The text form does not record that end (see `Position`'s
            // `Display`): the same position, not over.
            assert_eq!(back.outcome(), None, "{text}");
            assert_eq!(back.to_string(), text);
        } else {
            assert_eq!(&back, p, "{text}");
        }
    }
}

/// `major_parsers` found that the board `1` printed as its layout read
/// back as a board without a number: a layout of one of the game's boards
/// is now that board.
#[test]
fn major_parsers_crash_4696da58_board_number_round_trip() {
    for n in 1..=4 {
        let board: Board = n.to_string().parse().expect("a standard board");
        let back: Board = board.to_string().parse().expect("its layout parses");
        assert_eq!(back, board);
        assert_eq!(back.number(), Some(n as u8));
    }
    let own: Board = ". . .\n. . .".parse().expect("a board of one's own");
    assert_eq!(own.number(), None);
}

/// `major_game` found that a breakthrough the opponent cannot capture ended
/// the game without a threat in the final position, whose text form then
/// read back as a game not over: the threat is now kept.
#[test]
fn major_game_crash_dd72cd7b_uncapturable_breakthrough_keeps_its_threat() {
    let bytes = [
        0x0, 0x1, 0x1, 0x0, 0xa, 0x8, 0x0, 0x0, 0x0, 0x23, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
        0x0, 0x0, 0x0, 0x0, 0x0, 0x1, 0x0, 0x28, 0x0,
    ];
    let seen = walk(2, &bytes);
    let last = seen.last().expect("positions");
    assert_eq!(last.outcome(), Some(Outcome::Win(Player::Second)));
    assert!(last.threat().is_some(), "{last}");
    for p in &seen {
        let text = p.to_string();
        let back = Position::parse_with_rules(&text, *p.rules()).expect("the text form parses");
        assert_eq!(&back, p, "{text}");
    }
}
