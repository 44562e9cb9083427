//! The session rules of Battlegeneral: a challenge that the
//! opponent accepts (the challenger plays Blue, the acceptor Red, Red
//! starts), the setup phase, a move clock of 5 minutes (exceeding it, or
//! leaving, loses), and whether the finished game counts for the
//! leaderboard (4 minutes, or 2 when the opponent left after the setup).
//!
//! Pure logic: every call takes the current time in milliseconds on any
//! clock the caller chooses (Unix time suits the monthly leaderboard), so
//! tests need no waiting.
//!
//! ```
//! use board_core::{Outcome, Player};
//! use stratego_rules::session::{Challenge, EndReason, MINUTE};
//! use stratego_rules::{predefined, Army, Rules};
//!
//! let challenge = Challenge::new("anna", "bert", 0)?;
//! let mut s = challenge.accept(1_000, Army::Classic, Rules::default());
//! assert_eq!(s.name(Player::First), "bert"); // the acceptor plays Red
//! let d = predefined();
//! s.submit_setup(Player::First, d[0].1, 30_000)?;
//! s.submit_setup(Player::Second, d[1].1, 40_000)?;
//! s.play(Player::First, "a4-a5".parse()?, 50_000)?;
//! // Blue lets the clock run out.
//! let result = s.tick(50_000 + 5 * MINUTE + 1).expect("over");
//! assert_eq!(result.outcome, Outcome::Win(Player::First));
//! assert_eq!(result.reason, EndReason::TimeOut(Player::Second));
//! assert!(result.counts); // it lasted 5:50 from accepting, over 4 minutes
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use board_core::{ByPlayer, Game, Observable, Outcome, Player};

use crate::{Army, Deployment, IllegalMoveError, Move, Position, Rules, Setup, SetupProblem, View};

/// Milliseconds on the caller's clock.
pub type Millis = u64;

/// One minute in [`Millis`].
pub const MINUTE: Millis = 60_000;
/// The move clock: 5 minutes per move.
pub const MOVE_TIME: Millis = 5 * MINUTE;
/// A game counts for the leaderboard from this duration...
pub const MIN_COUNTED: Millis = 4 * MINUTE;
/// ...or from this one when the loser left after the setup.
pub const MIN_COUNTED_AFTER_LEAVING: Millis = 2 * MINUTE;

/// A session action that is not allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// A player cannot challenge itself.
    #[error("{0} cannot challenge themselves")]
    SelfChallenge(String),
    /// The action needs the setup phase.
    #[error("the setup phase is over")]
    NotInSetup,
    /// The player already submitted a setup.
    #[error("{} has already set up", crate::colour(*.0))]
    AlreadySetUp(Player),
    /// The deployment is not the army.
    #[error("invalid setup: {0:?}")]
    InvalidSetup(Vec<SetupProblem>),
    /// The action needs a game in progress.
    #[error("no game in progress")]
    NotPlaying,
    /// It is the other player's turn.
    #[error("it is not {}'s turn", crate::colour(*.0))]
    NotYourTurn(Player),
    /// The move is illegal.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// The session is over.
    #[error("the game is over")]
    Finished,
    /// Time went backwards.
    #[error("time {now} is before the last event at {last}")]
    TimeWentBack {
        /// The time given.
        now: Millis,
        /// The latest time seen.
        last: Millis,
    },
}

/// A challenge from one player to another, waiting for an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    /// Who challenges (will play Blue).
    pub challenger: String,
    /// Who is challenged (will play Red on accepting).
    pub opponent: String,
    /// When.
    pub at: Millis,
}

impl Challenge {
    /// `challenger` challenges `opponent` at `at`.
    pub fn new(challenger: &str, opponent: &str, at: Millis) -> Result<Challenge, SessionError> {
        if challenger == opponent {
            return Err(SessionError::SelfChallenge(challenger.to_string()));
        }
        Ok(Challenge {
            challenger: challenger.to_string(),
            opponent: opponent.to_string(),
            at,
        })
    }

    /// The opponent accepts at `now`: the game starts with the setup phase.
    #[must_use]
    pub fn accept(self, now: Millis, army: Army, rules: Rules) -> Session {
        Session {
            names: ByPlayer::new(self.opponent, self.challenger),
            army,
            rules,
            started: now,
            last: now,
            setup_done: None,
            deployments: ByPlayer::default(),
            position: None,
            turn_started: now,
            result: None,
        }
    }
}

/// Why a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// The rules ended it (flag captured, no legal move, a move limit).
    Rules,
    /// This player exceeded the move clock (counts as leaving).
    TimeOut(Player),
    /// This player left (reloaded or closed the game).
    Left(Player),
}

