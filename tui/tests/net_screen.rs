//! Two front ends in one process playing over loopback, each with its own
//! data folder and network task, driven by keys exactly as on the screen:
//! hosting from the form, joining with the code the lobby shows, moves,
//! refusals, chat, clocks, stoppage, proposal, counter-proposal and
//! agreement, and the game left by one side.

mod common;

use common::{aki_ben_series, ben_wins, english_lines, gtp, home_in};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kaisho::app::{
    Cmd, Command, HomeItem, LinkState, Msg, NetSeat, Prompt, Screen, Shared, State, Table,
};
use kaisho::shell::Shell;
use kaisho::words::Lang;
use kaisho_core::{Color, Komi, Phase};
use kaisho_saves::log::GameStore;
use kaisho_saves::places::Places;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

/// One side: a front end's state and its network task.
struct Side {
    state: State,
    shell: Shell,
    said: Vec<String>,
}

impl Side {
    fn new(dir: &std::path::Path, name: &str) -> Side {
        let mut state = home_in(dir).state;
        // The language of the config's `[display] lang`, as `kaisho` starts
        // with it when neither `--lang` nor the locale says otherwise.
        let setting = state.config.lang.map(Lang::from);
        state.naming.lang = Lang::choose(None, setting, |_| None);
        state.config.player_name = name.to_string();
        state.listen = IpAddr::V4(Ipv4Addr::LOCALHOST);
        Side {
            state,
            shell: Shell::default(),
            said: Vec::new(),
        }
    }

    fn send(&mut self, msg: Msg) {
        for cmd in self.shell.step(&mut self.state, msg) {
            if let Cmd::Say(text) = cmd {
                self.said.push(text);
            }
        }
    }

    fn press(&mut self, code: KeyCode) {
        self.send(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }

    fn keys(&mut self, text: &str) {
        for c in text.chars() {
            self.press(KeyCode::Char(c));
        }
    }

    /// Types `text` into an open prompt and submits it.
    fn type_line(&mut self, text: &str) {
        self.keys(text);
        self.press(KeyCode::Enter);
    }

    fn open(&mut self, item: HomeItem) {
        let at = self
            .state
            .home
            .items
            .iter()
            .position(|&i| i == item)
            .unwrap();
        while self.state.home.selected < at {
            self.press(KeyCode::Down);
        }
        self.press(KeyCode::Enter);
    }

    fn session(&self) -> &Table {
        match &self.state.screen {
            Screen::Game(session) => session,
            _ => panic!("no game on screen; said {:?}", self.said),
        }
    }

    fn seat(&self) -> &NetSeat {
        self.session().net.as_ref().expect("a network game")
    }

    fn heard(&self, text: &str) -> bool {
        self.said.iter().any(|s| s.contains(text))
    }
}

/// Takes the news of both tasks into their front ends until `done` holds,
/// for at most ten seconds.
async fn settle(a: &mut Side, b: &mut Side, done: impl Fn(&Side, &Side) -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !done(a, b) {
        let news = tokio::time::timeout_at(deadline, async {
            tokio::select! {
                n = a.shell.next() => (true, n),
                n = b.shell.next() => (false, n),
            }
        })
        .await;
        match news {
            Ok((true, n)) => a.send(Msg::Net(n)),
            Ok((false, n)) => b.send(Msg::Net(n)),
            Err(_) => panic!(
                "timed out; host said {:#?}\njoiner said {:#?}",
                a.said, b.said
            ),
        }
    }
}

/// Aki hosts a 9×9 game with Black and a byo-yomi clock; Ben joins with
/// the code the lobby shows. Returns both sides with the game on screen.
async fn paired(dir_a: &std::path::Path, dir_b: &std::path::Path) -> (Side, Side) {
    paired_as(dir_a, dir_b, "Ben").await
}

/// [`paired`] with the joiner named `joiner`.
async fn paired_as(dir_a: &std::path::Path, dir_b: &std::path::Path, joiner: &str) -> (Side, Side) {
    let mut a = Side::new(dir_a, "Aki");
    let mut b = Side::new(dir_b, joiner);
    host_from_form(&mut a);
    let code = code_shown(&mut a, &mut b).await;
    b.open(HomeItem::JoinLan);
    b.type_line(&code);
    both_playing(&mut a, &mut b).await;
    (a, b)
}

/// Aki hosts a 9×9 game with Black and a byo-yomi clock on a free port,
/// from the form.
fn host_from_form(a: &mut Side) {
    // 9×9 on the home menu; the host's form starts from it.
    a.press(KeyCode::Down);
    a.press(KeyCode::Right);
    a.open(HomeItem::HostLan);
    let Screen::HostForm(form) = &a.state.screen else {
        panic!("the host's form is not showing");
    };
    assert_eq!(form.size, 9);
    // From "Start": colours are three lines up, the clock and port below.
    for _ in 0..3 {
        a.press(KeyCode::Up);
    }
    a.press(KeyCode::Right); // nigiri → you take Black
    a.press(KeyCode::Down);
    a.press(KeyCode::Right); // no clock → 10 min + 3 x 30 s
    a.press(KeyCode::Down);
    a.press(KeyCode::Enter);
    a.type_line("0"); // any free port
    a.press(KeyCode::Down);
    a.press(KeyCode::Enter);
}

/// Three wrong codes burn Aki's join code: the lobby says so, shows the
/// code as burned, and `r` makes a new one (the old one stays refused),
/// with which Ben joins. Before, the lobby showed the burned code as if
/// waiting, and only leaving and hosting again gave a new one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burned_code_is_said_in_the_lobby_and_r_makes_a_new_one() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut a = Side::new(dir_a.path(), "Aki");
    let mut b = Side::new(dir_b.path(), "Ben");
    host_from_form(&mut a);
    let code = code_shown(&mut a, &mut b).await;
    // r before the code is burned keeps it.
    a.press(KeyCode::Char('r'));
    assert!(a.heard("the join code still works"), "{:?}", a.said);
    let guesser =
        kaisho_saves::identity::load_or_create(&dir_b.path().join("guesser.key")).unwrap();
    let wrong = kaisho_net::JoinCode {
        secret: kaisho_net::Secret::from_random(4242),
        ..kaisho_net::JoinCode::parse(&code).unwrap()
    };
    for _ in 0..3 {
        let tried = kaisho_net::join(&wrong, &guesser, "Guess");
        let tried = tokio::time::timeout(Duration::from_secs(10), tried).await;
        assert!(tried.unwrap().is_err());
    }
    settle(
        &mut a,
        &mut b,
        |a, _| matches!(&a.state.screen, Screen::Lobby(l) if l.burned),
    )
    .await;
    assert!(a.heard("press r for a new code"), "{:?}", a.said);
    let screen = format!("{:?}", common::render(&a.state).buffer());
    assert!(screen.contains("burned by 3 wrong tries"), "{screen}");
    a.press(KeyCode::Char('r'));
    settle(
        &mut a,
        &mut b,
        |a, _| matches!(&a.state.screen, Screen::Lobby(l) if l.code.as_ref() != Some(&code)),
    )
    .await;
    let fresh = code_shown(&mut a, &mut b).await;
    assert_ne!(fresh, code);
    b.open(HomeItem::JoinLan);
    b.type_line(&fresh);
    both_playing(&mut a, &mut b).await;
    assert_eq!(b.seat().names[0], "Aki");
}

