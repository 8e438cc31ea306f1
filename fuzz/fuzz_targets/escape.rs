//! ESCAPE (PEP 383) is lossless: any bytes → UTF-16 or UTF-32 → bytes gives the input back, on
//! every kernel set and through `convert`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8x::{Encoding, Policy, Status};
use utf8x_fuzz::{convert_exact, kernels, widen};

fuzz_target!(|data: &[u8]| {
    let p = Policy::Escape;
    for &k in kernels() {
        let who = k.name();
        let n = k.to_utf16le(data, None, p).written;
        let mut mid = vec![0u16; n];
        let r = k.to_utf16le(data, Some(&mut mid), p);
        assert_eq!((r.status, r.written), (Status::Ok, n), "{who} {data:x?}");
        let m = k.from_utf16le(&mid, None, p).written;
        let mut back = vec![0u8; m];
        let r = k.from_utf16le(&mid, Some(&mut back), p);
        assert_eq!((r.status, r.written), (Status::Ok, m), "{who} {data:x?}");
        assert_eq!(back, data, "{who} via UTF-16LE {data:x?}");

        let mut mid = vec![0u16; n];
        let r = k.to_utf16be(data, Some(&mut mid), p);
        assert_eq!(
            (r.status, r.written),
            (Status::Ok, n),
            "{who} to UTF-16BE {data:x?}"
        );
        let mut back = vec![0u8; m];
        let r = k.from_utf16be(&mid, Some(&mut back), p);
        assert_eq!((r.status, r.written), (Status::Ok, m), "{who} {data:x?}");
        assert_eq!(back, data, "{who} via UTF-16BE {data:x?}");

        let n = k.to_utf32(data, None, p).written;
        let mut mid = vec![0u32; n];
        let r = k.to_utf32(data, Some(&mut mid), p);
        assert_eq!((r.status, r.written), (Status::Ok, n), "{who} {data:x?}");
        let m = k.from_utf32(&mid, None, p).written;
        let mut back = vec![0u8; m];
        let r = k.from_utf32(&mid, Some(&mut back), p);
        assert_eq!((r.status, r.written), (Status::Ok, m), "{who} {data:x?}");
        assert_eq!(back, data, "{who} via UTF-32 {data:x?}");
    }
    let src = widen(data);
    for mid in [Encoding::Utf16Le, Encoding::Utf16Be, Encoding::Utf32] {
        let (r, there) = convert_exact(&src, Encoding::Utf8, mid, p);
        assert_eq!(r.status, Status::Ok, "UTF-8 -> {mid:?} {data:x?}: {r:?}");
        let (r, back) = convert_exact(&there, mid, Encoding::Utf8, p);
        assert_eq!(r.status, Status::Ok, "{mid:?} -> UTF-8 {data:x?}: {r:?}");
        assert_eq!(back, src, "via {mid:?} {data:x?}");
    }
});
