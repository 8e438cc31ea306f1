//! Gives the LD_PRELOAD library its own soname (`readelf -d` shows it): without one, the
//! loader and `ldconfig` would know it only by its file name.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libutf8x_iconv.so");
    }
}
