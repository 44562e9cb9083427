//! Helpers of the program's tests: run `spielwerk` with arguments and a
//! piped input, and read what it printed.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// What a run printed and how it ended.
pub struct Run {
    /// The exit status was 0.
    pub ok: bool,
    /// The exit code, if the program was not ended by a signal.
    pub code: Option<i32>,
    /// Standard output, decoded lossily.
    pub stdout: String,
    /// Standard error, decoded lossily.
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(out: Output) -> Run {
        Run {
            ok: out.status.success(),
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Runs `spielwerk ARGS` with `input` on its standard input (then closed).
pub fn run(args: &[&str], input: &[u8]) -> Run {
    run_with(
        Command::new(env!("CARGO_BIN_EXE_spielwerk")).args(args),
        input,
    )
}

/// Runs a prepared `spielwerk` command with `input` on its standard input.
pub fn run_with(cmd: &mut Command, input: &[u8]) -> Run {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the spielwerk binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // The program may stop reading early (and close the pipe): not an error.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("the program ends").into()
}

/// A fresh, empty temporary folder named for `tag` and this process.
pub fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("spielwerk-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// The lines of `text` that contain `needle`.
pub fn lines_with<'a>(text: &'a str, needle: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.contains(needle)).collect()
}
