//! The eight predefined classic deployments, as a setup screen
//! offers them.

use crate::{Deployment, Rank};

const fn rank_of_letter(c: u8) -> Option<Rank> {
    match c {
        b'F' => Some(Rank::Flag),
        b'S' => Some(Rank::Spy),
        b'C' => Some(Rank::Scout),
        b'N' => Some(Rank::Miner),
        b'E' => Some(Rank::Sergeant),
        b'L' => Some(Rank::Lieutenant),
        b'P' => Some(Rank::Captain),
        b'J' => Some(Rank::Major),
        b'O' => Some(Rank::Colonel),
        b'G' => Some(Rank::General),
        b'M' => Some(Rank::Marshal),
        b'B' => Some(Rank::Bomb),
        _ => None,
    }
}

const fn const_deployment(text: &[u8; 40]) -> Deployment {
    let mut squares = [None; 40];
    let mut i = 0;
    while i < 40 {
        squares[i] = rank_of_letter(text[i]);
        i += 1;
    }
    Deployment { squares }
}

/// The eight predefined classic deployments (names and pieces), as the
/// setup screen offers them. Rows front to back:
///
/// | name | rows |
/// |---|---|
/// | fortress | `CPCLCECLCP/ENOJMGJONE/LSPCNBBPCL/CNEBJBFBNB` |
/// | left flank | `PCLCEPCCLE/MCJNGOJEPS/NLBOCJNBCP/BFBNEBLCNB` |
/// | right flank | `ELCCPECCLP/SPEJOGNJCM/PCBNJOCBLN/BNLCEBBFBN` |
/// | scout screen | `CCPCLCCECC/LJEMSNGJPE/POBNLEBNJL/NBFBPBOBNC` |
/// | shoreline | `LCPBCCBPCL/EJMSNNGOJE/CPLEOJCNEP/NBLBFBCBCN` |
/// | bomb wall | `CPCEBBCLCP/LJMNEPGJSO/NCOLECJNCE/BNPBFBLCNB` |
/// | lakeside | `PLCCECCLPC/JEMONGSJCE/NPBLJOCNBE/CBFBNLBPBN` |
/// | tempest | `CMCPLLEPGC/JCOEONJSCE/PBNCLBNPBC/NBLBFBENJC` |
#[must_use]
pub const fn predefined() -> [(&'static str, Deployment); 8] {
    [
        (
            "fortress",
            const_deployment(b"CPCLCECLCPENOJMGJONELSPCNBBPCLCNEBJBFBNB"),
        ),
        (
            "left flank",
            const_deployment(b"PCLCEPCCLEMCJNGOJEPSNLBOCJNBCPBFBNEBLCNB"),
        ),
        (
            "right flank",
            const_deployment(b"ELCCPECCLPSPEJOGNJCMPCBNJOCBLNBNLCEBBFBN"),
        ),
        (
            "scout screen",
            const_deployment(b"CCPCLCCECCLJEMSNGJPEPOBNLEBNJLNBFBPBOBNC"),
        ),
        (
            "shoreline",
            const_deployment(b"LCPBCCBPCLEJMSNNGOJECPLEOJCNEPNBLBFBCBCN"),
        ),
        (
            "bomb wall",
            const_deployment(b"CPCEBBCLCPLJMNEPGJSONCOLECJNCEBNPBFBLCNB"),
        ),
        (
            "lakeside",
            const_deployment(b"PLCCECCLPCJEMONGSJCENPBLJOCNBECBFBNLBPBN"),
        ),
        (
            "tempest",
            const_deployment(b"CMCPLLEPGCJCOEONJSCEPBNCLBNPBCNBLBFBENJC"),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Army;

    #[test]
    fn predefined_deployments_are_valid_distinct_and_sensible() {
        let all = predefined();
        for (i, (name, d)) in all.iter().enumerate() {
            assert!(
                d.is_valid(Army::Classic),
                "{name}: {:?}",
                d.problems(Army::Classic)
            );
            for (other, e) in &all[i + 1..] {
                assert_ne!(d, e, "{name} and {other}");
            }
            // The Flag stands in the back two rows, next to at least one Bomb.
            let flag = d.squares.iter().position(|r| *r == Some(Rank::Flag));
            let flag = flag.unwrap_or(0);
            assert!(flag >= 20, "{name}: Flag in the front rows");
            let neighbours = [
                flag.wrapping_sub(10),
                flag + 10,
                flag.wrapping_sub(1),
                flag + 1,
            ];
            let guarded = neighbours
                .iter()
                .filter(|&&n| n < 40 && (n / 10 == flag / 10 || n % 10 == flag % 10))
                .any(|&n| d.squares[n] == Some(Rank::Bomb));
            assert!(guarded, "{name}: Flag without a Bomb beside it");
            // Text round trip.
            assert_eq!(d.to_string().parse::<Deployment>(), Ok(*d));
        }
    }
}
