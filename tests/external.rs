//! What lives outside this crate's code: seven public UTF-8 test suites (when beside the
//! repository) and the Python example's tests against the built library.

// The crate root's submodules would resolve next to it, where Cargo would take each file for a
// test target of its own: they live in `external/` instead.
#[path = "external/external_suites.rs"]
mod external_suites;
#[path = "external/python_example.rs"]
mod python_example;

mod support;
