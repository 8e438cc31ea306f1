//! The kernels straight, with an output buffer far larger than the input needs: the vector
//! steps that store more than their own units (the next step or a restore overwrites the rest)
//! must still leave everything past `written` untouched when the conversion stops there. The
//! differential tests in `convert` run with tight capacities, where those steps never run near
//! the end. Texts of every length up to 160 characters mixing every UTF-8 length.

use utf8x::__test::{Kernel, kernels};
use utf8x::Policy;

const FILL: u8 = 0xA5;
const CHARS: [char; 9] = ['a', ' ', 'é', 'ÿ', 'Ж', 'ש', '한', '中', '😀'];

/// Texts of every length up to 160 characters, from a fixed-seed mix of `CHARS[..pool]`,
/// in runs of one class (as real text comes) and alone.
fn texts(pool: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for len in 1..160 {
        for _ in 0..4 {
            let mut s = String::new();
            while s.chars().count() < len {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let c = CHARS[(x % pool as u64) as usize];
                for _ in 0..(x >> 8) % 12 + 1 {
                    s.push(c);
                }
            }
            out.push(s.chars().take(len).collect());
        }
    }
    out
}

fn untouched<T: Copy + PartialEq + core::fmt::Debug>(dst: &[T], n: usize, fill: T, what: &str) {
    assert!(
        dst[n..].iter().all(|&u| u == fill),
        "{what}: wrote past {n}"
    );
}

#[test]
fn nothing_past_written_with_room_to_spare() {
    // The portable set is the reference of the differential tests; the others write in blocks.
    for k in kernels().into_iter().skip(1) {
        for s in texts(CHARS.len()) {
            let utf8 = s.as_bytes();
            let utf16: Vec<u16> = s.encode_utf16().collect();
            let utf32: Vec<u32> = s.chars().map(u32::from).collect();
            let what = |op: &str| format!("{} {op} {s:?}", k.name());

            let mut d = vec![FILL; 4 * utf8.len() + 200];
            let (r, n) = k.raw_utf16_to_utf8(&utf16, &mut d);
            untouched(&d, n, FILL, &what("utf16_to_utf8"));
            let want = String::from_utf16(&utf16[..r]).unwrap();
            assert_eq!(d[..n], *want.as_bytes(), "{}", what("utf16_to_utf8"));

            let mut d = vec![FILL; 4 * utf8.len() + 200];
            let (r, n) = k.raw_utf32_to_utf8(&utf32, &mut d);
            untouched(&d, n, FILL, &what("utf32_to_utf8"));
            assert_eq!(d[..n], *s.chars().take(r).collect::<String>().as_bytes());

            let mut d = vec![0xA5A5u16; utf8.len() + 200];
            let (r, n) = k.raw_utf8_to_utf16(utf8, &mut d);
            untouched(&d, n, 0xA5A5, &what("utf8_to_utf16"));
            let want: Vec<u16> = core::str::from_utf8(&utf8[..r])
                .unwrap()
                .encode_utf16()
                .collect();
            assert_eq!(d[..n], want[..], "{}", what("utf8_to_utf16"));

            let mut d = vec![0xA5A5_A5A5u32; utf8.len() + 200];
            let (r, n) = k.raw_utf8_to_utf32(utf8, &mut d);
            untouched(&d, n, 0xA5A5_A5A5, &what("utf8_to_utf32"));
            let want: Vec<u32> = core::str::from_utf8(&utf8[..r])
                .unwrap()
                .chars()
                .map(u32::from)
                .collect();
            assert_eq!(d[..n], want[..], "{}", what("utf8_to_utf32"));

            let mut d = vec![FILL; utf8.len() + 200];
            let (r, n) = k.raw_utf8_to_latin1(utf8, &mut d);
            untouched(&d, n, FILL, &what("utf8_to_latin1"));
            let want: Vec<u8> = core::str::from_utf8(&utf8[..r])
                .unwrap()
                .chars()
                .map(|c| c as u8)
                .collect();
            assert_eq!(d[..n], want[..], "{}", what("utf8_to_latin1"));

            for bmp in [
                Kernel::raw_utf16_to_bmp_utf8,
                Kernel::raw_utf16_to_bmp_utf8_nul,
            ] {
                let mut d = vec![FILL; 4 * utf8.len() + 200];
                let (_, n) = bmp(k, &utf16, &mut d);
                untouched(&d, n, FILL, &what("utf16_to_bmp_utf8"));
            }
        }
        for s in texts(4) {
            let latin1: Vec<u8> = s.chars().map(|c| c as u8).collect();
            let mut d = vec![FILL; 2 * latin1.len() + 200];
            let (r, n) = k.raw_latin1_to_utf8(&latin1, &mut d);
            untouched(&d, n, FILL, &format!("{} latin1_to_utf8 {s:?}", k.name()));
            assert_eq!(d[..n], *s.chars().take(r).collect::<String>().as_bytes());
        }
    }
}

