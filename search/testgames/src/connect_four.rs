//! Bitboard Connect Four.

use core::fmt;
use core::str::FromStr;

use board_core::arrayvec::ArrayVec;
use board_core::{Game, IllegalMove, Outcome, Player, Undo, ZobristHash, zobrist_keys};
use board_search::Evaluator;

/// Columns of the board.
pub const WIDTH: u32 = 7;
/// Rows of the board.
pub const HEIGHT: u32 = 6;
/// Bits per column: the rows and one sentinel bit.
const H1: u32 = HEIGHT + 1;

const fn bottom_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * H1);
        c += 1;
    }
    m
}
const BOTTOM: u64 = bottom_mask();
/// Every playable cell.
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// Zobrist keys: one per cell for each player, and the side to move.
static KEYS: [u64; 2 * 49 + 1] = zobrist_keys(0xC0_4E_C7_F0_u64);

#[inline]
const fn column_mask(col: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (col * H1)
}

#[inline]
const fn top_cell(col: u32) -> u64 {
    1 << (HEIGHT - 1 + col * H1)
}

/// Whether the stones `s` hold four in a row.
#[inline]
const fn aligned(s: u64) -> bool {
    // Horizontal, the two diagonals, vertical.
    let shifts = [H1, H1 - 1, H1 + 1, 1];
    let mut i = 0;
    while i < 4 {
        let d = shifts[i];
        let m = s & (s >> d);
        if m & (m >> (2 * d)) != 0 {
            return true;
        }
        i += 1;
    }
    false
}

/// The empty cells that would complete four in a row for the stones `s`.
#[inline]
const fn threats(s: u64, mask: u64) -> u64 {
    // Vertical: three stacked with the cell above.
    let mut r = (s << 1) & (s << 2) & (s << 3);
    let shifts = [H1, H1 - 1, H1 + 1];
    let mut i = 0;
    while i < 3 {
        let d = shifts[i];
        let mut p = (s << d) & (s << (2 * d));
        r |= p & (s << (3 * d));
        r |= p & (s >> d);
        p = (s >> d) & (s >> (2 * d));
        r |= p & (s << d);
        r |= p & (s >> (3 * d));
        i += 1;
    }
    r & (BOARD ^ mask)
}

/// A Connect Four position: 7 columns of 6, [`Player::First`] starts. A move
/// is the column (0–6) a stone is dropped into.
///
/// Text form: the columns played, `1`–`7`, e.g. `"4453"`.
///
/// ```
/// use board_core::{Game, Outcome, Player};
/// use spielwerk_testgames::ConnectFour;
/// let pos: ConnectFour = "1212121".parse().unwrap();
/// assert_eq!(pos.outcome(), Some(Outcome::Win(Player::First)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    /// Stones of the player to move.
    current: u64,
    /// Every stone.
    mask: u64,
    moves: u8,
    hash: u64,
    over: Option<Outcome>,
}

impl Default for ConnectFour {
    fn default() -> Self {
        ConnectFour::new()
    }
}

impl ConnectFour {
    /// The position after up to `plies` random moves drawn with
    /// SplitMix64 from `seed`, stopping before a move that would end the
    /// game: a game still in progress, for tests and benchmarks.
    #[must_use]
    pub fn random_unfinished(seed: u64, plies: u32) -> Self {
        let mut rng = board_core::SplitMix64::new(seed);
        let mut pos = ConnectFour::new();
        for _ in 0..plies {
            let moves = pos.moves();
            let mv = moves.as_slice()[rng.below(moves.len() as u64) as usize];
            let mut next = pos;
            next.play_unchecked(mv);
            if next.outcome().is_some() {
                break;
            }
            pos = next;
        }
        pos
    }

    /// The empty board.
    #[must_use]
    pub const fn new() -> Self {
        ConnectFour {
            current: 0,
            mask: 0,
            moves: 0,
            hash: 0,
            over: None,
        }
    }

