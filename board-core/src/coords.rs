//! Square names and board diagrams, the same in every game.
//!
//! Every Spielwerk game names a square by its column letter (`a` for the
//! first column) and its row number (`1` for the first row): `e3`, `j10`.
//! [`parse_square`] reads such a name for a board of any size up to 26
//! columns and 99 rows, in either case, and says in a [`ParseSquareError`]
//! what was wrong and where. [`Frame`] draws the coordinate labels around a
//! text diagram of any width, height and orientation; the game supplies
//! the cells.
//!
//! ```
//! use std::fmt::Write;
//! use board_core::coords::{self, Frame};
//!
//! assert_eq!(coords::parse_square("c2", 8, 8), Ok((2, 1)));
//! assert_eq!(coords::parse_square("J10", 10, 10), Ok((9, 9)));
//! let error = coords::parse_square("k1", 10, 10).unwrap_err();
//! assert_eq!(error.to_string(), r#"square "k1": 'k' is not a column a-j"#);
//!
//! // A 3x2 board, row 1 at the top, a dot in every cell.
//! let mut text = String::new();
//! Frame::new(3, 2).write(&mut text, |f, _column, _row| f.write_str(" ."))?;
//! assert_eq!(text, "  a b c\n1 . . .\n2 . . .\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::{self, Write};

/// The most columns a square name can say (`a`..`z`).
pub const MAX_COLUMNS: u8 = 26;
/// The most rows a square name can say (`1`..`99`).
pub const MAX_ROWS: u8 = 99;

/// Why a square name was rejected: what was wrong, and the name it was in.
///
/// Every game's `Square` parser returns this error.
///
/// ```
/// use board_core::coords::{ParseSquareError, parse_square};
/// assert_eq!(parse_square("", 8, 8), Err(ParseSquareError::Empty));
/// assert!(matches!(parse_square("a9", 8, 8), Err(ParseSquareError::Row { .. })));
/// assert_eq!(
///     parse_square("c", 8, 8).unwrap_err().to_string(),
///     r#"square "c": no row number after the column (1-8)"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// Nothing to parse.
    #[error("empty square name")]
    Empty,
    /// The first character is not a column letter of the board.
    #[error("square {text:?}: {found:?} is not a column a-{last}")]
    Column {
        /// The whole name.
        text: String,
        /// The character where the column letter should be.
        found: char,
        /// The last column letter of the board.
        last: char,
    },
    /// What follows the column letter is not a row number of the board
    /// (missing, not a number, `0`, a leading zero, or too high).
    #[error("square {text:?}: {}", row_problem(found, *rows))]
    Row {
        /// The whole name.
        text: String,
        /// What stands where the row number should be.
        found: String,
        /// How many rows the board has.
        rows: u8,
    },
}

fn row_problem(found: &str, rows: u8) -> String {
    if found.is_empty() {
        format!("no row number after the column (1-{rows})")
    } else {
        format!("{found:?} is not a row 1-{rows}")
    }
}

/// The column letter of column `column` (0 = `a`), `?` beyond `z`.
#[must_use]
pub const fn column_letter(column: u8) -> char {
    if column < MAX_COLUMNS {
        (b'a' + column) as char
    } else {
        '?'
    }
}

/// Writes the name of the square in `column` and `row` (both from 0):
/// `a1` for (0, 0), `j10` for (9, 9).
///
/// # Errors
///
/// The writer's error.
pub fn write_square(f: &mut dyn Write, column: u8, row: u8) -> fmt::Result {
    write!(f, "{}{}", column_letter(column), u16::from(row) + 1)
}

/// Parses the name of a square on a board of `columns` columns and `rows`
/// rows: a column letter in either case and a row number without a sign or
/// leading zero, nothing around them. Returns `(column, row)`, both from 0.
///
/// # Errors
///
/// [`ParseSquareError`] says what was wrong.
pub fn parse_square(text: &str, columns: u8, rows: u8) -> Result<(u8, u8), ParseSquareError> {
    let column = parse_column(text, columns)?;
    // The column letter is one ASCII byte.
    let digits = text.get(1..).unwrap_or("");
    let row = parse_row(text, digits, rows)?;
    Ok((column, row))
}

