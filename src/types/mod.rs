//! The vocabulary every layer shares: the encodings (`encoding`), the result of every operation
//! with its status, error kind and policy (`outcome`), and the code unit types with the safe
//! views between them (`unit`).
//!
//! May import: nothing else of the crate.

pub(crate) mod encoding;
pub(crate) mod outcome;
pub(crate) mod unit;
