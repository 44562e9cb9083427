//! The project's rule for tests that read `../shared/data`.

use std::path::PathBuf;

/// The path of `relative` under the shared data folder beside the checkout
/// (`../shared/data` from the workspace root), if it exists.
///
/// The project's rule for tests that need the data: when it is missing, the
/// test fails if `CI` is set (this panics) and otherwise skips — this prints
/// why and returns `None`.
///
/// ```no_run
/// let Some(ffo) = spielwerk_testgames::shared_data("reversi/ffo") else {
///     return; // skipped, and said so
/// };
/// # let _ = ffo;
/// ```
#[must_use]
pub fn shared_data(relative: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(relative);
    if path.exists() {
        return Some(path);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI is set but the data {} is missing",
        path.display()
    );
    eprintln!("skipped: no data at {}", path.display());
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_data_skips_outside_ci_and_fails_under_ci() {
        let missing = || shared_data("no/such/file.txt");
        if std::env::var_os("CI").is_some() {
            assert!(std::panic::catch_unwind(missing).is_err());
        } else {
            assert_eq!(missing(), None);
        }
    }

    #[test]
    fn present_data_is_found_where_the_guide_puts_it() {
        let here = shared_data("reversi/README.md");
        if let Some(p) = here {
            assert!(p.ends_with("shared/data/reversi/README.md") && p.is_file());
        }
    }
}
