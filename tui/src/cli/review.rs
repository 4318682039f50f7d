//! A headless player's review together (検討): once a `kaisho host` or
//! `kaisho join` game has ended with the partner still connected, the
//! script may offer a review or answer the partner's offer; a saved game
//! may also be reviewed together by code (`kaisho host --review ID`,
//! `kaisho join CODE --review`). Once the review begins, the script's
//! lines drive it with plain mode's words (`goto`, `variations`,
//! `branch`, `try`, `comment`, `chat`, `leave`) and plain mode prints it.

use kaisho::app::{Options, State};
use kaisho::netplay::NetplayError;
use kaisho::netplay::review::record_text;
use kaisho::plain::script::{AfterGame, board_lines, read};
use kaisho::words::{
    Lang, Line, Note, Say, ScriptLine, cli_line, naming_for, note, say, script_line, usage_error,
};
use kaisho_core::Color;
use kaisho_net::script::{Command, Script};
use kaisho_net::{ReviewSession, Session, Update};
use kaisho_saves::config;
use kaisho_saves::log::GameStore;
use kaisho_saves::places::Places;
use tokio::sync::mpsc;

/// What the script waits for before it reads its next line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Waiting {
    /// Nothing: the next line is read.
    Nothing,
    /// The partner's answer to our offer.
    Answer,
    /// The partner's offer, to answer it so.
    Offer(bool),
}

/// Stays on the link of the game that has ended, reading the script: a
/// review offered and agreed (either way round) begins, and its session
/// and record are returned; the script's end, `leave`, or the partner
/// leaving ends it all (`None`). Like a game's command, a line waits
/// until it can apply: `review-accept` for the partner's offer, and the
/// lines after `review-offer` for the answer.
///
/// # Errors
/// The link fails, or the record cannot be read.
pub async fn after_game(
    script: &mut Script,
    mut session: Session,
    store: &GameStore,
    lang: Lang,
) -> Result<Option<(ReviewSession, String)>, NetplayError> {
    let naming = naming_for(lang);
    let me = session.local_color();
    let size = session.game().settings().size.get();
    let partner = match me {
        Color::Black => session.header().white.name.clone(),
        Color::White => session.header().black.name.clone(),
    };
    let said = |line: ScriptLine<'_>| println!("{}", script_line(lang, line));
    println!("{}", cli_line(lang, Line::AfterGame));
    let mut waiting = Waiting::Nothing;
    // The partner's offer, made while the script went on, not answered yet.
    let mut offer_open = false;
    loop {
        tokio::select! {
            line = script.next_line(), if waiting == Waiting::Nothing => {
                let Some(line) = line else {
                    session.bye("goodbye").await;
                    return Ok(None);
                };
                match AfterGame::read(&line) {
                    Some(AfterGame::Offer) => {
                        session.offer_review().await?;
                        println!("{}", note(lang, Note::ReviewOffered));
                        waiting = Waiting::Answer;
                    }
                    Some(AfterGame::Answer(yes)) if offer_open => {
                        session.answer_review(yes).await?;
                        if yes {
                            break;
                        }
                        offer_open = false;
                    }
                    Some(AfterGame::Answer(yes)) => waiting = Waiting::Offer(yes),
                    None => match read(&line, me, size, naming) {
                        Ok(None | Some(Command::AfterGame(_))) => {}
                        Ok(Some(Command::Bye)) => {
                            session.bye("goodbye").await;
                            return Ok(None);
                        }
                        Ok(Some(Command::Chat(text))) => session.chat(&text).await?,
                        Ok(Some(Command::Help)) => println!("{}", cli_line(lang, Line::AfterGame)),
                        Ok(Some(Command::Board)) => {
                            for row in board_lines(session.game(), me, lang) {
                                println!("{row}");
                            }
                        }
                        Ok(Some(Command::Event(_))) => {
                            said(ScriptLine::Refused(&cli_line(lang, Line::GameOver)));
                        }
                        Err(e) => said(ScriptLine::Refused(&usage_error(lang, &e))),
                    },
                }
            }
            update = session.next() => match update {
                Ok(Update::ReviewOffered) => match waiting {
                    Waiting::Offer(yes) => {
                        session.answer_review(yes).await?;
                        if yes {
                            break;
                        }
                        waiting = Waiting::Nothing;
                    }
                    // Both offered at once: the host takes the joiner's
                    // offer, and the joiner waits for that answer.
                    Waiting::Answer if session.is_host() => {
                        session.answer_review(true).await?;
                        break;
                    }
                    Waiting::Answer => {}
                    Waiting::Nothing => {
                        println!("{}", cli_line(lang, Line::ReviewOfferedBy(&partner)));
                        offer_open = true;
                    }
                },
                Ok(Update::ReviewAnswered(true)) if waiting == Waiting::Answer => break,
                Ok(Update::ReviewAnswered(false)) if waiting == Waiting::Answer => {
                    println!("{}", say(lang, Say::ReviewDeclined));
                    waiting = Waiting::Nothing;
                }
                Ok(Update::Chat(text)) => said(ScriptLine::Chat(&text)),
                Ok(Update::Bye(_)) | Err(_) => return Ok(None),
                Ok(_) => {}
            },
        }
    }
    let text = record_text(store, &session.header().game_id, lang)?;
    Ok(Some(kaisho_net::review_after_game(session, &text).await?))
}

/// Runs the review together begun on `review`, over the record `text`,
/// from the script's remaining `lines` as plain mode runs it, for the
/// player `name` with the saves under `places`.
///
/// # Errors
/// Standard output cannot be written.
pub async fn review_headless(
    review: ReviewSession,
    text: String,
    lines: mpsc::Receiver<String>,
    (places, name): (&Places, &str),
    lang: Lang,
) -> std::io::Result<()> {
    let loaded = config::load(&places.config_file());
    let mut state = State::with_places(Options::default(), (80, 24), places.clone(), loaded);
    state.naming.lang = lang;
    state.config.player_name = name.to_string();
    kaisho::plain::review_together(state, review, text, lines, std::io::stdout()).await
}
