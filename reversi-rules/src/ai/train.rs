//! Training the pattern weights from real games.
//!
//! Every position of every game is a sample whose target is the game's
//! final disc difference for the side to move (the board's exact result
//! when the game was played to the end, else the recorded count). The
//! weights of each phase minimise the squared error of the sum of the
//! position's pattern weights (and a bias) against the target, by full-batch
//! gradient steps in which each weight moves by its mean residual (the
//! method Buro used for Logistello), on several threads.

use board_core::Game;

use crate::ai::endgame::final_score;
use crate::ai::eval::patterns::{self, PHASES};
use crate::ai::weights::{SCALE, Weights};
use crate::eothello::EothelloGame;
use crate::wthor::WthorLine;

/// One training position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// The discs of the side to move.
    pub player: u64,
    /// The discs of the other side.
    pub opponent: u64,
    /// The final disc difference for the side to move.
    pub target: i8,
}

/// What reading game files gave.
#[derive(Debug, Clone, Default)]
pub struct Samples {
    /// The positions.
    pub samples: Vec<Sample>,
    /// Games read.
    pub games: usize,
    /// Lines skipped (unreadable or illegal games).
    pub skipped: usize,
}

impl Samples {
    fn add_game(&mut self, game: &crate::Reversi, black_minus_white: i32) {
        self.games += 1;
        let final_pos = game.position();
        let diff = if game.is_over() {
            let b = final_pos.board();
            let s = final_score(b.player(), b.opponent());
            if final_pos.to_move() == board_core::Player::First {
                s
            } else {
                -s
            }
        } else {
            black_minus_white
        };
        for pos in game.positions() {
            if pos.is_game_over() {
                continue;
            }
            let b = pos.board();
            let t = if pos.to_move() == board_core::Player::First {
                diff
            } else {
                -diff
            };
            self.samples.push(Sample {
                player: b.player(),
                opponent: b.opponent(),
                target: t.clamp(-64, 64) as i8,
            });
        }
    }

    /// Adds the games of a WTHOR text file (`<year> <moves> <black>-<white>`).
    pub fn add_wthor(&mut self, text: &str) {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            match line
                .parse::<WthorLine>()
                .ok()
                .and_then(|g| g.replay().ok().map(|r| (g, r)))
            {
                Some((g, game)) => {
                    let rec = g.recorded();
                    self.add_game(&game, rec.first as i32 - rec.second as i32);
                }
                None => self.skipped += 1,
            }
        }
    }

    /// Adds the finished games of an eOthello CSV file (unfinished ones,
    /// which have no exact result, are skipped).
    pub fn add_eothello(&mut self, text: &str) {
        for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            match line
                .parse::<EothelloGame>()
                .ok()
                .and_then(|g| g.replay().ok())
            {
                Some(game) if game.is_over() => self.add_game(&game, 0),
                _ => self.skipped += 1,
            }
        }
    }
}

/// The settings of a training run.
#[derive(Debug, Clone)]
pub struct TrainOptions {
    /// Full passes over the samples.
    pub epochs: usize,
    /// Threads (at least 1).
    pub threads: usize,
    /// The step: the fraction of its mean residual a weight moves by per
    /// epoch.
    pub step: f32,
    /// A weight seen in fewer samples than this moves proportionally less
    /// (regularises rare configurations).
    pub min_count: f32,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            epochs: 30,
            threads: 2,
            step: 0.02,
            min_count: 8.0,
        }
    }
}

/// The features of a sample: the weight indices within its phase, the
/// bias last.
fn sample_features(s: &Sample, out: &mut [u32]) -> usize {
    let n = patterns::instance_count();
    patterns::features(s.player, s.opponent, out);
    if let Some(bias) = out.get_mut(n) {
        *bias = (Weights::phase_len() - 1) as u32;
    }
    n + 1
}

fn phase_of(s: &Sample) -> usize {
    patterns::phase((!(s.player | s.opponent)).count_ones())
}

/// One pass: per weight, the sum of residuals and (when `counts`) the
/// number of samples; and the sum of squared errors.
fn pass(samples: &[Sample], w: &[f32], counts: bool) -> (Vec<f32>, Vec<f32>, f64) {
    let len = Weights::phase_len();
    let mut grad = vec![0f32; PHASES * len];
    let mut cnt = if counts {
        vec![0f32; PHASES * len]
    } else {
        Vec::new()
    };
    let mut sse = 0f64;
    let mut f = vec![0u32; patterns::instance_count() + 1];
    for s in samples {
        let k = sample_features(s, &mut f);
        let base = phase_of(s) * len;
        let pred: f32 = f[..k]
            .iter()
            .map(|&i| w.get(base + i as usize).copied().unwrap_or(0.0))
            .sum();
        let r = f32::from(s.target) - pred;
        sse += f64::from(r * r);
        for &i in &f[..k] {
            if let Some(g) = grad.get_mut(base + i as usize) {
                *g += r;
            }
            if let Some(c) = cnt.get_mut(base + i as usize) {
                *c += 1.0;
            }
        }
    }
    (grad, cnt, sse)
}

fn parallel_pass(
    samples: &[Sample],
    w: &[f32],
    counts: bool,
    threads: usize,
) -> (Vec<f32>, Vec<f32>, f64) {
    let threads = threads.max(1);
    let chunk = samples.len().div_ceil(threads).max(1);
    let parts: Vec<(Vec<f32>, Vec<f32>, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| scope.spawn(move || pass(part, w, counts)))
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut total = (
        vec![0f32; w.len()],
        if counts {
            vec![0f32; w.len()]
        } else {
            Vec::new()
        },
        0f64,
    );
    for (g, c, e) in parts {
        total.0.iter_mut().zip(g).for_each(|(a, b)| *a += b);
        total.1.iter_mut().zip(c).for_each(|(a, b)| *a += b);
        total.2 += e;
    }
    total
}

/// The mean squared error (in discs²) of `weights` on `samples`.
#[must_use]
pub fn mse(samples: &[Sample], weights: &Weights, threads: usize) -> f64 {
    let w: Vec<f32> = (0..PHASES)
        .flat_map(|p| {
            weights
                .phase(p)
                .iter()
                .map(|&v| f32::from(v) / SCALE as f32)
        })
        .collect();
    let (_, _, sse) = parallel_pass(samples, &w, false, threads);
    sse / samples.len().max(1) as f64
}

/// Trains weights on `samples`; `progress` hears each epoch's number and
/// mean squared error (discs², before that epoch's step).
pub fn train(
    samples: &[Sample],
    options: &TrainOptions,
    mut progress: impl FnMut(usize, f64),
) -> Weights {
    let len = Weights::phase_len();
    let mut w = vec![0f32; PHASES * len];
    let mut counts = Vec::new();
    for epoch in 0..options.epochs {
        let (grad, cnt, sse) = parallel_pass(samples, &w, epoch == 0, options.threads);
        if epoch == 0 {
            counts = cnt;
        }
        progress(epoch, sse / samples.len().max(1) as f64);
        for ((wi, g), c) in w.iter_mut().zip(&grad).zip(&counts) {
            if *c > 0.0 {
                // A fraction of the mean residual, shrunk for rare weights.
                *wi += options.step * g / (c + options.min_count);
            }
        }
    }
    let values = w
        .iter()
        .map(|&v| {
            (v * SCALE as f32)
                .round()
                .clamp(f32::from(i16::MIN + 1), f32::from(i16::MAX)) as i16
        })
        .collect();
    Weights::from_values(values).unwrap_or_else(Weights::zero)
}
