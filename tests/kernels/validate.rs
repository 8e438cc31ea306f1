//! Every kernel set against the portable one and against std on UTF-8 validation, ASCII test and
//! count.

use crate::support::kernels::{Rng, all_kernels, corpus_files, utf8_cases, vector_edge_inputs};
use utf8x::Status;

/// `validate` must agree with std's `from_utf8` on the offset and length of the first error.
fn check_against_std(src: &[u8], o: utf8x::Outcome, who: &str) {
    match std::str::from_utf8(src) {
        Ok(_) => assert_eq!(
            (o.status, o.read),
            (Status::Ok, src.len()),
            "{who} {src:x?}"
        ),
        Err(e) => {
            assert_eq!(o.read, e.valid_up_to(), "{who} {src:x?}");
            match e.error_len() {
                Some(n) => assert_eq!((o.status, o.error_len), (Status::Invalid, n), "{who}"),
                None => assert_eq!((o.status, o.error_len), (Status::Truncated, 0), "{who}"),
            }
        }
    }
}

fn check(src: &[u8]) {
    let ks = all_kernels();
    let reference = ks[0].validate(src);
    check_against_std(src, reference, "scalar");
    let count = src.iter().filter(|&&b| b & 0xC0 != 0x80).count();
    for k in &ks {
        let who = k.name();
        assert_eq!(k.validate(src), reference, "{who} validate {src:x?}");
        assert_eq!(
            k.is_valid(src),
            reference.is_ok(),
            "{who} is_valid {src:x?}"
        );
        assert_eq!(k.is_ascii(src), src.is_ascii(), "{who} is_ascii {src:x?}");
        assert_eq!(k.count(src), count, "{who} count {src:x?}");
    }
}

#[test]
fn whole_vectors_end_in_every_kind_of_sequence() {
    // The AVX-512 validator takes inputs of up to 256 bytes without its block loop, and one of
    // 64, 128, 192 or 256 bytes has no zero padding after it: a sequence the end cuts off is
    // found from its last bytes.
    for c in vector_edge_inputs(12) {
        check(&c);
    }
}

#[test]
fn generated_text_with_every_error_everywhere() {
    for case in utf8_cases(1, 200) {
        check(&case);
    }
}

#[test]
fn one_error_at_every_offset_of_long_text() {
    let mut rng = Rng::new(2);
    for script in crate::support::kernels::SCRIPTS {
        let t = crate::support::kernels::text(&mut rng, script, 300).into_bytes();
        for at in 0..t.len() {
            for bad in [&b"\xFF"[..], b"\x80", b"\xE0\x80", b"\xF0\x9F\x98"] {
                let mut c = t.clone();
                c.splice(at..at, bad.iter().copied());
                check(&c);
                // Also overwrite in place, which cuts a character in two.
                let mut c = t.clone();
                c[at] = bad[0];
                check(&c);
            }
        }
        // Truncated at every length.
        for end in 0..t.len() {
            check(&t[..end]);
        }
    }
}

#[test]
fn every_byte_pair_and_triple_prefix() {
    // Every two-byte combination, alone and after a run that spans a vector block.
    let pad = [b'a'; 62];
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            check(&[a, b]);
            let mut c = pad.to_vec();
            c.extend_from_slice(&[a, b, 0x80, 0x80]);
            check(&c);
        }
    }
}

#[test]
fn corpus_files_validate() {
    for (name, data) in corpus_files(".utf8.txt") {
        check(&data);
        // An error near the end of each file, after the vector blocks.
        let mut bad = data.clone();
        bad.extend_from_slice(b"\xED\xA0\x80tail");
        check(&bad);
        eprintln!("checked {name}");
    }
}

/// What follows an ASCII run in the tests below: errors, characters, and a character cut short.
const AFTER_RUN: [&[u8]; 6] = [
    b"\xFF",
    b"\x80",
    b"\xC3\xA9",
    b"\xE2\x82",
    b"\xE2\x82\xAC",
    b"\xF0\x9F\x98\x80",
];

/// `head`, an ASCII run of `ascii` bytes and `tail`, at every misalignment of a 64-byte
/// boundary, checked alone and with 70 more ASCII bytes after it.
fn check_ascii_run_at_every_alignment(head: &[u8], ascii: usize, tail: &[u8]) {
    let mut buf = vec![b'a'; head.len() + ascii + tail.len() + 64 + 70 + 64];
    // A 64-byte boundary inside the buffer, so that the offsets below are every misalignment.
    let base = buf.as_ptr().align_offset(64);
    for off in 0..64 {
        let start = base + off;
        buf.fill(b'a');
        buf[start..start + head.len()].copy_from_slice(head);
        let at = start + head.len() + ascii;
        buf[at..at + tail.len()].copy_from_slice(tail);
        check(&buf[start..at + tail.len()]);
        check(&buf[start..at + tail.len() + 70]);
    }
}

