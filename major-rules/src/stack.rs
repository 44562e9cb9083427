//! Colours and the pieces that stand on a square: a free stone, or a Major
//! (a free piece with one enemy prisoner under it).

use core::fmt;
use core::ops::Not;

/// The colour of a player. Blue starts on the left edge and moves
/// rightwards, Red starts on the right edge and moves leftwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Colour {
    /// Starts on column `a`, moves towards higher columns.
    Blue,
    /// Starts on the last column, moves towards lower columns.
    Red,
}

impl Colour {
    /// Both colours, Blue first.
    pub const ALL: [Colour; 2] = [Colour::Blue, Colour::Red];

    /// 0 for Blue, 1 for Red.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Colour::Blue => 0,
            Colour::Red => 1,
        }
    }

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Colour {
        match self {
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
        }
    }

    /// `+1` for Blue (forward is towards higher columns), `-1` for Red.
    #[inline]
    #[must_use]
    pub const fn forward(self) -> i32 {
        match self {
            Colour::Blue => 1,
            Colour::Red => -1,
        }
    }

    /// The letter of the position string: `b` or `r`.
    #[inline]
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Colour::Blue => 'b',
            Colour::Red => 'r',
        }
    }

    /// The name, `Blue` or `Red`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Blue => "Blue",
            Colour::Red => "Red",
        }
    }
}

impl Not for Colour {
    type Output = Colour;
    #[inline]
    fn not(self) -> Colour {
        self.other()
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What stands on a square: a free piece of colour `top`, carrying an enemy
/// prisoner when `prisoner` is set (then it is a Major).
///
/// There is no way to express a stack of more than two stones or a prisoner
/// of the piece's own colour: every Major carries exactly one prisoner, of
/// the other colour, by construction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stack {
    /// The colour of the free piece on top.
    pub top: Colour,
    /// Whether an enemy stone is held under it (the piece is a Major).
    pub prisoner: bool,
}

impl Stack {
    /// A free stone of `colour`.
    #[must_use]
    pub const fn stone(colour: Colour) -> Stack {
        Stack {
            top: colour,
            prisoner: false,
        }
    }

    /// A Major of `colour`, holding a stone of the other colour.
    #[must_use]
    pub const fn major(colour: Colour) -> Stack {
        Stack {
            top: colour,
            prisoner: true,
        }
    }

    /// Whether this is a Major.
    #[must_use]
    pub const fn is_major(self) -> bool {
        self.prisoner
    }

    /// The colour of the prisoner, if any.
    #[must_use]
    pub const fn prisoner_colour(self) -> Option<Colour> {
        if self.prisoner {
            Some(self.top.other())
        } else {
            None
        }
    }

    /// The symbol of the position string: `b`/`r` for stones, `B`/`R` for
    /// Majors.
    #[must_use]
    pub const fn symbol(self) -> char {
        match (self.top, self.prisoner) {
            (Colour::Blue, false) => 'b',
            (Colour::Red, false) => 'r',
            (Colour::Blue, true) => 'B',
            (Colour::Red, true) => 'R',
        }
    }

    /// The stack of a position-string symbol.
    #[must_use]
    pub const fn from_symbol(c: char) -> Option<Stack> {
        match c {
            'b' => Some(Stack::stone(Colour::Blue)),
            'r' => Some(Stack::stone(Colour::Red)),
            'B' => Some(Stack::major(Colour::Blue)),
            'R' => Some(Stack::major(Colour::Red)),
            _ => None,
        }
    }

    /// The compact code a position stores: 1..=4 (0 is an empty square).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        1 + self.top.index() as u8 + if self.prisoner { 2 } else { 0 }
    }

    /// The stack of a non-zero code.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Stack> {
        match code {
            1 => Some(Stack::stone(Colour::Blue)),
            2 => Some(Stack::stone(Colour::Red)),
            3 => Some(Stack::major(Colour::Blue)),
            4 => Some(Stack::major(Colour::Red)),
            _ => None,
        }
    }
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_symbols_round_trip() {
        for top in Colour::ALL {
            for prisoner in [false, true] {
                let s = Stack { top, prisoner };
                assert_eq!(Stack::from_code(s.code()), Some(s));
                assert_eq!(Stack::from_symbol(s.symbol()), Some(s));
                assert_eq!(s.prisoner_colour().is_some(), prisoner);
                assert_ne!(s.prisoner_colour(), Some(top));
            }
        }
        assert_eq!(Stack::from_code(0), None);
        assert_eq!(Stack::from_symbol('x'), None);
    }
}
