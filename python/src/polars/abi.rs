//! Polars' expression-plugin ABI, version 0.1, and the Arrow C data interface it carries.
//!
//! Polars loads the extension module with `dlopen`, asks `_polars_plugin_get_version` for the
//! ABI version, then calls `_polars_plugin_field_<name>` when it plans a query (input fields in,
//! output field out) and `_polars_plugin_<name>` for each batch (input Series in, output Series
//! out). A Series crosses as a [`SeriesExport`]: one Arrow C schema and one Arrow C array per
//! chunk. On failure a function leaves its output empty and Polars reads the message from
//! `_polars_plugin_get_last_error_message` on the same thread.
//!
//! Ownership, as Polars' `polars-ffi` crate defines it: the plugin owns the input Series (it
//! releases each chunk and then the export), Polars owns the output once the call returns (it
//! moves each chunk out, later calls that chunk's release, and calls the export's release).
//! Every buffer this module hands out is freed by its own release callback, so Polars' and this
//! module's allocators never free each other's memory.
//!
//! The structs are the Arrow C data interface's, written out (arrow.apache.org/docs/format/
//! CDataInterface.html): the `arrow` crates would add minutes of compile time for six structs.
//! This is the one place that touches raw pointers; `super::column` reads the arrays as slices.

use std::ffi::{CStr, CString, c_char, c_void};
use std::ptr;

/// Arrow C data interface: the type of an array.
#[repr(C)]
pub(crate) struct ArrowSchema {
    format: *const c_char,
    name: *const c_char,
    metadata: *const c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut ArrowSchema,
    dictionary: *mut ArrowSchema,
    release: Option<unsafe extern "C" fn(*mut ArrowSchema)>,
    private_data: *mut c_void,
}

/// Arrow C data interface: the buffers of an array.
#[repr(C)]
pub(crate) struct ArrowArray {
    pub(crate) length: i64,
    pub(crate) null_count: i64,
    pub(crate) offset: i64,
    pub(crate) n_buffers: i64,
    n_children: i64,
    pub(crate) buffers: *mut *const c_void,
    children: *mut *mut ArrowArray,
    dictionary: *mut ArrowArray,
    release: Option<unsafe extern "C" fn(*mut ArrowArray)>,
    private_data: *mut c_void,
}

/// `polars_ffi::version_0::SeriesExport`: a named, typed list of chunks.
#[repr(C)]
pub(crate) struct SeriesExport {
    field: *mut ArrowSchema,
    arrays: *mut *mut ArrowArray,
    len: usize,
    release: Option<unsafe extern "C" fn(*mut SeriesExport)>,
    private_data: *mut c_void,
}

/// The ABI version this module speaks: major 0 (Series as `SeriesExport`), minor 1 (field
/// functions take the keyword arguments).
pub(crate) const VERSION: u32 = 1;

/// `(format, name)` of a schema Polars handed over.
///
/// # Safety
/// `schema` points to a live Arrow C schema.
unsafe fn read_schema(schema: *const ArrowSchema) -> Result<(String, CString), String> {
    if schema.is_null() {
        return Err("no input field".into());
    }
    // SAFETY: the caller's contract; format and name are NUL-terminated or NULL by the spec.
    let (format, name) = unsafe {
        let s = &*schema;
        (
            if s.format.is_null() {
                String::new()
            } else {
                CStr::from_ptr(s.format).to_string_lossy().into_owned()
            },
            if s.name.is_null() {
                CString::default()
            } else {
                CStr::from_ptr(s.name).to_owned()
            },
        )
    };
    Ok((format, name))
}

/// The formats of the `n` input fields of a field function.
///
/// # Safety
/// `fields` points to `n` live Arrow C schemas.
pub(crate) unsafe fn input_fields(
    fields: *const ArrowSchema,
    n: usize,
) -> Result<Vec<(String, CString)>, String> {
    // SAFETY: the caller's contract.
    (0..n)
        .map(|i| unsafe { read_schema(fields.add(i)) })
        .collect()
}

/// A chunk taken over from Polars: released when dropped, unless handed back with
/// [`Owned::into_raw`].
pub(crate) struct Owned(ArrowArray);

// SAFETY: an Arrow C array may be released from any thread (the spec asks producers to allow it);
// its buffers are read only.
unsafe impl Send for Owned {}

impl Owned {
    pub(crate) fn array(&self) -> &ArrowArray {
        &self.0
    }

    /// The array itself, for output: whoever receives it releases it.
    pub(crate) fn into_raw(self) -> ArrowArray {
        let me = std::mem::ManuallyDrop::new(self);
        // SAFETY: `me` is never dropped, so the array is moved out exactly once.
        unsafe { ptr::read(&me.0) }
    }
}

impl Drop for Owned {
    fn drop(&mut self) {
        if let Some(release) = self.0.release {
            // SAFETY: the producer's release callback, called once on the array it made.
            unsafe { release(&mut self.0) }
        }
    }
}

/// An input Series: its name, its Arrow format string and its chunks.
pub(crate) struct InSeries {
    pub(crate) name: CString,
    pub(crate) format: String,
    pub(crate) chunks: Vec<Owned>,
}

