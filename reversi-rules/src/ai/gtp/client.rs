//! The client: another engine spoken to over GTP, as a strategy.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use board_core::Game;
use board_search::{Choice, Strategy};

use super::{gtp_colour, gtp_move};
use crate::{Move, ParseMoveError, Position};

/// What went wrong speaking to an engine.
#[derive(Debug, thiserror::Error)]
pub enum GtpError {
    /// The command line to start the engine is empty.
    #[error("the engine's command line is empty")]
    EmptyCommand,
    /// The command line has a quote that is not closed (or ends in a
    /// backslash).
    #[error("the engine's command line {0:?} has an unclosed quote or a trailing backslash")]
    UnclosedQuote(String),
    /// The engine could not be started.
    #[error("cannot start {program:?}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// Why not.
        source: io::Error,
    },
    /// Reading from or writing to the engine failed.
    #[error("talking to the engine: {0}")]
    Io(#[from] io::Error),
    /// The engine closed its output before it answered.
    #[error("the engine closed its output after {command:?}")]
    Closed {
        /// The command it did not answer.
        command: String,
    },
    /// The engine answered with a failure (`? ...`) or something that is
    /// not a GTP answer.
    #[error("the engine answered {command:?} with {answer:?}")]
    Refused {
        /// The command.
        command: String,
        /// Its answer.
        answer: String,
    },
    /// `genmove` gave something that is not a move.
    #[error("the engine's move {answer:?} is not a move: {source}")]
    BadMove {
        /// The answer.
        answer: String,
        /// Why it is not a move.
        source: ParseMoveError,
    },
    /// A game from a position other than the start, which GTP cannot set
    /// up (play openings as moves from the start instead).
    #[error("GTP games start from the initial position, not {0}")]
    NotTheStart(Position),
}

/// Another engine behind the Go Text Protocol, as a
/// [`Strategy`]: it is told every move of the game (`play`) and asked for
/// its own (`genmove`), so it can play matches through
/// [`board_search::play_match`]. Every failure (an engine that refuses a
/// command, closes its output, answers something that is not a move) is
/// an error; an illegal move it answers is reported by `play_game`.
///
/// A client over any pair of streams ([`GtpClient::new`]); a started
/// program ([`GtpClient::spawn`]) is sent `quit` when the client is
/// dropped, and killed if it has not ended two seconds later.
///
/// ```
/// use std::io::BufReader;
/// use board_search::{MatchOptions, Opening, play_match};
/// use reversi_rules::Position;
/// use reversi_rules::ai::gtp::{Gtp, GtpClient};
/// use reversi_rules::ai::{Computer, Level};
///
/// // The engine on the other side: this crate's own front end in a thread,
/// // behind two pipes.
/// let (commands, to_engine) = std::io::pipe()?;
/// let (from_engine, answers) = std::io::pipe()?;
/// let engine = std::thread::spawn(move || {
///     Gtp::new(Level::Easy).run(BufReader::new(commands), answers)
/// });
/// let mut easy = GtpClient::new(BufReader::new(from_engine), to_engine);
/// let openings = [Opening::new(Position::start())];
/// let options = MatchOptions::games(2);
/// let result = play_match(&mut Computer::new(Level::Medium), &mut easy, &openings, &options, |_, _| {})?;
/// assert_eq!(result.games(), 2);
/// drop(easy); // the engine reads the end of its input and stops
/// engine.join().expect("the engine thread")?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GtpClient<R: BufRead, W: Write> {
    output: R,
    /// `None` only while the client is dropped.
    input: Option<W>,
    /// The move the engine gave to the last `genmove`, which it has
    /// played already.
    generated: Option<Move>,
    child: Option<Child>,
    /// Commands sent after `clear_board` at the start of every game.
    game_commands: Vec<String>,
}

impl<R: BufRead, W: Write> core::fmt::Debug for GtpClient<R, W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GtpClient")
            .field("generated", &self.generated)
            .field("child", &self.child.as_ref().map(Child::id))
            .finish_non_exhaustive()
    }
}

impl GtpClient<BufReader<ChildStdout>, ChildStdin> {
    /// Starts `command` (a program and its arguments, split as a POSIX
    /// shell splits words: see [`split_command`]) and speaks GTP on its
    /// standard input and output.
    ///
    /// # Errors
    ///
    /// [`GtpError::EmptyCommand`], [`GtpError::UnclosedQuote`], or
    /// [`GtpError::Spawn`] when it cannot be started.
    pub fn spawn(command: &str) -> Result<Self, GtpError> {
        let words = split_command(command)?;
        let (program, args) = words.split_first().ok_or(GtpError::EmptyCommand)?;
        let program = program.as_str();
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|source| GtpError::Spawn {
                program: program.to_owned(),
                source,
            })?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(GtpError::Closed {
                command: "(start)".to_owned(),
            });
        };
        let mut client = GtpClient::new(BufReader::new(output), input);
        client.child = Some(child);
        Ok(client)
    }
}

