//! Series ids: the name a series goes by on the command line and the stem
//! of its file name.

use std::fmt;

/// A series id: letters (any script), digits, `-` and `_`, at most 64
/// characters, not starting with `-` and not a name Windows reserves for
/// devices (`con`, `nul`, `com1` …), so that it is a safe file name on
/// every platform and cannot point outside the series folder.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SeriesId(String);

/// Text that cannot be a series id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdError(pub String);

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a series id: use letters, digits, '-' and '_' only (as `kaisho series list` shows them)",
            self.0
        )
    }
}

impl std::error::Error for IdError {}

const MAX_LEN: usize = 64;

fn allowed(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

impl SeriesId {
    /// Checks text typed by a user or found as a file stem.
    pub fn parse(text: &str) -> Result<SeriesId, IdError> {
        let ok = !text.is_empty()
            && text.chars().count() <= MAX_LEN
            && text.chars().all(allowed)
            && !text.starts_with('-')
            && !is_device_name(text);
        if ok {
            Ok(SeriesId(text.to_string()))
        } else {
            Err(IdError(text.to_string()))
        }
    }

    /// A readable id made from the players' names, e.g. `aki-ben`; `taken`
    /// says which ids exist already, and a number is added until it is free.
    #[must_use]
    pub fn from_names(names: [&str; 2], taken: impl Fn(&SeriesId) -> bool) -> SeriesId {
        let slug: Vec<String> = names
            .iter()
            .map(|n| slug(n))
            .filter(|s| !s.is_empty())
            .collect();
        let mut base = slug.join("-");
        if base.is_empty() || is_device_name(&base) {
            base = "series".to_string();
        }
        let base: String = base.chars().take(MAX_LEN - 8).collect();
        (1u32..)
            .map(|n| {
                if n == 1 {
                    SeriesId(base.clone())
                } else {
                    SeriesId(format!("{base}-{n}"))
                }
            })
            .find(|id| !taken(id))
            .unwrap_or(SeriesId(base))
    }

    /// The id as text, as typed on the command line.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Windows refuses these as file names whatever the extension.
fn is_device_name(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    matches!(lower.as_str(), "con" | "prn" | "aux" | "nul")
        || (lower.len() == 4
            && (lower.starts_with("com") || lower.starts_with("lpt"))
            && lower.as_bytes()[3].is_ascii_digit())
}

fn slug(name: &str) -> String {
    let lowered: String = name
        .chars()
        .map(|c| {
            if allowed(c) && c != '_' {
                c.to_lowercase().next().unwrap_or(c)
            } else {
                '-'
            }
        })
        .collect();
    lowered
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

impl fmt::Display for SeriesId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_safe_file_stems() {
        for good in ["aki-ben", "田中-鈴木", "s_2"] {
            assert!(SeriesId::parse(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "../x",
            "a/b",
            "a.b",
            "-x",
            "a b",
            "CON",
            "com1",
            &"x".repeat(65),
        ] {
            assert!(SeriesId::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn ids_from_names_are_readable_and_unique() {
        let id = SeriesId::from_names(["Aki Sato", "Ben"], |_| false);
        assert_eq!(id.as_str(), "aki-sato-ben");
        let id = SeriesId::from_names(["Aki", "Ben"], |id| id.as_str() == "aki-ben");
        assert_eq!(id.as_str(), "aki-ben-2");
        let id = SeriesId::from_names(["田中", "鈴木"], |_| false);
        assert_eq!(id.as_str(), "田中-鈴木");
        let id = SeriesId::from_names(["Nul", ""], |_| false);
        assert_eq!(id.as_str(), "series");
        let id = SeriesId::from_names(["!!", "??"], |_| false);
        assert_eq!(id.as_str(), "series");
        assert!(SeriesId::parse(id.as_str()).is_ok());
    }
}
