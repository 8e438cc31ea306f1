//! What the test binaries that build and run programs against the C ABI share (`c_harness`,
//! `cpp_wrapper`, `ffi_languages`): the very `libutf8x.so` and `libutf8x.a` cargo built for this
//! test run, a work directory of this process holding the shared library under its file name and
//! its soname, the system libraries the static one needs, and skips that show.

use std::env;
use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// What Rust's standard library inside `libutf8x.a` needs from the system, as printed by
/// `cargo rustc --lib --crate-type staticlib -- --print native-static-libs`.
pub const NATIVE_STATIC_LIBS: &[&str] = &[
    "-lgcc_s",
    "-lutil",
    "-lrt",
    "-lpthread",
    "-lm",
    "-ldl",
    "-lc",
];

/// The libraries under test and where this process builds and runs against them.
pub struct Libs {
    pub so: PathBuf,
    pub a: PathBuf,
    /// This process's work directory: programs go there, and it holds the shared library as
    /// `libutf8x.so` (for `-L dir -lutf8x`) and `libutf8x.so.0` (the soname such programs ask
    /// the loader for), so it is the `LD_LIBRARY_PATH` to run them with.
    pub dir: PathBuf,
}

impl Libs {
    /// Linker arguments for the shared library in this process's work directory.
    pub fn link_shared(&self) -> Vec<OsString> {
        vec![format!("-L{}", self.dir.display()).into(), "-lutf8x".into()]
    }

    /// Linker arguments for the static library and what it needs from the system.
    pub fn link_static(&self) -> Vec<OsString> {
        let mut link = vec![self.a.clone().into_os_string()];
        link.extend(NATIVE_STATIC_LIBS.iter().map(OsString::from));
        link
    }
}

/// A file cargo built from the utf8x library for this run (`libutf8x.so`, `libutf8x.a`).
///
/// This executable is target/<profile>/deps/<test>-<hash>. `cargo build` of the C library
/// writes it to deps/ and copies it up to target/<profile>/; `cargo test` alone builds neither
/// (the library has no rlib a test could link), so whichever copy is there may be left from an
/// older build: the newer of the two is this run's. The test commands build the C library
/// before they run the tests.
pub fn built(name: &str) -> PathBuf {
    let exe = env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps directory");
    [deps.join(name), deps.join("..").join(name)]
        .into_iter()
        .filter_map(|p| Some((fs::metadata(&p).ok()?.modified().ok()?, p)))
        .max()
        .map(|(_, p)| p)
        .unwrap_or_else(|| {
            panic!(
                "{name} not found next to {} (build the C library first: cargo build -p utf8x-c)",
                exe.display()
            )
        })
}

/// Locates the libraries and prepares this process's work directory `<base>/run-<pid>`, once
/// per process: concurrent `cargo test` runs never overwrite a binary or library another one
/// is running, and the directories of finished runs are removed. `base` is where the test
/// binary keeps what outlives one run, a directory under its `CARGO_TARGET_TMPDIR`.
pub fn libs(base: &Path) -> &'static Libs {
    static LIBS: OnceLock<Libs> = OnceLock::new();
    LIBS.get_or_init(|| {
        let so = built("libutf8x.so");
        // Another build of the static library to test instead (`make small`'s, which cargo's
        // test run does not build), by absolute path:
        // `UTF8X_STATIC_LIB=$PWD/target/small/libutf8x.a`.
        let a = match env::var_os("UTF8X_STATIC_LIB") {
            Some(path) => {
                let path = PathBuf::from(path);
                assert!(
                    path.is_file(),
                    "UTF8X_STATIC_LIB={}: no such file",
                    path.display()
                );
                eprintln!("UTF8X_STATIC_LIB={}", path.display());
                path
            }
            None => built("libutf8x.a"),
        };
        if let Ok(entries) = fs::read_dir(base) {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if let Some(pid) = name.strip_prefix("run-")
                    && !Path::new("/proc").join(pid).exists()
                {
                    let _ = fs::remove_dir_all(entry.path());
                }
            }
        }
        let dir = base.join(format!("run-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("create the work directory");
        for name in ["libutf8x.so", "libutf8x.so.0"] {
            fs::copy(&so, dir.join(name)).expect("copy the shared library");
        }
        Libs { so, a, dir }
    })
}

/// `dir` followed by the caller's `LD_LIBRARY_PATH`.
pub fn ld_library_path(dir: &Path) -> OsString {
    let mut path = OsString::from(dir);
    if let Some(old) = env::var_os("LD_LIBRARY_PATH") {
        path.push(":");
        path.push(old);
    }
    path
}

/// Says on stderr why something is not tested, where `cargo test` shows it: libtest captures
/// `println!` and `eprintln!` of passing tests, not writes to the stderr handle itself.
pub fn skipped(why: &str) {
    let _ = writeln!(std::io::stderr(), "skipped: {why}");
}