/// Waits for the host's lobby to show the join code, and returns it.
async fn code_shown(a: &mut Side, b: &mut Side) -> String {
    assert!(matches!(a.state.screen, Screen::Lobby(_)), "{:?}", a.said);
    settle(
        a,
        b,
        |a, _| matches!(&a.state.screen, Screen::Lobby(l) if l.code.is_some()),
    )
    .await;
    let Screen::Lobby(lobby) = &a.state.screen else {
        unreachable!()
    };
    let code = lobby.code.clone().unwrap();
    assert!(code.starts_with("127.0.0.1:"), "{code}");
    code
}

async fn both_playing(a: &mut Side, b: &mut Side) {
    assert!(matches!(b.state.screen, Screen::Lobby(_)));
    settle(a, b, |a, b| {
        matches!(a.state.screen, Screen::Game(_)) && matches!(b.state.screen, Screen::Game(_))
    })
    .await;
}

/// Black (`a`) passes at move 3, White (`b`) answers: the game stops.
async fn both_pass(a: &mut Side, b: &mut Side) {
    a.keys("p");
    settle(a, b, |_, b| b.session().game.move_number() == 3).await;
    b.keys("p");
    settle(a, b, |a, b| {
        a.session().game.phase() == Phase::Stopped && b.session().game.phase() == Phase::Stopped
    })
    .await;
}

/// The saved game `id` in the data folder `dir`.
fn load(dir: &std::path::Path, id: &str) -> kaisho_saves::log::SavedGame {
    GameStore::new(Places::under(dir).games_dir())
        .load(id)
        .unwrap()
}

fn stone(side: &Side, name: &str) -> Option<Color> {
    side.session().game.board().get(gtp(name, 9))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_played_between_two_screens_over_loopback() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    assert_eq!(a.seat().local, Color::Black);
    assert_eq!(b.seat().local, Color::White);
    assert_eq!(a.seat().names, ["Aki".to_string(), "Ben".to_string()]);
    assert_eq!(a.seat().game_id, b.seat().game_id);
    assert!(a.heard("you play Black; your move"), "{:?}", a.said);

    // Ben may not move for Black; Aki plays at the cursor, the centre.
    b.press(KeyCode::Enter);
    settle(&mut a, &mut b, |_, b| b.heard("not your turn")).await;
    assert!(b.heard("not your turn: Black to play"), "{:?}", b.said);
    a.press(KeyCode::Enter);
    settle(&mut a, &mut b, |a, b| {
        stone(a, "E5").is_some() && stone(b, "E5").is_some()
    })
    .await;
    assert_eq!(stone(&b, "E5"), Some(Color::Black));

    // An occupied point is refused on Ben's side before anything is sent:
    // once, by the network task's game, with the rule's reason.
    b.type_line(":E5");
    settle(&mut a, &mut b, |_, b| b.heard("occupied")).await;
    assert!(b.heard("E5: the point is occupied"), "{:?}", b.said);
    let refusals = b.said.iter().filter(|s| s.contains("occupied")).count();
    assert_eq!(refusals, 1, "{:?}", b.said);
    assert_eq!(b.session().game.move_number(), 1);

    // Ben answers by typing D4; Aki sees it.
    b.keys(":");
    b.type_line("D4");
    settle(&mut a, &mut b, |a, _| stone(a, "D4") == Some(Color::White)).await;
    assert!(a.heard("move 2, White D4"), "{:?}", a.said);

    // Chat both ways.
    b.keys("c");
    b.type_line("good luck");
    settle(&mut a, &mut b, |a, _| a.heard("Ben: good luck")).await;
    assert_eq!(a.seat().chat, ["Ben: good luck"]);
    assert_eq!(b.seat().chat, ["Ben: good luck"]);

    // The clocks come with the ticks of the network task.
    settle(&mut a, &mut b, |a, b| {
        a.seat().clocks.is_some() && b.seat().clocks.is_some()
    })
    .await;
    let face = a.seat().clocks.unwrap();
    let white = kaisho::words::dial(kaisho::words::Lang::En, face.dial(Color::White), false);
    assert!(white.ends_with("+3×30s"), "{white}");
    assert!(
        white.starts_with("9:5") || white.starts_with("10:00"),
        "{white}"
    );

    // Two passes stop the game; both sides draft the same dead stones.
    both_pass(&mut a, &mut b).await;
    assert_eq!(a.session().marks, b.session().marks);

    // Aki proposes D4 dead; Ben counters with nothing dead; Aki accepts.
    a.type_line(":D4");
    a.keys("s");
    settle(&mut a, &mut b, |_, b| b.session().open_proposal().is_some()).await;
    assert_eq!(b.session().marks, vec![gtp("D4", 9)]);
    b.type_line(":D4"); // unmark
    assert!(b.session().marks.is_empty());
    b.keys("s");
    settle(&mut a, &mut b, |a, _| {
        a.session()
            .open_proposal()
            .is_some_and(|p| p.by == Color::White)
    })
    .await;
    a.keys("a");
    settle(&mut a, &mut b, |a, b| {
        !a.session().after.is_empty() && !b.session().after.is_empty()
    })
    .await;
    let result = |s: &Side| s.session().game.outcome().unwrap().result_string();
    // Two lone stones leave every point dame: komi decides.
    assert_eq!(result(&a), "W+6.5");
    assert_eq!(result(&a), result(&b));
    assert!(
        a.session().after[0].starts_with("SGF saved to"),
        "{:?}",
        a.session().after
    );
    assert!(
        b.session().after[0].starts_with("SGF saved to"),
        "{:?}",
        b.session().after
    );
    // The host's result screen at 80×24, watching on: the result, the
    // count's legend and where the SGF went stay in view beside the watch
    // code (the watch lines pushed the saved path off, and the legend was
    // missing on the host).
    assert!(a.seat().watch.is_some());
    let screen = format!("{:?}", common::render(&a.state).buffer());
    for shown in ["W+6.5", "dead", "territory", "SGF saved to", ".sgf"] {
        assert!(screen.contains(shown), "{shown} missing:\n{screen}");
    }

    // The two logs hold the same events, chat included.
    let id = a.seat().game_id.clone();
    let (log_a, log_b) = (load(dir_a.path(), &id), load(dir_b.path(), &id));
    assert_eq!(log_a.game.events(), log_b.game.events());
    assert_eq!(log_a.game.events().len(), 7);
    assert_eq!(log_a.contents.chat.len(), 1);
    assert_eq!(log_a.game.outcome(), log_b.game.outcome());
    // Both screens' mirrors end in the state the logs hold, hash for hash.
    let hash = log_a.game.state_hash();
    assert_eq!(a.session().game.state_hash(), hash);
    assert_eq!(b.session().game.state_hash(), hash);
    assert_eq!(log_b.game.state_hash(), hash);
}

