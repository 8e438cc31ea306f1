//! Every kernel set against the portable one on every conversion, policy and output capacity:
//! identical outcome, identical output, nothing touched past `written`.

use crate::support::kernels::{
    Rng, SCRIPTS, Script, all_kernels, corpus_files, text, utf8_cases, vector_edge_inputs,
};
use crate::support::{POLICIES, POLICIES_BUT_FALLBACK};
use utf8x::__test::Kernel;
use utf8x::{Outcome, Policy};

/// What unwritten output slots hold, to see that nothing past `written` is touched.
const FILL: u32 = 0xA5A5_A5A5;

pub(crate) trait Unit: Copy + PartialEq + core::fmt::Debug {
    fn fill() -> Self;
}
impl Unit for u8 {
    fn fill() -> u8 {
        FILL as u8
    }
}
impl Unit for u16 {
    fn fill() -> u16 {
        FILL as u16
    }
}
impl Unit for u32 {
    fn fill() -> u32 {
        FILL
    }
}

pub(crate) type Op<S, D> = fn(Kernel, &[S], Option<&mut [D]>, Policy) -> Outcome;

/// Runs `op` on `src` with every kernel and every policy but FALLBACK (see [`same_under`]).
fn same<S: core::fmt::Debug, D: Unit>(name: &str, op: Op<S, D>, src: &[S], sweep: bool) {
    same_under(&POLICIES_BUT_FALLBACK, name, op, src, sweep);
}

/// Runs `op` on `src` with every kernel and each of `policies`: measuring, with room for
/// everything, and (when `sweep`) with every capacity from 0 to what is needed, and two larger
/// ones.
pub(crate) fn same_under<S: core::fmt::Debug, D: Unit>(
    policies: &[Policy],
    name: &str,
    op: Op<S, D>,
    src: &[S],
    sweep: bool,
) {
    let ks = all_kernels();
    for &policy in policies {
        let measured = op(ks[0], src, None, policy);
        let needed = measured.written;
        let caps: Vec<usize> = if sweep {
            // Also with far more room than needed: the vector loops then run to the end of
            // the input, and whatever they write past their output shows in the spare room.
            (0..=needed + 1)
                .chain([needed + 64, needed + 256])
                .collect()
        } else {
            vec![needed + 7]
        };
        for cap in caps {
            let mut want = vec![D::fill(); cap];
            let expected = op(ks[0], src, Some(&mut want), policy);
            for &k in &ks[1..] {
                // Formatted only for a failure: the input in hex for every room and set was a
                // good part of the suite's time, ten times more under emulation.
                let who = || format!("{name} {} {policy:?} cap {cap} src {src:x?}", k.name());
                let mut got = vec![D::fill(); cap];
                assert_eq!(op(k, src, Some(&mut got), policy), expected, "{}", who());
                assert_eq!(got, want, "{}", who());
            }
        }
        for &k in &ks[1..] {
            let who = || format!("{name} {} {policy:?} measure {src:x?}", k.name());
            assert_eq!(op(k, src, None, policy), measured, "{}", who());
        }
    }
}

fn utf8_ops() -> Vec<(&'static str, Op<u8, u16>)> {
    vec![
        ("to_utf16le", |k, s, d, p| k.to_utf16le(s, d, p)),
        ("to_utf16be", |k, s, d, p| k.to_utf16be(s, d, p)),
    ]
}

/// UTF-8 into every target with every kernel. Into UTF-16 and UTF-32 under every policy: the
/// lossy decoders write every lossy policy's fill themselves.
fn check_utf8(src: &[u8], sweep: bool) {
    for (name, op) in utf8_ops() {
        same_under(&POLICIES, name, op, src, sweep);
    }
    same_under(
        &POLICIES,
        "to_utf32",
        |k, s, d, p| k.to_utf32(s, d, p),
        src,
        sweep,
    );
    if src.len() <= 4096 {
        // Lossy runs over non-Latin text go character by character: slow in a debug build.
        same("to_latin1", |k, s, d, p| k.to_latin1(s, d, p), src, sweep);
    }
}

