//! DuckDB's vectors seen as Rust values: the one place raw vector pointers are read or written.
//!
//! A scalar function of the C API gets a data chunk whose vectors DuckDB has flattened (one
//! `duckdb_string_t` per row, a validity mask that is NULL when every row is valid) and one
//! output vector of the chunk's size. [`Strings`] reads a VARCHAR or BLOB column as byte
//! slices; [`Output`] writes values and NULLs. Everything else in the crate is safe code over
//! these two.

use libduckdb_sys as ffi;

/// Rows of a string (VARCHAR or BLOB) input column, borrowed from its chunk.
pub struct Strings<'a> {
    data: &'a [ffi::duckdb_string_t],
    validity: Option<&'a [u64]>,
}

impl<'a> Strings<'a> {
    /// A column of no rows.
    pub fn empty() -> Strings<'a> {
        Strings {
            data: &[],
            validity: None,
        }
    }

    /// The column `col` of `chunk`, which holds `rows` rows.
    ///
    /// # Safety
    /// `chunk` is the input chunk of the running scalar function, `col` one of its string
    /// columns and `rows` its size; the result must not outlive the call.
    pub unsafe fn new(chunk: ffi::duckdb_data_chunk, col: usize, rows: usize) -> Strings<'a> {
        if rows == 0 {
            return Strings::empty();
        }
        // SAFETY: the caller names a column of this chunk; DuckDB flattened it before the call,
        // so its data is `rows` string_t values and its validity (when present) one bit per row.
        unsafe {
            let vector = ffi::duckdb_data_chunk_get_vector(chunk, col as ffi::idx_t);
            let data = ffi::duckdb_vector_get_data(vector) as *const ffi::duckdb_string_t;
            let validity = ffi::duckdb_vector_get_validity(vector);
            Strings {
                data: std::slice::from_raw_parts(data, rows),
                validity: (!validity.is_null())
                    .then(|| std::slice::from_raw_parts(validity, rows.div_ceil(64))),
            }
        }
    }

    /// The bytes of row `row`, or `None` where it is NULL.
    pub fn get(&self, row: usize) -> Option<&'a [u8]> {
        if let Some(mask) = self.validity
            && mask[row / 64] & (1 << (row % 64)) == 0
        {
            return None;
        }
        let s = &self.data[row];
        // SAFETY: both members of the union start with the length; a string of at most 12 bytes
        // is stored inline after it, a longer one behind the pointer, which DuckDB keeps alive
        // for the duration of the call (duckdb.h, `duckdb_string_t`).
        unsafe {
            let len = s.value.inlined.length as usize;
            Some(if len <= 12 {
                std::slice::from_raw_parts(s.value.inlined.inlined.as_ptr().cast::<u8>(), len)
            } else {
                std::slice::from_raw_parts(s.value.pointer.ptr.cast::<u8>(), len)
            })
        }
    }
}

/// The output vector of a scalar function (or one child of a STRUCT output).
pub struct Output {
    vector: ffi::duckdb_vector,
    rows: usize,
    /// The vector's DuckDB type, checked before every write.
    kind: ffi::duckdb_type,
    /// Its values (one per row, of the type's size).
    data: *mut std::ffi::c_void,
    /// The validity mask, made writable at the first NULL written.
    validity: *mut u64,
}

impl Output {
    /// The vector `vector`, which the function fills for `rows` rows.
    ///
    /// # Safety
    /// `vector` is the running scalar function's output vector (or a child of it) with room
    /// for `rows` rows; the result must not outlive the call.
    pub unsafe fn new(vector: ffi::duckdb_vector, rows: usize) -> Output {
        // SAFETY: as the caller promises, a live vector of at least `rows` rows; the logical
        // type DuckDB hands out is ours to destroy.
        let (validity, kind, data) = unsafe {
            let mut logical = ffi::duckdb_vector_get_column_type(vector);
            let kind = ffi::duckdb_get_type_id(logical);
            ffi::duckdb_destroy_logical_type(&mut logical);
            let data = ffi::duckdb_vector_get_data(vector);
            (ffi::duckdb_vector_get_validity(vector), kind, data)
        };
        if !validity.is_null() {
            // DuckDB 2.0 hands over output vectors without a mask; should one come with a mask
            // left from an earlier chunk, every row starts valid and `set_null` clears the
            // ones that are not.
            // SAFETY: the mask holds one bit per row of the vector.
            unsafe { std::slice::from_raw_parts_mut(validity, rows.div_ceil(64)) }.fill(!0);
        }
        Output {
            vector,
            rows,
            kind,
            data,
            validity,
        }
    }

