// Package utf8x calls the utf8x C library through cgo: validation and conversion with the
// exact offset, length and kind of the first error.
//
// After `make build` in the repository root (which also makes the libutf8x.so.0 link that the
// Go binaries load):
//
//	export CGO_LDFLAGS=-L$PWD/../../target/release LD_LIBRARY_PATH=$PWD/../../target/release
//	go test ./...
//	go run ./cmd/utf8x-demo
//
// The header comes from this repository's include/ directory; set CGO_CFLAGS=-I<dir> to use an
// installed one instead.
package utf8x

/*
#cgo CFLAGS: -I${SRCDIR}/../../include
#cgo LDFLAGS: -lutf8x
#include <stdlib.h>
#include "utf8x.h"
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// Status codes, error kinds, policies and encodings: the header's macros, which Go cannot
// import as typed constants on its own.
const (
	OK          = uint32(C.UTF8X_OK)
	Invalid     = uint32(C.UTF8X_INVALID)
	Truncated   = uint32(C.UTF8X_TRUNCATED)
	OutputFull  = uint32(C.UTF8X_OUTPUT_FULL)
	Unmappable  = uint32(C.UTF8X_UNMAPPABLE)
	BadArgument = uint32(C.UTF8X_BAD_ARGUMENT)

	Strict  = uint32(C.UTF8X_STRICT)
	Replace = uint32(C.UTF8X_REPLACE)
	Skip    = uint32(C.UTF8X_SKIP)

	ErrNone     = uint32(C.UTF8X_ERR_NONE)
	ErrTooShort = uint32(C.UTF8X_ERR_TOO_SHORT)
	ErrOverlong = uint32(C.UTF8X_ERR_OVERLONG)
	ErrFourByte = uint32(C.UTF8X_ERR_FOUR_BYTE_FORM)

	EncUTF8    = uint32(C.UTF8X_ENC_UTF8)
	EncUTF16LE = uint32(C.UTF8X_ENC_UTF16LE)
	EncUTF32   = uint32(C.UTF8X_ENC_UTF32)
	EncCESU8   = uint32(C.UTF8X_ENC_CESU8)
	EncMUTF8   = uint32(C.UTF8X_ENC_MUTF8)
)

// Result mirrors utf8x_result. Read is the offset of the problem when Status is not OK.
type Result struct {
	Status   uint32
	Error    uint32
	Read     int
	Written  int
	ErrorLen int
	Replaced int
}

func fromC(r C.struct_utf8x_result) Result {
	return Result{
		Status:   uint32(r.status),
		Error:    uint32(r.error),
		Read:     int(r.read),
		Written:  int(r.written),
		ErrorLen: int(r.error_len),
		Replaced: int(r.replaced),
	}
}

// String describes the result the way the README's C example prints a failure.
func (r Result) String() string {
	return fmt.Sprintf("%s at unit %d (%d units): %s",
		StatusString(r.Status), r.Read, r.ErrorLen, ErrorString(r.Error))
}

// The C functions read and write Go memory directly: cgo allows passing a pointer to Go memory
// that holds no Go pointers, for the duration of the call. An empty slice has no first element
// to point at, and the C API takes (NULL, 0) as empty input and NULL as "measure only".
func bytesPtr(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

func units16Ptr(u []uint16) *C.uint16_t {
	if len(u) == 0 {
		return nil
	}
	return (*C.uint16_t)(unsafe.Pointer(&u[0]))
}

// Validate checks that b is well-formed UTF-8.
func Validate(b []byte) Result {
	return fromC(C.utf8x_validate(bytesPtr(b), C.size_t(len(b))))
}

// ToUTF16LE converts UTF-8 to UTF-16LE units in dst; a nil dst measures (Written is the units
// the whole conversion needs).
func ToUTF16LE(src []byte, dst []uint16, policy uint32) Result {
	return fromC(C.utf8x_to_utf16le(bytesPtr(src), C.size_t(len(src)),
		units16Ptr(dst), C.size_t(len(dst)), C.uint32_t(policy)))
}

// ConvertBytes converts between two byte-oriented encodings (the UTF-8 family, Latin-1,
// Windows-1252) with utf8x_convert; a nil dst measures.
func ConvertBytes(src []byte, from uint32, dst []byte, to uint32, policy uint32) Result {
	return fromC(C.utf8x_convert(unsafe.Pointer(bytesPtr(src)), C.size_t(len(src)), C.uint32_t(from),
		unsafe.Pointer(bytesPtr(dst)), C.size_t(len(dst)), C.uint32_t(to), C.uint32_t(policy)))
}

// StatusString and ErrorString return the library's static English descriptions.
func StatusString(status uint32) string {
	return C.GoString(C.utf8x_status_str(C.uint32_t(status)))
}

// ErrorString describes a UTF8X_ERR_* kind.
func ErrorString(kind uint32) string {
	return C.GoString(C.utf8x_error_str(C.uint32_t(kind)))
}

// DecodeUTF8 converts UTF-8 to UTF-16LE units the usual two-call way: measure, then convert
// into a buffer of exactly that size.
func DecodeUTF8(src []byte, policy uint32) ([]uint16, Result) {
	need := ToUTF16LE(src, nil, policy)
	if need.Status != OK {
		return nil, need
	}
	out := make([]uint16, need.Written)
	r := ToUTF16LE(src, out, policy)
	return out[:r.Written], r
}
