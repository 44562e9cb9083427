//! The highscore: one table per board, only for games of a human against
//! the computer, saved to and loaded from a JSON file (serde).
//!
//! A human win is entered with name, the computer's level, the human's clock
//! time and move count. Order: higher level first, then less time, then
//! fewer moves (an equal entry ranks below the earlier one); the
//! [`MAX_ENTRIES`] best are kept.
//!
//! Saving writes a temporary file next to the target and renames it over
//! the target, so the old table is never lost half-written. A win is
//! entered with [`Highscores::enter`], which reads the file again under a
//! lock, so that two games that share the file (two terminals) keep each
//! other's entries. Loading a file
//! that is damaged or not a Major highscore file is an error that names the
//! file; the file is left untouched (never a silent reset). A missing file
//! is an empty highscore (the first game).

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::board::Board;

/// The entries kept per board.
pub const MAX_ENTRIES: usize = 10;

/// The `format` tag of a highscore file.
pub const FORMAT: &str = "spielwerk-major-highscore";

/// The version of the file format written.
pub const VERSION: u32 = 1;

/// One human win against the computer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The human's name.
    pub name: String,
    /// The computer's level.
    pub level: Level,
    /// The human's clock time, in milliseconds.
    pub millis: u64,
    /// The human's moves.
    pub moves: u32,
}

impl Entry {
    /// An entry; the name is trimmed, cut to 24 characters, and
    /// `anonymous` if empty.
    #[must_use]
    pub fn new(name: &str, level: Level, time: Duration, moves: u32) -> Entry {
        let name: String = name.trim().chars().take(24).collect();
        Entry {
            name: if name.is_empty() {
                "anonymous".to_owned()
            } else {
                name
            },
            level,
            millis: u64::try_from(time.as_millis()).unwrap_or(u64::MAX),
            moves,
        }
    }

    /// The sort key: higher level, then less time, then fewer moves.
    fn key(&self) -> (core::cmp::Reverse<Level>, u64, u32) {
        (core::cmp::Reverse(self.level), self.millis, self.moves)
    }
}

/// The highscore tables of every board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Highscores {
    format: String,
    version: u32,
    /// Tables by board key: `1`-`4`, or the layout (rows joined by `/`) of
    /// a board of one's own.
    boards: BTreeMap<String, Vec<Entry>>,
}

impl Default for Highscores {
    fn default() -> Self {
        Highscores::new()
    }
}

/// Why a highscore file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum HighscoreError {
    /// Reading or writing failed.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: io::Error,
    },
    /// The file is not valid JSON, or its tables are malformed.
    #[error("{}: damaged highscore file (left untouched): {reason}", .path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// Valid JSON, but not a Major highscore file.
    #[error("{}: not a Major highscore file (left untouched)", .path.display())]
    Foreign {
        /// The file.
        path: PathBuf,
    },
    /// A Major highscore file of a version this program does not know.
    #[error("{}: highscore file version {found}, this program reads version 1 (left untouched)", .path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// The version found.
        found: u64,
    },
}

/// A hidden file next to `path`: `.NAME.what`.
fn beside(path: &Path, what: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "highscore".to_owned());
    path.with_file_name(format!(".{name}.{what}"))
}

/// Wraps a system error about `path`.
fn io_error(path: &Path) -> impl Fn(io::Error) -> HighscoreError + '_ {
    move |source| HighscoreError::Io {
        path: path.to_owned(),
        source,
    }
}

/// The key of a board's table.
fn board_key(board: &Board) -> String {
    match board.number() {
        Some(n) => n.to_string(),
        None => board.to_string().replace('\n', "/").replace(' ', ""),
    }
}

impl Highscores {
    /// No entries.
    #[must_use]
    pub fn new() -> Highscores {
        Highscores {
            format: FORMAT.to_owned(),
            version: VERSION,
            boards: BTreeMap::new(),
        }
    }

    /// The table of `board`, best first.
    #[must_use]
    pub fn table(&self, board: &Board) -> &[Entry] {
        self.boards
            .get(&board_key(board))
            .map_or(&[], Vec::as_slice)
    }

