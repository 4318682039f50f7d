//! The one function that changes the state.

use super::command::{Ask, Command};
use super::disk::{Done, Job, Leaving, SgfRead, Then};
use super::keymap::command_for;
use super::msg::{Cmd, Msg};
use super::out::Out;
use super::prompt::{Field, Prompt, Reply};
use super::recording::series_unsaved;
use super::table::Table;
use super::text::{board_text, score_text};
use super::{Screen, State, games, lobby, local, netgame, review, seat, series, settings};
use crate::layout::{Areas, BoardLayout};
use crate::words::{Failure, Note, export_said, failure, note};
use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use kaisho_saves::series::StoreError;
use ratatui::layout::Rect;

/// How many ticks (seconds) a message stays before the line clears.
pub const MESSAGE_SECONDS: u8 = 8;

/// Applies one message to the state and returns what the outside world
/// must do. Never blocks and never panics on any input.
pub fn update(state: &mut State, msg: Msg) -> Vec<Cmd> {
    let mut out = Out::default();
    match msg {
        Msg::Key(key) => self::key(state, key, &mut out),
        Msg::Mouse(mouse) => self::mouse(state, mouse, &mut out),
        Msg::Resize(w, h) => state.viewport = (w, h),
        Msg::Tick => {
            let before = super::speech::face(state);
            let naming = state.naming;
            match &mut state.screen {
                Screen::Game(session) => session.tick(naming, &mut out),
                Screen::Watch(watch) => watch.tick(),
                _ => {}
            }
            if let Some(message) = &mut state.message {
                message.age = message.age.saturating_add(1);
                if message.age >= MESSAGE_SECONDS && state.prompt.is_none() {
                    state.message = None;
                }
            }
            super::speech::speak(state, before, &mut out);
        }
        Msg::Read => {
            let naming = state.naming;
            if let Screen::Game(session) = &mut state.screen {
                session.read_slice(naming, &mut out);
            }
        }
        Msg::Command(command) => run(state, command, &mut out),
        Msg::Disk(done, then) => reply(state, done, then, &mut out),
        Msg::Found(found) => super::finding::found(state, found, &mut out),
        Msg::Engine(answer) => super::engine_view::answered(state, answer, &mut out),
        Msg::Net(news) => {
            let before = super::speech::face(state);
            super::speech::partner_moved(state, &news, &mut out);
            netgame::news(state, news, &mut out);
            super::speech::speak(state, before, &mut out);
        }
    }
    if out.message.is_some() {
        state.message = out.message.take();
    }
    if out.prompt.is_some() {
        state.prompt = out.prompt.take();
    }
    super::finding::reconcile(state, &mut out);
    review::fold_when_left(state, &mut out);
    out.cmds
}

fn key(state: &mut State, key: KeyEvent, out: &mut Out) {
    let control = key
        .modifiers
        .contains(crossterm::event::KeyModifiers::CONTROL);
    if let Some((w, h)) = super::fits::hidden(state).filter(|_| !control) {
        // Keys would act on what the player cannot see: the screen asks
        // for a larger terminal instead.
        if let Screen::Game(_) = state.screen {
            state.prompt = None;
            out.refuse(note(state.naming.lang, Note::BoardHidden { w, h }));
        }
        return;
    }
    if state.help {
        match key.code {
            KeyCode::Down | KeyCode::Char('j') => {
                state.help_scroll = state.help_scroll.saturating_add(1);
            }
            KeyCode::Up | KeyCode::Char('k') => {
                state.help_scroll = state.help_scroll.saturating_sub(1);
            }
            _ => {
                state.help = false;
                state.help_scroll = 0;
            }
        }
        return;
    }
    if let (Screen::Join(_), Some(Prompt::Text(Field::JoinCode | Field::WatchCode, _))) =
        (&state.screen, &state.prompt)
        && let KeyCode::Up | KeyCode::Down = key.code
    {
        super::finding::choose(state, if key.code == KeyCode::Up { -1 } else { 1 });
        return;
    }
    if let Some(prompt) = &mut state.prompt {
        match prompt.key(key) {
            Reply::Stay => {}
            Reply::Close => {
                state.prompt = None;
                if let Screen::Join(_) = state.screen {
                    state.screen = Screen::Home;
                }
            }
            Reply::Run(command) => {
                state.prompt = None;
                run(state, command, out);
            }
            Reply::Submit(field, text) => {
                state.prompt = None;
                submitted(state, field, &text, out);
            }
        }
        return;
    }
    // Esc closes what is open before it does anything else: the move list
    // shown beside the board first.
    if key.code == KeyCode::Esc
        && let Screen::Game(table) = &mut state.screen
        && table.look.moves
    {
        table.look.moves = false;
        return;
    }
    if let Some(command) = command_for(state, key) {
        run(state, command, out);
    }
}

