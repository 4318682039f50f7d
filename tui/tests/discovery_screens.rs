//! Finding games on the local network, through the update and the shell
//! with the in-memory discovery double (no socket, no multicast): the
//! lobby announces while it waits and withdraws when the game starts or
//! the host leaves; the Join screen lists the games found, live, and
//! choosing one fills its address so the member types only the code.

mod common;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{
    Cmd, Command, Found, HomeItem, Msg, NetNews, NetRequest, Plan, Prompt, SETTINGS_ITEMS, Screen,
    SettingsItem,
};
use kaisho::shell::Shell;
use kaisho::words::Lang;
use kaisho_core::{BoardSize, Color, Game, Komi, Settings};
use kaisho_net::TimeW;
use kaisho_net::discovery::found::MAX_PER_SOURCE;
use kaisho_net::discovery::{
    Announcement, Change, Discovery, DiscoveryError, FoundGame, MemoryLan,
};
use std::time::Duration;

/// The home screen under `dir`, on the in-memory network `lan`.
fn on(lan: &MemoryLan, dir: &std::path::Path) -> Front {
    let mut front = home_in(dir);
    front.shell = Shell::offline().with_discovery(Box::new(lan.member()));
    front
}

/// Hosting a 9×9 game from the host's form, up to the lobby listening.
fn hosting(front: &mut Front) {
    keys(front, "jl");
    open_from_home(front, HomeItem::HostLan);
    press(front, KeyCode::Enter);
    let code = "192.168.1.20:7878 tide-4821-oak".to_string();
    update(front, Msg::Net(NetNews::Listening { code }));
}

/// What another member of `lan` sees announced now.
async fn seen(lan: &MemoryLan) -> Vec<FoundGame> {
    let mut browse = lan.member().browse().unwrap();
    while let Ok(Some(_)) = tokio::time::timeout(Duration::from_millis(50), browse.next()).await {}
    browse.games().to_vec()
}

fn nine_by_nine() -> Game {
    let settings = Settings::handicap(BoardSize::new(9).unwrap(), 0, Komi::MODERN).unwrap();
    Game::new(settings).unwrap()
}

#[tokio::test]
async fn the_lobby_announces_while_it_waits_and_withdraws_when_the_game_starts() {
    let dir = tempfile::tempdir().unwrap();
    let lan = MemoryLan::new();
    let mut host = on(&lan, dir.path());
    host.config.watchers = false;
    keys(&mut host, "jl");
    open_from_home(&mut host, HomeItem::HostLan);
    press(&mut host, KeyCode::Enter);
    assert!(lan.announced().is_empty(), "no port yet, nothing announced");
    let code = "192.168.1.20:7878 tide-4821-oak".to_string();
    update(&mut host, Msg::Net(NetNews::Listening { code }));
    let games = seen(&lan).await;
    assert_eq!(games.len(), 1);
    let game = &games[0].game;
    assert_eq!((game.size, game.port, game.seat_free), (9, 7878, true));
    assert_eq!(game.name, host.config.player_name);
    assert!(!game.watching);
    update(
        &mut host,
        Msg::Net(started_news(&nine_by_nine(), Color::Black, "g1")),
    );
    assert!(matches!(host.screen, Screen::Game(_)));
    assert!(lan.announced().is_empty(), "withdrawn once the game starts");
}

#[tokio::test]
async fn leaving_the_lobby_or_quitting_withdraws_the_announcement() {
    let dir = tempfile::tempdir().unwrap();
    let lan = MemoryLan::new();
    let mut host = on(&lan, dir.path());
    hosting(&mut host);
    assert_eq!(lan.announced().len(), 1);
    press(&mut host, KeyCode::Esc);
    assert!(matches!(host.screen, Screen::Home));
    assert!(lan.announced().is_empty(), "withdrawn on leaving");
    hosting(&mut host);
    assert_eq!(lan.announced().len(), 1);
    let cmds = run(&mut host, Command::Quit);
    assert!(cmds.contains(&Cmd::Quit));
    assert!(lan.announced().is_empty(), "withdrawn on quitting");
}

