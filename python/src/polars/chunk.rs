//! An input chunk read as values: the Arrow layouts Polars hands a plugin for Binary and String
//! columns, checked once and then read as slices.
//!
//! Polars exports Binary and String chunks as views (`vz`, `vu`): 16 bytes per value, either the
//! length and up to 12 bytes inline, or the length, the first 4 bytes, a buffer index and an
//! offset into that buffer; the buffers' sizes come last. The offsets layouts (`z`, `Z`, `u`,
//! `U`) are read too, for producers that send them. A `n` (Null) chunk has only nulls.
//!
//! A value is valid UTF-8 alone; the values stored one after another in a buffer are validated
//! together, a run at a time, by `utf8x::validate_column` (see [`Chunk::valid_bits`]).

use std::ffi::c_void;

use super::abi::ArrowArray;

/// How the values are laid out.
enum Values<'a> {
    Null,
    Views {
        /// 16 bytes per value, from the array's first value.
        views: &'a [u8],
        buffers: Vec<&'a [u8]>,
    },
    Offsets32 {
        offsets: &'a [i32],
        data: &'a [u8],
    },
    Offsets64 {
        offsets: &'a [i64],
        data: &'a [u8],
    },
}

/// A chunk's values, borrowed from its Arrow array.
pub(crate) struct Chunk<'a> {
    len: usize,
    /// The validity bitmap and the bit of the first value.
    validity: Option<(&'a [u8], usize)>,
    values: Values<'a>,
}

/// The Arrow formats of Binary and String data a chunk may have.
pub(crate) fn is_string_format(format: &str) -> bool {
    matches!(format, "vz" | "vu" | "z" | "Z" | "u" | "U" | "n")
}

/// Buffer `i` of `a` as `n` items of `T`; empty when `n` is 0 (its pointer may then be NULL).
///
/// # Safety
/// Buffer `i` exists and holds at least `n` items of `T`, aligned, alive while `a` is.
unsafe fn buffer<T>(a: &ArrowArray, i: usize, n: usize) -> Result<&[T], String> {
    if n == 0 {
        return Ok(&[]);
    }
    // SAFETY: the caller's contract: `buffers` has `n_buffers` entries, `i` among them.
    let p = unsafe { *a.buffers.add(i) } as *const T;
    if p.is_null() || !p.is_aligned() {
        return Err(format!("buffer {i} of a chunk is missing or misaligned"));
    }
    // SAFETY: the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(p, n) })
}

