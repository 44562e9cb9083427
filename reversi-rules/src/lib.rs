#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// Implements serde's traits for a type through its `Display` and `FromStr`
/// text form.
#[cfg(feature = "serde")]
macro_rules! serde_as_text {
    ($ty:ty) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
#[cfg(feature = "serde")]
pub(crate) use serde_as_text;

#[cfg(feature = "ai")]
#[cfg_attr(docsrs, doc(cfg(feature = "ai")))]
pub mod ai;
pub mod bitboard;
mod board;
pub mod eothello;
pub mod game;
mod hash;
mod moves;
pub mod obf;
pub mod perft;
mod position;
pub mod record;
mod simd;
mod square;
mod symmetry;
mod transcript;
pub mod wthor;

pub use board::{Board, BoardError, Children};
pub use game::{ReplayError, Reversi, TranscriptError};
pub use moves::{Move, MoveList, ParseMoveError};
pub use position::{Diagram, IllegalMoveError, ParsePositionError, Position};
pub use square::{ParseSquareError, Square};
pub use symmetry::Symmetry;
pub use transcript::{ParseTranscriptError, Transcript};

/// Re-exported: the traits a [`Position`] implements, so that one dependency
/// is enough.
pub use board_core;
/// Re-exported: the convention of [`perft`] for games that end
/// early.
pub use board_core::FinishedGames;
