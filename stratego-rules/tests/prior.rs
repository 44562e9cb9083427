//! The embedded setup prior is exactly what `spielwerk stratego
//! train-prior` learns from the shared human setups.
#![cfg(feature = "ai")]

use stratego_rules::Army;
use stratego_rules::ai::SetupPrior;

fn trained(file: &str, army: Army) -> Option<(SetupPrior, usize)> {
    let path = spielwerk_testgames::shared_data(&format!("stratego/setups/{file}"))?;
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
    let t = SetupPrior::train(army, text.lines());
    Some((t.prior, t.skipped))
}

#[spielwerk_testgames::needs_data("stratego/setups/gravon_classic_human_setups.dat")]
#[test]
fn the_embedded_classic_prior_is_the_trained_one() {
    let Some((prior, skipped)) = trained("gravon_classic_human_setups.dat", Army::Classic) else {
        return;
    };
    assert_eq!((prior.setups(), skipped), (64_920, 1));
    assert_eq!(prior, SetupPrior::classic());
}

#[spielwerk_testgames::needs_data("stratego/setups/gravon_barrage_human_setups.dat")]
#[test]
fn the_embedded_barrage_prior_is_the_trained_one() {
    let Some((prior, skipped)) = trained("gravon_barrage_human_setups.dat", Army::Barrage) else {
        return;
    };
    // The comment line and the one junk line.
    assert_eq!((prior.setups(), skipped), (3_944, 2));
    assert_eq!(prior, SetupPrior::barrage());
    assert_eq!(
        SetupPrior::to_rust_source(&SetupPrior::classic(), &SetupPrior::barrage()),
        include_str!("../src/ai/belief_game/prior_table.rs")
    );
}