fn submitted(state: &mut State, field: Field, text: &str, out: &mut Out) {
    match field {
        Field::Point => typed_point(state, text, out),
        Field::SgfPath => review::import(state, text, out),
        Field::Name => settings::set_name(state, text, out),
        Field::JoinCode => {
            let series = match state.pending.take() {
                Some(super::Pending::JoinSeries(s)) => Some(*s),
                _ => None,
            };
            lobby::join(state, text, series, out);
        }
        Field::WatchCode => super::watch::dial(state, text, out),
        Field::ReviewCode => super::review_together::join(state, text, out),
        Field::Port => lobby::set_port(state, text, out),
        Field::Chat => chat(state, text, out),
        Field::HostAddress => match state.pending.take() {
            Some(super::Pending::Resume(id)) => games::rejoin(state, id, text, out),
            _ => out.refuse(note(state.naming.lang, Note::NoAdjournedChosen)),
        },
        Field::Clock => super::timer::set_clock(state, text, out),
        Field::EngineCommand => super::engine_choice::set_command(state, text, out),
        Field::NewSeries => series::create(state, text, out),
        Field::Correction => series::correct(state, None, text, out),
        Field::Comment => run(state, Command::Comment(text.to_string()), out),
        Field::MoveNumber => match text.trim().parse() {
            Ok(n) => run(state, Command::GoTo(n), out),
            Err(_) => out.refuse(note(state.naming.lang, Note::NotAMoveNumber(text.trim()))),
        },
    }
}

fn typed_point(state: &mut State, text: &str, out: &mut Out) {
    let size = match &state.screen {
        Screen::Game(session) => session.game.settings().size.get(),
        Screen::Review(review) => review.size(),
        _ => return,
    };
    match state.naming.parse(text, size) {
        Ok(point) => run(state, Command::At(point), out),
        Err(e) => out.refuse(e.to_string()),
    }
}

fn mouse(state: &mut State, mouse: MouseEvent, out: &mut Out) {
    if state.help || state.prompt.is_some() {
        return;
    }
    if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
        return;
    }
    // A window too small for the board shows no board to click on.
    let (w, h) = state.viewport;
    let screen = Rect::new(0, 0, w, h);
    let shown = match &state.screen {
        Screen::Game(session) => {
            let layout = BoardLayout::new(session.game.settings().size.get(), state.naming);
            let (layout, areas) = layout.on_screen(screen, session.look.numbers);
            areas.map(|_| layout)
        }
        Screen::Review(review) if review.cursor.is_some() => {
            let layout = BoardLayout::new(review.size(), state.naming);
            Areas::full(screen, layout).map(|_| layout)
        }
        _ => None,
    };
    if let Some(point) = shown.and_then(|layout| layout.hit(mouse.column, mouse.row)) {
        run(state, Command::At(point), out);
    }
}