impl<'a> Chunk<'a> {
    /// Reads `a`, of Arrow `format`, checking what reading it in place relies on: buffer counts,
    /// views inside their buffers, offsets in order and in range.
    ///
    /// # Safety
    /// `a` is a live Arrow C array of that format, as Polars exports them.
    pub(crate) unsafe fn new(a: &'a ArrowArray, format: &str) -> Result<Chunk<'a>, String> {
        let (len, offset) = (a.length as usize, a.offset as usize);
        let n_buffers = a.n_buffers as usize;
        let need = match format {
            "n" => 0,
            "vz" | "vu" => 2,
            _ => 3,
        };
        if a.length < 0 || a.offset < 0 || n_buffers < need || (need > 0 && a.buffers.is_null()) {
            return Err(format!(
                "a chunk of format {format:?} that is not Arrow's layout"
            ));
        }
        // SAFETY (every `buffer` call below): Arrow's layout for `format`, which Polars follows;
        // sizes are those the format implies for `offset + len` values.
        let validity = if need > 0 && a.null_count != 0 && len > 0 {
            // SAFETY: see above.
            let p = unsafe { *a.buffers } as *const u8;
            if p.is_null() {
                None
            } else {
                let bytes = (offset + len).div_ceil(8);
                // SAFETY: see above.
                Some((unsafe { std::slice::from_raw_parts(p, bytes) }, offset))
            }
        } else {
            None
        };
        let values = match format {
            "n" => Values::Null,
            // SAFETY: Arrow's view layout, as above.
            "vz" | "vu" => unsafe {
                // Buffers: validity, views, the data buffers, then their sizes (i64).
                let n_data = n_buffers.saturating_sub(3);
                let sizes: &[i64] = if n_data > 0 {
                    buffer(a, n_buffers - 1, n_data)?
                } else {
                    &[]
                };
                let mut buffers = Vec::with_capacity(n_data);
                for (k, &size) in sizes.iter().enumerate() {
                    let size = usize::try_from(size).map_err(|_| "a negative buffer size")?;
                    buffers.push(buffer::<u8>(a, 2 + k, size)?);
                }
                let views = buffer::<u8>(a, 1, (offset + len) * 16)?;
                let views = views.get(offset * 16..).unwrap_or_default();
                check_views(views, &buffers)?;
                Values::Views { views, buffers }
            },
            "z" | "u" => {
                // SAFETY: Arrow's offsets layout, as above.
                let (offsets, data) = unsafe { offsets_and_data::<i32>(a, offset, len)? };
                Values::Offsets32 { offsets, data }
            }
            "Z" | "U" => {
                // SAFETY: Arrow's large offsets layout, as above.
                let (offsets, data) = unsafe { offsets_and_data::<i64>(a, offset, len)? };
                Values::Offsets64 { offsets, data }
            }
            _ => return Err(format!("a chunk of Arrow format {format:?}")),
        };
        Ok(Chunk {
            len,
            validity,
            values,
        })
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// True when value `i` is null.
    #[inline]
    pub(crate) fn is_null(&self, i: usize) -> bool {
        match self.validity {
            Some((bits, first)) => bits[(first + i) / 8] >> ((first + i) % 8) & 1 == 0,
            None => matches!(self.values, Values::Null),
        }
    }

    /// The validity of `n` values as a bitmap from bit 0, `None` when none is null, and the
    /// number of nulls.
    pub(crate) fn validity(&self) -> (Option<Vec<u8>>, usize) {
        if self.validity.is_none() && !matches!(self.values, Values::Null) {
            return (None, 0);
        }
        let mut bits = vec![0u8; self.len.div_ceil(8)];
        let mut nulls = 0;
        for i in 0..self.len {
            if self.is_null(i) {
                nulls += 1;
            } else {
                bits[i / 8] |= 1 << (i % 8);
            }
        }
        (Some(bits), nulls)
    }

    /// The bytes of value `i` (those of a null value are unspecified).
    #[inline]
    pub(crate) fn value(&self, i: usize) -> &'a [u8] {
        match &self.values {
            Values::Null => &[],
            Values::Views { views, buffers } => {
                let v = &views[i * 16..i * 16 + 16];
                let n = u32_at(v, 0) as usize;
                if n <= 12 {
                    &v[4..4 + n]
                } else {
                    let (b, at) = (u32_at(v, 8) as usize, u32_at(v, 12) as usize);
                    &buffers[b][at..at + n]
                }
            }
            Values::Offsets32 { offsets, data } => {
                &data[offsets[i] as usize..offsets[i + 1] as usize]
            }
            Values::Offsets64 { offsets, data } => {
                &data[offsets[i] as usize..offsets[i + 1] as usize]
            }
        }
    }

    /// The 16-byte view of value `i`, when the chunk has views.
    pub(crate) fn view(&self, i: usize) -> Option<u128> {
        match &self.values {
            Values::Views { views, .. } => Some(u128::from_ne_bytes(
                views[i * 16..i * 16 + 16].try_into().unwrap_or_default(),
            )),
            _ => None,
        }
    }

    /// True when the chunk has views (`vz`, `vu`).
    pub(crate) fn has_views(&self) -> bool {
        matches!(self.values, Values::Views { .. })
    }

    /// The data buffers of a chunk with views, and their sizes, for an output that borrows them.
    pub(crate) fn data_buffers(&self) -> Vec<(*const c_void, usize)> {
        match &self.values {
            Values::Views { buffers, .. } => buffers
                .iter()
                .map(|b| (b.as_ptr().cast(), b.len()))
                .collect(),
            _ => vec![],
        }
    }

    /// Where value `i` lies: inline in its view, or in a data buffer.
    #[inline]
    fn place(&self, i: usize) -> Place<'a> {
        match &self.values {
            Values::Null => Place::Inline(&[]),
            Values::Views { views, .. } => {
                let v = &views[i * 16..i * 16 + 16];
                let n = u32_at(v, 0) as usize;
                if n <= 12 {
                    Place::Inline(&v[4..4 + n])
                } else {
                    Place::Stored(u32_at(v, 8) as usize, u32_at(v, 12) as usize, n)
                }
            }
            Values::Offsets32 { offsets, .. } => {
                let (s, e) = (offsets[i] as usize, offsets[i + 1] as usize);
                Place::Stored(0, s, e - s)
            }
            Values::Offsets64 { offsets, .. } => {
                let (s, e) = (offsets[i] as usize, offsets[i + 1] as usize);
                Place::Stored(0, s, e - s)
            }
        }
    }