#[test]
fn nothing_past_written_when_the_room_runs_out() {
    // The same texts into UTF-8 with every capacity from 64 bytes short of the whole output to
    // all of it: the conversion then stops for want of room, right after any step, and the
    // bytes a step stores past its own must not be left there.
    for k in kernels().into_iter().skip(1) {
        for s in texts(CHARS.len()).into_iter().step_by(3) {
            let utf16: Vec<u16> = s.encode_utf16().collect();
            let utf32: Vec<u32> = s.chars().map(u32::from).collect();
            for cap in s.len().saturating_sub(64)..=s.len() {
                let what = |op: &str| format!("{} {op} cap {cap} {s:?}", k.name());
                let mut d = vec![FILL; cap];
                let (r, n) = k.raw_utf16_to_utf8(&utf16, &mut d);
                untouched(&d, n, FILL, &what("utf16_to_utf8"));
                let want = String::from_utf16(&utf16[..r]).unwrap();
                assert_eq!(d[..n], *want.as_bytes(), "{}", what("utf16_to_utf8"));

                let mut d = vec![FILL; cap];
                let (r, n) = k.raw_utf32_to_utf8(&utf32, &mut d);
                untouched(&d, n, FILL, &what("utf32_to_utf8"));
                let want: String = s.chars().take(r).collect();
                assert_eq!(d[..n], *want.as_bytes(), "{}", what("utf32_to_utf8"));
            }
        }
    }
}

/// `lookup_pair` (a 32-byte table lookup from two 16-byte registers) on x86 against the lookup
/// it stands for, on every index the shuffle tables use (0..32, and those with the high bit set)
/// in every lane: no x86 kernel calls it in its loops, so nothing else would show it wrong.
#[cfg(target_arch = "x86_64")]
#[test]
fn lookup_pair_reads_both_registers() {
    let table: [u8; 32] = core::array::from_fn(|i| 0x40 + i as u8);
    let indices: Vec<u8> = (0..32).chain([0x80, 0x88, 0x90, 0xA0, 0xFF]).collect();
    for window in indices.windows(16).chain([&indices[21..]]) {
        let mut idx = [0x80u8; 16];
        idx[..window.len()].copy_from_slice(window);
        let Some(got) = utf8x::__test::lookup_pair_ssse3(idx, &table) else {
            return;
        };
        let want = idx.map(|i| if i < 32 { table[i as usize] } else { 0 });
        assert_eq!(got, want, "indices {idx:x?}");
    }
}

/// Latin-1 text of ASCII runs of 0 to 600 bytes between single bytes above 0x7F and short
/// runs of them, at least `len` bytes, from a fixed seed.
fn latin1_text(len: usize) -> Vec<u8> {
    let mut src = Vec::new();
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    while src.len() < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let run = (x % 601) as usize;
        src.extend((0..run).map(|i| b' ' + (i % 95) as u8));
        src.extend((0..(x >> 16) % 3 + 1).map(|i| 0x80 + ((x >> (20 + i)) % 128) as u8));
    }
    src
}

/// Calls `check(k, buf, base, cap)` for every vector set `k` with the output `buf[base..][..cap]`
/// at every offset from a 64-byte line and every capacity up to `len + 1` (every fifth at each
/// offset: every capacity at 12 offsets or more), `buf` filled with [`FILL`] and longer than
/// any output by 128 bytes on either side.
fn at_every_offset_and_room(len: usize, mut check: impl FnMut(Kernel, &mut [u8], usize, usize)) {
    let mut buf = vec![FILL; 128 + len + 128];
    let line = (64 - buf.as_ptr() as usize % 64) % 64;
    for k in kernels().into_iter().skip(1) {
        for offset in 0..64 {
            for cap in (0..=len + 1).filter(|c| (c + offset) % 5 == 0) {
                buf.fill(FILL);
                check(k, &mut buf, line + offset, cap);
            }
        }
    }
}