/// Takes over the `n` Series Polars passed: each chunk is moved out, then the export released
/// (which frees Polars' boxes and the schema, not the chunks).
///
/// # Safety
/// `series` points to `n` live exports that nobody else releases.
pub(crate) unsafe fn take_series(
    series: *mut SeriesExport,
    n: usize,
) -> Result<Vec<InSeries>, String> {
    let mut out = Vec::with_capacity(n);
    let mut failed = None;
    for i in 0..n {
        // SAFETY: the caller's contract: export `i` is live and ours.
        unsafe {
            let e = &mut *series.add(i);
            let field = read_schema(e.field);
            // Moved out as the C data interface moves an array: the copy is ours, the source
            // is marked released.
            let chunks = (0..e.len)
                .map(|c| {
                    let source = *e.arrays.add(c);
                    let chunk = Owned(ptr::read(source));
                    (*source).release = None;
                    chunk
                })
                .collect::<Vec<_>>();
            if let Some(release) = e.release {
                release(e);
            }
            match field {
                Ok((format, name)) => out.push(InSeries {
                    name,
                    format,
                    chunks,
                }),
                Err(m) => failed = failed.or(Some(m)),
            }
        }
    }
    failed.map_or(Ok(out), Err)
}

/// A buffer of an output array.
pub(crate) enum Buffer {
    /// Absent (a validity bitmap when there are no nulls).
    None,
    Bytes(Vec<u8>),
    /// Binary views: 16 bytes each, aligned as Arrow asks.
    Views(Vec<u128>),
    Int64(Vec<i64>),
    /// A buffer of an input chunk the output keeps alive (see [`OutArray::keep`]).
    Borrowed(*const c_void),
}

impl Buffer {
    fn as_ptr(&self) -> *const c_void {
        match self {
            Buffer::None => ptr::null(),
            Buffer::Bytes(v) => v.as_ptr().cast(),
            Buffer::Views(v) => v.as_ptr().cast(),
            Buffer::Int64(v) => v.as_ptr().cast(),
            Buffer::Borrowed(p) => *p,
        }
    }
}

/// An output chunk before export: length, nulls, buffers in Arrow's order, and the input
/// chunk whose buffers it borrows (released with it).
pub(crate) struct OutArray {
    pub(crate) length: usize,
    pub(crate) null_count: usize,
    pub(crate) buffers: Vec<Buffer>,
    pub(crate) keep: Option<Owned>,
}

/// What an exported chunk owns until Polars releases it.
struct ArrayPrivate {
    _buffers: Vec<Buffer>,
    pointers: Vec<*const c_void>,
    _keep: Option<Owned>,
}

unsafe extern "C" fn release_array(array: *mut ArrowArray) {
    // SAFETY: Polars calls this once, on an array `export_array` made.
    unsafe {
        drop(Box::from_raw((*array).private_data as *mut ArrayPrivate));
        (*array).release = None;
    }
}

/// An output chunk, now an Arrow C array owned by whoever receives it.
pub(crate) fn export_array(a: OutArray) -> ArrowArray {
    let pointers: Vec<*const c_void> = a.buffers.iter().map(Buffer::as_ptr).collect();
    let mut private = Box::new(ArrayPrivate {
        _buffers: a.buffers,
        pointers,
        _keep: a.keep,
    });
    ArrowArray {
        length: a.length as i64,
        null_count: a.null_count as i64,
        offset: 0,
        n_buffers: private.pointers.len() as i64,
        n_children: 0,
        buffers: private.pointers.as_mut_ptr(),
        children: ptr::null_mut(),
        dictionary: ptr::null_mut(),
        release: Some(release_array),
        private_data: Box::into_raw(private).cast(),
    }
}

/// What an exported schema owns: its strings.
struct SchemaPrivate {
    _format: CString,
    _name: CString,
}

unsafe extern "C" fn release_schema(schema: *mut ArrowSchema) {
    // SAFETY: called once, on a schema `export_schema` made.
    unsafe {
        drop(Box::from_raw((*schema).private_data as *mut SchemaPrivate));
        (*schema).release = None;
    }
}

/// A nullable field of that name and Arrow format.
pub(crate) fn export_schema(format: &CStr, name: &CStr) -> ArrowSchema {
    let private = Box::new(SchemaPrivate {
        _format: format.to_owned(),
        _name: name.to_owned(),
    });
    ArrowSchema {
        format: private._format.as_ptr(),
        name: private._name.as_ptr(),
        metadata: ptr::null(),
        flags: 2, // ARROW_FLAG_NULLABLE
        n_children: 0,
        children: ptr::null_mut(),
        dictionary: ptr::null_mut(),
        release: Some(release_schema),
        private_data: Box::into_raw(private).cast(),
    }
}

/// What an exported Series owns: the schema and the boxes of its chunks (the chunks themselves
/// are moved out by Polars before it releases the export).
struct SeriesPrivate {
    schema: Box<ArrowSchema>,
    arrays: Box<[*mut ArrowArray]>,
}

unsafe extern "C" fn release_series(e: *mut SeriesExport) {
    // SAFETY: called once, on an export `export_series` made; the chunks were moved out of
    // their boxes, so the boxes are freed without releasing them again.
    unsafe {
        let private = Box::from_raw((*e).private_data as *mut SeriesPrivate);
        for &a in private.arrays.iter() {
            drop(Box::from_raw(a as *mut std::mem::ManuallyDrop<ArrowArray>));
        }
        let mut schema = private.schema;
        if let Some(release) = schema.release {
            release(&mut *schema);
        }
        (*e).release = None;
    }
}

/// A Series for Polars: `name`, Arrow `format`, and its chunks.
pub(crate) fn export_series(format: &CStr, name: &CStr, chunks: Vec<ArrowArray>) -> SeriesExport {
    let mut schema = Box::new(export_schema(format, name));
    let mut arrays: Box<[*mut ArrowArray]> = chunks
        .into_iter()
        .map(|a| Box::into_raw(Box::new(a)))
        .collect();
    let (field, ptrs, len) = (
        &mut *schema as *mut ArrowSchema,
        arrays.as_mut_ptr(),
        arrays.len(),
    );
    SeriesExport {
        field,
        arrays: ptrs,
        len,
        release: Some(release_series),
        private_data: Box::into_raw(Box::new(SeriesPrivate { schema, arrays })).cast(),
    }
}
