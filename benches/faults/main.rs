//! Page faults per output page of every direct conversion into freshly mapped memory, per
//! kernel set: a conversion that writes each output byte once, and reads none of them first,
//! faults once per page (the kernel maps a page at its first write); one that reads the
//! destination before writing it, or writes it in two passes, faults up to twice (a read maps
//! the shared zero page, the write after it faults again to get a page of its own).
//!
//! The inputs are `samples/hello.txt` (and `samples/latin1.txt` for the Latin-1 rows) repeated
//! to 64 MiB of UTF-8, already in memory; the output goes into an anonymous mapping made for
//! the call, with transparent huge pages off, and the faults are the process's minor faults
//! (`getrusage`) across that one call.
//!
//! `cargo bench --bench faults` runs every kernel set this CPU has (each in a child process:
//! the set is chosen once per process, by `UTF8X_KERNEL`) and fails when a row exceeds
//! [`LIMIT`] faults per page.

use std::process::{Command, ExitCode};

use utf8x::Policy;

/// The most faults per output page a conversion may take.
const LIMIT: f64 = 1.02;

/// Size of each input in bytes of UTF-8 (64 MiB).
const SIZE: usize = 64 << 20;

const PAGE: usize = 4096;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--child") {
        return child();
    }
    if args.iter().any(|a| a == "--help") {
        println!(
            "usage: cargo bench --bench faults [-- --child]  (--child: this process's set only)"
        );
        return ExitCode::SUCCESS;
    }
    let exe = std::env::current_exe().expect("own path");
    let mut ok = true;
    println!("conversion              kernel   out MiB  faults/page");
    for k in utf8x::__test::kernels() {
        let status = Command::new(&exe)
            .arg("--child")
            .env("UTF8X_KERNEL", k.name())
            .status()
            .expect("child process");
        ok &= status.success();
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        println!("FAIL: some conversion took more than {LIMIT} faults per output page");
        ExitCode::FAILURE
    }
}

/// One row per conversion under this process's kernel set.
fn child() -> ExitCode {
    let text = repeat(include_str!("../../samples/hello.txt"));
    let latin1_text: String = include_bytes!("../../samples/latin1.txt")
        .iter()
        .map(|&b| char::from(b))
        .collect();
    let latin1_text = repeat(&latin1_text);
    let latin1: Vec<u8> = latin1_text.chars().map(|c| c as u8).collect();
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let utf32: Vec<u32> = text.chars().map(u32::from).collect();
    let mut broken = text.as_bytes().to_vec();
    for i in (0..broken.len()).step_by(4096) {
        if !(0x80..0xC0).contains(&broken[i]) {
            broken[i] = 0xFF;
        }
    }
    let bytes = text.as_bytes();
    let mut ok = true;
    ok &= row("utf8-to-utf16le", |d| {
        utf8x::to_utf16le(bytes, d, Policy::Strict)
    });
    ok &= row("utf8-to-utf16le lossy", |d| {
        utf8x::to_utf16le(&broken, d, Policy::Replace)
    });
    ok &= row("utf8-to-utf32", |d| {
        utf8x::to_utf32(bytes, d, Policy::Strict)
    });
    ok &= row("utf8-to-utf32 lossy", |d| {
        utf8x::to_utf32(&broken, d, Policy::Replace)
    });
    ok &= row("utf16le-to-utf8", |d| {
        utf8x::from_utf16le(&utf16, d, Policy::Strict)
    });
    ok &= row("utf32-to-utf8", |d| {
        utf8x::from_utf32(&utf32, d, Policy::Strict)
    });
    ok &= row("utf16le-to-utf32", |d| {
        utf8x::utf16le_to_utf32(&utf16, d, Policy::Strict)
    });
    ok &= row("utf32-to-utf16le", |d| {
        utf8x::utf32_to_utf16le(&utf32, d, Policy::Strict)
    });
    ok &= row("latin1-to-utf8", |d| {
        utf8x::from_latin1(&latin1, d, Policy::Strict)
    });
    ok &= row("utf8-to-latin1", |d| {
        utf8x::to_latin1(latin1_text.as_bytes(), d, Policy::Strict)
    });
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `s` repeated to [`SIZE`] bytes.
fn repeat(s: &str) -> String {
    s.repeat(SIZE / s.len() + 1)
}

/// Measures the output `convert` needs, converts into fresh memory of that size and prints the
/// faults per page; false when they exceed [`LIMIT`].
fn row<T>(name: &str, convert: impl Fn(Option<&mut [T]>) -> utf8x::Outcome) -> bool {
    let needed = convert(None);
    assert!(needed.is_ok(), "{name}: {needed:?}");
    let mut out = Fresh::<T>::new(needed.written);
    let before = minor_faults();
    let o = convert(Some(out.slice()));
    let faults = minor_faults() - before;
    assert!(o.is_ok() && o.written == needed.written, "{name}: {o:?}");
    let bytes = o.written * size_of::<T>();
    let pages = bytes.div_ceil(PAGE);
    let per_page = faults as f64 / pages as f64;
    println!(
        "{name:<23} {:<8} {:>7.1}  {per_page:.3}",
        utf8x::active_kernel(),
        bytes as f64 / f64::from(1 << 20)
    );
    per_page <= LIMIT
}

/// The process's minor page faults so far.
fn minor_faults() -> i64 {
    // SAFETY: `getrusage` fills the zeroed `rusage` it is given, a plain C struct.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_SELF, &mut usage), 0);
        usage.ru_minflt
    }
}

/// `len` units of anonymous memory, mapped and never touched.
struct Fresh<T> {
    ptr: *mut T,
    len: usize,
}

impl<T> Fresh<T> {
    fn new(len: usize) -> Self {
        let bytes = (len * size_of::<T>()).max(1);
        // SAFETY: an anonymous private mapping at an address of the kernel's choosing; the
        // result is checked before use.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(ptr, libc::MAP_FAILED, "mmap of {bytes} bytes");
        // One fault per 4 KiB page, as the limit assumes, whatever the system's default for
        // transparent huge pages. A hint: failing leaves the default.
        // SAFETY: the range is the mapping just made.
        unsafe { libc::madvise(ptr, bytes, libc::MADV_NOHUGEPAGE) };
        Fresh {
            ptr: ptr.cast(),
            len,
        }
    }

    fn slice(&mut self) -> &mut [T] {
        // SAFETY: the mapping holds `len` units of `T` (u8, u16 or u32: any bits are a value,
        // and fresh anonymous memory reads as zeros), aligned to a page, and lives as long as
        // `self`, which the borrow ties the slice to.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T> Drop for Fresh<T> {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping `new` made, whose slices no longer live.
        unsafe { libc::munmap(self.ptr.cast(), (self.len * size_of::<T>()).max(1)) };
    }
}
