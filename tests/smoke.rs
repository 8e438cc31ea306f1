use utf8x::*;
#[test]
fn smoke() {
    let s = b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64";
    let mut out = [0u16; 64];
    let o = to_utf16le(s, Some(&mut out), Policy::Replace);
    assert_eq!(o.replaced, 6, "{o:?}");
    let lossy: Vec<u16> = String::from_utf8_lossy(s).encode_utf16().collect();
    assert_eq!(&out[..o.written], &lossy[..]);
    let v = validate(s);
    assert_eq!((v.status, v.read, v.error_len), (Status::Invalid, 1, 3));
    assert_eq!(validate("héllo€😀".as_bytes()).status, Status::Ok);
    assert_eq!(validate(b"\xE0\xA0").status, Status::Truncated);
}
