//! The game of the day: every day everybody plays the same computer, at
//! the medium level's strength, which answers the same moves the same way
//! for everybody that day and plays other games on other days.
//!
//! How: the [`DailyComputer`] asks the medium computer for its move, and a
//! judge (a deeper search, the hard level's depth, [`RootScorer`]) values
//! every move of the position. The moves the judge values about as highly
//! as the medium's own are the candidates ([`DailySettings::matching`]):
//! in the first moves of the game, those within 0.2 stone; while the game
//! is not close (more than 3 stones either way), those within three
//! quarters of the lead beyond 3 stones. So the computer plays moves worth
//! what the medium computer's move is worth, neither better nor worse on
//! average. Where it is far ahead (as against a player who throws stones
//! away) variety costs no result, and two rules add moves: when the best
//! move keeps 2 stones, every move at least as good as the medium's that
//! keeps 2 stones; when the medium's move wins by the judge's depth, every
//! capture that still wins or keeps 3 stones (captures only, so the game
//! still ends). The date then picks a candidate: the days are cut into
//! rounds as long as the list of candidates, and within a round every
//! candidate is played once, from an offset drawn from the round and the
//! position. The answer is a pure function of the date and the position
//! with its history (hence of the moves so far): the same on every
//! machine, run and thread count.

use board_core::{Game, ZobristHash};
use board_search::{Choice, NoLegalMove, Strategy};

use crate::ai::{Computer, Level};
use crate::moves::Move;
use crate::position::{IllegalMoveError, Position};

mod date;
mod pick;
mod scores;
mod settings;

pub use date::{Date, DateError};
pub use scores::{RootScorer, RootScores, ScoredMove};
pub use settings::DailySettings;

/// The computer of the game of the day: a [`Strategy`] whose choice
/// depends only on its date, its settings and the position (with the
/// position's move number and repetition history).
///
/// ```
/// use board_search::Strategy;
/// use fanorona_rules::Position;
/// use fanorona_rules::board_core::Game;
/// use fanorona_rules::daily::{Date, daily_computer};
///
/// let date = Date::new(2026, 5, 1)?;
/// let mut pos = Position::new();
/// pos.play("d2-e3a".parse()?)?;
/// let reply = daily_computer(date).choose(&pos)?;
/// assert!(pos.is_legal(reply.mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct DailyComputer {
    date: Date,
    settings: DailySettings,
    medium: Computer,
    judge: RootScorer,
}

impl DailyComputer {
    /// The computer of the game of `date`.
    #[must_use]
    pub fn new(date: Date) -> Self {
        DailyComputer::with_settings(date, DailySettings::default())
    }

    /// The computer of `date` with other settings, for measurements; the
    /// game of the day is [`new`](DailyComputer::new)'s.
    #[must_use]
    pub fn with_settings(date: Date, settings: DailySettings) -> Self {
        DailyComputer {
            date,
            settings,
            medium: Computer::new(Level::Medium),
            judge: RootScorer::new(),
        }
    }

    /// The date.
    #[must_use]
    pub fn date(&self) -> Date {
        self.date
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> DailySettings {
        self.settings
    }

    /// The medium computer's move in `pos` (with the nodes of both
    /// searches) and the moves the date chooses among, with the judge's
    /// values, best first ([`DailySettings::matching`]).
    ///
    /// # Errors
    /// [`NoLegalMove`] when the game is over.
    pub fn candidates(
        &mut self,
        pos: &Position,
    ) -> Result<(Choice<Move>, Vec<ScoredMove>), NoLegalMove> {
        let medium = self.medium.choose(pos)?;
        let scores = self.judge.scores(pos, self.settings.judge_depth);
        let value = scores.moves.iter().find(|s| s.mv == medium.mv);
        let near = match value {
            Some(v) => self
                .settings
                .matching(&scores.moves, v.score, pos.fullmove_number()),
            None => Vec::new(),
        };
        let nodes = medium.nodes + scores.nodes;
        Ok((Choice { nodes, ..medium }, near))
    }
}

impl Strategy<Position> for DailyComputer {
    type Error = NoLegalMove;

