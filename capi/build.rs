//! Gives the shared library its soname.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        // `rustc-link-arg`, not `rustc-link-arg-cdylib`: cargo also hands a package's cdylib
        // link arguments to the cdylibs of the packages that depend on it (cargo#9562), where
        // this soname would name libutf8x_iconv.so too. Plain link arguments stay in this
        // package; on its test and bench executables a soname is inert.
        println!("cargo:rustc-link-arg=-Wl,-soname,libutf8x.so.0");
    }
}
