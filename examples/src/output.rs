//! How every verb reports: one result (human text or one JSON object) on
//! stdout, progress on stderr, errors as a message and a non-zero exit.

use std::error::Error;
use std::fmt;

/// The error type of every verb: printed by `main` as `error: ...`.
pub type CliResult<T = ()> = Result<T, Box<dyn Error + Send + Sync>>;

/// An error with a message only (bad arguments, failed checks).
#[derive(Debug)]
pub struct Failure(pub String);

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Error for Failure {}

/// Returns a [`Failure`] with a formatted message.
#[macro_export]
macro_rules! fail {
    ($($arg:tt)*) => {
        return Err(Box::new($crate::output::Failure(format!($($arg)*))))
    };
}

/// Where results and progress go.
#[derive(Debug, Clone, Copy)]
pub struct Output {
    /// Print results as one JSON object instead of text.
    pub json: bool,
}

impl Output {
    /// Prints the result of a verb: `json` with `--json`, else `text()`.
    pub fn result(&self, json: serde_json::Value, text: impl FnOnce() -> String) {
        if self.json {
            println!("{json}");
        } else {
            println!("{}", text());
        }
    }

    /// Prints a line of the running commentary (a move of a demo, a board):
    /// to stdout as text, to stderr with `--json` so that stdout stays one
    /// JSON object.
    pub fn line(&self, line: impl fmt::Display) {
        if self.json {
            eprintln!("{line}");
        } else {
            println!("{line}");
        }
    }

    /// Progress of long work, always on stderr.
    pub fn progress(&self, line: impl fmt::Display) {
        eprintln!("{line}");
    }
}

impl Output {
    /// One line of progress for a game of a match: its number, the side the
    /// first player had, how it ended and the score so far.
    pub fn match_game<G: board_core::Game>(
        &self,
        game: &board_search::MatchGame<G>,
        so_far: &board_search::MatchResult,
        first: &str,
        outcome: &str,
    ) {
        let w = &so_far.wdl;
        self.progress(format!(
            "game {:>3}: {first} moving {}: {outcome} in {} moves; +{} ={} -{}",
            game.index + 1,
            game.first_side,
            game.record.moves.len(),
            w.wins,
            w.draws,
            w.losses
        ));
    }

    /// Prints a match's result: the report as JSON (`{"game","games",
    /// "wins","draws","losses","first","second",...}` and the `extra` keys)
    /// or as its text line followed by `extra_text`.
    pub fn match_result(
        &self,
        report: &board_search::MatchReport,
        extra: serde_json::Value,
        extra_text: &str,
    ) -> crate::output::CliResult {
        let mut json = serde_json::to_value(report)?;
        if let (Some(map), serde_json::Value::Object(more)) = (json.as_object_mut(), extra) {
            map.extend(more);
        }
        self.result(json, || format!("{report}{extra_text}"));
        Ok(())
    }
}
