//! Boards as data: the four boards of the game and any board a user writes
//! in the same ASCII form.
//!
//! A [`Layout`] is unchecked data (rows of squares and gaps); the one
//! constructor [`Board::new`] validates it into a [`Board`], which is always
//! usable: at most [`MAX_SIDE`] columns and rows and [`MAX_SQUARES`] squares,
//! at least two columns, and a start edge (a square that is not a gap) in the
//! first and in the last column.

use core::fmt;
use core::str::FromStr;

use crate::square::{MAX_SIDE, Square};
use crate::stack::Colour;

/// The most squares (including gaps) a board may have.
pub const MAX_SQUARES: usize = 128;

/// One place of a layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// A square pieces may stand on (`.`).
    Square,
    /// A gap: no piece may stand there, a Major may jump over it (`#`).
    Gap,
}

/// An unchecked board: rows from the top, each a list of places from the
/// left. [`Board::new`] turns it into a [`Board`] or says what is wrong.
///
/// Its text form is the spec's: one row per line (or rows separated by `/`),
/// `.` for a square, `#` for a gap, spaces between places optional, blank
/// lines ignored.
///
/// ```
/// use major_rules::{Board, Layout};
/// let layout: Layout = ". . .\n. # .\n. . .".parse().unwrap();
/// let board = Board::new(&layout).unwrap();
/// assert_eq!((board.width(), board.height()), (3, 3));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Layout {
    /// The rows, top first.
    pub rows: Vec<Vec<Place>>,
}

/// Why a layout or board text was rejected. Rows and columns are counted
/// from 1, as a user reads them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No rows at all.
    #[error("the board has no rows")]
    Empty,
    /// A character that is neither `.` nor `#`.
    #[error("row {row}, column {column}: {found:?} is not '.' (square) or '#' (gap)")]
    UnknownSymbol {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A row whose length differs from the first row's.
    #[error("row {row} has {found} places, but the first row has {expected}")]
    RaggedRow {
        /// The row, from 1.
        row: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    /// Fewer than two columns (the two start edges would coincide).
    #[error("the board has {found} column(s); at least 2 are needed")]
    TooNarrow {
        /// The number of columns.
        found: usize,
    },
    /// More columns or rows than [`MAX_SIDE`].
    #[error("the board is {width}x{height}; at most 16 columns and 16 rows are allowed")]
    TooLarge {
        /// The number of columns.
        width: usize,
        /// The number of rows.
        height: usize,
    },
    /// More places than [`MAX_SQUARES`].
    #[error("the board has {found} places; at most 128 are allowed")]
    TooManySquares {
        /// The number of places.
        found: usize,
    },
    /// A start edge (first column for Blue, last for Red) made only of gaps.
    #[error("{colour} has no start edge: column {column} holds only gaps")]
    NoStartEdge {
        /// Whose edge.
        colour: Colour,
        /// The column, from 1.
        column: usize,
    },
    /// A board number other than 1-4.
    #[error("there is no board {found}; the boards are 1-4")]
    UnknownNumber {
        /// The number asked for.
        found: u32,
    },
}

impl FromStr for Layout {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut rows = Vec::new();
        for line in s.split(['\n', '/']) {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() {
                continue;
            }
            let row_no = rows.len() + 1;
            let mut row = Vec::new();
            for found in line.chars().filter(|c| !c.is_whitespace()) {
                let place = match found {
                    '.' => Place::Square,
                    '#' => Place::Gap,
                    _ => {
                        return Err(BoardError::UnknownSymbol {
                            row: row_no,
                            column: row.len() + 1,
                            found,
                        });
                    }
                };
                row.push(place);
            }
            rows.push(row);
        }
        Ok(Layout { rows })
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, row) in self.rows.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            for (j, p) in row.iter().enumerate() {
                if j > 0 {
                    f.write_str(" ")?;
                }
                f.write_str(match p {
                    Place::Square => ".",
                    Place::Gap => "#",
                })?;
            }
        }
        Ok(())
    }
}

/// A validated board: its size, its gaps, and its number if it is one of
/// the game's four. Small and `Copy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    gaps: u128,
    number: u8,
}

/// The layouts of the four boards, as the spec draws them.
const STANDARD: [(&str, &str); 4] = [
    (
        "Classic",
        "........\n........\n........\n........\n........\n........\n........\n........",
    ),
    (
        "Long March",
        "..........\n..........\n..........\n..........\n..........\n..........",
    ),
    (
        "Cross",
        ".........\n.........\n...#.#...\n....#....\n...#.#...\n.........\n.........",
    ),
    (
        "Islands",
        "..........\n..........\n...#..#...\n....##....\n....##....\n...#..#...\n..........\n..........",
    ),
];

