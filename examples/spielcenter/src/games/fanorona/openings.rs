//! The computer's replies in the first moves of a game, remembered: every
//! level (and the day's computer) answers the same moves the same way, so
//! a reply searched once for a line of moves is the reply for everybody
//! who plays that line. Many games start at once at the start of a day or
//! on a busy server, and the first replies are the dearest searches (the
//! most stones on the board); remembered, they are searched once.
//!
//! The key is the whole line of moves from the start (not the position),
//! so the reply is exactly the one the search would give: a position's
//! history of repetitions is part of what a search sees.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use fanorona_rules::Move;

/// Lines of at most this many moves are remembered.
pub const PLIES: usize = 6;
/// Lines remembered at most (the memory is emptied when it is full).
pub const CAPACITY: usize = 20_000;

/// Which computer: a level, or the day's computer of a date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Who {
    /// A level's computer (its name).
    Level(&'static str),
    /// The day's computer: the date as `YYYYMMDD`.
    Daily(u32),
}

type Memory = Mutex<HashMap<(Who, Vec<Move>), Option<Move>>>;

fn memory() -> &'static Memory {
    static MEMORY: OnceLock<Memory> = OnceLock::new();
    MEMORY.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The reply of `who` after `line`: remembered, or found by `search` and
/// remembered when the line is short.
pub fn reply(who: Who, line: &[Move], search: impl FnOnce() -> Option<Move>) -> Option<Move> {
    if line.len() > PLIES {
        return search();
    }
    let key = (who, line.to_vec());
    if let Some(found) = memory().lock().ok().and_then(|m| m.get(&key).copied()) {
        return found;
    }
    let found = search();
    if let Ok(mut m) = memory().lock() {
        if m.len() >= CAPACITY {
            m.clear();
        }
        m.insert(key, found);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_line_is_searched_once() {
        let line: Vec<Move> = vec!["f3-e3w".parse().unwrap()];
        let who = Who::Level("test-once");
        let mut searches = 0;
        let first = reply(who, &line, || {
            searches += 1;
            Some("d4-e3a".parse().unwrap())
        });
        let again = reply(who, &line, || {
            searches += 1;
            None
        });
        assert_eq!(first, again);
        assert_eq!(searches, 1);
        // Another computer, or a long line, is searched.
        assert_eq!(reply(Who::Daily(20261207), &line, || None), None);
        let long = vec![line[0]; PLIES + 1];
        let mut n = 0;
        for _ in 0..2 {
            reply(who, &long, || {
                n += 1;
                None
            });
        }
        assert_eq!(n, 2);
    }
}
