//! `utf8x convert` on well-formed input: every encoding and pair against std, names, standard
//! input and output files.

use std::fs;

use crate::{file, scratch, utf8x, utf16, utf32};

/// Every UTF-8 length and the edges of each range, then several scripts, CRLF and a NUL.
const TEXT: &str = "\u{0}\u{7F}\u{80}\u{FF}\u{100}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\
    \u{10000}\u{10FFFF} English, \u{e9}t\u{e9}, \u{3b5}\u{3bb}\u{3bb}\u{3b7}\u{3bd}\u{3b9}\u{3ba}\u{3ac}, \
    \u{440}\u{443}\u{441}\u{441}\u{43a}\u{438}\u{439}, \u{4e2d}\u{6587}, \u{1F600}\u{1F44B}\r\n";

/// Latin-1 can only hold U+0000..U+00FF: its text stays in that range, edges included.
const LATIN: &str = "\u{0}\u{7F}\u{80}\u{A0}caf\u{e9} cr\u{e8}me br\u{fb}l\u{e9}e \u{bd}\u{ff}\r\n";

/// Each encoding's canonical name, the bytes std gives for `text`, or `None` when `text` does
/// not fit (Latin-1).
fn encodings(text: &str) -> Vec<(&'static str, Option<Vec<u8>>)> {
    let latin1 = text
        .chars()
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect::<Option<Vec<u8>>>();
    vec![
        ("utf-16le", Some(utf16(text, u16::to_le_bytes))),
        ("utf-16be", Some(utf16(text, u16::to_be_bytes))),
        ("utf-16", Some(utf16(text, u16::to_ne_bytes))),
        ("utf-32le", Some(utf32(text, u32::to_le_bytes))),
        ("utf-32be", Some(utf32(text, u32::to_be_bytes))),
        ("utf-32", Some(utf32(text, u32::to_ne_bytes))),
        ("latin1", latin1),
        ("utf-8", Some(text.as_bytes().to_vec())),
    ]
}

fn convert(from: &str, to: &str, input: &[u8]) -> Vec<u8> {
    utf8x(&["convert", "-f", from, "-t", to, "-"], input).ok()
}

#[test]
fn utf8_to_each_encoding_and_back_matches_std() {
    for text in [TEXT, LATIN, ""] {
        for (name, bytes) in encodings(text) {
            let Some(bytes) = bytes else { continue };
            assert_eq!(convert("utf-8", name, text.as_bytes()), bytes, "to {name}");
            assert_eq!(
                convert(name, "utf-8", &bytes),
                text.as_bytes(),
                "from {name}"
            );
        }
    }
}

#[test]
fn every_pair_goes_through_utf8_to_the_same_bytes_as_std() {
    for text in [TEXT, LATIN] {
        let all = encodings(text);
        for (from, input) in &all {
            for (to, output) in &all {
                if let (Some(input), Some(output)) = (input, output) {
                    assert_eq!(&convert(from, to, input), output, "{from} -> {to}");
                }
            }
        }
    }
}

#[test]
fn names_are_case_insensitive_and_aliases_agree() {
    let groups: [(&[&str], &str); 8] = [
        (&["utf-8", "UTF-8", "utf8", "Utf8"], "utf-8"),
        (&["utf-16le", "UTF-16LE", "utf16le"], "utf-16le"),
        (&["utf-16be", "UTF16BE"], "utf-16be"),
        (&["utf-16", "utf16", "UTF-16"], "utf-16"),
        (&["utf-32le", "utf32le"], "utf-32le"),
        (&["utf-32be", "UTF32BE"], "utf-32be"),
        (&["utf-32", "utf32", "UTF-32"], "utf-32"),
        (
            &[
                "latin1",
                "LATIN1",
                "latin-1",
                "iso-8859-1",
                "ISO-8859-1",
                "iso8859-1",
                "iso_8859-1",
            ],
            "latin1",
        ),
    ];
    let all = encodings(LATIN);
    for (aliases, canonical) in groups {
        let (_, bytes) = all.iter().find(|(name, _)| *name == canonical).unwrap();
        let bytes = bytes.as_ref().unwrap();
        for alias in aliases {
            assert_eq!(&convert("utf-8", alias, LATIN.as_bytes()), bytes, "{alias}");
            assert_eq!(convert(alias, "utf-8", bytes), LATIN.as_bytes(), "{alias}");
        }
    }
}