/// Parses the square at the start of `text` (for move lists written
/// without separators, as `f5d6c3`): the column letter, then as many digits
/// as the largest row number has. Returns `(column, row)` and the rest.
///
/// ```
/// use board_core::coords::parse_square_prefix;
/// assert_eq!(parse_square_prefix("f5d6", 8, 8), Ok(((5, 4), "d6")));
/// assert_eq!(parse_square_prefix("a10b4", 16, 16), Ok(((0, 9), "b4")));
/// ```
///
/// # Errors
///
/// [`ParseSquareError`] says what was wrong.
pub fn parse_square_prefix(
    text: &str,
    columns: u8,
    rows: u8,
) -> Result<((u8, u8), &str), ParseSquareError> {
    let column = parse_column(text, columns)?;
    let after = text.get(1..).unwrap_or("");
    let most = if rows >= 10 { 2 } else { 1 };
    let mut end = after
        .bytes()
        .take(most)
        .take_while(u8::is_ascii_digit)
        .count();
    // Two digits that make no row of the board: the first one alone may
    // (`a1` followed by `2` on an 8x8 board never arises: `most` is 1 there).
    if end == 2 && after[..2].parse::<u8>().map_or(true, |r| r > rows) {
        end = 1;
    }
    let row = parse_row(text, &after[..end], rows)?;
    Ok(((column, row), &after[end..]))
}

fn parse_column(text: &str, columns: u8) -> Result<u8, ParseSquareError> {
    let first = text.chars().next().ok_or(ParseSquareError::Empty)?;
    let last = column_letter(columns.clamp(1, MAX_COLUMNS) - 1);
    match first.to_ascii_lowercase() {
        c @ 'a'..='z' if (c as u8 - b'a') < columns => Ok(c as u8 - b'a'),
        _ => Err(ParseSquareError::Column {
            text: text.to_owned(),
            found: first,
            last,
        }),
    }
}

fn parse_row(text: &str, digits: &str, rows: u8) -> Result<u8, ParseSquareError> {
    let bad = || ParseSquareError::Row {
        text: text.to_owned(),
        found: digits.to_owned(),
        rows,
    };
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    if digits.starts_with('0') {
        return Err(bad());
    }
    match digits.parse::<u8>() {
        Ok(row) if row >= 1 && row <= rows => Ok(row - 1),
        _ => Err(bad()),
    }
}

/// The coordinate frame of a text diagram: the column letters on a line of
/// their own and the row numbers at the start of each row, for a board of
/// any size, either row or column order, and cells of any width.
///
/// [`Frame::new`] gives the layout of a small board: row `1` at the top,
/// cells two characters wide with the letter above the second one, row
/// numbers as wide as the highest, the letters above the board. The
/// builder methods change each of these.
///
/// ```
/// use std::fmt::Write;
/// use board_core::coords::Frame;
/// // Row 1 at the bottom, letters below, a space after the row numbers.
/// let frame = Frame::new(2, 10).last_row_on_top().letters_below().label_gap(1);
/// let mut text = String::new();
/// frame.write(&mut text, |f, _, _| f.write_str(" ."))?;
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[0], "10  . .");
/// assert_eq!(lines[9], " 1  . .");
/// assert_eq!(lines[10], "    a b");
/// # Ok::<(), std::fmt::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Frame {
    columns: u8,
    rows: u8,
    cell_width: u8,
    letter_at: u8,
    label_digits: u8,
    label_gap: u8,
    letters_below: bool,
    last_row_on_top: bool,
    last_column_left: bool,
}

