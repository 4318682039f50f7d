//! The record types of review journal format version 1, and their
//! conversion to and from the review's edits. These never change once
//! released: a new format gets new types.

use crate::log::record::{ColorV1, PointV1};
use crate::sgf::{Applied, MAX_DEPTH, NodePath, TreeEdit};
use serde::{Deserialize, Serialize};

/// Every record a version-1 journal holds.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub(crate) enum JournalRecordV1 {
    /// The first record: the SHA-256 of the bytes of the record file the
    /// additions go onto, so that a journal is applied only to the record
    /// it was written for.
    Base { sha256: [u8; 32] },
    /// One kept addition: its edits as they applied to the record, each at
    /// its node there, in order.
    Added { edits: Vec<EditV1> },
    /// A fold under way: the SHA-256 of the record file it writes, with
    /// every addition before it in. Once the record file holds those
    /// bytes, the journal has been folded and is not applied again.
    Folding { sha256: [u8; 32] },
}

/// How many kinds of [`JournalRecordV1`] there are: a payload starts with
/// its kind.
pub(crate) const RECORD_KINDS: u8 = 3;

/// One edit as it applied to the record.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub(crate) enum EditV1 {
    /// A move tried after node `at` (a pass when `point` is none), landed
    /// on child `landed` of it.
    Try {
        at: PathV1,
        color: ColorV1,
        point: Option<PointV1>,
        landed: u32,
    },
    /// `text` added to node `at`'s comment.
    Comment { at: PathV1, text: String },
}

/// A node's path as runs of one child index: `(index, times)`. A line
/// down the main line thousands of moves deep takes a few bytes.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PathV1(Vec<(u32, u32)>);

impl From<&NodePath> for PathV1 {
    fn from(path: &NodePath) -> PathV1 {
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for &index in path.indices() {
            let index = u32::try_from(index).unwrap_or(u32::MAX);
            match runs.last_mut() {
                Some((last, times)) if *last == index => *times += 1,
                _ => runs.push((index, 1)),
            }
        }
        PathV1(runs)
    }
}

impl PathV1 {
    /// The path, when it is no deeper than a record may be: the runs'
    /// lengths are counted before any is spelt out.
    fn node(&self) -> Result<NodePath, String> {
        let depth = self
            .0
            .iter()
            .try_fold(0usize, |sum, &(_, times)| {
                sum.checked_add(times as usize)
                    .filter(|&depth| depth <= MAX_DEPTH)
            })
            .ok_or_else(|| {
                format!("an edit names a node deeper than the {MAX_DEPTH} a record holds")
            })?;
        let mut indices = Vec::with_capacity(depth);
        for &(index, times) in &self.0 {
            indices.extend(std::iter::repeat_n(index as usize, times as usize));
        }
        Ok(NodePath::from_indices(indices))
    }
}

impl EditV1 {
    /// The edit as kept: `applied`, made on the record, with where it
    /// landed there.
    pub(crate) fn of(applied: &Applied) -> EditV1 {
        match &applied.edit {
            TreeEdit::Try { at, color, point } => EditV1::Try {
                at: PathV1::from(at),
                color: (*color).into(),
                point: point.map(Into::into),
                landed: applied
                    .landed
                    .indices()
                    .last()
                    .map_or(u32::MAX, |&i| u32::try_from(i).unwrap_or(u32::MAX)),
            },
            TreeEdit::Comment { at, text } => EditV1::Comment {
                at: PathV1::from(at),
                text: text.clone(),
            },
        }
    }

    /// The edit and the node it landed on, or why the record cannot hold
    /// its path.
    pub(crate) fn applied(&self) -> Result<Applied, String> {
        Ok(match self {
            EditV1::Try {
                at,
                color,
                point,
                landed,
            } => {
                let at = at.node()?;
                let landed = at.child(*landed as usize);
                Applied {
                    edit: TreeEdit::Try {
                        at,
                        color: (*color).into(),
                        point: point.map(Into::into),
                    },
                    landed,
                }
            }
            EditV1::Comment { at, text } => {
                let at = at.node()?;
                Applied {
                    edit: TreeEdit::Comment {
                        at: at.clone(),
                        text: text.clone(),
                    },
                    landed: at,
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::{Color, Point};

    #[test]
    fn edits_keep_their_paths_in_runs_and_come_back_the_same() {
        let at = NodePath::from_indices([vec![0; 4000], vec![2, 2, 1], vec![0; 900]].concat());
        let tried = Applied {
            edit: TreeEdit::Try {
                at: at.clone(),
                color: Color::White,
                point: Some(Point::new(3, 15)),
            },
            landed: at.child(1),
        };
        let commented = Applied {
            edit: TreeEdit::Comment {
                at: at.clone(),
                text: "thick".into(),
            },
            landed: at.clone(),
        };
        for applied in [tried, commented] {
            let kept = EditV1::of(&applied);
            let bytes = crate::codec::encode(&kept).unwrap();
            assert!(bytes.len() < 40, "{} bytes", bytes.len());
            assert_eq!(crate::codec::decode::<EditV1>(&bytes).unwrap(), kept);
            assert_eq!(kept.applied(), Ok(applied));
        }
    }

    #[test]
    fn a_path_deeper_than_a_record_is_refused_before_it_is_spelt_out() {
        let deep = PathV1(vec![(0, u32::MAX), (1, u32::MAX)]);
        assert!(deep.node().unwrap_err().contains("deeper"));
        let just = PathV1(vec![(0, MAX_DEPTH as u32)]);
        assert_eq!(just.node().unwrap().depth(), MAX_DEPTH);
    }
}
