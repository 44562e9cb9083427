//! How much the game of the day varies from day to day, and what it costs
//! the medium computer's strength.
//!
//! `cargo run --release -p fanorona-rules --example daily_variety [-- OPTIONS]`
//!
//! Prints, for the game of the day before this change (the old perturbed
//! evaluation, rebuilt below as `OldDailyEval`) and after it
//! (`fanorona_rules::daily`):
//!
//! 1. **Variety**: the games of `--dates` consecutive dates from `--start`
//!    against each of five fixed "human" lines playing White: distinct
//!    games, distinct first 10 plies, distinct first replies.
//! 2. **First replies**: for each of White's five opening moves, every
//!    reply with its score at the daily depth (3 turns) and at a deeper
//!    one (`--deep`, 6 turns: the hard level), whether it is reasonable
//!    (within `--reasonable` hundredths of a stone of the best deep score)
//!    and on how many of the dates each computer played it.
//! 3. **Strength**: self-play matches (`board_search::play_match`, colours
//!    swapped within each pair, two random opening plies per pair, the date
//!    drawn from each pair's seed) of the plain medium computer and of the
//!    old and new daily computers against easy and hard, `--games` each;
//!    `--games 0` skips them.
//!
//! Options: `--start 2026-01-01 --dates 60 --games 200 --reasonable 20
//! --deep 6 --seed 1 --only variety|replies|matches --players
//! medium,before,after --lines easy,medium,hard,random,greedy`, and the
//! `DailySettings` (default: the game of the day's): `--judge-depth N
//! --band-moves N --band N --decided N --keep N --ahead N
//! --won-captures N`.

use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

use board_core::{Game, Player, SplitMix64, ZobristHash};
use board_search::{
    Choice, DEFAULT_MAX_PLIES, Evaluator, GameRecord, MatchOptions, NoLegalMove, Opening, Strategy,
    Wdl, play_game, play_match,
};
use fanorona_rules::ai::{Computer, Eval, Level, limits};
use fanorona_rules::daily::{DailyComputer, DailySettings, Date, RootScorer, ScoredMove};
use fanorona_rules::{Move, Position};

type Res<T = ()> = Result<T, Box<dyn std::error::Error>>;

/// The command line.
struct Args {
    start: Date,
    dates: i64,
    games: u32,
    settings: DailySettings,
    reasonable: i32,
    deep: u32,
    seed: u64,
    only: Option<String>,
    players: String,
    lines: String,
}

impl Args {
    fn parse() -> Res<Args> {
        let mut a = Args {
            start: Date::new(2026, 1, 1)?,
            dates: 60,
            games: 200,
            settings: DailySettings::default(),
            reasonable: 20,
            deep: 6,
            seed: 1,
            only: None,
            players: "medium,before,after".into(),
            lines: LINES.join(","),
        };
        let mut it = std::env::args().skip(1);
        while let Some(flag) = it.next() {
            let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
            match flag.as_str() {
                "--start" => a.start = value.parse()?,
                "--dates" => a.dates = value.parse()?,
                "--games" => a.games = value.parse()?,
                "--judge-depth" => a.settings.judge_depth = value.parse()?,
                "--band-moves" => a.settings.band_moves = value.parse()?,
                "--band" => a.settings.band = value.parse()?,
                "--decided" => a.settings.decided = value.parse()?,
                "--keep" => a.settings.keep = value.parse()?,
                "--ahead" => a.settings.ahead = value.parse()?,
                "--won-captures" => a.settings.won_captures = value.parse()?,
                "--lines" => a.lines = value,
                "--reasonable" => a.reasonable = value.parse()?,
                "--deep" => a.deep = value.parse()?,
                "--seed" => a.seed = value.parse()?,
                "--only" => a.only = Some(value),
                "--players" => a.players = value,
                other => return Err(format!("unknown option {other}").into()),
            }
        }
        Ok(a)
    }

    fn wants(&self, part: &str) -> bool {
        self.only.as_deref().is_none_or(|o| o == part)
    }

    /// The dates measured.
    fn date_list(&self) -> Vec<Date> {
        let first = self.start.days_since_epoch();
        (first..first + self.dates)
            .filter_map(Date::from_days_since_epoch)
            .collect()
    }
}

