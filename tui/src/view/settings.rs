//! The settings screen: one line per setting, the selected one reversed.

use super::text::choice;
use super::theme::Theme;
use crate::app::{SettingsForm, SettingsItem};
use crate::words::{Lang, pad_right};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

fn label(item: SettingsItem, lang: Lang) -> &'static str {
    match (lang, item) {
        (Lang::En, SettingsItem::Name) => "your name",
        (Lang::En, SettingsItem::BoardSize) => "board size",
        (Lang::En, SettingsItem::Komi) => "komi",
        (Lang::En, SettingsItem::Clock) => "clock",
        (Lang::En, SettingsItem::Coordinates) => "point names",
        (Lang::En, SettingsItem::Ascii) => "ASCII only",
        (Lang::En, SettingsItem::UndoLimit) => "undo limit",
        (Lang::En, SettingsItem::Bell) => "bell",
        (Lang::En, SettingsItem::Announce) => "LAN announce",
        (Lang::En, SettingsItem::Watchers) => "let watch",
        (Lang::En, SettingsItem::MaxWatchers) => "watchers",
        (Lang::En, SettingsItem::Language) => "language",
        (Lang::En, SettingsItem::Save) => "Save to the config file",
        (Lang::Ja, SettingsItem::Name) => "名前",
        (Lang::Ja, SettingsItem::BoardSize) => "碁盤",
        (Lang::Ja, SettingsItem::Komi) => "コミ",
        (Lang::Ja, SettingsItem::Clock) => "持ち時間",
        (Lang::Ja, SettingsItem::Coordinates) => "点の呼び方",
        (Lang::Ja, SettingsItem::Ascii) => "ASCIIのみ",
        (Lang::Ja, SettingsItem::UndoLimit) => "待ったの回数",
        (Lang::Ja, SettingsItem::Bell) => "ベル",
        (Lang::Ja, SettingsItem::Announce) => "LANに告知",
        (Lang::Ja, SettingsItem::Watchers) => "観戦を許す",
        (Lang::Ja, SettingsItem::MaxWatchers) => "観戦の人数",
        (Lang::Ja, SettingsItem::Language) => "言語",
        (Lang::Ja, SettingsItem::Save) => "設定ファイルに保存",
    }
}

/// Draws the form above the footer.
pub fn render(form: &SettingsForm, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = vec![
        Line::default(),
        Line::styled(
            match theme.lang {
                Lang::En => "  Settings",
                Lang::Ja => "  設定",
            },
            theme.bold(),
        ),
        Line::from(match theme.lang {
            Lang::En => "  The defaults of new games and how the board is drawn.",
            Lang::Ja => "  新しい対局の既定と盤の描き方。",
        }),
        Line::default(),
    ];
    for (i, &item) in crate::app::SETTINGS_ITEMS.iter().enumerate() {
        let text = match form.value(item, theme.lang) {
            Some(value) => format!("    {}{value}", pad_right(label(item, theme.lang), 14)),
            None => label(item, theme.lang).to_string(),
        };
        lines.push(choice(text, i == form.selected, theme));
    }
    Paragraph::new(lines).render(area, buf);
}