/// The ASCII loop aligns its loads to the vector width by backing up over bytes it has checked,
/// and at the start of the input that reaches into its first vector: every misalignment of the
/// input, with an ASCII run of every length before an error or a character that is not ASCII.
#[test]
fn ascii_runs_at_every_alignment() {
    for ascii in [64, 65, 100, 127, 128, 129, 191, 255, 256, 300, 383, 511] {
        for tail in AFTER_RUN {
            check_ascii_run_at_every_alignment(b"", ascii, tail);
        }
    }
}

/// After an ASCII block the validator takes what came before as nothing pending (it has just
/// checked that no sequence was cut off there): text that is not ASCII, ending in each way a
/// sequence can at a block boundary and around one, then an ASCII run long enough to align,
/// then characters, errors or continuation bytes.
#[test]
fn ascii_runs_after_text_that_is_not() {
    let mut rng = Rng::new(7);
    let text = crate::support::kernels::text(&mut rng, crate::support::kernels::SCRIPTS[1], 40);
    for (ends, len) in [
        &b""[..],
        b"\xC3",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\xC3\xA9",
        b"\x80",
    ]
    .into_iter()
    .flat_map(|ends| [63, 64, 65, 128, 192].map(|len| (ends, len)))
    {
        // ASCII, the text, then `ends`: `len` bytes from the start of the input.
        let pad = vec![b'a'; len - text.len() - ends.len()];
        let head = [&pad, text.as_bytes(), ends].concat();
        for ascii in [64, 65, 127, 128, 200, 320, 321, 400] {
            for tail in AFTER_RUN {
                check_ascii_run_at_every_alignment(&head, ascii, tail);
            }
        }
    }
}

/// Text whose characters take at most two bytes (accented Latin, Cyrillic: blocks the validators
/// check with a cheaper test for such text first), with each way such a block can go wrong, or
/// stop being such text, at every offset across several blocks: a byte no two-byte text holds
/// (`C0`, `C1`, `E0`..`FF`), a lead without its continuation, a continuation without its lead, and
/// longer sequences, whole or cut off, ending just before a block (which the cheaper test does not
/// see from inside it). Each input is also checked after an ASCII run, which moves the blocks.
#[test]
fn two_byte_text_with_every_error_everywhere() {
    let mut rng = Rng::new(11);
    let cyrillic =
        crate::support::kernels::text(&mut rng, crate::support::kernels::SCRIPTS[2], 330);
    let latin = crate::support::kernels::text(&mut rng, crate::support::kernels::SCRIPTS[1], 330);
    let inserts: [&[u8]; 14] = [
        b"\xC0\x80",
        b"\xC1\xBF",
        b"\xC0",
        b"\xE0",
        b"\xE2\x82",
        b"\xE2\x82\xAC",
        b"\xED\xA0\x80",
        b"\xEF\xBF\xBF",
        b"\xF0\x9F\x98",
        b"\xF0\x9F\x98\x80",
        b"\xF4\x90\x80\x80",
        b"\xFF",
        b"\x80",
        b"\xD0",
    ];
    for text in [cyrillic.as_bytes(), latin.as_bytes()] {
        for at in 0..text.len() {
            for insert in inserts {
                let mut c = text.to_vec();
                c.splice(at..at, insert.iter().copied());
                check(&c);
                // After 64 + 3 ASCII bytes: the blocks start elsewhere in the text.
                let mut shifted = vec![b'a'; 67];
                shifted.extend_from_slice(&c);
                check(&shifted);
            }
        }
    }
}

/// Inputs of 64 to 256 bytes that are ASCII are answered before the block validator, 64 bytes at
/// a time with the last 64 ending at the end: ASCII of such lengths with one byte that is not
/// ASCII (an error, a character, a character cut off) at every offset must not pass for ASCII.
#[test]
fn ascii_up_to_256_bytes_with_one_byte_that_is_not() {
    for len in [64, 65, 100, 127, 128, 129, 191, 192, 193, 255, 256, 257] {
        check(&vec![b'a'; len]);
        for at in 0..len {
            for insert in [&b"\x80"[..], b"\xFF", b"\xC3\xA9", b"\xE2\x82"] {
                let mut c = vec![b'a'; len];
                let end = (at + insert.len()).min(len);
                c[at..end].copy_from_slice(&insert[..end - at]);
                check(&c);
            }
        }
    }
}