// ---------------------------------------------------------------------
// The game of the day before this change, for the "before" figures.
// ---------------------------------------------------------------------

/// The old daily evaluation: the standard one plus a perturbation of at
/// most ±20 hundredths drawn from the date's seed and the position's hash,
/// and ties of the move-ordering hint broken by the date.
#[derive(Debug, Clone, Copy)]
struct OldDailyEval {
    base: Eval,
    seed: u64,
}

/// The old perturbation's bound.
const OLD_NOISE: i32 = 20;

impl Evaluator<Position> for OldDailyEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let r = SplitMix64::new(self.seed ^ pos.zobrist()).below(2 * OLD_NOISE as u64 + 1);
        self.base.evaluate(pos) + r as i32 - OLD_NOISE
    }
    fn move_hint(&self, pos: &Position, mv: Move) -> i32 {
        let bits = mv.to_bits();
        let tie = SplitMix64::new(self.seed ^ (bits as u64) ^ ((bits >> 64) as u64)).below(64);
        self.base.move_hint(pos, mv) * 64 + tie as i32
    }
    fn history_size(&self) -> usize {
        self.base.history_size()
    }
    fn history_index(&self, pos: &Position, mv: Move) -> usize {
        self.base.history_index(pos, mv)
    }
    fn bound(&self) -> i32 {
        Eval::BOUND + OLD_NOISE
    }
}

/// The old daily computer of `date`.
fn old_daily(date: Date) -> Computer<OldDailyEval> {
    let eval = OldDailyEval {
        base: Eval::default(),
        seed: date.seed(),
    };
    Computer::with_eval(limits(Level::Medium), eval)
}

/// Which daily computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Version {
    Before,
    After,
}

/// A daily computer of either version.
type Daily = Box<dyn Strategy<Position, Error = NoLegalMove>>;

fn daily(version: Version, date: Date, settings: DailySettings) -> Daily {
    match version {
        Version::Before => Box::new(old_daily(date)),
        Version::After => Box::new(DailyComputer::with_settings(date, settings)),
    }
}

/// A daily computer whose date is drawn from each game's seed (a day of
/// 2026-2035), so that a match plays many dates.
struct DatedDaily {
    version: Version,
    settings: DailySettings,
    inner: Daily,
}

impl DatedDaily {
    fn new(version: Version, settings: DailySettings) -> Res<DatedDaily> {
        let date = Date::new(2026, 1, 1)?;
        Ok(DatedDaily {
            version,
            settings,
            inner: daily(version, date, settings),
        })
    }
}

impl Strategy<Position> for DatedDaily {
    type Error = NoLegalMove;
    fn choose(&mut self, pos: &Position) -> Result<Choice<Move>, NoLegalMove> {
        self.inner.choose(pos)
    }
    fn new_game(&mut self, _start: &Position, seed: u64) -> Result<(), NoLegalMove> {
        let first = Date::new(2026, 1, 1).map_or(20_454, |d| d.days_since_epoch());
        let date = Date::from_days_since_epoch(first + (seed % 3650) as i64).ok_or(NoLegalMove)?;
        self.inner = daily(self.version, date, self.settings);
        Ok(())
    }
}

// ---------------------------------------------------------------------
// The human lines: deterministic policies for White.
// ---------------------------------------------------------------------

/// A random mover that is a function of the position alone: the same
/// position always gets the same move (unlike `RandomStrategy`, whose
/// draws follow the game's course).
struct HashedRandom(u64);

impl Strategy<Position> for HashedRandom {
    type Error = NoLegalMove;
    fn choose(&mut self, pos: &Position) -> Result<Choice<Move>, NoLegalMove> {
        let moves = pos.moves();
        let i = SplitMix64::new(self.0 ^ pos.zobrist()).below(moves.len() as u64) as usize;
        moves.get(i).map(|&mv| Choice::new(mv)).ok_or(NoLegalMove)
    }
}

/// The move that captures the most stones now (the first in the
/// generator's order among equals; the first paika when none captures).
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

/// The five human lines, by name.
const LINES: [&str; 5] = ["easy", "medium", "hard", "random", "greedy"];

