//! `utf8x detect`: which encoding each file most likely is, and whether it starts with a byte
//! order mark.

use crate::Exit;
use crate::args::Detect;
use crate::files;
use crate::report::Stdout;

/// Prints `FILE: ENCODING` (with ` (BOM)` when a byte order mark starts it) for every file; an
/// unreadable file is reported and the others still run. Detection never fails, so the status
/// is 0 or 2.
pub fn run(args: &Detect) -> Exit {
    let mut stdout = Stdout::default();
    let mut exit = Exit::Ok;
    for input in &args.inputs {
        let Some(data) = files::read_or_report(input) else {
            exit = exit.max(Exit::Trouble);
            continue;
        };
        // A BOM names its encoding outright; detection weighs the same bytes, but the BOM is
        // the authority when one is there.
        let (encoding, mark) = match utf8x::bom(&data) {
            Some((encoding, _)) => (encoding, " (BOM)"),
            None => (utf8x::detect(&data), ""),
        };
        if let Err(failed) = stdout.line(format_args!("{input}: {encoding}{mark}")) {
            return failed;
        }
    }
    exit
}