impl Frame {
    /// The frame of a board of `columns` columns and `rows` rows (at most
    /// [`MAX_COLUMNS`] and [`MAX_ROWS`]; larger values are cut to them).
    #[must_use]
    pub const fn new(columns: u8, rows: u8) -> Frame {
        Frame {
            columns: if columns > MAX_COLUMNS {
                MAX_COLUMNS
            } else {
                columns
            },
            rows: if rows > MAX_ROWS { MAX_ROWS } else { rows },
            cell_width: 2,
            letter_at: 1,
            label_digits: 0,
            label_gap: 0,
            letters_below: false,
            last_row_on_top: false,
            last_column_left: false,
        }
    }

    /// Cells `width` characters wide, the column letter above (or below)
    /// the character at `letter_at` (from 0) of each.
    #[must_use]
    pub const fn cells(self, width: u8, letter_at: u8) -> Frame {
        Frame {
            cell_width: width,
            letter_at,
            ..self
        }
    }

    /// Row numbers `digits` wide (or as wide as the highest, if that is
    /// wider): the same width on boards of different sizes.
    #[must_use]
    pub const fn label_digits(self, digits: u8) -> Frame {
        Frame {
            label_digits: digits,
            ..self
        }
    }

    /// `gap` spaces between the row numbers and the first cell.
    #[must_use]
    pub const fn label_gap(self, gap: u8) -> Frame {
        Frame {
            label_gap: gap,
            ..self
        }
    }

    /// The column letters below the board instead of above it.
    #[must_use]
    pub const fn letters_below(self) -> Frame {
        Frame {
            letters_below: true,
            ..self
        }
    }

    /// The last row at the top (row `1` at the bottom), as a chess board
    /// is drawn from White's side.
    #[must_use]
    pub const fn last_row_on_top(self) -> Frame {
        Frame {
            last_row_on_top: true,
            ..self
        }
    }

    /// The board turned half round: the rows and the columns each in the
    /// other order (the view from the other side of the table).
    #[must_use]
    pub const fn turned(self) -> Frame {
        Frame {
            last_row_on_top: !self.last_row_on_top,
            last_column_left: !self.last_column_left,
            ..self
        }
    }

    /// The rows from the top of the diagram down.
    pub fn rows(&self) -> impl Iterator<Item = u8> + use<> {
        let (rows, flip) = (self.rows, self.last_row_on_top);
        (0..rows).map(move |i| if flip { rows - 1 - i } else { i })
    }

    /// The columns from the left of the diagram.
    pub fn columns(&self) -> impl Iterator<Item = u8> + use<> {
        let (columns, flip) = (self.columns, self.last_column_left);
        (0..columns).map(move |i| if flip { columns - 1 - i } else { i })
    }

    /// How many characters the row numbers take, the gap included.
    #[must_use]
    pub const fn label_width(&self) -> usize {
        let needed = if self.rows >= 10 { 2 } else { 1 };
        let digits = if self.label_digits > needed {
            self.label_digits
        } else {
            needed
        };
        digits as usize + self.label_gap as usize
    }

    /// Writes the number of `row` (from 0), right-aligned in the label
    /// width, and the gap.
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn write_label(&self, f: &mut dyn Write, row: u8) -> fmt::Result {
        let digits = self.label_width() - self.label_gap as usize;
        write!(
            f,
            "{:>digits$}{:gap$}",
            u16::from(row) + 1,
            "",
            gap = self.label_gap as usize
        )
    }

    /// Writes the line of column letters (without a line end), each letter
    /// where [`cells`](Frame::cells) puts it.
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn write_letters(&self, f: &mut dyn Write) -> fmt::Result {
        let mut at = self.label_width() + self.letter_at as usize;
        let mut written = 0;
        for column in self.columns() {
            write!(
                f,
                "{:pad$}{}",
                "",
                column_letter(column),
                pad = at - written
            )?;
            written = at + 1;
            at += self.cell_width as usize;
        }
        Ok(())
    }

