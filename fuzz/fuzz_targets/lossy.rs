//! REPLACE conversions against `String::from_utf8_lossy` (one U+FFFD per maximal subpart, the
//! same rule): UTF-8 → UTF-8 through `convert`, UTF-8 → UTF-16LE/BE and UTF-32 on every kernel
//! set and through the public functions. Outputs are exactly as large as measured.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8x::{Encoding, Policy, Status};
use utf8x_fuzz::{convert_exact, kernels, widen};

fuzz_target!(|data: &[u8]| {
    let lossy = String::from_utf8_lossy(data);
    let utf16: Vec<u16> = lossy.encode_utf16().collect();
    let utf32: Vec<u32> = lossy.chars().map(u32::from).collect();
    let p = Policy::Replace;

    let src = widen(data);
    let (r, out) = convert_exact(&src, Encoding::Utf8, Encoding::Utf8, p);
    assert_eq!(r.status, Status::Ok, "{data:x?}: {r:?}");
    assert_eq!(out, widen(lossy.as_bytes()), "UTF-8 -> UTF-8 {data:x?}");

    for &k in kernels() {
        let who = k.name();
        let n = k.to_utf16le(data, None, p).written;
        let mut le = vec![0u16; n];
        let r = k.to_utf16le(data, Some(&mut le), p);
        assert_eq!((r.status, r.written), (Status::Ok, n), "{who} {data:x?}");
        let le: Vec<u16> = le.iter().map(|&u| u16::from_le(u)).collect();
        assert_eq!(le, utf16, "{who} to_utf16le {data:x?}");

        let mut be = vec![0u16; n];
        let r = k.to_utf16be(data, Some(&mut be), p);
        assert_eq!((r.status, r.written), (Status::Ok, n), "{who} {data:x?}");
        let be: Vec<u16> = be.iter().map(|&u| u16::from_be(u)).collect();
        assert_eq!(be, utf16, "{who} to_utf16be {data:x?}");

        let n = k.to_utf32(data, None, p).written;
        let mut w = vec![0u32; n];
        let r = k.to_utf32(data, Some(&mut w), p);
        assert_eq!((r.status, r.written), (Status::Ok, n), "{who} {data:x?}");
        assert_eq!(w, utf32, "{who} to_utf32 {data:x?}");
    }

    let mut le = vec![0u16; utf16.len()];
    let r = utf8x::to_utf16le(data, Some(&mut le), p);
    assert_eq!(r.status, Status::Ok, "public {data:x?}");
    let le: Vec<u16> = le.iter().map(|&u| u16::from_le(u)).collect();
    assert_eq!(le, utf16, "public to_utf16le {data:x?}");
    let (_, out) = convert_exact(&src, Encoding::Utf8, Encoding::Utf16, p);
    assert_eq!(out, widen(&utf16), "convert UTF-8 -> UTF-16 {data:x?}");
});
