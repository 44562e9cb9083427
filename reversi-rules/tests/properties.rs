//! Invariants on generated positions: the fast bitboard code against a
//! slow, obviously correct reference, hashes, symmetries, disc counts,
//! round trips of every text form, and parsers that never panic.

use board_core::{FinishedGames, Game, Player, Undo, ZobristHash, perft_with};
use proptest::prelude::*;
use reversi_rules::eothello::EothelloGame;
use reversi_rules::obf::ObfLine;
use reversi_rules::perft::{HashedPerft, perft};
use reversi_rules::wthor::{WtbFile, WthorLine};
use reversi_rules::{Board, Move, Position, Reversi, Square, Symmetry, Transcript, bitboard};

/// The reference: a board as 64 cells, walked square by square in each of
/// the 8 directions.
mod reference {
    const DIRECTIONS: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];

    /// +1 for the player, -1 for the opponent, 0 empty.
    pub fn cells(player: u64, opponent: u64) -> [i8; 64] {
        let mut cells = [0i8; 64];
        for (i, c) in cells.iter_mut().enumerate() {
            if player >> i & 1 == 1 {
                *c = 1;
            } else if opponent >> i & 1 == 1 {
                *c = -1;
            }
        }
        cells
    }

    /// The discs that the player flips by playing on `square`.
    pub fn flips(cells: &[i8; 64], square: usize) -> u64 {
        if cells[square] != 0 {
            return 0;
        }
        let (c0, r0) = ((square % 8) as i32, (square / 8) as i32);
        let mut flipped = 0u64;
        for (dc, dr) in DIRECTIONS {
            let (mut c, mut r) = (c0 + dc, r0 + dr);
            let mut line = 0u64;
            while (0..8).contains(&c) && (0..8).contains(&r) && cells[(r * 8 + c) as usize] == -1 {
                line |= 1 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            if line != 0
                && (0..8).contains(&c)
                && (0..8).contains(&r)
                && cells[(r * 8 + c) as usize] == 1
            {
                flipped |= line;
            }
        }
        flipped
    }

    /// The legal squares of the player.
    pub fn moves(player: u64, opponent: u64) -> u64 {
        let cells = cells(player, opponent);
        (0..64)
            .filter(|&s| flips(&cells, s) != 0)
            .fold(0, |acc, s| acc | 1 << s)
    }
}

/// A position reached by playing the `choices`-th legal moves from the
/// start (modulo the number of moves), with the game that led there.
fn play_out(choices: &[u8]) -> Reversi {
    let mut game = Reversi::new();
    for &c in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[c as usize % moves.len()];
        game.play(mv).expect("a generated move is legal");
    }
    game
}

fn game_strategy() -> impl Strategy<Value = Reversi> {
    prop::collection::vec(any::<u8>(), 0..70).prop_map(|c| play_out(&c))
}

