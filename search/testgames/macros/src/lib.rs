//! `#[needs_data("reversi/ffo")]`, written before `#[test]`, on a test
//! that reads `../shared/data`
//! (the data beside the checkout, never copied into it): where that path
//! is missing when the test is compiled, the test gets `#[ignore]` with the
//! reason, so the test summary says `ignored, needs ../shared/data/...`
//! instead of a pass that skipped (cargo hides what a passing test
//! prints). Under `CI` the test is never ignored: it runs and fails
//! without the data ([`shared_data`] panics there), as the project's rule
//! says. Re-exported by `spielwerk-testgames` as `needs_data`.
//!
//! The check is made when the test is compiled: after the data appears,
//! `cargo clean -p CRATE` (or any change to the test file) compiles it in.
//!
//! [`shared_data`]: ../spielwerk_testgames/fn.shared_data.html

use std::path::{Path, PathBuf};

use proc_macro::TokenStream;

/// Marks a test that needs `../shared/data/PATH`; see the crate docs.
#[proc_macro_attribute]
pub fn needs_data(attr: TokenStream, item: TokenStream) -> TokenStream {
    let arg = attr.to_string();
    let relative = arg.trim().trim_matches('"');
    if relative.is_empty() || arg.trim().len() == relative.len() {
        return r#"compile_error!("needs_data takes one string: the path under ../shared/data, such as \"reversi/ffo\"");"#
            .parse()
            .unwrap_or_default();
    }
    // `option_env!` in the output makes the compiler note that the test
    // depends on `CI`, so that cargo compiles it again when `CI` changes.
    let mut out: TokenStream = "const _: Option<&str> = option_env!(\"CI\");"
        .parse()
        .unwrap_or_default();
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(PathBuf::new, PathBuf::from);
    if std::env::var_os("CI").is_none() && !found(&manifest, relative) {
        let reason = format!(
            "needs ../shared/data/{relative} beside the checkout (missing when this test was compiled)"
        );
        out.extend(
            format!("#[ignore = {reason:?}]")
                .parse::<TokenStream>()
                .unwrap_or_default(),
        );
    }
    out.extend(item);
    out
}

/// Whether `shared/data/relative` is in a folder above `manifest` (the
/// data lives beside the workspace's checkout).
fn found(manifest: &Path, relative: &str) -> bool {
    manifest
        .ancestors()
        .any(|dir| dir.join("shared/data").join(relative).exists())
}
