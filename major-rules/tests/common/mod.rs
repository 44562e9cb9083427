//! A deliberately simple second Major engine, written only for the tests:
//! stacks as vectors of colours on a 2-D grid, moves found by trying every
//! offset, the rules of the spec written out again without sharing code
//! with the library. Differential tests compare it with the fast engine.

#![allow(dead_code, clippy::unwrap_used)]

use board_core::{Game, Outcome, Player, SplitMix64};
use major_rules::{Board, Colour, Move, Position, Square};

/// 0 = Blue, 1 = Red.
type C = u8;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    pub w: i32,
    pub h: i32,
    pub gap: Vec<Vec<bool>>,
    /// `[row][col]`: the colours of the stack, bottom first.
    pub stacks: Vec<Vec<Vec<C>>>,
    pub to_move: C,
    pub threat: Option<(i32, i32)>,
    pub quiet: u32,
    pub limit: u32,
    /// `None`: running; `Some(None)`: draw; `Some(Some(c))`: `c` won.
    pub result: Option<Option<C>>,
}

fn colour_of(c: Colour) -> C {
    match c {
        Colour::Blue => 0,
        Colour::Red => 1,
    }
}

impl Naive {
    /// Copies a position through the public accessors only.
    pub fn from_position(p: &Position) -> Naive {
        let b = p.board();
        let (w, h) = (i32::from(b.width()), i32::from(b.height()));
        let mut gap = vec![vec![false; w as usize]; h as usize];
        let mut stacks = vec![vec![Vec::new(); w as usize]; h as usize];
        for r in 0..h {
            for c in 0..w {
                let sq = Square::new(c as u8, r as u8).unwrap();
                gap[r as usize][c as usize] = b.is_gap(sq);
                if let Some(s) = p.stack(sq) {
                    let top = colour_of(s.top);
                    stacks[r as usize][c as usize] = if s.prisoner {
                        vec![1 - top, top]
                    } else {
                        vec![top]
                    };
                }
            }
        }
        let result = p.outcome().map(|o| match o {
            Outcome::Draw => None,
            Outcome::Win(pl) => Some(colour_of(p.colour(pl))),
        });
        Naive {
            w,
            h,
            gap,
            stacks,
            to_move: colour_of(p.side_to_move()),
            threat: p
                .threat()
                .map(|t| (i32::from(t.column()), i32::from(t.row()))),
            quiet: u32::from(p.quiet()),
            limit: u32::from(p.rules().quiet_move_limit),
            result,
        }
    }

    fn on(&self, c: i32, r: i32) -> bool {
        c >= 0 && r >= 0 && c < self.w && r < self.h
    }

    fn top(&self, c: i32, r: i32) -> Option<C> {
        self.stacks[r as usize][c as usize].last().copied()
    }

    fn edge(&self, colour: C) -> i32 {
        if colour == 0 { 0 } else { self.w - 1 }
    }

    /// Every legal move of `colour` (ignoring whether the game is over), as
    /// `((c, r), (c, r))`.
    pub fn moves_of(&self, colour: C) -> Vec<((i32, i32), (i32, i32))> {
        let mut out = Vec::new();
        let fwd = if colour == 0 { 1 } else { -1 };
        for r in 0..self.h {
            for c in 0..self.w {
                if self.top(c, r) != Some(colour) {
                    continue;
                }
                let reach = self.stacks[r as usize][c as usize].len() as i32;
                for dr in -2..=2i32 {
                    for dc in -2..=2i32 {
                        if dc.abs().max(dr.abs()) != reach {
                            continue;
                        }
                        let (tc, tr) = (c + dc, r + dr);
                        if !self.on(tc, tr) || self.gap[tr as usize][tc as usize] {
                            continue;
                        }
                        match self.top(tc, tr) {
                            Some(t) if t == colour => continue,
                            Some(_) => {}
                            None if dc * fwd < 0 => continue,
                            None => {}
                        }
                        out.push(((c, r), (tc, tr)));
                    }
                }
            }
        }
        out
    }

