//! Reading whole inputs and replacing output files.

use std::ffi::OsString;
use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::args::Input;

/// Reads `input`, or reports `cannot read INPUT: <os error>` and returns `None`.
pub fn read_or_report(input: &Input) -> Option<Vec<u8>> {
    read(input)
        .map_err(|e| {
            crate::report::error(format_args!(
                "cannot read {input}: {}",
                crate::report::describe(&e)
            ))
        })
        .ok()
}

pub fn read(input: &Input) -> io::Result<Vec<u8>> {
    match input {
        Input::Stdin => {
            let mut data = Vec::new();
            io::stdin().lock().read_to_end(&mut data)?;
            Ok(data)
        }
        Input::Path(path) => fs::read(path),
    }
}

/// Replaces the file at `path` with `bytes` all at once: the data goes to a temporary file in the
/// same directory, renamed over `path` when complete, so `path` never holds a partial result
/// (and may be the input itself). A symbolic link is followed, so the file it names is replaced;
/// the old file's permissions are kept. Special files (a terminal, a FIFO, anything in `/dev`)
/// are written in place, since they cannot be renamed over.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    // `/dev/stderr`, `/dev/fd/N` lead through /proc to whatever the descriptor is, maybe a
    // regular file the shell opened: never rename over it.
    if path.starts_with("/dev") {
        return fs::write(path, bytes);
    }
    let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let permissions = match fs::metadata(&target) {
        Ok(meta) if !meta.is_file() => return fs::write(&target, bytes),
        Ok(meta) => Some(meta.permissions()),
        Err(_) => None,
    };
    let temp = temp_name(&target);
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        if let Some(permissions) = permissions {
            file.set_permissions(permissions)?;
        }
        file.sync_all()?;
        fs::rename(&temp, &target)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// A hidden name next to `target`, unique to this process.
fn temp_name(target: &Path) -> PathBuf {
    let mut name = OsString::from(".");
    name.push(target.file_name().unwrap_or("out".as_ref()));
    name.push(format!(".utf8x-{}.tmp", std::process::id()));
    target.with_file_name(name)
}