#[test]
fn utf8_generated_with_errors() {
    // Every fourth case (the others differ in where the error sits, which the long-text test
    // below covers exhaustively) keeps the debug build fast.
    for case in utf8_cases(3, 160).iter().step_by(4) {
        check_utf8(case, false);
    }
}

#[test]
fn utf8_generated_with_errors_every_capacity() {
    for (i, case) in utf8_cases(7, 160).iter().enumerate() {
        if i % 61 == 0 || case.len() < 10 {
            check_utf8(case, true);
        }
    }
}

#[test]
fn utf8_long_texts_every_error_offset() {
    let mut rng = Rng::new(4);
    for script in SCRIPTS {
        let t = text(&mut rng, script, 260).into_bytes();
        for at in 0..t.len() {
            let mut c = t.clone();
            c[at] = [0xFF, 0x80, 0xC2, 0xED][at % 4];
            check_utf8(&c, false);
        }
        for end in 0..t.len() {
            check_utf8(&t[..end], false);
        }
        check_utf8(&t, true);
    }
}

#[test]
fn utf8_alternating_valid_and_invalid() {
    let mut c = Vec::new();
    for i in 0..400 {
        c.extend_from_slice(if i % 2 == 0 { "é".as_bytes() } else { b"\x80" });
    }
    check_utf8(&c, false);
    let mut c = Vec::new();
    for i in 0..400u32 {
        c.extend_from_slice(if i % 3 == 0 {
            "中".as_bytes()
        } else {
            b"a\xF0"
        });
    }
    check_utf8(&c, false);
}

/// `run` repeated 0..`runs` times, then each of `breaks`, then `after` repeated `tail` times:
/// a break at every character position of a run's first blocks. `sweep(k)` says whether the run
/// of `k` also goes through every output room.
fn check_broken_runs(
    run: &str,
    runs: usize,
    breaks: &[&[u8]],
    (after, tail): (&str, usize),
    sweep: impl Fn(usize) -> bool,
) {
    for k in 0..runs {
        for brk in breaks {
            let mut c = run.repeat(k).into_bytes();
            c.extend_from_slice(brk);
            c.extend_from_slice(after.repeat(tail).as_bytes());
            check_utf8(&c, sweep(k));
        }
    }
}

#[test]
fn utf8_three_byte_runs_broken_at_every_offset() {
    // Runs of three-byte characters go a vector pair at a time: break one with every other kind
    // of character and error at every character position of its first blocks.
    let breaks: [&[u8]; 8] = [
        "😀".as_bytes(),
        "é".as_bytes(),
        b"a",
        b"\xED\xA0\x80",
        b"\xE0\x80\x80",
        b"\xE4\xB8",
        b"\xF0\x9F\x98",
        b"\x80",
    ];
    check_broken_runs("中", 48, &breaks, ("語", 100), |_| false);
}

#[test]
fn utf8_three_byte_runs_after_other_text_broken_at_every_offset() {
    // Three-byte text that goes on after chunks of other text is validated as it is decoded,
    // four characters at a time per 128-bit lane: break it at every character position of
    // several chunks with every valid edge of the three-byte range and every way a three-byte
    // character goes wrong.
    let breaks: [&[u8]; 16] = [
        b"\xE0\xA0\x80",
        b"\xED\x9F\xBF",
        b"\xEE\x80\x80",
        b"\xEF\xBF\xBF",
        b"\xE0\x9F\xBF",
        b"\xED\xA0\x80",
        b"\xED\xBF\xBF",
        b"\xE4\xB8\x41",
        b"\xE4\x41\xAD",
        b"\xE4\xB8\xC0",
        b"\xF0\xB8\xAD",
        b"\xC0\xB8\xAD",
        b"\xE4\xB8",
        b"a",
        "é".as_bytes(),
        "😀".as_bytes(),
    ];
    for lead in ["a", "ab", "é", "aé"] {
        let mut c = lead.repeat(40);
        c.push_str(&"é".repeat(8));
        for k in 0..90 {
            for brk in breaks {
                let mut t = c.clone().into_bytes();
                t.extend_from_slice("中".repeat(k).as_bytes());
                t.extend_from_slice(brk);
                t.extend_from_slice("語".repeat(100).as_bytes());
                check_utf8(&t, false);
            }
        }
    }
}

