//! The folder of series files: `<data>/series/<id>.toml`.
//!
//! Reading never writes: a file that cannot be read is reported by name
//! and left exactly as it is, for its owner to repair or remove, and the
//! other series still load.

use super::id::SeriesId;
use super::record::{RecordError, SeriesRecord};
use crate::atomic::{Access, write_atomically};
use crate::bounded::{ReadRefused, read_regular};
use crate::limits::MAX_SERIES_FILE_BYTES;
use crate::lock::FileLock;
use crate::places::Places;
use kaisho_core::series::Series;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The file name extension of series files.
const EXTENSION: &str = "toml";

/// The series folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesStore {
    dir: PathBuf,
}

/// What went wrong with a series file, naming the file.
#[derive(Debug)]
pub enum StoreError {
    /// No series has this id.
    NotFound { id: SeriesId, path: PathBuf },
    /// A new series would replace an existing file.
    Exists { path: PathBuf },
    /// The file system refused.
    Io {
        path: PathBuf,
        action: &'static str,
        source: io::Error,
    },
    /// The file is not a series this kaisho can read; it is left as it is.
    Unreadable { path: PathBuf, problem: RecordError },
    /// The file is too large to be a series file; it is left as it is.
    TooLarge { path: PathBuf, bytes: u64 },
    /// The path names a FIFO, a device or a folder, not a file; it is not
    /// read, so it can neither block kaisho nor feed it without end.
    NotRegular { path: PathBuf, kind: &'static str },
    /// A `.toml` file in the series folder whose name is not a series id.
    BadName { path: PathBuf },
    /// The file no longer holds the copy a change was made from: another
    /// copy of kaisho (a second terminal, `kaisho series`, a partner's
    /// correction) wrote it meanwhile. `then` and `now` count the games
    /// recorded in the copy and in the file.
    Changed {
        id: SeriesId,
        path: PathBuf,
        then: usize,
        now: usize,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NotFound { id, path } => write!(
                f,
                "no series '{id}' (looked for {}); `kaisho series list` shows the series there are",
                path.display()
            ),
            StoreError::Exists { path } => {
                write!(f, "{} already exists; choose another id", path.display())
            }
            StoreError::Io {
                path,
                action,
                source,
            } => write!(
                f,
                "cannot {action} {}: {source}; check the path and its permissions",
                path.display()
            ),
            StoreError::Unreadable { path, problem } => write!(
                f,
                "{}: {problem}. The file was left as it is: repair it by hand or move it away",
                path.display()
            ),
            StoreError::TooLarge { path, bytes } => write!(
                f,
                "{}: {bytes} bytes is too large for a series file. The file was left as it is: \
                 move it away",
                path.display()
            ),
            StoreError::NotRegular { path, kind } => write!(
                f,
                "{}: it is a {kind}, not a series file, so it was not read; move it away",
                path.display()
            ),
            StoreError::BadName { path } => write!(
                f,
                "{}: the name is not a series id (letters, digits, '-' and '_'); \
                 rename the file to list it",
                path.display()
            ),
            StoreError::Changed { id, then, now, .. } => write!(
                f,
                "series '{id}' was changed by another copy of kaisho since it was read \
                 ({now} games recorded now, {then} then), so it was not written over; \
                 read it again (`kaisho series show {id}`; the series screen reads it again \
                 by itself) and repeat the change"
            ),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Io { source, .. } => Some(source),
            StoreError::Unreadable { problem, .. } => Some(problem),
            _ => None,
        }
    }
}

impl StoreError {
    /// The file the error is about.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            StoreError::NotFound { path, .. }
            | StoreError::Exists { path }
            | StoreError::Io { path, .. }
            | StoreError::Unreadable { path, .. }
            | StoreError::TooLarge { path, .. }
            | StoreError::NotRegular { path, .. }
            | StoreError::BadName { path }
            | StoreError::Changed { path, .. } => path,
        }
    }
}

/// Every series in the folder that could be read, and a problem for each
/// file that could not.
#[derive(Debug, Default)]
pub struct Listing {
    /// Sorted by id.
    pub series: Vec<(SeriesId, Series)>,
    /// One per file that could not be read, sorted by path.
    pub problems: Vec<StoreError>,
}

