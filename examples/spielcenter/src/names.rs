//! What a name and a chat line may hold, and when two names are the same.
//!
//! Names hold letters, digits, spaces and `- _ .` only, so no markup can
//! ever be in one; the client also shows every name and chat text as text,
//! never as HTML. Two names are the same when their [`name_key`]s are:
//! compatibility normalisation (NFKC: `ｉｄｌｅ` is `idle`), case folding,
//! then the confusable skeleton of Unicode Technical Standard #39 (`Іdle`
//! with a Cyrillic `І` is `idle`, `Computеr` with a Cyrillic `е` is
//! `Computer`).

use unicode_normalization::UnicodeNormalization;

use crate::protocol::{ErrorCode, ProtocolError};

/// The longest name, in characters.
pub const NAME_MAX_CHARS: usize = 20;
/// The longest chat line, in characters.
pub const CHAT_MAX_CHARS: usize = 300;
/// Names starting with this (or anything that looks like it) belong to the
/// computer players.
pub const COMPUTER_PREFIX: &str = "Computer";

fn shown(c: char) -> String {
    if c.is_control() || c.is_whitespace() {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("'{c}'")
    }
}

/// Checks a name a person chose; returns it trimmed.
pub fn check_name(name: &str) -> Result<String, ProtocolError> {
    let name = name.trim();
    let invalid = |m: String| Err(ProtocolError::new(ErrorCode::NAME_INVALID, m).about("name"));
    if name.is_empty() {
        return invalid("a name cannot be empty".into());
    }
    for (i, c) in name.chars().enumerate() {
        let ok = c.is_alphanumeric() || c == ' ' || c == '-' || c == '_' || c == '.';
        if !ok {
            let mut quoted: String = name.chars().take(40).collect();
            if quoted.len() < name.len() {
                quoted.push('…');
            }
            return invalid(format!(
                "the name {quoted:?} may hold letters, digits, spaces and - _ . only; character {} is {}",
                i + 1,
                shown(c)
            ));
        }
    }
    let chars = name.chars().count();
    if chars > NAME_MAX_CHARS {
        return invalid(format!(
            "a name has at most {NAME_MAX_CHARS} characters, this one {chars}"
        ));
    }
    if name.contains("  ") {
        return invalid("a name cannot hold two spaces in a row".into());
    }
    if name_key(name).starts_with(&name_key(COMPUTER_PREFIX)) {
        return Err(ProtocolError::new(
            ErrorCode::NAME_RESERVED,
            format!(
                "names starting with \"{COMPUTER_PREFIX}\" (or looking like it) belong to the computer players"
            ),
        )
        .about("name"));
    }
    Ok(name.to_string())
}

/// The key under which names are unique: NFKC, lower case, then the UTS
/// #39 skeleton (a string of the characters each confusable one stands
/// for).
#[must_use]
pub fn name_key(name: &str) -> String {
    let folded: String = name.nfkc().flat_map(char::to_lowercase).collect();
    let skeleton: String = unicode_security::skeleton(&folded).collect();
    // The skeleton of a lower-case letter can be an upper-case one (and
    // folding again keeps `I`, `l` and `1` together).
    skeleton.nfkc().flat_map(char::to_lowercase).collect()
}

/// Checks a chat line; returns it trimmed.
pub fn check_chat(text: &str, request: &str) -> Result<String, ProtocolError> {
    let text = text.trim();
    let invalid = |m: String| Err(ProtocolError::new(ErrorCode::CHAT_INVALID, m).about(request));
    if text.is_empty() {
        return invalid("a chat line cannot be empty".into());
    }
    let chars = text.chars().count();
    if chars > CHAT_MAX_CHARS {
        return invalid(format!(
            "a chat line has at most {CHAT_MAX_CHARS} characters, this one {chars}"
        ));
    }
    if let Some((i, c)) = text.chars().enumerate().find(|(_, c)| c.is_control()) {
        return invalid(format!(
            "a chat line cannot hold control characters; character {} is {}",
            i + 1,
            shown(c)
        ));
    }
    Ok(text.to_string())
}

/// A browser's secret token: 32 lower-case hexadecimal digits (128 bits).
#[must_use]
pub fn is_token(text: &str) -> bool {
    text.len() == 32
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(name: &str) -> Option<ErrorCode> {
        check_name(name).err().map(|e| e.code)
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Anna Lena "), Ok("Anna Lena".to_string()));
        assert_eq!(check_name("Jürgen_2.0-x"), Ok("Jürgen_2.0-x".to_string()));
        assert_eq!(code(""), Some(ErrorCode::NAME_INVALID));
        assert_eq!(code("   "), Some(ErrorCode::NAME_INVALID));
        assert_eq!(code(&"a".repeat(21)), Some(ErrorCode::NAME_INVALID));
        assert_eq!(
            check_name(&"ä".repeat(20)).map(|n| n.chars().count()),
            Ok(20)
        );
        for markup in [
            "<img src=x onerror=alert(1)>",
            "a&b",
            "\"x\"",
            "it's",
            "tab\there",
            "a\u{202e}b",
            "a\u{200b}b",
            "a  b",
        ] {
            assert_eq!(code(markup), Some(ErrorCode::NAME_INVALID), "{markup}");
        }
        let e = check_name("<b>").unwrap_err();
        assert!(e.message.contains("character 1 is '<'"), "{}", e.message);
        assert_eq!(code("computer greedy"), Some(ErrorCode::NAME_RESERVED));
        assert_eq!(code("COMPUTERx"), Some(ErrorCode::NAME_RESERVED));
        // Look-alikes of the reserved prefix: a Cyrillic e, full width.
        assert_eq!(code("Comput\u{435}r easy"), Some(ErrorCode::NAME_RESERVED));
        assert_eq!(code("ｃｏｍｐｕｔｅｒ"), Some(ErrorCode::NAME_RESERVED));
    }

    #[test]
    fn look_alike_names_are_the_same_name() {
        let idle = name_key("idle");
        for same in [
            "Idle",
            "IDLE",
            "\u{406}dle",
            "ｉｄｌｅ",
            "\u{456}dle",
            "idl\u{435}",
        ] {
            assert_eq!(name_key(same), idle, "{same}");
        }
        assert_eq!(name_key("Anna"), name_key("aNNA"));
        for other in ["idler", "idea", "anna", "bert"] {
            assert_ne!(name_key(other), idle, "{other}");
        }
        // Different scripts that do not look alike stay apart.
        assert_ne!(name_key("Жора"), name_key("Kopa"));
    }

    #[test]
    fn chat_lines_and_tokens_are_checked() {
        assert_eq!(
            check_chat(" <script>alert(1)</script> ", "chat"),
            Ok("<script>alert(1)</script>".to_string())
        );
        assert!(check_chat("", "chat").is_err());
        assert!(check_chat("a\u{7}b", "say").is_err());
        assert!(check_chat(&"x".repeat(301), "chat").is_err());
        assert!(check_chat(&"x".repeat(300), "chat").is_ok());
        assert!(is_token("0123456789abcdef0123456789abcdef"));
        assert!(!is_token("0123456789ABCDEF0123456789abcdef"));
        assert!(!is_token("0123"));
    }
}