/// That `buf` holds `want` at `base` and [`FILL`] everywhere else.
fn holds_only(buf: &[u8], base: usize, want: &[u8], what: &str) {
    assert_eq!(buf[base..base + want.len()], *want, "{what}");
    untouched(buf, base + want.len(), FILL, what);
    assert!(
        buf[..base].iter().all(|&b| b == FILL),
        "{what}: wrote before"
    );
}

/// Latin-1 → UTF-8 with the output at every offset from a 64-byte line and every capacity up
/// to all of it, the kernel straight and through the engine. The AVX-512 loop stores ASCII runs
/// on the output's lines (how far to the next line depends on where the output starts) and
/// widens other blocks with stores past their own bytes, and the AVX2 and SSE4.2 sets copy ASCII
/// runs (of four vectors and more, 64 bytes a step: the text's runs go to 600 bytes) on their
/// vectors' boundaries, so where the room runs out, and where the output starts, decide which
/// steps run near the end. The oracle is `char::from` of each byte: the kernel writes a correct
/// prefix and nothing past it, and the conversion goes as far as the room allows.
#[test]
fn latin1_to_utf8_at_every_output_alignment_and_room() {
    let src = latin1_text(1600);
    let whole: String = src.iter().map(|&b| char::from(b)).collect();
    let whole = whole.as_bytes();
    // Where the oracle's output ends after each input byte.
    let ends: Vec<usize> = src
        .iter()
        .scan(0, |n, &b| {
            *n += char::from(b).len_utf8();
            Some(*n)
        })
        .collect();
    at_every_offset_and_room(whole.len(), |k, buf, base, cap| {
        let what = format!("{} at {base} cap {cap}", k.name());
        let (r, n) = k.raw_latin1_to_utf8(&src, &mut buf[base..base + cap]);
        assert!(r == 0 || ends[r - 1] == n, "{what}: read {r}, wrote {n}");
        holds_only(buf, base, &whole[..n], &what);

        buf.fill(FILL);
        let got = k.from_latin1(&src, Some(&mut buf[base..base + cap]), Policy::Strict);
        let fits = ends.partition_point(|&e| e <= cap);
        let want = if fits == 0 { 0 } else { ends[fits - 1] };
        assert_eq!((got.read, got.written), (fits, want), "{what}");
        holds_only(buf, base, &whole[..want], &what);
    });
}

/// UTF-8 → Latin-1 the same way, on texts that start with ASCII of lengths around the 64-byte
/// steps (the blocks the AVX-512 set copies whole) and go on as above. The oracle is the code
/// points of `chars()`.
#[test]
fn utf8_to_latin1_at_every_output_alignment_and_room() {
    let tail: String = latin1_text(300).iter().map(|&b| char::from(b)).collect();
    for ascii in [191, 192, 250, 320, 333] {
        let text: String = (0..ascii)
            .map(|i| char::from(b'!' + (i % 90) as u8))
            .collect();
        let text = text + &tail;
        let want: Vec<u8> = text.chars().map(|c| c as u8).collect();
        // Where each character's UTF-8 form ends.
        let ends: Vec<usize> = text.char_indices().map(|(i, c)| i + c.len_utf8()).collect();
        at_every_offset_and_room(want.len(), |k, buf, base, cap| {
            let what = format!("{} ascii {ascii} at {base} cap {cap}", k.name());
            let (r, n) = k.raw_utf8_to_latin1(text.as_bytes(), &mut buf[base..base + cap]);
            assert!(r == 0 || ends[n - 1] == r, "{what}: read {r}, wrote {n}");
            holds_only(buf, base, &want[..n], &what);

            buf.fill(FILL);
            let d = &mut buf[base..base + cap];
            let got = k.to_latin1(text.as_bytes(), Some(d), Policy::Strict);
            let fits = cap.min(want.len());
            let read = if fits == 0 { 0 } else { ends[fits - 1] };
            assert_eq!((got.read, got.written), (read, fits), "{what}");
            holds_only(buf, base, &want[..fits], &what);
        });
    }
}
