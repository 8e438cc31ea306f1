//! The UTF-8 family beyond RFC 3629: CESU-8, Java's modified UTF-8, WTF-8 and the original
//! RFC 2279 form, plus Windows-1252. Each form is a scalar decoder and encoder for the shared
//! engine (`crate::engine::transcode`); the forms differ from UTF-8 only in a few rules, so one decoder,
//! [`step`], reads them all from those rules.

mod cp1252;
mod decode;
mod encode;

pub(crate) use cp1252::{Cp1252, Cp1252Out, cp1252_char};
pub(crate) use decode::{Cesu8, Form, Mutf8, Rfc2279, Rules, Utf8Rules, Wtf8, step};
pub(crate) use encode::{Cesu8Out, Mutf8Out, Rfc2279Out, Wtf8Out};
