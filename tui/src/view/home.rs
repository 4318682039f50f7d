//! The home screen: the title and the menu, drawn from the menu's items,
//! and the problem with the config file when there is one.

use super::text::{choice, wrap};
use super::theme::Theme;
use crate::app::{HomeItem, State, strength};
use crate::words::{EngineLine, Lang, engine_line, pad_right};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

fn label(item: HomeItem, lang: Lang) -> &'static str {
    match (lang, item) {
        (Lang::En, HomeItem::PlayLocal) => "Play a local game (two players, one keyboard)",
        (Lang::En, HomeItem::HostLan) => "Host a game on the local network",
        (Lang::En, HomeItem::JoinLan) => "Join a game on the local network (type its code)",
        (Lang::En, HomeItem::WatchLan) => "Watch a game on the local network (観戦)",
        (Lang::En, HomeItem::PlayEngine) => "Play the engine",
        (Lang::En, HomeItem::Engine) => "engine",
        (Lang::En, HomeItem::BoardSize) => "board size",
        (Lang::En, HomeItem::Komi) => "komi",
        (Lang::En, HomeItem::Handicap) => "handicap",
        (Lang::En, HomeItem::Clock) => "clock",
        (Lang::En, HomeItem::Games) => "Saved games: resume, review, import SGF",
        (Lang::En, HomeItem::Series) => "Series: handicap ladder, next game",
        (Lang::En, HomeItem::Settings) => "Settings",
        (Lang::En, HomeItem::Quit) => "Quit",
        (Lang::Ja, HomeItem::PlayLocal) => "対局する (二人で一つのキーボード)",
        (Lang::Ja, HomeItem::HostLan) => "LANで対局を開く",
        (Lang::Ja, HomeItem::JoinLan) => "LANの対局に参加 (コードを入力)",
        (Lang::Ja, HomeItem::WatchLan) => "LANの対局を観戦",
        (Lang::Ja, HomeItem::PlayEngine) => "思考エンジンと対局",
        (Lang::Ja, HomeItem::Engine) => "エンジン",
        (Lang::Ja, HomeItem::BoardSize) => "碁盤",
        (Lang::Ja, HomeItem::Komi) => "コミ",
        (Lang::Ja, HomeItem::Handicap) => "置碁",
        (Lang::Ja, HomeItem::Clock) => "持ち時間",
        (Lang::Ja, HomeItem::Games) => "保存した対局: 続行、並べ直し、SGF読込",
        (Lang::Ja, HomeItem::Series) => "手合: 手合割、次局",
        (Lang::Ja, HomeItem::Settings) => "設定",
        (Lang::Ja, HomeItem::Quit) => "終了",
    }
}

/// Draws the home screen above the footer.
pub fn render(state: &State, theme: Theme, area: Rect, buf: &mut Buffer) {
    let title = match (theme.lang, theme.ascii) {
        (Lang::En, true) => "kaisho - a Go club in the terminal",
        (Lang::En, false) => "kaisho 碁会所 - a Go club in the terminal",
        (Lang::Ja, _) => "kaisho 碁会所 - 端末の碁会所",
    };
    let rules = match theme.lang {
        Lang::En => "Japanese Go Rules of 1989",
        Lang::Ja => "日本囲碁規約 (1989年)",
    };
    let mut lines = vec![
        Line::default(),
        Line::styled(format!("  {title}"), theme.bold()),
        Line::from(format!("  {rules}")),
        Line::default(),
    ];
    let home = &state.home;
    let (left, right) = if theme.ascii {
        ("<", ">")
    } else {
        ("‹", "›")
    };
    // Whom the player would meet: the engine's name and GNU Go's level.
    let engine = state.engine.as_deref().map(strength);
    for (i, &item) in home.items.iter().enumerate() {
        let value = match item {
            HomeItem::Engine => Some(engine_line(
                theme.lang,
                engine
                    .as_ref()
                    .map_or(EngineLine::SettingNone, |e| EngineLine::Setting(e.level)),
            )),
            _ => home.value(item, theme.lang),
        };
        let text = match value {
            // The engine item is a menu entry whose value is the colour, or
            // says that there is no engine (choosing it says how to get one).
            Some(_) if item == HomeItem::PlayEngine && engine.is_none() => {
                let none = engine_line(theme.lang, EngineLine::NoneFound);
                format!("{}  ({none})", label(item, theme.lang))
            }
            Some(value) if item == HomeItem::PlayEngine => {
                let play = engine.as_ref().map(|e| EngineLine::Play {
                    name: &e.name,
                    level: e.level,
                });
                let play = play.map_or_else(String::new, |p| engine_line(theme.lang, p));
                format!("{play}  {left} {value} {right}")
            }
            Some(value) => format!(
                "    {}{left} {value} {right}",
                pad_right(label(item, theme.lang), 12)
            ),
            None => label(item, theme.lang).to_string(),
        };
        lines.push(choice(text, i == home.selected, theme));
    }
    if let Some(problem) = &state.config_problem {
        lines.push(Line::default());
        let width = usize::from(area.width.saturating_sub(2));
        let settings = label(HomeItem::Settings, theme.lang);
        for text in wrap(&format!("{settings}: {problem}"), width) {
            lines.push(Line::styled(
                format!("  {}", theme.text(&text)),
                theme.error(),
            ));
        }
    }
    Paragraph::new(lines).render(area, buf);
}