/// Any two disjoint bitboards: positions the game may never reach.
fn arbitrary_board() -> impl Strategy<Value = Board> {
    (any::<u64>(), any::<u64>(), any::<u64>()).prop_map(|(a, b, empty_mask)| {
        // Thin the board out so that empties and lines of every length occur.
        let occupied = !(empty_mask & empty_mask.rotate_left(17));
        let player = a & occupied;
        let opponent = b & !a & occupied;
        Board::new(player, opponent).expect("disjoint")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn generated_moves_and_flips_equal_the_reference(board in arbitrary_board()) {
        let (p, o) = (board.player(), board.opponent());
        prop_assert_eq!(board.moves(), reference::moves(p, o));
        let cells = reference::cells(p, o);
        for sq in Square::all() {
            let expected = reference::flips(&cells, sq.index());
            prop_assert_eq!(board.flips(sq), expected, "square {}", sq);
            prop_assert_eq!(board.is_legal(sq), expected != 0);
        }
    }

    #[test]
    fn reachable_positions_agree_with_the_reference(game in game_strategy()) {
        for pos in game.positions() {
            let b = pos.board();
            prop_assert_eq!(b.moves(), reference::moves(b.player(), b.opponent()));
            // The Game trait's list: every listed move is legal, and every
            // square the reference allows is listed (or a pass exactly when
            // the player has nothing and the opponent has something).
            let listed = pos.moves();
            let reference_moves = reference::moves(b.player(), b.opponent());
            let reference_replies = reference::moves(b.opponent(), b.player());
            let mut expected: Vec<Move> = bitboard::squares(reference_moves)
                .filter_map(|i| Square::from_index(i.into()))
                .map(Move::Place)
                .collect();
            if expected.is_empty() && reference_replies != 0 {
                expected.push(Move::Pass);
            }
            prop_assert_eq!(listed.as_slice(), expected.as_slice());
            for mv in listed {
                prop_assert!(pos.is_legal(mv));
            }
            for sq in Square::all() {
                let legal = reference_moves & sq.bit() != 0;
                prop_assert_eq!(pos.is_legal(Move::Place(sq)), legal, "{}", sq);
            }
            prop_assert_eq!(pos.is_legal(Move::Pass), reference_moves == 0 && reference_replies != 0);
        }
    }

    #[test]
    fn incremental_hash_equals_recomputed(game in game_strategy()) {
        for pos in game.positions() {
            prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        }
        let mut seen = std::collections::HashMap::new();
        for pos in game.positions() {
            if let Some(other) = seen.insert(pos.zobrist(), *pos) {
                prop_assert_eq!(other, *pos, "hash collision");
            }
        }
    }

    #[test]
    fn discs_add_up(game in game_strategy()) {
        let positions: Vec<&Position> = game.positions().collect();
        for (before, (after, mv)) in positions.iter().zip(positions.iter().skip(1).zip(game.history())) {
            let (b, a) = (before.disc_counts(), after.disc_counts());
            prop_assert_eq!(a.first + a.second + after.empty_count(), 64);
            prop_assert_eq!(after.black() & after.white(), 0);
            let mover = before.to_move();
            match mv {
                Move::Pass => prop_assert_eq!(a, b),
                Move::Place(sq) => {
                    let flips = before.board().flips(*sq).count_ones();
                    prop_assert!(flips >= 1);
                    prop_assert_eq!(a[mover], b[mover] + 1 + flips);
                    prop_assert_eq!(a[!mover] + flips, b[!mover]);
                }
            }
            prop_assert_eq!(after.to_move(), !mover);
        }
    }

    #[test]
    fn symmetric_positions_have_symmetric_moves(game in game_strategy()) {
        let pos = *game.position();
        let moves = pos.legal_squares();
        let (canonical, _) = pos.canonical();
        for s in Symmetry::ALL {
            let image = pos.symmetric(s);
            prop_assert_eq!(image.legal_squares(), s.bits(moves));
            for sq in Square::all() {
                prop_assert_eq!(image.board().flips(s.square(sq)), s.bits(pos.board().flips(sq)));
            }
            prop_assert_eq!(image.symmetric(s.inverse()), pos);
            prop_assert_eq!(image.canonical().0, canonical);
            prop_assert_eq!(image.board().final_score(), pos.board().final_score());
            prop_assert_eq!(image.outcome(), pos.outcome());
        }
    }

    #[test]
    fn unchecked_play_of_any_move_keeps_the_position_valid(game in game_strategy()) {
        // Illegal moves give an unspecified position, but never one with a
        // square of both colours.
        let pos = *game.position();
        for sq in Square::all() {
            let mut p = pos;
            p.play_unchecked(Move::Place(sq));
            prop_assert_eq!(p.black() & p.white(), 0);
            let b = pos.board().play_unchecked(sq);
            prop_assert_eq!(b.player() & b.opponent(), 0);
        }
    }

    #[test]
    fn make_unmake_restores_the_position(game in game_strategy()) {
        let mut pos = *game.position();
        let before = pos;
        for mv in before.moves() {
            let undo = pos.make(mv);
            let mut copy = before;
            copy.play_unchecked(mv);
            prop_assert_eq!(pos, copy);
            pos.unmake(mv, undo);
            prop_assert_eq!(pos, before);
        }
    }

    #[test]
    fn fast_perft_equals_generic_perft(game in game_strategy()) {
        let pos = *game.position();
        for finished in [FinishedGames::Drop, FinishedGames::CountAsLeaf] {
            for depth in 0..=3 {
                prop_assert_eq!(perft(pos.board(), depth, finished), perft_with(&pos, depth, finished));
            }
        }
    }

    #[test]
    fn hashed_perft_equals_plain_perft(game in game_strategy()) {
        let board = game.position().board();
        for finished in [FinishedGames::Drop, FinishedGames::CountAsLeaf] {
            let mut hashed = HashedPerft::new(1, finished);
            prop_assert_eq!(hashed.count(board, 5), perft(board, 5, finished));
        }
    }

    #[test]
    fn texts_round_trip(game in game_strategy(), year in 1977u16..2100, id in any::<u64>(), winner in -1i8..=1) {
        let pos = *game.position();
        prop_assert_eq!(pos.to_string().parse::<Position>(), Ok(pos));
        let transcript = game.transcript();
        let text = transcript.to_string();
        prop_assert_eq!(text.parse::<Transcript>(), Ok(transcript.clone()));
        prop_assert_eq!(format!("{transcript:#}").parse::<Transcript>(), Ok(transcript.clone()));
        // The replay of the transcript is the same game.
        let replayed: Reversi = text.parse().expect("a played game replays");
        prop_assert_eq!(&replayed, &game);
        for mv in pos.moves() {
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            prop_assert_eq!(format!("{mv:#}").parse::<Move>(), Ok(mv));
        }
        let scores: Vec<(Move, i32)> = pos.moves().iter().enumerate().map(|(i, &m)| (m, (i as i32 * 37) % 129 - 64)).collect();
        let line = ObfLine { position: pos, scores };
        prop_assert_eq!(line.to_string().parse::<ObfLine>(), Ok(line.clone()));
        // Records without passes (they are implicit there).
        let no_pass = Transcript::new(game.history().iter().copied().filter(|m| *m != Move::Pass).collect());
        let counts = game.recorded_counts();
        // A record ends at its last placed disc: a final pass is not in it.
        let mut unpassed = game.clone();
        if unpassed.history().last() == Some(&Move::Pass) {
            unpassed.undo();
        }
        let pos = *unpassed.position();
        let wthor = WthorLine { year, moves: no_pass.clone(), black: counts.first as u8, white: counts.second as u8 };
        prop_assert_eq!(wthor.to_string().parse::<WthorLine>(), Ok(wthor.clone()));
        prop_assert_eq!(wthor.replay().map(|g| *g.position()), Ok(pos));
        let winner = match winner { 1 => board_core::Outcome::Win(Player::First), -1 => board_core::Outcome::Win(Player::Second), _ => board_core::Outcome::Draw };
        let e = EothelloGame { id, winner, moves: no_pass };
        prop_assert_eq!(e.to_string().parse::<EothelloGame>(), Ok(e.clone()));
        prop_assert_eq!(e.replay().map(|g| *g.position()), Ok(pos));
    }

    #[test]
    fn parsers_never_panic(s in "\\PC{0,80}") {
        let _ = s.parse::<Square>();
        let _ = s.parse::<Move>();
        let _ = s.parse::<Transcript>();
        let _ = s.parse::<Position>();
        let _ = s.parse::<ObfLine>();
        let _ = s.parse::<WthorLine>();
        let _ = s.parse::<EothelloGame>();
        let _ = s.parse::<Reversi>();
        let _ = reversi_rules::record::ReplaySummary::wthor_text(&s);
        let _ = reversi_rules::record::ReplaySummary::eothello_csv(&s);
    }

    #[test]
    fn parsers_never_panic_on_near_misses(s in "[XxO*.o-]{60,66}[ \t]{0,2}[XOBWbwhite;:+0-9A-H]{0,12}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<ObfLine>();
    }

    #[test]
    fn wtb_reader_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        if let Ok(file) = WtbFile::parse(&bytes) {
            prop_assert_eq!(file.to_bytes().map(|b| b.len()), Ok(bytes.len()));
            let _ = reversi_rules::record::ReplaySummary::wtb(&file);
        }
    }
}
