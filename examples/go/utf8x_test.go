package utf8x

import (
	"bytes"
	"testing"
	"unicode/utf16"
)

// A truncated euro sign (E2 82, then a space) at byte 6: the README's C example's input.
var broken = []byte("caf\xc3\xa9 \xe2\x82 ok")

func TestValidateValid(t *testing.T) {
	text := []byte("h\u00e9llo \u20ac \U0001F600")
	r := Validate(text)
	if r.Status != OK || r.Read != len(text) || r.ErrorLen != 0 || r.Error != ErrNone {
		t.Fatalf("valid text: got %+v", r)
	}
}

func TestValidateInvalid(t *testing.T) {
	r := Validate(broken)
	if r.Status != Invalid || r.Read != 6 || r.ErrorLen != 2 || r.Error != ErrTooShort {
		t.Fatalf("broken text: got %+v", r)
	}
	if got := ErrorString(r.Error); got != "sequence too short" {
		t.Fatalf("kind string: got %q", got)
	}
	if got := r.String(); got != "invalid input at unit 6 (2 units): sequence too short" {
		t.Fatalf("description: got %q", got)
	}
	// An overlong slash (C0 AF): C0 can start no well-formed sequence, so each byte is its own
	// maximal subpart and the error is one byte long, at byte 1.
	r = Validate([]byte("a\xc0\xafb"))
	if r.Status != Invalid || r.Read != 1 || r.ErrorLen != 1 || r.Error != ErrOverlong {
		t.Fatalf("overlong: got %+v", r)
	}
}

func TestReplaceToUTF16LE(t *testing.T) {
	want := utf16.Encode([]rune("caf\u00e9 \ufffd ok"))
	out, r := DecodeUTF8(broken, Replace)
	if r.Status != OK || r.Read != len(broken) || r.Replaced != 1 || r.Written != len(want) {
		t.Fatalf("replace: got %+v", r)
	}
	if !equal16(out, want) {
		t.Fatalf("replace: got %04x, want %04x", out, want)
	}
}

func TestMeasure(t *testing.T) {
	// NULL dst writes nothing and tells how many units the conversion needs.
	r := ToUTF16LE(broken, nil, Replace)
	if r.Status != OK || r.Written != 9 || r.Replaced != 1 {
		t.Fatalf("measure under replace: got %+v", r)
	}
	// Under STRICT it measures up to the error, and reports the error as validation does.
	r = ToUTF16LE(broken, nil, Strict)
	if r.Status != Invalid || r.Read != 6 || r.ErrorLen != 2 || r.Written != 5 {
		t.Fatalf("measure under strict: got %+v", r)
	}
	// A buffer one unit short stops after the last whole character that fits.
	dst := make([]uint16, 8)
	r = ToUTF16LE(broken, dst, Replace)
	if r.Status != OutputFull || r.Written != 8 || r.Read != len(broken)-1 {
		t.Fatalf("short buffer: got %+v", r)
	}
}

func TestConvertUTF8ToCESU8(t *testing.T) {
	// U+1F600 is the surrogate pair D83D DE00, which CESU-8 writes as two 3-byte sequences.
	emoji := []byte("\U0001F600")
	want := []byte{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}
	need := ConvertBytes(emoji, EncUTF8, nil, EncCESU8, Strict)
	if need.Status != OK || need.Written != len(want) {
		t.Fatalf("measure: got %+v", need)
	}
	dst := make([]byte, need.Written)
	r := ConvertBytes(emoji, EncUTF8, dst, EncCESU8, Strict)
	if r.Status != OK || r.Read != 4 || !bytes.Equal(dst, want) {
		t.Fatalf("convert: got %+v % x", r, dst)
	}
	back := make([]byte, 4)
	r = ConvertBytes(dst, EncCESU8, back, EncUTF8, Strict)
	if r.Status != OK || r.Written != 4 || !bytes.Equal(back, emoji) {
		t.Fatalf("back to UTF-8: got %+v % x", r, back)
	}
	// The 4-byte form is ill-formed CESU-8: the error names it, at its offset.
	r = ConvertBytes(append([]byte("ab"), emoji...), EncCESU8, make([]byte, 16), EncUTF8, Strict)
	if r.Status != Invalid || r.Read != 2 || r.ErrorLen != 1 || r.Written != 2 || r.Error != ErrFourByte {
		t.Fatalf("4-byte form in CESU-8: got %+v", r)
	}
	if got := ErrorString(r.Error); got != "4-byte sequence where supplementary characters must be surrogate pairs" {
		t.Fatalf("kind string: got %q", got)
	}
}

func equal16(a, b []uint16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
