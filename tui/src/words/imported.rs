//! What an import of an SGF file says, in the player's language, on the
//! command line (`kaisho games import`) and on the Saved games screen: each
//! game made, each refused and why, how many of a collection were taken,
//! the character set the text was read in and the bytes it could not read.

use super::{Failure, Lang, Report, Say, failure, naming_for, refusal, report, say};
use kaisho_saves::import::{FileImport, Made, Refused};
use kaisho_saves::sgf::{Charset, CharsetSource, MAX_GAMES_PER_FILE, Place, Replaced};

/// What the import of `file` says: the lines for the games made and, for a
/// collection, the count of them; and the refusals, one a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportSaid {
    /// One line a game made, then for a collection how many were taken.
    pub made: Vec<String>,
    /// One line a game refused, with why: alone for a file of one game.
    pub refused: Vec<String>,
}

/// The import of `file` (as the player named it) in `lang`.
#[must_use]
pub fn import_said(lang: Lang, file: &str, done: &FileImport) -> ImportSaid {
    let read_in = read_in(lang, done.charset, done.replaced.as_ref(), done.games.len());
    let single = done.games.len() == 1 && done.beyond == 0;
    let mut said = ImportSaid::default();
    for game in &done.games {
        let number = (!single).then_some(game.number);
        match &game.made {
            Ok(made) => said.made.push(made_line(lang, file, number, made)),
            Err(why) => {
                let why = import_refusal(lang, why);
                said.refused.push(match number {
                    Some(n) => game_refused(lang, file, n, &why),
                    None => why,
                });
            }
        }
    }
    if single {
        if let Some(line) = said.made.first_mut() {
            *line = joined(lang, line, &read_in);
        }
    } else {
        let refused: Vec<usize> = done
            .games
            .iter()
            .filter(|g| g.made.is_err())
            .map(|g| g.number)
            .collect();
        let count = collection(lang, file, done.games.len(), done.made(), &refused);
        let mut line = joined(lang, &count, &read_in);
        if done.beyond > 0 {
            line = joined(lang, &line, &beyond(lang, done.beyond));
        }
        said.made.push(line);
    }
    said
}

/// The import of one collection in one line, for the screen's message
/// line: how many games were taken, then each refusal with its reason.
#[must_use]
pub fn import_line(lang: Lang, file: &str, done: &FileImport) -> String {
    let said = import_said(lang, file, done);
    let count = said.made.last().cloned().unwrap_or_default();
    said.refused
        .iter()
        .fold(count, |line, refused| joined(lang, &line, refused))
}

/// What a review of a file says beside its title: the move the rules
/// refuse (`refused`, worded), the bytes the text could not read, and the
/// games after the first that it does not show.
#[must_use]
pub fn reviewed_file_note(
    lang: Lang,
    refused: Option<String>,
    charset: Charset,
    replaced: Option<&(Replaced, Option<Place>)>,
    others: usize,
) -> Option<String> {
    let replaced = replaced.map(|r| replaced_text(lang, charset, r, 1));
    let others = (others > 0).then(|| match lang {
        Lang::En => format!(
            "the file holds {others} more game{}, not shown here: `i` on Saved games or \
             `kaisho games import` makes a saved game of each",
            if others == 1 { "" } else { "s" }
        ),
        Lang::Ja => format!(
            "このファイルにはほかに{others}局あり、ここには出していません: 保存した対局の `i` か `kaisho games import` で一局ずつ保存した対局にできます"
        ),
    });
    [refused, replaced, others]
        .into_iter()
        .flatten()
        .reduce(|said, more| joined(lang, &said, &more))
}

/// Why one game was not imported, in `lang`.
#[must_use]
pub fn import_refusal(lang: Lang, refused: &Refused) -> String {
    match refused {
        Refused::Sgf(e) => failure(lang, Failure::Sgf(e)),
        Refused::Illegal { file, size, error } => {
            let reason = refusal(&error.error, naming_for(lang), *size);
            let illegal = Report::NotImportable {
                file: &file.display().to_string(),
                event: error.index + 1,
                reason: &reason,
            };
            report(lang, illegal)
        }
        Refused::Log(e) => failure(lang, Failure::Log(e)),
        Refused::Keep { dir, source } => report(
            lang,
            Report::NotKept {
                dir: &dir.display().to_string(),
                reason: &source.to_string(),
            },
        ),
    }
}

/// Two sentences of one message.
fn joined(lang: Lang, first: &str, second: &str) -> String {
    match lang {
        Lang::En => format!("{first}; {second}"),
        Lang::Ja => format!("{first}。{second}"),
    }
}

/// `imported FILE as game ID (…)`, with the game's number in a collection.
fn made_line(lang: Lang, file: &str, number: Option<usize>, made: &Made) -> String {
    let moves = say(lang, Say::Moves(made.moves.into()));
    let id = &made.id;
    match lang {
        Lang::En => {
            let state = match (made.outcome, &made.recorded) {
                (Some(outcome), _) => format!("finished, {}", outcome.result_string()),
                (None, Some(result)) => format!("finished, {result} as the record gives it"),
                (None, None) => {
                    "adjourned, no result: Enter on Saved games reviews it, r plays on".to_string()
                }
            };
            let kept = if made.whole {
                ""
            } else {
                "; only the main line was kept, not its variations or the properties kaisho \
                 does not use: the record is over 2 MiB or sgf-parse cannot read it whole"
            };
            let what = match number {
                Some(n) => format!("game {n} of {file}"),
                None => file.to_string(),
            };
            format!("imported {what} as game {id} ({moves}, {state}){kept}")
        }
        Lang::Ja => {
            let state = match (made.outcome, &made.recorded) {
                (Some(outcome), _) => format!("終局、{}", super::outcome(lang, outcome)),
                (None, Some(result)) => format!("終局、棋譜の結果 {result}"),
                (None, None) => {
                    "打ち掛け、結果なし: 保存した対局で Enter を押すと検討、r で続きを打てます"
                        .to_string()
                }
            };
            let kept = if made.whole {
                ""
            } else {
                "。本譜だけを残し、変化図と kaisho の使わないプロパティは残していません: 2 MiB を超えるか、sgf-parse が全体を読めない棋譜です"
            };
            let what = match number {
                Some(n) => format!("{file} の{n}局目"),
                None => file.to_string(),
            };
            format!("{what} を対局 {id} として取り込みました ({moves}、{state}){kept}")
        }
    }
}

