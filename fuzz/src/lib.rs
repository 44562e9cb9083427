//! What the fuzz targets share: splitting an input into a selector and a
//! text, the `parse(display(x)) == x` round trip, and the walk through a
//! game that plays the moves an input picks from the legal list and checks
//! the invariants after every step.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use board_core::{MoveList, Undo, ZobristHash};

/// The first byte of `data` (0 for an empty input) and the rest as text
/// (invalid UTF-8 replaced, so that every input reaches a parser).
pub fn split(data: &[u8]) -> (u8, String) {
    match data.split_first() {
        Some((&first, rest)) => (first, String::from_utf8_lossy(rest).into_owned()),
        None => (0, String::new()),
    }
}

/// Parses `text` as a `T`; when it parses, its text form must parse back
/// to the same value and print the same text again.
pub fn round_trip<T>(text: &str) -> Option<T>
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    let value = text.parse::<T>().ok()?;
    check_round_trip(&value);
    Some(value)
}

/// `value`'s text form parses back to `value`, and prints the same again.
pub fn check_round_trip<T>(value: &T)
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    let shown = value.to_string();
    match shown.parse::<T>() {
        Ok(back) => {
            assert_eq!(&back, value, "{shown:?} parses to another value");
            assert_eq!(back.to_string(), shown, "{shown:?} prints differently");
        }
        Err(e) => panic!("the text form {shown:?} of {value:?} does not parse: {e}"),
    }
}

/// An error's message is written without panicking (the `Display` of every
/// error is part of what is fuzzed).
pub fn show<E: Display>(result: Result<impl Sized, E>) {
    if let Err(e) = result {
        let _ = e.to_string();
    }
}

/// Plays the moves `data` picks, one byte each, from `start`'s legal list
/// (the byte modulo the list's length) until the bytes run out or the game
/// ends; a byte of 255 takes the last move back instead. After every step:
/// the incremental hash equals the recomputed one, the checked
/// [`Game::play`] and [`Undo::make`] reach the same position, every move
/// of the list is legal, `check` holds for the position (its text form,
/// ...) and `step` for the move (`before`, the move, `after`: what it
/// conserves). At the end every move is taken back with [`Undo::unmake`], each
/// restoring the position before it exactly.
pub fn walk<G>(
    start: G,
    data: &[u8],
    mut check: impl FnMut(&G),
    mut step: impl FnMut(&G, G::Move, &G),
) where
    G: Undo + ZobristHash + PartialEq + Debug,
{
    let mut game = start;
    let mut stack: Vec<(G::Move, G::Undo, G)> = Vec::new();
    check_step(&game, &mut check);
    for &byte in data {
        if byte == 255 {
            if let Some((mv, undo, before)) = stack.pop() {
                game.unmake(mv, undo);
                assert_eq!(
                    game, before,
                    "unmake of {mv:?} does not restore the position"
                );
                check_step(&game, &mut check);
            }
            continue;
        }
        if game.outcome().is_some() {
            break;
        }
        let moves = game.moves();
        let list = moves.as_slice();
        if list.is_empty() {
            break;
        }
        let mv = list[usize::from(byte) % list.len()];
        let before = game.clone();
        let mut played = game.clone();
        if let Err(e) = played.play(mv) {
            panic!("the listed move {mv:?} is refused: {e} in {game:?}");
        }
        let undo = game.make(mv);
        assert_eq!(played, game, "play and make of {mv:?} differ");
        check_step(&game, &mut check);
        step(&before, mv, &game);
        stack.push((mv, undo, before));
    }
    while let Some((mv, undo, before)) = stack.pop() {
        game.unmake(mv, undo);
        assert_eq!(
            game, before,
            "unmake of {mv:?} does not restore the position"
        );
    }
}

fn check_step<G>(game: &G, check: &mut impl FnMut(&G))
where
    G: Undo + ZobristHash + Debug,
{
    assert_eq!(
        game.zobrist(),
        game.zobrist_from_scratch(),
        "incremental hash differs from the recomputed one in {game:?}"
    );
    for &mv in game.moves().as_slice() {
        assert!(
            game.is_legal(mv),
            "listed move {mv:?} is not legal in {game:?}"
        );
    }
    check(game);
}
