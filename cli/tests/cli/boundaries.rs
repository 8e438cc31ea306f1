//! Sequences cut by the ends of pieces and chunks: every encoding the tool lists (`utf8x -l`),
//! both ways, converted with the input cut everywhere (pieces of 1 byte put a piece's end
//! between every two bytes, larger ones mix whole and cut sequences, chunks of 4 to 16 bytes
//! cut the reads), must give exactly what glibc's `iconv` gives for the whole input, or, where
//! the tool differs from glibc on purpose (the WHATWG engines), what the tool gives in one piece.
//! The input cut short inside its last sequences must fail as it does in one piece, never lose
//! the rest; ill-formed bytes under `-c`, `-p replace` and `-p fallback` give what one piece
//! gives. In-process, through the conversion `utf8x convert` runs (`utf8x_cli::fuzzing`);
//! `fix --from` through the binary.

use std::fs;

use utf8x_cli::fuzzing::Conversion;

use crate::{file, scratch, tool, utf8x};

/// Text in many scripts, with the characters that make sequences long or stateful: shifts into
/// and out of double-byte sets (ISO-2022, EBCDIC), composed letters (CP1255, CP1258), base64
/// runs (UTF-7), four-byte sequences (GB18030, UTF-16 surrogates).
const TEXT: &str = "ab 1+2=3 café ß ő Ωμέγα Жизнь שָׁלוֹם Việt عربي ไทย\n\
                    中文 日本語 漢字 かなカナ ｶﾅ 한국어 ＡＢ € — “q” 😀 𠀋 x\n\
                    한 a 中 b ア c Ж d é e 😀\n";

/// (piece, chunk) sizes: one byte per piece, small pieces over whole and small chunks, small
/// chunks alone.
const CUTS: [(usize, usize); 9] = [
    (1, 1 << 20),
    (2, 1 << 20),
    (3, 1 << 20),
    (5, 1 << 20),
    (13, 1 << 20),
    (1, 4),
    (3, 8),
    (1 << 20, 4),
    (1 << 20, 12),
];

/// The first name of each charset `utf8x -l` lists.
fn charsets() -> Vec<String> {
    let list = utf8x(&["-l"], b"").ok();
    String::from_utf8(list)
        .expect("names are ASCII")
        .lines()
        .filter_map(|line| line.split([',', ' ']).next())
        .filter(|name| !name.is_empty() && *name != "AUTO")
        .map(str::to_owned)
        .collect()
}

/// glibc's conversion of `input`: its output, and whether it converted everything.
fn glibc(from: &str, to: &str, input: &[u8], omit: bool) -> Option<(Vec<u8>, bool)> {
    let mut args = vec!["-f", from, "-t", to];
    if omit {
        args.push("-c");
    }
    let run = tool("iconv", &args, input)?;
    // `iconv_open` failing: glibc does not know the charset (a utf8x or WHATWG one).
    if run.stderr.contains("conversion") && run.stderr.contains("unsupported") {
        return None;
    }
    Some((run.stdout, run.code == 0))
}

/// One conversion's output and ending.
type Result = (Vec<u8>, std::result::Result<(), String>);

/// Converts `input` cut in every way of [`CUTS`] and asserts each gives `want`.
fn sweep(conversion: &Conversion, what: &str, input: &[u8], want: &Result) {
    for (piece, chunk) in CUTS {
        let got = conversion.run(input, chunk, piece);
        assert!(
            &got == want,
            "{what}, pieces of {piece} and chunks of {chunk} bytes: got {:?} ({} bytes), \
             want {:?} ({} bytes)\n   got {:?}\n  want {:?}",
            got.1,
            got.0.len(),
            want.1,
            want.0.len(),
            String::from_utf8_lossy(&got.0),
            String::from_utf8_lossy(&want.0),
        );
    }
}

