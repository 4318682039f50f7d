//! The watchers' lines at the end of a game (protocol version 7): the hub
//! keeps them within the limits the joiner checks, the host splits them
//! into [`Message::Kibitzed`] frames, and the joiner checks each frame and
//! keeps the lines, so that both players' records hold the same lines at
//! the same places.

use crate::error::NetError;
use crate::wire::{KIBITZ_LINES_PER_FRAME, KibitzedLine, MAX_KIBITZ_LINES, Message};
use kaisho_saves::limits::{MAX_CHAT_CHARS, MAX_NAME_CHARS, check_length};
use kaisho_saves::visible::visible_owned;

/// One line for the record: the game events before it, the watcher's
/// name and the text.
pub type Line = (u32, String, String);

/// `text` cut to its first `max` characters: a line made visible may be
/// longer than the one typed, and the record keeps what the wire allows.
pub(crate) fn fitted(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// A watcher's line as the record keeps it: name and text within their
/// limits.
pub(crate) fn kept(after_event: u32, name: &str, text: &str) -> Line {
    (
        after_event,
        fitted(name, MAX_NAME_CHARS),
        fitted(text, MAX_CHAT_CHARS),
    )
}

/// The frames that carry `lines` to the joiner: one at least (empty when
/// nobody kibitzed), the first [`MAX_KIBITZ_LINES`] lines in all.
pub(crate) fn frames(lines: &[Line]) -> Vec<Message> {
    let lines = &lines[..lines.len().min(MAX_KIBITZ_LINES)];
    let count = lines.len().div_ceil(KIBITZ_LINES_PER_FRAME).max(1);
    (0..count)
        .map(|i| {
            let from = i * KIBITZ_LINES_PER_FRAME;
            let to = lines.len().min(from + KIBITZ_LINES_PER_FRAME);
            Message::Kibitzed {
                lines: lines[from..to]
                    .iter()
                    .map(|(after_event, name, text)| KibitzedLine {
                        after_event: *after_event,
                        name: name.clone(),
                        text: text.clone(),
                    })
                    .collect(),
                more: i + 1 < count,
            }
        })
        .collect()
}

/// What the joiner has received of the watchers' lines.
#[derive(Default)]
pub(crate) struct Received {
    lines: Vec<Line>,
    /// The last frame has arrived.
    done: bool,
}

impl Received {
    /// Whether the last frame has arrived.
    pub(crate) fn done(&self) -> bool {
        self.done
    }

    /// The lines received, in order.
    pub(crate) fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Checks one frame of a game of `events` events and keeps its lines,
    /// made visible: at most [`KIBITZ_LINES_PER_FRAME`] in it and
    /// [`MAX_KIBITZ_LINES`] in all, names and texts within the limits a
    /// save holds to, each said after no more events than the game has
    /// and none before the line ahead of it.
    pub(crate) fn take(
        &mut self,
        lines: Vec<KibitzedLine>,
        more: bool,
        events: u32,
    ) -> Result<(), NetError> {
        if self.done {
            return Err(NetError::Protocol(
                "the host sent the watchers' lines a second time".into(),
            ));
        }
        if lines.len() > KIBITZ_LINES_PER_FRAME {
            return Err(NetError::Protocol(format!(
                "the host sent {} watchers' lines in one frame; at most {KIBITZ_LINES_PER_FRAME} are allowed",
                lines.len()
            )));
        }
        if self.lines.len() + lines.len() > MAX_KIBITZ_LINES {
            return Err(NetError::Protocol(format!(
                "the host sent more than {MAX_KIBITZ_LINES} watchers' lines"
            )));
        }
        for line in lines {
            check_length("watcher's name", &line.name, MAX_NAME_CHARS)
                .and_then(|()| check_length("watcher's line", &line.text, MAX_CHAT_CHARS))
                .map_err(NetError::Protocol)?;
            let before = self.lines.last().map_or(0, |l| l.0);
            if line.after_event > events || line.after_event < before {
                return Err(NetError::Protocol(format!(
                    "a watcher's line is placed after event {} of a game of {events} events, after one placed after event {before}",
                    line.after_event
                )));
            }
            let (name, text) = (visible_owned(line.name), visible_owned(line.text));
            self.lines.push(kept(line.after_event, &name, &text));
        }
        self.done = !more;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_saves::codec::{self, MAX_FRAME};

    fn line(after_event: u32, name: &str, text: &str) -> KibitzedLine {
        KibitzedLine {
            after_event,
            name: name.into(),
            text: text.into(),
        }
    }

    #[test]
    fn the_longest_lines_fit_a_frame_and_a_long_talk_is_split_and_capped() {
        let longest = kept(3, &"碁".repeat(200), &"𝄞".repeat(900));
        let frames = frames(&vec![longest; MAX_KIBITZ_LINES + 5]);
        assert_eq!(
            frames.len(),
            MAX_KIBITZ_LINES.div_ceil(KIBITZ_LINES_PER_FRAME)
        );
        for (i, frame) in frames.iter().enumerate() {
            let Message::Kibitzed { lines, more } = frame else {
                panic!("a Kibitzed frame");
            };
            assert!(codec::encode(frame).unwrap().len() <= MAX_FRAME);
            assert_eq!(*more, i + 1 < frames.len());
            assert!(lines.len() <= KIBITZ_LINES_PER_FRAME && !lines.is_empty());
            assert_eq!(lines[0].name.chars().count(), MAX_NAME_CHARS);
            assert_eq!(lines[0].text.chars().count(), MAX_CHAT_CHARS);
        }
        let mut received = Received::default();
        for frame in frames {
            let Message::Kibitzed { lines, more } = frame else {
                unreachable!()
            };
            received.take(lines, more, 3).unwrap();
        }
        assert!(received.done());
        assert_eq!(received.lines().len(), MAX_KIBITZ_LINES);
    }

    #[test]
    fn no_talk_is_one_empty_last_frame() {
        assert_eq!(
            frames(&[]),
            vec![Message::Kibitzed {
                lines: vec![],
                more: false
            }]
        );
    }

    #[test]
    fn lines_out_of_bounds_are_refused_and_the_text_is_made_visible() {
        let refused = |lines: Vec<KibitzedLine>, events: u32| {
            Received::default()
                .take(lines, false, events)
                .unwrap_err()
                .to_string()
        };
        let many = vec![line(0, "a", "b"); KIBITZ_LINES_PER_FRAME + 1];
        assert!(refused(many, 1).contains("at most 16"));
        assert!(refused(vec![line(0, &"n".repeat(65), "b")], 1).contains("watcher's name"));
        assert!(refused(vec![line(0, "a", &"t".repeat(501))], 1).contains("watcher's line"));
        assert!(refused(vec![line(9, "a", "b")], 8).contains("event 9 of a game of 8"));
        assert!(refused(vec![line(5, "a", "b"), line(4, "a", "c")], 8).contains("after event 5"));

        let mut received = Received::default();
        received
            .take(vec![line(2, "Aki\u{1b}", "thin\u{202e}")], false, 2)
            .unwrap();
        assert_eq!(
            received.lines(),
            &[(2, "Aki␛".to_string(), "thin\\u{202e}".to_string())]
        );
        let again = received.take(vec![], false, 2).unwrap_err();
        assert!(again.to_string().contains("a second time"), "{again}");
    }

    #[test]
    fn more_than_the_cap_in_all_is_refused() {
        let mut received = Received::default();
        let full = vec![line(0, "a", "b"); KIBITZ_LINES_PER_FRAME];
        for _ in 0..MAX_KIBITZ_LINES / KIBITZ_LINES_PER_FRAME {
            received.take(full.clone(), true, 0).unwrap();
        }
        let over = received.take(full, true, 0).unwrap_err();
        assert!(over.to_string().contains("more than 1000"), "{over}");
    }
}