    /// Enters a human win on `board`; returns its rank (0 = best) if it is
    /// among the [`MAX_ENTRIES`] best, `None` if it did not make the table.
    pub fn insert(&mut self, board: &Board, entry: Entry) -> Option<usize> {
        let table = self.boards.entry(board_key(board)).or_default();
        let rank = table.partition_point(|e| e.key() <= entry.key());
        if rank >= MAX_ENTRIES {
            return None;
        }
        table.insert(rank, entry);
        table.truncate(MAX_ENTRIES);
        Some(rank)
    }

    /// Loads the file at `path`; a missing file is an empty highscore.
    pub fn load(path: &Path) -> Result<Highscores, HighscoreError> {
        let text = match fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Highscores::new()),
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                return Err(HighscoreError::Damaged {
                    path: path.to_owned(),
                    reason: "not UTF-8 text".to_owned(),
                });
            }
            Err(source) => {
                return Err(HighscoreError::Io {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        Highscores::from_json(&text, path)
    }

    /// Parses the text of a highscore file (`path` only names it in errors).
    pub fn from_json(text: &str, path: &Path) -> Result<Highscores, HighscoreError> {
        let damaged = |reason: String| HighscoreError::Damaged {
            path: path.to_owned(),
            reason,
        };
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| damaged(e.to_string()))?;
        if value.get("format").and_then(serde_json::Value::as_str) != Some(FORMAT) {
            return Err(HighscoreError::Foreign {
                path: path.to_owned(),
            });
        }
        let found = value
            .get("version")
            .and_then(serde_json::Value::as_u64)
            .ok_or_else(|| damaged("no version number".to_owned()))?;
        if found != u64::from(VERSION) {
            return Err(HighscoreError::Version {
                path: path.to_owned(),
                found,
            });
        }
        let mut scores: Highscores =
            serde_json::from_value(value).map_err(|e| damaged(e.to_string()))?;
        for (board, table) in &mut scores.boards {
            if table.len() > MAX_ENTRIES {
                return Err(damaged(format!(
                    "board {board} has {} entries, at most {MAX_ENTRIES} are kept",
                    table.len()
                )));
            }
            if table.windows(2).any(|w| w[0].key() > w[1].key()) {
                return Err(damaged(format!(
                    "the table of board {board} is out of order"
                )));
            }
        }
        Ok(scores)
    }

    /// Enters a win in the file at `path`, keeping every entry another
    /// program saved there since this one read it: takes an exclusive lock
    /// (the file `.NAME.lock` next to it, waiting for another program that
    /// holds it), reads the file again, inserts, saves (see
    /// [`save`](Self::save)) if the entry made the table, and unlocks.
    /// Returns its rank (0 = best, `None` if it did not make the table)
    /// and the table as it is now.
    ///
    /// # Errors
    /// The lock cannot be taken, or the file cannot be read (a damaged or
    /// foreign file is left untouched, the entry is not saved) or written.
    pub fn enter(
        path: &Path,
        board: &Board,
        entry: Entry,
    ) -> Result<(Option<usize>, Highscores), HighscoreError> {
        let io_err = io_error(path);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(&io_err)?;
        }
        let lock_path = beside(path, "lock");
        let lock = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(&io_err)?;
        lock.lock().map_err(&io_err)?;
        let mut scores = Highscores::load(path)?;
        let rank = scores.insert(board, entry);
        if rank.is_some() {
            scores.save(path)?;
        }
        // Closing the file releases the lock.
        drop(lock);
        Ok((rank, scores))
    }

    /// The file's text: pretty-printed JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Saves to `path`: creates its folder if missing (the first save on a
    /// new machine), writes a temporary file in that folder, then renames
    /// it over `path`. On an error the old file is left as it was.
    pub fn save(&self, path: &Path) -> Result<(), HighscoreError> {
        let io_err = io_error(path);
        let tmp = beside(path, &format!("{}.tmp", std::process::id()));
        let write = || -> io::Result<()> {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                fs::create_dir_all(dir)?;
            }
            let mut f = fs::File::create(&tmp)?;
            f.write_all(self.to_json().as_bytes())?;
            f.write_all(b"\n")?;
            f.sync_all()?;
            fs::rename(&tmp, path)
        };
        write().map_err(|e| {
            let _ = fs::remove_file(&tmp);
            io_err(e)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!(
            "major-highscore-{tag}-{}-{nanos}",
            std::process::id()
        ));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entry(name: &str, level: Level, secs: u64, moves: u32) -> Entry {
        Entry::new(name, level, Duration::from_secs(secs), moves)
    }

    #[test]
    fn wins_entered_at_once_by_many_writers_are_all_kept() {
        let dir = temp_dir("enter");
        let path = dir.join("sub").join("hs.json");
        let b1 = Board::standard(1).unwrap();
        // A table read before the others enter: saving it would lose them.
        let stale = Highscores::load(&path).unwrap();
        let writers: Vec<_> = (0..8)
            .map(|i| {
                let path = path.clone();
                std::thread::spawn(move || {
                    let e = entry(&format!("p{i}"), Level::Medium, 60 + i, 30);
                    Highscores::enter(&path, &b1, e).unwrap()
                })
            })
            .collect();
        for w in writers {
            assert!(w.join().unwrap().0.is_some());
        }
        let (rank, now) = Highscores::enter(&path, &b1, entry("late", Level::Easy, 1, 1)).unwrap();
        assert_eq!(rank, Some(8), "below the eight at medium");
        let names: Vec<&str> = now.table(&b1).iter().map(|e| e.name.as_str()).collect();
        assert_eq!(
            names,
            ["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "late"]
        );
        assert_eq!(Highscores::load(&path).unwrap(), now);
        assert!(stale.table(&b1).is_empty());
        // A win that misses a full table changes nothing.
        for i in 0..2 {
            Highscores::enter(&path, &b1, entry(&format!("q{i}"), Level::Hard, 1, 1)).unwrap();
        }
        let before = fs::read_to_string(&path).unwrap();
        let (rank, _) = Highscores::enter(&path, &b1, entry("slow", Level::Easy, 999, 99)).unwrap();
        assert_eq!(rank, None);
        assert_eq!(fs::read_to_string(&path).unwrap(), before);
        // A damaged file is reported, left untouched, and gets no entry.
        fs::write(&path, "{ not json").unwrap();
        let err = Highscores::enter(&path, &b1, entry("x", Level::Hard, 1, 1)).unwrap_err();
        assert!(matches!(err, HighscoreError::Damaged { .. }), "{err}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "{ not json");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn highscore_orders_by_level_then_time_then_moves_and_keeps_ten() {
        let b1 = Board::standard(1).unwrap();
        let b2 = Board::standard(2).unwrap();
        let mut h = Highscores::new();
        assert_eq!(h.insert(&b1, entry("easy", Level::Easy, 10, 5)), Some(0));
        assert_eq!(
            h.insert(&b1, entry("hard slow", Level::Hard, 500, 50)),
            Some(0)
        );
        assert_eq!(
            h.insert(&b1, entry("hard fast", Level::Hard, 100, 60)),
            Some(0)
        );
        assert_eq!(
            h.insert(&b1, entry("hard fast few", Level::Hard, 100, 40)),
            Some(0)
        );
        assert_eq!(h.insert(&b1, entry("medium", Level::Medium, 1, 1)), Some(3));
        assert_eq!(
            h.insert(&b1, entry("hard fast few 2", Level::Hard, 100, 40)),
            Some(1)
        );
        let names: Vec<&str> = h.table(&b1).iter().map(|e| e.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "hard fast few",
                "hard fast few 2",
                "hard fast",
                "hard slow",
                "medium",
                "easy"
            ]
        );
        assert!(h.table(&b2).is_empty(), "tables are separate per board");
        for i in 0..10 {
            h.insert(&b1, entry(&format!("m{i}"), Level::Medium, 2, 1));
        }
        assert_eq!(h.table(&b1).len(), MAX_ENTRIES);
        assert_eq!(h.insert(&b1, entry("too slow", Level::Easy, 1, 1)), None);
        assert!(h.table(&b1).iter().all(|e| e.name != "easy"));
        assert_eq!(entry("  ", Level::Easy, 1, 1).name, "anonymous");
    }

    #[test]
    fn highscore_saves_and_loads_with_serde() {
        let dir = temp_dir("roundtrip");
        let path = dir.join("major.json");
        assert_eq!(
            Highscores::load(&path).unwrap(),
            Highscores::new(),
            "missing file: empty"
        );
        let custom: Board = "...\n.#.\n...".parse().unwrap();
        let mut h = Highscores::new();
        h.insert(
            &Board::standard(3).unwrap(),
            entry("Ada", Level::Hard, 61, 22),
        );
        h.insert(&custom, entry("Bob", Level::Easy, 5, 3));
        h.save(&path).unwrap();
        let again = Highscores::load(&path).unwrap();
        assert_eq!(again, h);
        assert_eq!(again.table(&custom)[0].name, "Bob");
        let leftovers: Vec<_> = fs::read_dir(&dir).unwrap().filter_map(Result::ok).collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn highscore_save_creates_its_folder() {
        let dir = temp_dir("folder");
        let path = dir.join("new").join("deeper").join("major.json");
        let mut h = Highscores::new();
        h.insert(
            &Board::standard(1).unwrap(),
            entry("Ada", Level::Easy, 9, 4),
        );
        h.save(&path).unwrap();
        assert_eq!(Highscores::load(&path).unwrap(), h);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn highscore_save_is_atomic_and_a_failed_save_keeps_the_old_table() {
        let dir = temp_dir("atomic");
        let path = dir.join("major.json");
        let mut old = Highscores::new();
        old.insert(
            &Board::standard(1).unwrap(),
            entry("Old", Level::Medium, 30, 10),
        );
        old.save(&path).unwrap();
        let before = fs::read(&path).unwrap();
        // Block the temporary file's name with a directory: the save fails
        // before the rename, and the old file is as it was.
        let tmp = dir.join(format!(".major.json.{}.tmp", std::process::id()));
        fs::create_dir(&tmp).unwrap();
        let mut new = old.clone();
        new.insert(
            &Board::standard(1).unwrap(),
            entry("New", Level::Hard, 1, 1),
        );
        assert!(matches!(new.save(&path), Err(HighscoreError::Io { .. })));
        assert_eq!(fs::read(&path).unwrap(), before);
        assert_eq!(Highscores::load(&path).unwrap(), old);
        fs::remove_dir(&tmp).unwrap();
        new.save(&path).unwrap();
        assert_eq!(Highscores::load(&path).unwrap(), new);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn highscore_damaged_or_foreign_file_is_a_clear_error_and_left_untouched() {
        let dir = temp_dir("damaged");
        let cases: [(&str, &[u8]); 6] = [
            ("garbage.json", b"this is not json"),
            ("truncated.json", b"{\"format\":\"spielwerk-major-highscore\",\"version\":1,\"boards\":{\"1\":[{\"name\""),
            ("foreign.json", b"{\"hello\": \"world\"}"),
            ("future.json", b"{\"format\":\"spielwerk-major-highscore\",\"version\":7,\"boards\":{}}"),
            ("badentry.json", b"{\"format\":\"spielwerk-major-highscore\",\"version\":1,\"boards\":{\"1\":[{\"name\":\"x\",\"level\":\"godlike\",\"millis\":1,\"moves\":1}]}}"),
            ("binary.json", &[0xff, 0xfe, 0x00, 0x80]),
        ];
        for (name, bytes) in cases {
            let path = dir.join(name);
            fs::write(&path, bytes).unwrap();
            let err = Highscores::load(&path).unwrap_err();
            match name {
                "foreign.json" => assert!(matches!(err, HighscoreError::Foreign { .. }), "{err}"),
                "future.json" => assert!(
                    matches!(err, HighscoreError::Version { found: 7, .. }),
                    "{err}"
                ),
                _ => assert!(
                    matches!(err, HighscoreError::Damaged { .. }),
                    "{name}: {err}"
                ),
            }
            assert!(
                err.to_string().contains(name),
                "the error names the file: {err}"
            );
            assert_eq!(fs::read(&path).unwrap(), bytes, "{name} is left untouched");
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}
