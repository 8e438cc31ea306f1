//! The encoding family (CESU-8, modified UTF-8, WTF-8, RFC 2279, Windows-1252): against
//! independent implementations, against a model written from the specifications, and the
//! README's worked examples.

mod examples;
mod oracles;
mod spec;

use utf8x_test_support as support;
