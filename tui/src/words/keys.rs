//! The Japanese of the key tables (`app::keymap`): each binding's line in
//! the help overlay, its short hint and each screen's title are written
//! once in English beside the key, and read here in Japanese. A test of
//! the key tables walks every table and title, so a text missing here
//! fails it.

use super::Lang;

/// A key table's text in `lang`: the English as written in the table, or
/// its Japanese.
#[must_use]
pub fn key_text(lang: Lang, english: &'static str) -> &'static str {
    match lang {
        Lang::En => english,
        Lang::Ja => japanese(english).unwrap_or(english),
    }
}

/// The Japanese of a key table's English text; `None` where the catalog
/// lacks it (which the key tables' test forbids).
#[must_use]
pub fn japanese(english: &str) -> Option<&'static str> {
    Some(match english {
        "show or hide this help" => "このヘルプを表示/隠す",
        "back to the home screen" => "ホーム画面に戻る",
        "select the item above" => "上の項目を選ぶ",
        "select the item below" => "下の項目を選ぶ",
        "lower the value" => "値を下げる",
        "raise the value" => "値を上げる",
        "start the game or choose" => "対局開始、または選択",
        "quit kaisho (asks first; Ctrl-C quits at once)" => {
            "kaishoを終了 (確認あり。Ctrl-Cはすぐ終了)"
        }
        "move the cursor up" => "カーソルを上へ",
        "move the cursor down" => "カーソルを下へ",
        "move the cursor left" => "カーソルを左へ",
        "move the cursor right" => "カーソルを右へ",
        "play a stone at the cursor (or click a point)" => "カーソルの点に着手 (点をクリックでも)",
        "type a point to play, such as D4" => "点を入力して着手 (例: D4)",
        "pass" => "パス",
        "resign (asks first)" => "投了 (確認あり)",
        "take back the last move by consent (待った)" => "相手の同意で直前の着手を待った",
        "offer no-result after a whole-board repetition" => "同一局面の反復のあと無勝負を提案",
        "switch point names: GTP (D4) or 1949 style" => "点の呼び方を切替: GTP (D4) / 十六の四",
        "leave the game for home; it stays adjourned (asks first)" => {
            "ホームへ (対局は打ち掛け、確認あり)"
        }
        "mark or unmark the chain at the cursor as dead (or click it)" => {
            "カーソルの石を死に石に指定/解除 (クリックでも)"
        }
        "type a point whose chain to mark" => "点を入力してその石を指定",
        "send the marked stones as a proposal or counter-proposal" => {
            "指定した死に石を終局処理案 (対案) として送る"
        }
        "accept the partner's proposal: the game ends" => "相手の終局処理案に合意: 終局",
        "request resumption: the partner moves first (asks first)" => {
            "対局再開を要請: 相手から打つ (確認あり)"
        }
        "take back the last pass by consent (待った) before any proposal: play goes on" => {
            "終局処理案が出る前なら、相手の同意で直前のパスを待った: 対局続行"
        }
        "declare the game unresolvable: both lose (asks first)" => {
            "終局に合意できないと宣言: 両負け (確認あり)"
        }
        "select the line above" => "上の行を選ぶ",
        "select the line below" => "下の行を選ぶ",
        "resume the adjourned game, or review the finished one or the imported record" => {
            "打ち掛けの対局を続ける、または終局した対局か取り込んだ棋譜を並べ直す"
        }
        "play on the adjourned game, an imported record without a result too" => {
            "打ち掛けの対局の続きを打つ (結果のない取り込んだ棋譜も)"
        }
        "review an SGF file, or import a file of several games: type its path" => {
            "SGFファイルを並べ直す、または複数局のファイルを取り込む: パスを入力"
        }
        "one move back" => "一手戻る",
        "one move on" => "一手進む",
        "the start, before the first move" => "初手の前へ",
        "the last move" => "最終手へ",
        "go to a move: type its number" => "手数を入力してその手へ",
        "back to the list" => "一覧に戻る",
        "open the series; in an open series, play its next game here" => {
            "番碁を開く。開いた番碁では次局をここで打つ"
        }
        "in an open series: host its next game on the local network" => {
            "開いた番碁: 次局をLANで開く"
        }
        "in an open series: join the partner's hosting of its next game" => {
            "開いた番碁: 相手が開いた次局に参加"
        }
        "start a new series: type the players, the step and the weaker player" => {
            "新しい手合: 対局者、手合割、下手を入力"
        }
        "in an open series: correct the last result, or strike it out" => {
            "開いた番碁: 直前の結果を直す、または取り消す"
        }
        "back to the list, or home" => "一覧へ、またはホームへ",
        "change the value down" => "値を下げる",
        "change the value up" => "値を上げる",
        "edit the name, change the value, or save" => "名前を編集、値を変更、または保存",
        "save the settings to the config file" => "設定を設定ファイルに保存",
        "back to the home screen without saving" => "保存せずにホームへ",
        "start hosting, type the port, or change the value" => {
            "対局を開く、ポートを入力、または値を変更"
        }
        "stop waiting and go back home" => "待つのをやめてホームへ",
        "review together (検討): a code for a partner to join" => {
            "一緒に検討: 相手がこの検討に加わるためのコードを出す"
        }
        "join a partner's review together (検討): type its code" => {
            "相手の検討に加わる: そのコードを入力"
        }
        "J join review" => "J 検討に参加",
        "chat with the partner of a review together" => "一緒に検討している相手とチャット",
        "a network game: offer the partner to review it together (検討)" => {
            "LAN の対局: 相手に一緒に検討しようと持ちかける"
        }
        "a new join code, once wrong tries burned the code" => {
            "誤りで使えなくなった参加コードの代わりに新しいコードを作る"
        }
        "show or hide the move list (Esc hides it too)" => "着手一覧を表示/隠す (Escでも隠す)",
        "show or hide move numbers on the stones" => "石の上の手数を表示/隠す",
        "look back through the game (it goes on meanwhile)" => {
            "対局を振り返る (対局はそのまま続く)"
        }
        "back to the game" => "対局に戻る",
        "chat: type a line to the partner (network games)" => "チャット: 相手への一言 (ネット対局)",
        "? help" => "? ヘルプ",
        "Esc back" => "Esc 戻る",
        "jk select" => "jk 選択",
        "hl change" => "hl 変更",
        "Enter start" => "Enter 開始",
        "q quit" => "q 終了",
        "hjkl move" => "hjkl 移動",
        "Enter play" => "Enter 着手",
        ": type" => ": 入力",
        "p pass" => "p パス",
        "r resign" => "r 投了",
        "t names" => "t 座標",
        "q leave" => "q 中断",
        "Enter mark" => "Enter 指定",
        "s propose" => "s 提案",
        "a accept" => "a 合意",
        "r resume" => "r 再開",
        "x no deal" => "x 両負け",
        "n home" => "n ホーム",
        "R review together" => "R 一緒に検討",
        "Enter open" => "Enter 開く",
        "r play on" => "r 続きを打つ",
        "i import SGF" => "i SGF読込",
        "hl move" => "hl 移動",
        "Home/End" => "Home/End",
        "g go to" => "g 手数",
        "Enter open/play" => "Enter 開く/対局",
        "H host" => "H 開く",
        "J join" => "J 参加",
        "n new" => "n 新規",
        "c correct" => "c 訂正",
        "Enter edit" => "Enter 編集",
        "s save" => "s 保存",
        "Enter choose" => "Enter 選択",
        "Esc cancel" => "Esc 取消",
        "m moves" => "m 棋譜",
        "# numbers" => "# 手数",
        "Esc back to the game" => "Esc 対局へ",
        "home" => "ホーム",
        "game" => "対局",
        "ending" => "終局処理",
        "play-out" => "確認",
        "watching" => "観戦",
        "kibitz: type a line to the other watchers (the players see it once the game ends)" => {
            "観戦者へひとこと (対局者には終局後に見えます)"
        }
        "c kibitz" => "c ひとこと",
        "watch again after the host dropped the watch (from the start)" => {
            "観戦が切れたあともう一度観戦 (最初から)"
        }
        "r watch again" => "r もう一度",
        "stop watching and go back home" => "観戦をやめてホームへ",
        "Esc leave" => "Esc 退出",
        "close watching (asks first; the watchers are dropped and told why)" => {
            "観戦を締め切る (観戦者には理由を伝えて切る)"
        }
        "play the chain at the cursor out (確認)" => "カーソルの石の死活を打って確認",
        "play a stone at the cursor on the scratch board (or click a point)" => {
            "確認の盤でカーソルの点に着手 (クリックでも)"
        }
        "type a point to play on the scratch board" => "点を入力して確認の盤に着手",
        "pass on the scratch board; it counts for the oldest ko you may not retake" => {
            "確認の盤でパス: 取り返せない劫の古いものから一つのためのパス"
        }
        "close the play-out: the board is put back and its verdict offered as marks" => {
            "確認を終える: 盤面は元に戻り、結果を死に石の印として示す"
        }
        "e close" => "e 終える",
        "result" => "結果",
        "stopped game" => "停止した対局",
        "saved games" => "保存した対局",
        "review" => "並べ直し",
        "series" => "番碁",
        "settings" => "設定",
        "host a game" => "対局を開く",
        "waiting for the partner" => "相手を待っています",
        "look back" => "振り返り",
        "review (trying moves)" => "並べ直し (試し打ち)",
        "the next variation of this move" => "この手の次の変化へ",
        "the previous variation of this move" => "この手の前の変化へ",
        "jk variation" => "jk 変化",
        "back to where this variation branches off" => "この変化の分かれ目に戻る",
        "comment on this move: saved games keep it in the record" => {
            "この手にコメント: 文を入力 (保存した対局では棋譜に残る)"
        }
        "c comment" => "c コメント",
        "try moves: one off the line makes a new variation" => {
            "試し打ち: 盤にカーソル。棋譜にない手は新しい変化になる"
        }
        "a try" => "a 試し打ち",
        "ask the engine for its move and score here" => {
            "この局面の思考エンジンの手と形勢判断を尋ねる"
        }
        "add the engine's move as a variation marked as its" => {
            "思考エンジンの手を変化として加える (コメントにエンジン名)"
        }
        "try a stone at the cursor (or click a point)" => {
            "カーソルの点に試し打ち (点をクリックでも)"
        }
        "Enter try" => "Enter 試し打ち",
        "type a point to try, such as D4" => "点を入力して試し打ち (例: D4)",
        "try a pass" => "パスを試す",
        "stop trying moves: the arrows step through the record again" => {
            "試し打ちをやめる: 矢印で棋譜をたどる"
        }
        "Esc stop trying" => "Esc 試し打ち終了",
        _ => return None,
    })
}