    /// The number of stones on the board.
    #[must_use]
    pub const fn stones(&self) -> u32 {
        self.moves as u32
    }

    /// The stones of `player`, as a bitboard (bit `7 * column + row`, row 0 at
    /// the bottom).
    #[must_use]
    pub const fn stones_of(&self, player: Player) -> u64 {
        let to_move_is_first = self.moves.is_multiple_of(2);
        let first_to_move = matches!(player, Player::First) == to_move_is_first;
        if first_to_move {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// Every stone, as a bitboard.
    #[must_use]
    pub const fn occupied(&self) -> u64 {
        self.mask
    }

    /// The cells where the player to move would complete four.
    #[must_use]
    pub const fn own_threats(&self) -> u64 {
        threats(self.current, self.mask)
    }

    /// The cells where the opponent would complete four.
    #[must_use]
    pub const fn opponent_threats(&self) -> u64 {
        threats(self.current ^ self.mask, self.mask)
    }

    fn cell_key(&self, cell: u64, player: Player) -> u64 {
        KEYS[cell.trailing_zeros() as usize + 49 * player.index()]
    }
}

impl Game for ConnectFour {
    type Move = u8;
    type MoveList = ArrayVec<u8, 7>;
    type Error = IllegalMove<u8>;

    #[inline]
    fn to_move(&self) -> Player {
        if self.moves.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        if self.over.is_some() {
            return;
        }
        for col in 0..WIDTH {
            if self.mask & top_cell(col) == 0 {
                moves.push(col as u8);
            }
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: u8) {
        let me = self.to_move();
        let col = u32::from(mv);
        let new = (self.mask + (1 << (col * H1))) & column_mask(col);
        self.hash ^= self.cell_key(new, me) ^ KEYS[98];
        self.current ^= self.mask;
        self.mask |= new;
        self.moves += 1;
        if aligned(self.current ^ self.mask) {
            self.over = Some(Outcome::Win(me));
        } else if u32::from(self.moves) == WIDTH * HEIGHT {
            self.over = Some(Outcome::Draw);
        }
    }

    fn play(&mut self, mv: u8) -> Result<(), Self::Error> {
        if self.over.is_some() {
            return Err(IllegalMove {
                mv,
                reason: "the game is over",
            });
        }
        if u32::from(mv) >= WIDTH {
            return Err(IllegalMove {
                mv,
                reason: "no such column (0-6)",
            });
        }
        if self.mask & top_cell(u32::from(mv)) != 0 {
            return Err(IllegalMove {
                mv,
                reason: "the column is full",
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.over
    }

    #[inline]
    fn is_legal(&self, mv: u8) -> bool {
        self.over.is_none() && u32::from(mv) < WIDTH && self.mask & top_cell(u32::from(mv)) == 0
    }
}

impl Undo for ConnectFour {
    type Undo = ();

    #[inline]
    fn make(&mut self, mv: u8) {
        self.play_unchecked(mv);
    }

    #[inline]
    fn unmake(&mut self, mv: u8, (): ()) {
        let col = u32::from(mv);
        let in_col = self.mask & column_mask(col);
        let top = 1u64 << (63 - in_col.leading_zeros());
        self.mask ^= top;
        self.current ^= self.mask;
        self.moves -= 1;
        self.over = None;
        let me = self.to_move();
        self.hash ^= self.cell_key(top, me) ^ KEYS[98];
    }
}

impl ZobristHash for ConnectFour {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = if self.to_move() == Player::Second {
            KEYS[98]
        } else {
            0
        };
        for p in Player::ALL {
            let mut s = self.stones_of(p);
            while s != 0 {
                h ^= self.cell_key(s & s.wrapping_neg(), p);
                s &= s - 1;
            }
        }
        h
    }
}

/// Why a Connect Four move string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseConnectFourError {
    /// A character other than `1`–`7`.
    #[error("character {index}: {found:?} is not a column 1-7")]
    NotAColumn {
        /// Its position in the string (0-based).
        index: usize,
        /// The character.
        found: char,
    },
    /// A move into a full column, or after the game ended.
    #[error("move {index}: column {column} cannot be played ({reason})")]
    Illegal {
        /// The move's position in the string (0-based).
        index: usize,
        /// The column, 1-7.
        column: u8,
        /// Why.
        reason: &'static str,
    },
}

impl FromStr for ConnectFour {
    type Err = ParseConnectFourError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut pos = ConnectFour::new();
        for (index, found) in s.chars().enumerate() {
            let column = match found {
                '1'..='7' => found as u8 - b'0',
                _ => return Err(ParseConnectFourError::NotAColumn { index, found }),
            };
            pos.play(column - 1)
                .map_err(|e| ParseConnectFourError::Illegal {
                    index,
                    column,
                    reason: e.reason,
                })?;
        }
        Ok(pos)
    }
}

impl fmt::Display for ConnectFour {
    /// The board, top row first: `X` the first player, `O` the second.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = self.stones_of(Player::First);
        for row in (0..HEIGHT).rev() {
            for col in 0..WIDTH {
                let bit = 1u64 << (col * H1 + row);
                let c = if self.mask & bit == 0 {
                    '.'
                } else if first & bit != 0 {
                    'X'
                } else {
                    'O'
                };
                write!(f, "{c}")?;
                if col + 1 < WIDTH {
                    f.write_str(" ")?;
                }
            }
            writeln!(f)?;
        }
        f.write_str("1 2 3 4 5 6 7")
    }
}

/// A simple Connect Four evaluation: open threats (cells that would complete
/// four) weighted by how soon they can be played, and centre control.
/// Bounded by ±1000.
#[derive(Debug, Clone, Copy, Default)]
pub struct ConnectFourEval;

impl Evaluator<ConnectFour> for ConnectFourEval {
    #[inline]
    fn evaluate(&self, pos: &ConnectFour) -> i32 {
        let own = pos.own_threats().count_ones() as i32;
        let opp = pos.opponent_threats().count_ones() as i32;
        let centre = column_mask(3);
        let mine = (pos.current & centre).count_ones() as i32;
        let theirs = ((pos.current ^ pos.mask) & centre).count_ones() as i32;
        (8 * (own - opp) + 3 * (mine - theirs)).clamp(-1000, 1000)
    }

    #[inline]
    fn move_hint(&self, _pos: &ConnectFour, mv: u8) -> i32 {
        3 - (i32::from(mv) - 3).abs()
    }

    fn history_size(&self) -> usize {
        14
    }

    #[inline]
    fn history_index(&self, pos: &ConnectFour, mv: u8) -> usize {
        usize::from(mv) + 7 * pos.to_move().index()
    }

    fn bound(&self) -> i32 {
        1000
    }
}

#[cfg(test)]
mod tests {
    use board_core::{perft, perft_undo};

    use super::*;

    /// A deliberately simple Connect Four on a 2-D array, for differential
    /// tests of the bitboard version.
    #[derive(Clone)]
    struct Naive {
        cells: [[u8; 6]; 7],
        moves: u32,
        won: bool,
    }

    impl Naive {
        fn legal(&self) -> Vec<u8> {
            if self.won || self.moves == 42 {
                return Vec::new();
            }
            (0..7).filter(|&c| self.cells[c as usize][5] == 0).collect()
        }
        fn play(&mut self, col: u8) {
            let c = col as usize;
            let r = (0..6).find(|&r| self.cells[c][r] == 0).unwrap();
            let who = 1 + (self.moves % 2) as u8;
            self.cells[c][r] = who;
            self.moves += 1;
            for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
                let mut run = 1;
                for sign in [1, -1] {
                    let (mut x, mut y) = (c as i32 + sign * dc, r as i32 + sign * dr);
                    while (0..7).contains(&x)
                        && (0..6).contains(&y)
                        && self.cells[x as usize][y as usize] == who
                    {
                        run += 1;
                        x += sign * dc;
                        y += sign * dr;
                    }
                }
                if run >= 4 {
                    self.won = true;
                }
            }
        }
        fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            self.legal()
                .into_iter()
                .map(|m| {
                    let mut c = self.clone();
                    c.play(m);
                    c.perft(depth - 1)
                })
                .sum()
        }
    }

