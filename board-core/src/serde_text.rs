//! serde through the text notation.

/// Implements serde's `Serialize` and `Deserialize` for a type through its
/// `Display` and `FromStr`, so that it travels as its text notation (a move
/// as `"f5"`, a position as its one-line form) and a bad string is
/// rejected with the parse error's message.
///
/// For game crates with a `serde` feature, which must depend on `serde`
/// themselves:
///
/// ```ignore
/// #[cfg(feature = "serde")]
/// board_core::serde_as_text!(Move);
/// ```
#[macro_export]
macro_rules! serde_as_text {
    ($ty:ty) => {
        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                let s = <::std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(
                    deserializer,
                )?;
                s.parse().map_err(::serde::de::Error::custom)
            }
        }
    };
}
