//! The agent (feature `ai`): this crate's [`Computer`] as a player of
//! the UCC 2012 manager's line protocol, one line at a time.

use board_core::{Observable, Player};

use crate::ai::{Computer, LearnStrength, SeenSetup, SetupHabits, SetupPrior};
use crate::ucc::{UccOutcome, protocol};
use crate::{Army, Deployment, Move, Position, Preset, Rank, Rules, Setup, View, predefined};

/// What the agent answers a line with.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// Nothing.
    Nothing,
    /// These lines.
    Lines(Vec<String>),
    /// The game is over.
    Quit,
}

/// A player of the UCC 2012 manager's line protocol ([`protocol`]) in one
/// game: [`Agent::handle`] takes one line from the manager and says what to
/// answer, so that a program (`spielwerk stratego agent` speaks it on stdin
/// and stdout), a test or a fuzzer can drive a whole session.
///
/// The agent follows the game from the manager's move lines only (the
/// board lines are checked against what it followed, and a difference is
/// reported through `warn`). A line it cannot use — malformed, unexpected,
/// a move that contradicts what it knows — is reported and changes
/// nothing: the agent never stops on bad input, only on `QUIT`.
///
/// ```
/// use stratego_rules::ucc::{Agent, Reply};
/// use stratego_rules::ai::{Computer, Level};
///
/// let mut agent = Agent::new(Computer::new(Level::Easy));
/// let mut warnings = Vec::new();
/// // The manager's first line: this side's colour, the opponent, the board size.
/// let Reply::Lines(rows) = agent.handle("RED opponent 10 10", &mut |w| warnings.push(w)) else {
///     panic!("the setup is answered");
/// };
/// assert_eq!(rows.len(), 4); // the four rows of the setup
/// assert_eq!(agent.handle("a line of no meaning", &mut |w| warnings.push(w)), Reply::Nothing);
/// assert_eq!(warnings.len(), 1);
/// assert_eq!(agent.handle("QUIT", &mut |w| warnings.push(w)), Reply::Quit);
/// ```
pub struct Agent {
    computer: Computer,
    rules: Rules,
    me: Option<Player>,
    board: Vec<String>,
    opponent: Option<String>,
    habits: Option<(SetupHabits, LearnStrength)>,
    /// The strength the prior of this game was adapted at.
    strength: Option<f64>,
    /// This side's last move, until the manager's result line arrives.
    answered: Option<Move>,
    /// Per-move statistics: (seconds, nodes, depth).
    pub stats: Vec<(f64, u64, u32)>,
}

impl Agent {
    /// An agent playing with `computer` (its setup source and seed set).
    pub fn new(computer: Computer) -> Agent {
        let mut rules = Preset::UccReplay.rules();
        // The manager ends the game itself; the agent never stops following.
        rules.max_plies = None;
        Agent {
            computer,
            rules,
            me: None,
            board: Vec::new(),
            opponent: None,
            habits: None,
            strength: None,
            answered: None,
            stats: Vec::new(),
        }
    }

    /// The agent expecting each opponent to set up as `habits` recorded
    /// of it: at the setup line, which names the opponent, the computer's
    /// belief takes the embedded prior [adapted](SetupPrior::adapted) to
    /// the setups seen of that opponent at `strength` (a number of games,
    /// or [`LearnStrength::Fitted`] to that opponent's records).
    #[must_use]
    pub fn with_habits(mut self, habits: SetupHabits, strength: impl Into<LearnStrength>) -> Agent {
        self.habits = Some((habits, strength.into()));
        self
    }

    /// The strength this game's prior was adapted at (with
    /// [`with_habits`](Self::with_habits), once the manager named the
    /// opponent).
    #[must_use]
    pub fn learn_strength(&self) -> Option<f64> {
        self.strength
    }

    /// The opponent the manager named at the start, once it has.
    #[must_use]
    pub fn opponent(&self) -> Option<&str> {
        self.opponent.as_deref()
    }

    /// What the game has shown of the opponent's setup so far (see
    /// [`Tracker::seen_setup`](crate::ai::Tracker::seen_setup)), once the
    /// game has started: the record of this game for [`SetupHabits`].
    #[must_use]
    pub fn seen_setup(&self) -> Option<SeenSetup> {
        Some(self.computer.tracker(self.me?)?.seen_setup())
    }

    /// The computer.
    #[must_use]
    pub fn computer(&self) -> &Computer {
        &self.computer
    }

    fn view(&self) -> Option<&View> {
        self.computer.view(self.me?)
    }

