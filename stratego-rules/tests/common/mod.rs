//! A deliberately simple second move generator, written only for the
//! tests: coordinates instead of tables, the two-square rule recomputed
//! from the whole move history, no incremental state.

#![allow(dead_code)]

use board_core::{Game, Player, SplitMix64};
use stratego_rules::{Army, Deployment, Move, Position, Rank, Rules, Setup, Square};

/// A played move as the simple generator remembers it.
#[derive(Debug, Clone, Copy)]
pub struct Played {
    pub player: Player,
    pub from: (i32, i32),
    pub to: (i32, i32),
    pub attack: bool,
}

/// A position plus the history the simple generator needs.
#[derive(Debug, Clone)]
pub struct Game2 {
    pub pos: Position,
    pub history: Vec<Played>,
}

const LAKES: [&str; 8] = ["c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"];

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn square(f: i32, r: i32) -> Option<Square> {
    name(f, r).parse().ok()
}

fn is_lake(f: i32, r: i32) -> bool {
    LAKES.contains(&name(f, r).as_str())
}

/// The two-square series count of `player` after a hypothetical
/// non-attacking move `from`-`to`, recomputed from scratch: walk the
/// player's own moves; a move continues the series if the same piece moves
/// again (from where the last one ended), along the same line, crossing at
/// least one boundary every move of the series crossed; an attack ends the
/// series; anything else starts a new one.
fn series_after(history: &[Played], player: Player, from: (i32, i32), to: (i32, i32)) -> u32 {
    let mut count = 0u32;
    let mut at = (0, 0);
    let mut span: Option<(bool, i32, i32, i32)> = None; // (vertical, line, lo, hi) in boundary units
    let own = history
        .iter()
        .filter(|p| p.player == player)
        .map(|p| (p.from, p.to, p.attack))
        .chain(std::iter::once((from, to, false)));
    for (f, t, attack) in own {
        if attack {
            count = 0;
            span = None;
            continue;
        }
        let vertical = f.0 == t.0;
        let (line, a, b) = if vertical {
            (f.0, f.1, t.1)
        } else {
            (f.1, f.0, t.0)
        };
        let (lo, hi) = (a.min(b), a.max(b));
        let cont = match span {
            Some((v, l, slo, shi)) if count > 0 && at == f && v == vertical && l == line => {
                let (ilo, ihi) = (lo.max(slo), hi.min(shi));
                (ilo < ihi).then_some((v, l, ilo, ihi))
            }
            _ => None,
        };
        match cont {
            Some(s) => {
                span = Some(s);
                count += 1;
            }
            None => {
                span = Some((vertical, line, lo, hi));
                count = 1;
            }
        }
        at = t;
    }
    count
}

impl Game2 {
    pub fn new(pos: Position) -> Game2 {
        Game2 {
            pos,
            history: Vec::new(),
        }
    }

    /// Whether the game is over for a reason other than "the side to move
    /// cannot move": a captured Flag, an immobile side (with that rule), a
    /// move limit.
    pub fn over_early(&self) -> bool {
        let rules = self.pos.rules();
        let mut flags = [0; 2];
        let mut movable = [0; 2];
        for sq in Square::all() {
            if let Some(p) = self.pos.piece_at(sq) {
                let i = p.piece.owner.index();
                match p.piece.rank {
                    Rank::Flag => flags[i] += 1,
                    Rank::Bomb => {}
                    _ => movable[i] += 1,
                }
            }
        }
        flags.contains(&0)
            || (rules.immobile_side_loses_at_once && movable.contains(&0))
            || rules.max_plies.is_some_and(|m| self.pos.ply() >= m)
            || rules
                .max_plies_without_battle
                .is_some_and(|m| self.pos.plies_without_battle() >= m)
    }