#[test]
fn utf8_stray_bytes_in_three_byte_runs_at_every_offset() {
    // Lossy decoding replaces a stray byte (one no character starts with) in a run of
    // three-byte characters after other text without leaving the run: the characters before it
    // in its step are decoded again from the step's vectors and stored with a blend that writes
    // the units after them back as they were. Every kind of such byte, alone, twice in a row,
    // and twice with a character between, at every character position of the run's first
    // steps, after text of one and of two bytes. Last, stray bytes to the end: under SKIP
    // nothing is written after the run, so a unit stored past its output would stay there.
    let many = [0x80; 120];
    let strays: [&[u8]; 9] = [
        b"\x80",
        b"\xBF",
        b"\xC0",
        b"\xC1",
        b"\xF5",
        b"\xFF",
        b"\xFF\x80",
        b"\x80\xE4\xB8\xAD\xFF",
        &many,
    ];
    for lead in ["a", "é"] {
        let mut c = lead.repeat(40);
        c.push_str(&"é".repeat(8));
        // The run these strays are in starts 22 (after one-byte text) to 29 (after two-byte
        // text) characters into the three-byte text, after the chunks that find it: up to 60
        // characters puts a stray byte at every position of several of its steps.
        for k in 0..60 {
            for stray in strays {
                let mut t = c.clone().into_bytes();
                t.extend_from_slice("中".repeat(k).as_bytes());
                t.extend_from_slice(stray);
                if stray.len() < many.len() {
                    t.extend_from_slice("語".repeat(60).as_bytes());
                }
                // Every room on some, more of them for the strays to the end.
                let sweep = if stray.len() < many.len() {
                    k % 9 == 4
                } else {
                    k % 3 == 0
                };
                check_utf8(&t, sweep);
            }
        }
    }
}

#[test]
fn utf8_four_byte_runs_broken_at_every_offset() {
    // Four four-byte characters (emoji) go sixteen bytes at a time, and sixteen validated as
    // they are decoded with AVX-512: break a run of them with every other kind of character,
    // the edges of the four-byte range and every way a four-byte character goes wrong, at every
    // character position of its first chunks.
    let breaks: [&[u8]; 15] = [
        "中".as_bytes(),
        "é".as_bytes(),
        b"a",
        b"\xF0\x90\x80\x80",
        b"\xF4\x8F\xBF\xBF",
        b"\xF0\x9F\x98",
        b"\xF4\x90\x80\x80",
        b"\xF0\x80\x80\x80",
        b"\xF0\x8F\xBF\xBF",
        b"\xF5\x80\x80\x80",
        b"\xF7\xBF\xBF\xBF",
        b"\xF8\x88\x80\x80",
        b"\xF0\x9F\x41\x80",
        b"\xF0\x9F\x98\xC0",
        b"\x80",
    ];
    check_broken_runs("😀", 40, &breaks, ("🎉", 40), |k| k % 8 == 0);
}

#[test]
fn utf8_ascii_runs_at_every_output_skew_broken_at_every_offset() {
    // An ASCII run of a few blocks stores from a vector boundary of the output on, after its
    // first blocks stored where the run starts: the characters of two bytes before it put
    // that start at every skew, and an error in every position past the first two blocks
    // (up to the fourth) shows any unit stored past what the kernel counts. (32 of them: every
    // skew of UTF-16 units on a 64-byte line, whatever the buffer's own.)
    for two_byte in 1..=32 {
        for at in 120..=256 {
            // ASCII that differs from byte to byte, so that a block taken from the wrong place
            // shows.
            let ascii = |i: usize| b' ' + (i * 7 % 95) as u8;
            let mut c = "é".repeat(two_byte).into_bytes();
            let start = c.len();
            c.extend((start..64 + at).map(ascii));
            c.push(0xFF);
            c.extend((0..80).map(ascii));
            check_utf8(&c, false);
        }
    }
}

