//! The `mbstate_t` words of [`utf8x::MbState`]: what a state stores comes back, and words it
//! never stores (a state that was not zeroed, or was used by another library) are refused.

use utf8x::{MbDecoded, MbState};

#[test]
fn words_round_trip_and_reject_garbage() {
    let mut st = MbState::new();
    assert_eq!(st.to_words(), [0, 0]);
    assert_eq!(st.decode(b"\xF0\x9F"), MbDecoded::Incomplete);
    assert_eq!(st.to_words(), [1 | 2 << 8, 0x9FF0]);
    assert_eq!(MbState::from_words(st.to_words()), Some(st));
    let mut st16 = MbState::new();
    st16.decode_utf16("😀".as_bytes());
    assert_eq!(MbState::from_words(st16.to_words()), Some(st16));
    // The layout `to_words` documents: `[tag | len << 8, payload]`, tag 1 pending UTF-8 bytes,
    // 2 a low surrogate owed, 3 a high surrogate held.
    for garbage in [
        // Tag 0 with a length or a payload.
        [1 << 8, 0],
        [0, 1],
        // Pending bytes, none of them.
        [1, 0],
        // Pending bytes that are no unfinished prefix, or too many of them.
        [1 | 1 << 8, 0x80],
        [1 | 4 << 8, 0xF0],
        [1 | 2 << 8, 0xBFE0 | 1 << 16],
        // A surrogate of the other half, and an unknown tag.
        [2, 0xD800],
        [3, 0xDC00],
        [9, 0],
    ] {
        assert_eq!(MbState::from_words(garbage), None, "{garbage:x?}");
    }
}