fn run(state: &mut State, command: Command, out: &mut Out) {
    match command {
        Command::Help => state.help = !state.help,
        Command::Quit => {
            if super::review::keep_before_leaving(state, Leaving::Quit, out) {
                return;
            }
            // A local game or one against an engine left by quitting is
            // adjourned like one left by `leave`, and the player told so
            // (a local game's SGF is exported and the player told where).
            if state.table().is_some_and(|s| {
                let kept = s.net.as_ref().map_or(s.recording.is_some(), |n| n.engine);
                kept && s.game.outcome().is_none()
            }) {
                adjourn(state, out);
            }
            out.cmds.push(Cmd::Quit);
        }
        Command::Ask(Ask::CloseWatching) if !watching_open(state) => {}
        Command::Ask(ask) => state.prompt = Some(Prompt::Confirm(ask)),
        Command::TakeLastResult(take) => {
            out.cmds
                .push(Cmd::Net(super::net::NetRequest::TakeLastResult(take)));
        }
        Command::TypePoint => state.prompt = Some(Prompt::Text(Field::Point, String::new())),
        Command::ToggleNames => {
            state.naming.style = state.naming.style.toggled();
            let size = shown_size(state);
            let example = state.naming.name(star_point(size), size);
            out.say(note(state.naming.lang, Note::PointsNamedLike(&example)));
        }
        Command::StartLocal {
            size,
            komi,
            handicap,
        } => local::start_local(state, size, komi, handicap, out),
        Command::StartEngine(game) => super::engine_game::start(state, game, out),
        Command::Home => match state.table() {
            Some(session) if session.game.outcome().is_none() && session.halted.is_none() => {
                out.refuse(note(state.naming.lang, Note::GameNotOver));
            }
            session => {
                // A network game that has ended stays on its link for a
                // review together until either player leaves it.
                if session.is_some_and(|s| {
                    s.net
                        .as_ref()
                        .is_some_and(|n| n.link == seat::LinkState::Connected)
                }) {
                    out.cmds.push(Cmd::Net(super::net::NetRequest::Leave));
                }
                state.screen = Screen::Home;
                state.message = None;
            }
        },
        Command::Adjourn => adjourn(state, out),
        Command::ShowMoves | Command::ShowPosition(_) => super::at_hand::say(state, &command, out),
        Command::ToggleMoves | Command::ToggleNumbers | Command::LookBack | Command::EndLook => {
            super::at_hand::run(state, &command, out);
        }
        Command::Left | Command::Right | Command::First | Command::Last
            if super::at_hand::looking_back(state) =>
        {
            super::at_hand::run(state, &command, out);
        }
        Command::NewSeries(text) => series::create(state, &text, out),
        Command::CorrectSeries { id, word } => series::correct(state, id.as_deref(), &word, out),
        Command::AskClock => state.prompt = Some(Prompt::Text(Field::Clock, String::new())),
        Command::StepEngineLevel(by) => super::engine_choice::step_level(state, by, out),
        Command::SetEngineLevel(level) => super::engine_choice::set_level(state, level, out),
        Command::AskEngine => super::engine_choice::ask(state),
        Command::ConsultEngine => super::engine_view::ask(state, out),
        Command::AddEngineMove => super::engine_view::add(state, out),
        Command::SetEngine(text) => super::engine_choice::set_command(state, &text, out),
        Command::SetClock(text) => super::timer::set_clock(state, &text, out),
        Command::Undo | Command::AcceptUndo | Command::DeclineUndo => {
            super::undo::run(state, &command, out);
        }
        Command::OpenHost => lobby::open_host(state, out),
        Command::HostNow {
            size,
            komi,
            handicap,
            port,
        } => lobby::host_now(state, size, komi, handicap, port, out),
        Command::JoinNow(code) => {
            if state.places.is_some() {
                lobby::join(state, &code, None, out);
            } else {
                lobby::ask_code(state, out);
            }
        }
        Command::Chat(text) => chat(state, &text, out),
        Command::AskJoin => lobby::ask_code(state, out),
        Command::AskWatch => lobby::ask_watch(state, out),
        Command::WatchNow(code) => super::watch::dial(state, &code, out),
        Command::WatchAgain => super::watch::again(state, out),
        Command::CloseWatching => close_watching(state, out),
        Command::AskChat => match &state.screen {
            Screen::Game(session) if session.net.is_some() => {
                state.prompt = Some(Prompt::Text(Field::Chat, String::new()));
            }
            Screen::Watch(_) => state.prompt = Some(Prompt::Text(Field::Chat, String::new())),
            Screen::Review(review) if matches!(review.shared, Some(super::Shared::With { .. })) => {
                state.prompt = Some(Prompt::Text(Field::Chat, String::new()));
            }
            _ => out.refuse(note(state.naming.lang, Note::ChatNeedsPartner)),
        },
        Command::HostResume(id) => games::host_resume(state, id, out),
        Command::AskRejoin(id) => games::ask_rejoin(state, id, out),
        Command::Back => back(state, out),
        Command::NewCode => lobby::new_code(state, out),
        Command::HostReview => super::review_together::host(state, out),
        Command::OfferReview => super::review_together::offer(state, out),
        Command::AnswerReview(yes) => super::review_together::answer(state, yes, out),
        Command::JoinReview(code) => super::review_together::join(state, &code, out),
        Command::AskReviewCode => {
            state.prompt = Some(Prompt::Text(Field::ReviewCode, String::new()));
        }
        Command::DiscardSettings => {
            state.screen = Screen::Home;
            state.message = None;
        }
        Command::OpenGames => games::open(state, out),
        Command::OpenSeries => series::open(state, out),
        Command::OpenSettings => settings::open(state),
        Command::ListGames => games::list_text(state, out),
        Command::ResumeSaved(id) => games::resume(state, &id, out),
        Command::ReviewSaved(id) => games::review(state, &id, out),
        Command::Import(path) => review::import(state, &path, out),
        Command::ShowBoard | Command::ShowScore => {
            // A review shows its position as a game would.
            let reviewed = match &state.screen {
                Screen::Review(review) => Some(Table::from_game(review.shown().clone())),
                _ => None,
            };
            match reviewed.as_ref().or(state.table()) {
                Some(session) => {
                    let text = match command {
                        Command::ShowBoard => board_text(session, state.naming),
                        _ => score_text(session, state.naming),
                    };
                    out.cmds.push(Cmd::Say(text));
                }
                None => out.refuse(note(state.naming.lang, Note::NoGameYet)),
            }
        }
        other => match &mut state.screen {
            Screen::Home => {
                if let Some(next) = state.home.run(&other) {
                    run(state, next, out);
                }
            }
            Screen::Game(session) => session.run(other, state.naming, out),
            Screen::Games(_) => games::run(state, other, out),
            Screen::Review(_) => review::run(state, other, out),
            Screen::Series(_) => series::run(state, other, out),
            Screen::Settings(_) => settings::run(state, other, out),
            Screen::HostForm(_) => lobby::run_form(state, other, out),
            Screen::Lobby(_) | Screen::Join(_) | Screen::Watch(_) => {}
        },
    }
}