/// Splits a command line into words as a POSIX shell does, without
/// expanding anything: white space separates words; `'...'` keeps
/// everything literally; `"..."` keeps everything but `\\`, `\"`, `\$` and
/// `` \` ``, which stand for the second character; a backslash outside
/// quotes keeps the next character.
///
/// ```
/// use reversi_rules::ai::gtp::split_command;
/// let words = split_command(r#"'/opt/my engine/edax' --level "5 6" a\ b"#)?;
/// assert_eq!(words, ["/opt/my engine/edax", "--level", "5 6", "a b"]);
/// assert!(split_command("edax 'open").is_err());
/// # Ok::<(), reversi_rules::ai::gtp::GtpError>(())
/// ```
///
/// # Errors
///
/// [`GtpError::UnclosedQuote`] for a quote without its end or a trailing
/// backslash.
pub fn split_command(command: &str) -> Result<Vec<String>, GtpError> {
    let unclosed = || GtpError::UnclosedQuote(command.to_owned());
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next().ok_or_else(unclosed)? {
                        '\'' => break,
                        c => w.push(c),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next().ok_or_else(unclosed)? {
                        '"' => break,
                        '\\' => match chars.next().ok_or_else(unclosed)? {
                            c @ ('\\' | '"' | '$' | '`') => w.push(c),
                            c => {
                                w.push('\\');
                                w.push(c);
                            }
                        },
                        c => w.push(c),
                    }
                }
            }
            '\\' => {
                let next = chars.next().ok_or_else(unclosed)?;
                word.get_or_insert_with(String::new).push(next);
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

impl<R: BufRead, W: Write> GtpClient<R, W> {
    /// A client reading the engine's answers from `output` and writing
    /// commands to `input`.
    pub fn new(output: R, input: W) -> Self {
        GtpClient {
            output,
            input: Some(input),
            generated: None,
            child: None,
            game_commands: Vec::new(),
        }
    }

    /// Sends these commands after `clear_board` at the start of every game
    /// (`time_settings 0 1 1` for one second a move, a level...); a failure
    /// answer ends the game with an error.
    #[must_use]
    pub fn with_game_commands(mut self, commands: Vec<String>) -> Self {
        self.game_commands = commands;
        self
    }

    /// Sends one command and returns the text of its successful answer
    /// (after `=` and the command's id, if any), which ends at a blank line.
    ///
    /// # Errors
    ///
    /// An I/O error, a closed output, a failure answer (`? ...`), or an
    /// answer that does not start with `=` or `?` (reported at once).
    pub fn ask(&mut self, command: &str) -> Result<String, GtpError> {
        let Some(input) = &mut self.input else {
            return Err(GtpError::Closed {
                command: command.to_owned(),
            });
        };
        writeln!(input, "{command}")?;
        input.flush()?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(GtpError::Closed {
                    command: command.to_owned(),
                });
            }
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            // An answer starts with `=` or `?`; anything else is not GTP,
            // and waiting for its blank line might never end.
            if answer.is_empty() && !line.starts_with(['=', '?']) {
                return Err(GtpError::Refused {
                    command: command.to_owned(),
                    answer: line.trim().to_owned(),
                });
            }
            answer.push_str(&line);
        }
        let answer = answer.trim();
        match answer.strip_prefix('=') {
            // An answer may carry the command's id: `=7 f5`.
            Some(rest) => Ok(rest
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim()
                .to_owned()),
            None => Err(GtpError::Refused {
                command: command.to_owned(),
                answer: answer.to_owned(),
            }),
        }
    }
}

impl<R: BufRead, W: Write> Drop for GtpClient<R, W> {
    /// A started engine is sent `quit` (its answer is not read: it may be
    /// gone already), its input is closed, and it is given two seconds to
    /// end before it is killed.
    fn drop(&mut self) {
        let input = self.input.take();
        let Some(mut child) = self.child.take() else {
            return;
        };
        if let Some(mut input) = input {
            let _ = writeln!(input, "quit").and_then(|()| input.flush());
        }
        for _ in 0..200 {
            if !matches!(child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
}

impl<R: BufRead, W: Write> Strategy<Position> for GtpClient<R, W> {
    type Error = GtpError;

    /// `genmove` for the side to move.
    fn choose(&mut self, pos: &Position) -> Result<Choice<Move>, GtpError> {
        let answer = self.ask(&format!("genmove {}", gtp_colour(pos.to_move())))?;
        let mv: Move = answer.parse().map_err(|source| GtpError::BadMove {
            answer: answer.clone(),
            source,
        })?;
        self.generated = Some(mv);
        Ok(Choice::new(mv))
    }

    /// `boardsize 8`, `clear_board` and the
    /// [game commands](GtpClient::with_game_commands).
    fn new_game(&mut self, start: &Position, _seed: u64) -> Result<(), GtpError> {
        if *start != Position::start() {
            return Err(GtpError::NotTheStart(*start));
        }
        self.generated = None;
        self.ask("boardsize 8")?;
        self.ask("clear_board")?;
        for command in self.game_commands.clone() {
            self.ask(&command)?;
        }
        Ok(())
    }

    /// `play COLOUR MOVE`, except for the move the engine generated itself.
    fn played(&mut self, before: &Position, mv: Move, _after: &Position) -> Result<(), GtpError> {
        if self.generated.take() == Some(mv) {
            return Ok(());
        }
        self.ask(&format!(
            "play {} {}",
            gtp_colour(before.to_move()),
            gtp_move(mv)
        ))?;
        Ok(())
    }
}