#[test]
fn a_byte_order_mark_is_an_ordinary_character() {
    let text = "\u{FEFF}hi";
    assert_eq!(
        convert("utf-8", "utf-16le", text.as_bytes()),
        utf16(text, u16::to_le_bytes)
    );
    assert_eq!(
        convert("utf-16be", "utf-8", &utf16(text, u16::to_be_bytes)),
        text.as_bytes()
    );
    // No mark is added either.
    assert_eq!(
        convert("utf-8", "utf-16", b"hi"),
        utf16("hi", u16::to_ne_bytes)
    );
}

#[test]
fn option_spellings_are_equivalent() {
    let dir = scratch("convert-spellings");
    let input = file(&dir, "in", TEXT.as_bytes());
    let expected = utf16(TEXT, u16::to_be_bytes);
    for args in [
        vec!["convert", "-f", "utf-8", "-t", "utf-16be", &input],
        vec!["convert", &input, "-t", "utf-16be", "-f", "utf-8"],
        vec!["convert", "--from", "utf-8", "--to", "utf-16be", &input],
        vec!["convert", "--from=utf-8", "--to=utf-16be", &input],
        vec!["convert", "-futf-8", "-tutf-16be", &input],
        vec!["convert", "--from-code=utf-8", "--to-code=utf-16be", &input],
        vec![
            "convert", "-f", "utf-8", "-t", "utf-16be", "-p", "strict", &input,
        ],
        vec![
            "convert",
            "-f",
            "utf-8",
            "-t",
            "utf-16be",
            "--policy=STRICT",
            &input,
        ],
        vec![
            "convert", "-f", "utf-8", "-t", "utf-16be", &input, "-o", "-",
        ],
        vec!["convert", "-f", "utf-8", "-t", "utf-16be", "--", &input],
    ] {
        assert_eq!(utf8x(&args, b"").ok(), expected, "{args:?}");
    }
}

#[test]
fn verbose_reports_sizes_on_stderr() {
    let run = utf8x(
        &["convert", "-v", "-f", "utf-8", "-t", "utf-32", "-"],
        "a\u{e9}".as_bytes(),
    );
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, utf32("a\u{e9}", u32::to_ne_bytes));
    assert_eq!(
        run.stderr,
        "utf8x: -: 3 bytes of UTF-8 -> 8 bytes of UTF-32, 0 substitutions (policy strict)\n"
    );
}

#[test]
fn output_file_is_written_whole() {
    let dir = scratch("convert-output");
    let input = file(&dir, "in.txt", TEXT.as_bytes());
    let out = dir.join("out.txt").to_str().unwrap().to_owned();
    let args = [
        "convert", "-f", "utf8", "-t", "utf-16le", &input, "-o", &out,
    ];
    assert_eq!(utf8x(&args, b"").ok(), b"");
    assert_eq!(fs::read(&out).unwrap(), utf16(TEXT, u16::to_le_bytes));
    // Replacing an existing file; also spelled --output=.
    let args = [
        "convert",
        "-f",
        "utf8",
        "-t",
        "utf-32be",
        &input,
        &format!("--output={out}"),
    ];
    assert_eq!(utf8x(&args, b"").ok(), b"");
    assert_eq!(fs::read(&out).unwrap(), utf32(TEXT, u32::to_be_bytes));
    assert_eq!(listing(&dir), ["in.txt", "out.txt"]);
}