/// Leaves a game for the home screen. Its log already holds every move, so
/// a game in play stays adjourned (打ち掛け) and can be resumed; it is also
/// exported as SGF as it stands.
/// The size of the board on the screen, else the home menu's.
fn shown_size(state: &State) -> u8 {
    let of = |game: &kaisho_core::Game| game.settings().size.get();
    match &state.screen {
        Screen::Game(table) => of(&table.game),
        Screen::Review(review) => review.size(),
        Screen::Watch(watch) => watch.game.as_ref().map_or(state.home.size, of),
        _ => state.home.size,
    }
}

/// The upper right star point of a board of `size`: the point a player
/// knows by heart (Q16 on 19×19, K10 on 13×13, G7 on 9×9), to show how
/// points are named.
fn star_point(size: u8) -> kaisho_core::Point {
    let from_edge = if size >= 13 { 3 } else { 2 };
    kaisho_core::Point::new(size.saturating_sub(1 + from_edge), from_edge)
}

fn adjourn(state: &mut State, out: &mut Out) {
    // Leaving a review together is leaving it, as Esc does.
    if matches!(&state.screen, Screen::Review(review) if review.shared.is_some()) {
        return back(state, out);
    }
    let Some(session) = state.table() else {
        return;
    };
    if let Some(net) = &session.net {
        let text = match (&net.link, session.game.outcome()) {
            (seat::LinkState::Closed(_), _) | (_, Some(_)) => None,
            _ => {
                out.cmds.push(Cmd::Net(super::net::NetRequest::Leave));
                let said = if net.engine {
                    Note::EngineAdjourned(&net.game_id)
                } else {
                    Note::NetAdjourned(&net.game_id)
                };
                Some(note(state.naming.lang, said))
            }
        };
        state.screen = Screen::Home;
        state.message = None;
        if let Some(text) = text {
            out.say(text);
        }
        return;
    }
    let text = match (&session.recording, session.game.outcome()) {
        (_, Some(_)) => None,
        (Some(recording), None) => {
            let id = recording.id().to_string();
            let game = id.clone();
            let lang = state.naming.lang;
            let kibitz = Vec::new();
            out.disk(Job::Export { game, lang, kibitz }, Then::Adjourned { id });
            None
        }
        (None, None) => Some(note(state.naming.lang, Note::LeftUnsaved)),
    };
    state.screen = Screen::Home;
    state.message = None;
    if let Some(text) = text {
        out.say(text);
    }
}

