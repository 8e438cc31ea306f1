//! utf8x's mbrtowc family against glibc's under `C.UTF-8`. Its own binary: the tests set the
//! process-wide locale, which glibc's iconv (in the `iconv` binary) reads too.

mod chars;
mod strings;

use utf8x_test_support as support;