fn human(line: &str) -> Box<dyn Strategy<Position, Error = NoLegalMove>> {
    match line {
        "easy" => Box::new(Computer::new(Level::Easy)),
        "medium" => Box::new(Computer::new(Level::Medium)),
        "hard" => Box::new(Computer::new(Level::Hard)),
        "random" => Box::new(HashedRandom(0x5EED_0038)),
        _ => Box::new(Greedy),
    }
}

// ---------------------------------------------------------------------
// 1. Variety.
// ---------------------------------------------------------------------

/// The game of `line` (White) against the daily computer of `date`.
fn daily_game(
    line: &str,
    version: Version,
    date: Date,
    settings: DailySettings,
) -> Res<GameRecord<Position>> {
    let mut white = human(line);
    let mut black = daily(version, date, settings);
    let start = Opening::new(Position::new());
    Ok(play_game(
        &mut white,
        &mut black,
        &start,
        0,
        DEFAULT_MAX_PLIES,
        |_| true,
    )?)
}

fn variety(a: &Args, version: Version) -> Res {
    let dates = a.date_list();
    println!(
        "\n## Variety {version:?}: {} dates from {}, the daily computer Black",
        dates.len(),
        a.start
    );
    println!(
        "| line | distinct games | distinct first 10 plies | distinct first replies | same game as the day before | mean plies | computer +/=/- | seconds |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for line in a.lines.split(',') {
        let t = Instant::now();
        let records = dates
            .iter()
            .map(|&d| daily_game(line, version, d, a.settings))
            .collect::<Res<Vec<_>>>()?;
        let mut computer = Wdl::default();
        for r in &records {
            computer.add(r.outcome(), Player::Second);
        }
        let games: Vec<&Vec<Move>> = records.iter().map(|r| &r.moves).collect();
        let distinct = games.iter().collect::<HashSet<_>>().len();
        let prefixes = games
            .iter()
            .map(|g| &g[..g.len().min(10)])
            .collect::<HashSet<_>>()
            .len();
        let replies = games.iter().map(|g| g.get(1)).collect::<HashSet<_>>().len();
        let repeats = games.windows(2).filter(|w| w[0] == w[1]).count();
        let plies: usize = games.iter().map(|g| g.len()).sum();
        println!(
            "| {line} | {distinct} | {prefixes} | {replies} | {repeats} | {:.1} | {}/{}/{} | {:.1} |",
            plies as f64 / games.len().max(1) as f64,
            computer.wins,
            computer.draws,
            computer.losses,
            t.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------
// 2. First replies.
// ---------------------------------------------------------------------

/// The reply of the daily computer of `date` to `opening`.
fn reply(version: Version, date: Date, settings: DailySettings, opening: Move) -> Res<Move> {
    let mut pos = Position::new();
    pos.play(opening)?;
    Ok(daily(version, date, settings).choose(&pos)?.mv)
}

fn score_of(scores: &[ScoredMove], mv: Move) -> Option<i32> {
    scores.iter().find(|s| s.mv == mv).map(|s| s.score)
}

fn replies(a: &Args) -> Res {
    let dates = a.date_list();
    println!(
        "\n## First replies over {} dates from {} (reasonable: within {} of the best score at depth {})",
        dates.len(),
        a.start,
        a.reasonable,
        a.deep
    );
    let depth = limits(Level::Medium).depth.unwrap_or(3);
    let mut scorer = RootScorer::new();
    let mut summary = Vec::new();
    for &opening in Position::new().moves().iter() {
        let mut pos = Position::new();
        pos.play(opening)?;
        let shallow = scorer.scores(&pos, depth).moves;
        let deep = scorer.scores(&pos, a.deep).moves;
        let best_deep = deep.iter().map(|s| s.score).max().unwrap_or(0);
        let (_, candidates) = DailyComputer::with_settings(a.start, a.settings).candidates(&pos)?;
        let mut played: BTreeMap<Version, Vec<Move>> = BTreeMap::new();
        for version in [Version::Before, Version::After] {
            let list = dates
                .iter()
                .map(|&d| reply(version, d, a.settings, opening))
                .collect::<Res<Vec<_>>>()?;
            played.insert(version, list);
        }
        println!("\n### {opening}\n");
        println!(
            "| reply | depth {depth} | depth {} | reasonable | daily candidate | days before | days after |",
            a.deep
        );
        println!("|---|---|---|---|---|---|---|");
        let mut rows: Vec<&ScoredMove> = deep.iter().collect();
        rows.sort_by_key(|x| std::cmp::Reverse(x.score));
        let mut reasonable = 0;
        for s in rows {
            let ok = s.score >= best_deep - a.reasonable;
            reasonable += usize::from(ok);
            let count = |v: Version| played[&v].iter().filter(|&&m| m == s.mv).count();
            println!(
                "| {} | {} | {} | {} | {} | {} | {} |",
                s.mv,
                score_of(&shallow, s.mv).map_or("-".into(), |x| x.to_string()),
                s.score,
                if ok { "yes" } else { "" },
                if score_of(&candidates, s.mv).is_some() {
                    "yes"
                } else {
                    ""
                },
                count(Version::Before),
                count(Version::After),
            );
        }
        let stats = |v: Version| {
            let list = &played[&v];
            let distinct = list.iter().collect::<HashSet<_>>().len();
            let changes = list.windows(2).filter(|w| w[0] != w[1]).count();
            (distinct, changes)
        };
        summary.push((
            opening,
            deep.len(),
            reasonable,
            candidates.len(),
            stats(Version::Before),
            stats(Version::After),
        ));
    }
    println!("\n### Summary\n");
    println!(
        "| opening | replies | reasonable | daily candidates | distinct replies before | after | days the reply changed, before | after |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (opening, n, reasonable, cands, (db, cb), (da, ca)) in summary {
        println!("| {opening} | {n} | {reasonable} | {cands} | {db} | {da} | {cb} | {ca} |");
    }
    Ok(())
}

// ---------------------------------------------------------------------
// 3. Strength.
// ---------------------------------------------------------------------

fn one_match(
    a: &Args,
    name: &str,
    first: &mut dyn Strategy<Position, Error = NoLegalMove>,
    level: Level,
) -> Res {
    let mut second = Computer::new(level);
    let openings = Opening::random_set(&Position::new(), 2, a.games.div_ceil(2) as usize, a.seed);
    let options = MatchOptions::games(a.games).with_seed(a.seed);
    let t = Instant::now();
    let result = play_match(
        &mut &mut *first,
        &mut second,
        &openings,
        &options,
        |_, _| {},
    )?;
    println!(
        "| {name} | {level} | {} | {} | {} | {} | {} | {:.0} |",
        result.games(),
        result.wdl.wins,
        result.wdl.draws,
        result.wdl.losses,
        result.wdl,
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

fn matches(a: &Args) -> Res {
    if a.games == 0 {
        return Ok(());
    }
    println!(
        "\n## Strength: {} games a match, seed {}, two random opening plies a pair",
        a.games, a.seed
    );
    println!("| first | against | games | wins | draws | losses | W/D/L (score, 95 %) | seconds |");
    println!("|---|---|---|---|---|---|---|---|");
    for level in [Level::Easy, Level::Hard] {
        for player in a.players.split(',') {
            match player {
                "medium" => one_match(a, "medium", &mut Computer::new(Level::Medium), level)?,
                "before" => one_match(
                    a,
                    "daily before",
                    &mut DatedDaily::new(Version::Before, a.settings)?,
                    level,
                )?,
                "after" => one_match(
                    a,
                    "daily after",
                    &mut DatedDaily::new(Version::After, a.settings)?,
                    level,
                )?,
                other => return Err(format!("unknown player {other}").into()),
            }
        }
    }
    Ok(())
}

fn main() -> Res {
    let a = Args::parse()?;
    println!(
        "# The game of the day: {:?}, dates {} from {}",
        a.settings, a.dates, a.start
    );
    if a.wants("variety") {
        for (name, version) in [("before", Version::Before), ("after", Version::After)] {
            if a.players.split(',').any(|p| p == name) {
                variety(&a, version)?;
            }
        }
    }
    if a.wants("replies") {
        replies(&a)?;
    }
    if a.wants("matches") {
        matches(&a)?;
    }
    Ok(())
}