    /// Handles one line from the manager. Problems go to `warn`.
    pub fn handle(&mut self, raw: &str, warn: &mut dyn FnMut(String)) -> Reply {
        let line = raw.trim_end_matches(['\r', '\n']);
        let text = line.trim();
        if text.starts_with("QUIT") {
            self.quit(text);
            return Reply::Quit;
        }
        let Some(me) = self.me else {
            return self.setup(text, warn);
        };
        if text == "START" {
            if self
                .view()
                .is_some_and(|v| v.ply() > 0 || me != Player::First)
            {
                warn(format!(
                    "unexpected START at this point of the game: {text:?}"
                ));
            }
            self.board.clear();
            return Reply::Nothing;
        }
        if protocol::is_board_line(text) {
            self.board.push(text.to_owned());
            if self.board.len() < 10 {
                return Reply::Nothing;
            }
            let board = std::mem::take(&mut self.board);
            return self.turn(&board, warn);
        }
        self.board.clear();
        let Some(view) = self.view() else {
            return Reply::Nothing;
        };
        let mover = view.to_move();
        self.answered = None;
        match protocol::parse_move_line(text, mover) {
            Err(e) => warn(format!("cannot read the line {text:?}: {}", e.kind)),
            Ok(m) => match (m.mv, m.outcome) {
                (_, UccOutcome::Illegal) => warn(format!("the manager rejected a move: {text:?}")),
                (Some(mv), UccOutcome::VictoryFlag) if mover == me => {
                    self.computer.saw(me, mv.to, Rank::Flag);
                }
                (_, UccOutcome::VictoryFlag) => {}
                (None, _) => warn(format!("a move off the board: {text:?}")),
                (Some(mv), outcome) => {
                    if !outcome.is_consistent() {
                        warn(format!(
                            "the outcome contradicts the combat table: {text:?}"
                        ));
                    } else if let Some(public) = outcome.public_move(mv)
                        && let Err(e) = self.computer.observe(public)
                    {
                        warn(format!("the move {text:?} does not fit the game: {e}"));
                    }
                }
            },
        }
        Reply::Nothing
    }

    /// The final line, `QUIT <winner's name> <RED|BLUE> VICTORY ...` when
    /// a side won. The manager sends the winner no line with its last
    /// move's result: when this side won on its own attack on a piece that
    /// never moved while an enemy piece that has moved is left (so the
    /// enemy did not run out of movable pieces), the piece was the Flag.
    fn quit(&mut self, text: &str) {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (Some(me), Some(mv)) = (self.me, self.answered.take()) else {
            return;
        };
        let colour = match me {
            Player::First => "RED",
            Player::Second => "BLUE",
        };
        if words.get(2) != Some(&colour) || words.get(3) != Some(&"VICTORY") {
            return;
        }
        let Some(view) = self.view() else { return };
        let enemy = |sq| view.piece_at(sq).filter(|p| p.owner != me);
        let target_unmoved = enemy(mv.to).is_some_and(|p| p.rank.is_none() && !p.moved);
        let mover_left = crate::Square::all()
            .filter(|&sq| sq != mv.to)
            .any(|sq| enemy(sq).is_some_and(|p| p.moved));
        if target_unmoved && mover_left {
            self.computer.saw(me, mv.to, Rank::Flag);
        }
    }

    /// The setup line: `RED|BLUE <opponent> <width> <height>`.
    fn setup(&mut self, text: &str, warn: &mut dyn FnMut(String)) -> Reply {
        let words: Vec<&str> = text.split_whitespace().collect();
        let me = match words.first().copied() {
            Some("RED") => Player::First,
            Some("BLUE") => Player::Second,
            _ => {
                warn(format!(
                    "expected 'RED|BLUE <opponent> 10 10', got {text:?}"
                ));
                return Reply::Nothing;
            }
        };
        if words.len() != 4 || words[2] != "10" || words[3] != "10" {
            warn(format!("expected a 10 x 10 board: {text:?}; playing on"));
        }
        let army = Army::Classic;
        self.opponent = words.get(1).map(|w| (*w).to_owned());
        if let (Some((habits, strength)), Some(name)) = (&self.habits, &self.opponent) {
            let base = SetupPrior::of(army);
            let strength = habits.strength(name, &base, *strength);
            self.strength = Some(strength);
            let prior = habits.prior(name, &base, strength);
            self.computer.set_prior(Some(prior));
        }
        let mine = self.computer.setup(army);
        // The enemy's 40 pieces fill its four rows; which ranks stand where
        // plays no part in this side's view.
        let theirs: Deployment = predefined()[0].1;
        let (red, blue) = match me {
            Player::First => (mine, theirs),
            Player::Second => (theirs, mine),
        };
        let start =
            match Position::from_setup(Setup::from_deployments(army, &red, &blue), self.rules) {
                Ok(p) => p,
                Err(e) => {
                    warn(format!("no valid setup: {e}"));
                    return Reply::Nothing;
                }
            };
        self.computer.start(&start.view(me));
        self.me = Some(me);
        Reply::Lines(mine.to_ucc_rows(me).to_vec())
    }

    /// Ten board lines read: the agent's turn.
    fn turn(&mut self, board: &[String], warn: &mut dyn FnMut(String)) -> Reply {
        let Some(view) = self.view().cloned() else {
            return Reply::Nothing;
        };
        let expected = protocol::board_lines(&view);
        if expected.iter().zip(board).any(|(a, b)| a != b) {
            warn(format!(
                "the manager's board differs from the followed game:\n{}\nexpected:\n{}",
                board.join("\n"),
                expected.join("\n")
            ));
        }
        if view.to_move() != view.viewer() {
            warn("a board arrived but it is not this side's turn".to_owned());
            return Reply::Nothing;
        }
        let start = board_search::Instant::now();
        let Some(thought) = self.computer.think(&view) else {
            return Reply::Lines(vec!["SURRENDER".to_owned()]);
        };
        self.stats
            .push((start.elapsed().as_secs_f64(), thought.nodes, thought.depth));
        match protocol::move_line(thought.mv) {
            Some(line) => {
                self.answered = Some(thought.mv);
                Reply::Lines(vec![line])
            }
            None => {
                warn(format!("no protocol form for the move {}", thought.mv));
                Reply::Lines(vec!["SURRENDER".to_owned()])
            }
        }
    }
}
