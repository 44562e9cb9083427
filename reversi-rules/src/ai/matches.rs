//! Self-play matches: games between two engines from balanced openings,
//! each opening played twice with the colours swapped.

use std::collections::HashMap;

use crate::wthor::WthorLine;
use crate::{Move, Position};
use board_core::{Game, Player};

use crate::ai::levels::Engine;

/// The `count` most frequent openings of `plies` moves among the games of
/// a WTHOR text file (tournament openings, so balanced ones), most
/// frequent first, ties in first-seen order.
#[must_use]
pub fn openings_from_wthor(text: &str, plies: usize, count: usize) -> Vec<Vec<Move>> {
    let mut seen: HashMap<Vec<Move>, (usize, usize)> = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let Ok(g) = line.parse::<WthorLine>() else {
            continue;
        };
        let moves = g.moves.moves();
        if moves.len() < plies || moves.iter().take(plies).any(|m| *m == Move::Pass) {
            continue;
        }
        let e = seen.entry(moves[..plies].to_vec()).or_insert((0, i));
        e.0 += 1;
    }
    let mut list: Vec<(Vec<Move>, (usize, usize))> = seen.into_iter().collect();
    list.sort_by(|a, b| b.1.0.cmp(&a.1.0).then(a.1.1.cmp(&b.1.1)));
    list.into_iter().take(count).map(|(m, _)| m).collect()
}

/// The result of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The moves, opening included.
    pub moves: Vec<Move>,
    /// Black's final disc count minus White's.
    pub black_minus_white: i32,
}

/// Plays one game from the start position after `opening` (moves that are
/// illegal end the opening early), `black` and `white` choosing the rest.
pub fn play_game(black: &mut Engine, white: &mut Engine, opening: &[Move]) -> GameRecord {
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for &m in opening {
        if pos.play(m).is_err() {
            break;
        }
        moves.push(m);
    }
    while !pos.is_game_over() && moves.len() < 200 {
        let engine = if pos.to_move() == Player::First {
            &mut *black
        } else {
            &mut *white
        };
        let Some(m) = engine.choose(&pos).best else {
            break;
        };
        if pos.play(m).is_err() {
            break;
        }
        moves.push(m);
    }
    let counts = pos.disc_counts();
    GameRecord {
        moves,
        black_minus_white: counts.first as i32 - counts.second as i32,
    }
}

/// A match's tally, from the first engine's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games won by the first engine.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games lost by the first engine.
    pub losses: u32,
    /// The first engine's total disc difference.
    pub discs: i64,
}

impl Tally {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's score: wins plus half the draws, as a fraction.
    #[must_use]
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }
}

/// Plays every opening twice (first engine Black, then White); `progress`
/// hears each game's number, whether the first engine was Black, and its
/// record.
pub fn play_match(
    first: &mut Engine,
    second: &mut Engine,
    openings: &[Vec<Move>],
    mut progress: impl FnMut(usize, bool, &GameRecord),
) -> Tally {
    let mut t = Tally::default();
    let mut n = 0;
    for opening in openings {
        for first_black in [true, false] {
            let rec = if first_black {
                play_game(first, second, opening)
            } else {
                play_game(second, first, opening)
            };
            let d = if first_black {
                rec.black_minus_white
            } else {
                -rec.black_minus_white
            };
            match d.cmp(&0) {
                core::cmp::Ordering::Greater => t.wins += 1,
                core::cmp::Ordering::Equal => t.draws += 1,
                core::cmp::Ordering::Less => t.losses += 1,
            }
            t.discs += i64::from(d);
            n += 1;
            progress(n, first_black, &rec);
        }
    }
    t
}
