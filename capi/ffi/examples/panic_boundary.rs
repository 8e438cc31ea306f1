//! Proves that a build's panic runtime still catches a panic at the C boundary: the check of a
//! library built another way (`make small`: nightly, the standard library rebuilt without its
//! backtrace symbolizer) runs this with the very same flags. No export of the library panics on
//! purpose, so this calls the boundary itself with a body that does, then an export after it.
//!
//!   cargo run --release -p utf8x-ffi --example panic_boundary   (prints `caught`; else fails)

use utf8x_ffi::{UTF8X_OK, ffi_boundary, utf8x_validate};

fn main() {
    // The default panic hook still prints the message, as it would for a library bug.
    eprintln!("panic_boundary: a panic on purpose follows");
    let answer = ffi_boundary(
        || "caught",
        || -> &str { panic!("a panic on purpose, to be caught by the boundary") },
    );
    assert_eq!(
        answer, "caught",
        "the boundary did not answer for the panic"
    );
    // The library is still usable after the unwind.
    let text = "café";
    // SAFETY: `text` is `len` readable bytes.
    let r = unsafe { utf8x_validate(text.as_ptr(), text.len()) };
    assert_eq!(
        (r.status, r.read),
        (UTF8X_OK, text.len()),
        "validate after the panic"
    );
    println!("{answer}");
}