/// `game N of FILE was not imported: why`.
fn game_refused(lang: Lang, file: &str, number: usize, why: &str) -> String {
    match lang {
        Lang::En => format!("game {number} of {file} was not imported: {why}"),
        Lang::Ja => format!("{file} の{number}局目は取り込みませんでした: {why}"),
    }
}

/// How many games of a collection were taken, and which were refused.
fn collection(lang: Lang, file: &str, games: usize, made: usize, refused: &[usize]) -> String {
    let numbers = refused
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    match lang {
        Lang::En => {
            let refused = match refused.len() {
                0 => String::new(),
                1 => format!(", game {numbers} refused"),
                _ => format!(", games {numbers} refused"),
            };
            format!("{file} holds {games} games: {made} imported as saved games{refused}")
        }
        Lang::Ja => {
            let refused = if refused.is_empty() {
                String::new()
            } else {
                format!("、{numbers}局目は取り込めません")
            };
            format!("{file} の{games}局のうち{made}局を保存した対局として取り込みました{refused}")
        }
    }
}

/// The games past the cap, left in the file.
fn beyond(lang: Lang, count: usize) -> String {
    match lang {
        Lang::En => format!(
            "{count} more game{} after the first {MAX_GAMES_PER_FILE} were left: kaisho imports \
             at most {MAX_GAMES_PER_FILE} games from one file, so split it",
            if count == 1 { "" } else { "s" }
        ),
        Lang::Ja => format!(
            "最初の{MAX_GAMES_PER_FILE}局より後の{count}局は取り込んでいません: 一つのファイルから取り込むのは{MAX_GAMES_PER_FILE}局までなので、ファイルを分けてください"
        ),
    }
}

/// The character set the text was read in and why, and the bytes it
/// could not read; `games` tells whether to name the game of a place.
fn read_in(
    lang: Lang,
    charset: Charset,
    replaced: Option<&(Replaced, Option<Place>)>,
    games: usize,
) -> String {
    let name = charset.name;
    let read = match (lang, charset.source) {
        (Lang::En, CharsetSource::Declared) => {
            format!("text read as {name} (as the record declares)")
        }
        (Lang::En, CharsetSource::Detected) => {
            format!("text read as {name} (detected, since the record declares no charset)")
        }
        (Lang::Ja, CharsetSource::Declared) => format!("文字コードは {name} (棋譜の指定どおり)"),
        (Lang::Ja, CharsetSource::Detected) => {
            format!("文字コードは {name} (棋譜に指定がないため判定)")
        }
    };
    match replaced {
        Some(replaced) => joined(lang, &read, &replaced_text(lang, charset, replaced, games)),
        None => read,
    }
}

/// `3 bytes that are not GBK were replaced with U+FFFD, the first at byte
/// 1234 (in C[] of move 12)`.
fn replaced_text(
    lang: Lang,
    charset: Charset,
    (replaced, place): &(Replaced, Option<Place>),
    games: usize,
) -> String {
    let name = charset.name;
    let count = replaced.bytes;
    let at = replaced.first_byte;
    let place = place
        .as_ref()
        .map(|p| format!(" ({})", place_text(lang, p, games > 1)))
        .unwrap_or_default();
    match lang {
        Lang::En => {
            let bytes = if count == 1 {
                "1 byte that is".to_string()
            } else {
                format!("{count} bytes that are")
            };
            format!(
                "{bytes} not {name} replaced with U+FFFD, the first at byte {at}{place}: \
                 check the record's text there"
            )
        }
        Lang::Ja => format!(
            "{name} として読めない {count} バイトを U+FFFD に置き換えました。最初は {at} バイト目{place}: 棋譜のその箇所を確かめてください"
        ),
    }
}

/// `in C[] of move 12`, `in PB[] of the root`, `in C[] of a variation`,
/// with the game's number in a collection.
fn place_text(lang: Lang, place: &Place, name_game: bool) -> String {
    let property = place.property.as_deref();
    let game = place.game;
    match lang {
        Lang::En => {
            let node = match place.moves {
                Some(0) => "the root".to_string(),
                Some(n) => format!("move {n}"),
                None => "a variation".to_string(),
            };
            let what = match property {
                Some(id) => format!("in {id}[] of {node}"),
                None => format!("outside any property's value, at {node}"),
            };
            if name_game {
                format!("game {game}, {what}")
            } else {
                what
            }
        }
        Lang::Ja => {
            let node = match place.moves {
                Some(0) => "ルート".to_string(),
                Some(n) => format!("{n}手目"),
                None => "変化図".to_string(),
            };
            let what = match property {
                Some(id) => format!("{node}の {id}[]"),
                None => format!("{node}のプロパティの値の外"),
            };
            if name_game {
                format!("{game}局目の{what}")
            } else {
                what
            }
        }
    }
}