    fn choose(&mut self, pos: &Position) -> Result<Choice<Move>, NoLegalMove> {
        let (medium, near) = self.candidates(pos)?;
        let i = pick::pick(self.date, pos.zobrist(), near.len());
        Ok(near.get(i).map_or(medium, |s| Choice {
            mv: s.mv,
            score: Some(s.score),
            depth: self.settings.judge_depth,
            ..medium
        }))
    }
}

/// The computer of the game of the day of `date`: `choose` on the position
/// after the human's moves gives the same move as [`daily_move`].
#[must_use]
pub fn daily_computer(date: Date) -> DailyComputer {
    DailyComputer::new(date)
}

/// A move of the day's game that is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("move {index} ({mv}) is not legal: {error}")]
pub struct DailyError {
    /// Its index in the list, from 0.
    pub index: usize,
    /// The move.
    pub mv: Move,
    /// Why.
    pub error: IllegalMoveError,
}

/// The computer's answer in the game of `date` after `moves` (from the
/// start position); `None` when the game is over.
///
/// ```
/// use fanorona_rules::daily::{Date, daily_move};
/// let date: Date = "2026-11-30".parse().unwrap();
/// let opening = ["d2-e3a".parse().unwrap()];
/// let answer = daily_move(date, &opening).unwrap();
/// assert_eq!(answer, daily_move(date, &opening).unwrap());
/// assert!(answer.is_some());
/// ```
///
/// # Errors
/// [`DailyError`] for the first move that is not legal.
pub fn daily_move(date: Date, moves: &[Move]) -> Result<Option<Move>, DailyError> {
    let mut pos = Position::new();
    for (index, &mv) in moves.iter().enumerate() {
        pos.play(mv)
            .map_err(|error| DailyError { index, mv, error })?;
    }
    if pos.outcome().is_some() {
        return Ok(None);
    }
    Ok(daily_computer(date).choose(&pos).ok().map(|c| c.mv))
}

#[cfg(test)]
mod tests {
    use board_search::{Opening, RandomStrategy, play_game};

    use super::*;

    fn date(days_after: i64) -> Date {
        let first = Date::new(2026, 3, 1).map_or(0, Date::days_since_epoch);
        Date::from_days_since_epoch(first + days_after).unwrap_or_else(|| panic!("{days_after}"))
    }

    /// The game of a random mover (White, seed 5) against the computer of
    /// `date`.
    fn game(date: Date) -> Vec<Move> {
        let mut daily = daily_computer(date);
        let mut human = RandomStrategy::new(5);
        let start = Opening::new(Position::new());
        play_game(&mut human, &mut daily, &start, 0, 1000, |_| true)
            .expect("legal games")
            .moves
    }

    #[test]
    fn same_date_and_moves_same_answer_on_any_thread() {
        let d = date(0);
        let moves = game(d);
        assert_eq!(moves, game(d));
        // The one-move API agrees with every reply of the game.
        for k in (1..moves.len()).step_by(2) {
            assert_eq!(daily_move(d, &moves[..k]), Ok(Some(moves[k])), "ply {k}");
        }
        // And so does a computer made on another thread.
        let mut pos = Position::new();
        for &mv in &moves[..3] {
            pos.play(mv).expect("legal");
        }
        let there = std::thread::spawn(move || daily_computer(d).choose(&pos).map(|c| c.mv));
        assert_eq!(there.join().ok(), Some(Ok(moves[3])));
    }

    #[test]
    fn other_dates_answer_the_first_move_otherwise() {
        // d2-e3a has three replies a deeper search values within 0.2 stone
        // of each other; over six days the computer plays more than one.
        let opening = ["d2-e3a".parse().expect("a move")];
        let replies: std::collections::HashSet<_> = (0..6)
            .map(|k| daily_move(date(k), &opening).ok().flatten())
            .collect();
        assert!(replies.len() >= 2, "{replies:?}");
    }

    #[test]
    fn other_dates_play_other_games() {
        // Six consecutive dates against the same random mover: six games.
        let games: Vec<Vec<Move>> = (0..6).map(|k| game(date(k))).collect();
        let distinct: std::collections::HashSet<_> = games.iter().collect();
        assert_eq!(distinct.len(), 6);
    }

    #[test]
    fn a_round_of_days_plays_every_candidate() {
        let mut pos = Position::new();
        pos.play("d2-e3a".parse().expect("a move")).expect("legal");
        let (medium, near) = daily_computer(date(0)).candidates(&pos).expect("moves");
        assert!(near.iter().any(|s| s.mv == medium.mv));
        let n = near.len() as i64;
        assert!(n >= 2, "{near:?}");
        let first = date(0).days_since_epoch().div_euclid(n) * n + n;
        let mut played: Vec<Move> = (first..first + n)
            .filter_map(Date::from_days_since_epoch)
            .filter_map(|d| daily_computer(d).choose(&pos).ok().map(|c| c.mv))
            .collect();
        let mut expected: Vec<Move> = near.iter().map(|s| s.mv).collect();
        played.sort_by_key(|m| m.to_bits());
        expected.sort_by_key(|m| m.to_bits());
        assert_eq!(played, expected);
    }

    /// The position after `moves`, separated by spaces.
    fn position(moves: &str) -> Position {
        let mut pos = Position::new();
        for mv in moves.split_whitespace() {
            pos.play(mv.parse().expect("a move")).expect("legal");
        }
        pos
    }