#[test]
fn utf8_stray_bytes_after_ascii_runs() {
    // An ASCII run stops right before a byte that no character starts with and stores the
    // ASCII before it, leaving the units after it as they were: each such byte (and valid leads
    // beside them, which go the long way) at every position of the block after a run, with
    // every output room around it on some of them.
    let ascii = |i: usize| b' ' + (i * 7 % 95) as u8;
    for b in [0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xE0, 0xF4, 0xF5, 0xFF] {
        for at in 64..=128 {
            let mut c: Vec<u8> = (0..at).map(ascii).collect();
            c.push(b);
            c.extend((0..100).map(ascii));
            check_utf8(&c, at % 16 == 0);
            // With more than ASCII after it in the same block: a second stray byte, or a
            // character of two bytes.
            for more in [&b"\xFF"[..], "é".as_bytes()] {
                let mut c: Vec<u8> = (0..at).map(ascii).collect();
                c.push(b);
                c.extend((0..at % 7).map(ascii));
                c.extend_from_slice(more);
                c.extend((0..100).map(ascii));
                check_utf8(&c, false);
            }
        }
    }
}

#[test]
fn utf8_errors_every_few_characters() {
    // Lossy decoding replaces errors inside the vector loops (a stray byte in an ASCII block,
    // an error in a chunk of two- or three-byte text) and goes on there: errors of every kind,
    // inserted at character boundaries every `gap` bytes, so that several fall in one block
    // and others on block edges, in every script; under every lossy policy every set's result
    // must be the portable set's, whose engine replaces them one by one.
    const KINDS: [&[u8]; 8] = [
        b"\xFF",
        b"\x80",
        b"\xC2",
        b"\xE0\x80",
        b"\xED\xA0\x80",
        b"\xF4\x90",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
    ];
    let mut rng = Rng::new(9);
    for script in SCRIPTS {
        let t = text(&mut rng, script, 1200);
        for (k, bad) in KINDS.iter().enumerate() {
            for gap in [3, 17, 40, 63, 64, 65, 130, 500] {
                let mut c = Vec::new();
                let mut next = gap / 2 + k;
                for (i, ch) in t.char_indices() {
                    if i >= next {
                        c.extend_from_slice(bad);
                        next = i + gap;
                    }
                    c.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
                }
                check_utf8(&c, false);
                // Every output room, on a piece long enough for the loops of whole blocks.
                if gap == 130 && k % 2 == 0 {
                    check_utf8(&c[..c.len().min(300)], true);
                }
            }
        }
    }
}

#[test]
fn utf8_whole_vectors_end_in_every_kind_of_sequence() {
    // An input of exactly 64 bytes is one step of the AVX-512 decoder, with no zero padding after
    // it: a sequence the end cuts off is found from its last bytes. Every room at 64 bytes.
    for c in vector_edge_inputs(11) {
        check_utf8(&c, c.len() == 64);
    }
}

#[test]
fn utf8_corpus() {
    for (_, data) in corpus_files(".utf8.txt") {
        check_utf8(&data, false);
        let head = (0..=4096.min(data.len()))
            .rev()
            .find(|&i| std::str::from_utf8(&data[..i]).is_ok());
        check_utf8(&data[..head.unwrap_or(0)], false);
        // Output capacities that end in every position of a few blocks.
        for cap_cut in [1usize, 15, 16, 17, 63, 64, 65, 200] {
            let head = &data[..data.len().min(4096)];
            for (name, op) in utf8_ops() {
                let ks = all_kernels();
                let need = op(ks[0], head, None, Policy::Strict).written;
                let cap = need.saturating_sub(cap_cut);
                let mut want = vec![0u16; cap];
                let expected = op(ks[0], head, Some(&mut want), Policy::Strict);
                for &k in &ks[1..] {
                    let mut got = vec![0u16; cap];
                    assert_eq!(
                        op(k, head, Some(&mut got), Policy::Strict),
                        expected,
                        "{name}"
                    );
                    assert_eq!(got, want, "{name} {}", k.name());
                }
            }
        }
    }
}

