//! What lives outside this crate's code: seven public UTF-8 test suites (when beside the
//! repository) and the Python example's tests against the built library.

mod python_example;
mod suites;

use utf8x_test_support as support;
