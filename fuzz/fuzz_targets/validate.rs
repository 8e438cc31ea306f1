//! UTF-8 validation on every kernel set and through the public API, against `core::str`:
//! the same verdict, the same error offset and maximal-subpart length, the same counts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8x::{Outcome, Status};
use utf8x_fuzz::kernels;

fn check(who: &str, data: &[u8], r: Outcome) {
    match core::str::from_utf8(data) {
        Ok(_) => {
            assert_eq!(r.status, Status::Ok, "{who} {data:x?}: {r:?}");
            assert_eq!(r.read, data.len(), "{who} {data:x?}: {r:?}");
        }
        Err(e) => {
            assert_eq!(r.read, e.valid_up_to(), "{who} offset {data:x?}: {r:?}");
            match e.error_len() {
                Some(n) => {
                    assert_eq!(r.status, Status::Invalid, "{who} {data:x?}: {r:?}");
                    assert_eq!(r.error_len, n, "{who} error_len {data:x?}: {r:?}");
                }
                None => {
                    assert_eq!(r.status, Status::Truncated, "{who} {data:x?}: {r:?}");
                    assert_eq!(r.error_len, 0, "{who} error_len {data:x?}: {r:?}");
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let valid = core::str::from_utf8(data).is_ok();
    // Independent of any decoding: a character starts at every byte that is not 80..BF.
    let starts = data
        .iter()
        .filter(|&&b| !(0x80..=0xBF).contains(&b))
        .count();
    let ascii = data.iter().all(|&b| b < 0x80);
    for &k in kernels() {
        let who = k.name();
        check(who, data, k.validate(data));
        assert_eq!(k.is_valid(data), valid, "{who} is_valid {data:x?}");
        assert_eq!(k.count(data), starts, "{who} count {data:x?}");
        assert_eq!(k.is_ascii(data), ascii, "{who} is_ascii {data:x?}");
    }
    check("public", data, utf8x::validate(data));
    assert_eq!(utf8x::is_valid(data), valid, "public is_valid {data:x?}");
    assert_eq!(utf8x::count(data), starts, "public count {data:x?}");
    assert_eq!(utf8x::is_ascii(data), ascii, "public is_ascii {data:x?}");
});
