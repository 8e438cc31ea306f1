//! The C stream API: argument checks and a byte-at-a-time run through the exported functions.

use core::ffi::c_void;
use core::ptr::{null, null_mut};

use utf8x_ffi::*;

fn init(from: u32, to: u32, policy: u32) -> utf8x_stream {
    let mut st = utf8x_stream { opaque: [0; 4] };
    // SAFETY: `st` is a valid, writable state.
    assert_eq!(
        unsafe { utf8x_stream_init(&mut st, from, to, policy) },
        UTF8X_OK
    );
    st
}

#[test]
fn init_rejects_bad_arguments() {
    let mut st = utf8x_stream { opaque: [7; 4] };
    // SAFETY: every pointer is NULL or a valid, writable state.
    unsafe {
        assert_eq!(
            utf8x_stream_init(null_mut(), UTF8X_ENC_UTF8, UTF8X_ENC_UTF32, UTF8X_STRICT),
            UTF8X_BAD_ARGUMENT
        );
        assert_eq!(
            utf8x_stream_init(&mut st, UTF8X_ENC_UTF8, 15, UTF8X_STRICT),
            UTF8X_BAD_ARGUMENT
        );
        assert_eq!(
            utf8x_stream_init(&mut st, UTF8X_ENC_UTF16LE, UTF8X_ENC_UTF32, 5),
            UTF8X_BAD_ARGUMENT
        );
        assert_eq!(
            utf8x_stream_init(&mut st, UTF8X_ENC_UTF8, UTF8X_ENC_CP1252, UTF8X_ESCAPE),
            UTF8X_BAD_ARGUMENT
        );
        assert_eq!(
            utf8x_stream_init(&mut st, 0, UTF8X_ENC_UTF8, UTF8X_STRICT),
            UTF8X_BAD_ARGUMENT
        );
        assert_eq!(
            utf8x_stream_init(&mut st, UTF8X_ENC_UTF8, UTF8X_ENC_LATIN1, UTF8X_ESCAPE),
            UTF8X_BAD_ARGUMENT
        );
        assert_eq!(
            utf8x_stream_init(&mut st, UTF8X_ENC_UTF8, UTF8X_ENC_UTF32, 5),
            UTF8X_BAD_ARGUMENT
        );
        // The rejected state is unusable.
        let r = utf8x_stream_convert(&mut st, b"a".as_ptr().cast(), 1, null_mut(), 0, true);
        assert_eq!(r.status, UTF8X_BAD_ARGUMENT);
        assert_eq!(utf8x_stream_position(&st), 0);
        assert_eq!(utf8x_stream_pending(null()), 0);
    }
}

#[test]
fn convert_rejects_bad_buffers() {
    let mut st = init(UTF8X_ENC_UTF8, UTF8X_ENC_UTF16LE, UTF8X_STRICT);
    let before = st;
    let mut out = [0u16; 8];
    let bytes = [0u8; 16];
    // SAFETY: every pointer is NULL, or valid for the length given, or deliberately misaligned
    // (which the function must reject before use).
    unsafe {
        let r = utf8x_stream_convert(&mut st, null(), 3, out.as_mut_ptr().cast(), 8, false);
        assert_eq!(r.status, UTF8X_BAD_ARGUMENT);
        let odd = out.as_mut_ptr().cast::<u8>().add(1).cast::<c_void>();
        let r = utf8x_stream_convert(&mut st, b"ab".as_ptr().cast(), 2, odd, 4, false);
        assert_eq!(r.status, UTF8X_BAD_ARGUMENT);
        let p = out.as_mut_ptr().cast::<c_void>();
        let r = utf8x_stream_convert(&mut st, p, 4, p, 8, false);
        assert_eq!(r.status, UTF8X_BAD_ARGUMENT);
        let r = utf8x_stream_convert(null_mut(), bytes.as_ptr().cast(), 1, p, 8, false);
        assert_eq!(r.status, UTF8X_BAD_ARGUMENT);
        let mut garbage = utf8x_stream {
            opaque: [1, 2, 3, 4],
        };
        let r = utf8x_stream_convert(&mut garbage, bytes.as_ptr().cast(), 1, p, 8, false);
        assert_eq!(r.status, UTF8X_BAD_ARGUMENT);
        // (NULL, 0) is an empty chunk.
        let r = utf8x_stream_convert(&mut st, null(), 0, null_mut(), 0, false);
        assert_eq!((r.status, r.read, r.written), (UTF8X_OK, 0, 0));
    }
    assert_eq!(st, before);
}

#[test]
fn byte_at_a_time_matches_one_shot() {
    let src = "aé€😀\u{10FFFF}"
        .as_bytes()
        .iter()
        .chain(b"\xE1\x80\x41\xF0\x9F")
        .copied()
        .collect::<Vec<u8>>();
    for policy in [UTF8X_STRICT, UTF8X_REPLACE, UTF8X_SKIP, UTF8X_ESCAPE] {
        let mut want = [0u32; 64];
        // SAFETY: valid buffers with their lengths.
        let one = unsafe {
            utf8x_to_wchar(
                src.as_ptr(),
                src.len(),
                want.as_mut_ptr().cast(),
                64,
                policy,
            )
        };
        let mut st = init(UTF8X_ENC_UTF8, UTF8X_ENC_WCHAR, policy);
        let mut got = Vec::new();
        let mut replaced = 0;
        let mut last = None;
        for (i, b) in src.iter().enumerate() {
            let mut out = [0u32; 8];
            let fin = i + 1 == src.len();
            // SAFETY: valid buffers with their lengths.
            let r = unsafe {
                utf8x_stream_convert(
                    &mut st,
                    (b as *const u8).cast(),
                    1,
                    out.as_mut_ptr().cast(),
                    8,
                    fin,
                )
            };
            got.extend_from_slice(&out[..r.written]);
            replaced += r.replaced;
            if r.status != UTF8X_OK {
                last = Some(r);
                break;
            }
        }
        assert_eq!(got, want[..one.written], "policy {policy}");
        assert_eq!(replaced, one.replaced);
        // SAFETY: `st` is a valid state.
        let position = unsafe { utf8x_stream_position(&st) };
        match last {
            None => assert_eq!((one.status, position), (UTF8X_OK, src.len() as u64)),
            Some(r) => {
                assert_eq!(
                    (r.status, r.error, r.error_len),
                    (one.status, one.error, one.error_len)
                );
                assert_eq!(position, one.read as u64);
            }
        }
    }
}

#[test]
fn pending_and_position_are_visible() {
    let mut st = init(UTF8X_ENC_UTF16LE, UTF8X_ENC_UTF8, UTF8X_STRICT);
    let src = [0x41u16.to_le(), 0xD83Du16.to_le()];
    let mut out = [0u8; 8];
    // SAFETY: valid buffers with their lengths; `st` is a valid state.
    unsafe {
        let r = utf8x_stream_convert(
            &mut st,
            src.as_ptr().cast(),
            2,
            out.as_mut_ptr().cast(),
            8,
            false,
        );
        assert_eq!((r.status, r.read, r.written), (UTF8X_OK, 2, 1));
        assert_eq!(
            (utf8x_stream_position(&st), utf8x_stream_pending(&st)),
            (1, 1)
        );
        let r = utf8x_stream_convert(&mut st, null(), 0, out.as_mut_ptr().cast(), 8, true);
        assert_eq!(
            (r.status, r.error, r.read),
            (UTF8X_TRUNCATED, UTF8X_ERR_INCOMPLETE, 0)
        );
        assert_eq!(utf8x_stream_position(&st), 1);
    }
}
