//! The front end: this crate's computer behind the Go Text Protocol, in the
//! subset Othello programs speak:
//! `protocol_version`, `name`, `version`, `known_command`,
//! `list_commands`, `boardsize` (8 only), `clear_board`, `komi` (a number,
//! ignored),
//! `play COLOUR MOVE`, `genmove COLOUR`, `undo`, `showboard`,
//! `set_level LEVEL` (easy, medium, hard, max), `time_settings MAIN
//! BYO_YOMI STONES` and `time_left COLOUR TIME STONES` (seconds), and
//! `quit`.
//!
//! Without a clock the computer plays its level (a budget of depth and
//! nodes). Once `time_settings` sets a clock, it searches as deep as the
//! time its side has left allows ([`Budget::timed`] with
//! [`clock::move_time`]); `time_left` tells it its clock (the controller
//! keeps the time; without `time_left` the session counts its own time
//! used). `time_settings` with a byo-yomi time and no stones (GTP's "no
//! time limit") returns it to its level.
//!
//! Moves are written in Othello notation (`F5`, column letter then row
//! number counted from the top, as Edax and the FFO files write them) and
//! `pass`. When a colour that is not to move plays or is asked to move
//! while the side to move has no legal move, that side's pass is played
//! first.
//!
//! A line that is not UTF-8 text is answered `? not UTF-8 text` and the
//! session goes on, as for any other command it cannot read.

use std::io::{self, BufRead, Write};

use board_core::{ByPlayer, Player};
use board_search::Instant;

use crate::ai::clock::{self, TimeControl, TimeLeft};
use crate::ai::{Budget, Computer, Level, ParseLevelError};
use crate::{Move, Reversi};

/// The commands known.
pub const COMMANDS: [&str; 16] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "set_level",
    "time_settings",
    "time_left",
    "quit",
];

/// A GTP session: a game and the computer that plays in it.
#[derive(Debug)]
pub struct Gtp {
    game: Reversi,
    engine: Computer,
    /// The engine's budget without a clock (its level's).
    untimed: Budget,
    /// The time control, once `time_settings` set one.
    control: Option<TimeControl>,
    /// Each side's clock under `control`.
    clocks: ByPlayer<TimeLeft>,
    quit: bool,
}

fn colour(word: Option<&str>) -> Result<Player, String> {
    match word.map(str::to_ascii_lowercase).as_deref() {
        Some("b" | "black") => Ok(Player::First),
        Some("w" | "white") => Ok(Player::Second),
        Some(other) => Err(format!("invalid color {other}")),
        None => Err("missing color".to_owned()),
    }
}

/// The whole number of argument `i` of a command used as `usage`.
fn number(args: &[&str], i: usize, usage: &str) -> Result<u64, String> {
    args.get(i)
        .ok_or_else(|| format!("syntax error: {usage}"))?
        .parse::<u64>()
        .map_err(|e| format!("syntax error: {e}"))
}

impl Gtp {
    /// A session with a fresh game, the engine playing at `level`.
    #[must_use]
    pub fn new(level: Level) -> Gtp {
        Gtp::with_computer(Computer::new(level))
    }

    /// A session with a fresh game and this computer (for one with other
    /// table sizes or another evaluation, see [`Computer::with_tables`]).
    /// `set_level` replaces it with [`Computer::new`] of the level asked.
    #[must_use]
    pub fn with_computer(engine: Computer) -> Gtp {
        let no_time = TimeLeft {
            time: std::time::Duration::ZERO,
            stones: 0,
        };
        Gtp {
            game: Reversi::new(),
            untimed: engine.budget(),
            engine,
            control: None,
            clocks: ByPlayer::new(no_time, no_time),
            quit: false,
        }
    }

    /// The time control set by `time_settings`, if any.
    #[must_use]
    pub fn time_control(&self) -> Option<TimeControl> {
        self.control
    }

    /// Thinks for the side to move, `who`, within its clock (or its level
    /// without one), and counts the time used on its clock.
    fn think(&mut self, who: Player) -> Option<Move> {
        let pos = *self.game.position();
        let Some(control) = self.control else {
            return self.engine.think(&pos).best;
        };
        let left = self.clocks[who];
        let time = clock::move_time(
            &control,
            left,
            pos.empty_count(),
            clock::TIMED_EXACT_EMPTIES,
        );
        self.engine.set_budget(Budget::timed(time));
        let started = Instant::now();
        let best = self.engine.think(&pos).best;
        self.clocks[who] = left.after_move(started.elapsed(), &control);
        best
    }

    /// Whether `quit` was received.
    #[must_use]
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The game so far.
    #[must_use]
    pub fn game(&self) -> &Reversi {
        &self.game
    }

    /// Plays the forced pass of the side to move if `who` is the other side.
    fn pass_until(&mut self, who: Player) -> Result<(), String> {
        if self.game.to_move() != who {
            if self.game.position().must_pass() {
                self.game.play(Move::Pass).map_err(|e| e.to_string())?;
            } else if !self.game.is_over() {
                return Err("it is not that color's turn".to_owned());
            }
        }
        Ok(())
    }