/// UTF-16 texts with lone surrogates, reversed pairs and a high surrogate at the end.
fn utf16_cases(seed: u64, max_len: usize) -> Vec<Vec<u16>> {
    let mut rng = Rng::new(seed);
    let mut cases = Vec::new();
    for script in SCRIPTS {
        for len in (0..max_len).step_by(9).chain([8, 16, 24, 32, 64]) {
            let t: Vec<u16> = text(&mut rng, script, len * 2)
                .encode_utf16()
                .take(len)
                .collect();
            // `take` may cut a pair: that is one more error case.
            for bad in [
                &[0xD800u16][..],
                &[0xDC00],
                &[0xDFFF, 0xD800],
                &[0xDBFF],
                &[0xDC80],
            ] {
                for at in [
                    0,
                    t.len(),
                    rng.below(t.len() + 1),
                    7.min(t.len()),
                    15.min(t.len()),
                ] {
                    let mut c = t.clone();
                    c.splice(at..at, bad.iter().copied());
                    cases.push(c);
                }
            }
            cases.push(t);
        }
    }
    cases
}

fn check_utf16(src: &[u16], sweep: bool) {
    same(
        "from_utf16le",
        |k, s, d, p| k.from_utf16le(s, d, p),
        src,
        sweep,
    );
    let swapped: Vec<u16> = src.iter().map(|u| u.swap_bytes()).collect();
    same(
        "from_utf16be",
        |k, s, d, p| k.from_utf16be(s, d, p),
        &swapped,
        sweep,
    );
    let ks = all_kernels();
    let want = ks[0].validate_utf16le(src);
    assert_eq!(want.is_ok(), String::from_utf16(src).is_ok());
    for k in &ks {
        assert_eq!(k.validate_utf16le(src), want, "{} {src:x?}", k.name());
        assert_eq!(k.validate_utf16be(&swapped), want, "{} {src:x?}", k.name());
    }
}

fn check_utf32(src: &[u32], sweep: bool) {
    same("from_utf32", |k, s, d, p| k.from_utf32(s, d, p), src, sweep);
    let ks = all_kernels();
    let want = ks[0].validate_utf32(src);
    assert_eq!(
        want.is_ok(),
        src.iter().all(|&u| char::from_u32(u).is_some())
    );
    for k in &ks {
        assert_eq!(k.validate_utf32(src), want, "{} {src:x?}", k.name());
    }
}

#[test]
fn utf32_generated_with_errors() {
    let mut rng = Rng::new(8);
    for script in SCRIPTS {
        for len in (0..120).step_by(11).chain([8, 16, 32]) {
            let t: Vec<u32> = text(&mut rng, script, len * 4)
                .chars()
                .map(u32::from)
                .collect();
            check_utf32(&t, len < 40);
            for bad in [0xD800, 0xDFFF, 0x110000, 0xFFFF_FFFF, 0xDC80] {
                for at in [0, t.len(), rng.below(t.len() + 1), 7.min(t.len())] {
                    let mut c = t.clone();
                    c.insert(at, bad);
                    check_utf32(&c, len < 20);
                }
            }
        }
    }
}

#[test]
fn two_byte_runs_broken_at_every_offset() {
    // Runs of characters below U+0800 (with ASCII among them) go a vector of units at a time,
    // each vector looked at before the one before it is stored: break a run with every other
    // kind of character and error at every position of its first vectors, in UTF-16 and UTF-32,
    // with every output room around the break on some of them.
    let run = |i: usize| ['д', 'ж', 'é', ' ', 'ש', 'ب', '߿', 'ɐ'][i * 5 % 8];
    let breaks: [&[u32]; 7] = [
        &[0x4E2D],
        &[0x1F600],
        &[0x41; 16],
        &[0xD800],
        &[0xDC00],
        &[0x110000],
        &[0x800],
    ];
    for at in 0..72 {
        for (b, brk) in breaks.iter().enumerate() {
            let mut units: Vec<u32> = (0..at).map(|i| u32::from(run(i))).collect();
            units.extend_from_slice(brk);
            units.extend((0..40).map(|i| u32::from(run(i + 3))));
            let sweep = at % 9 == b;
            check_utf32(&units, sweep);
            // The same text in UTF-16: surrogates stay lone units; U+1F600 becomes a pair, and
            // 0x110000 (not a character) a lone high surrogate.
            let utf16: Vec<u16> = units
                .iter()
                .flat_map(|&u| match char::from_u32(u) {
                    Some(c) => c.encode_utf16(&mut [0; 2]).to_vec(),
                    None if u <= 0xFFFF => vec![u as u16],
                    None => vec![0xDBFF],
                })
                .collect();
            check_utf16(&utf16, sweep);
        }
    }
}