#[tokio::test]
async fn a_lobby_whose_task_closed_withdraws_the_announcement() {
    let dir = tempfile::tempdir().unwrap();
    let lan = MemoryLan::new();
    let mut host = on(&lan, dir.path());
    hosting(&mut host);
    update(
        &mut host,
        Msg::Net(NetNews::Closed("the port is taken".into())),
    );
    assert!(lan.announced().is_empty());
}

#[tokio::test]
async fn nothing_is_announced_with_the_setting_off_or_on_this_machine_only() {
    let dir = tempfile::tempdir().unwrap();
    let lan = MemoryLan::new();
    let mut host = on(&lan, dir.path());
    host.config.announce = false;
    hosting(&mut host);
    assert!(matches!(host.screen, Screen::Lobby(_)));
    assert!(lan.announced().is_empty());
    let mut local = on(&lan, dir.path());
    local.listen = std::net::Ipv4Addr::LOCALHOST.into();
    hosting(&mut local);
    assert!(lan.announced().is_empty());
}

/// Feeds the shell's browse into the update until it has nothing more.
async fn pump(front: &mut Front) {
    while let Ok(change) =
        tokio::time::timeout(Duration::from_millis(50), front.shell.found()).await
    {
        update(front, Msg::Found(Found::Change(change)));
    }
}

fn listed(front: &Front) -> Vec<FoundGame> {
    match &front.screen {
        Screen::Join(join) => join.found.games().to_vec(),
        _ => panic!("the Join screen shows"),
    }
}

fn aki(seat_free: bool) -> Announcement {
    let time = TimeW::Byoyomi {
        main_ms: 1_200_000,
        periods: 5,
        period_ms: 30_000,
    };
    let mut game = Announcement::new("Aki", 19, 13, 0, time, 7878);
    game.seat_free = seat_free;
    game
}

#[tokio::test]
async fn the_join_screen_lists_updates_and_withdraws_games_and_choosing_fills_the_address() {
    let dir = tempfile::tempdir().unwrap();
    let lan = MemoryLan::new();
    let mut host = lan.member();
    host.announce(&aki(true)).unwrap();
    let mut member = on(&lan, dir.path());
    open_from_home(&mut member, HomeItem::JoinLan);
    pump(&mut member).await;
    let games = listed(&member);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].game, aki(true));
    // A game hosted after the screen opened is listed too.
    let mut other = lan.member();
    other
        .announce(&Announcement::new("Ben", 9, 0, 0, TimeW::None, 7979))
        .unwrap();
    lan.post("broken", &[("v", b"4"), ("size", b"99")], 7000);
    pump(&mut member).await;
    assert_eq!(listed(&member).len(), 2, "the malformed one is skipped");
    host.announce(&aki(false)).unwrap();
    pump(&mut member).await;
    assert_eq!(listed(&member)[0].game, aki(false), "updated in place");
    press(&mut member, KeyCode::Down);
    assert_eq!(
        member.prompt,
        Some(Prompt::Text(
            kaisho::app::Field::JoinCode,
            "127.0.0.1:7878 ".into()
        ))
    );
    other.withdraw().unwrap();
    pump(&mut member).await;
    assert_eq!(listed(&member).len(), 1, "withdrawn games leave the list");
    let mut sent = Vec::new();
    for c in "tide-4821-oak".chars() {
        sent.extend(update(&mut member, key(KeyCode::Char(c))));
    }
    sent.extend(update(&mut member, key(KeyCode::Enter)));
    let plan = sent.iter().find_map(|c| match c {
        Cmd::Net(NetRequest::Start { plan, .. }) => Some(plan.clone()),
        _ => None,
    });
    assert_eq!(
        plan,
        Some(Plan::Join {
            code: "127.0.0.1:7878 tide-4821-oak".into(),
            series: None
        })
    );
    assert!(matches!(member.screen, Screen::Lobby(_)));
    // The browse stopped with the screen: a new game reaches no list.
    let mut late = lan.member();
    late.announce(&aki(true)).unwrap();
    assert!(
        tokio::time::timeout(Duration::from_millis(50), member.shell.found())
            .await
            .is_err()
    );
}

