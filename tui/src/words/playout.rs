//! The words of a play-out (確認): its events, its refusals, its verdict
//! and the scratch board's panel, in English and Japanese.

use super::Lang;
use super::Naming;
use super::event::color;
use kaisho_core::confirm::{Ban, Scratch, ScratchError, Verdict};
use kaisho_core::{Color, Point};

/// A play-out opened by `by` over the chains through `area`.
#[must_use]
pub fn opened(by: Color, area: &[Point], naming: Naming, size: u8) -> String {
    let who = color(naming.lang, by);
    let area = naming.names(area, size);
    match naming.lang {
        Lang::En => format!(
            "{who} opens a play-out on {area}: the attacker moves first; the game stays as it is"
        ),
        Lang::Ja => {
            format!("{who}が{area}の確認を始めます: 攻める側から打ちます。対局の局面はそのまま")
        }
    }
}

/// A scratch move: a stone on `point`, or a pass.
#[must_use]
pub fn scratch_move(by: Color, point: Option<Point>, naming: Naming, size: u8) -> String {
    let who = color(naming.lang, by);
    match (naming.lang, point) {
        (Lang::En, Some(p)) => format!("play-out: {who} {}", naming.name(p, size)),
        (Lang::Ja, Some(p)) => format!("確認: {who} {}", naming.name(p, size)),
        (Lang::En, None) => format!("play-out: {who} passes"),
        (Lang::Ja, None) => format!("確認: {who} パス"),
    }
}

/// The play-out closed by `by`.
#[must_use]
pub fn closed(lang: Lang, by: Color) -> String {
    let who = color(lang, by);
    match lang {
        Lang::En => format!("{who} closes the play-out: the board is as it was"),
        Lang::Ja => format!("{who}が確認を終えました: 盤面は元のとおり"),
    }
}

/// Why the scratch board refused a move or an opening, without the
/// article, which the refusal adds.
#[must_use]
pub fn scratch_refusal(error: &ScratchError, naming: Naming, size: u8) -> String {
    let lang = naming.lang;
    let who = |c: Color| color(lang, c);
    match (lang, error) {
        (Lang::En, ScratchError::NoArea) => "name the stones in dispute to play them out".into(),
        (Lang::Ja, ScratchError::NoArea) => "確認する石を指定してください".into(),
        (Lang::En, ScratchError::OffBoard { point }) => format!(
            "column {} row {} is off the board",
            point.col + 1,
            point.row + 1
        ),
        (Lang::Ja, ScratchError::OffBoard { point }) => {
            format!("{}の{}は盤外です", point.col + 1, point.row + 1)
        }
        (Lang::En, ScratchError::NoStone { point }) => format!(
            "no stone stands at {} to be played out",
            naming.name(*point, size)
        ),
        (Lang::Ja, ScratchError::NoStone { point }) => {
            format!("{}には確認する石がありません", naming.name(*point, size))
        }
        (Lang::En, ScratchError::MixedColours) => {
            "the stones in dispute must be of one colour: play one side's out at a time".into()
        }
        (Lang::Ja, ScratchError::MixedColours) => {
            "確認する石は一方の色だけです: 片方ずつ確認してください".into()
        }
        (_, ScratchError::Illegal(e)) => {
            super::rules::refusal_text(&kaisho_core::GameError::Illegal(*e), naming, size)
        }
        (Lang::En, ScratchError::Banned(ban)) => format!(
            "{} may not retake the ko taken at {} before passing once for it",
            who(ban.color),
            naming.name(ban.taker, size)
        ),
        (Lang::Ja, ScratchError::Banned(ban)) => format!(
            "{}は{}で取られた劫を、その劫のためにパスするまで取り返せません",
            who(ban.color),
            naming.name(ban.taker, size)
        ),
        (Lang::En, ScratchError::NotYourTurn { expected }) => {
            format!(
                "not your turn on the scratch board: {} to play",
                who(*expected)
            )
        }
        (Lang::Ja, ScratchError::NotYourTurn { expected }) => {
            format!("確認の手番ではありません: {}の番", who(*expected))
        }
    }
}

/// The verdict of a closed play-out, with the marks it offers.
#[must_use]
pub fn verdict(lang: Lang, verdict: &Verdict, naming: Naming, size: u8) -> String {
    let fact = verdict_fact(lang, verdict, naming, size);
    let dead = matches!(verdict, Verdict::Captured { reestablished } if reestablished.is_empty());
    let offer = match (lang, verdict, dead) {
        (Lang::En, _, true) => "they are offered as dead: propose when ready",
        (Lang::Ja, _, true) => "死に石の印を付けました: よければ提案を",
        (Lang::En, Verdict::GivenUp, _) => "no marks changed",
        (Lang::Ja, Verdict::GivenUp, _) => "印はそのまま",
        (Lang::En, _, false) => "they are offered as alive",
        (Lang::Ja, _, false) => "活き石として印を外しました",
    };
    match lang {
        Lang::En => format!("{fact}; {offer}"),
        Lang::Ja => format!("{fact}。{offer}"),
    }
}

