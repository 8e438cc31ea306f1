//! Transcoders built on what AVX-512 adds: per-lane mask registers, byte and word compression
//! (VBMI2 `vpcompressb`/`vpcompressw`), two-table byte permutes (VBMI `vpermt2b`) and masked
//! stores. Where the 256-bit algorithms look up a shuffle per eight bytes to move characters
//! together, these compute every lane's result in place and let one compression drop the lanes
//! that hold nothing, so a whole 64-byte block takes a handful of instructions and no tables.
//!
//! UTF-8 → UTF-16/UTF-32 of text of one- and two-byte characters, where a block's masks alone
//! validate it, takes a loop of its own that advances a constant 63 bytes a step
//! ([`two_byte_run`](two_byte::two_byte_run)).
//!
//! Each function takes the blocks it handles in full (ASCII; valid text, except four-byte
//! characters into UTF-32, surrogates from UTF-16 and, for Latin-1, characters above U+00FF) and
//! hands any other stretch to the 256-bit algorithm, instantiated here as functions of their own
//! called through a pointer ([`decode256`](detour::decode256), [`encode256`](detour::encode256)),
//! for at most [`DECODE_DETOUR`](detour::DECODE_DETOUR) input bytes from UTF-8, half as many
//! UTF-16 units and [`DETOUR`](detour::DETOUR) UTF-32 units: errors, characters the block form
//! does not take, the end of the input and a nearly full output all go that way, so results are
//! the same as every other kernel's by construction. The UTF-8 decoders take runs of three- or
//! four-byte characters (CJK text, emoji) in a loop of their own
//! ([`dense_run`](dense::dense_run)), 16 characters a step, and hand a block of other characters
//! without any ASCII byte (a mix of lengths) to the 256-bit decoder for a longer stretch
//! ([`dense_detour`](detour::dense_detour)).
//!
//! Where things live. UTF-8 → UTF-16/UTF-32: [`decode`] the entry points and the block loop,
//! which only dispatches; the steps it dispatches to, each an `#[inline(always)] unsafe fn`
//! whose `# Safety` states its own bounds: [`ascii_run`] (runs of ASCII blocks), [`two_byte`]
//! (blocks and runs of one- and two-byte characters), [`dense`] (runs of three- or four-byte
//! characters), [`general`] (any other valid block, and what a lossy policy replaces there) and
//! [`last`] (the last block, with one masked load); [`wide`] the sinks, UTF-16 and UTF-32.
//! UTF-8 → Latin-1: [`to_latin1`]. To UTF-8: [`from_utf16`], [`from_utf32`] (with [`encode`], the
//! UTF-8 forms of a vector of code points); Latin-1 → UTF-8 is `x86/latin1.rs`. Shared: [`detour`] the 256-bit
//! algorithms, [`block`] the stores, masks and tables every step uses.

mod ascii_run;
mod block;
mod decode;
mod dense;
mod detour;
mod encode;
mod from_utf16;
mod from_utf32;
mod general;
mod last;
mod to_latin1;
mod two_byte;
mod wide;

pub(super) use decode::{utf8_to_wide, utf8_to_wide_replacing};
pub(super) use from_utf16::utf16_to_utf8;
pub(super) use from_utf32::utf32_to_utf8;
pub(super) use last::decode_last;
pub(super) use to_latin1::utf8_to_latin1;
