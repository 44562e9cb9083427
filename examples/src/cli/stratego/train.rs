//! `spielwerk stratego train-prior`: learns the setup prior from human
//! setups and writes the table `stratego-rules` embeds.

use std::path::{Path, PathBuf};

use serde_json::json;
use stratego_rules::Army;
use stratego_rules::ai::SetupPrior;

use crate::cli::data_dir::{project_default, project_output};
use crate::cli::output::{CliResult, Output};

/// Arguments of `spielwerk stratego train-prior`.
#[derive(Debug, clap::Args)]
pub struct TrainPriorArgs {
    /// Classic setups, one per line in the Gravon 40-character form
    /// [default: ../shared/data/stratego/setups/gravon_classic_human_setups.dat
    /// from the workspace]
    #[arg(long)]
    classic: Option<PathBuf>,
    /// Barrage setups, in the same form (`A` for an empty square) [default:
    /// ../shared/data/stratego/setups/gravon_barrage_human_setups.dat from
    /// the workspace]
    #[arg(long)]
    barrage: Option<PathBuf>,
    /// Where to write the table [default: the crate's embedded module,
    /// stratego-rules/src/ai/belief_game/prior_table.rs in the workspace]
    #[arg(long)]
    out: Option<PathBuf>,
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
    let input = |given: &Option<PathBuf>, file: &str, option: &str| match given {
        Some(p) => Ok(p.clone()),
        None => project_default(&format!("../shared/data/stratego/setups/{file}"), option),
    };
    let classic_path = input(
        &args.classic,
        "gravon_classic_human_setups.dat",
        "--classic",
    )?;
    let barrage_path = input(
        &args.barrage,
        "gravon_barrage_human_setups.dat",
        "--barrage",
    )?;
    let target = match &args.out {
        Some(p) => p.clone(),
        None => project_output("stratego-rules/src/ai/belief_game/prior_table.rs", "--out")?,
    };
    let (classic, classic_skipped) = train(&classic_path, Army::Classic)?;
    let (barrage, barrage_skipped) = train(&barrage_path, Army::Barrage)?;
    let source = SetupPrior::to_rust_source(&classic, &barrage);
    // Written next to the target and renamed over it, so a failed write
    // never leaves half a table.
    let tmp = target.with_extension("rs.tmp");
    std::fs::write(&tmp, &source).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, &target)
        .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
    out.result(
        json!({
            "classic_setups": classic.setups(),
            "classic_skipped": classic_skipped,
            "barrage_setups": barrage.setups(),
            "barrage_skipped": barrage_skipped,
            "out": target.display().to_string(),
        }),
        || {
            format!(
                "{} classic setups ({classic_skipped} lines skipped), {} Barrage setups ({barrage_skipped} lines skipped): written to {}",
                classic.setups(),
                barrage.setups(),
                target.display()
            )
        },
    );
    Ok(())
}