#[test]
fn utf32_ascii_runs_broken_at_every_offset() {
    // ASCII from UTF-32 goes 64 units a step once a block of it is seen, the four vectors tested
    // together: break a run with the lowest and highest unit of each other length and each kind
    // of error at every position of its first steps, with every output room on some of them,
    // and the valid ones against std's encoding too.
    let breaks: [u32; 9] = [
        0x80, 0xFF, 0x100, 0x7FF, 0x800, 0xFFFF, 0x10000, 0xD800, 0x110000,
    ];
    for at in 0..230 {
        for (b, &brk) in breaks.iter().enumerate() {
            let mut units: Vec<u32> = (0..at).map(|i| u32::from(b'a') + i as u32 % 26).collect();
            units.push(brk);
            units.extend((0..70).map(|i| u32::from(b'A') + i % 26));
            check_utf32(&units, at % 23 == b);
            let Some(want) = units
                .iter()
                .map(|&u| char::from_u32(u))
                .collect::<Option<String>>()
            else {
                continue;
            };
            for k in all_kernels() {
                let mut out = vec![0u8; want.len()];
                let o = k.from_utf32(&units, Some(&mut out), Policy::Strict);
                assert_eq!(
                    (o.written, &out[..]),
                    (want.len(), want.as_bytes()),
                    "{}",
                    k.name()
                );
            }
        }
    }
}

#[test]
fn four_byte_runs_broken_at_every_offset() {
    // Eight supplementary characters from UTF-32 take four bytes each in one step: break a run
    // of them (the lowest and highest, and emoji) with every kind of neighbour and error at every
    // position of its first blocks, and with every output room on some of them.
    let run = |i: usize| [0x1F600, 0x10000, 0x10FFFF, 0x20000, 0x1F9FF, 0x10400][i * 5 % 6];
    let breaks: [&[u32]; 9] = [
        &[0x41],
        &[0x0],
        &[0xFFFF],
        &[0x4E2D, 0x4E2D],
        &[0xD800],
        &[0xDFFF],
        &[0x110000],
        &[0xFFFF_FFFF],
        &[0x8000_0000],
    ];
    for at in 0..40 {
        for (b, brk) in breaks.iter().enumerate() {
            let mut units: Vec<u32> = (0..at).map(run).collect();
            units.extend_from_slice(brk);
            units.extend((0..30).map(|i| run(i + 1)));
            check_utf32(&units, at % 9 == b);
        }
    }
}

#[test]
fn utf32_corpus() {
    for (_, data) in corpus_files(".utf32.txt") {
        let units: Vec<u32> = data
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        check_utf32(&units, false);
    }
}

#[test]
fn latin1_files() {
    for (_, data) in corpus_files(".latin1.txt") {
        same(
            "from_latin1",
            |k, s, d, p| k.from_latin1(s, d, p),
            &data,
            false,
        );
        let utf8: String = data.iter().map(|&b| char::from(b)).collect();
        same(
            "to_latin1",
            |k, s, d, p| k.to_latin1(s, d, p),
            utf8.as_bytes(),
            false,
        );
    }
}

#[test]
fn utf16_generated_with_errors_all_capacities() {
    for (i, case) in utf16_cases(5, 120).iter().enumerate() {
        check_utf16(case, i % 4 == 0 || case.len() < 20);
    }
}

#[test]
fn utf16_ascii_runs_broken_at_every_offset() {
    // ASCII in UTF-16 goes 64 units a step with AVX-512 once a block of it is seen: break a run
    // of it with every kind of character and ill-formed surrogate at every position of its first
    // steps.
    let breaks: [&[u16]; 8] = [
        &[0x80],
        &[0xE9],
        &[0x7FF],
        &[0x4E2D],
        &[0xD83D, 0xDE00],
        &[0xD800],
        &[0xDC00],
        &[0xFFFF],
    ];
    for at in 0..200 {
        for (b, brk) in breaks.iter().enumerate() {
            let mut units: Vec<u16> = (0..at).map(|i| 0x20 + (i * 7 % 0x5F) as u16).collect();
            units.extend_from_slice(brk);
            units.extend((0..100).map(|i| 0x41 + (i % 26) as u16));
            check_utf16(&units, at % 25 == b);
        }
    }
}