    #[test]
    fn perft_matches_a_naive_generator() {
        let start = ConnectFour::new();
        let naive = Naive {
            cells: [[0; 6]; 7],
            moves: 0,
            won: false,
        };
        for depth in 0..=8 {
            assert_eq!(perft(&start, depth), naive.perft(depth), "depth {depth}");
        }
        assert_eq!(perft(&start, 6), 7u64.pow(6));
        // The seven ways to fill one column in six plies leave six moves.
        assert_eq!(perft(&start, 7), 7u64.pow(7) - 7);
        assert!(
            perft(&start, 8) < 7u64.pow(8),
            "wins at ply 7 end some games"
        );
        let mut p = start;
        assert_eq!(perft_undo(&mut p, 8), perft(&start, 8));
        assert_eq!(p, start);
    }

    #[test]
    fn random_games_agree_with_the_naive_game_and_hash() {
        let mut rng = board_core::SplitMix64::new(5);
        for _ in 0..300 {
            let mut fast = ConnectFour::new();
            let mut naive = Naive {
                cells: [[0; 6]; 7],
                moves: 0,
                won: false,
            };
            loop {
                let moves = fast.moves();
                assert_eq!(moves.to_vec(), naive.legal());
                assert_eq!(fast.zobrist(), fast.zobrist_from_scratch());
                if moves.is_empty() {
                    assert!(fast.outcome().is_some());
                    assert_eq!(matches!(fast.outcome(), Some(Outcome::Win(_))), naive.won);
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                let before = fast;
                fast.make(mv);
                let mut undone = fast;
                undone.unmake(mv, ());
                assert_eq!(undone, before);
                naive.play(mv);
            }
        }
    }

    #[test]
    fn wins_in_every_direction_are_seen() {
        for (moves, winner) in [
            ("1212121", Player::First),       // vertical
            ("1122334", Player::First),       // horizontal
            ("12233434474", Player::First),   // diagonal up-right
            ("176655454414", Player::Second), // diagonal up-left
        ] {
            let pos: ConnectFour = moves.parse().unwrap();
            assert_eq!(pos.outcome(), Some(Outcome::Win(winner)), "{moves}\n{pos}");
        }
        let not_yet: ConnectFour = "121212".parse().unwrap();
        assert_eq!(not_yet.outcome(), None);
    }

    #[test]
    fn parse_errors_say_where() {
        assert_eq!(
            "12x".parse::<ConnectFour>(),
            Err(ParseConnectFourError::NotAColumn {
                index: 2,
                found: 'x'
            })
        );
        assert!(matches!(
            "1111111".parse::<ConnectFour>(),
            Err(ParseConnectFourError::Illegal {
                index: 6,
                column: 1,
                ..
            })
        ));
        assert!(matches!(
            "12121212".parse::<ConnectFour>(),
            Err(ParseConnectFourError::Illegal {
                index: 7,
                reason: "the game is over",
                ..
            })
        ));
    }

    #[test]
    fn threats_find_the_completing_cell() {
        // X on columns 1-3 of the bottom row, O on top of them.
        let pos: ConnectFour = "112233".parse().unwrap();
        assert_eq!(pos.own_threats(), 1 << (3 * H1));
        assert_eq!(pos.opponent_threats(), 1 << (3 * H1 + 1));
        let quiet: ConnectFour = "1726".parse().unwrap();
        assert_eq!(quiet.own_threats() | quiet.opponent_threats(), 0);
    }
}
