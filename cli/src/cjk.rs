//! Table-driven fast paths for encoding_rs's double-byte encodings (Shift_JIS, EUC-JP, EUC-KR,
//! GBK, gb18030, Big5), with encoding_rs itself as their reference and their fallback.
//!
//! Each character of these encodings is one byte or two (besides gb18030's four-byte and
//! EUC-JP's three-byte sequences), and decodes to the same character wherever it stands. So:
//!
//! - the decoder reads each single byte and each pair of bytes from tables that encoding_rs
//!   filled (every byte at the start, every pair after a lead byte when that lead is first
//!   met, each decoded on its own), and hands
//!   anything else to encoding_rs: errors, the longer sequences, and pairs that decode to two
//!   characters or one outside the Basic Multilingual Plane;
//! - the encoder reads each character's bytes from a table of the Basic Multilingual Plane,
//!   filled from encoding_rs the first time a character is met, and hands encoding_rs the
//!   characters that encode to more than two bytes, those outside the plane and those the
//!   encoding lacks.
//!
//! The output, errors and their positions are encoding_rs's own. encoding_rs's double-byte
//! decoders run at 0.9x to 2.4x glibc's speed, its encoders (even with its `fast-*-encode`
//! tables) at about 1x; the tables at several times that.

use crate::decoded::{Decoded, whatwg_decode};
use crate::runs::{encode_run, utf8_char};
use crate::table::{block_len, work};

/// Whether `e` is one of the encodings these paths serve: stateless, at most two bytes per
/// character but for the sequences left to encoding_rs.
pub fn serves(e: &'static encoding_rs::Encoding) -> bool {
    [
        encoding_rs::SHIFT_JIS,
        encoding_rs::EUC_JP,
        encoding_rs::EUC_KR,
        encoding_rs::GBK,
        encoding_rs::GB18030,
        encoding_rs::BIG5,
    ]
    .contains(&e)
}

/// A table entry: the UTF-8 of a character in the low three bytes (little-endian) and its
/// length in the top byte; 0: encoding_rs decides.
type Entry = u32;

fn entry(utf8: &[u8]) -> Entry {
    let mut bytes = [0u8; 4];
    bytes[..utf8.len()].copy_from_slice(utf8);
    bytes[3] = utf8.len() as u8;
    u32::from_le_bytes(bytes)
}

/// The one character of the UTF-8 of at most three bytes that `bytes` decode to on their own,
/// as an entry, or 0.
fn decode_alone(e: &'static encoding_rs::Encoding, bytes: &[u8]) -> Entry {
    let mut d = e.new_decoder_without_bom_handling();
    let mut out = [0u8; 16];
    let (result, read, written) = d.decode_to_utf8_without_replacement(bytes, &mut out, true);
    let text = std::str::from_utf8(&out[..written]).unwrap_or("");
    if result != encoding_rs::DecoderResult::InputEmpty
        || read != bytes.len()
        || text.chars().count() != 1
        || written > 3
    {
        return 0;
    }
    entry(text.as_bytes())
}

/// A byte that is never part of a longer sequence in any of these encodings (trail bytes start
/// at 0x30, gb18030's digits): once encoding_rs has read it, it holds nothing back.
fn resets(b: u8) -> bool {
    b < 0x30
}

/// Decoding: the tables, and encoding_rs's decoder for what they do not hold.
pub struct Decoder {
    rs: encoding_rs::Decoder,
    /// By byte: the character it decodes to alone, or 0 (a lead byte, or an error).
    single: [Entry; 256],
    /// By lead byte (0x80..=0xFF) and trail byte: the character of the pair.
    pair: Vec<Entry>,
    /// Which lead bytes' rows of `pair` are filled: each when the lead is first met (a row
    /// takes some 40 µs, all of them 5 ms, which a small file would notice).
    filled: [bool; 128],
    /// encoding_rs may hold the start of a sequence, or bytes to read again after an error:
    /// it decodes up to the next byte that `resets`.
    dirty: bool,
}

impl Decoder {
    pub fn new(e: &'static encoding_rs::Encoding) -> Decoder {
        let mut single = [0; 256];
        for b in 0..=255u8 {
            single[usize::from(b)] = decode_alone(e, &[b]);
        }
        Decoder {
            rs: e.new_decoder_without_bom_handling(),
            single,
            pair: vec![0; 128 * 256],
            filled: [false; 128],
            dirty: false,
        }
    }

    /// Fills the row of pairs that start with `b`, if it is a lead byte whose row is not filled
    /// yet; returns whether it did.
    fn fill(&mut self, b: u8) -> bool {
        if b < 0x80 || self.single[usize::from(b)] != 0 || self.filled[usize::from(b - 0x80)] {
            return false;
        }
        let e = self.rs.encoding();
        let row = &mut self.pair[usize::from(b - 0x80) << 8..][..256];
        for t in 0..=255u8 {
            row[usize::from(t)] = decode_alone(e, &[b, t]);
        }
        self.filled[usize::from(b - 0x80)] = true;
        true
    }

