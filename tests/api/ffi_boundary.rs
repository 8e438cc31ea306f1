//! Every exported C function runs inside the one panic boundary: reads `capi/ffi/src/*.rs` and
//! `iconv-preload/src/*.rs` and requires each `#[unsafe(no_mangle)]` function's body to start
//! with `ffi_boundary(`, so an export added without it fails here rather than unwinding into C
//! the day its body panics.

use std::path::Path;

/// (name, first statement) of every exported function in `source`.
fn exports(source: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("#[unsafe(no_mangle)]") {
        rest = &rest[at + 1..];
        let sig = rest.find("extern \"C\" fn ").expect("an exported fn");
        let name: String = rest[sig + 14..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The body opens with the first `{` at the end of a line after the signature.
        let open = rest[sig..].find("{\n").expect("a body") + sig + 2;
        let first = rest[open..]
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with("//"))
            .unwrap_or("")
            .to_string();
        found.push((name, first));
    }
    found
}

#[test]
fn every_export_starts_inside_ffi_boundary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    let mut outside = Vec::new();
    for dir in ["capi/ffi/src", "iconv-preload/src"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            assert_eq!(
                source.matches("#[unsafe(no_mangle)]").count(),
                source.matches("extern \"C\" fn ").count(),
                "{}: every extern \"C\" fn is exported, and only those",
                path.display()
            );
            for (name, first) in exports(&source) {
                checked += 1;
                let body_starts = first.starts_with("ffi_boundary(");
                if !body_starts {
                    outside.push(format!("{}: {name} starts with `{first}`", path.display()));
                }
            }
        }
    }
    assert!(
        outside.is_empty(),
        "outside ffi_boundary:\n{}",
        outside.join("\n")
    );
    // The library's exports and the preload library's four.
    assert!(checked >= 60, "only {checked} exports found");
}

#[test]
fn the_reader_sees_a_body_outside_the_boundary() {
    let source = "#[unsafe(no_mangle)]\npub unsafe extern \"C\" fn f(\n    a: u8,\n) -> u8 {\n    \
                  // why\n    a\n}\n#[unsafe(no_mangle)]\npub extern \"C\" fn g() -> u8 {\n    \
                  ffi_boundary(|| 0, || 1)\n}\n";
    assert_eq!(
        exports(source),
        [
            ("f".to_string(), "a".to_string()),
            ("g".to_string(), "ffi_boundary(|| 0, || 1)".to_string())
        ]
    );
}
