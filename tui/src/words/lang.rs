//! The language kaisho speaks: chosen by `--lang`, the `lang` setting, or
//! the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, first set wins, as POSIX
//! orders them), else English.

use kaisho_saves::config::{Config, Language};

/// A language of the catalog.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Ja,
}

impl Lang {
    /// Every language, for tests that cover the catalog.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ja];

    /// Reads a language code: `en` or `ja` (a region such as `ja_JP` or
    /// `en-GB` is allowed).
    #[must_use]
    pub fn parse(code: &str) -> Option<Lang> {
        let code = code.trim().to_ascii_lowercase();
        let base = code.split(['_', '-', '.', '@']).next().unwrap_or("");
        match base {
            "en" => Some(Lang::En),
            "ja" => Some(Lang::Ja),
            _ => None,
        }
    }

    /// The language of a locale's environment, looked up with `var`: the
    /// first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not
    /// empty decides; `ja*` is Japanese, anything else English.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| var(name))
            .find(|value| !value.is_empty())
            .and_then(|value| Lang::parse(&value))
            .unwrap_or_default()
    }

    /// The language to speak: the command line's, else the config's, else
    /// the locale's.
    pub fn choose(
        flag: Option<Lang>,
        setting: Option<Lang>,
        var: impl Fn(&str) -> Option<String>,
    ) -> Lang {
        flag.or(setting).unwrap_or_else(|| Lang::from_locale(var))
    }

    /// The code written in `config.toml` and taken by `--lang`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }
}

impl From<Language> for Lang {
    fn from(language: Language) -> Lang {
        match language {
            Language::En => Lang::En,
            Language::Ja => Lang::Ja,
        }
    }
}

/// The language for the settings in `config`, with the command line's
/// `flag` first and the process's locale last.
#[must_use]
pub fn chosen(flag: Option<Lang>, config: &Config) -> Lang {
    Lang::choose(flag, config.lang.map(Lang::from), |name| {
        std::env::var(name).ok()
    })
}

/// A language code kaisho does not speak.
#[derive(Debug, thiserror::Error)]
#[error("unknown language {0:?}: use en or ja")]
pub struct UnknownLang(String);

/// Reads `--lang`'s value.
///
/// # Errors
/// A code other than `en` or `ja`, with the codes that are known.
pub fn parse_flag(code: &str) -> Result<Lang, UnknownLang> {
    Lang::parse(code).ok_or_else(|| UnknownLang(code.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_string())
        }
    }

    #[test]
    fn the_locale_decides_in_posix_order() {
        assert_eq!(Lang::from_locale(env(&[("LANG", "ja_JP.UTF-8")])), Lang::Ja);
        assert_eq!(
            Lang::from_locale(env(&[("LC_ALL", "C"), ("LANG", "ja_JP.UTF-8")])),
            Lang::En
        );
        assert_eq!(
            Lang::from_locale(env(&[
                ("LC_ALL", ""),
                ("LC_MESSAGES", "ja_JP"),
                ("LANG", "C")
            ])),
            Lang::Ja
        );
        assert_eq!(Lang::from_locale(env(&[])), Lang::En);
    }

    #[test]
    fn the_flag_beats_the_setting_and_the_setting_the_locale() {
        let ja = env(&[("LANG", "ja_JP.UTF-8")]);
        assert_eq!(Lang::choose(Some(Lang::En), Some(Lang::Ja), &ja), Lang::En);
        assert_eq!(Lang::choose(None, Some(Lang::En), &ja), Lang::En);
        assert_eq!(Lang::choose(None, None, &ja), Lang::Ja);
        assert_eq!(Lang::parse("fr"), None);
    }
}