    fn data(&self, buffer: usize) -> &'a [u8] {
        match &self.values {
            Values::Views { buffers, .. } => buffers[buffer],
            Values::Offsets32 { data, .. } | Values::Offsets64 { data, .. } => data,
            Values::Null => &[],
        }
    }

    /// A bitmap with bit `i` set when value `i` is valid UTF-8 on its own (or null).
    ///
    /// Values stored one after another in a buffer (how Polars and Arrow lay them out) are
    /// validated in runs of up to [`RUN_BYTES`] by `utf8x::validate_column`: one pass over the
    /// bytes, each value's start checked while the run is in the cache. A run with a bad value
    /// is walked value by value. Inline values are checked on their own.
    ///
    /// A chunk of more than [`PARALLEL_BYTES`] is split into up to `threads` parts of as many
    /// rows, each checked on a thread of its own (each part's bits are whole bytes of its own).
    pub(crate) fn valid_bits(&self, threads: usize) -> Vec<u8> {
        let parts = threads.min(self.stored_bytes() / PARALLEL_BYTES).max(1);
        if parts == 1 {
            let mut bits = vec![0xFF; self.len.div_ceil(8)];
            self.check_rows(0, &mut bits);
            return bits;
        }
        let per = self.len.div_ceil(parts).next_multiple_of(8);
        // Each part's bits on its own (whole bytes), so that a thread that cannot be started
        // leaves its part to this one: no panic, the same bits.
        let part = |k: usize| {
            let rows = per.min(self.len.saturating_sub(k * per));
            let mut part = vec![0xFF; rows.div_ceil(8)];
            self.check_rows(k * per, &mut part);
            part
        };
        crate::pieces::in_parts(parts, part).concat()
    }

    /// Clears in `bits` (bit 0: row `first`) the bits of the invalid values among its rows.
    fn check_rows(&self, first: usize, bits: &mut [u8]) {
        let mut run = Run::default();
        for i in first..self.len.min(first + bits.len() * 8) {
            if self.is_null(i) {
                continue;
            }
            match self.place(i) {
                Place::Inline(v) => {
                    if !short_is_valid(v) {
                        clear(bits, i - first);
                    }
                }
                Place::Stored(b, at, n) => {
                    if !run.extends(b, at) {
                        run.check(self, bits);
                        run.start(b, at);
                    }
                    run.push(i - first, at + n);
                }
            }
        }
        run.check(self, bits);
    }

    /// The bytes of the data buffers.
    fn stored_bytes(&self) -> usize {
        match &self.values {
            Values::Views { buffers, .. } => buffers.iter().map(|b| b.len()).sum(),
            Values::Offsets32 { data, .. } | Values::Offsets64 { data, .. } => data.len(),
            Values::Null => 0,
        }
    }
}

/// Bytes of values that make a thread worth starting (about 0.2 ms of work).
const PARALLEL_BYTES: usize = 2 << 20;

fn clear(bits: &mut [u8], i: usize) {
    bits[i / 8] &= !(1 << (i % 8));
}

/// Where a value lies.
enum Place<'a> {
    Inline(&'a [u8]),
    /// Buffer, offset, length.
    Stored(usize, usize, usize),
}

/// Bytes of values validated in one call: the run is still in the first level cache when its
/// values' starts are checked, and a bad value costs a second look at no more than this (with
/// 1 % of lipsum lines bad, runs of 4 to 16 KiB did 10.6-13.3 GB/s of CPU time, 64 KiB 8.7-9.6;
/// with none bad, about the same: bench_polars.py).
const RUN_BYTES: usize = 8 * 1024;