/// Aki plays one move and Ben leaves (q, then yes): his screen goes home
/// at once, and Aki's link closes.
async fn one_move_then_ben_leaves(a: &mut Side, b: &mut Side) {
    a.press(KeyCode::Enter);
    settle(a, b, |_, b| b.session().game.move_number() == 1).await;
    b.keys("qy");
    assert!(matches!(b.state.screen, Screen::Home));
    assert!(b.heard("adjourned"), "{:?}", b.said);
    settle(a, b, |a, _| matches!(a.seat().link, LinkState::Closed(_))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_left_by_one_side_is_adjourned_on_both() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    one_move_then_ben_leaves(&mut a, &mut b).await;
    let halted = a.session().halted.clone().unwrap();
    assert_eq!(halted.matches("adjourned").count(), 1, "{halted}");
    assert!(halted.starts_with("the partner left;"), "{halted}");
    // Aki's screen says why and takes no more moves; n goes home.
    let screen = format!("{:?}", common::render(&a.state).buffer());
    assert!(screen.contains("adjourned"), "{screen}");
    assert_eq!(
        kaisho::app::Context::of(&a.state),
        kaisho::app::Context::Halted
    );
    a.keys("n");
    assert!(matches!(a.state.screen, Screen::Home));
    // Both logs keep the game adjourned with its one move.
    let id = {
        let list = GameStore::new(Places::under(dir_a.path()).games_dir()).list();
        assert_eq!(list.games.len(), 1);
        assert!(list.games[0].is_adjourned());
        list.games[0].id.clone()
    };
    let other = GameStore::new(Places::under(dir_b.path()).games_dir())
        .load(&id)
        .unwrap();
    assert_eq!(other.game.events().len(), 1);
    assert!(other.game.outcome().is_none());
    // Both sides export the adjourned game as SGF: the one who left after
    // its goodbye, the other when the link closed.
    for dir in [dir_a.path(), dir_b.path()] {
        let sgf = Places::under(dir).exports_dir().join(format!("{id}.sgf"));
        for _ in 0..50 {
            if sgf.exists() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let text = std::fs::read_to_string(&sgf).unwrap();
        assert!(text.contains(";B["), "{text}");
    }
}

/// Aki resumes the adjourned game from Saved games with watching on: the
/// lobby and the game show a watch code again, and a watcher let in with
/// it follows the game from its first move to the moves played after the
/// resumption (before, a resumed game had no watching for the rest of it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_resumed_from_saved_games_is_open_to_watchers_again() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    one_move_then_ben_leaves(&mut a, &mut b).await;
    a.keys("n");
    let id = GameStore::new(Places::under(dir_a.path()).games_dir())
        .list()
        .games[0]
        .id
        .clone();
    // Aki waits on the default port, on an address of this test's own.
    a.state.listen = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 77));
    a.state.config.watchers = true;
    a.send(Msg::Command(Command::HostResume(id.clone())));
    settle(
        &mut a,
        &mut b,
        |a, _| matches!(&a.state.screen, Screen::Lobby(l) if l.watch_code.is_some()),
    )
    .await;
    b.send(Msg::Command(Command::AskRejoin(id.clone())));
    for _ in 0..64 {
        b.press(KeyCode::Backspace);
    }
    b.type_line("127.0.0.77");
    both_playing(&mut a, &mut b).await;
    let code = a.seat().watch.as_ref().expect("a watch code").code.clone();
    let code = kaisho_net::JoinCode::parse(&code).unwrap();
    let me = kaisho_saves::identity::load_or_create(&dir_b.path().join("chie.key")).unwrap();
    let mut watcher = tokio::time::timeout(
        Duration::from_secs(10),
        kaisho_net::watch(&code, &me, "Chie"),
    )
    .await
    .unwrap()
    .unwrap();
    // Ben (White) plays on beside Black's stone; the watcher sees the move
    // from before the adjournment and his.
    b.press(KeyCode::Right);
    b.press(KeyCode::Enter);
    settle(&mut a, &mut b, |a, _| a.session().game.move_number() == 2).await;
    let mut seen = Vec::new();
    while seen.len() < 2 {
        let next = tokio::time::timeout(Duration::from_secs(10), watcher.next()).await;
        if let kaisho_net::Seen::Event { event, .. } = next.unwrap().unwrap() {
            seen.push(event);
        }
    }
    assert_eq!(seen, a.session().game.events());
}

/// The review screen of the side's first saved game, opened from Saved
/// games as a member does.
fn review_first_saved_game(side: &mut Side) {
    side.open(HomeItem::Games);
    assert!(
        matches!(side.state.screen, Screen::Games(_)),
        "{:?}",
        side.said
    );
    side.press(KeyCode::Enter);
    assert!(
        matches!(side.state.screen, Screen::Review(_)),
        "{:?}",
        side.said
    );
}

fn review_of(side: &Side) -> &kaisho::app::Review {
    match &side.state.screen {
        Screen::Review(review) => review,
        _ => panic!("no review on screen; said {:?}", side.said),
    }
}

fn sharing(side: &Side) -> bool {
    matches!(&side.state.screen, Screen::Review(r) if matches!(r.shared, Some(Shared::With { .. })))
}

/// Aki plays E5, Ben F5, Aki E4, and Ben resigns; the game's id.
async fn three_moves_and_ben_resigns(a: &mut Side, b: &mut Side) -> String {
    a.press(KeyCode::Enter); // E5
    settle(a, b, |_, b| b.session().game.move_number() == 1).await;
    b.press(KeyCode::Right);
    b.press(KeyCode::Enter); // F5
    settle(a, b, |a, _| a.session().game.move_number() == 2).await;
    a.press(KeyCode::Down);
    a.press(KeyCode::Enter); // E4
    settle(a, b, |_, b| b.session().game.move_number() == 3).await;
    b.keys("ry");
    settle(a, b, |a, b| {
        a.session().game.outcome().is_some() && b.session().game.outcome().is_some()
    })
    .await;
    a.seat().game_id.clone()
}

/// The SGF export of game `id` in the data folder `dir`, as `kaisho games
/// export` writes it.
fn exported(dir: &std::path::Path, id: &str) -> String {
    let printed = common::kaisho_cli(dir, &["games", "export", id]);
    let path = printed.lines().last().unwrap().trim().to_string();
    let path = path.rsplit(' ').next().unwrap().to_string();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e} ({printed})"))
}

/// The game has ended on both screens; Aki offers to review it together
/// (`R`), Ben says yes, and both screens show one review at once, on the
/// game's own link: no code. Ben comments, Aki tries a variation, both see
/// both, and when Ben leaves both records are the same, byte for byte.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_goes_on_to_a_review_together_on_a_yes() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    let id = three_moves_and_ben_resigns(&mut a, &mut b).await;
    a.keys("R");
    assert!(
        a.heard("offered to review the game together"),
        "{:?}",
        a.said
    );
    settle(&mut a, &mut b, |_, b| {
        matches!(b.state.prompt, Some(Prompt::ReviewOffer { .. }))
    })
    .await;
    b.keys("y");
    settle(&mut a, &mut b, |a, b| sharing(a) && sharing(b)).await;
    assert_eq!(review_of(&a).moves(), 3);
    // Chat goes on in the review, and both records keep it (the report:
    // it appeared on the message line only), as the game's chat is kept.
    a.keys("C");
    a.type_line("good game");
    settle(&mut a, &mut b, |_, b| b.heard("[Aki] good game")).await;
    b.press(KeyCode::Right);
    settle(&mut a, &mut b, |a, _| review_of(a).at == 1).await;
    b.keys("c");
    b.type_line("Ben: E5 is fine");
    settle(&mut a, &mut b, |a, _| {
        review_of(a)
            .comment()
            .is_some_and(|c| c.contains("E5 is fine"))
    })
    .await;
    a.keys("a");
    a.press(KeyCode::Up);
    a.press(KeyCode::Enter); // E6 for White at move 2
    settle(&mut a, &mut b, |a, b| {
        review_of(a).variation() == Some((2, 2)) && review_of(b).variation() == Some((2, 2))
    })
    .await;
    a.keys("a");
    b.press(KeyCode::Esc);
    settle(&mut a, &mut b, |a, _| !sharing(a)).await;
    let (mine, theirs) = (exported(dir_a.path(), &id), exported(dir_b.path(), &id));
    assert_eq!(mine, theirs);
    for added in ["E5 is fine", "W[ed]", "[Aki\\] good game"] {
        assert!(mine.contains(added), "{added} missing: {mine}");
    }
    common::sgfmill_sees_variations(&mine, 1);
}

