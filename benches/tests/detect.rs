//! utf8x's encoding detection beside simdutf's, on the inputs of utf8x's detection tests
//! (`support::detect`): a table of where they differ, which docs/api.md summarises. Only utf8x's
//! answers are asserted here (the library's own tests assert them on every case too); simdutf's
//! are printed: `cargo test -p utf8x-bench --test detect -- --nocapture`.

use utf8x::Encoding;
use utf8x_test_support::detect::{Case, corpus_files, corpus_forms, forms, generated, western};

/// simdutf's single answer, in utf8x's names ("-" when it has none).
fn simdutf_single(bytes: &[u8]) -> String {
    name_of(simdutf::autodetect_single_encoding(bytes))
}

fn name_of(set: simdutf::Encoding) -> String {
    use simdutf::Encoding as S;
    let names = [
        (S::UTF8, "UTF-8"),
        (S::UTF16_LE, "UTF-16LE"),
        (S::UTF16_BE, "UTF-16BE"),
        (S::UTF32_LE, "UTF-32LE"),
        (S::UTF32_BE, "UTF-32BE"),
    ];
    let found: Vec<&str> = names
        .iter()
        .filter(|(bit, _)| set.contains(*bit))
        .map(|(_, n)| *n)
        .collect();
    if found.is_empty() {
        "-".into()
    } else {
        found.join("|")
    }
}

/// Both detectors on every input of this file: a table of where they differ. Only utf8x's
/// answers are asserted (by the other tests); this one documents simdutf's.
#[test]
fn compare_with_simdutf() {
    let mut cases = western();
    for (name, text) in generated() {
        cases.extend(forms(&name, &text));
    }
    cases.extend(corpus_forms());
    cases.extend(corpus_files());
    for (i, text) in ["caf\u{E9}\u{20AC}", "\u{1F600}"].iter().enumerate() {
        let bytes = text.as_bytes();
        cases.push(Case {
            name: format!("cut UTF-8 [{i}]"),
            bytes: bytes[..bytes.len() - 1].to_vec(),
            want: Encoding::Utf8,
        });
    }
    let mut differ = Vec::new();
    for case in &cases {
        let ours = utf8x::detect(&case.bytes);
        assert_eq!(ours, case.want, "{}", case.name);
        let single = simdutf_single(&case.bytes);
        if single != ours.name() {
            let set = name_of(simdutf::autodetect_encodings(&case.bytes));
            differ.push((case.name.clone(), ours.name(), single, set));
        }
    }
    println!(
        "utf8x and simdutf on {} inputs; they differ on {}:",
        cases.len(),
        differ.len()
    );
    println!("| input | utf8x | simdutf autodetect | simdutf detect_encodings |");
    println!("|---|---|---|---|");
    for (name, ours, single, set) in &differ {
        println!("| {name} | {ours} | {single} | {set} |");
    }
}
