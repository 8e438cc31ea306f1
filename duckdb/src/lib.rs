//! utf8x as a DuckDB extension: SQL scalar functions that validate, repair, decode and encode
//! text, over DuckDB's vectors.
//!
//! Built on DuckDB's C extension API (version 1): DuckDB hands the extension a table of
//! function pointers when it loads it, so the extension links nothing of DuckDB and loads into
//! any DuckDB whose C API is at least [`C_API_VERSION`].
//!
//! - `register`: the functions, their overloads, and the callback DuckDB calls per chunk;
//! - `functions`: what each function does with a chunk;
//! - `transcode`: one value to or from UTF-8, in buffers reused across rows;
//! - `legacy`: the legacy code pages, through encoding_rs;
//! - `vector`: DuckDB's vectors read and written (the raw pointers live there);
//! - `names`: encoding, policy and error-kind names.

mod functions;
mod legacy;
mod names;
mod register;
mod transcode;
mod vector;

use std::ffi::CString;
use std::panic::{AssertUnwindSafe, catch_unwind};

use libduckdb_sys as ffi;

/// The C API version the extension asks DuckDB for, and that the metadata footer `make duckdb`
/// appends names (scripts/duckdb-extension-footer.py): v1.5.6 (DuckDB 2.0), the first stable
/// version with `duckdb_unsafe_vector_assign_string_element_len`. With v1.2.0's checked
/// assignment, DuckDB validated every VARCHAR value again, and `utf8x_make_valid` ran at a
/// third of the speed of `utf8x_is_valid` (docs/engines.md, "DuckDB").
pub const C_API_VERSION: &str = "v1.5.6";

/// The entry point DuckDB looks up in `utf8x.duckdb_extension` (`<file name>_init_c_api`).
///
/// # Safety
/// Called by DuckDB only, with the `info` and `access` of one load.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_init_c_api(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> bool {
    // SAFETY: DuckDB's own arguments, passed on.
    let result = catch_unwind(AssertUnwindSafe(|| unsafe { init(info, access) }));
    let message = match result {
        Ok(Ok(loaded)) => return loaded,
        Ok(Err(message)) => message,
        Err(_) => "internal error while loading (a bug in the extension)".to_owned(),
    };
    let message =
        CString::new(format!("utf8x: {message}").replace('\0', "\\0")).expect("NUL bytes replaced");
    // SAFETY: DuckDB's access table of this load; it copies the message.
    unsafe {
        if let Some(set_error) = (*access).set_error {
            set_error(info, message.as_ptr());
        }
    }
    false
}

/// Fills the API table and registers the functions; `Ok(false)` when DuckDB refused the API
/// version (it has then recorded the error itself).
///
/// # Safety
/// As for [`utf8x_init_c_api`].
unsafe fn init(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> Result<bool, String> {
    // SAFETY: DuckDB's arguments of this load; the database it returns is open while the
    // extension loads, and the connection made to register the functions is closed after.
    unsafe {
        if !ffi::duckdb_rs_extension_api_init(info, access, C_API_VERSION)? {
            return Ok(false);
        }
        let get_database = (*access)
            .get_database
            .ok_or("DuckDB gave no get_database")?;
        let database = get_database(info);
        if database.is_null() {
            return Ok(false);
        }
        let mut con: ffi::duckdb_connection = std::ptr::null_mut();
        if ffi::duckdb_connect(*database, &mut con) != ffi::DuckDBSuccess {
            return Err("could not connect to the database".into());
        }
        let registered = register::all(con);
        ffi::duckdb_disconnect(&mut con);
        registered.map(|()| true)
    }
}
