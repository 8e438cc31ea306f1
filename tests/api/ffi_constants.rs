//! The C-visible numbers (`UTF8X_*` statuses, policies, error kinds, encodings) are spelled out
//! in `capi/ffi/src` for cbindgen and tied to the core enums by compile-time asserts. Those asserts
//! only cover the constants someone listed: this checks that every constant is in an assert and
//! that every enum value has a constant, so a new variant or constant cannot slip past them.

use std::path::Path;

use utf8x::{Encoding, ErrorKind, Policy, Status};

/// `(name, value)` of each `pub const UTF8X_<prefix>...: u32` in `source`, and whether the name
/// appears again after its definition (in the assert block).
fn constants(source: &str, prefix: &str, skip: &[&str]) -> Vec<(String, u32, bool)> {
    source
        .lines()
        .filter_map(|l| l.strip_prefix("pub const UTF8X_"))
        .filter_map(|l| {
            let (name, value) = l.split_once(": u32 = ")?;
            let name = format!("UTF8X_{name}");
            let value: u32 = value.trim_end_matches(';').parse().ok()?;
            let rest = &source[source.find(&format!("const {name}:")).unwrap() + name.len()..];
            let asserted = rest.contains(&format!("{name} =="));
            Some((name, value, asserted))
        })
        .filter(|(n, ..)| n.starts_with(prefix) && !skip.iter().any(|s| n.starts_with(s)))
        .collect()
}

fn check(source: &str, prefix: &str, skip: &[&str], known: impl Fn(u32) -> bool) {
    let found = constants(source, prefix, skip);
    assert!(!found.is_empty(), "no {prefix} constants");
    for (name, _, asserted) in &found {
        assert!(asserted, "{name} is not in a compile-time assert");
    }
    let values: Vec<u32> = found.iter().map(|c| c.1).collect();
    for v in 0..=64 {
        assert_eq!(
            known(v),
            values.contains(&v),
            "{prefix}: the core's value {v} and the C constants disagree"
        );
    }
}

#[test]
fn every_constant_is_asserted_and_every_value_has_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("capi/ffi/src");
    let read = |f: &str| std::fs::read_to_string(root.join(f)).unwrap();
    let (consts, stream) = (read("lib.rs"), read("stream.rs"));
    check(&consts, "UTF8X_ERR_", &[], |v| {
        ErrorKind::from_u32(v).is_some()
    });
    check(
        &consts,
        "UTF8X_",
        &[
            "UTF8X_ERR_",
            "UTF8X_VERSION_",
            "UTF8X_STRICT",
            "UTF8X_REPLACE",
            "UTF8X_SKIP",
        ]
        .iter()
        .chain(&["UTF8X_ESCAPE", "UTF8X_FALLBACK"])
        .copied()
        .collect::<Vec<_>>(),
        |v| Status::from_u32(v).is_some(),
    );
    let policies: String = ["STRICT", "REPLACE", "SKIP", "ESCAPE", "FALLBACK"]
        .iter()
        .map(|p| {
            let line = consts
                .lines()
                .find(|l| l.starts_with(&format!("pub const UTF8X_{p}: u32")))
                .unwrap();
            format!("{line}\n")
        })
        .collect::<String>()
        + &consts[consts.find("// The C values").unwrap()..];
    check(&policies, "UTF8X_", &[], |v| Policy::from_u32(v).is_some());
    check(&stream, "UTF8X_ENC_", &[], |v| {
        Encoding::from_u32(v).is_some()
    });
}
