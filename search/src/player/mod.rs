//! The computer-player layer: the [`Strategy`](crate::Strategy) trait, the
//! four [`Level`](crate::Level)s, one game between two strategies and a
//! match of many, and the [`Wdl`](crate::Wdl) record of a match.

pub(crate) mod level;
pub(crate) mod matches;
pub(crate) mod play;
pub(crate) mod strategy;
pub(crate) mod wdl;
