//! Trains the pattern weights from the game files and writes them.
//!
//! `cargo run --release -p reversi-rules --example reversi_train -- OUT [EPOCHS]`

use reversi_rules::ai::train::{Samples, TrainOptions, mse, train};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args.first().ok_or("usage: train OUT [EPOCHS]")?;
    let epochs: usize = args.get(1).map_or(Ok(30), |s| s.parse())?;
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/reversi/games/"
    );
    let t0 = std::time::Instant::now();
    let mut train_set = Samples::default();
    train_set.add_wthor(&std::fs::read_to_string(format!(
        "{dir}wthor-1977-2025.txt"
    ))?);
    let mut test_set = Samples::default();
    test_set.add_eothello(&std::fs::read_to_string(format!(
        "{dir}eothello-25657.csv"
    ))?);
    eprintln!(
        "{} training positions ({} games, {} skipped), {} test positions; {:.1} s",
        train_set.samples.len(),
        train_set.games,
        train_set.skipped,
        test_set.samples.len(),
        t0.elapsed().as_secs_f64()
    );
    let options = TrainOptions {
        epochs,
        ..TrainOptions::default()
    };
    let w = train(&train_set.samples, &options, |e, m| {
        eprintln!(
            "epoch {e}: mse {m:.2} ({:.1} s)",
            t0.elapsed().as_secs_f64()
        )
    });
    eprintln!(
        "train mse {:.2}, test mse {:.2}",
        mse(&train_set.samples, &w, 2),
        mse(&test_set.samples, &w, 2)
    );
    let bytes = w.encode();
    std::fs::write(out, &bytes)?;
    eprintln!(
        "{} bytes to {out}; {:.1} s",
        bytes.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