/// Whether watchers may come into the game on the screen: only then is
/// there watching to close.
fn watching_open(state: &State) -> bool {
    state
        .table()
        .and_then(|s| s.net.as_ref()?.watch.as_ref())
        .is_some_and(|door| door.open)
}

/// The players close watching: the network task drops every watcher.
fn close_watching(state: &mut State, out: &mut Out) {
    if watching_open(state) {
        out.cmds
            .push(Cmd::Net(super::net::NetRequest::CloseWatching));
    }
}

/// Sends a chat line to the partner and keeps it in the panel; on the
/// Watch screen, to the other watchers.
fn chat(state: &mut State, text: &str, out: &mut Out) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    if let Screen::Watch(_) = state.screen {
        return super::watch::kibitz(state, text, out);
    }
    if let Screen::Review(review) = &state.screen {
        // A review's talk is kept in its record, as the game's chat is: a
        // comment under the speaker's name on the node shown.
        if !matches!(review.shared, Some(super::Shared::With { .. })) {
            return;
        }
        let line = kaisho_net::review::talk_line(&state.config.player_name, text);
        return run(state, Command::Comment(line), out);
    }
    let Screen::Game(session) = &mut state.screen else {
        return;
    };
    let Some(net) = &mut session.net else {
        return;
    };
    if let seat::LinkState::Away(why) | seat::LinkState::Closed(why) = &net.link {
        out.refuse(note(state.naming.lang, Note::NotSent(why)));
        return;
    }
    let me = net.names[net.local.index()].clone();
    net.hear(format!("{me}: {text}"));
    out.cmds
        .push(Cmd::Net(super::net::NetRequest::Chat(text.to_string())));
}

/// Goes back one screen: a review to the list it was opened from, an open
/// series to the series list, anything else home.
fn back(state: &mut State, out: &mut Out) {
    if super::review::keep_before_leaving(state, Leaving::Back, out) {
        return;
    }
    match &mut state.screen {
        Screen::Settings(form) if form.config != state.config => {
            state.prompt = Some(Prompt::Confirm(Ask::DiscardSettings));
            return;
        }
        Screen::Lobby(_) => return lobby::leave(state, out),
        Screen::Watch(_) => return super::watch::leave(state, out),
        Screen::Review(review) if review.shared.is_some() => {
            // Leaving a review together ends it on both sides; the review
            // stays open here, on its own.
            review.unshare();
            out.cmds.push(Cmd::Net(super::net::NetRequest::Leave));
            return;
        }
        Screen::Review(review) if review.from_games && state.places.is_some() => {
            out.disk(Job::ListGames, Then::BackToGames);
        }
        Screen::Series(screen) if screen.open => screen.open = false,
        _ => state.screen = Screen::Home,
    }
    state.message = None;
}

