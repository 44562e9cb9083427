//! The binary WTHOR reader on `.wtb` files written here: real games from
//! the text export (or a built-in game when the data is missing) go
//! through a file on disk and back, and damaged files are refused with the
//! right error.

use reversi_rules::record::ReplaySummary;
use reversi_rules::wthor::{WtbError, WtbFile, WtbGame, WtbHeader, WthorLine};
use reversi_rules::{Move, Reversi};

/// A few real games: the first lines of the WTHOR text export if it is
/// there, else one game typed in.
fn sample_games() -> Vec<WthorLine> {
    let path = format!(
        "{}/../../shared/data/reversi/games/wthor-1977-2025.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path} unreadable ({e}): using a built-in game");
        "1977 f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1 34-30".to_owned()
    });
    text.lines()
        .take(200)
        .map(|l| l.parse().expect("a WTHOR line"))
        .collect()
}

fn wtb_of(lines: &[WthorLine]) -> WtbFile {
    let games = lines
        .iter()
        .enumerate()
        .map(|(i, l)| WtbGame {
            tournament: i as u16,
            black_player: 2 * i as u16,
            white_player: 2 * i as u16 + 1,
            black_discs: l.black,
            theoretical: l.black,
            moves: l.moves.moves().iter().filter_map(|m| m.square()).collect(),
        })
        .collect();
    WtbFile {
        header: WtbHeader {
            created_century: 20,
            created_year: 25,
            created_month: 11,
            created_day: 30,
            n2: 0,
            games_year: 1977,
            board_size: 8,
            game_type: 0,
            depth: 22,
            reserved: 0,
        },
        games,
    }
}

fn write_and_read(name: &str, bytes: &[u8]) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("reversi-rules-wtb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("written");
    let back = std::fs::read(&path).expect("read back");
    let _ = std::fs::remove_file(&path);
    back
}

#[test]
fn games_survive_a_file_on_disk() {
    let lines = sample_games();
    let file = wtb_of(&lines);
    let bytes = file.to_bytes().expect("at most 60 moves a game");
    assert_eq!(bytes.len(), 16 + 68 * lines.len());
    // The header as the format defines it.
    assert_eq!(&bytes[..4], &[20, 25, 11, 30]);
    assert_eq!(
        u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize,
        lines.len()
    );
    assert_eq!(u16::from_le_bytes([bytes[10], bytes[11]]), 1977);
    // The first move of the first game, f5 = row 5, column 6 = 56.
    assert_eq!(bytes[16 + 8], 56);

    let read = WtbFile::parse(&write_and_read("games.wtb", &bytes)).expect("a valid file");
    assert_eq!(read, file);
    // Each game replays to the same end as its text line.
    for (game, line) in read.games.iter().zip(&lines) {
        let a = game.replay().expect("legal");
        let b = line.replay().expect("legal");
        assert_eq!(a.position(), b.position());
    }
    let summary = ReplaySummary::wtb(&read);
    assert_eq!(summary.games, lines.len());
    assert_eq!(summary.illegal, 0);
    assert_eq!(summary.mismatches, 0);
}

#[test]
fn damaged_files_are_refused_with_the_reason() {
    let lines = sample_games();
    let bytes = wtb_of(&lines[..2]).to_bytes().expect("valid");
    assert_eq!(WtbFile::parse(&bytes[..10]), Err(WtbError::ShortHeader(10)));
    assert!(matches!(
        WtbFile::parse(&bytes[..bytes.len() - 1]),
        Err(WtbError::Length { games: 2, .. })
    ));
    let mut bad = bytes.clone();
    bad[16 + 68 + 8 + 4] = 99;
    assert_eq!(
        WtbFile::parse(&bad),
        Err(WtbError::BadMove {
            game: 2,
            number: 5,
            byte: 99
        })
    );
    let mut bad = bytes.clone();
    bad[16 + 8 + 2] = 0;
    assert_eq!(
        WtbFile::parse(&bad),
        Err(WtbError::MoveAfterEnd { game: 1, number: 4 })
    );
    let mut bad = bytes.clone();
    bad[12] = 10;
    assert_eq!(WtbFile::parse(&bad), Err(WtbError::BoardSize(10)));
    // An illegal move in a well-formed file is found by the replay.
    let mut bad = bytes;
    bad[16 + 8] = 11; // a1 as the first move
    let file = WtbFile::parse(&write_and_read("illegal.wtb", &bad)).expect("well-formed");
    let summary = ReplaySummary::wtb(&file);
    assert_eq!(summary.illegal, 1);
    assert_eq!(summary.errors[0].line, 1);
}

#[test]
fn games_too_long_for_a_record_are_refused() {
    let mut file = wtb_of(&sample_games()[..1]);
    let game: Reversi = "f5d6".parse().expect("legal");
    file.games[0].moves = game
        .history()
        .iter()
        .filter_map(|m| m.square())
        .cycle()
        .take(61)
        .collect();
    assert_eq!(
        file.to_bytes(),
        Err(WtbError::TooManyMoves { game: 1, moves: 61 })
    );
    assert_eq!(Move::Pass.square(), None);
}