impl SeriesStore {
    /// The series folder under the data directory.
    #[must_use]
    pub fn new(places: &Places) -> SeriesStore {
        SeriesStore::at(places.data_dir().join("series"))
    }

    /// A series folder at an explicit path.
    #[must_use]
    pub fn at(dir: PathBuf) -> SeriesStore {
        SeriesStore { dir }
    }

    /// The folder the series files are in.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file a series is kept in.
    #[must_use]
    pub fn path_of(&self, id: &SeriesId) -> PathBuf {
        self.dir.join(format!("{id}.{EXTENSION}"))
    }

    /// Whether a series file with this id exists.
    #[must_use]
    pub fn contains(&self, id: &SeriesId) -> bool {
        self.path_of(id).exists()
    }

    /// A fresh readable id for two players' series.
    #[must_use]
    pub fn new_id(&self, names: [&str; 2]) -> SeriesId {
        SeriesId::from_names(names, |id| self.contains(id))
    }

    /// Stores a new series; refuses to replace an existing one.
    pub fn create(&self, id: &SeriesId, series: &Series) -> Result<(), StoreError> {
        let path = self.path_of(id);
        let _lock = self.lock(id)?;
        if path.exists() {
            return Err(StoreError::Exists { path });
        }
        self.write(id, series)
    }

    /// Writes `series` in place of `base`, the copy it was made from, and
    /// refuses with [`StoreError::Changed`] when the file no longer holds
    /// `base`: two copies of kaisho may touch one series, and a write made
    /// from a stale copy would erase the results the other recorded. The
    /// file is read, compared and replaced under a lock, so two writers
    /// cannot both pass the comparison.
    pub fn save(&self, id: &SeriesId, base: &Series, series: &Series) -> Result<(), StoreError> {
        let _lock = self.lock(id)?;
        let current = self.load(id)?;
        if current != *base {
            return Err(StoreError::Changed {
                id: id.clone(),
                path: self.path_of(id),
                then: base.games().len(),
                now: current.games().len(),
            });
        }
        self.write(id, series)
    }

    /// Holds the series' lock file (`.ID.lock`, which listings skip) until
    /// dropped: an exclusive advisory lock where the platform has one.
    fn lock(&self, id: &SeriesId) -> Result<FileLock, StoreError> {
        let path = self.dir.join(format!(".{id}.lock"));
        crate::lock::hold(&path).map_err(|(action, source)| StoreError::Io {
            path,
            action,
            source,
        })
    }

    /// Writes a series atomically, replacing its previous file.
    fn write(&self, id: &SeriesId, series: &Series) -> Result<(), StoreError> {
        let path = self.path_of(id);
        let text = SeriesRecord::from_series(series)
            .to_toml()
            .map_err(|problem| StoreError::Unreadable {
                path: path.clone(),
                problem,
            })?;
        write_atomically(&path, text.as_bytes(), Access::Normal).map_err(|source| StoreError::Io {
            path,
            action: "write",
            source,
        })
    }

    /// Reads a series by id.
    pub fn load(&self, id: &SeriesId) -> Result<Series, StoreError> {
        let path = self.path_of(id);
        if !path.exists() {
            return Err(StoreError::NotFound {
                id: id.clone(),
                path,
            });
        }
        load_file(&path)
    }

    /// Reads every series file in the folder. Files that cannot be read
    /// are reported in [`Listing::problems`], not fatal; a missing folder
    /// is an empty listing. The temporary files of copies killed
    /// mid-write are cleared.
    pub fn list(&self) -> Result<Listing, StoreError> {
        crate::atomic::clear_stale(&self.dir);
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Listing::default()),
            Err(source) => {
                return Err(StoreError::Io {
                    path: self.dir.clone(),
                    action: "read the folder",
                    source,
                });
            }
        };
        let mut listing = Listing::default();
        for entry in entries {
            let path = match entry {
                Ok(entry) => entry.path(),
                Err(source) => {
                    listing.problems.push(StoreError::Io {
                        path: self.dir.clone(),
                        action: "read the folder",
                        source,
                    });
                    continue;
                }
            };
            match series_id_of(&path) {
                SeriesFile::No => {}
                SeriesFile::BadName => listing.problems.push(StoreError::BadName { path }),
                SeriesFile::Yes(id) => match load_file(&path) {
                    Ok(series) => listing.series.push((id, series)),
                    Err(problem) => listing.problems.push(problem),
                },
            }
        }
        listing.series.sort_by(|a, b| a.0.cmp(&b.0));
        listing.problems.sort_by(|a, b| a.path().cmp(b.path()));
        Ok(listing)
    }
}

