//! Where the program keeps what it saves (the Major highscore): the
//! platform's data directory, overridable with `SPIELWERK_DATA_DIR`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::cli::output::Failure;

/// The environment variable that names the data directory, overriding the
/// platform's convention.
pub const ENV: &str = "SPIELWERK_DATA_DIR";

/// The folder of saved files, in this order:
///
/// 1. `$SPIELWERK_DATA_DIR` if set (and not empty);
/// 2. on Linux and other Unix systems `$XDG_DATA_HOME/spielwerk` if
///    `XDG_DATA_HOME` is an absolute path, else
///    `$HOME/.local/share/spielwerk` (the XDG base directory rules);
///    on macOS `$HOME/Library/Application Support/spielwerk`; on Windows
///    `%APPDATA%\spielwerk`.
///
/// The folder need not exist: saving creates it.
pub fn data_dir() -> Result<PathBuf, Failure> {
    data_dir_from(|name| std::env::var_os(name))
}

fn data_dir_from(var: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, Failure> {
    let set = |name: &str| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = set(ENV) {
        return Ok(dir);
    }
    let no_dir = |what: &str| {
        Failure(format!(
            "no data directory: {what} is not set (set {ENV} to the folder to use)"
        ))
    };
    if cfg!(windows) {
        return set("APPDATA")
            .map(|d| d.join("spielwerk"))
            .ok_or_else(|| no_dir("APPDATA"));
    }
    let home = set("HOME");
    if cfg!(target_os = "macos") {
        return home
            .map(|h| h.join("Library/Application Support/spielwerk"))
            .ok_or_else(|| no_dir("HOME"));
    }
    if let Some(xdg) = set("XDG_DATA_HOME").filter(|d| d.is_absolute()) {
        return Ok(xdg.join("spielwerk"));
    }
    home.map(|h| h.join(".local/share/spielwerk"))
        .ok_or_else(|| no_dir("HOME (nor XDG_DATA_HOME)"))
}

/// The path of the saved file `name` (e.g. `major-highscore.json`): in
/// [`data_dir`], or where earlier versions kept it
/// (`$HOME/.spielwerk/NAME`) when only that file exists, so that no saved
/// table is left behind.
pub fn data_file(name: &str) -> Result<PathBuf, Failure> {
    let path = data_dir()?.join(name);
    if std::env::var_os(ENV).is_none_or(|v| v.is_empty())
        && !path.exists()
        && let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty())
    {
        let old = Path::new(&home).join(".spielwerk").join(name);
        if old.is_file() {
            return Ok(old);
        }
    }
    Ok(path)
}

/// The workspace this program was built from (`examples/..`): where the
/// project's defaults (`../shared/data`, a crate's source) are found when
/// the program runs from another folder.
fn checkout() -> Option<&'static Path> {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent()
}

/// The default of an option that names a file or folder of the project's
/// checkout, `relative` to the workspace's root (`../shared/data/reversi`):
/// from the current folder if it is there (the workspace's root, as the
/// README runs the program), else from the workspace the program was
/// built from; else an error that names the option to pass.
pub fn project_default(relative: &str, option: &str) -> Result<PathBuf, Failure> {
    project_default_in(relative, option, Path::new("."), checkout())
}

fn project_default_in(
    relative: &str,
    option: &str,
    here: &Path,
    built: Option<&Path>,
) -> Result<PathBuf, Failure> {
    let found = [Some(here), built]
        .into_iter()
        .flatten()
        .map(|root| root.join(relative))
        .find(|p| p.exists());
    found.ok_or_else(|| {
        Failure(format!(
            "{relative} is not here (run from the workspace's root, or pass {option} PATH)"
        ))
    })
}

/// The default of an option that names a file to write in the project's
/// checkout (`stratego-rules/src/ai/belief_game/prior_table.rs`): in the current folder
/// or the workspace the program was built from, wherever its folder is
/// (never a new folder relative to wherever the program runs).
pub fn project_output(relative: &str, option: &str) -> Result<PathBuf, Failure> {
    let rel = Path::new(relative);
    let folder = rel
        .parent()
        .map_or(String::new(), |p| p.display().to_string());
    let dir = project_default(&folder, option)?;
    Ok(dir.join(rel.file_name().unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(vars: &[(&str, &str)]) -> Result<PathBuf, Failure> {
        data_dir_from(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| OsString::from(v))
        })
    }

    #[test]
    fn a_project_default_is_found_from_here_or_from_the_checkout() {
        let root = std::env::temp_dir().join(format!("spielwerk-defaults-{}", std::process::id()));
        let (here, built) = (root.join("here"), root.join("built"));
        std::fs::create_dir_all(here.join("a")).unwrap();
        std::fs::create_dir_all(built.join("a/b")).unwrap();
        let find = |rel: &str| project_default_in(rel, "--data", &here, Some(&built));
        assert_eq!(find("a").unwrap(), here.join("a"), "here first");
        assert_eq!(find("a/b").unwrap(), built.join("a/b"), "then the checkout");
        let e = find("a/c").unwrap_err().to_string();
        assert!(e.contains("a/c") && e.contains("pass --data PATH"), "{e}");
        let e = project_default_in("a", "--out", &root, None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("--out"), "{e}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_variable_wins_then_the_platform_rules() {
        let d = dir(&[(ENV, "/x"), ("HOME", "/h"), ("XDG_DATA_HOME", "/d")]);
        assert_eq!(d.unwrap(), PathBuf::from("/x"));
        if cfg!(all(unix, not(target_os = "macos"))) {
            let d = dir(&[("HOME", "/h"), ("XDG_DATA_HOME", "/d")]).unwrap();
            assert_eq!(d, PathBuf::from("/d/spielwerk"));
            // A relative XDG_DATA_HOME is ignored, as the XDG rules say.
            let d = dir(&[("HOME", "/h"), ("XDG_DATA_HOME", "d")]).unwrap();
            assert_eq!(d, PathBuf::from("/h/.local/share/spielwerk"));
            let e = dir(&[(ENV, "")]).unwrap_err().to_string();
            assert!(e.contains(ENV) && e.contains("HOME"), "{e}");
        }
    }
}