    /// The move that captures the most stones (the first generated among
    /// equals): a player that loses quickly, and whose games used to
    /// repeat from day to day.
    struct Greedy;

    impl Strategy<Position> for Greedy {
        type Error = NoLegalMove;
        fn choose(&mut self, pos: &Position) -> Result<Choice<Move>, NoLegalMove> {
            let enemy = !pos.to_move();
            let mut best: Option<(u32, Move)> = None;
            for &mv in pos.moves().iter() {
                let mut after = pos.clone();
                after.play_unchecked(mv);
                let taken = pos.count(enemy) - after.count(enemy);
                if best.is_none_or(|(t, _)| taken > t) {
                    best = Some((taken, mv));
                }
            }
            best.map(|(_, mv)| Choice::new(mv)).ok_or(NoLegalMove)
        }
    }

    #[test]
    fn far_ahead_any_move_that_keeps_the_lead_is_a_candidate() {
        // Against the greedy player: the medium computer's move keeps a
        // lead of 0.08 stone by the judge, four others more than 4 stones.
        let pos = position("e2-e3a d4-e5w-e4a f3-e3a-d4a-d3w-c3a f4-e3a-d3a-d2a-e2w b1-b2");
        let (medium, near) = daily_computer(date(0)).candidates(&pos).expect("moves");
        assert!(near.iter().any(|s| s.mv == medium.mv));
        let ahead = DailySettings::default().ahead;
        assert!(
            near.iter().filter(|s| s.score >= 400).count() >= 4,
            "{near:?}"
        );
        assert!(
            near.iter().all(|s| s.score >= ahead || s.score <= 20),
            "{near:?}"
        );
    }

    #[test]
    fn a_won_game_varies_among_captures_that_keep_it_won() {
        // The medium computer wins in 3 plies; two other captures keep a
        // lead of 3 stones.
        let pos = position(
            "e2-e3a d4-e5w-e4a f3-e3a-d4a-d3w-c3a f4-e3a-e2a-d2w-d3w g1-g2a \
             i3-i2a-h2a c3-d2w-d1w c4-c3a-b3a-b2a-c2w d1-d2 c2-b2w f1-f2",
        );
        let (medium, near) = daily_computer(date(0)).candidates(&pos).expect("moves");
        assert_eq!(medium.score.map(board_search::is_decisive), Some(true));
        assert!(near.len() >= 3, "{near:?}");
        assert!(near.iter().all(|s| s.mv == medium.mv || s.mv.is_capture()));
        // Over as many days as candidates, each is played once.
        let n = near.len() as i64;
        let first = date(0).days_since_epoch().div_euclid(n) * n;
        let played: std::collections::HashSet<Move> = (first..first + n)
            .filter_map(Date::from_days_since_epoch)
            .filter_map(|d| daily_computer(d).choose(&pos).ok().map(|c| c.mv))
            .collect();
        assert_eq!(played.len(), near.len());
    }

    #[test]
    fn a_greedy_player_meets_another_game_every_day() {
        // Its games last about 20 plies and are mostly forced; ten
        // consecutive dates still give ten games (without the rules for a
        // computer far ahead, some of them repeated).
        let games: std::collections::HashSet<Vec<Move>> = (0..10)
            .map(|k| {
                let mut daily = daily_computer(date(k));
                let start = Opening::new(Position::new());
                play_game(&mut Greedy, &mut daily, &start, 0, 1000, |_| true)
                    .expect("legal games")
                    .moves
            })
            .collect();
        assert_eq!(games.len(), 10);
    }

    #[test]
    fn illegal_history_is_an_error() {
        let d = date(0);
        let bad = ["e2-e3".parse().expect("a move")];
        assert!(matches!(
            daily_move(d, &bad),
            Err(DailyError {
                index: 0,
                error: IllegalMoveError::CaptureCompulsory,
                ..
            })
        ));
        // A move of the wrong side later in the list.
        let moves: Vec<Move> = ["d2-e3a", "d2-e3a"]
            .iter()
            .filter_map(|m| m.parse().ok())
            .collect();
        assert!(matches!(
            daily_move(d, &moves),
            Err(DailyError { index: 1, .. })
        ));
    }

    #[test]
    fn a_finished_game_has_no_answer() {
        let moves = game(date(2));
        assert_eq!(daily_move(date(2), &moves), Ok(None));
        let mut pos = Position::new();
        for &mv in &moves {
            pos.play(mv).expect("legal");
        }
        assert!(daily_computer(date(2)).choose(&pos).is_err());
    }

    #[test]
    fn the_computer_can_move_to_another_thread() {
        fn send<T: Send>(_: &T) {}
        send(&daily_computer(date(0)));
    }
}
