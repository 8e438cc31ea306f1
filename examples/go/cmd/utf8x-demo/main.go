// utf8x-demo validates a buffer with a broken character, then converts it to UTF-16LE with
// replacement and an emoji to CESU-8, printing what the library reports.
package main

import (
	"fmt"
	"os"

	"example.com/utf8x"
)

func main() {
	text := []byte("caf\xc3\xa9 \xe2\x82 ok") // a truncated euro sign at byte 6
	r := utf8x.Validate(text)
	if r.Status != utf8x.OK {
		fmt.Printf("%s at byte %d (%d bytes): %s\n", utf8x.StatusString(r.Status), r.Read,
			r.ErrorLen, utf8x.ErrorString(r.Error))
	}

	units, r := utf8x.DecodeUTF8(text, utf8x.Replace)
	fmt.Printf("%d UTF-16 units, %d replaced: %04x\n", r.Written, r.Replaced, units)

	emoji := []byte("\U0001F600")
	need := utf8x.ConvertBytes(emoji, utf8x.EncUTF8, nil, utf8x.EncCESU8, utf8x.Strict)
	cesu := make([]byte, need.Written)
	r = utf8x.ConvertBytes(emoji, utf8x.EncUTF8, cesu, utf8x.EncCESU8, utf8x.Strict)
	if r.Status != utf8x.OK {
		fmt.Fprintln(os.Stderr, "CESU-8:", r)
		os.Exit(1)
	}
	fmt.Printf("U+1F600 in CESU-8: % X\n", cesu)
}
