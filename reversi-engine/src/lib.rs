#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod endgame;
pub mod eval;
pub mod ffo;
pub mod gtp;
pub mod levels;
pub mod matches;
pub mod train;
pub mod weights;