/// How a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionResult {
    /// The result.
    pub outcome: Outcome,
    /// Why.
    pub reason: EndReason,
    /// From accepting the challenge to the end.
    pub duration: Millis,
    /// When it ended.
    pub ended_at: Millis,
    /// Whether it counts for the leaderboard.
    pub counts: bool,
}

/// A game between two named players, from the accepted challenge to the
/// end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    names: ByPlayer<String>,
    army: Army,
    rules: Rules,
    started: Millis,
    last: Millis,
    setup_done: Option<Millis>,
    deployments: ByPlayer<Option<Deployment>>,
    position: Option<Position>,
    turn_started: Millis,
    result: Option<SessionResult>,
}

impl Session {
    /// The name of the player of a colour (Red is [`Player::First`]).
    #[must_use]
    pub fn name(&self, player: Player) -> &str {
        &self.names[player]
    }

    /// The game, once both sides have set up.
    #[must_use]
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// What `player` may see of the game, once it has started.
    #[must_use]
    pub fn view(&self, player: Player) -> Option<View> {
        self.position.as_ref().map(|p| p.view(player))
    }

    /// The result, once the session is over.
    #[must_use]
    pub fn result(&self) -> Option<&SessionResult> {
        self.result.as_ref()
    }

    /// When the player to move must have moved by (during play).
    #[must_use]
    pub fn deadline(&self) -> Option<Millis> {
        (self.position.is_some() && self.result.is_none())
            .then_some(self.turn_started.saturating_add(MOVE_TIME))
    }

    fn advance(&mut self, now: Millis) -> Result<(), SessionError> {
        if now < self.last {
            return Err(SessionError::TimeWentBack {
                now,
                last: self.last,
            });
        }
        self.last = now;
        if self.result.is_some() {
            return Err(SessionError::Finished);
        }
        if let Some(deadline) = self.deadline()
            && now > deadline
            && let Some(p) = &self.position
        {
            let loser = p.to_move();
            self.finish(Outcome::Win(!loser), EndReason::TimeOut(loser), deadline);
            return Err(SessionError::Finished);
        }
        Ok(())
    }

    fn finish(&mut self, outcome: Outcome, reason: EndReason, at: Millis) {
        let duration = at.saturating_sub(self.started);
        let left_after_setup = matches!(reason, EndReason::Left(_) | EndReason::TimeOut(_))
            && self.setup_done.is_some();
        let counts =
            duration >= MIN_COUNTED || (left_after_setup && duration >= MIN_COUNTED_AFTER_LEAVING);
        self.result = Some(SessionResult {
            outcome,
            reason,
            duration,
            ended_at: at,
            counts,
        });
    }

    /// `player` hands in its deployment; when both have, play begins (Red
    /// to move, its clock running from `now`).
    pub fn submit_setup(
        &mut self,
        player: Player,
        deployment: Deployment,
        now: Millis,
    ) -> Result<(), SessionError> {
        self.advance(now)?;
        if self.position.is_some() {
            return Err(SessionError::NotInSetup);
        }
        if self.deployments[player].is_some() {
            return Err(SessionError::AlreadySetUp(player));
        }
        let problems = deployment.problems(self.army);
        if !problems.is_empty() {
            return Err(SessionError::InvalidSetup(problems));
        }
        self.deployments[player] = Some(deployment);
        if let (Some(red), Some(blue)) = (self.deployments.first, self.deployments.second) {
            let setup = Setup::from_deployments(self.army, &red, &blue);
            let pos = Position::from_setup(setup, self.rules)
                .map_err(|e| SessionError::InvalidSetup(e.problems))?;
            self.position = Some(pos);
            self.setup_done = Some(now);
            self.turn_started = now;
        }
        Ok(())
    }

    /// `player` moves at `now`. A move after the deadline loses on time
    /// instead (the error is then [`SessionError::Finished`] and
    /// [`result`](Self::result) says why).
    pub fn play(
        &mut self,
        player: Player,
        mv: Move,
        now: Millis,
    ) -> Result<Option<SessionResult>, SessionError> {
        self.advance(now)?;
        let pos = self.position.as_mut().ok_or(SessionError::NotPlaying)?;
        if pos.to_move() != player {
            return Err(SessionError::NotYourTurn(player));
        }
        pos.play(mv)?;
        self.turn_started = now;
        if let Some(outcome) = pos.outcome() {
            self.finish(outcome, EndReason::Rules, now);
        }
        Ok(self.result)
    }