    /// The legal moves by the simple method, sorted.
    pub fn simple_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.over_early() {
            return out;
        }
        let me = self.pos.to_move();
        let rules: Rules = self.pos.rules();
        for f in 0..10 {
            for r in 0..10 {
                let Some(sq) = square(f, r) else { continue };
                let Some(p) = self.pos.piece_at(sq) else {
                    continue;
                };
                if p.piece.owner != me || matches!(p.piece.rank, Rank::Bomb | Rank::Flag) {
                    continue;
                }
                let scout = p.piece.rank == Rank::Scout;
                for (df, dr) in [(0, 1), (0, -1), (-1, 0), (1, 0)] {
                    for k in 1..10 {
                        let (tf, tr) = (f + df * k, r + dr * k);
                        if !(0..10).contains(&tf) || !(0..10).contains(&tr) || is_lake(tf, tr) {
                            break;
                        }
                        let Some(to) = square(tf, tr) else { break };
                        match self.pos.piece_at(to) {
                            None => {
                                let n = series_after(&self.history, me, (f, r), (tf, tr));
                                if rules.two_square.is_none_or(|limit| n <= u32::from(limit)) {
                                    out.push(Move::new(sq, to));
                                }
                            }
                            Some(t) => {
                                if t.piece.owner != me && (k == 1 || rules.scout_range_attack) {
                                    out.push(Move::new(sq, to));
                                }
                                break;
                            }
                        }
                        if !scout {
                            break;
                        }
                    }
                }
            }
        }
        out.sort_by_key(|m| (m.from, m.to));
        out
    }

    pub fn play(&mut self, mv: Move) {
        let attack = self.pos.piece_at(mv.to).is_some();
        let player = self.pos.to_move();
        let c = |s: Square| (i32::from(s.column()), i32::from(s.row()));
        self.history.push(Played {
            player,
            from: c(mv.from),
            to: c(mv.to),
            attack,
        });
        self.pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Perft by the simple generator (copy-make, no bulk counting).
pub fn simple_perft(g: &Game2, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for mv in g.simple_moves() {
        let mut child = g.clone();
        child.play(mv);
        total += simple_perft(&child, depth - 1);
    }
    total
}

/// A start position from two random deployments.
pub fn random_start(army: Army, rules: Rules, seed: u64) -> Position {
    let mut rng = SplitMix64::new(seed);
    let red = Deployment::random(army, &mut rng);
    let blue = Deployment::random(army, &mut rng);
    Position::from_setup(Setup::from_deployments(army, &red, &blue), rules)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Rules from six bits: range attacks, the two-square limit (off, 1, 3,
/// 5), a ply limit, a quiet-ply limit, immobility losing at once.
pub fn rules_from(bits: u8) -> Rules {
    Rules {
        scout_range_attack: bits & 1 != 0,
        two_square: match (bits >> 1) & 3 {
            0 => None,
            1 => Some(1),
            2 => Some(3),
            _ => Some(5),
        },
        more_squares: false,
        max_plies: (bits & 8 != 0).then_some(150),
        max_plies_without_battle: (bits & 16 != 0).then_some(40),
        immobile_side_loses_at_once: bits & 32 != 0,
    }
}

/// `pos` with the hidden ranks of `side` shuffled among its unrevealed
/// pieces (moved pieces among moved ones), through the text form.
pub fn shuffle_hidden(pos: &Position, side: Player, seed: u64) -> Position {
    let text = pos.to_string();
    let (board, rest) = text.split_once(' ').unwrap_or((&text, ""));
    // Tokens: (rank letter index in `chars`, moved, revealed, owner).
    let chars: Vec<char> = board.chars().collect();
    let mut groups: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphabetic() {
            continue;
        }
        let owner = if c.is_ascii_uppercase() {
            Player::First
        } else {
            Player::Second
        };
        let moved = chars.get(i + 1) == Some(&'\'');
        let revealed = chars.get(i + 1) == Some(&'*') || chars.get(i + 2) == Some(&'*');
        if owner == side && !revealed {
            groups[usize::from(moved)].push(i);
        }
    }
    let mut out = chars.clone();
    let mut rng = SplitMix64::new(seed);
    for g in &groups {
        let mut letters: Vec<char> = g.iter().map(|&i| chars[i]).collect();
        for i in (1..letters.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            letters.swap(i, j);
        }
        for (&i, l) in g.iter().zip(letters) {
            out[i] = l;
        }
    }
    let new: String = out.into_iter().collect();
    Position::parse_with_rules(&format!("{new} {rest}"), pos.rules())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The Battlegeneral start with the predefined deployments `red` and
/// `blue`, ending in a draw after `max_plies`.
pub fn predefined_start(red: usize, blue: usize, max_plies: u32) -> Position {
    let d = stratego_rules::predefined();
    let mut rules = stratego_rules::Preset::Battlegeneral.rules();
    rules.max_plies = Some(max_plies);
    Position::from_setup(
        Setup::from_deployments(Army::Classic, &d[red].1, &d[blue].1),
        rules,
    )
    .unwrap_or_else(|e| panic!("{e}"))
}
