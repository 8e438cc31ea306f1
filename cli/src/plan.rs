//! What a conversion of one input is asked to do: the options, resolved (`Plan`), and where the
//! input's characters come from once its encoding is known (`Source`). The conversions
//! (`convert.rs`, `via.rs`), detection (`detect.rs`) and `fix` all speak of them, so they live
//! here, below all of those.

use utf8x::{Encoding, Policy};

use crate::codec::Legacy;
use crate::encoding::Code;

/// The options, resolved.
#[derive(Clone, Copy)]
pub struct Plan {
    pub from: Code,
    pub to: Code,
    /// For ill-formed input.
    pub invalid: Policy,
    /// For characters the target cannot hold.
    pub unmappable: Policy,
    /// `-c` or `//IGNORE`: iconv's dropping, which still fails on a character cut short at
    /// the end of the input.
    pub iconv_skip: bool,
    /// `//IGNORE` without `-c`: the run fails once done if anything was dropped, as iconv.
    pub ignore_fails: bool,
    /// `--bom` / `--no-bom`; `None`: a BOM only for UTF-16 and UTF-32.
    pub bom: Option<bool>,
    pub verbose: bool,
    /// Threads per mapped file for conversions between two utf8x encodings.
    pub jobs: usize,
    /// Bytes of input decoded at a time by conversions through UTF-8 (`via.rs`).
    pub piece: usize,
}

/// Where an input's characters come from once its encoding is known.
#[derive(Clone, Copy)]
pub enum Source {
    /// A utf8x encoding, after a byte order mark of `skip` bytes.
    Utf(Encoding, usize),
    Legacy(Legacy),
}

impl From<(Encoding, usize)> for Source {
    fn from((e, skip): (Encoding, usize)) -> Source {
        Source::Utf(e, skip)
    }
}
