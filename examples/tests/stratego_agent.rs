//! `spielwerk stratego agent` through the UCC 2012 manager's protocol, run
//! by a small referee of the project's own: two agents play a game to its
//! end (both colours, a Scout's long move, every battle outcome), and an
//! agent fed bad lines reports them on stderr and plays on.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use board_core::{Game, Observable, Player};
use stratego_rules::ai::SetupHabits;
use stratego_rules::ucc::{UccOutcome, protocol};
use stratego_rules::{Army, Deployment, Position, Preset, Setup};

struct Agent {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Agent {
    fn spawn(level: &str, seed: u64) -> Agent {
        Agent::spawn_with(level, seed, &[])
    }

    fn spawn_with(level: &str, seed: u64, extra: &[&str]) -> Agent {
        let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
            .args([
                "stratego",
                "agent",
                "--level",
                level,
                "--seed",
                &seed.to_string(),
            ])
            .args(extra)
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
    fn finish(self) -> String {
        self.quit("QUIT")
    }

    /// Ends the agent with the manager's final line `quit`.
    fn quit(mut self, quit: &str) -> String {
        self.send(quit);
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

/// A game the referee ran.
struct Refereed {
    seen: Seen,
    outcome: Option<board_core::Outcome>,
    /// What each agent wrote on stderr.
    stderr: [String; 2],
    /// The deployments, Red's and Blue's.
    deployments: [Deployment; 2],
    /// The game's last move and the rank it attacked, if it attacked.
    last: Option<(stratego_rules::Move, Option<stratego_rules::Rank>)>,
}

/// Plays one game between two agents; Red is the first.
fn referee(red_seed: u64, blue_seed: u64) -> (Seen, Option<board_core::Outcome>, [String; 2]) {
    let r = referee_with(red_seed, blue_seed, &[]);
    (r.seen, r.outcome, r.stderr)
}

/// Plays one game between two agents started with `extra` arguments,
/// named `red-agent` and `blue-agent`, and ends it with the manager's
/// `QUIT` line.
fn referee_with(red_seed: u64, blue_seed: u64, extra: &[&str]) -> Refereed {
    let mut agents = [
        Agent::spawn_with("easy", red_seed, extra),
        Agent::spawn_with("easy", blue_seed, extra),
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
    let mut last_move = None;
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
        last_move = Some((mv, public.battle.map(|(_, defender)| defender)));
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
    // The manager's last line, as its `PrintResults` writes it.
    let quit = match outcome.and_then(board_core::Outcome::winner) {
        Some(Player::First) => format!("QUIT red-agent RED VICTORY {} 0 0", seen.plies),
        Some(Player::Second) => format!("QUIT blue-agent BLUE VICTORY {} 0 0", seen.plies),
        None => "QUIT neither BOTH DRAW".to_owned(),
    };
    let [red, blue] = agents;
    Refereed {
        seen,
        outcome,
        stderr: [red.quit(&quit), blue.quit(&quit)],
        deployments: [deployments[0], deployments[1]],
        last: last_move,
    }
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

/// The rank each record of `text` saw, checked against the deployment of
/// the opponent it names; returns how many ranks the records saw, and
/// whether a record saw the Flag.
fn check_records(text: &str, deployments: &[Deployment; 2]) -> (usize, bool) {
    let reading = SetupHabits::read(text);
    assert!(reading.errors.is_empty(), "{:?}", reading.errors);
    let mut ranks = 0;
    let mut flag = false;
    for (i, line) in reading.habits.lines().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        let [name, _game, setup] = words[..] else {
            panic!("three words: {line}");
        };
        let seen: stratego_rules::ai::SeenSetup = setup.parse().expect("a seen setup");
        // Red's record names Blue's agent, whose setup is mirrored into
        // its own orientation.
        let (deployment, mirrored) = match name {
            "blue-agent" => (deployments[1], true),
            "red-agent" => (deployments[0], false),
            _ => panic!("record {i} names {name:?}"),
        };
        for index in 0..40 {
            let Some(rank) = seen.get(index) else {
                continue;
            };
            let at = if mirrored {
                index / 10 * 10 + 9 - index % 10
            } else {
                index
            };
            assert_eq!(deployment.squares[at], Some(rank), "{line}: square {index}");
            ranks += 1;
            flag |= rank == stratego_rules::Rank::Flag;
        }
    }
    (ranks, flag)
}

#[test]
fn agents_that_learn_record_what_each_game_showed_of_the_opponents_setup() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join(format!("habits-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().expect("a UTF-8 path");
    let learn = ["--learn", path];
    let game = referee_with(3, 4, &learn);
    let text = std::fs::read_to_string(&file).expect("the agents wrote their records");
    // A line whenever a game showed more; one record per agent.
    let records: Vec<String> = SetupHabits::read(&text).habits.lines().collect();
    assert_eq!(records.len(), 2, "one record per agent: {text}");
    assert!(text.lines().count() > 2, "{text}");
    assert!(
        records.iter().any(|l| l.starts_with("blue-agent ")),
        "{text}"
    );
    assert!(
        records.iter().any(|l| l.starts_with("red-agent ")),
        "{text}"
    );
    let (ranks, flag) = check_records(&text, &game.deployments);
    assert!(
        ranks >= game.seen.kills + game.seen.dies,
        "{ranks} ranks seen: {text}"
    );
    // A game won on the Flag: the winner inferred it from the manager's
    // `QUIT` line, which is all the manager sends it after its last move.
    let took_flag = game
        .last
        .is_some_and(|(_, r)| r == Some(stratego_rules::Rank::Flag));
    println!("{:?}, last move {:?}: {records:?}", game.outcome, game.last);
    assert_eq!(flag, took_flag, "{text}");

    // The next game reads the records (a bad line is reported and
    // skipped) and adds its own.
    let mut with_junk = format!("junk\n{text}");
    with_junk.push_str("red-agent 0000000000000001 ???\n");
    let junk_line = with_junk.lines().count();
    std::fs::write(&file, &with_junk).expect("written");
    let game = referee_with(5, 6, &learn);
    for err in &game.stderr {
        assert!(err.contains("line 1: expected"), "{err}");
        let bad = format!("line {junk_line}: expected 40 characters, found 3");
        assert!(err.contains(&bad), "{err}");
    }
    let text = std::fs::read_to_string(&file).expect("read");
    let new: String = text
        .lines()
        .skip(junk_line)
        .map(|l| format!("{l}\n"))
        .collect();
    let records = SetupHabits::read(&new).habits.lines().count();
    assert_eq!(records, 2, "two more records: {new}");
    check_records(&new, &game.deployments);
    assert_eq!(SetupHabits::read(&text).habits.lines().count(), 4);
    let _ = std::fs::remove_file(&file);
}

/// A learning strength that is neither `auto`, `auto:N` nor a number of
/// games stops the agent before the game with the reason.
#[test]
fn a_bad_learning_strength_is_refused_with_the_reason() {
    let out = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args([
            "stratego",
            "agent",
            "--learn",
            "unused.txt",
            "--learn-strength",
            "lots",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("the spielwerk binary runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("\"lots\" is no learning strength"), "{err}");
    assert!(out.stdout.is_empty());
}
