//! The kernel choice: `UTF8X_KERNEL` forces a set the CPU runs, anything else falls back to the
//! best one, and `active_kernel` / `utf8x_kernel_name` report the set really in use. Each case
//! runs this test binary again in a child process, since the choice is made once per process.

/// In a child (when `UTF8X_EXPECT_KERNEL` is set): checks the kernel in use. Otherwise nothing.
#[test]
fn child_reports_kernel() {
    let Ok(expected) = std::env::var("UTF8X_EXPECT_KERNEL") else {
        return;
    };
    // The choice happens at the first operation, whichever it is.
    assert!(utf8x::is_valid("déjà vu, 日本語, 😀".as_bytes()));
    assert_eq!(utf8x::active_kernel(), expected);
    // SAFETY: utf8x_kernel_name returns a static NUL-terminated string.
    let c = unsafe { std::ffi::CStr::from_ptr(utf8x_ffi::utf8x_kernel_name()) };
    assert_eq!(c.to_str(), Ok(expected.as_str()));
}

/// Forcing a set this CPU cannot run (or that the library does not have) quietly falls back to
/// another, which is right for programs but wrong for a test run meant for that set: such a run
/// fails here instead of passing on the set it did not ask for.
#[test]
fn forced_kernel_is_in_use() {
    if std::env::var_os("UTF8X_EXPECT_KERNEL").is_some() {
        return;
    }
    let wanted = std::env::var("UTF8X_KERNEL").unwrap_or_default();
    let wanted = wanted.trim();
    if wanted.is_empty() {
        return;
    }
    assert!(utf8x::is_valid("dispatch, 日本語".as_bytes()));
    assert_eq!(
        utf8x::active_kernel(),
        wanted,
        "UTF8X_KERNEL={wanted} names no kernel set this CPU runs; the tests would exercise another"
    );
}

fn run_child(setting: Option<&str>, expected: &str) {
    let exe = std::env::current_exe().expect("test binary path");
    let mut cmd = crate::support::runner::command(exe);
    // The child runs this one test of the shared `kernels` binary: its name is its path below
    // the crate root.
    let (_, module) = module_path!()
        .split_once("::")
        .expect("a module of the test crate");
    let test = format!("{module}::child_reports_kernel");
    cmd.args(["--exact", &test, "--test-threads=1"]);
    cmd.env("UTF8X_EXPECT_KERNEL", expected);
    match setting {
        Some(s) => cmd.env("UTF8X_KERNEL", s),
        None => cmd.env_remove("UTF8X_KERNEL"),
    };
    let out = cmd.output().expect("child runs");
    assert!(
        out.status.success() && String::from_utf8_lossy(&out.stdout).contains("1 passed"),
        "UTF8X_KERNEL={setting:?}, expected {expected}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
#[cfg_attr(
    target_family = "wasm",
    ignore = "runs this binary again as a child: WebAssembly has no processes"
)]
fn override_and_fallback() {
    let names: Vec<&str> = utf8x::__test::kernels().iter().map(|k| k.name()).collect();
    let best = *names.last().expect("the portable kernel always runs");
    run_child(None, best);
    for name in &names {
        run_child(Some(name), name);
    }
    // Unknown names and sets this CPU cannot run fall back to the best one.
    run_child(Some("avx1024"), best);
    run_child(Some(""), best);
    for known in ["scalar", "sse42", "avx2", "avx512"] {
        if !names.contains(&known) {
            run_child(Some(known), best);
        }
    }
}