#[test]
fn every_encoding_at_every_cut() {
    let names = charsets();
    assert!(names.len() > 40, "utf8x -l lists {} charsets", names.len());
    let (mut with_glibc, mut as_one_piece, mut refused) = (Vec::new(), Vec::new(), Vec::new());
    for name in &names {
        let (Ok(decode), Ok(encode)) = (
            Conversion::new(&["-f", name, "-t", "UTF-8"]),
            Conversion::new(&["-f", "UTF-8", "-t", name, "-c"]),
        ) else {
            refused.push(name.clone());
            continue;
        };
        // The text in `name`: what glibc writes of it (what it can hold), else the tool itself.
        let from_glibc = glibc("UTF-8", name, TEXT.as_bytes(), true);
        let encoded = match &from_glibc {
            Some((bytes, _)) => bytes.clone(),
            None => encode.run(TEXT.as_bytes(), 1 << 20, 1 << 20).0,
        };
        let whole = decode.run(&encoded, 1 << 20, 1 << 20);
        if whole.1.is_err() {
            // glibc writes what the tool's engine reads differently (the WHATWG decoders
            // reject some of glibc's bytes): the text the tool writes instead.
            refused.push(format!("{name} (reads glibc's text as {:?})", whole.1));
            continue;
        }
        // The reference: glibc's decoding, where the tool agrees with it in one piece.
        let oracle = from_glibc
            .as_ref()
            .and_then(|_| glibc(name, "UTF-8", &encoded, false));
        match oracle {
            Some((bytes, true)) if bytes == whole.0 => with_glibc.push(name.clone()),
            _ => as_one_piece.push(name.clone()),
        }
        sweep(&decode, &format!("{name} -> UTF-8"), &encoded, &whole);
        // Encoding: the UTF-8 of what the charset holds, the shift states spanning pieces.
        let text = whole.0.clone();
        let want = encode.run(&text, 1 << 20, 1 << 20);
        sweep(&encode, &format!("UTF-8 -> {name} -c"), &text, &want);
        // UTF-8 cut inside its last character, after an invalid byte or not (a chunk with one
        // goes through the library's stream, which keeps the cut character): the same error
        // at the same position.
        for end in [
            &b"\xF0\x9F\x98"[..],
            b"\xFF\xF0\x9F\x98",
            b"\xFF.\xF0\x9F\x98",
        ] {
            let mut cut = text.clone();
            cut.extend_from_slice(end);
            let want_cut = encode.run(&cut, 1 << 20, 1 << 20);
            sweep(
                &encode,
                &format!("UTF-8 cut short -> {name} -c"),
                &cut,
                &want_cut,
            );
        }
        // Without -c: up to the first character the engine lacks, if any, and the same error.
        let strict = Conversion::new(&["-f", "UTF-8", "-t", name]).expect("opened with -c");
        let want = strict.run(&text, 1 << 20, 1 << 20);
        sweep(&strict, &format!("UTF-8 -> {name}"), &text, &want);
        // With bytes that are ill-formed in most charsets, under each policy that goes on past
        // them: what one piece gives (fallback writes each byte of a sequence that began in an
        // earlier piece).
        let mut damaged = encoded.clone();
        damaged.extend_from_slice(b"\x81 \xFE\xFF\x80\x8E\x1B$x\x0E\x81");
        damaged.extend_from_slice(&encoded);
        for policy in [&["-c"][..], &["-p", "replace"], &["-p", "fallback"]] {
            let mut args = vec!["-f", name, "-t", "UTF-8"];
            args.extend_from_slice(policy);
            let Ok(lossy) = Conversion::new(&args) else {
                continue;
            };
            let want = lossy.run(&damaged, 1 << 20, 1 << 20);
            sweep(
                &lossy,
                &format!("{name} -> UTF-8 {policy:?}, damaged"),
                &damaged,
                &want,
            );
        }
        // Cut short inside its last sequences: what one piece says, at every cut.
        for cut in encoded.len().saturating_sub(6)..encoded.len() {
            let short = &encoded[..cut];
            let want = decode.run(short, 1 << 20, 1 << 20);
            sweep(
                &decode,
                &format!("{name} -> UTF-8, first {cut} bytes"),
                short,
                &want,
            );
        }
    }
    eprintln!(
        "boundaries: {} charsets equal to glibc at every cut, {} to the tool's one piece: {}; \
         not swept: {}",
        with_glibc.len(),
        as_one_piece.len(),
        as_one_piece.join(" "),
        refused.join(" ")
    );
    assert!(
        with_glibc.len() > 100,
        "glibc agrees on {} only",
        with_glibc.len()
    );
}

