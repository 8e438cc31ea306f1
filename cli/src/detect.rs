//! `utf8x detect`: the likely encoding of each file. The first chunk decides, as
//! `utf8x::detect` does on it; a file that starts as UTF-8 is read to its end, since one bad
//! byte anywhere makes it something else.

use utf8x::{Encoding, Status};

use crate::Exit;
use crate::cli::Detect;
use crate::input::{Input, Reader};
use crate::report::{self, Stdout, describe};

pub fn run(args: &Detect) -> Exit {
    let mut stdout = Stdout::new();
    let mut exit = Exit::Ok;
    for input in Input::all(&args.files) {
        // The reader went away (`utf8x detect * | head`): the other files would go unseen.
        if stdout.is_closed() {
            break;
        }
        match detect(&input) {
            Ok(found) => {
                if stdout.line(format_args!("{input}: {found}")).is_err() {
                    return Exit::Trouble;
                }
            }
            Err(e) => {
                report::error(format_args!("cannot read {input}: {}", describe(&e)));
                exit = Exit::Trouble;
            }
        }
    }
    exit
}

/// `ENCODING`, or `ENCODING (BOM)` when a byte order mark names it.
fn detect(input: &Input) -> std::io::Result<String> {
    let mut reader = input.open()?;
    reader.refill(0)?;
    if let Some((e, _)) = utf8x::bom(reader.bytes()) {
        return Ok(format!("{} (BOM)", e.name()));
    }
    let first = utf8x::detect(reader.bytes());
    if first != Encoding::Utf8 {
        return Ok(first.name().to_owned());
    }
    // Valid so far: the rest must be too.
    Ok(match utf8_to_end(&mut reader)? {
        true => first.name().to_owned(),
        // What detection calls text that is not UTF-8 and not UTF-16/UTF-32.
        false => Encoding::Cp1252.name().to_owned(),
    })
}

/// Whether the input is valid UTF-8 from the start of the reader's current chunk to its end
/// (a sequence cut by a chunk's end is kept for the next).
pub fn utf8_to_end(reader: &mut Reader) -> std::io::Result<bool> {
    loop {
        let chunk = reader.bytes();
        let o = utf8x::validate(chunk);
        let keep = match o.status {
            Status::Ok => 0,
            Status::Truncated if !reader.at_end() => chunk.len() - o.read,
            _ => return Ok(false),
        };
        if reader.at_end() {
            return Ok(true);
        }
        reader.refill(keep)?;
    }
}