/// Aki and Ben play three moves and Ben resigns; then Aki hosts a review
/// of the game together (検討) from Saved games and Ben joins with the
/// code. Each steps through it, adds a comment and tries a variation, and
/// sees the other's steps at once; when Aki ends it both records are the
/// same, byte for byte, and sgfmill reads both variations in them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_screens_review_a_finished_game_together() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    let id = three_moves_and_ben_resigns(&mut a, &mut b).await;
    a.keys("n");
    b.keys("n");

    review_first_saved_game(&mut a);
    a.keys("R");
    settle(&mut a, &mut b, |a, _| {
        matches!(
            &review_of(a).shared,
            Some(Shared::Hosting { code: Some(_) })
        )
    })
    .await;
    let Some(Shared::Hosting { code: Some(code) }) = review_of(&a).shared.clone() else {
        unreachable!()
    };
    b.open(HomeItem::Games);
    b.keys("J");
    b.type_line(&code);
    settle(&mut a, &mut b, |a, b| sharing(a) && sharing(b)).await;
    assert!(b.heard("reviewing together with Aki"), "{:?}", b.said);

    // Aki steps to move 2; Ben's screen follows.
    a.press(KeyCode::Right);
    a.press(KeyCode::Right);
    settle(&mut a, &mut b, |_, b| review_of(b).at == 2).await;
    // Aki comments on it; Ben reads it.
    a.keys("c");
    a.type_line("Aki: F5 was slow");
    settle(&mut a, &mut b, |_, b| {
        review_of(b)
            .comment()
            .is_some_and(|c| c.contains("F5 was slow"))
    })
    .await;
    // Ben tries White's better move at move 2: a variation beside F5.
    b.press(KeyCode::Left);
    settle(&mut a, &mut b, |a, _| review_of(a).at == 1).await;
    b.keys("a");
    b.press(KeyCode::Up);
    b.press(KeyCode::Enter); // E6
    settle(&mut a, &mut b, |a, b| {
        review_of(a).variation() == Some((2, 2)) && review_of(b).variation() == Some((2, 2))
    })
    .await;
    b.keys("a");
    b.keys("c");
    b.type_line("Ben: E6 first");
    settle(&mut a, &mut b, |a, _| {
        review_of(a)
            .comment()
            .is_some_and(|c| c.contains("E6 first"))
    })
    .await;
    // Aki goes back to the main line's move 2 and tries D5 in place of E4:
    // a second variation.
    a.press(KeyCode::Down);
    settle(&mut a, &mut b, |_, b| {
        review_of(b).variation() == Some((1, 2))
    })
    .await;
    a.keys("a");
    a.press(KeyCode::Left);
    a.press(KeyCode::Left);
    a.press(KeyCode::Enter); // D5
    settle(&mut a, &mut b, |a, b| {
        review_of(a).at == 3
            && review_of(b).at == 3
            && review_of(a).variation() == Some((2, 2))
            && review_of(b).variation() == Some((2, 2))
    })
    .await;
    a.keys("a");
    assert_eq!(review_of(&a).tree().write(), review_of(&b).tree().write());

    // Aki ends the review; Ben is told, and both records hold the same.
    a.press(KeyCode::Esc);
    settle(&mut a, &mut b, |_, b| !sharing(b)).await;
    assert!(b.heard("left the review together"), "{:?}", b.said);
    let (text, theirs) = (exported(dir_a.path(), &id), exported(dir_b.path(), &id));
    assert_eq!(text, theirs);
    for added in ["F5 was slow", "E6 first", "W[ed]", "B[de]"] {
        assert!(text.contains(added), "{added} missing: {text}");
    }
    common::sgfmill_sees_variations(&text, 2);
}

fn series_of(dir: &std::path::Path) -> kaisho_core::series::Series {
    let id = kaisho_saves::series::SeriesId::parse("aki-ben").unwrap();
    kaisho_saves::series::SeriesStore::new(&Places::under(dir))
        .load(&id)
        .unwrap()
}

/// Opens the series screen and the one series in it.
fn open_series(side: &mut Side) {
    side.open(HomeItem::Series);
    side.press(KeyCode::Enter);
}

/// Aki hosts the series' next game from the series screen (port 0).
fn host_series(a: &mut Side) {
    a.press(KeyCode::Down);
    a.press(KeyCode::Right); // 9×9
    open_series(a);
    a.keys("H");
    let Screen::HostForm(form) = &a.state.screen else {
        panic!("no host's form: {:?}", a.said);
    };
    assert!(form.series.is_some());
    a.press(KeyCode::Up);
    a.press(KeyCode::Enter);
    a.type_line("0");
    a.press(KeyCode::Down);
    a.press(KeyCode::Enter);
}

/// Aki hosts the series' next game as his copy has it after Ben's
/// `wins_a` wins; Ben joins from the series screen with his copy after
/// `wins_b`.
async fn series_pair(
    dir_a: &std::path::Path,
    dir_b: &std::path::Path,
    wins_a: usize,
    wins_b: usize,
) -> (Side, Side) {
    aki_ben_series(dir_a, &ben_wins(wins_a));
    aki_ben_series(dir_b, &ben_wins(wins_b));
    join_series(dir_a, dir_b).await
}