/// The reproducer at the real piece size: ISO-2022-KR with a shifted sequence across
/// the first 256 KiB, converted and then fixed in place.
#[test]
fn iso_2022_kr_across_a_real_piece() {
    let mut input = b"\x1b$)C".to_vec();
    input.extend(std::iter::repeat_n(b'a', 262_138));
    input.extend_from_slice(b"\x0e\x22\x66\x0f");
    input.extend_from_slice(b"tail\n");
    let mut want = "a".repeat(262_138);
    want.push_str("€tail\n");
    let dir = scratch("boundaries-kr");
    let path = file(&dir, "kr.txt", &input);
    let out = utf8x(&["-f", "ISO-2022-KR", "-t", "UTF-8", &path], b"").ok();
    assert!(
        out == want.as_bytes(),
        "{:?}",
        String::from_utf8_lossy(&out[262_130..])
    );
    let run = utf8x(&["fix", "--from", "ISO-2022-KR", &path], b"");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert!(fs::read(&path).expect("fixed") == want.as_bytes());
}

/// `fix --from` through the binary, with pieces of a few bytes (`UTF8X_PIECE_BYTES`): each
/// stateful encoding of the system engine, its file fixed to exactly glibc's UTF-8, or left
/// as it was when cut short.
#[test]
fn fix_from_with_small_pieces() {
    let dir = scratch("boundaries-fix");
    for name in [
        "ISO-2022-KR",
        "ISO-2022-JP-2",
        "ISO-2022-CN",
        "UTF-7",
        "IBM930",
        "IBM939",
        "EUC-JISX0213",
    ] {
        let Some((encoded, _)) = glibc("UTF-8", name, TEXT.as_bytes(), true) else {
            return;
        };
        let (want, ok) = glibc(name, "UTF-8", &encoded, false).expect("glibc decodes");
        assert!(ok, "{name}");
        for piece in ["1", "2", "3", "4", "7"] {
            let path = file(&dir, "f.txt", &encoded);
            let mut command = crate::binary();
            command
                .args(["fix", "--from", name, &path])
                .env("UTF8X_PIECE_BYTES", piece)
                .env("UTF8X_CHUNK_BYTES", "8");
            let run = command.output().expect("utf8x runs");
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert!(run.status.success(), "{name}, pieces of {piece}: {stderr}");
            let fixed = fs::read(&path).expect("fixed");
            assert!(
                fixed == want,
                "{name}, pieces of {piece}: {:?}",
                String::from_utf8_lossy(&fixed)
            );
            // Cut inside its last sequence: an error, and the file as it was.
            let short = &encoded[..encoded.len() - 2];
            let path = file(&dir, "f.txt", short);
            let mut command = crate::binary();
            command
                .args(["fix", "--from", name, &path])
                .env("UTF8X_PIECE_BYTES", piece);
            let run = command.output().expect("utf8x runs");
            if glibc(name, "UTF-8", short, false).is_some_and(|(_, ok)| !ok) {
                assert!(!run.status.success(), "{name} cut short, pieces of {piece}");
                assert!(fs::read(&path).expect("kept") == short, "{name}");
            }
        }
    }
}

/// A character the target lacks, right after ill-formed bytes that `-p skip` drops, placed at
/// every offset around the pieces' and chunks' ends: the error names its own position in the
/// input, however the input was cut (a character completed by the next piece was reported
/// as many bytes further on as the piece had carried into it).
#[test]
fn unmappable_after_skipped_bytes_at_every_cut() {
    for (from, units) in [("UTF-8", 1), ("UTF-16LE", 2)] {
        let args = ["-f", from, "-t", "X-MAC-CYRILLIC//TRANSLIT", "-p", "skip"];
        let conversion = Conversion::new(&args).expect("a conversion");
        for n in 0..14 {
            let text = format!("ab{}\u{1F6A9}z", "c".repeat(n));
            let mut input = if units == 1 {
                text.into_bytes()
            } else {
                text.encode_utf16().flat_map(u16::to_le_bytes).collect()
            };
            // An ill-formed unit in front: a stray continuation byte, a lone low surrogate.
            let bad: &[u8] = if units == 1 { b"\x80" } else { b"\x00\xdc" };
            input.splice(2 * units..2 * units, bad.iter().copied());
            let at = (2 + n) * units + bad.len();
            let whole = conversion.run(&input, 1 << 20, 1 << 20);
            let message = whole.1.clone().expect_err("U+1F6A9 is not in the target");
            assert!(
                message.contains(&format!("position {at}:")),
                "{from}, {n}: {message}"
            );
            sweep(&conversion, &format!("{from}, {n}"), &input, &whole);
        }
    }
}
