//! Battlegeneral's stored record: the army, the rules, both setups, every
//! move with its time, and whether the session's rule let the game count
//! (4 minutes, or 2 when the loser left after the setup). Kept as JSON in
//! the store's `record` column:
//!
//! ```text
//! {"army": "classic", "rules": "battlegeneral", "counts": true,
//!  "setup_done_at": 1796147651702,
//!  "red_setup": "CPCLCECLCP/ENOJMGJONE/LSPCNBBPCL/CNEBJBFBNB", "blue_setup": "...",
//!  "moves": "a4-a5 a7-a6", "move_times": "61000 65000"}
//! ```
//!
//! `move_times` are milliseconds from the game's start.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use stratego_rules::{Army, Deployment, Move};

use crate::hosted::{Millis, StoredGame};

/// The record as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The army's name.
    pub army: String,
    /// The rules preset's name.
    pub rules: String,
    /// The session's rule let the game count.
    pub counts: bool,
    /// When both setups stood.
    pub setup_done_at: Option<Millis>,
    /// Red's setup, if handed in.
    pub red_setup: Option<String>,
    /// Blue's setup, if handed in.
    pub blue_setup: Option<String>,
    /// The moves, separated by spaces.
    pub moves: String,
    /// Each move's time from the start, separated by spaces.
    pub move_times: String,
}

/// A record read back and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The army.
    pub army: Army,
    /// The rules preset's name.
    pub rules: String,
    /// The session's rule let the game count.
    pub counts: bool,
    /// When both setups stood.
    pub setup_done_at: Option<Millis>,
    /// Red's and Blue's setups.
    pub setups: [Option<Deployment>; 2],
    /// Every move with its session time.
    pub moves: Vec<(Move, Millis)>,
}

impl Played {
    /// The record to store, for a game that started at `started_at`.
    #[must_use]
    pub fn record(&self, started_at: Millis) -> Value {
        let text = |list: Vec<String>| list.join(" ");
        let r = Record {
            army: self.army.name().to_owned(),
            rules: self.rules.clone(),
            counts: self.counts,
            setup_done_at: self.setup_done_at,
            red_setup: self.setups[0].map(|d| d.to_string()),
            blue_setup: self.setups[1].map(|d| d.to_string()),
            moves: text(self.moves.iter().map(|(m, _)| m.to_string()).collect()),
            move_times: text(
                self.moves
                    .iter()
                    .map(|(_, t)| t.saturating_sub(started_at).to_string())
                    .collect(),
            ),
        };
        serde_json::to_value(r).unwrap_or(Value::Null)
    }

    /// Reads a stored game's record; what is wrong, if it does not make
    /// sense.
    pub fn read(game: &StoredGame) -> Result<Played, String> {
        let r: Record =
            serde_json::from_value(game.record.clone()).map_err(|e| format!("record: {e}"))?;
        let army = Army::from_name(&r.army).ok_or_else(|| format!("army {:?}", r.army))?;
        let setup = |name: &str, text: &Option<String>| -> Result<Option<Deployment>, String> {
            text.as_deref()
                .map(|t| t.parse::<Deployment>().map_err(|e| format!("{name}: {e}")))
                .transpose()
        };
        let mut moves = Vec::new();
        for (m, t) in r.moves.split_whitespace().zip(
            r.move_times
                .split_whitespace()
                .chain(std::iter::repeat("0")),
        ) {
            let mv: Move = m.parse().map_err(|e| format!("move {m:?}: {e}"))?;
            let t: u64 = t.parse().map_err(|_| format!("move time {t:?}"))?;
            moves.push((mv, game.started_at.saturating_add(t)));
        }
        Ok(Played {
            army,
            rules: r.rules,
            counts: r.counts,
            setup_done_at: r.setup_done_at,
            setups: [
                setup("red_setup", &r.red_setup)?,
                setup("blue_setup", &r.blue_setup)?,
            ],
            moves,
        })
    }
}