/// Aki hosts the next game of the series as saved in `dir_a`; Ben joins
/// from the series screen with his copy in `dir_b`.
async fn join_series(dir_a: &std::path::Path, dir_b: &std::path::Path) -> (Side, Side) {
    let mut a = Side::new(dir_a, "Aki");
    let mut b = Side::new(dir_b, "Ben");
    host_series(&mut a);
    let code = code_shown(&mut a, &mut b).await;
    open_series(&mut b);
    b.keys("J");
    b.type_line(&code);
    (a, b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_series_game_over_the_lan_moves_both_copies_of_the_series() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = series_pair(dir_a.path(), dir_b.path(), 3, 3).await;
    both_playing(&mut a, &mut b).await;
    // Game 4 of 先相先: Aki, the weaker, has Black.
    assert_eq!(a.seat().local, Color::Black);
    assert_eq!(a.session().title.words(Lang::En), "series aki-ben, game 4");
    assert_eq!(b.session().title.words(Lang::En), "series aki-ben, game 4");
    assert_eq!(a.session().game.settings().komi, Komi::ZERO);

    // Aki resigns: Ben's fourth win in a row moves the series one step.
    a.keys("ry");
    settle(&mut a, &mut b, |a, b| {
        a.session().after.len() == 2 && b.session().after.len() == 2
    })
    .await;
    for side in [&a, &b] {
        let line = &side.session().after[1];
        assert!(line.starts_with("Series aki-ben, game 4"), "{line}");
        // The SGF exported at the end holds the resignation that ended it.
        let path = side.session().after[0]
            .strip_prefix("SGF saved to ")
            .expect("the export's path");
        let sgf = std::fs::read_to_string(path).unwrap();
        assert!(sgf.contains("RE[W+R]"), "{sgf}");
    }
    let (sa, sb) = (series_of(dir_a.path()), series_of(dir_b.path()));
    assert_eq!(sa, sb);
    assert_eq!(sa.games().len(), 4);
    assert_ne!(sa.next_game().step, kaisho_core::series::Step::SenAiSen);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_series_game_is_refused_when_the_two_copies_disagree() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = series_pair(dir_a.path(), dir_b.path(), 3, 2).await;
    // Ben's copy is Aki's with game 3 struck out: Aki is asked whether to
    // take it, and keeps his.
    settle(&mut a, &mut b, |a, _| asked(a)).await;
    let Some(Prompt::TakeLastResult { said, .. }) = &a.state.prompt else {
        unreachable!()
    };
    assert!(said.starts_with("game 3 struck out"), "{said}");
    a.press(KeyCode::Char('n'));
    settle(
        &mut a,
        &mut b,
        |_, b| matches!(&b.state.screen, Screen::Lobby(l) if l.closed),
    )
    .await;
    assert!(b.heard("this is not series aki-ben game 3"), "{:?}", b.said);
    // Nothing was saved on Ben's side, and both series are as they were.
    assert!(
        GameStore::new(Places::under(dir_b.path()).games_dir())
            .list()
            .games
            .is_empty()
    );
    assert_eq!(series_of(dir_b.path()).games().len(), 2);
    assert_eq!(series_of(dir_a.path()).games().len(), 3);
}

/// Whether `side`'s screen asks whether to take the partner's last result.
fn asked(side: &Side) -> bool {
    matches!(side.state.prompt, Some(Prompt::TakeLastResult { .. }))
}

/// Corrects game 3 of the series in `dir` to a draw, as `c` would.
fn correct_to_a_draw(dir: &std::path::Path) {
    let id = kaisho_saves::series::SeriesId::parse("aki-ben").unwrap();
    let base = series_of(dir);
    let (fixed, _) = kaisho::app::correct_in(kaisho::words::Lang::En, &base, "draw").unwrap();
    kaisho_saves::series::SeriesStore::new(&Places::under(dir))
        .save(&id, &base, &fixed)
        .unwrap();
}

/// Waits until `side`'s screen asks whether to take the partner's last
/// result, and answers with `key`.
async fn answer_the_question(a: &mut Side, b: &mut Side, host_asked: bool, key: char) {
    settle(a, b, |a, b| asked(if host_asked { a } else { b })).await;
    let side = if host_asked { a } else { b };
    let Some(Prompt::TakeLastResult { series, said }) = &side.state.prompt else {
        unreachable!()
    };
    assert_eq!(series, "aki-ben");
    assert!(said.starts_with("game 3 corrected"), "{said}");
    side.press(KeyCode::Char(key));
    assert!(side.state.prompt.is_none());
}

/// The two copies of the series as files: byte-identical, game 3 a draw.
fn assert_the_copies_agree(dir_a: &std::path::Path, dir_b: &std::path::Path) {
    let file = |dir: &std::path::Path| {
        let store = kaisho_saves::series::SeriesStore::new(&Places::under(dir));
        std::fs::read(store.path_of(&kaisho_saves::series::SeriesId::parse("aki-ben").unwrap()))
            .unwrap()
    };
    assert_eq!(file(dir_a), file(dir_b));
    let games = series_of(dir_a).games().to_vec();
    assert_eq!(games[2].result, kaisho_core::series::SeriesResult::Jigo);
}

/// The host's copy holds a correction the joiner's lacks: the joiner's
/// screen asks in place whether to take it, and the game is played from
/// the corrected record on both sides.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_joiner_is_asked_to_take_the_hosts_correction_and_takes_it() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    aki_ben_series(dir_a.path(), &ben_wins(3));
    correct_to_a_draw(dir_a.path());
    aki_ben_series(dir_b.path(), &ben_wins(3));
    let (mut a, mut b) = join_series(dir_a.path(), dir_b.path()).await;
    answer_the_question(&mut a, &mut b, false, 'y').await;
    both_playing(&mut a, &mut b).await;
    assert!(
        b.heard("the host's correction taken: game 3 corrected"),
        "{:?}",
        b.said
    );
    assert_the_copies_agree(dir_a.path(), dir_b.path());
}

/// The joiner's copy holds the correction: the host's screen asks in
/// place whether to take the joiner's last result, and offers the game
/// again from the corrected copy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_is_asked_to_take_the_joiners_correction_and_takes_it() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    aki_ben_series(dir_a.path(), &ben_wins(3));
    aki_ben_series(dir_b.path(), &ben_wins(3));
    correct_to_a_draw(dir_b.path());
    let (mut a, mut b) = join_series(dir_a.path(), dir_b.path()).await;
    // Ben is asked first whether to take Aki's (uncorrected) game 3: no.
    answer_the_question(&mut a, &mut b, false, 'n').await;
    answer_the_question(&mut a, &mut b, true, 'y').await;
    both_playing(&mut a, &mut b).await;
    assert!(
        a.heard("the joiner's last result taken: game 3 corrected"),
        "{:?}",
        a.said
    );
    assert_the_copies_agree(dir_a.path(), dir_b.path());
}

/// Both keep their own copies: no game, nothing saved, both copies as
/// they were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_keeping_their_copies_refuse_the_game_and_change_nothing() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    aki_ben_series(dir_a.path(), &ben_wins(3));
    correct_to_a_draw(dir_a.path());
    let before = (series_of(dir_a.path()), {
        aki_ben_series(dir_b.path(), &ben_wins(3));
        series_of(dir_b.path())
    });
    let (mut a, mut b) = join_series(dir_a.path(), dir_b.path()).await;
    answer_the_question(&mut a, &mut b, false, 'n').await;
    answer_the_question(&mut a, &mut b, true, 'n').await;
    settle(&mut a, &mut b, |a, b| {
        [a, b]
            .iter()
            .all(|s| matches!(&s.state.screen, Screen::Lobby(l) if l.closed))
    })
    .await;
    assert!(b.heard("neither side took the other's"), "{:?}", b.said);
    assert_eq!((series_of(dir_a.path()), series_of(dir_b.path())), before);
    for dir in [dir_a.path(), dir_b.path()] {
        let games = GameStore::new(Places::under(dir).games_dir()).list().games;
        assert!(games.is_empty(), "{games:?}");
    }
}

/// Bytes a terminal would receive for a frame of `state`, at 80×24.
fn terminal_bytes(state: &State) -> Vec<u8> {
    let sink = common::Sink::default();
    let mut terminal = common::byte_terminal(sink.clone());
    terminal
        .draw(|frame| kaisho::view::view(state, frame))
        .unwrap();
    sink.take()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_partners_escape_sequences_are_shown_never_obeyed() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let hostile = "Ev\u{1b}[2J\nresult: B+R";
    let (mut a, mut b) = paired_as(dir_a.path(), dir_b.path(), hostile).await;
    let refused = b.shell.net().expect("a network task").request(
        &b.state,
        kaisho::app::NetRequest::Chat("hi\u{1b}]0;x\u{7}".into()),
    );
    assert!(refused.is_none());
    settle(&mut a, &mut b, |a, _| !a.seat().chat.is_empty()).await;
    assert!(
        a.seat().chat[0].ends_with("hi␛]0;x␇"),
        "{:?}",
        a.seat().chat
    );
    let names = &a.seat().names;
    assert!(names.iter().any(|n| n == "Ev␛[2J␊result: B+R"), "{names:?}");
    let bytes = terminal_bytes(&a.state);
    for raw in [&b"\x1b[2J"[..], b"\x1b]0;", b"\x07", b"\nresult"] {
        assert!(
            !bytes.windows(raw.len()).any(|w| w == raw),
            "{:?} reached the terminal",
            String::from_utf8_lossy(raw)
        );
    }
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("␛"), "the name is not shown");
    for said in &a.said {
        assert!(!said.contains(['\u{1b}', '\u{7}', '\n']), "{said:?}");
    }
}