impl Board {
    /// Validates a layout. Every problem has its own [`BoardError`]. The
    /// layout of one of the game's four boards gives that board, with its
    /// [`number`](Board::number).
    pub fn new(layout: &Layout) -> Result<Board, BoardError> {
        let height = layout.rows.len();
        if height == 0 {
            return Err(BoardError::Empty);
        }
        let width = layout.rows[0].len();
        for (i, row) in layout.rows.iter().enumerate() {
            if row.len() != width {
                return Err(BoardError::RaggedRow {
                    row: i + 1,
                    expected: width,
                    found: row.len(),
                });
            }
        }
        if width < 2 {
            return Err(BoardError::TooNarrow { found: width });
        }
        if width > usize::from(MAX_SIDE) || height > usize::from(MAX_SIDE) {
            return Err(BoardError::TooLarge { width, height });
        }
        if width * height > MAX_SQUARES {
            return Err(BoardError::TooManySquares {
                found: width * height,
            });
        }
        let mut gaps = 0u128;
        for (r, row) in layout.rows.iter().enumerate() {
            for (c, p) in row.iter().enumerate() {
                if *p == Place::Gap {
                    gaps |= 1 << (r * width + c);
                }
            }
        }
        // Both sizes are at most 16 here.
        let mut board = Board {
            width: width as u8,
            height: height as u8,
            gaps,
            number: 0,
        };
        for colour in Colour::ALL {
            if board.start_stones(colour) == 0 {
                return Err(BoardError::NoStartEdge {
                    colour,
                    column: usize::from(board.start_column(colour)) + 1,
                });
            }
        }
        // A layout that is one of the game's boards is that board, so that
        // a board read back from its ASCII form equals the board.
        if let Some(i) = STANDARD
            .iter()
            .position(|(_, text)| text.parse::<Layout>().is_ok_and(|l| l == *layout))
        {
            board.number = i as u8 + 1;
        }
        Ok(board)
    }

    /// Board `number` (1-4) of the game: 1 Classic, 2 Long March, 3 Cross,
    /// 4 Islands.
    pub fn standard(number: u32) -> Result<Board, BoardError> {
        let index = number
            .checked_sub(1)
            .filter(|&i| i < 4)
            .ok_or(BoardError::UnknownNumber { found: number })?;
        // `Board::new` recognises the layout and gives the board its number.
        Board::new(&STANDARD[index as usize].1.parse()?)
    }

    /// The four boards of the game, by number.
    #[must_use]
    pub fn all_standard() -> Vec<Board> {
        (1..=4).filter_map(|n| Board::standard(n).ok()).collect()
    }

    /// The number of columns.
    #[inline]
    #[must_use]
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// The number of rows.
    #[inline]
    #[must_use]
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// The board's number (1-4) if it is one of the game's boards.
    #[must_use]
    pub const fn number(&self) -> Option<u8> {
        if self.number == 0 {
            None
        } else {
            Some(self.number)
        }
    }

    /// The board's name: "Classic", "Long March", "Cross", "Islands" or
    /// "Custom".
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self.number {
            1..=4 => STANDARD[usize::from(self.number) - 1].0,
            _ => "Custom",
        }
    }

    /// Whether `sq` lies on the board (gap or not).
    #[inline]
    #[must_use]
    pub const fn contains(&self, sq: Square) -> bool {
        sq.column() < self.width && sq.row() < self.height
    }

    /// The index of an on-board square: `row * width + col`.
    #[inline]
    pub(crate) const fn index(&self, sq: Square) -> usize {
        sq.row() as usize * self.width as usize + sq.column() as usize
    }

    /// Whether `sq` is a gap. Squares off the board are not gaps.
    #[inline]
    #[must_use]
    pub const fn is_gap(&self, sq: Square) -> bool {
        self.contains(sq) && self.gaps >> self.index(sq) & 1 == 1
    }

    /// Whether a piece may stand on `sq`: on the board and not a gap.
    #[inline]
    #[must_use]
    pub const fn is_square(&self, sq: Square) -> bool {
        self.contains(sq) && self.gaps >> self.index(sq) & 1 == 0
    }

    /// The gaps as a bit set by index.
    #[inline]
    pub(crate) const fn gap_bits(&self) -> u128 {
        self.gaps
    }

    /// The column of `colour`'s start edge: 0 for Blue, the last for Red.
    #[inline]
    #[must_use]
    pub const fn start_column(&self, colour: Colour) -> u8 {
        match colour {
            Colour::Blue => 0,
            Colour::Red => self.width - 1,
        }
    }

    /// The squares (not gaps) of `colour`'s start edge, top first: where its
    /// stones start and where freed stones return.
    pub fn start_edge(&self, colour: Colour) -> impl Iterator<Item = Square> + '_ {
        let col = self.start_column(colour);
        (0..self.height)
            .filter_map(move |row| Square::new(col, row))
            .filter(|&sq| self.is_square(sq))
    }

    /// The number of stones `colour` starts with: the squares of its start
    /// edge.
    #[must_use]
    pub fn start_stones(&self, colour: Colour) -> u8 {
        self.start_edge(colour).count() as u8
    }

    /// Every square of the board that is not a gap, row by row from the top.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height)
            .flat_map(move |row| (0..self.width).filter_map(move |col| Square::new(col, row)))
            .filter(|&sq| self.is_square(sq))
    }

    /// The board's layout.
    #[must_use]
    pub fn layout(&self) -> Layout {
        let rows = (0..self.height)
            .map(|row| {
                (0..self.width)
                    .map(|col| match Square::new(col, row) {
                        Some(sq) if self.is_gap(sq) => Place::Gap,
                        _ => Place::Square,
                    })
                    .collect()
            })
            .collect();
        Layout { rows }
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// A board number `1`-`4`, or a layout in the ASCII form of [`Layout`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            let found = t.parse().unwrap_or(u32::MAX);
            return Board::standard(found);
        }
        Board::new(&t.parse()?)
    }
}

