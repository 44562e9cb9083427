//! How well the belief predicts hidden ranks, measured on real games: at
//! every battle of a UCC 2012 log (or a Gravon game) that involves a piece
//! the other side has not identified, the probability the other side's
//! belief gave that piece's true rank. Reports the mean log-likelihood
//! (higher is better) and the mean Brier score (lower is better) for each
//! belief setting, so that each soft term is kept only if it helps; then
//! the log-likelihood over the battles of the high ranks alone (Marshal,
//! General, Colonel, Spy: the ranks whose knowledge decides games between
//! equal searchers, see docs/measurements/stratego.md), and over every moved enemy
//! piece of unknown rank every 20 plies (plies 10, 30, ...; those pieces,
//! not only the ones that fight, are what the search weighs).
//!
//!     cargo run --release -p stratego-rules --example stratego_belief_accuracy -- ../shared/data/stratego/ucc2012

use std::path::{Path, PathBuf};

use board_core::{Game, Observable, Player};
use stratego_rules::ai::{BeliefOptions, Tracker};
use stratego_rules::gravon::{GravonGame, looks_like_gravon};
use stratego_rules::ucc::{UccGame, looks_like_ucc};
use stratego_rules::{Move, Position, Preset, Rank, Rules, Setup, Square};

fn files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for e in entries {
            files(&e, out);
        }
    } else {
        out.push(path.to_path_buf());
    }
}

/// A game's setup, rules and moves, from either format.
fn game(path: &Path) -> Option<(Setup, Rules, Vec<Move>)> {
    let text = std::fs::read_to_string(path).ok()?;
    if looks_like_ucc(&text) {
        let g = UccGame::parse(&text).ok()?;
        let mut rules = Preset::UccReplay.rules();
        rules.max_plies = None;
        let moves = g.moves.iter().filter_map(|m| m.mv).collect();
        Some((g.setup(), rules, moves))
    } else if looks_like_gravon(&text) {
        let g = GravonGame::parse(&text).ok()?;
        Some((g.setup.clone(), Preset::Gravon.rules(), g.moves.clone()))
    } else {
        None
    }
}

/// A mean log-likelihood (printed as its count and its mean).
#[derive(Default)]
struct Mean {
    n: u64,
    sum: f64,
}

impl Mean {
    fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
    }

    fn mean(&self) -> f64 {
        self.sum / self.n.max(1) as f64
    }
}

impl std::fmt::Display for Mean {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {:.4}", self.n, self.mean())
    }
}

/// The log-likelihoods of the true ranks of some pieces: over all of
/// them, and over those of the high ranks.
#[derive(Default)]
struct Likelihoods {
    all: Mean,
    high: Mean,
}

impl Likelihoods {
    /// Scores the probability `dist` gave the true `rank`.
    fn add(&mut self, dist: &[f64; 12], rank: Rank) {
        let l = dist[rank.index()].max(1e-6).ln();
        self.all.add(l);
        if is_high(rank) {
            self.high.add(l);
        }
    }
}

/// What one belief setting scored.
#[derive(Default)]
struct Score {
    /// At the battles.
    battles: Likelihoods,
    /// The sum of the battles' Brier scores.
    brier: f64,
    /// Every moved unknown piece every 20 plies.
    moved: Likelihoods,
}

/// The ranks whose knowledge decides games between equal searchers.
fn is_high(rank: Rank) -> bool {
    matches!(
        rank,
        Rank::Marshal | Rank::General | Rank::Colonel | Rank::Spy
    )
}

