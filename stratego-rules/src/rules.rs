//! Rule options and the named presets.

use core::fmt;
use core::str::FromStr;

/// The rule options of a game. Build one from a [`Preset`] and change
/// fields as needed.
///
/// ```
/// use stratego_rules::{Preset, Rules};
/// let rules = Rules::default();
/// assert_eq!(rules, Preset::Battlegeneral.rules());
/// assert_eq!(rules.two_square, Some(5));
/// let hasbro = Rules { two_square: Some(3), ..Rules::default() };
/// assert_eq!(hasbro, Preset::Hasbro.rules());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// A Scout may end a long move with an attack on the first piece in its
    /// line. Off: a Scout attacks only from an adjacent square.
    pub scout_range_attack: bool,
    /// The two-square rule: a piece may not move back and forth between the
    /// same two squares more than this many times in a row (for Scouts,
    /// crossing one common square boundary counts). `None` turns it off.
    /// Attacks are never restricted and end a series.
    pub two_square: Option<u8>,
    /// The ISF more-squares rule: a player chasing an enemy piece may not
    /// recreate an arrangement of pieces seen since the chase began (see
    /// the crate documentation for the exact reading).
    pub more_squares: bool,
    /// Reaching this many plies (half-moves) draws the game.
    pub max_plies: Option<u32>,
    /// Reaching this many plies in a row without a battle draws the game.
    pub max_plies_without_battle: Option<u32>,
    /// The game ends as soon as a side has no movable piece left (that side
    /// loses; both: a draw), as the UCC 2012 manager rules. Off: such a side
    /// loses when it is to move and cannot.
    pub immobile_side_loses_at_once: bool,
}

impl Default for Rules {
    /// The [`Preset::Battlegeneral`] rules.
    fn default() -> Self {
        Preset::Battlegeneral.rules()
    }
}

/// The named rule sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Preset {
    /// The default: Scouts attack at range, two-square rule at 5, no move
    /// limits.
    Battlegeneral,
    /// ISF tournament rules: as Battlegeneral plus the more-squares rule.
    Isf,
    /// Hasbro rules: the two-square rule at 3.
    Hasbro,
    /// The Gravon platform: Scouts attack at range, two-square rule at 5.
    Gravon,
    /// Replaying UCC 2012 logs: no two-square rule, Scouts attack at range,
    /// a draw after 1998 plies (999 turns of both sides), a side without
    /// movable pieces loses at once.
    UccReplay,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 5] = [
        Preset::Battlegeneral,
        Preset::Isf,
        Preset::Hasbro,
        Preset::Gravon,
        Preset::UccReplay,
    ];

    /// The rules of this preset.
    #[must_use]
    pub const fn rules(self) -> Rules {
        let base = Rules {
            scout_range_attack: true,
            two_square: Some(5),
            more_squares: false,
            max_plies: None,
            max_plies_without_battle: None,
            immobile_side_loses_at_once: false,
        };
        match self {
            Preset::Battlegeneral | Preset::Gravon => base,
            Preset::Isf => Rules {
                more_squares: true,
                ..base
            },
            Preset::Hasbro => Rules {
                two_square: Some(3),
                ..base
            },
            Preset::UccReplay => Rules {
                two_square: None,
                max_plies: Some(1998),
                immobile_side_loses_at_once: true,
                ..base
            },
        }
    }

    /// The name used by [`FromStr`]: `battlegeneral`, `isf`, `hasbro`,
    /// `gravon`, `ucc`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Battlegeneral => "battlegeneral",
            Preset::Isf => "isf",
            Preset::Hasbro => "hasbro",
            Preset::Gravon => "gravon",
            Preset::UccReplay => "ucc",
        }
    }
}

/// An unknown preset name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules preset {0:?} (battlegeneral, isf, hasbro, gravon, ucc)")]
pub struct UnknownPreset(pub String);

impl FromStr for Preset {
    type Err = UnknownPreset;
    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        let lower = s.to_ascii_lowercase();
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == lower || (lower == "ucc-replay" && *p == Preset::UccReplay))
            .ok_or_else(|| UnknownPreset(s.to_string()))
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preset_names_round_trip() {
        for p in Preset::ALL {
            assert_eq!(p.name().parse::<Preset>(), Ok(p));
        }
        assert_eq!("UCC-replay".parse::<Preset>(), Ok(Preset::UccReplay));
        assert!("chess".parse::<Preset>().is_err());
        assert_eq!(Preset::UccReplay.rules().two_square, None);
    }
}
