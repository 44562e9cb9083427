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
//! - [`levels`]: levels as fixed budgets and the [`levels::Engine`] that plays
//!   them (board-search's alpha-beta in the midgame, the solver at the end);
//! - [`matches`](mod@matches): self-play matches from the most frequent WTHOR openings;
//! - [`gtp`]: the Go Text Protocol front end;
//! - [`ffo`]: the FFO endgame problems (OBF files, the `ffo40-59.txt` table).
//!
//! ```
//! use reversi_rules::Position;
//! use reversi_rules::ai::endgame::Solver;
//! use reversi_rules::ai::levels::{Engine, Level};
//!
//! // FFO problem #1: Black to move wins by 18 with g8.
//! let pos: Position =
//!     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X".parse()?;
//! let solution = Solver::new().solve(&pos)?;
//! assert_eq!(solution.score, 18);
//! assert_eq!(solution.best.map(|m| m.to_string()).as_deref(), Some("g8"));
//!
//! // The computer's move at level easy, from the start position.
//! let choice = Engine::new(Level::Easy).choose(&Position::start());
//! assert!(choice.best.is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod endgame;
pub mod eval;
pub mod ffo;
pub mod gtp;
pub mod levels;
pub mod matches;
pub mod train;
pub mod weights;
