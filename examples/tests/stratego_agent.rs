//! `spielwerk stratego agent` through the UCC 2012 manager's protocol, run
//! by a small referee of the project's own: two agents play a game to its
//! end (both colours, a Scout's long move, every battle outcome), and an
//! agent fed bad lines reports them on stderr and plays on.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use board_core::{Game, Observable, Player};
use stratego_rules::ucc::{UccOutcome, protocol};
use stratego_rules::{Army, Deployment, Position, Preset, Setup};

struct Agent {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Agent {
    fn spawn(level: &str, seed: u64) -> Agent {
        let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
            .args([
                "stratego",
                "agent",
                "--level",
                level,
                "--seed",
                &seed.to_string(),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the spielwerk binary runs");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Agent {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the agent reads");
        self.stdin.flush().expect("the agent reads");
    }

    fn recv(&mut self) -> String {
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).expect("the agent writes");
        assert!(n > 0, "the agent ended its output early");
        assert!(line.ends_with('\n'), "a line ends with a newline: {line:?}");
        let line = line.trim_end_matches('\n').to_owned();
        assert_eq!(line, line.trim_end(), "no trailing spaces: {line:?}");
        line
    }

    /// Ends the agent and returns what it wrote on stderr.
    fn finish(mut self) -> String {
        self.send("QUIT");
        drop(self.stdin);
        let out = self.child.wait_with_output().expect("the agent ends");
        assert!(out.status.success(), "the agent failed: {out:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    }
}

/// The move an agent answered with (a move line without an outcome).
fn answered(answer: &str, side: Player) -> stratego_rules::Move {
    protocol::parse_move_line(&format!("{answer} OK"), side)
        .ok()
        .and_then(|m| m.mv)
        .unwrap_or_else(|| panic!("{answer:?} is no move"))
}

/// What a game showed of the protocol.
#[derive(Default, Debug)]
struct Seen {
    long_moves: usize,
    kills: usize,
    dies: usize,
    both_die: usize,
    plies: usize,
}

/// Plays one game between two agents; Red is the first.
fn referee(red_seed: u64, blue_seed: u64) -> (Seen, Option<board_core::Outcome>, [String; 2]) {
    let mut agents = [
        Agent::spawn("easy", red_seed),
        Agent::spawn("easy", blue_seed),
    ];
    let mut deployments = Vec::new();
    for (i, (colour, opponent)) in [("RED", "blue-agent"), ("BLUE", "red-agent")]
        .iter()
        .enumerate()
    {
        agents[i].send(&format!("{colour} {opponent} 10 10"));
        let rows: Vec<String> = (0..4).map(|_| agents[i].recv()).collect();
        let owner = Player::ALL[i];
        let rows = [&*rows[0], &*rows[1], &*rows[2], &*rows[3]];
        let d = Deployment::from_ucc_rows(owner, rows).unwrap_or_else(|e| panic!("{e}"));
        assert!(d.is_valid(Army::Classic), "a full classic army");
        deployments.push(d);
    }
    let mut rules = Preset::UccReplay.rules();
    rules.max_plies = Some(2000);
    let setup = Setup::from_deployments(Army::Classic, &deployments[0], &deployments[1]);
    let mut pos = Position::from_setup(setup, rules).unwrap_or_else(|e| panic!("{e}"));
    let mut seen = Seen::default();
    let mut last = "START".to_owned();
    while pos.outcome().is_none() {
        let side = pos.to_move();
        let agent = &mut agents[side.index()];
        agent.send(&last);
        for line in protocol::board_lines(&pos.view(side)) {
            agent.send(&line);
        }
        let answer = agent.recv();
        let m = protocol::parse_move_line(&format!("{answer} OK"), side)
            .unwrap_or_else(|e| panic!("{answer:?}: {e}"));
        let mv =
            m.mv.unwrap_or_else(|| panic!("{answer:?} leaves the board"));
        assert_eq!(protocol::move_line(mv).as_deref(), Some(answer.as_str()));
        if mv.line().is_some_and(|(_, n)| n > 1) {
            seen.long_moves += 1;
        }
        let public = pos.public_move(mv);
        pos.play(mv)
            .unwrap_or_else(|e| panic!("{answer:?} is illegal: {e}"));
        seen.plies += 1;
        let outcome = protocol::outcome_text(&public);
        match protocol::parse_move_line(&format!("{answer} {outcome}"), side).map(|m| m.outcome) {
            Ok(UccOutcome::Kills(..)) => seen.kills += 1,
            Ok(UccOutcome::Dies(..)) => seen.dies += 1,
            Ok(UccOutcome::BothDie(..)) => seen.both_die += 1,
            _ => {}
        }
        last = format!("{answer} {outcome}");
        if pos.outcome().is_none() {
            agents[side.index()].send(&last);
        }
    }
    let outcome = pos.outcome();
    let [red, blue] = agents;
    (seen, outcome, [red.finish(), blue.finish()])
}

#[test]
fn two_agents_play_a_game_to_its_end_through_the_protocol() {
    let (seen, outcome, stderr) = referee(3, 4);
    println!("{seen:?}, {outcome:?}");
    assert!(outcome.is_some());
    assert!(seen.plies > 20);
    assert!(seen.long_moves > 0, "a Scout's long move: {seen:?}");
    assert!(
        seen.kills > 0 && seen.dies > 0 && seen.both_die > 0,
        "every battle outcome: {seen:?}"
    );
    for err in stderr {
        assert!(!err.contains("spielwerk agent:"), "no complaint: {err}");
    }
}

#[test]
fn bad_lines_are_reported_on_stderr_and_change_nothing() {
    let mut agent = Agent::spawn("easy", 1);
    agent.send("HELLO MANAGER");
    agent.send("RED opponent 10 10");
    let rows: Vec<String> = (0..4).map(|_| agent.recv()).collect();
    let rows = [&*rows[0], &*rows[1], &*rows[2], &*rows[3]];
    let red = Deployment::from_ucc_rows(Player::First, rows).unwrap_or_else(|e| panic!("{e}"));
    let blue = stratego_rules::predefined()[3].1;
    let mut rules = Preset::UccReplay.rules();
    rules.max_plies = None;
    let pos = Position::from_setup(Setup::from_deployments(Army::Classic, &red, &blue), rules)
        .unwrap_or_else(|e| panic!("{e}"));
    agent.send("START");
    // Garbage between the lines of a turn, then the whole board.
    agent.send("0 0 SIDEWAYS OK");
    agent.send("12 3 UP OK");
    for line in protocol::board_lines(&pos.view(Player::First)) {
        agent.send(&line);
    }
    let answer = agent.recv();
    let mv = answered(&answer, Player::First);
    assert!(pos.is_legal(mv), "{answer}");
    let mut pos = pos;
    let public = pos.public_move(mv);
    pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
    agent.send(&format!("{answer} {}", protocol::outcome_text(&public)));
    // A Blue move from an empty square: rejected, the game goes on.
    agent.send("4 4 DOWN OK");
    // A real Blue move.
    let reply = pos.moves()[0];
    let line = protocol::move_line(reply).expect("a line");
    let public = pos.public_move(reply);
    pos.play(reply).unwrap_or_else(|e| panic!("{e}"));
    agent.send(&format!("{line} {}", protocol::outcome_text(&public)));
    for line in protocol::board_lines(&pos.view(Player::First)) {
        agent.send(&line);
    }
    let answer = agent.recv();
    let mv = answered(&answer, Player::First);
    assert!(pos.is_legal(mv), "{answer}: the agent kept its state");
    let err = agent.finish();
    for complaint in [
        "HELLO MANAGER",
        "SIDEWAYS",
        "12 3 UP",
        "does not fit the game",
    ] {
        assert!(err.contains(complaint), "stderr names {complaint:?}: {err}");
    }
}