#[test]
fn a_code_typed_before_choosing_a_game_is_kept_and_the_choice_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut member = home_in(dir.path());
    open_from_home(&mut member, HomeItem::JoinLan);
    for (name, ip, port) in [
        ("kaisho-1", "192.168.1.20", 7878),
        ("kaisho-2", "10.0.0.9", 7979),
    ] {
        let mut game = aki(true);
        game.port = port;
        let found = FoundGame::new(name, game, vec![ip.parse().unwrap()]);
        update(&mut member, Msg::Found(Found::Change(Change::Added(found))));
    }
    keys(&mut member, "tide-4821-oak");
    let typed = |m: &Front| match &m.prompt {
        Some(Prompt::Text(_, text)) => text.clone(),
        other => panic!("the join prompt is open, not {other:?}"),
    };
    press(&mut member, KeyCode::Down);
    assert_eq!(typed(&member), "192.168.1.20:7878 tide-4821-oak");
    press(&mut member, KeyCode::Down);
    assert_eq!(typed(&member), "10.0.0.9:7979 tide-4821-oak");
    press(&mut member, KeyCode::Down);
    assert_eq!(
        typed(&member),
        "10.0.0.9:7979 tide-4821-oak",
        "stays on the last"
    );
    press(&mut member, KeyCode::Up);
    assert_eq!(typed(&member), "192.168.1.20:7878 tide-4821-oak");
    // The chosen game withdrawn: the choice follows the list.
    update(
        &mut member,
        Msg::Found(Found::Change(Change::Removed("kaisho-1".into()))),
    );
    let Screen::Join(join) = &member.screen else {
        panic!("the Join screen shows");
    };
    assert_eq!(join.chosen, None);
}

#[test]
fn an_address_and_code_typed_by_hand_still_join() {
    let dir = tempfile::tempdir().unwrap();
    let mut member = home_in(dir.path());
    open_from_home(&mut member, HomeItem::JoinLan);
    let mut sent = Vec::new();
    for c in "10.0.0.7:7878 tide-4821-oak".chars() {
        sent.extend(update(&mut member, key(KeyCode::Char(c))));
    }
    sent.extend(update(&mut member, key(KeyCode::Enter)));
    assert!(sent.iter().any(|c| matches!(
        c,
        Cmd::Net(NetRequest::Start { plan: Plan::Join { code, .. }, .. })
            if code == "10.0.0.7:7878 tide-4821-oak"
    )));
}

#[test]
fn esc_on_the_join_screen_goes_home_and_stops_looking() {
    let dir = tempfile::tempdir().unwrap();
    let mut member = home_in(dir.path());
    open_from_home(&mut member, HomeItem::JoinLan);
    assert!(member.discovering.browsing);
    press(&mut member, KeyCode::Esc);
    assert!(matches!(member.screen, Screen::Home));
    assert!(!member.discovering.browsing);
}

/// 200 fake announcements from four addresses, read as they come, then a
/// real game: the Join screen lists the real game with four of each
/// address and says how many it does not list, in both languages and
/// within 80 columns.
#[tokio::test]
async fn after_a_flood_of_fakes_the_join_screen_lists_the_real_game_and_counts_the_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let lan = MemoryLan::new();
    let mut member = on(&lan, dir.path());
    open_from_home(&mut member, HomeItem::JoinLan);
    let txt = aki(true).to_txt();
    let txt: Vec<(&str, &[u8])> = txt.iter().map(|(k, v)| (*k, v.as_bytes())).collect();
    // In batches the in-memory network's queue holds (each announcement
    // heard, then seen), as a reader keeps up.
    for batch in 0..8u8 {
        for i in batch * 25..(batch + 1) * 25 {
            let from = std::net::IpAddr::from([10, 0, 0, i % 4 + 1]);
            lan.post_from(from, &format!("fake{i}"), &txt, 7000);
        }
        pump(&mut member).await;
    }
    let mut host = lan.member();
    host.announce(&Announcement::new("Ben", 9, 0, 0, TimeW::None, 7979))
        .unwrap();
    pump(&mut member).await;
    let games = listed(&member);
    assert!(
        games.iter().any(|g| g.game.name == "Ben"),
        "the real game is listed"
    );
    assert_eq!(games.len(), 4 * MAX_PER_SOURCE + 1);
    for (lang, said) in [
        (Lang::En, "184 more not listed"),
        (Lang::Ja, "ほかに 184 件"),
    ] {
        member.naming.lang = lang;
        assert_fits_80(&member);
        let screen = render(&member).to_string();
        assert!(screen.contains(said), "{screen}");
    }
}

