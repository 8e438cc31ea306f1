//! The encoding family (CESU-8, modified UTF-8, WTF-8, RFC 2279, Windows-1252): against
//! independent implementations, against a model written from the specifications, and the
//! README's worked examples.

// The crate root's submodules would resolve next to it, where Cargo would take each file for a
// test target of its own: they live in `family/` instead.
#[path = "family/family_examples.rs"]
mod family_examples;
#[path = "family/family_oracles.rs"]
mod family_oracles;
#[path = "family/family_spec.rs"]
mod family_spec;

mod support;