/// What a path in the series folder is.
enum SeriesFile {
    /// `<id>.toml`.
    Yes(SeriesId),
    /// A visible `.toml` file whose name is not an id.
    BadName,
    /// Anything else: other extensions, hidden files, temporary files
    /// (`.<name>.tmp-…`).
    No,
}

fn series_id_of(path: &Path) -> SeriesFile {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return SeriesFile::BadName;
    };
    let Some(stem) = name.strip_suffix(&format!(".{EXTENSION}")) else {
        return SeriesFile::No;
    };
    if name.starts_with('.') {
        return SeriesFile::No;
    }
    SeriesId::parse(stem).map_or(SeriesFile::BadName, SeriesFile::Yes)
}

fn load_file(path: &Path) -> Result<Series, StoreError> {
    let raw = read_regular(path, MAX_SERIES_FILE_BYTES).map_err(|refused| match refused {
        ReadRefused::NotRegular { kind } => StoreError::NotRegular {
            path: path.to_path_buf(),
            kind,
        },
        ReadRefused::TooLarge { size, .. } => StoreError::TooLarge {
            path: path.to_path_buf(),
            bytes: size,
        },
        ReadRefused::Io(source) => StoreError::Io {
            path: path.to_path_buf(),
            action: "read",
            source,
        },
    })?;
    let unreadable = |problem| StoreError::Unreadable {
        path: path.to_path_buf(),
        problem,
    };
    let text = String::from_utf8(raw)
        .map_err(|_| unreadable(RecordError::Syntax("the file is not UTF-8 text".into())))?;
    SeriesRecord::from_toml(&text)
        .and_then(|record| record.to_series())
        .map_err(unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::series::{
        KomiPolicy, LadderKind, Player, Seat, SeriesResult, SeriesSetup, Step,
    };

    fn series(a: &str, b: &str) -> Series {
        Series::new(SeriesSetup {
            players: [
                Player {
                    id: format!("local:{a}"),
                    name: a.into(),
                },
                Player {
                    id: format!("local:{b}"),
                    name: b.into(),
                },
            ],
            ladder: LadderKind::Kou,
            start: Step::SenAiSen,
            weaker: Some(Seat::First),
            threshold: 4,
            komi: KomiPolicy::default(),
        })
        .unwrap()
    }

    fn store() -> (tempfile::TempDir, SeriesStore) {
        let dir = tempfile::tempdir().unwrap();
        let store = SeriesStore::new(&Places::under(dir.path()));
        (dir, store)
    }

    fn id(text: &str) -> SeriesId {
        SeriesId::parse(text).unwrap()
    }

    #[test]
    fn a_saved_series_loads_back_equal() {
        let (_dir, store) = store();
        let mut s = series("aki", "ben");
        s.record(SeriesResult::Win(Seat::Second)).unwrap();
        store.create(&id("aki-ben"), &s).unwrap();
        assert_eq!(store.load(&id("aki-ben")).unwrap(), s);
        let base = s.clone();
        s.record(SeriesResult::Jigo).unwrap();
        store.save(&id("aki-ben"), &base, &s).unwrap();
        assert_eq!(store.load(&id("aki-ben")).unwrap(), s);
    }

    /// Two copies read the series; the first records three results; the
    /// second, writing from its stale copy, is refused and the three stay.
    #[test]
    fn a_write_from_a_stale_copy_keeps_what_another_copy_recorded() {
        let (_dir, store) = store();
        let mut first = series("aki", "ben");
        first.record(SeriesResult::Win(Seat::First)).unwrap();
        store.create(&id("aki-ben"), &first).unwrap();
        let stale = store.load(&id("aki-ben")).unwrap();
        for _ in 0..3 {
            let base = store.load(&id("aki-ben")).unwrap();
            let mut next = base.clone();
            next.record(SeriesResult::Win(Seat::Second)).unwrap();
            store.save(&id("aki-ben"), &base, &next).unwrap();
        }
        let mut from_stale = stale.clone();
        from_stale.record(SeriesResult::Win(Seat::First)).unwrap();
        let e = store.save(&id("aki-ben"), &stale, &from_stale).unwrap_err();
        assert!(
            matches!(
                e,
                StoreError::Changed {
                    then: 1,
                    now: 4,
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(
            e.to_string().contains("4 games recorded now, 1 then"),
            "{e}"
        );
        assert_eq!(store.load(&id("aki-ben")).unwrap().games().len(), 4);
        let listed = store.list().unwrap();
        assert_eq!(listed.series.len(), 1, "the lock file is not listed");
        assert!(listed.problems.is_empty(), "{:?}", listed.problems);
    }

    /// A FIFO left where the lock file goes is refused at once: recording a
    /// result never waits on it.
    #[cfg(unix)]
    #[test]
    fn a_fifo_in_place_of_the_lock_file_is_refused_without_waiting() {
        let (_dir, store) = store();
        store.create(&id("aki-ben"), &series("aki", "ben")).unwrap();
        let lock = store.dir().join(".aki-ben.lock");
        std::fs::remove_file(&lock).unwrap();
        let c = std::ffi::CString::new(lock.to_str().unwrap()).unwrap();
        // SAFETY: mkfifo reads a NUL-terminated path that outlives the call.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let (done, finished) = std::sync::mpsc::channel();
        let s = store.clone();
        std::thread::spawn(move || {
            let base = s.load(&id("aki-ben")).unwrap();
            let mut next = base.clone();
            next.record(SeriesResult::Jigo).unwrap();
            let _ = done.send(s.save(&id("aki-ben"), &base, &next));
        });
        let result = finished
            .recv_timeout(std::time::Duration::from_secs(5))
            .expect("the save did not wait on the FIFO");
        assert!(result.is_err(), "{result:?}");
        assert!(store.load(&id("aki-ben")).unwrap().games().is_empty());
    }

    /// Writers on several threads each read, record and write under the
    /// lock, retrying when refused: every result is kept.
    #[test]
    fn concurrent_writers_lose_no_result() {
        let (_dir, store) = store();
        store.create(&id("aki-ben"), &series("aki", "ben")).unwrap();
        let store = std::sync::Arc::new(store);
        let writers: Vec<_> = (0..4)
            .map(|_| {
                let store = std::sync::Arc::clone(&store);
                std::thread::spawn(move || {
                    for _ in 0..5 {
                        for _attempt in 0..1_000 {
                            let base = store.load(&id("aki-ben")).unwrap();
                            let mut next = base.clone();
                            next.record(SeriesResult::Jigo).unwrap();
                            match store.save(&id("aki-ben"), &base, &next) {
                                Ok(()) => break,
                                Err(StoreError::Changed { .. }) => continue,
                                Err(e) => panic!("{e}"),
                            }
                        }
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        assert_eq!(store.load(&id("aki-ben")).unwrap().games().len(), 20);
    }

    #[test]
    fn create_refuses_to_replace() {
        let (_dir, store) = store();
        store.create(&id("x"), &series("a", "b")).unwrap();
        let e = store.create(&id("x"), &series("c", "d")).unwrap_err();
        assert!(matches!(e, StoreError::Exists { .. }), "{e}");
        assert_eq!(store.new_id(["x", ""]).as_str(), "x-2");
    }

    #[test]
    fn a_missing_series_says_how_to_find_one() {
        let (_dir, store) = store();
        let e = store.load(&id("nobody")).unwrap_err();
        assert!(e.to_string().contains("kaisho series list"), "{e}");
    }

    #[test]
    fn an_empty_or_missing_folder_lists_nothing() {
        let (_dir, store) = store();
        let listing = store.list().unwrap();
        assert!(listing.series.is_empty() && listing.problems.is_empty());
    }

    #[test]
    fn a_corrupt_file_is_reported_by_name_left_alone_and_the_rest_still_list() {
        let (_dir, store) = store();
        store.create(&id("good-1"), &series("a", "b")).unwrap();
        store.create(&id("good-2"), &series("c", "d")).unwrap();
        let bad = store.path_of(&id("broken"));
        let garbage = b"version = 1\nladder = [\x00\xff not toml".to_vec();
        fs::write(&bad, &garbage).unwrap();
        let newer = store.path_of(&id("future"));
        fs::write(&newer, "version = 7\nshiny = true\n").unwrap();
        fs::write(store.dir().join("notes.txt"), "not a series").unwrap();
        fs::write(store.dir().join(".hidden.toml"), "not a series").unwrap();
        let misnamed = store.dir().join("my series.toml");
        fs::write(&misnamed, "").unwrap();

        let listing = store.list().unwrap();
        let ids: Vec<&str> = listing.series.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["good-1", "good-2"]);
        let named: Vec<&Path> = listing.problems.iter().map(|p| p.path()).collect();
        assert_eq!(named, [bad.as_path(), newer.as_path(), misnamed.as_path()]);
        assert!(listing.problems[2].to_string().contains("rename the file"));
        let message = listing.problems[0].to_string();
        assert!(
            message.contains("broken.toml") && message.contains("left as it is"),
            "{message}"
        );
        assert!(listing.problems[1].to_string().contains("upgrade kaisho"));

        assert!(store.load(&id("broken")).is_err());
        assert_eq!(fs::read(&bad).unwrap(), garbage, "left byte-identical");
        assert_eq!(
            fs::read_to_string(&newer).unwrap(),
            "version = 7\nshiny = true\n"
        );
    }

    #[test]
    fn a_huge_file_is_refused_unread() {
        let (_dir, store) = store();
        fs::create_dir_all(store.dir()).unwrap();
        let path = store.path_of(&id("huge"));
        let file = fs::File::create(&path).unwrap();
        file.set_len(MAX_SERIES_FILE_BYTES + 1).unwrap();
        let e = store.load(&id("huge")).unwrap_err();
        assert!(matches!(e, StoreError::TooLarge { .. }), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_series_file_that_never_ends_is_refused_at_once_by_load_and_list() {
        let (_dir, store) = store();
        fs::create_dir_all(store.dir()).unwrap();
        let path = store.path_of(&id("aki-ben"));
        let lister = store.clone();
        crate::bounded::hostile::each_kind(&path, move |kind, path| {
            let e = lister.load(&id("aki-ben")).expect_err(kind);
            let expected = if kind == "huge file" {
                matches!(e, StoreError::TooLarge { .. })
            } else {
                matches!(e, StoreError::NotRegular { .. })
            };
            assert!(expected, "{kind}: {e}");
            assert!(
                e.to_string().starts_with(&path.display().to_string()),
                "{e}"
            );
            let listing = lister.list().unwrap();
            assert!(listing.series.is_empty(), "{kind}");
            assert_eq!(listing.problems.len(), 1, "{kind}");
        });
    }

    #[test]
    fn a_name_with_escapes_is_shown_and_an_overlong_name_refused_naming_the_file() {
        let (_dir, store) = store();
        store.create(&id("aki-ben"), &series("Aki", "Ben")).unwrap();
        let path = store.path_of(&id("aki-ben"));
        let good = fs::read_to_string(&path).unwrap();
        let named = |name: &str| good.replace("name = \"Ben\"", &format!("name = \"{name}\""));
        fs::write(&path, named(r"\u001b[2J\u001b]0;pwn\u0007Ben")).unwrap();
        let loaded = store.load(&id("aki-ben")).unwrap();
        assert_eq!(loaded.setup().players[1].name, "␛[2J␛]0;pwn␇Ben");
        fs::write(&path, named(&"B".repeat(100_000))).unwrap();
        let e = store.load(&id("aki-ben")).unwrap_err();
        assert!(
            matches!(
                &e,
                StoreError::Unreadable {
                    problem: RecordError::Invalid(_),
                    ..
                }
            ),
            "{e}"
        );
        let said = e.to_string();
        assert!(said.starts_with(&path.display().to_string()), "{said}");
        assert!(
            said.contains("100000 characters long; at most 64"),
            "{said}"
        );
    }
}
