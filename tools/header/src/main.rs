//! Writes the C header generated from the C API's shims to the file named by its one argument.
//!
//! `scripts/header.sh` runs it, then installs the result as `include/utf8x.h` or compares it with
//! the committed one. The generator is a program of its own, not a build script, so that no Rust
//! user of utf8x builds cbindgen and no build writes into the source tree.

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let (Some(out), None) = (args.next(), args.next()) else {
        eprintln!("usage: utf8x-header OUTPUT");
        return ExitCode::from(2);
    };
    match generate(Path::new(&out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("utf8x-header: {e}");
            ExitCode::FAILURE
        }
    }
}

fn generate(out: &Path) -> Result<(), String> {
    // This package sits at tools/header/ in the repository, the shims' crate at capi/ffi/.
    let shims = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../capi/ffi");
    let config = cbindgen::Config::from_file(shims.join("cbindgen.toml"))?;
    let bindings = cbindgen::Builder::new()
        .with_crate(&shims)
        .with_config(config)
        .generate()
        .map_err(|e| format!("cbindgen failed: {e}"))?;
    let mut header = Vec::new();
    bindings.write(&mut header);
    std::fs::write(out, header).map_err(|e| format!("{}: {e}", out.display()))
}
