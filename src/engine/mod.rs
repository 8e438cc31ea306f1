//! The conversion engine: one loop over a decoder and an encoder (`transcode`), the routing table
//! that picks the decoder, the encoder and the SIMD kernel for a pair of encodings (`route`),
//! the scans that keep a kernel on what two forms agree on (`agree`), and streaming over chunks
//! (`stream`), over decoders and encoders passed as values (`codecs`).
//!
//! May import: `types`, `codec`, `simd`. Never `api` or `iconv`, which generate their dispatch
//! from the routing table's lists.

pub(crate) mod agree;
pub(crate) mod codecs;
pub(crate) mod route;
pub(crate) mod stream;
pub(crate) mod transcode;