/// Values that follow one another in one buffer.
#[derive(Default)]
struct Run {
    buffer: usize,
    /// `offsets[k]..offsets[k + 1]` is the value of bit `rows[k]` (`i64`, as `validate_column`
    /// takes).
    offsets: Vec<i64>,
    rows: Vec<usize>,
}

impl Run {
    /// True when a value at `at` in buffer `b` continues the run (and the run has room).
    fn extends(&self, b: usize, at: usize) -> bool {
        match (self.offsets.first(), self.offsets.last()) {
            (Some(&first), Some(&end)) => {
                b == self.buffer && at as i64 == end && at - (first as usize) < RUN_BYTES
            }
            _ => false,
        }
    }

    fn start(&mut self, b: usize, at: usize) {
        self.buffer = b;
        self.offsets.clear();
        self.rows.clear();
        self.offsets.push(at as i64);
    }

    fn push(&mut self, row: usize, end: usize) {
        self.offsets.push(end as i64);
        self.rows.push(row);
    }

    /// Clears the bits of the run's invalid values.
    fn check(&self, chunk: &Chunk<'_>, bits: &mut [u8]) {
        if self.rows.is_empty() {
            return;
        }
        let data = chunk.data(self.buffer);
        if utf8x::validate_column(data, &self.offsets).outcome.is_ok() {
            return;
        }
        for (k, &row) in self.rows.iter().enumerate() {
            let (start, end) = (self.offsets[k] as usize, self.offsets[k + 1] as usize);
            if !utf8x::is_valid(&data[start..end]) {
                clear(bits, row);
            }
        }
    }
}

/// Validity of an inline value (at most 12 bytes): ASCII is the common case.
#[inline]
fn short_is_valid(v: &[u8]) -> bool {
    v.iter().all(|&b| b < 0x80) || utf8x::is_valid(v)
}

#[inline]
fn u32_at(v: &[u8], at: usize) -> u32 {
    u32::from_ne_bytes([v[at], v[at + 1], v[at + 2], v[at + 3]])
}

/// The `len` offsets (and one) from value `offset` on, and the data they index, of an array with
/// offsets of type `O`, checked.
///
/// # Safety
/// `a` has Arrow's layout for offsets of type `O`.
unsafe fn offsets_and_data<O: Copy + TryInto<usize>>(
    a: &ArrowArray,
    offset: usize,
    len: usize,
) -> Result<(&[O], &[u8]), String> {
    // SAFETY: the caller's contract: `offset + len + 1` offsets, then as many bytes as the last.
    unsafe {
        let offsets = buffer::<O>(a, 1, if len > 0 { offset + len + 1 } else { 0 })?;
        let offsets = offsets.get(offset..).unwrap_or_default();
        let end = offsets.last().map_or(0, |&e| e.try_into().unwrap_or(0));
        let data = buffer::<u8>(a, 2, end)?;
        check_offsets(offsets, data.len())?;
        Ok((offsets, data))
    }
}

/// Every long view inside its buffer.
fn check_views(views: &[u8], buffers: &[&[u8]]) -> Result<(), String> {
    for v in views.chunks_exact(16) {
        let n = u32_at(v, 0) as usize;
        if n <= 12 {
            continue;
        }
        let (b, at) = (u32_at(v, 8) as usize, u32_at(v, 12) as usize);
        if buffers
            .get(b)
            .is_none_or(|buf| at.checked_add(n).is_none_or(|e| e > buf.len()))
        {
            return Err("a view points outside its chunk's buffers".into());
        }
    }
    Ok(())
}

/// Offsets that never decrease, from 0 or more, up to `end`.
fn check_offsets<O: Copy + TryInto<usize>>(offsets: &[O], end: usize) -> Result<(), String> {
    let mut previous = 0;
    for &o in offsets {
        match o.try_into() {
            Ok(p) if p >= previous && p <= end => previous = p,
            _ => return Err("offsets out of order or out of range".into()),
        }
    }
    Ok(())
}
