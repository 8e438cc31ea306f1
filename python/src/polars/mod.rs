//! The Polars expression plugin: the C functions Polars calls for the `utf8x` namespace that
//! `utf8x/polars.py` registers (`pl.col("b").utf8x.is_valid()`, ...). They live in the
//! extension module itself, so `import utf8x.polars` needs nothing more; no Python runs in them.
//!
//! `abi` is Polars' plugin ABI and the Arrow C data interface (the only raw pointers), `chunk`
//! reads an input chunk's values, `kernels` computes an output chunk. Here: the exported symbols,
//! the keyword arguments (pickled by Polars) and the panic boundary.

mod abi;
mod chunk;
mod kernels;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ffi::{CString, c_char, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_pickle::{DeOptions, HashableValue, Value};
use utf8x::Policy;

use abi::{ArrowSchema, SeriesExport};
use kernels::Op;

thread_local! {
    /// The message of the last call that failed on this thread, for Polars to read.
    static LAST_ERROR: RefCell<CString> = RefCell::default();
}

fn set_error(message: &str) {
    let c = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = c);
}

/// The keyword arguments: a pickled dict of strings (what `polars.plugins` sends), or nothing.
fn kwargs(bytes: &[u8]) -> Result<BTreeMap<String, String>, String> {
    if bytes.is_empty() {
        return Ok(BTreeMap::new());
    }
    let bad = || "utf8x: keyword arguments are not a dict of strings and integers".to_string();
    let Value::Dict(d) =
        serde_pickle::value_from_slice(bytes, DeOptions::new()).map_err(|_| bad())?
    else {
        return Err(bad());
    };
    d.into_iter()
        .map(|(k, v)| match (k, v) {
            (HashableValue::String(k), Value::String(v)) => Ok((k, v)),
            (HashableValue::String(k), Value::I64(v)) => Ok((k, v.to_string())),
            _ => Err(bad()),
        })
        .collect()
}

/// The policy of an `errors` name: what `decode` takes; `make_valid` all but "strict".
fn policy(name: &str, strict: bool) -> Result<Policy, String> {
    Ok(match name {
        "strict" if strict => Policy::Strict,
        "replace" => Policy::Replace,
        "ignore" => Policy::Skip,
        "fallback" => Policy::Fallback,
        _ => {
            let names = if strict {
                "strict, replace, ignore, fallback"
            } else {
                "replace, ignore, fallback"
            };
            return Err(format!(
                "utf8x: unknown errors {name:?} (expected one of {names})"
            ));
        }
    })
}

/// The function `name` with its keyword arguments, and the threads it may use (`threads`,
/// Polars' thread pool size, which `utf8x/polars.py` passes; 1 without it).
fn op(name: &str, kwargs: &[u8]) -> Result<(Op, usize), String> {
    let k = self::kwargs(kwargs)?;
    let threads = k.get("threads").map_or(Ok(1), |t| {
        t.parse::<usize>()
            .map_err(|_| format!("utf8x.{name}: threads {t:?} is not a count"))
    })?;
    let arg = |key: &str, default: Option<&'static str>| {
        k.get(key)
            .map(String::as_str)
            .or(default)
            .ok_or_else(|| format!("utf8x.{name}: the argument {key:?} is missing"))
    };
    let encoding = |key| {
        let e = arg(key, None)?;
        crate::find_encoding(e).ok_or_else(|| format!("utf8x.{name}: unknown encoding {e:?}"))
    };
    let op = match name {
        "is_valid" => Op::IsValid,
        "error_offset" => Op::ErrorOffset,
        "make_valid" => Op::Decode(
            utf8x::Encoding::Utf8,
            "utf-8",
            policy(arg("errors", Some("replace"))?, false)?,
        ),
        "decode" => {
            let (enc, label) = encoding("encoding")?;
            Op::Decode(enc, label, policy(arg("errors", Some("strict"))?, true)?)
        }
        "encode" => {
            let (enc, label) = encoding("encoding")?;
            Op::Encode(enc, label)
        }
        _ => return Err(format!("utf8x: no plugin function {name:?}")),
    };
    Ok((op, threads.max(1)))
}

/// `_polars_plugin_<name>`: runs `name` on the one input Series, chunk by chunk.
///
/// # Safety
/// Polars' contract: `series` holds `n` exports that are now ours, `kwargs` `kwargs_len`
/// bytes, `out` an empty export to fill.
unsafe fn call(
    name: &str,
    series: *mut SeriesExport,
    n: usize,
    kwargs: *const u8,
    kwargs_len: usize,
    out: *mut SeriesExport,
) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        // Taken over first, so that they are released whatever happens next.
        // SAFETY: the caller's contract.
        let inputs = unsafe { abi::take_series(series, n)? };
        // SAFETY: the caller's contract.
        let (op, threads) = op(name, unsafe { bytes(kwargs, kwargs_len) })?;
        let [input] =
            <[_; 1]>::try_from(inputs).map_err(|_| format!("utf8x.{name} takes one column"))?;
        check_format(name, &input.format)?;
        let batch = input.chunks.iter().map(|c| c.array().length as usize).sum();
        let mut at = kernels::Place {
            first: 0,
            batch,
            threads,
        };
        let mut chunks = Vec::with_capacity(input.chunks.len());
        for chunk in input.chunks {
            let len = chunk.array().length as usize;
            chunks.push(kernels::run(op, chunk, &input.format, at)?);
            at.first += len;
        }
        Ok::<_, String>(abi::export_series(op.format(), &input.name, chunks))
    }));
    match result {
        // SAFETY: `out` is the caller's export to fill; the empty one there owns nothing.
        Ok(Ok(e)) => unsafe { out.write(e) },
        Ok(Err(message)) => set_error(&message),
        // Polars' convention: "PANIC" says the plugin panicked (the hook printed why).
        Err(_) => set_error("PANIC"),
    }
}