/// A move the rules refuse is checked once, by the network task's game,
/// and refused there with the rule's reason; nothing is sent, and the
/// screens stay as they were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_the_rules_refuse_in_a_network_game_is_refused_once_with_the_rules_reason() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    a.type_line(":E5");
    // Both sides have heard the move before the refused one is typed: the
    // host's own report of it comes back from its network task.
    settle(&mut a, &mut b, |a, b| {
        stone(b, "E5").is_some() && a.said.iter().any(|s| s == "move 1, Black E5")
    })
    .await;
    let (heard_a, heard_b) = (a.said.len(), b.said.len());
    b.type_line(":E5");
    // The screen does not judge the move: the network task's game does.
    assert_eq!(b.said.len(), heard_b, "{:?}", b.said);
    settle(&mut a, &mut b, |_, b| b.said.len() > heard_b).await;
    assert_eq!(
        b.said[heard_b..],
        ["E5: the point is occupied (J1989 Art. 3)"]
    );
    // No report follows it, on either side.
    let more = tokio::time::timeout(Duration::from_millis(300), async {
        tokio::select! {
            n = a.shell.next() => n,
            n = b.shell.next() => n,
        }
    })
    .await;
    if let Ok(news) = more {
        assert!(matches!(news, kaisho::app::NetNews::Clocks(_)), "{news:?}");
    }
    assert_eq!(a.said.len(), heard_a, "{:?}", a.said);
    assert_eq!(b.session().game.move_number(), 1);
    assert_eq!(a.session().game.state_hash(), b.session().game.state_hash());
}

/// Lines the screen's update still words itself in English (the join
/// code, the game's start, a proposal's marks, the SGF export), left out
/// of the check until they come from the catalog.
/// Two players whose screens speak Japanese play a whole game on
/// loopback: pairing from the host's form and the join prompt, moves, a
/// refusal with its rule, stoppage by two passes, a proposal with a dead
/// stone and its acceptance, the count and the result. Every line either
/// screen says, and the lines shown after the game, are Japanese.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_japanese_screens_play_a_whole_lan_game_in_japanese() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    for dir in [dir_a.path(), dir_b.path()] {
        let config = Places::under(dir).config_file();
        std::fs::create_dir_all(config.parent().unwrap()).unwrap();
        std::fs::write(&config, "[display]\nlang = \"ja\"\n").unwrap();
    }
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    assert_eq!(a.state.naming.lang, Lang::Ja);
    assert_eq!(a.seat().local, Color::Black);

    // Ben may not move for Black; Aki plays the centre, Ben D4.
    b.press(KeyCode::Enter);
    a.press(KeyCode::Enter);
    settle(&mut a, &mut b, |a, b| {
        stone(a, "E5").is_some() && stone(b, "E5").is_some()
    })
    .await;
    b.type_line(":E5");
    settle(&mut a, &mut b, |_, b| b.heard("石のある点")).await;
    b.keys(":");
    b.type_line("D4");
    settle(&mut a, &mut b, |a, _| stone(a, "D4") == Some(Color::White)).await;

    // Two passes stop the game; Aki proposes D4 dead and Ben accepts.
    both_pass(&mut a, &mut b).await;
    a.type_line(":D4");
    a.keys("s");
    settle(&mut a, &mut b, |_, b| b.session().open_proposal().is_some()).await;
    assert_eq!(b.session().marks, vec![gtp("D4", 9)]);
    b.keys("a");
    settle(&mut a, &mut b, |a, b| {
        !a.session().after.is_empty() && !b.session().after.is_empty()
    })
    .await;
    let result = |s: &Side| s.session().game.outcome().unwrap().result_string();
    // D4 lifted as dead: Black's E5 owns the board.
    assert!(result(&a).starts_with("B+"), "{}", result(&a));
    assert_eq!(result(&a), result(&b));

    let id = a.seat().game_id.clone();
    for side in [&a, &b] {
        let mut told = side.said.clone();
        told.extend(side.session().after.iter().cloned());
        assert!(told.len() >= 8, "{told:#?}");
        // The join and watch codes' words are the codes themselves, not a
        // message.
        let codes: Vec<String> = told
            .iter()
            .filter_map(|l| {
                l.strip_prefix("参加コード: ")
                    .or_else(|| l.strip_prefix("観戦: "))
            })
            .map(str::to_string)
            .collect();
        let fingerprints: Vec<String> = told
            .iter()
            .filter_map(|l| l.strip_prefix("接続: "))
            .filter_map(|l| {
                l.rsplit_once('(')
                    .map(|(_, fp)| fp.trim_end_matches(')').to_string())
            })
            .collect();
        let exports = |dir: &std::path::Path| {
            Places::under(dir)
                .exports_dir()
                .to_string_lossy()
                .into_owned()
        };
        let (ea, eb) = (exports(dir_a.path()), exports(dir_b.path()));
        let mut values = vec![ea.as_str(), eb.as_str(), id.as_str(), "Aki", "Ben", ".sgf"];
        values.extend(fingerprints.iter().map(String::as_str));
        values.extend(codes.iter().map(String::as_str));
        let english = english_lines(&told, &values);
        assert!(english.is_empty(), "English told: {english:#?}");
        assert!(
            told.iter()
                .any(|l| l.contains("持碁") || l.contains("勝ち")),
            "{told:#?}"
        );
    }
    assert!(b.heard("石のある点"), "{:?}", b.said);
    // Each result screen at 80×24 shows where its SGF went, the path
    // whole however it wraps (on the host its second half was cut).
    for (side, dir) in [(&a, dir_a.path()), (&b, dir_b.path())] {
        let path = Places::under(dir).exports_dir().join(format!("{id}.sgf"));
        let backend = common::render(&side.state);
        let buffer = backend.buffer();
        let rows: String = (0..buffer.area.height)
            .map(|y| {
                let row: String = (0..buffer.area.width)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect();
                row.trim().to_string()
            })
            .collect();
        let path = path.to_string_lossy();
        assert!(rows.contains(path.as_ref()), "{path} not whole in {rows}");
    }
}

