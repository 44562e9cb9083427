//! The computer player (feature `ai`, on by default): the exact endgame
//! solver, the trained pattern evaluation, levels, the Go Text Protocol and
//! training, on `board-search`.
//!
//! - [`endgame`]: the exact endgame solver (perfect play and the exact final
//!   disc difference): dedicated code for the last two empties (the last
//!   disc only counts its flips), parity ordering up to 6 empties,
//!   fastest-first ordering above (with the pattern evaluation from 12
//!   empties), stability cut-offs, a transposition table of lower/upper
//!   bounds with enhanced transposition cut-offs from 14 empties, an
//!   aspiration window around the evaluation's guess at the root, and the
//!   crate's vector kernel for moves and flips;
//! - [`eval`]: the hand-written [`eval::Baseline`] (corners, X/C squares,
//!   mobility, stable discs) and the trained [`eval::PatternEval`]
//!   ([`eval::patterns`]: edge, 3x3 and 2x4 corners, lines 2-4, diagonals
//!   5-8; 6 phases), with the weights in [`weights`] (embedded in the
//!   crate, compiled only with this feature);
//! - [`train`]: the training of the pattern weights from the WTHOR games;
//! - [`Level`]: easy, medium, hard and max as fixed budgets (never time),
//!   and the [`Computer`] that plays them (board-search's alpha-beta in the
//!   midgame, the solver at the end), a [`board_search::Strategy`]: matches
//!   between levels, or against another engine, are `board_search`'s
//!   [`play_match`](board_search::play_match) (openings from
//!   [`wthor::frequent_openings`](crate::wthor::frequent_openings));
//! - [`gtp`]: the Go Text Protocol: the front end ([`gtp::Gtp`]) and a
//!   client for another engine ([`gtp::GtpClient`], a `Strategy` too);
//! - [`ffo`]: the FFO endgame problems (OBF files, the `ffo40-59.txt` table).
//!
//! ```
//! use reversi_rules::Position;
//! use reversi_rules::ai::endgame::Solver;
//! use reversi_rules::ai::{Computer, Level};
//!
//! // FFO problem #1: Black to move wins by 18 with g8.
//! let pos: Position =
//!     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X".parse()?;
//! let solution = Solver::new().solve(&pos)?;
//! assert_eq!(solution.score, 18);
//! assert_eq!(solution.best.map(|m| m.to_string()).as_deref(), Some("g8"));
//!
//! // The computer's move at level easy, from the start position.
//! let analysis = Computer::new(Level::Easy).think(&Position::start());
//! assert!(analysis.best.is_some() && !analysis.exact);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod clock;
mod computer;
pub mod endgame;
pub mod eval;
pub mod ffo;
pub mod gtp;
mod level;
pub mod train;
pub mod weights;

pub use board_search::{Level, ParseLevelError};
pub use computer::{Analysis, Computer};
pub use eval::Eval;
pub use level::{Budget, limits};
