//! What a name and a chat line may hold. Names hold letters, digits,
//! spaces and `- _ .` only, so no markup can ever be in one; the client
//! also shows every name and chat text as text, never as HTML.

use super::protocol::{ErrorCode, ProtocolError};

/// The longest name, in characters.
pub const NAME_MAX_CHARS: usize = 20;
/// The longest chat line, in characters.
pub const CHAT_MAX_CHARS: usize = 300;
/// Names starting with this (in any case) belong to computer players.
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
    let invalid = |m: String| Err(ProtocolError::new(ErrorCode::NameInvalid, m).about("name"));
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
    if name
        .to_lowercase()
        .starts_with(&COMPUTER_PREFIX.to_lowercase())
    {
        return Err(ProtocolError::new(
            ErrorCode::NameReserved,
            format!("names starting with \"{COMPUTER_PREFIX}\" belong to the computer players"),
        )
        .about("name"));
    }
    Ok(name.to_string())
}

/// The key under which names are unique (case does not count).
#[must_use]
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// Checks a chat line; returns it trimmed.
pub fn check_chat(text: &str) -> Result<String, ProtocolError> {
    let text = text.trim();
    let invalid = |m: String| Err(ProtocolError::new(ErrorCode::ChatInvalid, m).about("chat"));
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
        assert_eq!(code(""), Some(ErrorCode::NameInvalid));
        assert_eq!(code("   "), Some(ErrorCode::NameInvalid));
        assert_eq!(code(&"a".repeat(21)), Some(ErrorCode::NameInvalid));
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
            "a  b",
        ] {
            assert_eq!(code(markup), Some(ErrorCode::NameInvalid), "{markup}");
        }
        let e = check_name("<b>").unwrap_err();
        assert!(e.message.contains("character 1 is '<'"), "{}", e.message);
        assert_eq!(code("computer greedy"), Some(ErrorCode::NameReserved));
        assert_eq!(code("COMPUTERx"), Some(ErrorCode::NameReserved));
        assert_eq!(name_key("Anna"), name_key("aNNA"));
    }

    #[test]
    fn chat_lines_are_checked() {
        assert_eq!(
            check_chat(" <script>alert(1)</script> "),
            Ok("<script>alert(1)</script>".to_string())
        );
        assert!(check_chat("").is_err());
        assert!(check_chat("a\u{7}b").is_err());
        assert!(check_chat(&"x".repeat(301)).is_err());
        assert!(check_chat(&"x".repeat(300)).is_ok());
    }
}
