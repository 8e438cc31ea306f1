//! The words SQL callers pass and read: encoding names, policy names and error-kind names.
//!
//! Encodings are named as the C API and the CLI name them (`'UTF-8'`, `'UTF-16LE'`,
//! `'WINDOWS-1252'`, `'CESU-8'`...), matched as iconv matches names: case-insensitively, with
//! the usual aliases (`'latin1'`, `'cp1252'`, `'utf8'`). The lookup is the library's own
//! table, [`utf8x::iconv::encoding_from_name`], so SQL, iconv and the CLI accept the same names.
//! Any other name is looked up among the WHATWG labels of the legacy code pages (`crate::legacy`).

use utf8x::{Encoding, Policy};

use crate::legacy;

/// An encoding SQL can name: one of the library's, or a legacy code page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codec {
    Utf8x(Encoding),
    Legacy(&'static encoding_rs::Encoding),
}

/// The encoding a name stands for, or the SQL error that names it.
pub fn encoding(name: &[u8]) -> Result<Codec, String> {
    std::str::from_utf8(name)
        .ok()
        .and_then(utf8x::iconv::encoding_from_name)
        .map(Codec::Utf8x)
        .or_else(|| legacy::lookup(name).map(Codec::Legacy))
        .ok_or_else(|| {
            format!(
                "unknown encoding '{}' (known: {}, and the WHATWG labels of legacy code pages: \
                 windows-1251, koi8-r, iso-8859-2, shift_jis, gbk, gb18030, big5, euc-kr...)",
                String::from_utf8_lossy(name),
                Encoding::ALL.map(Encoding::name).join(", ")
            )
        })
}

/// What a function does with ill-formed input, as SQL names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Errors {
    /// Raise an SQL error naming the offset (`'strict'`).
    Strict,
    /// One U+FFFD per maximal ill-formed subpart (`'replace'`).
    Replace,
    /// Drop each maximal ill-formed subpart (`'ignore'`).
    Ignore,
    /// Each byte of a maximal ill-formed subpart as its Windows-1252 character (`'fallback'`).
    Fallback,
}

impl Errors {
    /// The library policy that does this.
    pub fn policy(self) -> Policy {
        match self {
            Errors::Strict => Policy::Strict,
            Errors::Replace => Policy::Replace,
            Errors::Ignore => Policy::Skip,
            Errors::Fallback => Policy::Fallback,
        }
    }
}

/// The policy a name stands for among `allowed` (the first is the default), or the SQL error.
pub fn errors(name: &[u8], allowed: &[Errors]) -> Result<Errors, String> {
    allowed
        .iter()
        .copied()
        .find(|e| name.eq_ignore_ascii_case(errors_name(*e).as_bytes()))
        .ok_or_else(|| {
            let names: Vec<_> = allowed.iter().map(|e| errors_name(*e)).collect();
            format!(
                "unknown policy '{}' (known: {})",
                String::from_utf8_lossy(name),
                names.join(", ")
            )
        })
}

fn errors_name(e: Errors) -> &'static str {
    match e {
        Errors::Strict => "strict",
        Errors::Replace => "replace",
        Errors::Ignore => "ignore",
        Errors::Fallback => "fallback",
    }
}