#[test]
fn utf16_surrogate_pair_runs_broken_at_every_offset() {
    // Text of surrogate pairs alone (emoji) goes 16 pairs a step with AVX-512: break a run of
    // them (the lowest and highest supplementary characters, and emoji) with every kind of
    // neighbour and ill-formed surrogate at every position of its first steps, after nothing or
    // an odd number of units before it (so the pairs fall across the steps' 32-bit lanes).
    let pair = |i: usize| -> [u16; 2] {
        let cp = [0x1F600, 0x10000, 0x10FFFF, 0x20000, 0x1F9FF, 0x10400][i * 5 % 6];
        let mut u = [0; 2];
        char::from_u32(cp).unwrap().encode_utf16(&mut u);
        u
    };
    let breaks: [&[u16]; 10] = [
        &[0x41],
        &[0x4E2D],
        &[0xD7FF],
        &[0xE000],
        &[0xFFFF],
        &[0xD800],
        &[0xDC00],
        &[0xDFFF, 0xD800],
        &[0xDBFF, 0x41],
        &[0xD800, 0xD800, 0xDC00],
    ];
    for before in [&[][..], &[0x41], &[0x41, 0x42, 0x4E2D]] {
        for at in 0..40 {
            for (b, brk) in breaks.iter().enumerate() {
                let mut units = before.to_vec();
                units.extend((0..at).flat_map(pair));
                units.extend_from_slice(brk);
                units.extend((0..40).flat_map(|i| pair(i + 1)));
                check_utf16(&units, before.is_empty() && at % 10 == b);
            }
        }
    }
}

#[test]
fn utf16_corpus() {
    for (_, data) in corpus_files(".utf16.txt") {
        let units: Vec<u16> = data
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        check_utf16(&units, false);
        let mut bad = units.clone();
        bad.insert(bad.len() / 2, 0xDC00);
        check_utf16(&bad, false);
    }
}

#[test]
fn other_directions() {
    for case in utf8_cases(6, 100).iter().step_by(5) {
        same("to_latin1", |k, s, d, p| k.to_latin1(s, d, p), case, false);
        same(
            "from_latin1",
            |k, s, d, p| k.from_latin1(s, d, p),
            case,
            false,
        );
        let wide: Vec<u32> = case.iter().map(|&b| u32::from(b) * 0x1234).collect();
        check_utf32(&wide, false);
    }
}

/// Latin-1 → UTF-8 at every output capacity, on inputs long enough for several 64-byte blocks
/// with bytes above 0x7F at every density: the vector loops must stop where the room ends and
/// leave nothing written past what they report.
#[test]
fn from_latin1_every_capacity() {
    for (len, every) in [(130, 1), (200, 3), (257, 7), (321, 64), (300, 1000)] {
        let case: Vec<u8> = (0..len)
            .map(|i: usize| {
                if i.is_multiple_of(every) {
                    0x80 + (i * 37 % 128) as u8
                } else {
                    b'a' + (i % 26) as u8
                }
            })
            .collect();
        same(
            "from_latin1",
            |k, s, d, p| k.from_latin1(s, d, p),
            &case,
            true,
        );
    }
}

/// Lossy decoding of blocks that mix characters of every length replaces a byte that is an
/// error by itself (C0, C1, F5..FF) inside the block, into UTF-16 and UTF-32: at every offset of
/// such text, so that blocks with a four-byte character (whose lead, F0..F4, the stray byte
/// must not be taken for) and without one, and blocks whose last character starts at or just
/// after the byte, all meet it.
#[test]
fn utf8_stray_bytes_in_blocks_of_every_width() {
    let mut rng = Rng::new(13);
    let t = text(&mut rng, Script::Mixed, 200);
    let t = t.as_bytes();
    for bad in [0xC0, 0xC1, 0xF5, 0xFF] {
        for i in (0..=t.len()).filter(|&i| i == t.len() || t[i] & 0xC0 != 0x80) {
            check_utf8(&[&t[..i], &[bad], &t[i..]].concat(), false);
        }
    }
}

