//! The host's form and the lobby: the join code in large letters for
//! reading aloud, and what has happened while waiting.

use super::text::{choice, wrap};
use super::theme::Theme;
use crate::app::{HOST_ITEMS, HostForm, HostItem, Lobby};
use crate::words::{Lang, WatchSay, pad_right, watch_say};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

fn label(item: HostItem, lang: Lang) -> &'static str {
    match (lang, item) {
        (Lang::En, HostItem::BoardSize) => "board size",
        (Lang::En, HostItem::Komi) => "komi",
        (Lang::En, HostItem::Handicap) => "handicap",
        (Lang::En, HostItem::Colors) => "colours",
        (Lang::En, HostItem::Clock) => "clock",
        (Lang::En, HostItem::Port) => "port",
        (Lang::En, HostItem::Watchers) => "watchers",
        (Lang::En, HostItem::Start) => "Start hosting: show the join code",
        (Lang::Ja, HostItem::BoardSize) => "碁盤",
        (Lang::Ja, HostItem::Komi) => "コミ",
        (Lang::Ja, HostItem::Handicap) => "置碁",
        (Lang::Ja, HostItem::Colors) => "手番",
        (Lang::Ja, HostItem::Clock) => "持ち時間",
        (Lang::Ja, HostItem::Port) => "ポート",
        (Lang::Ja, HostItem::Watchers) => "観戦",
        (Lang::Ja, HostItem::Start) => "対局を開く: 参加コードを表示",
    }
}

/// The fixed lines of the form and the lobby.
fn line(lang: Lang, n: usize) -> &'static str {
    const EN: [&str; 8] = [
        "Host a game on the local network",
        "Your partner joins with the code shown next.",
        "Read this code to your partner:",
        "They choose \"Join a game\" and type it (or run kaisho join CODE).",
        "Nothing is running: Esc goes back.",
        "Waiting for the partner...",
        "Starting the engine...",
        "This code is burned by 3 wrong tries: press r for a new one.",
    ];
    const JA: [&str; 8] = [
        "LANで対局を開く",
        "相手は次に表示されるコードで参加します。",
        "このコードを相手に伝えてください:",
        "相手は「LANの対局に参加」で入力します (kaisho join コード でも)。",
        "何も動いていません: Esc で戻ります。",
        "相手を待っています...",
        "思考エンジンを起動しています...",
        "このコードは3回の誤りで使えなくなりました: r で新しいコードを。",
    ];
    match lang {
        Lang::En => EN[n],
        Lang::Ja => JA[n],
    }
}

/// Draws the host's form above the footer.
pub fn render_form(form: &HostForm, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = vec![
        Line::default(),
        Line::styled(format!("  {}", line(theme.lang, 0)), theme.bold()),
        Line::from(format!("  {}", line(theme.lang, 1))),
        Line::default(),
    ];
    for (i, &item) in HOST_ITEMS.iter().enumerate() {
        let text = match form.value(item, theme.lang) {
            Some(value) => format!("    {}{value}", pad_right(label(item, theme.lang), 12)),
            None => label(item, theme.lang).to_string(),
        };
        lines.push(choice(text, i == form.selected, theme));
    }
    Paragraph::new(lines).render(area, buf);
}

/// Draws the lobby above the footer.
pub fn render_lobby(lobby: &Lobby, theme: Theme, area: Rect, buf: &mut Buffer) {
    let width = usize::from(area.width.saturating_sub(4));
    let mut lines = vec![
        Line::default(),
        Line::styled(format!("  {}", theme.text(&lobby.title)), theme.bold()),
        Line::default(),
    ];
    if let Some(code) = &lobby.code {
        let (said, style) = if lobby.burned {
            (line(theme.lang, 7), theme.dim())
        } else {
            (line(theme.lang, 2), theme.marker())
        };
        lines.push(Line::from(format!("  {said}")));
        lines.push(Line::default());
        lines.push(Line::styled(format!("      {code}"), style));
        lines.push(Line::default());
        lines.push(Line::from(format!("  {}", line(theme.lang, 3))));
        lines.push(Line::default());
    }
    if let Some(code) = &lobby.watch_code {
        let said = watch_say(theme.lang, WatchSay::LobbyCode);
        lines.push(Line::from(format!("  {said}")));
        lines.push(Line::styled(format!("      {code}"), theme.marker()));
        lines.push(Line::default());
    }
    let status = line(
        theme.lang,
        match (lobby.closed, lobby.engine) {
            (true, _) => 4,
            (false, false) => 5,
            (false, true) => 6,
        },
    );
    lines.push(Line::from(format!("  {status}")));
    for line in lobby.lines.iter().rev().take(6).rev() {
        for text in wrap(line, width) {
            lines.push(Line::from(format!("  {}", theme.text(&text))));
        }
    }
    Paragraph::new(lines).render(area, buf);
}