    /// Marks row `row` NULL.
    pub fn set_null(&mut self, row: usize) {
        assert!(row < self.rows);
        if self.validity.is_null() {
            // SAFETY: a live output vector; after this call it has a writable mask, all valid.
            unsafe {
                ffi::duckdb_vector_ensure_validity_writable(self.vector);
                self.validity = ffi::duckdb_vector_get_validity(self.vector);
            }
        }
        // SAFETY: `row` is below the vector's size (asserted), so its bit is inside the mask.
        unsafe { *self.validity.add(row / 64) &= !(1 << (row % 64)) };
    }

    /// Sets row `row` of a BOOLEAN vector.
    pub fn set_bool(&mut self, row: usize, value: bool) {
        assert!(row < self.rows && self.kind == ffi::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN);
        // SAFETY: a BOOLEAN vector stores one byte (0 or 1) per row; `row` is inside it.
        unsafe { *self.data.cast::<u8>().add(row) = value.into() };
    }

    /// Sets row `row` of a BIGINT vector.
    pub fn set_i64(&mut self, row: usize, value: i64) {
        assert!(row < self.rows && self.kind == ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT);
        // SAFETY: a BIGINT vector stores one aligned i64 per row; `row` is inside it.
        unsafe { *self.data.cast::<i64>().add(row) = value };
    }

    /// Sets row `row` of a BLOB vector to a copy of `bytes` (in the vector's own heap).
    pub fn set_blob(&mut self, row: usize, bytes: &[u8]) {
        assert!(row < self.rows && self.kind == ffi::DUCKDB_TYPE_DUCKDB_TYPE_BLOB);
        // SAFETY: a live BLOB vector, a row inside it, and `bytes.len()` readable bytes.
        unsafe { self.assign(row, bytes) }
    }

    /// Sets row `row` of a VARCHAR vector to a copy of `text`.
    pub fn set_str(&mut self, row: usize, text: &str) {
        // SAFETY: a `str` is UTF-8.
        unsafe { self.set_utf8(row, text.as_bytes()) }
    }

    /// Sets row `row` of a VARCHAR vector to a copy of `utf8`, which DuckDB does not check
    /// again (its checked assignment costs as much as the validation that proved it).
    ///
    /// # Safety
    /// `utf8` is well-formed UTF-8: DuckDB trusts every VARCHAR value to be.
    pub unsafe fn set_utf8(&mut self, row: usize, utf8: &[u8]) {
        assert!(row < self.rows && self.kind == ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR);
        // SAFETY: a live VARCHAR vector, a row inside it, and UTF-8 (as the caller promises).
        unsafe { self.assign(row, utf8) }
    }

    /// # Safety
    /// A string vector, `row` below its size, and for VARCHAR, UTF-8.
    unsafe fn assign(&mut self, row: usize, bytes: &[u8]) {
        // SAFETY: as the caller promises; DuckDB copies the bytes into the vector's heap.
        unsafe {
            ffi::duckdb_unsafe_vector_assign_string_element_len(
                self.vector,
                row as ffi::idx_t,
                bytes.as_ptr().cast(),
                bytes.len() as ffi::idx_t,
            )
        }
    }

    /// Child `index` of a STRUCT vector.
    pub fn child(&self, index: usize) -> Output {
        assert!(self.kind == ffi::DUCKDB_TYPE_DUCKDB_TYPE_STRUCT);
        // SAFETY: a STRUCT vector (asserted); DuckDB returns NULL for a member it lacks, which
        // `Output::new` would not survive, so the index is checked against the type first.
        unsafe {
            let mut logical = ffi::duckdb_vector_get_column_type(self.vector);
            let members = ffi::duckdb_struct_type_child_count(logical);
            ffi::duckdb_destroy_logical_type(&mut logical);
            assert!((index as ffi::idx_t) < members);
            let child = ffi::duckdb_struct_vector_get_child(self.vector, index as ffi::idx_t);
            Output::new(child, self.rows)
        }
    }
}