/// Lossy decoding of two-byte text replaces an error of one byte alone inside its loop: what
/// looks like one but is not (a character of three or four bytes, or such a character cut
/// short, whose first byte ends a block and the rest begins the next), at every offset of
/// Cyrillic and Latin text, with a lone bad byte a few characters before it and without.
#[test]
fn utf8_lone_bad_bytes_beside_longer_characters_in_two_byte_text() {
    let mut rng = Rng::new(12);
    for script in [Script::Cyrillic, Script::Latin] {
        let t = text(&mut rng, script, 260);
        let starts: Vec<usize> = t.char_indices().map(|(i, _)| i).collect();
        for insert in [
            &b"\xE2\x82\xAC"[..],
            b"\xF0\x9F\x98\x80",
            b"\xE2\x82",
            b"\xE9 ",
        ] {
            for (n, &i) in starts.iter().enumerate() {
                let j = starts[n.saturating_sub(4)];
                for bad in [&b""[..], b"\xFF", b"\x80"] {
                    let t = t.as_bytes();
                    let c = [&t[..j], bad, &t[j..i], insert, &t[i..]].concat();
                    check_utf8(&c, false);
                }
            }
        }
    }
}

/// Lossy decoding converts a chunk with errors of one byte each as if each were a character,
/// then overwrites their units with the fill: in text of one- and two-byte characters, bytes no
/// character contains, continuation bytes after no lead and leads of two-byte characters cut
/// short; where a run of chunks stops at a chunk with three-byte characters, the first kind.
/// Each kind (and a stray byte before a continuation byte, a cut lead before a stray byte), at
/// every character boundary of Cyrillic, Latin and CJK text (so at every byte of
/// several chunks, the chunk's last byte among them), alone, with a second error a few
/// characters on, and after a two-byte character; some at every room.
#[test]
fn utf8_one_byte_errors_at_every_offset() {
    let mut rng = Rng::new(15);
    let errors: [&[u8]; 13] = [
        b"\xFF",
        b"\xC0",
        b"\xC1",
        b"\xF5",
        b"\x80",
        b"\xBF\xBF",
        b"\xD0",
        b"\xC3 ",
        b"\xD1\xD1\x80",
        b"\xFF\xC2",
        b"\xC0\x80",
        b"\xFF\x80",
        b"\xD0\xFF",
    ];
    for script in [Script::Cyrillic, Script::Latin, Script::Cjk] {
        let t = text(&mut rng, script, 200);
        let t = t.as_bytes();
        let starts: Vec<usize> = (0..t.len()).filter(|&i| t[i] & 0xC0 != 0x80).collect();
        for (n, &i) in starts.iter().enumerate() {
            let j = starts[(n + 5).min(starts.len() - 1)];
            for (e, error) in errors.iter().enumerate() {
                check_utf8(&[&t[..i], error, &t[i..]].concat(), (n + e) % 23 == 0);
                let second = errors[(e + n) % errors.len()];
                check_utf8(&[&t[..i], error, &t[i..j], second, &t[j..]].concat(), false);
            }
        }
    }
}

/// Inputs of 14 to 66 bytes, around the lengths the vector decoders take from a zero-padded
/// copy in one check (16 to 63): every length, in every script, from three starts (a
/// character's, or inside one), so that they are whole or cut at either end, and again with a
/// bad byte in the middle; at every capacity.
#[test]
fn utf8_short_inputs_of_every_length() {
    let mut rng = Rng::new(14);
    for script in [
        Script::Latin,
        Script::Cyrillic,
        Script::Cjk,
        Script::Emoji,
        Script::Mixed,
    ] {
        let t = text(&mut rng, script, 200);
        let t = t.as_bytes();
        for start in [0, 5, 22] {
            for len in 14..=66 {
                let src = &t[start..start + len];
                check_utf8(src, true);
                let mid = len / 2;
                check_utf8(&[&src[..mid], b"\xFF", &src[mid..]].concat(), true);
            }
        }
    }
}