/// `_polars_plugin_field_<name>`: the output field of `name` for the input fields.
///
/// # Safety
/// Polars' contract: `fields` holds `n` schemas (Polars' own), `out` an empty schema to fill.
unsafe fn field(
    name: &str,
    fields: *const ArrowSchema,
    n: usize,
    out: *mut ArrowSchema,
    kwargs: *const u8,
    kwargs_len: usize,
) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's contract.
        let (op, _) = op(name, unsafe { bytes(kwargs, kwargs_len) })?;
        // SAFETY: the caller's contract.
        let inputs = unsafe { abi::input_fields(fields, n)? };
        let [(format, field_name)] = &inputs[..] else {
            return Err(format!("utf8x.{name} takes one column"));
        };
        check_format(name, format)?;
        Ok(abi::export_schema(op.format(), field_name))
    }));
    match result {
        // SAFETY: `out` is the caller's schema to fill; the empty one there owns nothing.
        Ok(Ok(s)) => unsafe { out.write(s) },
        Ok(Err(message)) => set_error(&message),
        Err(_) => set_error("PANIC"),
    }
}

/// The keyword argument bytes.
///
/// # Safety
/// `p` points to `n` bytes, or `n` is 0.
unsafe fn bytes<'a>(p: *const u8, n: usize) -> &'a [u8] {
    if n == 0 || p.is_null() {
        return &[];
    }
    // SAFETY: the caller's contract.
    unsafe { std::slice::from_raw_parts(p, n) }
}

/// An error unless the input is Binary or String (or all-null).
fn check_format(name: &str, format: &str) -> Result<(), String> {
    if chunk::is_string_format(format) {
        return Ok(());
    }
    let dtype = match format {
        "b" => "Boolean",
        "c" | "s" | "i" | "l" => "a signed integer",
        "C" | "S" | "I" | "L" => "an unsigned integer",
        "e" | "f" | "g" => "a float",
        f if f.starts_with('+') => "a nested type",
        f if f.starts_with('t') => "a temporal type",
        _ => "another type",
    };
    Err(format!(
        "utf8x.{name} takes Binary or String columns, not {dtype} (Arrow format {format:?})"
    ))
}

/// Exports the pair of functions Polars calls for one plugin function.
macro_rules! plugin {
    ($name:literal, $call:ident, $field:ident) => {
        /// The plugin function (see [`call`]).
        ///
        /// # Safety
        /// Called by Polars only, with its plugin ABI's arguments.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $call(
            series: *mut SeriesExport,
            n: usize,
            kwargs: *const u8,
            kwargs_len: usize,
            out: *mut SeriesExport,
            _context: *const c_void,
        ) {
            // SAFETY: Polars' contract, as `call` states it.
            unsafe { call($name, series, n, kwargs, kwargs_len, out) }
        }

        /// Its output field (see [`field`]).
        ///
        /// # Safety
        /// Called by Polars only, with its plugin ABI's arguments.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $field(
            fields: *const ArrowSchema,
            n: usize,
            out: *mut ArrowSchema,
            kwargs: *const u8,
            kwargs_len: usize,
        ) {
            // SAFETY: Polars' contract, as `field` states it.
            unsafe { field($name, fields, n, out, kwargs, kwargs_len) }
        }
    };
}

plugin!(
    "is_valid",
    _polars_plugin_utf8x_is_valid,
    _polars_plugin_field_utf8x_is_valid
);
plugin!(
    "error_offset",
    _polars_plugin_utf8x_error_offset,
    _polars_plugin_field_utf8x_error_offset
);
plugin!(
    "make_valid",
    _polars_plugin_utf8x_make_valid,
    _polars_plugin_field_utf8x_make_valid
);
plugin!(
    "decode",
    _polars_plugin_utf8x_decode,
    _polars_plugin_field_utf8x_decode
);
plugin!(
    "encode",
    _polars_plugin_utf8x_encode,
    _polars_plugin_field_utf8x_encode
);

/// The plugin ABI version: Polars refuses plugins of a version it does not speak.
#[unsafe(no_mangle)]
pub extern "C" fn _polars_plugin_get_version() -> u32 {
    abi::VERSION
}

/// The message of the last failed call on this thread (valid until the next one fails).
#[unsafe(no_mangle)]
pub extern "C" fn _polars_plugin_get_last_error_message() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}