    /// The answer to one command line, without the `=`/`?` frame:
    /// `Ok(text)` for success, `Err(message)` for failure.
    fn answer(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "protocol_version" => Ok("2".to_owned()),
            "name" => Ok("Spielwerk Reversi".to_owned()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_owned()),
            "known_command" => Ok(COMMANDS
                .contains(&args.first().copied().unwrap_or(""))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "boardsize" => match args.first().map(|s| s.parse::<u32>()) {
                Some(Ok(8)) => Ok(String::new()),
                _ => Err("unacceptable size".to_owned()),
            },
            "clear_board" => {
                self.game = Reversi::new();
                if let Some(control) = self.control {
                    self.clocks = ByPlayer::new(control.start(), control.start());
                }
                Ok(String::new())
            }
            "komi" => match args.first().map(|s| s.parse::<f64>()) {
                Some(Ok(k)) if k.is_finite() => Ok(String::new()),
                Some(_) => Err("syntax error: komi is a number".to_owned()),
                None => Err("syntax error: missing komi".to_owned()),
            },
            "set_level" => {
                let level: Level = args
                    .first()
                    .copied()
                    .unwrap_or("")
                    .parse()
                    .map_err(|e: ParseLevelError| e.to_string())?;
                self.engine = Computer::new(level);
                self.untimed = self.engine.budget();
                self.control = None;
                Ok(String::new())
            }
            "time_settings" => {
                const USAGE: &str = "time_settings MAIN BYO_YOMI STONES";
                let (main, byo_yomi) = (number(args, 0, USAGE)?, number(args, 1, USAGE)?);
                let stones = u32::try_from(number(args, 2, USAGE)?)
                    .map_err(|e| format!("syntax error: {e}"))?;
                self.control = TimeControl::from_gtp(main, byo_yomi, stones);
                match self.control {
                    Some(control) => self.clocks = ByPlayer::new(control.start(), control.start()),
                    None => self.engine.set_budget(self.untimed),
                }
                Ok(String::new())
            }
            "time_left" => {
                const USAGE: &str = "time_left COLOUR TIME STONES";
                let who = colour(args.first().copied())?;
                let time = std::time::Duration::from_secs(number(args, 1, USAGE)?);
                let stones = u32::try_from(number(args, 2, USAGE)?)
                    .map_err(|e| format!("syntax error: {e}"))?;
                self.clocks[who] = TimeLeft { time, stones };
                Ok(String::new())
            }
            "play" => {
                let who = colour(args.first().copied())?;
                let mv: Move = args
                    .get(1)
                    .ok_or("missing move")?
                    .parse()
                    .map_err(|e: crate::ParseMoveError| format!("invalid move: {e}"))?;
                if self.game.to_move() != who && mv == Move::Pass {
                    // A pass by the side not to move: nothing to do.
                    return Ok(String::new());
                }
                self.pass_until(who)?;
                self.game
                    .play(mv)
                    .map_err(|e| format!("illegal move: {e}"))?;
                Ok(String::new())
            }
            "genmove" => {
                let who = colour(args.first().copied())?;
                if self.game.is_over() {
                    return Ok("pass".to_owned());
                }
                if self.game.to_move() != who {
                    if self.game.position().must_pass() {
                        self.game.play(Move::Pass).map_err(|e| e.to_string())?;
                    } else {
                        return Err("it is not that color's turn".to_owned());
                    }
                }
                let who = self.game.to_move();
                let mv = self.think(who).ok_or("no move: the game is over")?;
                self.game.play(mv).map_err(|e| e.to_string())?;
                Ok(super::gtp_move(mv))
            }
            "undo" => self
                .game
                .undo()
                .map(|_| String::new())
                .ok_or_else(|| "cannot undo".to_owned()),
            "showboard" => Ok(format!("\n{}", self.game.position().diagram())),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            _ => Err("unknown command".to_owned()),
        }
    }

    /// The full response to one input line (`= ...` or `? ...`, ended by
    /// an empty line), or `None` for a blank or comment line.
    pub fn execute(&mut self, line: &str) -> Option<String> {
        let line = line.split('#').next().unwrap_or("").trim();
        let mut words = line.split_whitespace();
        let first = words.next()?;
        let (id, command) = if first.chars().all(|c| c.is_ascii_digit()) {
            (first, words.next().unwrap_or(""))
        } else {
            ("", first)
        };
        let args: Vec<&str> = words.collect();
        let (mark, text) = match self.answer(&command.to_ascii_lowercase(), &args) {
            Ok(t) => ('=', t),
            Err(t) => ('?', t),
        };
        let sep = if text.is_empty() || text.starts_with('\n') {
            ""
        } else {
            " "
        };
        Some(format!("{mark}{id}{sep}{text}\n\n"))
    }

    /// Answers every line of `input` on `output` until `quit` or the end
    /// of the input.
    /// A line that is not UTF-8 is answered `? not UTF-8 text`; only the
    /// input's or output's own errors end the session early.
    pub fn run<R: BufRead, W: Write>(&mut self, mut input: R, mut output: W) -> io::Result<()> {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                break;
            }
            let response = match std::str::from_utf8(&bytes) {
                Ok(line) => self.execute(line.trim_end_matches(['\n', '\r'])),
                Err(_) => Some("? not UTF-8 text\n\n".to_owned()),
            };
            if let Some(response) = response {
                output.write_all(response.as_bytes())?;
                output.flush()?;
            }
            if self.quit {
                break;
            }
        }
        Ok(())
    }
}