/// The Join screen with two games found and the first chosen.
#[test]
fn join_screen_with_games_found() {
    let dir = tempfile::tempdir().unwrap();
    let mut member = home_in(dir.path());
    open_from_home(&mut member, HomeItem::JoinLan);
    let lan: Vec<std::net::IpAddr> = vec!["192.168.1.20".parse().unwrap()];
    let games = [
        FoundGame::new("kaisho-1", aki(true), lan.clone()),
        FoundGame::new(
            "kaisho-2",
            Announcement::new(
                "本因坊",
                9,
                0,
                2,
                TimeW::Absolute { main_ms: 600_000 },
                7979,
            ),
            vec!["192.168.1.31".parse().unwrap()],
        ),
        FoundGame::new(
            "kaisho-3",
            aki(false),
            vec!["192.168.1.44".parse().unwrap()],
        ),
    ];
    for game in games {
        update(&mut member, Msg::Found(Found::Change(Change::Added(game))));
    }
    press(&mut member, KeyCode::Down);
    in_both_languages!(&mut member);
}

#[test]
fn join_screen_looking() {
    let dir = tempfile::tempdir().unwrap();
    let mut member = home_in(dir.path());
    open_from_home(&mut member, HomeItem::JoinLan);
    in_both_languages!(&mut member);
}

#[test]
fn the_settings_item_turns_announcing_off_and_saves_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = home_in(dir.path());
    assert!(front.config.announce, "on by default");
    open_from_home(&mut front, HomeItem::Settings);
    let Screen::Settings(form) = &mut front.screen else {
        panic!("the settings screen shows");
    };
    form.selected = SETTINGS_ITEMS
        .iter()
        .position(|&i| i == SettingsItem::Announce)
        .unwrap();
    press(&mut front, KeyCode::Right);
    press(&mut front, KeyCode::Char('s'));
    assert!(!front.config.announce);
    let places = front.places.clone().unwrap();
    let saved = std::fs::read_to_string(places.config_file()).unwrap();
    assert!(saved.contains("[network]\nannounce = false"), "{saved}");
    assert!(!home_in(dir.path()).config.announce, "read back at start");
}

/// A discovery that cannot start, as on a machine without multicast.
struct Broken;

impl Discovery for Broken {
    fn announce(&mut self, _: &Announcement) -> Result<(), DiscoveryError> {
        Err(DiscoveryError::Mdns("no multicast here".into()))
    }
    fn withdraw(&mut self) -> Result<(), DiscoveryError> {
        Ok(())
    }
    fn browse(&mut self) -> Result<kaisho_net::discovery::Browse, DiscoveryError> {
        Err(DiscoveryError::Mdns("no multicast here".into()))
    }
}

#[test]
fn a_discovery_that_fails_is_said_and_hosting_and_joining_by_code_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = home_in(dir.path());
    host.shell = Shell::offline().with_discovery(Box::new(Broken));
    hosting(&mut host);
    assert!(matches!(host.screen, Screen::Lobby(_)), "still hosting");
    let message = host.message.clone().expect("the failure is said");
    assert!(message.text.contains("not announced"), "{}", message.text);
    assert!(
        message.text.contains("no multicast here"),
        "{}",
        message.text
    );
    press(&mut host, KeyCode::Esc);
    open_from_home(&mut host, HomeItem::JoinLan);
    let Screen::Join(join) = &host.screen else {
        panic!("the Join screen shows");
    };
    assert!(
        join.failed
            .as_deref()
            .is_some_and(|w| w.contains("no multicast here"))
    );
    assert!(
        matches!(host.prompt, Some(Prompt::Text(..))),
        "the code can still be typed"
    );
}
