//! `spielwerk stratego train-prior`: learns the setup prior from human
//! setups and writes the table `stratego-rules` embeds.

use std::path::{Path, PathBuf};

use serde_json::json;
use stratego_rules::Army;
use stratego_rules::ai::SetupPrior;

use crate::output::{CliResult, Output};

/// Arguments of `spielwerk stratego train-prior`.
#[derive(Debug, clap::Args)]
pub struct TrainPriorArgs {
    /// Classic setups, one per line in the Gravon 40-character form.
    #[arg(
        long,
        default_value = "../shared/data/stratego/setups/gravon_classic_human_setups.dat"
    )]
    classic: PathBuf,
    /// Barrage setups, in the same form (`A` for an empty square).
    #[arg(
        long,
        default_value = "../shared/data/stratego/setups/gravon_barrage_human_setups.dat"
    )]
    barrage: PathBuf,
    /// Where to write the table (the crate's embedded module).
    #[arg(long, default_value = "stratego-rules/src/ai/prior_table.rs")]
    out: PathBuf,
}

fn train(path: &Path, army: Army) -> CliResult<(SetupPrior, usize)> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // The comment line that opens the files is skipped like any bad line.
    let t = SetupPrior::train(army, text.lines());
    if t.prior.setups() == 0 {
        crate::fail!("{}: no valid {army} setup", path.display());
    }
    Ok((t.prior, t.skipped))
}

/// Runs `spielwerk stratego train-prior`.
pub fn run_train_prior(args: &TrainPriorArgs, out: Output) -> CliResult {
    let (classic, classic_skipped) = train(&args.classic, Army::Classic)?;
    let (barrage, barrage_skipped) = train(&args.barrage, Army::Barrage)?;
    let source = SetupPrior::to_rust_source(&classic, &barrage);
    // Written next to the target and renamed over it, so a failed write
    // never leaves half a table.
    let tmp = args.out.with_extension("rs.tmp");
    std::fs::write(&tmp, &source).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, &args.out)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    out.result(
        json!({
            "classic_setups": classic.setups(),
            "classic_skipped": classic_skipped,
            "barrage_setups": barrage.setups(),
            "barrage_skipped": barrage_skipped,
            "out": args.out.display().to_string(),
        }),
        || {
            format!(
                "{} classic setups ({classic_skipped} lines skipped), {} Barrage setups ({barrage_skipped} lines skipped): written to {}",
                classic.setups(),
                barrage.setups(),
                args.out.display()
            )
        },
    );
    Ok(())
}
