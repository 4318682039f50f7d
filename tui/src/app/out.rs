//! What one step of the update produces besides the change of the state:
//! the commands for the shell, and the message and prompt to show.

use super::disk::{Job, Then};
use super::msg::Cmd;
use super::prompt::Prompt;
use super::{Message, Tone};

/// What a step of the update produced besides the state change.
#[derive(Debug, Default)]
pub(super) struct Out {
    pub cmds: Vec<Cmd>,
    pub message: Option<Message>,
    /// A prompt to open once the step is done.
    pub prompt: Option<Prompt>,
}

impl Out {
    /// Reports progress on the message line and to plain mode.
    pub fn say(&mut self, text: String) {
        self.tell(text, Tone::Info);
    }

    /// Reports a refusal and its reason.
    pub fn refuse(&mut self, text: String) {
        self.tell(text, Tone::Error);
    }

    /// Asks the shell for work on the data folder; its answer comes back
    /// with `then`.
    pub fn disk(&mut self, job: Job, then: Then) {
        self.cmds.push(Cmd::Disk(job, then));
    }

    fn tell(&mut self, text: String, tone: Tone) {
        self.cmds.push(Cmd::Say(text.clone()));
        self.message = Some(Message { text, tone, age: 0 });
    }
}
