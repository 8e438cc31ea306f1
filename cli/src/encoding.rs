//! Encoding names as the user writes them (`-f`, `-t`): the library's iconv name table decides
//! what a name means, so the tool and `utf8x_iconv_open` accept exactly the same names, aliases
//! and `//IGNORE` / `//TRANSLIT` suffixes.

use std::fmt;

use utf8x::Encoding;
use utf8x::iconv::{self, Charset};

use crate::codec::Legacy;

/// What `-f` or `-t` named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Code {
    pub kind: Kind,
    /// The iconv table's entry (`None` for `auto`).
    pub charset: Option<Charset>,
    /// `//IGNORE`: drop what cannot be converted (the run still fails at its end, as iconv).
    pub ignore: bool,
    /// `//TRANSLIT`: write a substitute for characters the target cannot hold.
    pub translit: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `-f auto`: a byte order mark, else `utf8x::detect` on the first chunk, decides.
    Auto,
    /// `UTF-16` or `UTF-32` without a byte order in the name: input honours and strips a
    /// leading BOM (the machine's order without one, as glibc); output starts with one.
    WithBom(Encoding),
    /// An encoding whose bytes are read and written as they are; a BOM is an ordinary U+FEFF.
    Plain(Encoding),
    /// `utf8x fix`: a byte order mark, else UTF-16/UTF-32 when it looks like one, else UTF-8.
    Repair,
    /// A charset outside utf8x's table: a code page, a CJK encoding, anything the system's
    /// iconv knows (`codec.rs`).
    Legacy(Legacy),
}

impl Code {
    /// Parses `NAME[//SUFFIX...]` with the iconv API's rules; `auto` only where `auto_ok`.
    pub fn parse(spec: &str, auto_ok: bool) -> Result<Code, String> {
        let (name, suffixes) = iconv::split(spec);
        if auto_ok && name.eq_ignore_ascii_case("AUTO") {
            return Ok(Code {
                kind: Kind::Auto,
                charset: None,
                ignore: suffixes.ignore,
                translit: suffixes.translit,
            });
        }
        // `latin-1` was taken by earlier versions of the tool, though iconv does not know it.
        let charset = if name.eq_ignore_ascii_case("LATIN-1") {
            Some(Charset::Latin1)
        } else {
            Charset::from_name(&name)
        };
        let unknown = || format!("unknown encoding '{spec}' (`utf8x --list` shows the known ones)");
        // ASCII and glibc's CP1252 (which leaves five bytes undefined, where utf8x's own
        // Windows-1252 is the WHATWG one) are tables of the system's iconv, as exact as glibc;
        // UCS-2, which utf8x converts only in its iconv engine, is the system's own.
        let legacy = match charset {
            None => Some(Legacy::resolve(&name).ok_or_else(unknown)?),
            Some(
                c @ (Charset::Ascii
                | Charset::Cp1252
                | Charset::Ucs2
                | Charset::Ucs2Le
                | Charset::Ucs2Be),
            ) => Legacy::resolve(c.name()),
            Some(_) => None,
        };
        if let Some(legacy) = legacy {
            return Ok(Code {
                kind: Kind::Legacy(legacy),
                charset: None,
                ignore: suffixes.ignore,
                translit: suffixes.translit,
            });
        }
        let charset = charset.ok_or_else(unknown)?;
        let kind = match (charset, charset.encoding()) {
            (Charset::Utf16 | Charset::Utf32, Some(e)) => Kind::WithBom(e),
            (_, Some(e)) => Kind::Plain(e),
            (c, None) => Kind::Legacy(Legacy::resolve(c.name()).ok_or_else(unknown)?),
        };
        Ok(Code {
            kind,
            charset: Some(charset),
            ignore: suffixes.ignore,
            translit: suffixes.translit,
        })
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Auto | Kind::Repair => f.write_str("auto"),
            Kind::WithBom(e) | Kind::Plain(e) => f.write_str(e.name()),
            Kind::Legacy(l) => f.write_str(l.display()),
        }
    }
}

/// The byte order mark at the start of `head` for a `WithBom` encoding, with the encoding it
/// selects and its length; without one, glibc's choice: the machine's order.
pub fn with_bom(e: Encoding, head: &[u8]) -> (Encoding, usize) {
    match (e.unit_size(), head) {
        (2, [0xFF, 0xFE, ..]) => (Encoding::Utf16Le, 2),
        (2, [0xFE, 0xFF, ..]) => (Encoding::Utf16Be, 2),
        (4, [0xFF, 0xFE, 0, 0, ..]) => (Encoding::Utf32Le, 4),
        (4, [0, 0, 0xFE, 0xFF, ..]) => (Encoding::Utf32Be, 4),
        _ => (e, 0),
    }
}