    /// As [`crate::codec::Decoder::decode`].
    pub fn decode(&mut self, src: &[u8], last: bool, out: &mut Vec<u8>) -> Decoded {
        let mut i = 0;
        loop {
            if self.dirty {
                // Up to the next byte that resets, looked for within a block that grows with
                // what the call has read: a call that stops at an error early has looked at
                // what it read only (a call per invalid byte stays linear).
                let limit = i + block_len(i).min(src.len() - i);
                work(limit - i);
                let end = src[i..limit]
                    .iter()
                    .position(|&b| resets(b))
                    .map_or(limit, |k| i + k + 1);
                let fin = last && end == src.len();
                match whatwg_decode(&mut self.rs, &src[i..end], fin, out) {
                    Decoded::Done { read } => i += read,
                    Decoded::Invalid { at, len, resume } => {
                        return Decoded::Invalid {
                            at: at + i as isize,
                            len,
                            resume: i + resume,
                        };
                    }
                    Decoded::Incomplete { at } => {
                        return Decoded::Incomplete {
                            at: at + i as isize,
                        };
                    }
                }
                self.dirty = !src[..i].last().is_some_and(|&b| resets(b));
                if self.dirty && i < src.len() {
                    // Cut before the byte that resets: encoding_rs goes on.
                    continue;
                }
            }
            if i == src.len() {
                return Decoded::Done { read: i };
            }
            i += self.run(&src[i..], out);
            if i == src.len() {
                return Decoded::Done { read: i };
            }
            if !self.fill(src[i]) {
                self.dirty = true;
            }
        }
    }

    /// Decodes from the tables up to the first byte they do not hold; returns the bytes read.
    fn run(&self, src: &[u8], out: &mut Vec<u8>) -> usize {
        let mut i = 0;
        while i < src.len() {
            let limit = i + block_len(i).min(src.len() - i);
            work(limit - i);
            let start = out.len();
            // At most three bytes of UTF-8 per byte (a half-width katakana), written four at
            // once.
            out.resize(start + 3 * (limit - i) + 4, 0);
            let buf = &mut out[start..];
            let mut w = 0;
            while i < limit {
                let b = src[i];
                let mut e = self.single[usize::from(b)];
                let mut len = 1;
                if e == 0 {
                    let Some(&t) = src.get(i + 1) else { break };
                    e = self.pair[usize::from(b & 0x7F) << 8 | usize::from(t)];
                    if e == 0 || b < 0x80 {
                        break;
                    }
                    len = 2;
                }
                buf[w..w + 4].copy_from_slice(&e.to_le_bytes());
                w += (e >> 24) as usize;
                i += len;
            }
            out.truncate(start + w);
            if i < limit {
                break;
            }
        }
        i
    }
}

/// The bytes of a character in the encoder's table: up to two (little-endian) in the low 16
/// bits, their number in the next byte; 0: not asked yet.
const SLOW: u32 = u32::MAX;

/// Encoding: the table, and encoding_rs's encoder for what it does not hold.
pub struct Encoder {
    rs: encoding_rs::Encoder,
    /// By character of the Basic Multilingual Plane: its bytes, 0 (not asked yet), or `SLOW`
    /// (more than two bytes, or none: encoding_rs encodes it each time).
    table: Box<[u32; 0x10000]>,
    /// Whether ASCII encodes to itself, eight bytes at a time.
    ascii: bool,
}

impl Encoder {
    pub fn new(e: &'static encoding_rs::Encoding) -> Encoder {
        let mut enc = Encoder {
            rs: e.new_encoder(),
            table: vec![0; 0x10000].try_into().expect("0x10000 entries"),
            ascii: false,
        };
        enc.ascii = (0..0x80u8).all(|b| enc.learn(u32::from(b)) == 1 << 16 | u32::from(b));
        enc
    }

    /// The table's entry for `c`, asked of encoding_rs.
    fn learn(&mut self, c: u32) -> u32 {
        let mut utf8 = [0u8; 4];
        let text = char::from_u32(c).map_or("", |ch| ch.encode_utf8(&mut utf8));
        let mut out = [0u8; 16];
        let (result, _, written) = self
            .rs
            .encode_from_utf8_without_replacement(text, &mut out, false);
        let entry = match (result, written) {
            (encoding_rs::EncoderResult::InputEmpty, 1) => 1 << 16 | u32::from(out[0]),
            (encoding_rs::EncoderResult::InputEmpty, 2) => {
                2 << 16 | u32::from(u16::from_le_bytes([out[0], out[1]]))
            }
            _ => SLOW,
        };
        self.table[c as usize] = entry;
        entry
    }