    pub fn moves(&self) -> Vec<Move> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mut v: Vec<Move> = self
            .moves_of(self.to_move)
            .into_iter()
            .map(|((c, r), (tc, tr))| {
                Move::new(
                    Square::new(c as u8, r as u8).unwrap(),
                    Square::new(tc as u8, tr as u8).unwrap(),
                )
            })
            .collect();
        v.sort();
        v
    }

    fn free_pieces(&self, colour: C) -> usize {
        self.stacks
            .iter()
            .flatten()
            .filter(|s| s.last() == Some(&colour))
            .count()
    }

    pub fn play(&mut self, mv: Move) {
        let me = self.to_move;
        let opp = 1 - me;
        let (c, r) = (i32::from(mv.from.column()), i32::from(mv.from.row()));
        let (tc, tr) = (i32::from(mv.to.column()), i32::from(mv.to.row()));
        let mover = std::mem::take(&mut self.stacks[r as usize][c as usize]);
        let target = std::mem::take(&mut self.stacks[tr as usize][tc as usize]);
        let mut freed = false;
        let landed = if target.is_empty() || mover.len() == 2 {
            mover
        } else {
            if target.len() == 2 {
                freed = true;
            }
            vec![opp, me]
        };
        self.stacks[tr as usize][tc as usize] = landed;
        if freed {
            let col = self.edge(me);
            for row in 0..self.h {
                if !self.gap[row as usize][col as usize]
                    && self.stacks[row as usize][col as usize].is_empty()
                {
                    self.stacks[row as usize][col as usize] = vec![me];
                    break;
                }
            }
        }
        self.to_move = opp;
        if let Some(t) = self.threat.take()
            && t != (tc, tr)
        {
            self.result = Some(Some(opp));
            return;
        }
        if self.free_pieces(opp) == 0 {
            self.result = Some(Some(me));
            return;
        }
        if tc == self.edge(opp) {
            let answer = self.moves_of(opp).iter().any(|&(_, to)| to == (tc, tr));
            // The threat stays in the final position when it cannot be
            // answered.
            self.threat = Some((tc, tr));
            if !answer {
                self.result = Some(Some(me));
                return;
            }
        }
        let fwd = if me == 0 { 1 } else { -1 };
        if (tc - c) * fwd > 0 {
            self.quiet = 0;
        } else {
            self.quiet += 1;
            if self.limit > 0 && self.quiet >= self.limit {
                self.result = Some(None);
                return;
            }
        }
        if self.moves_of(opp).is_empty() {
            self.result = Some(Some(me));
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|m| {
                let mut n = self.clone();
                n.play(m);
                n.perft(depth - 1)
            })
            .sum()
    }
}

/// A game that never ends (the spec has no repetition rule): on this 3x3
/// board each side's only move is a forward capture that frees a stone
/// back onto its edge, so the quiet-move count stays 0.
pub const ENDLESS: &str = "- b#r/#B#/.#. r - 0";

/// The legal moves of a position, sorted.
pub fn sorted_moves(p: &Position) -> Vec<Move> {
    let mut v = p.moves().to_vec();
    v.sort();
    v
}

/// A position reached by `plies` random moves from the start of `board`
/// (fewer if the game ends).
pub fn random_game(board: Board, plies: usize, rng: &mut SplitMix64) -> Position {
    let mut p = Position::start(board);
    for _ in 0..plies {
        let moves = p.moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        p.play(mv).unwrap();
    }
    p
}

/// The winner as a colour, for readable assertions.
pub fn winner_of(p: &Position) -> Option<Colour> {
    match p.outcome() {
        Some(Outcome::Win(Player::First)) => Some(p.colour(Player::First)),
        Some(Outcome::Win(Player::Second)) => Some(p.colour(Player::Second)),
        _ => None,
    }
}