    /// Checks the clock at `now`; returns the result if the session is (now)
    /// over.
    pub fn tick(&mut self, now: Millis) -> Option<SessionResult> {
        let _ = self.advance(now);
        self.result
    }

    /// `player` leaves (reloads or closes the game) at `now`: the other
    /// player wins.
    pub fn leave(&mut self, player: Player, now: Millis) -> Result<SessionResult, SessionError> {
        self.advance(now)?;
        self.finish(Outcome::Win(!player), EndReason::Left(player), now);
        self.result.ok_or(SessionError::Finished)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::predefined;

    fn started(at: Millis) -> Session {
        let mut s = Challenge::new("blue", "red", 0)
            .unwrap_or_else(|e| panic!("{e}"))
            .accept(0, Army::Classic, Rules::default());
        let d = predefined();
        assert_eq!(s.submit_setup(Player::Second, d[1].1, at), Ok(()));
        assert!(s.position().is_none());
        assert_eq!(s.submit_setup(Player::First, d[0].1, at), Ok(()));
        s
    }

    #[test]
    fn challenger_is_blue_and_red_starts() {
        assert!(Challenge::new("x", "x", 0).is_err());
        let s = started(MINUTE);
        assert_eq!(
            (s.name(Player::First), s.name(Player::Second)),
            ("red", "blue")
        );
        assert_eq!(s.position().map(|p| p.to_move()), Some(Player::First));
        assert_eq!(s.deadline(), Some(MINUTE + MOVE_TIME));
    }

    #[test]
    fn setups_are_checked_once_each() {
        let mut s = Challenge::new("b", "r", 0)
            .unwrap_or_else(|e| panic!("{e}"))
            .accept(0, Army::Classic, Rules::default());
        assert!(matches!(
            s.submit_setup(Player::First, Deployment::EMPTY, 1),
            Err(SessionError::InvalidSetup(_))
        ));
        let d = predefined()[2].1;
        assert_eq!(s.submit_setup(Player::First, d, 2), Ok(()));
        assert_eq!(
            s.submit_setup(Player::First, d, 3),
            Err(SessionError::AlreadySetUp(Player::First))
        );
        assert_eq!(
            s.play(
                Player::First,
                Move::new(crate::Square::at(30), crate::Square::at(40)),
                4
            ),
            Err(SessionError::NotPlaying)
        );
        assert!(matches!(
            s.submit_setup(Player::Second, d, 1),
            Err(SessionError::TimeWentBack { .. })
        ));
    }

    #[test]
    fn the_move_clock_is_five_minutes() {
        let mut s = started(MINUTE);
        let mv: Move = "a4-a5".parse().unwrap_or_else(|e| panic!("{e}"));
        // Exactly at the deadline is still in time.
        assert_eq!(s.play(Player::First, mv, MINUTE + MOVE_TIME), Ok(None));
        assert_eq!(
            s.play(Player::First, mv, MINUTE + MOVE_TIME),
            Err(SessionError::NotYourTurn(Player::First))
        );
        let late = MINUTE + 2 * MOVE_TIME + 1;
        let reply: Move = "a7-a6".parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            s.play(Player::Second, reply, late),
            Err(SessionError::Finished)
        );
        let r = s.result().copied();
        assert_eq!(
            r.map(|r| (r.outcome, r.reason)),
            Some((
                Outcome::Win(Player::First),
                EndReason::TimeOut(Player::Second)
            ))
        );
        // Lasted over 4 minutes: counts.
        assert_eq!(r.map(|r| r.counts), Some(true));
        assert_eq!(r.map(|r| r.ended_at), Some(MINUTE + 2 * MOVE_TIME));
    }

    #[test]
    fn leaving_loses_and_counts_after_two_minutes_only_after_the_setup() {
        // Leaves during the setup at 3 minutes: no count.
        let mut s = Challenge::new("b", "r", 0)
            .unwrap_or_else(|e| panic!("{e}"))
            .accept(0, Army::Classic, Rules::default());
        let r = s
            .leave(Player::Second, 3 * MINUTE)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.outcome, r.counts), (Outcome::Win(Player::First), false));
        assert_eq!(
            s.leave(Player::First, 4 * MINUTE),
            Err(SessionError::Finished)
        );
        // Leaves after the setup at 2 minutes: counts; at 1:59 it does not.
        for (at, counts) in [
            (2 * MINUTE, true),
            (2 * MINUTE - 1, false),
            (4 * MINUTE, true),
        ] {
            let mut s = started(30_000);
            let r = s.leave(Player::First, at).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                (r.outcome, r.counts),
                (Outcome::Win(Player::Second), counts),
                "at {at}"
            );
        }
    }
}