/// One event from a key or a typed point on the host's screen
/// (`host_acts`) or the joiner's, taken by both screens: both records grow
/// by one. An event made before the partner acknowledged the last one is
/// refused with "not yet"; it is made again, at most fifty times.
async fn both_take(a: &mut Side, b: &mut Side, host_acts: bool, input: &str) {
    let n = a.session().game.events().len();
    for _ in 0..50 {
        let actor = if host_acts { &mut *a } else { &mut *b };
        let heard = actor.said.len();
        match input {
            "p" | "o" | "e" => actor.keys(input),
            point => actor.type_line(&format!(":{point}")),
        }
        let not_yet = |s: &Side| {
            s.said[heard.min(s.said.len())..]
                .iter()
                .any(|t| t.starts_with("not yet"))
        };
        settle(a, b, |a, b| {
            let actor = if host_acts { a } else { b };
            not_yet(actor)
                || (a.session().game.events().len() == n + 1
                    && b.session().game.events().len() == n + 1)
        })
        .await;
        if a.session().game.events().len() == n + 1 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{input} was never taken");
}

/// A point typed on the host's screen (`host_acts`) or the joiner's,
/// refused with `refusal`: typed again while the refusal is only "not yet"
/// (the partner has not acknowledged the last event), at most fifty times.
async fn refused(a: &mut Side, b: &mut Side, host_acts: bool, point: &str, refusal: &str) {
    for _ in 0..50 {
        let actor = if host_acts { &mut *a } else { &mut *b };
        let heard = actor.said.len();
        actor.type_line(&format!(":{point}"));
        let answered = |s: &Side| {
            s.said[heard.min(s.said.len())..]
                .iter()
                .any(|t| t.starts_with("not yet") || t.contains(refusal))
        };
        settle(a, b, |a, b| answered(if host_acts { a } else { b })).await;
        let actor = if host_acts { &*a } else { &*b };
        if actor.said[heard..].iter().any(|t| t.contains(refusal)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{point} was never refused with {refusal}");
}

/// The bent four of テーマ1 A, built by moves (White's last five stones
/// in the far corner), then stopped.
const BENT_FOUR_MOVES: [&str; 22] = [
    "A6", "A7", "B6", "B7", "C6", "C7", "D6", "C8", "D7", "D8", "E7", "D9", "E8", "J1", "E9", "J2",
    "A8", "H1", "A9", "H2", "B9", "G1",
];

/// Over loopback: Aki (Black) plays the bent four out on Ben's corner;
/// both screens show the same scratch board, Ben's retake is refused by
/// Art. 7.2 until he passes for that ko, the corner is captured, and both
/// games are put back with the stones offered dead on both sides. A second
/// play-out closed half-way offers nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bent_four_is_played_out_on_both_screens_over_loopback() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    for (i, point) in BENT_FOUR_MOVES.iter().enumerate() {
        both_take(&mut a, &mut b, i % 2 == 0, point).await;
    }
    both_take(&mut a, &mut b, true, "p").await;
    both_take(&mut a, &mut b, false, "p").await;
    assert_eq!(a.session().game.phase(), Phase::Stopped);
    let board = a.session().game.board().clone();

    if let Screen::Game(table) = &mut a.state.screen {
        table.cursor = gtp("D9", 9);
    }
    both_take(&mut a, &mut b, true, "o").await;
    assert!(b.heard("Aki"), "{:?}", b.said);
    for (host, point) in [(true, "C9"), (false, "B8"), (true, "B9"), (false, "A9")] {
        both_take(&mut a, &mut b, host, point).await;
    }
    // Ben may not move for Black on the scratch board.
    refused(
        &mut a,
        &mut b,
        false,
        "F1",
        "not your turn on the scratch board",
    )
    .await;
    for (host, point) in [(true, "A8"), (false, "F1"), (true, "F2")] {
        both_take(&mut a, &mut b, host, point).await;
    }
    refused(&mut a, &mut b, false, "A9", "7.2").await;
    assert!(
        b.heard("White may not retake the ko taken at A8 before passing once for it"),
        "{:?}",
        b.said
    );
    both_take(&mut a, &mut b, false, "p").await;
    both_take(&mut a, &mut b, true, "C9").await;
    for side in [&a, &b] {
        let scratch = side.session().game.playout().expect("open on both screens");
        assert_eq!(scratch.board().get(gtp("D9", 9)), None);
        assert_eq!(scratch.captures(), [8, 4]);
    }
    assert_eq!(
        a.session().game.playout().unwrap().board(),
        b.session().game.playout().unwrap().board()
    );
    both_take(&mut a, &mut b, false, "e").await;
    for side in [&a, &b] {
        assert_eq!(side.session().game.board(), &board, "put back as it was");
        assert!(side.heard("offered as dead"), "{:?}", side.said);
        for stone in ["D9", "C8", "D8", "A7", "B7", "C7"] {
            assert!(side.session().marks.contains(&gtp(stone, 9)), "{stone}");
        }
    }

    // A second play-out, given up after one move: the marks stay.
    let marks = b.session().marks.clone();
    if let Screen::Game(table) = &mut a.state.screen {
        table.cursor = gtp("D9", 9);
    }
    both_take(&mut a, &mut b, true, "o").await;
    both_take(&mut a, &mut b, true, "C9").await;
    both_take(&mut a, &mut b, false, "e").await;
    assert!(b.heard("play-out given up"), "{:?}", b.said);
    assert_eq!(b.session().marks, marks);
    assert_eq!(a.session().game.board(), &board);

    let id = a.seat().game_id.clone();
    let (log_a, log_b) = (load(dir_a.path(), &id), load(dir_b.path(), &id));
    assert_eq!(log_a.game.events(), log_b.game.events());
    assert_eq!(log_a.contents.format, 4);
    assert_eq!(log_a.game.confirmed().len(), 2);
    assert_eq!(a.session().game.state_hash(), log_b.game.state_hash());
}

/// The 万年コウ of テーマ2 A, built by moves (Black's last five stones in
/// the far corner), then stopped.
const MANNEN_KO_MOVES: [&str; 26] = [
    "A7", "A6", "B7", "B6", "C7", "C6", "D7", "D6", "E7", "E6", "E8", "F6", "E9", "F7", "A8", "F8",
    "J1", "F9", "J2", "B8", "H1", "C8", "H2", "C9", "G1", "A9",
];

/// Over loopback, 万年コウ as テーマ2 7–8図 play it: Black takes at B9,
/// White passes for the ko and may then retake, Black may not and passes,
/// White takes the black group; two passes: the white stones are held and
/// offered alive on both screens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mannen_ko_is_played_out_on_both_screens_over_loopback() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    for (i, point) in MANNEN_KO_MOVES.iter().enumerate() {
        both_take(&mut a, &mut b, i % 2 == 0, point).await;
    }
    both_take(&mut a, &mut b, true, "p").await;
    both_take(&mut a, &mut b, false, "p").await;
    let board = b.session().game.board().clone();
    if let Screen::Game(table) = &mut a.state.screen {
        table.cursor = gtp("C9", 9);
    }
    both_take(&mut a, &mut b, true, "o").await;
    both_take(&mut a, &mut b, true, "B9").await;
    refused(&mut a, &mut b, false, "A9", "cannot be retaken at once").await;
    both_take(&mut a, &mut b, false, "p").await;
    both_take(&mut a, &mut b, true, "D9").await;
    both_take(&mut a, &mut b, false, "A9").await;
    for (host, input) in [(true, "p"), (false, "D8"), (true, "p"), (false, "p")] {
        both_take(&mut a, &mut b, host, input).await;
    }
    for side in [&a, &b] {
        let scratch = side.session().game.playout().unwrap();
        assert_eq!(scratch.captures(), [1, 10]);
        assert_eq!(scratch.verdict(), kaisho_core::confirm::Verdict::Held);
    }
    both_take(&mut a, &mut b, false, "e").await;
    for side in [&a, &b] {
        assert!(side.heard("offered as alive"), "{:?}", side.said);
        assert!(!side.session().marks.contains(&gtp("C9", 9)));
        assert_eq!(side.session().game.board(), &board);
    }
    assert_eq!(a.session().game.state_hash(), b.session().game.state_hash());
}

