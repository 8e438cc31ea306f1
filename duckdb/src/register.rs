//! The SQL functions the extension registers: names, overloads and return types, and the one
//! callback DuckDB calls for every chunk, which finds the body to run in the function's extra
//! info and turns its errors (and panics) into SQL errors.

use std::ffi::{CStr, CString, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};

use libduckdb_sys as ffi;

use crate::functions::{self, Input};
use crate::vector::{Output, Strings};

/// A DuckDB type our signatures use.
#[derive(Clone, Copy)]
enum Type {
    Blob,
    Varchar,
    Boolean,
    /// `STRUCT("offset" BIGINT, "length" BIGINT, kind VARCHAR)`, what `utf8x_error` returns.
    Error,
}

use Type::{Blob, Varchar};

/// One SQL function: every overload shares the name, the return type and the body.
struct Function {
    name: &'static CStr,
    overloads: &'static [&'static [Type]],
    returns: Type,
    body: fn(&Input, &mut Output) -> functions::Result,
}

/// Everything the extension registers. A VARCHAR overload stands beside each BLOB one: DuckDB
/// would otherwise cast VARCHAR to BLOB, which reads `\xNN` in the text as escapes.
static FUNCTIONS: &[Function] = &[
    Function {
        name: c"utf8x_is_valid",
        overloads: &[&[Blob], &[Varchar]],
        returns: Type::Boolean,
        body: functions::is_valid,
    },
    Function {
        name: c"utf8x_error",
        overloads: &[&[Blob], &[Varchar]],
        returns: Type::Error,
        body: functions::error,
    },
    Function {
        name: c"utf8x_make_valid",
        overloads: &[&[Blob], &[Varchar], &[Blob, Varchar], &[Varchar, Varchar]],
        returns: Varchar,
        body: functions::make_valid,
    },
    Function {
        name: c"utf8x_decode",
        overloads: &[
            &[Blob, Varchar],
            &[Varchar, Varchar],
            &[Blob, Varchar, Varchar],
            &[Varchar, Varchar, Varchar],
        ],
        returns: Varchar,
        body: functions::decode,
    },
    Function {
        name: c"utf8x_encode",
        overloads: &[&[Varchar, Varchar]],
        returns: Blob,
        body: functions::encode,
    },
    Function {
        name: c"utf8x_detect",
        overloads: &[&[Blob], &[Varchar]],
        returns: Varchar,
        body: functions::detect,
    },
];

/// The most arguments an overload takes.
const MAX_ARGS: usize = 3;

/// Registers every function on `con`.
///
/// # Safety
/// The API table is initialised and `con` is an open connection.
pub unsafe fn all(con: ffi::duckdb_connection) -> Result<(), String> {
    for f in FUNCTIONS {
        // SAFETY: as the caller promises; `f` is 'static, so the extra info outlives DuckDB.
        unsafe { register(con, f) }?;
    }
    Ok(())
}

/// # Safety
/// As for [`all`].
unsafe fn register(con: ffi::duckdb_connection, f: &'static Function) -> Result<(), String> {
    // SAFETY: plain calls of the C API on objects created here; DuckDB copies the types and
    // functions into the set and the set into its catalog, so each is destroyed after use. The
    // extra info is a 'static `Function`, never freed (hence no delete callback).
    unsafe {
        let mut set = ffi::duckdb_create_scalar_function_set(f.name.as_ptr());
        let mut added = true;
        for params in f.overloads {
            let mut function = ffi::duckdb_create_scalar_function();
            ffi::duckdb_scalar_function_set_name(function, f.name.as_ptr());
            for &p in *params {
                let mut t = logical_type(p);
                ffi::duckdb_scalar_function_add_parameter(function, t);
                ffi::duckdb_destroy_logical_type(&mut t);
            }
            let mut t = logical_type(f.returns);
            ffi::duckdb_scalar_function_set_return_type(function, t);
            ffi::duckdb_destroy_logical_type(&mut t);
            let extra = f as *const Function as *mut c_void;
            ffi::duckdb_scalar_function_set_extra_info(function, extra, None);
            ffi::duckdb_scalar_function_set_function(function, Some(call));
            added &= ffi::duckdb_add_scalar_function_to_set(set, function) == ffi::DuckDBSuccess;
            ffi::duckdb_destroy_scalar_function(&mut function);
        }
        let registered =
            added && ffi::duckdb_register_scalar_function_set(con, set) == ffi::DuckDBSuccess;
        ffi::duckdb_destroy_scalar_function_set(&mut set);
        if registered {
            Ok(())
        } else {
            Err(format!("could not register {}", f.name.to_string_lossy()))
        }
    }
}

/// A new logical type for `t` (the caller destroys it).
///
/// # Safety
/// The API table is initialised.
unsafe fn logical_type(t: Type) -> ffi::duckdb_logical_type {
    // SAFETY: as the caller promises; the member types are copied into the STRUCT type.
    unsafe {
        let simple = |id| ffi::duckdb_create_logical_type(id);
        match t {
            Type::Blob => simple(ffi::DUCKDB_TYPE_DUCKDB_TYPE_BLOB),
            Type::Varchar => simple(ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR),
            Type::Boolean => simple(ffi::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN),
            Type::Error => {
                let mut members = [
                    simple(ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT),
                    simple(ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT),
                    simple(ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR),
                ];
                let mut names = [c"offset".as_ptr(), c"length".as_ptr(), c"kind".as_ptr()];
                let t = ffi::duckdb_create_struct_type(
                    members.as_mut_ptr(),
                    names.as_mut_ptr(),
                    members.len() as ffi::idx_t,
                );
                for m in &mut members {
                    ffi::duckdb_destroy_logical_type(m);
                }
                t
            }
        }
    }
}

/// The callback of every function: runs the body named by the extra info over one chunk.
unsafe extern "C" fn call(
    info: ffi::duckdb_function_info,
    chunk: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) {
    // SAFETY: DuckDB passes the extra info set in `register`: a &'static Function.
    let f = unsafe { &*(ffi::duckdb_scalar_function_get_extra_info(info) as *const Function) };
    // A panic would be a bug of ours; it must not unwind into DuckDB, so it becomes an error.
    let result = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the chunk and output vector of this call, read and written only during it.
        unsafe {
            let rows = ffi::duckdb_data_chunk_get_size(chunk) as usize;
            let columns = ffi::duckdb_data_chunk_get_column_count(chunk) as usize;
            assert!(columns <= MAX_ARGS);
            let args: [Strings; MAX_ARGS] = std::array::from_fn(|i| {
                if i < columns {
                    Strings::new(chunk, i, rows)
                } else {
                    Strings::empty()
                }
            });
            let input = Input {
                rows,
                args: &args[..columns],
            };
            (f.body)(&input, &mut Output::new(output, rows))
        }
    }));
    let message = match result {
        Ok(Ok(())) => return,
        Ok(Err(message)) => message,
        Err(_) => "internal error (a bug in the extension; please report it)".to_owned(),
    };
    let message = format!("{}: {message}", f.name.to_string_lossy()).replace('\0', "\\0");
    let message = CString::new(message).expect("NUL bytes replaced");
    // SAFETY: the info of this call and a NUL-terminated message, which DuckDB copies.
    unsafe { ffi::duckdb_scalar_function_set_error(info, message.as_ptr()) };
}