impl fmt::Display for Board {
    /// The layout in the spec's ASCII form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.layout().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_layouts_match_the_spec() {
        let expect = [
            (1, 8, 8, 8, 0),
            (2, 10, 6, 6, 0),
            (3, 9, 7, 7, 5),
            (4, 10, 8, 8, 8),
        ];
        for (n, w, h, stones, gaps) in expect {
            let b = Board::standard(n).unwrap();
            assert_eq!((b.width(), b.height()), (w, h), "board {n}");
            assert_eq!(b.start_stones(Colour::Blue), stones);
            assert_eq!(b.start_stones(Colour::Red), stones);
            assert_eq!(b.gap_bits().count_ones(), gaps);
            assert_eq!(b.number(), Some(n as u8));
        }
        let cross = Board::standard(3).unwrap();
        for g in ["d3", "f3", "e4", "d5", "f5"] {
            assert!(cross.is_gap(g.parse().unwrap()), "{g}");
        }
        let islands = Board::standard(4).unwrap();
        for g in ["d3", "g3", "e4", "f4", "e5", "f5", "d6", "g6"] {
            assert!(islands.is_gap(g.parse().unwrap()), "{g}");
        }
        assert_eq!(Board::standard(1).unwrap().name(), "Classic");
        assert_eq!(
            Board::standard(5),
            Err(BoardError::UnknownNumber { found: 5 })
        );
        assert_eq!(
            Board::standard(0),
            Err(BoardError::UnknownNumber { found: 0 })
        );
    }

    #[test]
    fn board_errors_name_row_and_column() {
        assert_eq!(
            "...\n.x.".parse::<Board>(),
            Err(BoardError::UnknownSymbol {
                row: 2,
                column: 2,
                found: 'x'
            })
        );
        assert_eq!(
            "...\n..".parse::<Board>(),
            Err(BoardError::RaggedRow {
                row: 2,
                expected: 3,
                found: 2
            })
        );
        assert_eq!("".parse::<Board>(), Err(BoardError::Empty));
        assert_eq!(
            ".\n.".parse::<Board>(),
            Err(BoardError::TooNarrow { found: 1 })
        );
        assert_eq!(
            "#..\n#..".parse::<Board>(),
            Err(BoardError::NoStartEdge {
                colour: Colour::Blue,
                column: 1
            })
        );
        assert_eq!(
            "..#\n..#".parse::<Board>(),
            Err(BoardError::NoStartEdge {
                colour: Colour::Red,
                column: 3
            })
        );
        let wide = ".".repeat(17);
        assert!(matches!(
            wide.parse::<Board>(),
            Err(BoardError::TooLarge { .. })
        ));
        let big = vec![".".repeat(16); 9].join("\n");
        assert_eq!(
            big.parse::<Board>(),
            Err(BoardError::TooManySquares { found: 144 })
        );
    }

    #[test]
    fn board_text_round_trips() {
        for b in Board::all_standard() {
            let again: Board = b.to_string().parse().unwrap();
            // The layout of a standard board is that board, number included.
            assert_eq!(again, b);
            assert!(again.number().is_some());
        }
        let b: Board = ". . #/. . ./# . .".parse().unwrap();
        assert_eq!(b.start_stones(Colour::Blue), 2);
        assert_eq!(
            b.start_edge(Colour::Red)
                .map(|s| s.to_string())
                .collect::<Vec<_>>(),
            ["c2", "c3"]
        );
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Board);