#[test]
fn a_file_can_be_converted_in_place() {
    let dir = scratch("convert-in-place");
    let path = file(&dir, "text", TEXT.as_bytes());
    let to_16 = [
        "convert", "-f", "utf-8", "-t", "utf-16be", &path, "-o", &path,
    ];
    assert_eq!(utf8x(&to_16, b"").ok(), b"");
    assert_eq!(fs::read(&path).unwrap(), utf16(TEXT, u16::to_be_bytes));
    let back = [
        "convert", "-f", "utf-16be", "-t", "utf-8", &path, "-o", &path,
    ];
    assert_eq!(utf8x(&back, b"").ok(), b"");
    assert_eq!(fs::read(&path).unwrap(), TEXT.as_bytes());
    assert_eq!(listing(&dir), ["text"]);
}

#[cfg(unix)]
#[test]
fn replacing_keeps_permissions_and_symbolic_links() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = scratch("convert-link");
    let input = file(&dir, "in", b"hi");
    let target = file(&dir, "target", b"old");
    fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("link");
    symlink(&target, &link).unwrap();
    let args = [
        "convert",
        "-f",
        "utf-8",
        "-t",
        "utf-16le",
        &input,
        "-o",
        link.to_str().unwrap(),
    ];
    assert_eq!(utf8x(&args, b"").ok(), b"");
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read(&target).unwrap(), b"h\0i\0");
    assert_eq!(
        fs::metadata(&target).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert_eq!(listing(&dir), ["in", "link", "target"]);
}

#[test]
fn unreadable_input_and_unwritable_output_exit_2() {
    let dir = scratch("convert-io");
    let missing = dir.join("missing").to_str().unwrap().to_owned();
    utf8x(&["convert", "-f", "utf-8", "-t", "latin1", &missing], b"").fails(
        2,
        &format!("utf8x: cannot read {missing}: No such file or directory\n"),
    );
    let input = file(&dir, "in", b"x");
    let nowhere = dir.join("no/such/dir/out").to_str().unwrap().to_owned();
    utf8x(
        &[
            "convert", "-f", "utf-8", "-t", "latin1", &input, "-o", &nowhere,
        ],
        b"",
    )
    .fails(
        2,
        &format!("utf8x: cannot write {nowhere}: No such file or directory\n"),
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_device_is_an_io_error() {
    let args = [
        "convert",
        "-f",
        "utf-8",
        "-t",
        "latin1",
        "-",
        "-o",
        "/dev/full",
    ];
    utf8x(&args, b"x").fails(
        2,
        "utf8x: cannot write /dev/full: No space left on device\n",
    );
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let dir = scratch("convert-full");
    let input = file(&dir, "in", b"x");
    let run = crate::binary()
        .args(["convert", "-f", "utf-8", "-t", "latin1", &input])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(run.stderr).unwrap(),
        "utf8x: cannot write to standard output: No space left on device\n"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn dev_stdout_is_standard_output_even_when_it_appends_to_a_file() {
    let dir = scratch("convert-dev-stdout");
    // As `>> redirected` would: renaming a new file over it would drop what it held.
    let redirected = dir.join("redirected");
    fs::write(&redirected, b"before\n").unwrap();
    let stdout = fs::OpenOptions::new()
        .append(true)
        .open(&redirected)
        .unwrap();
    let hello = crate::samples().join("hello.txt");
    let args = [
        "convert",
        "-f",
        "utf-8",
        "-t",
        "utf-16be",
        "-",
        "-o",
        "/dev/stdout",
    ];
    let run = crate::binary()
        .args(args)
        .stdin(fs::File::open(&hello).unwrap())
        .stdout(stdout)
        .output()
        .unwrap();
    assert_eq!((run.status.code(), run.stderr.len()), (Some(0), 0));
    let text = fs::read_to_string(&hello).unwrap();
    let expected = [&b"before\n"[..], &utf16(&text, u16::to_be_bytes)].concat();
    assert_eq!(fs::read(&redirected).unwrap(), expected);
    assert_eq!(listing(&dir), ["redirected"]);
}

/// The names in `dir`, sorted: shows that no temporary file was left behind.
pub fn listing(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}
