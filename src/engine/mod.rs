//! The conversion engine: one loop over a decoder and an encoder (`transcode`), the routing table
//! that picks the decoder, the encoder and the SIMD kernel for a pair of encodings (`route`),
//! the scans that keep a kernel on what two forms agree on (`agree`), and streaming over chunks
//! (`stream`).
//!
//! May import: `types`, `codec`, `simd`, and the direct conversions of `api::convert` that the
//! routing table hands the pairs they cover. Never `iconv`.

pub(crate) mod agree;
pub(crate) mod route;
pub(crate) mod stream;
pub(crate) mod transcode;
