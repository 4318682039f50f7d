//! Replacing a small file so that a crash leaves either the old contents or
//! the new, never a mixture: write a temporary file beside it, flush it,
//! rename it over the old one, flush the folder.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

/// Who may read the file once written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The default permissions of new files.
    Normal,
    /// Only the owner may read or write it (0600 on Unix): keys and secrets.
    OwnerOnly,
}

/// Writes `bytes` to `path` atomically, creating the folder if needed.
pub fn write_atomically(path: &Path, bytes: &[u8], access: Access) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        fs::create_dir_all(dir)?;
    }
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let temp = path.with_file_name(format!(
        ".{}.tmp-{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut options = OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        if access == Access::OwnerOnly {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut file = options.open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result?;
    if let Some(dir) = dir
        && let Ok(d) = File::open(dir)
    {
        d.sync_all()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_contents_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("file.toml");
        write_atomically(&path, b"one", Access::Normal).unwrap();
        write_atomically(&path, b"two", Access::Normal).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["file.toml"]);
    }

    #[cfg(unix)]
    #[test]
    fn owner_only_files_are_mode_0600() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key");
        write_atomically(&path, b"secret", Access::OwnerOnly).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("file");
        write_atomically(&path, b"old", Access::Normal).unwrap();
        // A folder where the temporary file should go makes the write fail.
        let temp = dir.path().join(format!(".file.tmp-{}", std::process::id()));
        fs::create_dir(&temp).unwrap();
        assert!(write_atomically(&path, b"new", Access::Normal).is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
    }

    #[test]
    fn a_failed_rename_leaves_what_was_there_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        // A non-empty folder where the file should go makes the rename fail.
        let target = dir.path().join("a.toml");
        fs::create_dir_all(&target).unwrap();
        fs::write(target.join("keep"), b"old").unwrap();
        assert!(write_atomically(&target, b"new", Access::Normal).is_err());
        assert_eq!(fs::read(target.join("keep")).unwrap(), b"old");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.toml"]);
    }
}
