//! The program's commands: the verbs every game shares, written once
//! ([`perft`](mod@perft), [`bench`](mod@bench), [`matches`](mod@matches), [`demo`](mod@demo), the terminal's input and
//! output in [`output`](mod@output)), and one folder per game for its own verbs.

pub mod bench;
pub mod data_dir;
pub mod demo;
pub mod ending;
pub mod fanorona;
pub mod major;
pub mod matches;
pub mod memory;
pub mod output;
pub mod perft;
pub mod reversi;
pub mod serve;
pub mod stratego;