/// Every name `--list` prints: one line per charset, canonical name first, then its aliases.
/// utf8x's own table first (the charsets glibc lacks are marked), then every charset of the
/// system's iconv under its names (`iconv -l`'s), then the WHATWG encodings glibc has no name
/// for.
pub fn list() -> String {
    let mut out = String::new();
    let mut seen = std::collections::HashSet::new();
    for c in Charset::all() {
        out.push_str(&c.aliases().join(", "));
        seen.extend(c.aliases().iter().map(|a| a.to_string()));
        if !c.in_glibc() {
            out.push_str("    (utf8x only)");
        }
        out.push('\n');
    }
    for (name, aliases) in gconv_charsets() {
        if seen.contains(&name) {
            continue;
        }
        let mut line = vec![name.clone()];
        line.extend(aliases.iter().filter(|a| !seen.contains(*a)).cloned());
        out.push_str(&line.join(", "));
        out.push('\n');
        seen.insert(name);
        seen.extend(aliases);
    }
    for e in WHATWG_ONLY {
        out.push_str(e);
        out.push_str("    (encoding_rs)\n");
    }
    out.push_str("AUTO    (-f only: a byte order mark, else detection)\n");
    out
}

/// WHATWG encodings that glibc has no name for.
const WHATWG_ONLY: [&str; 2] = ["X-MAC-CYRILLIC", "ISO-8859-8-I"];

/// Every encoding name, for the shell completions of `-f` and `-t`.
pub fn names() -> Vec<String> {
    let mut names: Vec<String> = Charset::all()
        .iter()
        .flat_map(|c| c.aliases().iter().map(|a| a.to_string()))
        .collect();
    for (name, aliases) in gconv_charsets() {
        names.push(name);
        names.extend(aliases);
    }
    names.extend(WHATWG_ONLY.iter().map(|s| s.to_string()));
    names.push("AUTO".into());
    let mut seen = std::collections::HashSet::new();
    names.retain(|n| seen.insert(n.clone()));
    names
}

/// The charsets of the system's iconv, as its configuration (`gconv-modules`) names them:
/// each module's charset with its aliases, sorted by name. Empty where there is none.
pub fn gconv_charsets() -> Vec<(String, Vec<String>)> {
    let dirs: Vec<std::path::PathBuf> = std::env::var_os("GCONV_PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .chain(
            [
                format!("/usr/lib/{}-linux-gnu/gconv", std::env::consts::ARCH),
                "/usr/lib64/gconv".into(),
                "/usr/lib/gconv".into(),
            ]
            .map(std::path::PathBuf::from),
        )
        .collect();
    let Some(dir) = dirs.iter().find(|d| d.join("gconv-modules").is_file()) else {
        return Vec::new();
    };
    let mut files = vec![dir.join("gconv-modules")];
    if let Ok(entries) = std::fs::read_dir(dir.join("gconv-modules.d")) {
        let mut extra: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "conf"))
            .collect();
        extra.sort();
        files.extend(extra);
    }
    let mut charsets: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let clean = |s: &str| s.trim_end_matches('/').to_owned();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words[..] {
                ["alias", alias, target, ..] => charsets
                    .entry(clean(target))
                    .or_default()
                    .push(clean(alias)),
                ["module", from, to, ..] => {
                    for name in [from, to] {
                        if name != "INTERNAL" {
                            charsets.entry(clean(name)).or_default();
                        }
                    }
                }
                _ => {}
            }
        }
    }
    charsets.into_iter().collect()
}

/// The byte order mark of `e`, as `e` writes U+FEFF; `None` for the 8-bit encodings that
/// cannot hold it.
pub fn bom_bytes(e: Encoding) -> Option<Vec<u8>> {
    let bom = "\u{FEFF}".as_bytes();
    let mut out = [0u32; 4];
    let strict = utf8x::Policy::Strict;
    let size = e.unit_size();
    let r = match size {
        1 => {
            let dst = bytemuck::cast_slice_mut::<u32, u8>(&mut out);
            utf8x::convert(bom, Encoding::Utf8, Some(dst), e, strict)
        }
        2 => {
            let dst = bytemuck::cast_slice_mut::<u32, u16>(&mut out);
            utf8x::convert(bom, Encoding::Utf8, Some(dst), e, strict)
        }
        _ => utf8x::convert(bom, Encoding::Utf8, Some(&mut out[..]), e, strict),
    };
    let bytes = bytemuck::cast_slice::<u32, u8>(&out);
    r.is_ok().then(|| bytes[..r.written * size].to_vec())
}
