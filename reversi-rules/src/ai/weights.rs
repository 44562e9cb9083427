//! The trained pattern weights: their compact binary form and the copy the
//! crate embeds (`weights/patterns.bin`, written by [`crate::ai::train`]).
//!
//! The binary form: the magic `SWRV`, a format byte (1), the number of
//! phases and the number of weights of one phase (two little-endian
//! `u32`), then the weights, phase after phase, as little-endian `i16`,
//! where the value `i16::MIN` followed by a `u16` count stands for that
//! many zeros (most configurations of the big patterns never occur).

use std::sync::OnceLock;

use crate::ai::eval::patterns::{self, PHASES};

/// Weights are in units of 1/`SCALE` disc.
pub const SCALE: i32 = 64;

const MAGIC: &[u8; 4] = b"SWRV";
const FORMAT: u8 = 1;

/// Why a weight file was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// The file does not start with `SWRV` and format 1.
    #[error("not a weight file of format {FORMAT} (magic SWRV)")]
    BadMagic,
    /// The file ends early.
    #[error("the file ends early, at byte {0}")]
    Truncated(usize),
    /// The shape does not match this version's patterns.
    #[error("{phases} phases of {phase_len} weights, this engine needs {PHASES} of {expected}")]
    Shape {
        /// Phases in the file.
        phases: u32,
        /// Weights per phase in the file.
        phase_len: u32,
        /// Weights per phase needed.
        expected: usize,
    },
    /// Runs of zeros go past the end, or bytes are left over.
    #[error("the weights do not fill the table exactly")]
    Length,
}

/// Pattern weights for every phase: a phase's table is the patterns'
/// tables one after the other, then one bias weight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    data: Vec<i16>,
    phase_len: usize,
}

impl Weights {
    /// The number of weights of one phase (pattern tables and the bias).
    #[must_use]
    pub fn phase_len() -> usize {
        patterns::layout().phase_len + 1
    }

    /// All weights zero.
    #[must_use]
    pub fn zero() -> Weights {
        let phase_len = Weights::phase_len();
        Weights {
            data: vec![0; PHASES * phase_len],
            phase_len,
        }
    }

    /// Weights from their values, phase after phase; `None` unless there
    /// are exactly `PHASES * phase_len()` of them.
    #[must_use]
    pub fn from_values(data: Vec<i16>) -> Option<Weights> {
        let phase_len = Weights::phase_len();
        (data.len() == PHASES * phase_len).then_some(Weights { data, phase_len })
    }

    /// The weights of one phase.
    #[must_use]
    pub fn phase(&self, phase: usize) -> &[i16] {
        let start = phase.min(PHASES - 1) * self.phase_len;
        self.data.get(start..start + self.phase_len).unwrap_or(&[])
    }

    /// The value, in 1/[`SCALE`] disc, of the side owning `p` against `o`.
    #[must_use]
    pub fn evaluate(&self, p: u64, o: u64) -> i32 {
        let empties = (!(p | o)).count_ones();
        let table = self.phase(patterns::phase(empties));
        let Some((&bias, table)) = table.split_last() else {
            return 0;
        };
        let (ps, os) = (patterns::symmetric_images(p), patterns::symmetric_images(o));
        let mut sum = i32::from(bias);
        for inst in &patterns::layout().instances {
            let index = patterns::index(inst.pattern, ps[inst.sym], os[inst.sym]) as usize;
            sum += table.get(inst.offset + index).copied().map_or(0, i32::from);
        }
        sum
    }

    /// The compact binary form.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.push(FORMAT);
        out.extend_from_slice(&(PHASES as u32).to_le_bytes());
        out.extend_from_slice(&(self.phase_len as u32).to_le_bytes());
        let mut i = 0;
        while i < self.data.len() {
            if self.data[i] == 0 {
                let mut run = 0usize;
                while i + run < self.data.len()
                    && self.data[i + run] == 0
                    && run < usize::from(u16::MAX)
                {
                    run += 1;
                }
                out.extend_from_slice(&i16::MIN.to_le_bytes());
                out.extend_from_slice(&(run as u16).to_le_bytes());
                i += run;
            } else {
                out.extend_from_slice(&self.data[i].max(i16::MIN + 1).to_le_bytes());
                i += 1;
            }
        }
        out
    }

    /// Reads the binary form.
    pub fn decode(bytes: &[u8]) -> Result<Weights, WeightsError> {
        if bytes.len() < 13 || &bytes[..4] != MAGIC || bytes[4] != FORMAT {
            return Err(WeightsError::BadMagic);
        }
        let word = |at: usize| -> u32 {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let (phases, phase_len) = (word(5), word(9));
        let expected = Weights::phase_len();
        if phases as usize != PHASES || phase_len as usize != expected {
            return Err(WeightsError::Shape {
                phases,
                phase_len,
                expected,
            });
        }
        let total = PHASES * expected;
        let mut data = Vec::with_capacity(total);
        let mut at = 13;
        while data.len() < total {
            let v = bytes
                .get(at..at + 2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]))
                .ok_or(WeightsError::Truncated(at))?;
            at += 2;
            if v == i16::MIN {
                let run = bytes
                    .get(at..at + 2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]]))
                    .ok_or(WeightsError::Truncated(at))?;
                at += 2;
                if data.len() + usize::from(run) > total {
                    return Err(WeightsError::Length);
                }
                data.resize(data.len() + usize::from(run), 0);
            } else {
                data.push(v);
            }
        }
        if at != bytes.len() {
            return Err(WeightsError::Length);
        }
        Ok(Weights {
            data,
            phase_len: expected,
        })
    }

    /// The weights the crate embeds (all zero if the embedded file were
    /// ever unreadable; a test checks that it is not).
    #[must_use]
    pub fn embedded() -> &'static Weights {
        static EMBEDDED: OnceLock<Weights> = OnceLock::new();
        EMBEDDED.get_or_init(|| Weights::decode(EMBEDDED_BYTES).unwrap_or_else(|_| Weights::zero()))
    }
}

/// The embedded weight file.
pub const EMBEDDED_BYTES: &[u8] = include_bytes!("../../weights/patterns.bin");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_weights_decode() {
        let w = Weights::decode(EMBEDDED_BYTES).expect("the embedded weights decode");
        assert_eq!(w.encode(), EMBEDDED_BYTES);
    }

    #[test]
    fn round_trip_and_bad_input() {
        let mut w = Weights::zero();
        w.data[3] = 7;
        w.data[100] = -5;
        assert_eq!(Weights::decode(&w.encode()), Ok(w.clone()));
        assert_eq!(Weights::decode(b"nope"), Err(WeightsError::BadMagic));
        let bytes = w.encode();
        assert!(Weights::decode(&bytes[..bytes.len() - 1]).is_err());
        for cut in 0..bytes.len().min(40) {
            let _ = Weights::decode(&bytes[..cut]);
        }
    }
}