/// Inputs of up to 64 bytes are checked without the block validator, in whole vectors of 16 or
/// 32 bytes and then the last vector's worth of bytes, which overlaps the ones before it (17, 18,
/// 33 and 34 bytes take their own ways): every length up to 72, in every script, with an
/// ill-formed or cut sequence written over it at every offset.
#[test]
fn every_short_length_with_every_error_everywhere() {
    let mut rng = Rng::new(12);
    let overwrites: [&[u8]; 10] = [
        b"\x80",
        b"\xFF",
        b"\xC0\x80",
        b"\xC3",
        b"\xE2\x82",
        b"\xED\xA0\x80",
        b"\xF0\x9F\x98",
        b"\xF0\x9F\x98\x80",
        b"\xF4\x90\x80\x80",
        b"\xE0\x9F\xBF",
    ];
    for script in crate::support::kernels::SCRIPTS {
        for len in 1..=72 {
            // The script's text, filled up to `len` bytes with ASCII.
            let mut t = crate::support::kernels::text(&mut rng, script, len).into_bytes();
            t.resize(len, b'x');
            check(&t);
            for at in 0..len {
                for bad in overwrites {
                    let mut c = t.clone();
                    let end = (at + bad.len()).min(len);
                    c[at..end].copy_from_slice(&bad[..end - at]);
                    check(&c);
                }
            }
        }
    }
}

/// std's answer for `valid_bmp_up_to`: the valid prefix, cut at its first 4-byte lead.
fn bmp_prefix(src: &[u8]) -> usize {
    let n = std::str::from_utf8(src).map_or_else(|e| e.valid_up_to(), |_| src.len());
    src[..n].iter().position(|&b| b >= 0xF0).unwrap_or(n)
}

#[test]
fn the_prefix_before_a_four_byte_lead_at_every_offset() {
    // Text of 1-, 2- and 3-byte characters (what CESU-8 and the BMP share) past the first few
    // block edges of the portable kernel (64, 192, 448 bytes), with a 4-byte character, a
    // surrogate sequence, a truncated sequence or a bad byte at every offset, alone and before
    // more text. The portable set's answer is std's; the vector sets', as the contract allows,
    // a valid prefix of it (all of it when it is all).
    // Shifted by 0, 1 and 2 bytes, so that characters straddle each block edge in every way.
    for shift in 0..3 {
        let text: Vec<u8> = "xx"[..shift]
            .bytes()
            .chain("aé€ ĉu Ж 中文 ".bytes().cycle())
            .take(600)
            .collect();
        the_prefix_before_a_lead_in(&text);
    }
}

fn the_prefix_before_a_lead_in(text: &[u8]) {
    for at in 0..text.len() {
        for insert in [
            &b"\xF0\x9F\x98\x80"[..],
            b"\xED\xA0\x80",
            b"\xE2\x82",
            b"\xFF",
            b"\xF4\x90",
        ] {
            for keep in [at, text.len()] {
                let mut t = text[..at].to_vec();
                t.extend_from_slice(insert);
                t.extend_from_slice(&text[at..keep]);
                let want = bmp_prefix(&t);
                for k in all_kernels() {
                    let n = k.valid_bmp_up_to(&t);
                    let what = format!("{} {insert:x?} at {at}, {keep}: {n} for {want}", k.name());
                    if k.name() == "scalar" {
                        assert_eq!(n, want, "{what}");
                    }
                    assert!(n <= want, "{what}");
                    assert!(std::str::from_utf8(&t[..n]).is_ok(), "{what}");
                    assert_eq!(n == t.len(), want == t.len(), "{what}");
                }
            }
        }
    }
}

/// The counts start their loops at a multiple of the vector width, the bytes before it counted
/// from a vector with its other lanes masked off: text of every script, long enough for the
/// loops, at every misalignment of a 64-byte boundary and cut to lengths around where the loops
/// stop, counted in characters and in UTF-16 units (measured, with no output), against std.
#[test]
fn counts_at_every_alignment() {
    let mut rng = Rng::new(13);
    for script in crate::support::kernels::SCRIPTS {
        let text = crate::support::kernels::text(&mut rng, script, 700);
        let mut buf = vec![0u8; text.len() + 128];
        let base = buf.as_ptr().align_offset(64);
        for off in 0..64 {
            buf[base + off..base + off + text.len()].copy_from_slice(text.as_bytes());
            for len in [255, 256, 300, 319, 320, 321, 383, 384, 448, 575, 576, 700] {
                let Some((end, _)) = text.char_indices().find(|&(at, _)| at >= len) else {
                    continue;
                };
                let s = &text[..end];
                let src = &buf[base + off..base + off + end];
                let (chars, units) = (s.chars().count(), s.encode_utf16().count());
                for k in all_kernels() {
                    let who = k.name();
                    assert_eq!(
                        k.count(src),
                        chars,
                        "{who} count, offset {off}, {end} bytes"
                    );
                    let measured = k.to_utf16(src, None, utf8x::Policy::Strict).written;
                    assert_eq!(
                        measured, units,
                        "{who} UTF-16 length, offset {off}, {end} bytes"
                    );
                }
            }
        }
    }
}