    /// Writes the whole diagram, every line ended by `\n`: the letters
    /// above or below, and each row as its label then its cells, which
    /// `cell(f, column, row)` writes (in [`columns`](Frame::columns) order).
    ///
    /// # Errors
    ///
    /// The writer's error, or the first error of `cell`.
    pub fn write<W: Write>(
        &self,
        f: &mut W,
        mut cell: impl FnMut(&mut W, u8, u8) -> fmt::Result,
    ) -> fmt::Result {
        if !self.letters_below {
            self.write_letters(f)?;
            f.write_char('\n')?;
        }
        for row in self.rows() {
            self.write_label(f, row)?;
            for column in self.columns() {
                cell(f, column, row)?;
            }
            f.write_char('\n')?;
        }
        if self.letters_below {
            self.write_letters(f)?;
            f.write_char('\n')?;
        }
        Ok(())
    }

    /// Writes the whole diagram as [`write`](Frame::write) does, each cell
    /// `symbol(column, row)` after a space, or after `>` on the `marked`
    /// square (`(column, row)`: where the last move went).
    ///
    /// ```
    /// use board_core::coords::Frame;
    /// let mut text = String::new();
    /// Frame::new(2, 1).write_marked(&mut text, Some((1, 0)), |_, _| 'X')?;
    /// assert_eq!(text, "  a b\n1 X>X\n");
    /// # Ok::<(), std::fmt::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn write_marked<W: Write>(
        &self,
        f: &mut W,
        marked: Option<(u8, u8)>,
        mut symbol: impl FnMut(u8, u8) -> char,
    ) -> fmt::Result {
        self.write(f, |f, column, row| {
            let before = if marked == Some((column, row)) {
                '>'
            } else {
                ' '
            };
            f.write_char(before)?;
            f.write_char(symbol(column, row))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_of_every_board_size_round_trips() {
        for columns in [1, 5, 8, 9, 10, 16, 26] {
            for rows in [1, 5, 8, 9, 10, 16, 99] {
                for column in 0..columns {
                    for row in 0..rows {
                        let mut name = String::new();
                        write_square(&mut name, column, row).unwrap_or_default();
                        assert_eq!(parse_square(&name, columns, rows), Ok((column, row)));
                        assert_eq!(
                            parse_square(&name.to_uppercase(), columns, rows),
                            Ok((column, row))
                        );
                        let long = format!("{name}b1");
                        assert_eq!(
                            parse_square_prefix(&long, columns, rows),
                            Ok(((column, row), "b1")),
                            "{long} on {columns}x{rows}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn bad_names_say_what_is_wrong() {
        let row = |found: &str, rows| ParseSquareError::Row {
            text: format!("a{found}"),
            found: found.to_owned(),
            rows,
        };
        assert_eq!(parse_square("a0", 8, 8), Err(row("0", 8)));
        assert_eq!(parse_square("a01", 10, 10), Err(row("01", 10)));
        assert_eq!(parse_square("a11", 10, 10), Err(row("11", 10)));
        assert_eq!(parse_square("a+1", 10, 10), Err(row("+1", 10)));
        assert_eq!(parse_square("a1 ", 8, 8), Err(row("1 ", 8)));
        assert_eq!(parse_square("a100", 99, 99), Err(row("100", 99)));
        assert_eq!(
            parse_square("ä1", 8, 8),
            Err(ParseSquareError::Column {
                text: "ä1".into(),
                found: 'ä',
                last: 'h'
            })
        );
        assert!(matches!(
            parse_square("i1", 8, 8),
            Err(ParseSquareError::Column { found: 'i', .. })
        ));
        assert_eq!(parse_square_prefix("", 8, 8), Err(ParseSquareError::Empty));
        assert_eq!(parse_square_prefix("a9", 8, 8), Err(row("9", 8)));
        assert_eq!(parse_square_prefix("a1é", 8, 8), Ok(((0, 0), "é")));
    }

    #[test]
    fn frames_put_letters_over_the_cells() {
        let mut text = String::new();
        Frame::new(3, 2)
            .cells(5, 2)
            .label_gap(1)
            .turned()
            .write(&mut text, |f, c, r| write!(f, "  {c}{r} "))
            .unwrap_or_default();
        assert_eq!(
            text,
            "    c    b    a\n2   21   11   01 \n1   20   10   00 \n"
        );
    }
}
