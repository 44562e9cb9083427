//! How every verb reports: one result (human text or one JSON object) on
//! stdout, progress on stderr, errors as a message and a non-zero exit.
//!
//! Every write of the program goes through [`write_stdout`] and
//! [`write_stderr`] (the [`say!`](crate::say), [`sayln!`](crate::sayln)
//! and [`tell!`](crate::tell) macros), never `print!`: a closed standard
//! output ends the program quietly with status 141, as a process ended by
//! SIGPIPE (`spielwerk ... | head`); a closed standard error loses the
//! line and nothing else. Every line a person types is read by
//! [`read_line`]: a line that is not UTF-8 is [`Line::NotText`], to be
//! answered "try again", never an error that ends a game.

use std::error::Error;
use std::fmt;
use std::io::{self, BufRead, Write};

/// The exit status of a program whose standard output was closed: 128 +
/// SIGPIPE, what a shell reports for a process ended by that signal.
pub const CLOSED_OUTPUT: u8 = 141;

/// Writes to standard output and flushes; a closed (or failed) standard
/// output ends the program with [`CLOSED_OUTPUT`]: nobody is reading.
pub fn write_stdout(args: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if out.write_fmt(args).and_then(|()| out.flush()).is_err() {
        std::process::exit(i32::from(CLOSED_OUTPUT));
    }
}

/// Writes to standard error; a closed standard error loses the text.
pub fn write_stderr(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// `print!` that never panics (see [`write_stdout`]).
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!($($arg)*))
    };
}

/// `println!` that never panics (see [`write_stdout`]).
#[macro_export]
macro_rules! sayln {
    () => {
        $crate::cli::output::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` that never panics (see [`write_stderr`]).
#[macro_export]
macro_rules! tell {
    ($($arg:tt)*) => {
        $crate::cli::output::write_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// One line a person typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// The line, without its line end.
    Text(String),
    /// A line that is not UTF-8 (a Latin-1 terminal, a stray byte): not a
    /// move, not a command; its bytes decoded lossily (U+FFFD for each bad
    /// sequence), for a name.
    NotText(String),
    /// The end of the input.
    End,
}

impl Line {
    /// The line as text: lossily decoded if it was not UTF-8 (for a
    /// name), `None` at the end of the input.
    #[must_use]
    pub fn lossy(self) -> Option<String> {
        match self {
            Line::Text(t) | Line::NotText(t) => Some(t),
            Line::End => None,
        }
    }
}

/// What a game answers to a line that is not UTF-8.
pub const NOT_TEXT: &str = "that line is not text (not UTF-8): type a move or a command again";

/// Reads one line of `input` (up to `\n`, without it or a `\r` before it).
///
/// # Errors
/// Only a failed read; bytes that are not UTF-8 are [`Line::NotText`].
pub fn read_line<R: BufRead + ?Sized>(input: &mut R) -> io::Result<Line> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(Line::End);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => Line::Text(text),
        Err(e) => Line::NotText(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    })
}

/// Whether `e` (or an error it wraps) is a write to a closed pipe.
#[must_use]
pub fn is_closed_pipe(e: &(dyn Error + 'static)) -> bool {
    let mut cur = Some(e);
    while let Some(e) = cur {
        if e.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
        {
            return true;
        }
        cur = e.source();
    }
    false
}

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
        return Err(Box::new($crate::cli::output::Failure(format!($($arg)*))))
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
            crate::sayln!("{json}");
        } else {
            crate::sayln!("{}", text());
        }
    }

    /// Prints a line of the running commentary (a move of a demo, a board):
    /// to stdout as text, to stderr with `--json` so that stdout stays one
    /// JSON object.
    pub fn line(&self, line: impl fmt::Display) {
        if self.json {
            crate::tell!("{line}");
        } else {
            crate::sayln!("{line}");
        }
    }

    /// Progress of long work, always on stderr.
    pub fn progress(&self, line: impl fmt::Display) {
        crate::tell!("{line}");
    }
}
