//! What `--help` and `--version` print, and the one-line synopses quoted by usage errors.

use crate::Exit;
use crate::report::Stdout;

pub const MAIN: &str = "utf8x check [-q] FILE... | utf8x convert -f ENC -t ENC [OPTIONS] IN [-o OUT] \
                        | utf8x detect [FILE...]";
pub const CHECK: &str = "utf8x check [-q|--quiet] FILE...";
pub const DETECT: &str = "utf8x detect [FILE...]";
pub const CONVERT: &str =
    "utf8x convert -f ENC -t ENC [--policy strict|replace|skip|escape|fallback] [-v] IN [-o OUT]";

/// The library's version as `major.minor.patch`.
pub fn version() -> String {
    let v = utf8x::version();
    format!("{}.{}.{}", v >> 16, (v >> 8) & 0xFF, v & 0xFF)
}

pub fn print_version() -> Exit {
    finish(Stdout::default().line(format_args!("utf8x {}", version())))
}

pub fn print_help() -> Exit {
    let order = if cfg!(target_endian = "little") {
        "little-endian"
    } else {
        "big-endian"
    };
    let text = format!(
        "\
utf8x {version}: check and convert text encodings with exact error positions

usage:
  {CHECK}
  {CONVERT}
  {DETECT}
  utf8x help | --help | -h
  utf8x --version | -V

utf8x check: validate each FILE as UTF-8 ('-' is standard input) and print
  FILE: ok (B bytes, C characters)
  FILE: invalid UTF-8 at byte N (line L, column C): KIND
  N is the 0-based offset of the first ill-formed byte. Lines end at '\\n'; C is the 1-based
  column counted in characters (a '\\r' is a character too).
  -q, --quiet           print nothing for valid files
  exit status: 0 all valid, 1 some file invalid, 2 usage error or unreadable file

utf8x convert: convert IN ('-' is standard input) to standard output, or to OUT, which is
  replaced only once the whole conversion has succeeded.
  -f, --from ENC        encoding of IN
  -t, --to ENC          encoding to write
  -p, --policy POLICY   what to do with ill-formed input and characters the target lacks:
        strict   stop at the first one and report where it is (default); write nothing
        replace  one U+FFFD per maximal ill-formed subpart ('?' in Latin-1)
        skip     drop them
        escape   lossless (PEP 383): each bad UTF-8 byte b becomes the lone surrogate
                 U+DC00+b and back; needs UTF-8 on one side and a target other than Latin-1
        fallback each bad UTF-8 byte as its Windows-1252 character (what browsers do)
  -o, --output OUT      write to OUT ('-' and /dev/stdout are standard output)
  -v, --verbose         report sizes and the number of substitutions on standard error
  exit status: 0 converted, 1 ill-formed or unmappable input, 2 usage or I/O error

utf8x detect: print the likely encoding of each FILE ('-' or none is standard input) as
  FILE: ENCODING           or, when the file starts with a byte order mark,
  FILE: ENCODING (BOM)     (the mark decides the encoding)
  exit status: 0 done, 2 usage error or unreadable file

encodings (case-insensitive; every name iconv_open takes for them works too):
  utf-8, utf8
  utf-16le, utf-16be    UTF-16 in the named byte order
  utf-16, utf16         UTF-16 in this machine's byte order ({order})
  utf-32le, utf-32be    UTF-32 in the named byte order
  utf-32, utf32         UTF-32 in this machine's byte order ({order})
  latin1, iso-8859-1    ISO-8859-1
  windows-1252, cp1252  Windows-1252 (WHATWG)
  cesu-8                CESU-8: supplementary characters as two 3-byte surrogates
  mutf-8, java          Java's modified UTF-8: U+0000 as C0 80
  wtf-8                 WTF-8: UTF-8 plus lone surrogates (ill-formed UTF-16 round trips)
  rfc2279               the original UTF-8: up to 6 bytes, values up to 0x7FFFFFFF
  A byte order mark is neither added nor removed: it is the character U+FEFF like any other.
  UTF-16 and UTF-32 input must hold whole code units (an even length, a multiple of 4).
  Between UTF-8, UTF-16, UTF-32 and Latin-1, two encodings other than UTF-8 are converted
  through UTF-8; pairs with the other forms are converted directly. Error offsets always refer to
  IN: a byte offset, and for UTF-16/UTF-32 input the code unit offset too.
",
        version = version(),
    );
    finish(Stdout::default().write(text.as_bytes()))
}

fn finish(written: Result<(), Exit>) -> Exit {
    written.err().unwrap_or(Exit::Ok)
}
