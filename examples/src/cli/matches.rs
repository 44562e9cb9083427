//! `spielwerk <game> match`: the one report of a match between two
//! computers in every game (board-search's `play_match` or
//! `play_match_parallel`): a progress line per game, and the
//! `board_search::MatchReport` with the game's own fields.

use crate::cli::output::{CliResult, Output};

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
    ) -> CliResult {
        let mut json = serde_json::to_value(report)?;
        if let (Some(map), serde_json::Value::Object(more)) = (json.as_object_mut(), extra) {
            map.extend(more);
        }
        self.result(json, || format!("{report}{extra_text}"));
        Ok(())
    }
}
