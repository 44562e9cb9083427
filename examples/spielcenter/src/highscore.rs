//! Highscore tables: the best finished games of a kind, per table (Major's
//! per board), each entry with the fields it is ranked by. A game's rule
//! says what entry a stored game makes, if any ([`HighscoreRule`]); the
//! server keeps the best rows of every table, computed from the stored
//! games alone (rebuilt at every start), so no entry ever comes from a
//! client.
//!
//! ```
//! use serde_json::Map;
//! use spielcenter::highscore::{Entry, Highscores};
//!
//! let mut h = Highscores::default();
//! let entry = |name: &str, key: Vec<i64>, game| Entry {
//!     kind: "major".into(), table: "1".into(), name: name.into(), key, fields: Map::new(), game,
//! };
//! h.insert(entry("anna", vec![-2, 90_000, 30], 1), 10);
//! h.insert(entry("bert", vec![-2, 60_000, 41], 2), 10); // the same level, faster
//! h.insert(entry("carl", vec![-1, 10_000, 9], 3), 10); // a lower level
//! let names: Vec<&str> = h.table("major", "1").iter().map(|e| e.name.as_str()).collect();
//! assert_eq!(names, ["bert", "anna", "carl"]);
//! ```

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::hosted::{GameId, StoredGame};

/// One entry of a highscore table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Entry {
    /// The kind of game.
    pub kind: String,
    /// The table (Major: the board, `1`..`4`).
    pub table: String,
    /// The player.
    pub name: String,
    /// What it is ranked by, smallest first (a higher level first: its
    /// negation).
    #[serde(skip)]
    pub key: Vec<i64>,
    /// What a table shows (level, time, moves).
    #[serde(flatten)]
    pub fields: Map<String, Value>,
    /// The game it comes from (ties: the earlier game first).
    pub game: GameId,
}

/// What makes a stored game an entry.
#[derive(Debug, Clone, Copy)]
pub struct HighscoreRule {
    /// Rows a table keeps.
    pub rows: usize,
    /// The tables there are (all shown, empty or not).
    pub tables: &'static [&'static str],
    /// The entry a finished game makes, if any.
    pub entry: fn(&StoredGame) -> Option<Entry>,
}

/// Every kind's tables, best first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Highscores {
    tables: BTreeMap<(String, String), Vec<Entry>>,
}

impl Highscores {
    /// Enters `entry` where it ranks, keeping `rows` rows; returns whether
    /// it made the table.
    pub fn insert(&mut self, entry: Entry, rows: usize) -> bool {
        let table = self
            .tables
            .entry((entry.kind.clone(), entry.table.clone()))
            .or_default();
        let at = table.partition_point(|e| (&e.key, e.game) <= (&entry.key, entry.game));
        if at >= rows {
            return false;
        }
        table.insert(at, entry);
        table.truncate(rows);
        true
    }

    /// A table, best first.
    #[must_use]
    pub fn table(&self, kind: &str, table: &str) -> &[Entry] {
        self.tables
            .get(&(kind.to_owned(), table.to_owned()))
            .map_or(&[][..], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(name: &str, key: Vec<i64>, game: u64) -> Entry {
        Entry {
            kind: "major".into(),
            table: "2".into(),
            name: name.into(),
            key,
            fields: Map::new(),
            game,
        }
    }

    #[test]
    fn tables_keep_the_best_rows_in_order() {
        let mut h = Highscores::default();
        for i in 0..12u64 {
            let key = vec![-(i as i64 % 3), 1000 - i as i64];
            assert!(h.insert(e(&format!("p{i}"), key, i), 10) || i >= 10);
        }
        let t = h.table("major", "2").to_vec();
        assert_eq!(t.len(), 10);
        for pair in t.windows(2) {
            assert!((&pair[0].key, pair[0].game) <= (&pair[1].key, pair[1].game));
        }
        // Level 2 first (key -2), the faster first.
        assert_eq!(t[0].name, "p11");
        // A worse entry than every row of a full table does not enter.
        assert!(!h.insert(e("slow", vec![0, 99_999], 99), 10));
        // An equal key: the earlier game first.
        assert!(h.insert(e("tie", t[0].key.clone(), 0), 10));
        assert_eq!(h.table("major", "2")[0].name, "tie");
        assert!(h.table("major", "3").is_empty());
    }
}
