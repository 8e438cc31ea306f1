//! Where converted bytes go: standard output, or a file that is replaced all at once. The bytes
//! go to a temporary file in the target's directory, renamed over the target once complete, so
//! the target never holds a partial result and may be one of the inputs.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{MetadataExt, PermissionsExt, fchown};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::cleanup::{self, Registered};
use crate::mojibake::{Repairer, Summary};
use crate::report::describe;

pub enum Output {
    /// Unbuffered: chunks are large already, and `Stdout`'s line buffering would scan them.
    Stdout(File),
    /// A temporary file that becomes `target` on [`Output::commit`].
    Replace {
        temp: NamedTempFile,
        target: PathBuf,
        /// Removes the temporary on SIGINT, SIGTERM and SIGHUP; dropped after `temp`.
        _signals: Registered,
    },
    /// A device, FIFO or `/dev/...` path: written in place, it cannot be renamed over.
    InPlace(File),
    /// Nowhere (`fix --dry-run`).
    Discard,
    /// Memory (the fuzz target's conversions).
    Memory(Vec<u8>),
    /// UTF-8 through mojibake repair, line by line, into another output.
    Mojibake(Box<Output>, Repairer),
}

impl Output {
    pub fn stdout() -> io::Result<Output> {
        Ok(Output::Stdout(File::from(
            io::stdout().as_fd().try_clone_to_owned()?,
        )))
    }

    /// Prepares to replace `path`. `Err` is a complete message naming the real problem.
    pub fn file(path: &Path) -> Result<Output, String> {
        // `/dev/stdout`, `/dev/fd/N` lead to whatever the descriptor is, maybe a file the shell
        // opened for appending: never rename over it.
        if path.starts_with("/dev") {
            return in_place(path);
        }
        // A symbolic link is followed: the file it names is replaced, the link stays.
        let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let old = match fs::metadata(&target) {
            Ok(meta) if !meta.is_file() => return in_place(&target),
            Ok(meta) => Some(meta),
            Err(_) => None,
        };
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let name = target.file_name().unwrap_or("out".as_ref());
        let mut prefix = std::ffi::OsString::from(".");
        prefix.push(name);
        prefix.push(".");
        let list = cleanup::lock();
        // A new file gets the usual 0666 less the umask, not the temporary's private 0600.
        let temp = tempfile::Builder::new()
            .prefix(&prefix)
            .suffix(".utf8x.tmp")
            .permissions(fs::Permissions::from_mode(0o666))
            .tempfile_in(dir)
            .map_err(|e| cannot_replace(path, &target, dir, &e))?;
        let registered = list.register(temp.path());
        if let Some(meta) = old {
            // The owner and group first (changing them may clear set-user-ID bits), as far as
            // this user may: root keeps a user's file theirs, anyone else keeps the group.
            let file = temp.as_file();
            if fchown(file, Some(meta.uid()), Some(meta.gid())).is_err() {
                let _ = fchown(file, None, Some(meta.gid()));
            }
            file.set_permissions(meta.permissions())
                .map_err(|e| format!("cannot write {}: {}", path.display(), describe(&e)))?;
        }
        Ok(Output::Replace {
            temp,
            target,
            _signals: registered,
        })
    }

    pub fn discard() -> Output {
        Output::Discard
    }

    /// `out`, with the UTF-8 written to it repaired of mojibake first (`crate::mojibake`).
    pub fn repairing(out: Output) -> Output {
        Output::Mojibake(Box::new(out), Repairer::default())
    }

    /// Whether the bytes end up on standard output (through mojibake repair or not).
    pub fn is_stdout(&self) -> bool {
        match self {
            Output::Stdout(_) => true,
            Output::Mojibake(out, _) => out.is_stdout(),
            _ => false,
        }
    }

    /// The lines mojibake repair changed so far (0 without it).
    pub fn repaired(&self) -> u64 {
        match self {
            Output::Mojibake(_, repairer) => repairer.summary.lines(),
            _ => 0,
        }
    }

    pub fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Output::Discard => Ok(()),
            Output::Memory(kept) => {
                kept.extend_from_slice(bytes);
                Ok(())
            }
            Output::Stdout(f) | Output::InPlace(f) => f.write_all(bytes),
            Output::Replace { temp, .. } => temp.as_file_mut().write_all(bytes),
            Output::Mojibake(out, repairer) => repairer.push(bytes, &mut |b| out.write_all(b)),
        }
    }

    /// Puts the complete output in place; returns what mojibake repair did (nothing without
    /// it).
    pub fn commit(self) -> io::Result<Summary> {
        match self {
            Output::Mojibake(mut out, mut repairer) => {
                repairer.finish(&mut |b| out.write_all(b))?;
                out.commit()?;
                Ok(repairer.summary)
            }
            Output::Stdout(_) | Output::InPlace(_) | Output::Discard | Output::Memory(_) => {
                Ok(Summary::default())
            }
            // The rename is what makes the replacement atomic for readers. No fsync: flushing
            // a gigabyte to the disk would triple the run's time, and `sed -i` or iconv do not
            // either (ext4 flushes data replaced by a rename on its own).
            Output::Replace { temp, target, .. } => temp
                .persist(&target)
                .map(|_| Summary::default())
                .map_err(|e| e.error),
        }
    }
}

/// A special file, written where it is.
fn in_place(path: &Path) -> Result<Output, String> {
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)
        .map(Output::InPlace)
        .map_err(|e| format!("cannot write {}: {}", path.display(), describe(&e)))
}

/// The temporary file could not be created: say whether the target itself is unwritable (a
/// read-only file, `/proc/version`) or only its directory, rather than naming the temporary.
fn cannot_replace(path: &Path, target: &Path, dir: &Path, e: &io::Error) -> String {
    if target.exists()
        && let Err(target_error) = OpenOptions::new().write(true).open(target)
    {
        return format!(
            "cannot write {}: {}",
            path.display(),
            describe(&target_error)
        );
    }
    if !dir.is_dir() {
        return format!(
            "cannot write {}: directory {} does not exist",
            path.display(),
            dir.display()
        );
    }
    // tempfile adds the temporary's name, which is no concern of the user's.
    let text = e.to_string();
    let why = text.split(" (os error").next().unwrap_or(&text);
    format!(
        "cannot write {}: cannot create a temporary file in {} to replace it atomically: {why}",
        path.display(),
        dir.display(),
    )
}
