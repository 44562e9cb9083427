//! A tour of the `reversi-rules` API:
//! `cargo run -p reversi-rules --example reversi_quickstart`.

use board_core::{Game, Player, ZobristHash};
use reversi_rules::perft::{HashedPerft, perft};
use reversi_rules::{Board, FinishedGames, Move, Position, Reversi, Symmetry};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // 1. A rule-checked game with history.
    let mut game = Reversi::new();
    println!("{}\n", game.position().diagram());
    for text in ["f5", "d6", "c3", "d3", "c4"] {
        let mv: Move = text.parse()?;
        game.play(mv)?;
    }
    println!(
        "after {}:\n{}\n",
        game.transcript(),
        game.position().diagram()
    );

    // Illegal moves are refused with the reason, and nothing changes.
    match game.play("a1".parse()?) {
        Err(e) => println!("a1 refused: {e}"),
        Ok(()) => println!("a1 accepted?"),
    }
    game.undo();
    println!("undo: back to {}", game.transcript());

    // 2. Records: transcripts with implicit passes are replayed.
    let finished: Reversi = "d3c3b3d2e1d6d7e3f4".parse()?;
    println!(
        "{}: over = {}, outcome = {:?}, counts = {:?}",
        finished.transcript(),
        finished.is_over(),
        finished.outcome(),
        finished.disc_counts()
    );

    // 3. The position: board-core traits, FFO text, hash, symmetries.
    let pos: Position =
        "---------------------------OX------XO--------------------------- X".parse()?;
    let moves: Vec<String> = pos.moves().iter().map(ToString::to_string).collect();
    println!(
        "\nstart position {pos}\nlegal moves {moves:?}, to move {:?}",
        pos.to_move()
    );
    assert_eq!(pos.to_move(), Player::First);
    let mut next = pos;
    next.play("f5".parse()?)?;
    assert_eq!(next.zobrist(), next.zobrist_from_scratch());
    let (canonical, symmetry) = next.canonical();
    println!("after f5 {next}\ncanonical {canonical} (by {symmetry:?})");
    assert_eq!(next.symmetric(Symmetry::Rotate180).canonical().0, canonical);

    // 4. The raw board and perft, in both conventions.
    let board = Board::start();
    for depth in 1..=8 {
        print!("{} ", perft(board, depth, FinishedGames::CountAsLeaf));
    }
    println!();
    let mut hashed = HashedPerft::new(16, FinishedGames::Drop);
    println!(
        "perft 10 (Edax convention, hashed): {}",
        hashed.count(board, 10)
    );
    Ok(())
}