/// A watcher of the game at `code` through the network crate, as Chie:
/// each event it sees goes to `seen`, and after the first it says `say`,
/// if any; it ends with the error that ended the watch.
async fn watcher_chie(
    code: String,
    dir: std::path::PathBuf,
    seen: tokio::sync::mpsc::UnboundedSender<kaisho_core::Event>,
    mut say: Option<&'static str>,
) -> kaisho_net::NetError {
    let identity = kaisho_saves::identity::load_or_create(&dir.join("chie.identity")).unwrap();
    let code = kaisho_net::JoinCode::parse(&code).unwrap();
    let mut watcher = match kaisho_net::watch(&code, &identity, "Chie").await {
        Ok(w) => w,
        Err(e) => return e,
    };
    assert_eq!(watcher.names, ["Aki".to_string(), "Ben".to_string()]);
    for _ in 0..1_000 {
        match watcher.next().await {
            Ok(kaisho_net::Seen::Event { event, .. }) => {
                if let Some(text) = say.take() {
                    watcher.kibitz(text).await.unwrap();
                }
                let _ = seen.send(event);
            }
            Ok(_) => {}
            Err(e) => return e,
        }
    }
    panic!("the watch did not end");
}

/// Watches as "Dai" and gives the first kibitz line it is sent.
async fn first_kibitz(code: String, dir: std::path::PathBuf) -> String {
    let identity = kaisho_saves::identity::load_or_create(&dir.join("dai.identity")).unwrap();
    let code = kaisho_net::JoinCode::parse(&code).unwrap();
    let mut watcher = kaisho_net::watch(&code, &identity, "Dai").await.unwrap();
    for _ in 0..1_000 {
        if let kaisho_net::Seen::Kibitz { text, .. } = watcher.next().await.unwrap() {
            watcher.leave().await;
            return text;
        }
    }
    panic!("no kibitz reached the second watcher");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_shows_on_the_hosts_screen_and_closing_watching_drops_it_with_the_reason() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let dir_c = tempfile::tempdir().unwrap();
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    let door = a
        .seat()
        .watch
        .clone()
        .expect("hosting lets club members watch");
    assert!(door.code.starts_with("127.0.0.1:"), "{}", door.code);
    assert!(b.seat().watch.is_none(), "the joiner shows no watch code");
    let (seen_tx, mut seen) = tokio::sync::mpsc::unbounded_channel();
    let watcher = tokio::spawn(watcher_chie(
        door.code.clone(),
        dir_c.path().to_path_buf(),
        seen_tx,
        None,
    ));
    settle(&mut a, &mut b, |a, _| {
        a.seat().watch.as_ref().is_some_and(|w| w.names == ["Chie"])
    })
    .await;
    a.press(KeyCode::Enter);
    settle(&mut a, &mut b, |_, b| stone(b, "E5").is_some()).await;
    let event = tokio::time::timeout(Duration::from_secs(10), seen.recv())
        .await
        .unwrap();
    assert!(
        matches!(event, Some(kaisho_core::Event::Play { color: Color::Black, point }) if point == gtp("E5", 9))
    );
    a.press(KeyCode::Char('W'));
    a.press(KeyCode::Char('y'));
    settle(&mut a, &mut b, |a, _| {
        a.seat().watch.as_ref().is_some_and(|w| !w.open)
    })
    .await;
    assert!(a.seat().watch.as_ref().unwrap().names.is_empty());
    let ended = tokio::time::timeout(Duration::from_secs(10), watcher)
        .await
        .unwrap()
        .unwrap();
    assert!(
        matches!(
            ended,
            kaisho_net::NetError::Dropped(kaisho_net::Dropped::PlayersClosed)
        ),
        "{ended:?}"
    );
    let naming = kaisho::words::naming_for(Lang::En);
    assert_eq!(
        kaisho::words::net_refusal(&ended, naming, 9),
        "the players closed watching"
    );
    // The players play on.
    b.type_line(":D4");
    settle(&mut a, &mut b, |a, _| stone(a, "D4") == Some(Color::White)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watchers_kibitz_reaches_both_players_sgf_and_panel_once_the_game_ends() {
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (dir_c, dir_d) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut a, mut b) = paired(dir_a.path(), dir_b.path()).await;
    let code = a.seat().watch.clone().unwrap().code;
    let (seen_tx, mut seen) = tokio::sync::mpsc::unbounded_channel();
    let said = r"E5 \ thick]";
    tokio::spawn(watcher_chie(
        code.clone(),
        dir_c.path().to_path_buf(),
        seen_tx,
        Some(said),
    ));
    settle(&mut a, &mut b, |a, _| {
        a.seat().watch.as_ref().is_some_and(|w| w.names == ["Chie"])
    })
    .await;
    a.press(KeyCode::Enter);
    settle(&mut a, &mut b, |_, b| stone(b, "E5").is_some()).await;
    tokio::time::timeout(Duration::from_secs(10), seen.recv())
        .await
        .unwrap();
    // The line reaches the host's hub over loopback; the players are not
    // shown it while the game goes on.
    // A second watcher let in now is sent the game so far, kibitz
    // included: once it has the line, so has the host's hub.
    let heard = tokio::time::timeout(
        Duration::from_secs(10),
        first_kibitz(code, dir_d.path().to_path_buf()),
    )
    .await
    .expect("the line reached the hub");
    assert_eq!(heard, said);
    for side in [&a, &b] {
        assert!(!side.seat().chat.iter().any(|l| l.contains("thick")));
        assert!(!side.said.iter().any(|l| l.contains("thick")));
    }
    // The joiner resigns: the host sends it the watchers' lines once it
    // has acknowledged the resignation.
    b.keys("ry");
    settle(&mut a, &mut b, |a, b| {
        !a.session().after.is_empty() && !b.session().after.is_empty()
    })
    .await;
    for side in [&a, &b] {
        assert!(
            side.seat()
                .chat
                .iter()
                .any(|l| l == r"kibitz from Chie: E5 \ thick]"),
            "{:?}",
            side.seat().chat
        );
    }
    let sgf = |side: &Side| {
        let path = side.session().after[0]
            .strip_prefix("SGF saved to ")
            .expect("the export's path")
            .to_string();
        std::fs::read_to_string(path).unwrap()
    };
    let host = sgf(&a);
    assert!(
        host.split(";B[ee]C[").nth(1).is_some_and(|c| c
            .starts_with("White resigns: Black wins by resignation (B+R)\n[kibitz from Chie: E5 \\\\ thick\\]\\]]BL[")),
        "on the node of E5, escaped: {host}"
    );
    let joiner = sgf(&b);
    assert_eq!(joiner, host, "both players' records are the same");
    let record = kaisho_saves::sgf::parse(&joiner).unwrap();
    let said_at: Vec<usize> = (record.moves.iter().enumerate())
        .filter(|(_, m)| {
            m.comment
                .as_deref()
                .is_some_and(|c| c.contains(r"[kibitz from Chie: E5 \ thick]]"))
        })
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(said_at, [1], "on the node of the first move, E5");
}
