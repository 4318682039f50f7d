//! Every word kaisho says to a player, in English and Japanese: the
//! sentences for events, results, the rules' reasons and refusals, and
//! the fixed texts of the screens. The core, the network crate and the
//! front end's `errors` return typed reasons; only this module turns them
//! into sentences. Each language is an exhaustive `match`, so a message
//! missing in one language does not compile.

mod cli;
mod clock;
mod commands;
mod discovery;
mod engine;
mod engine_view;
mod event;
mod exported;
mod failures;
mod forms;
mod imported;
mod keys;
mod lang;
mod net_notes;
mod notes;
mod plain_help;
mod playout;
mod points;
mod prompt;
mod report;
mod rules;
mod screen;
mod script_lines;
mod series;
mod series_errors;
mod series_report;
mod series_words;
mod text;
mod usage;
mod watching;
mod width;

pub use cli::{Line, Why, cli_line};
pub use clock::{Dial, TimeCall, clock_words, dial};
pub use commands::{Verb, WORDS, first_words, game_help, verb};
pub use discovery::{Finding, finding, found_line};
pub use engine::{EngineLine, engine_error, engine_line, named as engine_named};
pub use engine_view::{EngineView, engine_view};
pub use event::{Crossed, Told, color, crossed, outcome, sentence, sgf_note, sgf_words};
pub use exported::{export_line, export_said};
pub use failures::{Failure, failure};
pub use forms::{FormValue, form_value};
pub use imported::{ImportSaid, import_line, import_refusal, import_said, reviewed_file_note};
pub use keys::{japanese as key_japanese, key_text};
pub use lang::{Lang, UnknownLang, chosen, parse_flag};
pub use net_notes::{NO_BOARD, net_refusal, netplay_error, terms_error};
pub use notes::{Note, note};
pub use plain_help::plain_help;
pub use playout::{panel as playout_panel, status as playout_status, verdict, verdict_fact};
pub use points::{CoordStyle, Naming, naming_for};
pub use prompt::{Ask, Field, Prompt, prompt_line};
pub use report::{Report, Row, report};
pub use rules::{DraftNote, article, draft_note, estimated_marks, reason, refusal};
pub use screen::{Say, say, time_call};
pub use script_lines::{ScriptLine, Turn, script_line};
pub use series::{
    SeriesNote, next_game, series_change, series_komi, series_note, series_result, step_with_weaker,
};
pub use series_errors::{names_problem, not_your_series, series_line_error, series_word_error};
pub use series_report::{SeriesLine, SeriesRefusal, series_line, series_refusal};
pub use series_words::{
    change_text, komi_text, player_name, result_text, step_and_weaker, step_name,
};
pub use text::Text;
pub use usage::usage_error;
pub use watching::{WatchLine, WatchSay, watch_line, watch_refusal, watch_say};
pub use width::{fit, pad_left, pad_right, width};