/// One Art. 7.2 ban, for the scratch board's panel.
#[must_use]
pub fn ban(lang: Lang, ban: &Ban, naming: Naming, size: u8) -> String {
    match lang {
        Lang::En => format!(
            "{} may not retake at {} (ko taken at {}) before a pass",
            color(lang, ban.color),
            naming.name(ban.at, size),
            naming.name(ban.taker, size)
        ),
        Lang::Ja => format!(
            "{}は{}で取り返せません ({}の劫): パスの後",
            color(lang, ban.color),
            naming.name(ban.at, size),
            naming.name(ban.taker, size)
        ),
    }
}

/// The panel beside the scratch board: what is played out, whose turn it
/// is, the stones taken, the Art. 7.2 bans, and what the play shows so far.
#[must_use]
pub fn panel(scratch: &Scratch, naming: Naming, size: u8) -> Vec<String> {
    let lang = naming.lang;
    let who = |c: Color| color(lang, c);
    let attacker = scratch.attacker();
    let defender = attacker.opponent();
    let disputed = scratch.disputed();
    let first = naming.name(scratch.at(), size);
    let [black, white] = scratch.captures();
    let steps = scratch.steps().len();
    let mut lines = match lang {
        Lang::En => vec![
            "Play-out (確認): the game is kept as it was".to_string(),
            format!(
                "{} attacks {}'s {} at {first}",
                who(attacker),
                who(defender),
                stones(lang, disputed.len())
            ),
            format!("{} to play, {steps} played", who(scratch.to_move())),
            format!(
                "taken: {} {black}, {} {white}",
                who(Color::Black),
                who(Color::White)
            ),
        ],
        Lang::Ja => vec![
            "確認 (死活の打ち進め): 対局の局面はそのまま".to_string(),
            format!(
                "{}が{}の{first}の{}を攻める",
                who(attacker),
                who(defender),
                stones(lang, disputed.len())
            ),
            format!("{}の番、{steps}手", who(scratch.to_move())),
            format!(
                "取った石: {}{black} {}{white}",
                who(Color::Black),
                who(Color::White)
            ),
        ],
    };
    lines.push(match (lang, scratch.bans().is_empty()) {
        (Lang::En, true) => "no ko is barred (Art. 7.2)".to_string(),
        (Lang::Ja, true) => "取り返せない劫なし (第七条2)".to_string(),
        (Lang::En, false) => "barred by Art. 7.2:".to_string(),
        (Lang::Ja, false) => "第七条2で取り返せない劫:".to_string(),
    });
    lines.extend(scratch.bans().iter().map(|b| ban(lang, b, naming, size)));
    lines.push(match (lang, scratch.verdict()) {
        (Lang::En, Verdict::Captured { reestablished }) if reestablished.is_empty() => {
            "so far: captured".to_string()
        }
        (Lang::Ja, Verdict::Captured { reestablished }) if reestablished.is_empty() => {
            "ここまで: 取られた".to_string()
        }
        (Lang::En, Verdict::Captured { .. }) => "so far: captured, stones stand again".to_string(),
        (Lang::Ja, Verdict::Captured { .. }) => "ここまで: 取られたが新たな石あり".to_string(),
        (Lang::En, Verdict::Held) => "so far: held (two passes)".to_string(),
        (Lang::Ja, Verdict::Held) => "ここまで: 取られない (連続パス)".to_string(),
        (Lang::En, Verdict::GivenUp) => "so far: not captured".to_string(),
        (Lang::Ja, Verdict::GivenUp) => "ここまで: まだ取られていない".to_string(),
    });
    lines
}

/// A number of stones.
fn stones(lang: Lang, n: usize) -> String {
    match (lang, n) {
        (Lang::En, 1) => "stone".to_string(),
        (Lang::En, n) => format!("{n} stones"),
        (Lang::Ja, n) => format!("{n}子"),
    }
}

/// What a play-out showed, as a fact for the record (an SGF comment).
#[must_use]
pub fn verdict_fact(lang: Lang, verdict: &Verdict, naming: Naming, size: u8) -> String {
    match (lang, verdict) {
        (Lang::En, Verdict::Captured { reestablished }) if reestablished.is_empty() => {
            "play-out: the stones were captured".into()
        }
        (Lang::Ja, Verdict::Captured { reestablished }) if reestablished.is_empty() => {
            "確認: 石は取られました".into()
        }
        (Lang::En, Verdict::Captured { reestablished }) => format!(
            "play-out: the stones were captured and stones stand again at {}",
            naming.names(reestablished, size)
        ),
        (Lang::Ja, Verdict::Captured { reestablished }) => format!(
            "確認: 石は取られ、{} に新たな石が生じました",
            naming.names(reestablished, size)
        ),
        (Lang::En, Verdict::Held) => "play-out: the stones were not captured".into(),
        (Lang::Ja, Verdict::Held) => "確認: 石は取られませんでした".into(),
        (Lang::En, Verdict::GivenUp) => "play-out given up".into(),
        (Lang::Ja, Verdict::GivenUp) => "確認を打ち切りました".into(),
    }
}

/// The one status line of a small terminal while a play-out is open.
#[must_use]
pub fn status(lang: Lang, to_move: Color) -> String {
    let who = color(lang, to_move);
    match lang {
        Lang::En => format!("play-out (確認): {who} to play; e closes"),
        Lang::Ja => format!("確認: {who}の番、e で終了"),
    }
}
