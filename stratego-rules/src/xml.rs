//! A small XML reader for the subset Gravon records use: elements with
//! attributes, text, comments, the XML declaration, the five predefined
//! entities and numeric character references. It never panics.

use core::fmt::Write as _;

/// One piece of an XML document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Event {
    /// `<name a="v">` or `<name a="v"/>` (then `empty`).
    Open {
        name: String,
        attrs: Vec<(String, String)>,
        empty: bool,
    },
    /// `</name>`.
    Close { name: String },
    /// Text between tags (entities resolved, not trimmed).
    Text(String),
}

/// XML that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("XML at byte {offset}: {kind}")]
pub struct XmlError {
    /// Byte offset in the text.
    pub offset: usize,
    /// What is wrong.
    pub kind: XmlErrorKind,
}

/// What is wrong with a piece of XML.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XmlErrorKind {
    /// A `<` without its `>` (or a comment without `-->`).
    #[error("unclosed tag")]
    Unclosed,
    /// A tag without a name.
    #[error("tag without a name")]
    NoName,
    /// An attribute that is not `name="value"`.
    #[error("malformed attribute")]
    Attribute,
    /// An entity other than the predefined ones and character references.
    #[error("unknown entity {0:?}")]
    Entity(String),
    /// A closing tag that does not match the open element.
    #[error("</{found}> closes <{expected}>")]
    Mismatch {
        /// The open element.
        expected: String,
        /// The closing tag found.
        found: String,
    },
    /// Elements left open at the end.
    #[error("<{0}> is never closed")]
    NotClosed(String),
}

fn e(offset: usize, kind: XmlErrorKind) -> XmlError {
    XmlError { offset, kind }
}

/// The events of a document, with nesting checked.
pub(crate) fn parse(text: &str) -> Result<Vec<Event>, XmlError> {
    let mut out = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    let mut pos = 0;
    while pos < text.len() {
        let rest = &text[pos..];
        let Some(lt) = rest.find('<') else {
            out.push(Event::Text(unescape(rest, pos)?));
            break;
        };
        if lt > 0 {
            out.push(Event::Text(unescape(&rest[..lt], pos)?));
        }
        let start = pos + lt;
        let tag = &text[start..];
        if tag.starts_with("<!--") {
            let end = tag.find("-->").ok_or(e(start, XmlErrorKind::Unclosed))?;
            pos = start + end + 3;
            continue;
        }
        let gt = tag.find('>').ok_or(e(start, XmlErrorKind::Unclosed))?;
        let inner = &tag[1..gt];
        pos = start + gt + 1;
        if inner.starts_with('?') || inner.starts_with('!') {
            continue;
        }
        if let Some(name) = inner.strip_prefix('/') {
            let name = name.trim().to_string();
            match stack.pop() {
                Some(open) if open == name => out.push(Event::Close { name }),
                Some(open) => {
                    return Err(e(
                        start,
                        XmlErrorKind::Mismatch {
                            expected: open,
                            found: name,
                        },
                    ));
                }
                None => {
                    return Err(e(
                        start,
                        XmlErrorKind::Mismatch {
                            expected: String::new(),
                            found: name,
                        },
                    ));
                }
            }
            continue;
        }
        let (inner, empty) = match inner.strip_suffix('/') {
            Some(i) => (i, true),
            None => (inner, false),
        };
        let name_end = inner
            .find(|c: char| c.is_whitespace())
            .unwrap_or(inner.len());
        let name = &inner[..name_end];
        if name.is_empty() {
            return Err(e(start, XmlErrorKind::NoName));
        }
        let attrs = attributes(&inner[name_end..], start)?;
        if !empty {
            stack.push(name.to_string());
        }
        out.push(Event::Open {
            name: name.to_string(),
            attrs,
            empty,
        });
    }
    if let Some(open) = stack.pop() {
        return Err(e(text.len(), XmlErrorKind::NotClosed(open)));
    }
    Ok(out)
}

fn attributes(mut s: &str, offset: usize) -> Result<Vec<(String, String)>, XmlError> {
    let mut out = Vec::new();
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return Ok(out);
        }
        let eq = s.find('=').ok_or(e(offset, XmlErrorKind::Attribute))?;
        let name = s[..eq].trim();
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(e(offset, XmlErrorKind::Attribute));
        }
        let after = s[eq + 1..].trim_start();
        let quote = after
            .chars()
            .next()
            .filter(|&c| c == '"' || c == '\'')
            .ok_or(e(offset, XmlErrorKind::Attribute))?;
        let body = &after[1..];
        let end = body.find(quote).ok_or(e(offset, XmlErrorKind::Attribute))?;
        out.push((name.to_string(), unescape(&body[..end], offset)?));
        s = &body[end + 1..];
    }
}

fn unescape(s: &str, offset: usize) -> Result<String, XmlError> {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let semi = after.find(';').ok_or(e(
            offset,
            XmlErrorKind::Entity(after.chars().take(8).collect()),
        ))?;
        let name = &after[..semi];
        let ch = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => {
                let code = if let Some(hex) = name.strip_prefix("#x") {
                    u32::from_str_radix(hex, 16).ok()
                } else if let Some(dec) = name.strip_prefix('#') {
                    dec.parse().ok()
                } else {
                    None
                };
                code.and_then(char::from_u32)
            }
        };
        out.push(ch.ok_or(e(offset, XmlErrorKind::Entity(name.to_string())))?);
        rest = &after[semi + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// `s` with `&`, `<`, `>`, `"` escaped, for attribute values and text.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => {
                let _ = write!(out, "&#{};", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_elements_attributes_text_and_entities() {
        let ev = parse(
            "<?xml version=\"1.0\"?><a x='1 &amp; 2'><!-- c --><b y=\"&#65;&#x42;\"/>t&lt;</a>",
        );
        assert_eq!(
            ev,
            Ok(vec![
                Event::Open {
                    name: "a".into(),
                    attrs: vec![("x".into(), "1 & 2".into())],
                    empty: false
                },
                Event::Open {
                    name: "b".into(),
                    attrs: vec![("y".into(), "AB".into())],
                    empty: true
                },
                Event::Text("t<".into()),
                Event::Close { name: "a".into() },
            ])
        );
        assert_eq!(
            parse(&format!("<a v=\"{}\"/>", escape("<&\">"))).map(|v| v.len()),
            Ok(1)
        );
    }

    #[test]
    fn names_every_error() {
        assert_eq!(parse("<a").map_err(|e| e.kind), Err(XmlErrorKind::Unclosed));
        assert_eq!(parse("< >").map_err(|e| e.kind), Err(XmlErrorKind::NoName));
        assert_eq!(
            parse("<a b/>").map_err(|e| e.kind),
            Err(XmlErrorKind::Attribute)
        );
        assert_eq!(
            parse("<a>&x;</a>").map_err(|e| e.kind),
            Err(XmlErrorKind::Entity("x".into()))
        );
        assert!(matches!(
            parse("<a></b>").map_err(|e| e.kind),
            Err(XmlErrorKind::Mismatch { .. })
        ));
        assert_eq!(
            parse("<a>").map_err(|e| e.kind),
            Err(XmlErrorKind::NotClosed("a".into()))
        );
    }
}
