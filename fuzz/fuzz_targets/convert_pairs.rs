//! `utf8x::convert` across every pair of encodings and policies: measuring gives exactly the
//! converted length; lossless forms round-trip; the pairs with a direct function give exactly
//! what that function gives.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8x::{Encoding, Policy, Status};
use utf8x_fuzz::{Input, convert_exact, convert_units, units, widen, with_units};

/// Forms that hold every Unicode scalar value.
fn unicode_form(e: Encoding) -> bool {
    !matches!(e, Encoding::Latin1 | Encoding::Cp1252)
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let (from, to, policy) = (input.encoding(), input.encoding(), input.policy());
    let bytes = input.rest();
    let src: Vec<u32> = with_units!(from, to, |S, T| {
        let _ = core::marker::PhantomData::<T>;
        widen(&units::<S>(bytes))
    });

    // Measure == convert (checked inside), and the output never exceeds the measure.
    let (r, out) = convert_exact(&src, from, to, policy);
    assert_eq!(r.written, out.len());

    // UTF-16 → WTF-8 → UTF-16 is the identity for any units, lone surrogates included.
    let u16s = widen(&units::<u16>(bytes));
    for e16 in [Encoding::Utf16Le, Encoding::Utf16Be, Encoding::Utf16] {
        let (r, wtf8) = convert_exact(&u16s, e16, Encoding::Wtf8, Policy::Strict);
        assert_eq!(r.status, Status::Ok, "{e16:?} -> WTF-8 {u16s:x?}: {r:?}");
        let (r, back) = convert_exact(&wtf8, Encoding::Wtf8, e16, Policy::Strict);
        assert_eq!(r.status, Status::Ok, "WTF-8 -> {e16:?} {u16s:x?}: {r:?}");
        assert_eq!(back, u16s, "{e16:?} -> WTF-8 -> {e16:?}");
    }

    // Valid UTF-8 → any Unicode form → UTF-8 is the identity.
    let text = String::from_utf8_lossy(bytes);
    let utf8 = widen(text.as_bytes());
    if unicode_form(to) {
        let (r, there) = convert_exact(&utf8, Encoding::Utf8, to, Policy::Strict);
        assert_eq!(r.status, Status::Ok, "UTF-8 -> {to:?} {text:?}: {r:?}");
        let (r, back) = convert_exact(&there, to, Encoding::Utf8, Policy::Strict);
        assert_eq!(r.status, Status::Ok, "{to:?} -> UTF-8 {text:?}: {r:?}");
        assert_eq!(back, utf8, "UTF-8 -> {to:?} -> UTF-8 {text:?}");
    }

    // The pinned pairs are the direct functions.
    let raw8 = bytes;
    let raw16 = units::<u16>(bytes);
    let raw32 = units::<u32>(bytes);
    let direct = |e: Encoding, cap: usize| -> (utf8x::Outcome, Vec<u32>) {
        macro_rules! call {
            ($f:path, $src:expr, $t:ty) => {{
                let mut dst = vec![<$t>::default(); cap];
                let r = $f($src, Some(&mut dst[..]), policy);
                dst.truncate(r.written.min(cap));
                (r, widen(&dst))
            }};
        }
        match e {
            Encoding::Utf16Le => call!(utf8x::to_utf16le, raw8, u16),
            Encoding::Utf16Be => call!(utf8x::to_utf16be, raw8, u16),
            Encoding::Utf16 => call!(utf8x::to_utf16, raw8, u16),
            Encoding::Utf32 => call!(utf8x::to_utf32, raw8, u32),
            Encoding::Latin1 => call!(utf8x::to_latin1, raw8, u8),
            _ => unreachable!(),
        }
    };
    let reverse = |e: Encoding, cap: usize| -> (utf8x::Outcome, Vec<u32>) {
        let mut dst = vec![0u8; cap];
        let r = match e {
            Encoding::Utf16Le => utf8x::from_utf16le(&raw16, Some(&mut dst), policy),
            Encoding::Utf16Be => utf8x::from_utf16be(&raw16, Some(&mut dst), policy),
            Encoding::Utf16 => utf8x::from_utf16(&raw16, Some(&mut dst), policy),
            Encoding::Utf32 => utf8x::from_utf32(&raw32, Some(&mut dst), policy),
            Encoding::Latin1 => utf8x::from_latin1(raw8, Some(&mut dst), policy),
            _ => unreachable!(),
        };
        dst.truncate(r.written.min(cap));
        (r, widen(&dst))
    };
    let pinned = [
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf16,
        Encoding::Utf32,
        Encoding::Latin1,
    ];
    let cap = input_cap(bytes.len());
    if from == Encoding::Utf8 && pinned.contains(&to) {
        let via = convert_units(&src, from, to, policy, Some(cap));
        assert_eq!(
            via,
            direct(to, cap),
            "convert vs direct UTF-8 -> {to:?} {policy:?}"
        );
    }
    if to == Encoding::Utf8 && pinned.contains(&from) {
        let via = convert_units(&src, from, to, policy, Some(cap));
        assert_eq!(
            via,
            reverse(from, cap),
            "convert vs direct {from:?} -> UTF-8 {policy:?}"
        );
    }
});

/// A capacity that is sometimes too small, so that `OutputFull` is compared too.
fn input_cap(len: usize) -> usize {
    len * 3 / 2
}
