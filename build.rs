//! Generates `include/utf8x.h` from `src/ffi` with cbindgen, writing it only when it changed, and
//! gives the shared library its soname.

use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    println!("cargo:rerun-if-changed=src/ffi");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        // `rustc-link-arg`, not `rustc-link-arg-cdylib`: cargo also hands a package's cdylib
        // link arguments to the cdylibs of the packages that depend on it (cargo#9562), where
        // this soname would name libutf8x_iconv.so too. Plain link arguments stay in this
        // package; on its test and bench executables a soname is inert.
        println!("cargo:rustc-link-arg=-Wl,-soname,libutf8x.so.0");
    }
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_crate(&root)
        .with_config(config)
        .generate()
        .expect("cbindgen could not generate include/utf8x.h");
    // write_to_file leaves the file (and its mtime) alone when the content is unchanged.
    bindings.write_to_file(root.join("include/utf8x.h"));
}