/// Scores every setting's belief on the enemy pieces of unknown rank
/// that have moved, for both sides.
fn score_moved(
    pos: &Position,
    trackers: &[Tracker; 2],
    settings: &[(String, BeliefOptions)],
    scores: &mut [Score],
) {
    for viewer in Player::ALL {
        let t = &trackers[viewer.index()];
        // The same pieces for every setting: the view's.
        let pieces: Vec<(Square, Rank)> = Square::all()
            .filter_map(|sq| {
                let seen = t.view().piece_at(sq)?;
                let unknown = seen.owner != viewer && seen.rank.is_none() && seen.moved;
                unknown.then(|| pos.piece_at(sq).map(|p| (sq, p.piece.rank)))?
            })
            .collect();
        for (s, (_, options)) in scores.iter_mut().zip(settings) {
            let b = t.belief(options);
            for &(sq, rank) in &pieces {
                if let Some(dist) = b.distribution(sq) {
                    s.moved.add(&dist, rank);
                }
            }
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let paths: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    if paths.is_empty() {
        return Err("usage: stratego_belief_accuracy PATH...".into());
    }
    let mut all = Vec::new();
    for p in &paths {
        files(p, &mut all);
    }
    // Each soft term on top of the ones before it, then other strengths
    // of the behaviour and of the Flag's neighbourhood and cluster terms.
    let with = |f: &dyn Fn(&mut BeliefOptions)| {
        let mut o = BeliefOptions::default();
        f(&mut o);
        o
    };
    let no_flag = |o: &mut BeliefOptions| (o.flag_neighbours, o.flag_cluster) = (0.0, 0.0);
    let mut settings: Vec<(String, BeliefOptions)> = vec![
        ("hard facts only".into(), BeliefOptions::uniform()),
        (
            "prior 0.5, mirrored".into(),
            with(&|o| {
                no_flag(o);
                (o.prior_weight, o.behaviour) = (0.5, 0.0);
            }),
        ),
        (
            "prior 1, mirrored".into(),
            with(&|o| {
                no_flag(o);
                o.behaviour = 0.0;
            }),
        ),
        (
            "prior 1, as set up".into(),
            with(&|o| {
                no_flag(o);
                (o.symmetric, o.behaviour) = (false, 0.0);
            }),
        ),
    ];
    for b in [0.5, 1.0, 2.0, 3.0] {
        settings.push((
            format!("prior 1, mirrored, behaviour {b}"),
            with(&|o| {
                no_flag(o);
                o.behaviour = b;
            }),
        ));
    }
    for k in [0.5, 1.0, 2.0] {
        settings.push((
            format!("behaviour 1, flag neighbours {k}"),
            with(&|o| (o.flag_neighbours, o.flag_cluster) = (k, 0.0)),
        ));
    }
    for k in [1.0, 2.0] {
        settings.push((
            format!("behaviour 1, flag cluster {k}"),
            with(&|o| (o.flag_neighbours, o.flag_cluster) = (0.0, k)),
        ));
        let default = if k == 1.0 { " (default)" } else { "" };
        settings.push((
            format!("flag neighbours 1, flag cluster {k}{default}"),
            with(&|o| (o.flag_neighbours, o.flag_cluster) = (1.0, k)),
        ));
    }
    let mut scores: Vec<Score> = settings.iter().map(|_| Score::default()).collect();
    let mut games = 0;
    for path in &all {
        let Some((setup, rules, moves)) = game(path) else {
            continue;
        };
        let Ok(mut pos) = Position::from_setup(setup, rules) else {
            continue;
        };
        games += 1;
        let mut trackers = [
            Tracker::new(&pos.view(Player::First)),
            Tracker::new(&pos.view(Player::Second)),
        ];
        for (ply, mv) in moves.into_iter().enumerate() {
            if !pos.is_legal(mv) {
                break;
            }
            if ply % 20 == 10 {
                score_moved(&pos, &trackers, &settings, &mut scores);
            }
            let public = pos.public_move(mv);
            if let Some((a, d)) = public.battle {
                // The unknown piece of the battle, for the side that did
                // not know it.
                let mover = pos.to_move();
                for (viewer, sq, rank) in [(!mover, mv.from, a), (mover, mv.to, d)] {
                    let t = &trackers[viewer.index()];
                    let unknown = t
                        .view()
                        .piece_at(sq)
                        .is_some_and(|p| p.owner != viewer && p.rank.is_none());
                    if !unknown {
                        continue;
                    }
                    for (s, (_, options)) in scores.iter_mut().zip(&settings) {
                        let b = t.belief(options);
                        let Some(dist) = b.distribution(sq) else {
                            continue;
                        };
                        s.battles.add(&dist, rank);
                        s.brier += Rank::ALL
                            .iter()
                            .map(|r| {
                                let y = if *r == rank { 1.0 } else { 0.0 };
                                (dist[r.index()] - y).powi(2)
                            })
                            .sum::<f64>();
                    }
                }
            }
            pos.play(mv)?;
            for t in &mut trackers {
                t.observe(public)?;
            }
        }
    }
    println!("{games} games");
    for ((name, _), s) in settings.iter().zip(&scores) {
        let n = s.battles.all.n.max(1) as f64;
        println!(
            "{name:36} {} battles: log-likelihood {:.4}, Brier {:.4}; high ranks {}; \
             moved pieces every 20 plies {}, high ranks {}",
            s.battles.all.n,
            s.battles.all.mean(),
            s.brier / n,
            s.battles.high,
            s.moved.all,
            s.moved.high
        );
    }
    Ok(())
}
