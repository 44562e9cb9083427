//! Shared helpers of the Spielwerk benchmarks (the benchmarks are in
//! `benches/`, the measuring programs in `examples/`).
//!
//! - [`minimax_c4`]: bitboard Connect Four and its evaluation as the
//!   `minimax` crate (0.6) sees them, so that both search crates search the
//!   very same game, and `minimax`'s Monte Carlo search as a Spielwerk
//!   strategy;
//! - [`bare_c4`]: a hand-written alpha-beta for that Connect Four alone,
//!   the yardstick of how few instructions a node loop can spend;
//! - [`connect_four_positions`]: the Connect Four positions and depths of
//!   the alpha-beta comparison.

pub mod bare_c4;
pub mod minimax_c4;

use spielwerk_testgames::ConnectFour;

/// A named benchmark position and the depth it is searched to.
#[derive(Debug, Clone)]
pub struct BenchPosition {
    /// Its name in the benchmark report.
    pub name: &'static str,
    /// The columns played to reach it (`1`-`7`).
    pub moves: &'static str,
    /// The position.
    pub pos: ConnectFour,
    /// The depth of the fixed-depth searches.
    pub depth: u32,
}

/// The Connect Four positions of the alpha-beta benchmark: the start, two
/// early middle games, and two later ones, each with the depth at which
/// one search takes a fraction of a second. The later ones are the
/// positions after 10 and 14 stones of a self-play game from `4453`
/// (alpha-beta at depth 12 for both sides: `4453443335435554...`), taken
/// as they came, not chosen for either engine.
///
/// # Panics
///
/// Never: the move strings are legal (a unit test parses them).
#[must_use]
pub fn connect_four_positions() -> Vec<BenchPosition> {
    [
        ("start", "", 10),
        ("midgame 44536", "44536", 11),
        ("midgame 4453", "4453", 12),
        ("later 4453443335", "4453443335", 15),
        ("later 44534433354355", "44534433354355", 16),
    ]
    .into_iter()
    .map(|(name, moves, depth)| BenchPosition {
        name,
        moves,
        pos: moves.parse().expect("legal benchmark position"),
        depth,
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use board_core::Game;

    use super::*;

    #[test]
    fn positions_are_legal_and_open() {
        for p in connect_four_positions() {
            assert!(p.pos.outcome().is_none(), "{}", p.name);
            assert_eq!(p.pos.stones() as usize, p.moves.len());
        }
    }
}
