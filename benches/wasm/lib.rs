//! utf8x's kernel sets in one WebAssembly module, for `bench.mjs`: the text goes in once, then
//! each operation runs a number of times with a kernel set named by its index in
//! [`SETS`], through the library's engine as a caller's call would (`utf8x::__test::Kernel`
//! runs the public functions with an explicit set instead of the one chosen at start-up).

use std::sync::Mutex;

use utf8x::__test::{Kernel, kernel};
use utf8x::Policy;

/// The sets compared, by index: the portable code and SIMD128.
const SETS: [&str; 2] = ["scalar", "wasm-simd128"];

/// The text and the buffers the operations read and write.
struct State {
    utf8: Vec<u8>,
    utf16: Vec<u16>,
    out8: Vec<u8>,
    out16: Vec<u16>,
}

static STATE: Mutex<State> = Mutex::new(State {
    utf8: Vec::new(),
    utf16: Vec::new(),
    out8: Vec::new(),
    out16: Vec::new(),
});

/// Makes room for `len` bytes of UTF-8 text and returns where JavaScript writes them; then
/// [`prepare`].
#[unsafe(no_mangle)]
pub extern "C" fn input(len: usize) -> *mut u8 {
    let mut s = STATE.lock().expect("one thread");
    s.utf8 = vec![0; len];
    s.utf8.as_mut_ptr()
}

/// Converts the text to UTF-16 with std (the input of `utf16_to_utf8`) and sizes the outputs.
/// Returns 0 when the text is not valid UTF-8.
#[unsafe(no_mangle)]
pub extern "C" fn prepare() -> u32 {
    let mut s = STATE.lock().expect("one thread");
    let Ok(text) = core::str::from_utf8(&s.utf8) else {
        return 0;
    };
    let utf16: Vec<u16> = text.encode_utf16().collect();
    s.out8 = vec![0; s.utf8.len()];
    s.out16 = vec![0; utf16.len()];
    s.utf16 = utf16;
    1
}

/// Whether set `set` exists in this module (SIMD128 only when it was built with it).
#[unsafe(no_mangle)]
pub extern "C" fn has_set(set: u32) -> u32 {
    u32::from(set_of(set).is_some())
}

fn set_of(set: u32) -> Option<Kernel> {
    SETS.get(set as usize).and_then(|name| kernel(name))
}

/// Runs operation `op` (0 validate, 1 count, 2 UTF-8 → UTF-16LE, 3 UTF-16LE → UTF-8, 4 UTF-8 →
/// UTF-16LE replacing errors) `reps`
/// times with set `set`, and returns what the last run read or counted (so that nothing is left
/// out), or `usize::MAX` for an unknown set or operation, or a failed conversion.
#[unsafe(no_mangle)]
pub extern "C" fn run(set: u32, op: u32, reps: u32) -> usize {
    let Some(k) = set_of(set) else {
        return usize::MAX;
    };
    let mut guard = STATE.lock().expect("one thread");
    let s = &mut *guard;
    let mut last = 0;
    for _ in 0..reps {
        let o = match op {
            0 => k.validate(&s.utf8),
            1 => {
                last = k.count(&s.utf8);
                continue;
            }
            2 => k.to_utf16le(&s.utf8, Some(&mut s.out16), Policy::Strict),
            3 => k.from_utf16le(&s.utf16, Some(&mut s.out8), Policy::Strict),
            // The lossy decoder (the npm package's `decode` with `errors: "replace"`), on text
            // without errors: what its checks cost.
            4 => k.to_utf16le(&s.utf8, Some(&mut s.out16), Policy::Replace),
            _ => return usize::MAX,
        };
        if !o.is_ok() {
            return usize::MAX;
        }
        last = o.read;
    }
    last
}