/// Takes the shell's answer to a job on the data folder to the step it is
/// for.
fn reply(state: &mut State, done: Done, then: Then, out: &mut Out) {
    let naming = state.naming;
    match (done, then) {
        (Done::LogStarted(result), Then::Begin { series, said }) => {
            local::logged(state, result, series.map(|s| *s), said, out);
        }
        (Done::Appended(result), Then::Store) => {
            if let Screen::Game(session) = &mut state.screen {
                session.stored(result, naming, out);
            }
        }
        (Done::Resumed(Ok(resumed)), Then::Resume { id }) => {
            games::resumed(state, &id, *resumed, out);
        }
        (Done::Networked, Then::Resume { id }) => games::networked(state, id),
        (Done::EngineGame(command), Then::Resume { id }) => {
            super::engine_game::resume(state, id, command, out);
        }
        (Done::Loaded(Ok(loaded)), Then::Review { id, from_games }) => {
            games::reviewed(state, &id, from_games, *loaded, out);
        }
        (Done::Resumed(Err(e)) | Done::Loaded(Err(e)), _) => out.refuse(e.to_string()),
        (Done::HostOf(known), Then::AskRejoin { id }) => games::rejoin_at(state, id, known),
        (Done::Games(listing), then) => {
            let list = games::GamesList::from_listing(listing);
            match then {
                Then::OpenGames => games::listed(state, list, out),
                Then::ListGames => games::say_list(state, list, out),
                Then::BackToGames => state.screen = Screen::Games(list),
                _ => {}
            }
        }
        (Done::Sgf(Ok(SgfRead::Review(read))), Then::Import { name, from_games }) => {
            review::imported(state, name, from_games, *read, out);
        }
        (Done::Sgf(Ok(SgfRead::Imported(done))), Then::Import { name, .. }) => {
            games::collection_imported(state, &name, &done, out);
        }
        (Done::ReviewKept(result), Then::ReviewKept { game }) => {
            review::kept(state, &game, result, out);
        }
        (
            Done::ReviewKept(result),
            Then::KeptBeforeLeaving {
                game,
                additions,
                leaving,
            },
        ) => {
            review::kept_before_leaving(state, &game, &result, additions, out);
            match leaving {
                Leaving::Quit => run(state, Command::Quit, out),
                Leaving::Back => back(state, out),
            }
        }
        (Done::Folded(result), Then::Folded { game }) => {
            review::folded(state, &game, result, out);
        }
        (Done::Adopted(result), Then::Adopted { game }) => {
            super::review_together::adopted(state, &game, result, out);
        }
        (Done::Sgf(Err(e)), _) => out.refuse(failure(state.naming.lang, Failure::Sgf(&e))),
        (Done::Exported(result), Then::Finished) => {
            if let Screen::Game(session) = &mut state.screen {
                session.exported(naming.lang, export_said(&result, naming.lang), out);
            }
        }
        (Done::Exported(result), Then::Adjourned { id }) => {
            let export = export_said(&result, naming.lang);
            out.say(note(
                naming.lang,
                Note::Adjourned {
                    id: &id,
                    export: &export,
                },
            ));
        }
        (Done::SeriesSaved(result), Then::SeriesResult { line, game }) => {
            if let Screen::Game(session) = &mut state.screen {
                let line = match result {
                    Ok(()) => line,
                    Err(e) => series_unsaved(state.naming.lang, &e, &game),
                };
                session.after_line(line, out);
            }
        }
        (Done::SeriesList(listing), Then::OpenSeries { select }) => {
            series::listed(state, listing, select, out);
        }
        (Done::SeriesCreated(Ok(id)), Then::Created { series }) => {
            series::created(state, id, &series, out);
        }
        (Done::Series(Ok(found)), Then::Fresh { id, shown, act }) => {
            series::read_fresh(state, (id, &shown), *found, act, out);
        }
        (Done::Series(Ok(found)), Then::Reread { id }) => {
            series::reread(state, &id, *found, out);
        }
        // A write another copy got ahead of: said, and the series read again.
        (
            Done::SeriesSaved(Err(e @ StoreError::Changed { .. })),
            Then::Corrected { id, .. } | Then::Nigiri { id, .. },
        ) => {
            out.refuse(failure(state.naming.lang, Failure::Series(&e)));
            out.disk(Job::LoadSeries { id: id.clone() }, Then::Reread { id });
        }
        (Done::Series(Ok(found)), Then::Correct { id, word }) => {
            series::correct_read(state.naming.lang, id, &found, &word, out);
        }
        (Done::SeriesSaved(Ok(())), Then::Corrected { id, series, said }) => {
            series::corrected(state, id, *series, &said, out);
        }
        (Done::SeriesSaved(Ok(())), Then::Nigiri { seat, .. }) => {
            series::nigiri_saved(state, seat, out)
        }
        (
            Done::SeriesCreated(Err(e))
            | Done::Series(Err(e))
            | Done::SeriesSaved(Err(e))
            | Done::SeriesList(Err(e)),
            _,
        ) => out.refuse(e.to_string()),
        (Done::ConfigSaved(Ok(path)), Then::Settings { config }) => {
            settings::saved(state, *config, &path, out);
        }
        (Done::ConfigSaved(Ok(path)), Then::Engine) => {
            super::engine_choice::saved(state, &path, out);
        }
        (Done::ConfigSaved(Err(problem)), _) => out.refuse(problem.to_string()),
        // An answer that does not fit what it is for changes nothing.
        _ => {}
    }
}