    /// As [`crate::codec::Encoder::encode`]: `Err((offset in src, the character))` for the
    /// first character the encoding lacks, what comes before it written.
    pub fn encode(&mut self, src: &str, out: &mut Vec<u8>) -> Result<(), (usize, char)> {
        let bytes = src.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let limit = i + block_len(i).min(bytes.len() - i);
            work(limit - i);
            let start = out.len();
            // At most four bytes for a character of two bytes of UTF-8 or more (gb18030's
            // four-byte sequences), two written at once for one of ASCII, eight ASCII at once.
            out.resize(start + 2 * (limit - i) + 16, 0);
            let buf = &mut out[start..];
            let mut w = 0;
            let mut failed = None;
            while i < limit {
                let table = &self.table;
                (i, w) = encode_run(self.ascii, bytes, i, limit, buf, w, |c, buf, w| {
                    let &e = table.get(c as usize)?;
                    // One byte for ASCII, two for the others: the rest (a half-width katakana,
                    // not known yet, none) is the caller's. The output's length follows from the
                    // input's, not from the table (a read that the next character's position
                    // would wait for).
                    let n = 1 + usize::from(c >= 0x80);
                    if e >> 16 != n as u32 {
                        return None;
                    }
                    buf[w..w + 2].copy_from_slice(&(e as u16).to_le_bytes());
                    Some(n)
                });
                if i >= limit {
                    break;
                }
                let (c, len) = utf8_char(bytes, i);
                if c <= 0xFFFF {
                    let mut e = self.table[c as usize];
                    if e == 0 {
                        e = self.learn(c);
                    }
                    if e != SLOW {
                        buf[w..w + 2].copy_from_slice(&(e as u16).to_le_bytes());
                        (i, w) = (i + len, w + (e >> 16) as usize);
                        continue;
                    }
                }
                // encoding_rs, for this one character.
                let mut one = [0u8; 16];
                let (result, _, written) =
                    self.rs
                        .encode_from_utf8_without_replacement(&src[i..i + len], &mut one, false);
                if let encoding_rs::EncoderResult::Unmappable(ch) = result {
                    failed = Some((i, ch));
                    break;
                }
                buf[w..w + written].copy_from_slice(&one[..written]);
                (i, w) = (i + len, w + written);
            }
            out.truncate(start + w);
            if let Some(failed) = failed {
                return Err(failed);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [&encoding_rs::Encoding; 6] = [
        encoding_rs::SHIFT_JIS,
        encoding_rs::EUC_JP,
        encoding_rs::EUC_KR,
        encoding_rs::GBK,
        encoding_rs::GB18030,
        encoding_rs::BIG5,
    ];

    /// A small deterministic generator (xorshift).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// A decoder's `decode`.
    type Decode<'a> = dyn FnMut(&[u8], bool, &mut Vec<u8>) -> Decoded + 'a;

    /// Everything a decoder reports over `src` cut into `cuts`, each error resumed after as
    /// via.rs does: the output and the events (errors with their absolute positions).
    fn run_decoder(decode: &mut Decode, src: &[u8], cuts: &[usize]) -> (Vec<u8>, Vec<String>) {
        let mut out = Vec::new();
        let mut events = Vec::new();
        let mut bounds = cuts.to_vec();
        bounds.push(src.len());
        let mut from = 0;
        // Bytes that a decoder left unread wait for the next piece, as via.rs keeps them.
        let mut carry = 0;
        for &to in &bounds {
            let last = to == src.len();
            let base = from - carry;
            let piece = &src[base..to];
            let mut at = 0;
            loop {
                match decode(&piece[at..], last, &mut out) {
                    Decoded::Done { read } => {
                        carry = piece.len() - (at + read);
                        break;
                    }
                    Decoded::Invalid {
                        at: bad,
                        len,
                        resume,
                    } => {
                        let pos = (base + at) as isize + bad;
                        events.push(format!("invalid {pos} {len}"));
                        out.extend_from_slice("\u{FFFD}".as_bytes());
                        at += resume;
                        if at >= piece.len() && !last {
                            carry = 0;
                            break;
                        }
                    }
                    Decoded::Incomplete { at: bad } => {
                        events.push(format!("incomplete {}", (base + at) as isize + bad));
                        carry = 0;
                        break;
                    }
                }
            }
            from = to;
        }
        (out, events)
    }

    /// About `n` bytes of random characters: ASCII, ideographs, CJK punctuation and kana, and
    /// anything else.
    fn text(rng: &mut Rng, n: usize) -> String {
        let mut text = String::new();
        while text.len() < n {
            let c = match rng.below(10) {
                0..=1 => rng.below(0x80) as u32,
                2..=7 => 0x4E00 + rng.below(0x5000) as u32,
                8 => 0x3000 + rng.below(0x100) as u32,
                _ => rng.below(0x30000) as u32,
            };
            text.extend(char::from_u32(c));
        }
        text
    }

    /// Bytes that mostly form characters of `e` (its own encoding of random characters),
    /// with stray bytes among them.
    fn sample(e: &'static encoding_rs::Encoding, rng: &mut Rng, n: usize) -> Vec<u8> {
        let text = text(rng, n);
        let mut bytes = e.encode(&text).0.into_owned();
        for _ in 0..n / 50 {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next() as u8;
        }
        bytes
    }

    #[test]
    fn decoder_is_encoding_rs() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for e in ALL {
            // Every pair of bytes after every byte, and a few of each after that.
            let mut pairs = Vec::new();
            for b in 0..=255u8 {
                for t in 0..=255u8 {
                    pairs.extend_from_slice(&[b, t, 0x30 + (t % 10), b, b' ']);
                }
            }
            for src in [pairs, sample(e, &mut rng, 200_000)] {
                for round in 0..4 {
                    let mut cuts: Vec<usize> =
                        (0..round * 7).map(|_| rng.below(src.len())).collect();
                    cuts.sort_unstable();
                    cuts.dedup();
                    let mut plain = e.new_decoder_without_bom_handling();
                    let want = run_decoder(
                        &mut |s, last, out| whatwg_decode(&mut plain, s, last, out),
                        &src,
                        &cuts,
                    );
                    let mut fast = Decoder::new(e);
                    let got =
                        run_decoder(&mut |s, last, out| fast.decode(s, last, out), &src, &cuts);
                    assert!(
                        want == got,
                        "{} decodes differently (cuts {cuts:?})",
                        e.name()
                    );
                }
            }
        }
    }

    #[test]
    fn encoder_is_encoding_rs() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for e in ALL {
            let mut plain = e.new_encoder();
            let mut fast = Encoder::new(e);
            // Every character by itself.
            for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
                let mut utf8 = [0u8; 4];
                let text = c.encode_utf8(&mut utf8);
                let mut buf = [0u8; 16];
                let (result, _, written) =
                    plain.encode_from_utf8_without_replacement(text, &mut buf, false);
                let mut got = Vec::new();
                let fast_result = fast.encode(text, &mut got);
                let want = match result {
                    encoding_rs::EncoderResult::Unmappable(c) => Err((0, c)),
                    _ => Ok(()),
                };
                assert_eq!((fast_result, &got[..]), (want, &buf[..written]), "{c:?}");
            }
            // Text, its unmappable characters reported at the same place, then skipped.
            let text = text(&mut rng, 300_000);
            let mut buf = vec![0u8; 4 * text.len() + 16];
            let (mut p, mut q) = (0, 0);
            let (mut want, mut got) = (Vec::new(), Vec::new());
            loop {
                let (result, read, written) =
                    plain.encode_from_utf8_without_replacement(&text[p..], &mut buf, true);
                want.extend_from_slice(&buf[..written]);
                match (result, fast.encode(&text[q..], &mut got)) {
                    (encoding_rs::EncoderResult::InputEmpty, Ok(())) => break,
                    (encoding_rs::EncoderResult::Unmappable(c), Err((at, d))) => {
                        assert_eq!((c, p + read - c.len_utf8()), (d, q + at), "{}", e.name());
                        p += read;
                        q += at + d.len_utf8();
                    }
                    (r, f) => panic!("{}: {r:?} and {f:?}", e.name()),
                }
            }
            assert!(want == got, "{} encodes differently", e.name());
        }
    }

    /// Text with runs of ASCII long enough for the encoder's eight-at-a-time copy (the random
    /// text above rarely has eight in a row), between characters of two bytes, one byte (a
    /// half-width katakana in Shift_JIS) and none: encoded as encoding_rs does.
    #[test]
    fn encoder_copies_ascii_runs_as_encoding_rs() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut text = String::new();
        while text.len() < 100_000 {
            let run = rng.below(40);
            text.extend((0..run).map(|_| char::from(b' ' + rng.below(0x5F) as u8)));
            text.push(['中', '日', 'ｱ', 'あ', '한'][rng.below(5)]);
        }
        for e in ALL {
            // Each encoding's own characters only: the unmappable ones are the test above's.
            let text: String = text
                .chars()
                .filter(|c| !e.encode(&c.to_string()).2)
                .collect();
            let (want, _, _) = e.encode(&text);
            let mut got = Vec::new();
            let result = Encoder::new(e).encode(&text, &mut got);
            assert_eq!(result, Ok(()), "{}", e.name());
            assert!(got[..] == want[..], "{} encodes differently", e.name());
        }
    }
}
