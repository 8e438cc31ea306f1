//! UTF-8 validation: throughput on the corpus, and nanoseconds per call on short strings (for
//! validation and for UTF-8 -> UTF-16LE).

use std::cell::RefCell;
use std::hint::black_box;

use encoding_rs::Encoding;

use crate::contender::{self, contender};
use crate::data::{self, Corpus};
use crate::report::{Row, Table};
use crate::section::{Op, Ratio, Section};
use crate::std_ref;
use crate::timing::{Budget, Job, Timing, measure, spread};

const FASTEST_OTHERS: &[&str] = &["simdutf", "simdutf8 basic"];

pub fn throughput(corpus: &Corpus) -> Op<u8, u8> {
    let ok = |valid: bool| valid.then_some(0);
    Op {
        name: "validate",
        title: "UTF-8 validation",
        inputs: corpus.utf8(),
        bad: data::bad_utf8(corpus),
        // Room for the copy of the input that the validators are measured against.
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x validate", |s, _| ok(utf8x::validate(s).is_ok())),
            contender!("utf8x is_valid", |s, _| ok(utf8x::is_valid(s))),
            contender!("simdutf", |s, _| ok(simdutf::validate_utf8(s))),
            contender!("simdutf8 basic", |s, _| ok(
                simdutf8::basic::from_utf8(s).is_ok()
            )),
            contender!("simdutf8 compat", |s, _| ok(
                simdutf8::compat::from_utf8(s).is_ok()
            )),
            contender!("std", |s, _| std_ref::validate(s)),
            contender!("encoding_rs", |s, _| ok(
                Encoding::utf8_valid_up_to(s) == s.len()
            )),
            contender::copy(),
        ],
        ratios: vec![
            Ratio {
                label: "validate/best",
                of: "utf8x validate",
                over: FASTEST_OTHERS,
            },
            Ratio {
                label: "is_valid/best",
                of: "utf8x is_valid",
                over: FASTEST_OTHERS,
            },
            // The physical limit: a plain copy of the input's bytes in the same run.
            Ratio {
                label: "validate/copy",
                of: "utf8x validate",
                over: &["copy"],
            },
            Ratio {
                label: "is_valid/copy",
                of: "utf8x is_valid",
                over: &["copy"],
            },
        ],
    }
}

/// Characters in UTF-8 text (the corpus is valid; utf8x and simdutf count the bytes that are not
/// continuation bytes without validating, std validates and then counts `chars()`).
pub fn count(corpus: &Corpus) -> Op<u8, u8> {
    Op {
        name: "count",
        title: "UTF-8 character count",
        inputs: corpus.utf8(),
        bad: Vec::new(),
        // Each contender "writes" as many units as it counts characters, so the results are
        // compared like any other output.
        max_out: |n| n,
        contenders: vec![
            contender!(~"utf8x", |s, _| Some(utf8x::count(s))),
            contender!(~"simdutf", |s, _| Some(simdutf::count_utf8(s))),
            contender!(~"std (validates)", |s, _| std_ref::count(s)),
            contender::copy(),
        ],
        ratios: vec![
            Ratio {
                label: "utf8x/simdutf",
                of: "utf8x",
                over: &["simdutf"],
            },
            Ratio {
                label: "utf8x/copy",
                of: "utf8x",
                over: &["copy"],
            },
        ],
    }
}

/// Lengths of the short-string rows.
const LENGTHS: [usize; 9] = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/// Distinct slices validated per iteration, so the branch predictor cannot learn one input.
const SLICES: usize = 64;

type ShortBatch = Box<dyn Fn(&[&[u8]], u64) -> usize>;

/// Validates every slice `iters` times; returns how many were valid in the last pass.
fn short_batch(validate: impl Fn(&[u8]) -> bool + 'static) -> ShortBatch {
    Box::new(move |slices, iters| {
        let mut valid = 0;
        for _ in 0..iters {
            valid = 0;
            for &s in black_box(slices) {
                valid += usize::from(validate(black_box(s)));
            }
        }
        black_box(valid)
    })
}

/// Nanoseconds per call on slices of exactly 1, 2, 4 ... 256 bytes.
pub struct Short {
    name: &'static str,
    title: &'static str,
    text: String,
    contenders: Vec<(&'static str, ShortBatch)>,
    /// The utf8x contender the ratio is taken of.
    of: &'static str,
}

pub fn short(name: &'static str, title: &'static str, text: String) -> Short {
    Short {
        name,
        title,
        text,
        contenders: vec![
            (
                "utf8x validate",
                short_batch(|s| utf8x::validate(s).is_ok()),
            ),
            ("utf8x is_valid", short_batch(utf8x::is_valid)),
            ("simdutf", short_batch(simdutf::validate_utf8)),
            (
                "simdutf8 basic",
                short_batch(|s| simdutf8::basic::from_utf8(s).is_ok()),
            ),
            ("std", short_batch(|s| core::str::from_utf8(s).is_ok())),
        ],
        of: "utf8x validate",
    }
}

/// UTF-8 -> UTF-16LE of short strings, each call into the same buffer; a call "accepts" a
/// slice when it converts it.
pub fn short_utf16(name: &'static str, title: &'static str, text: String) -> Short {
    let room = *LENGTHS.last().unwrap();
    let buffer = || RefCell::new(vec![0u16; room]);
    let (ours, theirs, rs) = (buffer(), buffer(), buffer());
    Short {
        name,
        title,
        text,
        contenders: vec![
            (
                "utf8x",
                short_batch(move |s| {
                    utf8x::to_utf16le(s, Some(&mut ours.borrow_mut()), utf8x::Policy::Strict)
                        .is_ok()
                }),
            ),
            (
                "simdutf",
                short_batch(move |s| {
                    crate::simdutf_shim::utf8_to_utf16le(s, &mut theirs.borrow_mut()).is_some()
                }),
            ),
            (
                "encoding_rs",
                short_batch(move |s| {
                    let mut decoder = encoding_rs::UTF_8.new_decoder_without_bom_handling();
                    let (result, _, _) =
                        decoder.decode_to_utf16_without_replacement(s, &mut rs.borrow_mut(), true);
                    matches!(result, encoding_rs::DecoderResult::InputEmpty)
                }),
            ),
        ],
        of: "utf8x",
    }
}

impl Short {
    fn slices(&self, len: usize) -> Vec<&[u8]> {
        let slices = data::exact_slices(&self.text, len, SLICES);
        assert!(!slices.is_empty(), "{}: no slice of {len} bytes", self.name);
        slices
    }
}

impl Section for Short {
    fn name(&self) -> &'static str {
        self.name
    }

    fn check(&self) -> Result<(), String> {
        for len in LENGTHS {
            let good = self.slices(len);
            // The same slices with their last byte replaced by 0xFF, which is never valid.
            let bad_bufs: Vec<Vec<u8>> = good
                .iter()
                .map(|s| s[..s.len() - 1].iter().copied().chain([0xFF]).collect())
                .collect();
            let bad: Vec<&[u8]> = bad_bufs.iter().map(Vec::as_slice).collect();
            for (name, batch) in &self.contenders {
                let (ok, ko) = (batch(&good, 1), batch(&bad, 1));
                if ok != good.len() || ko != 0 {
                    return Err(format!(
                        "{}: {name} accepts {ok}/{} valid and {ko}/{} invalid slices of {len} bytes",
                        self.name,
                        good.len(),
                        bad.len()
                    ));
                }
            }
        }
        Ok(())
    }

    fn measure(&self, budget: Budget) -> Table {
        let columns: Vec<_> = self.contenders.iter().map(|(name, _)| *name).collect();
        let ratio = Ratio {
            label: "utf8x/simdutf",
            of: self.of,
            over: &["simdutf"],
        };
        let mut all: Vec<Timing> = Vec::new();
        let rows = LENGTHS
            .iter()
            .map(|&len| {
                let slices = self.slices(len);
                let slices = slices.as_slice();
                let mut jobs: Vec<Job> = self
                    .contenders
                    .iter()
                    .map(|(_, batch)| -> Job {
                        Box::new(move |iters| {
                            batch(slices, iters);
                        })
                    })
                    .collect();
                let timings = measure(&mut jobs, budget);
                all.extend(&timings);
                let ns: Vec<f64> = timings
                    .iter()
                    .map(|t| t.best * 1e9 / slices.len() as f64)
                    .collect();
                // The ratio compares speeds, the inverse of times.
                let speeds: Vec<f64> = ns.iter().map(|t| 1.0 / t).collect();
                Row {
                    label: format!("{len} B"),
                    size: len,
                    ascii: false,
                    plane0: false,
                    ratios: vec![ratio.eval(&columns, &speeds)],
                    values: ns,
                }
            })
            .collect();
        Table {
            name: self.name,
            title: self.title.to_owned(),
            unit: "ns per call, lower is better; ratio = speed, above 1 means utf8x is faster",
            size_header: "bytes",
            columns,
            ratio_labels: vec![ratio.label],
            rows,
            geomean: false,
            spread: spread(&all),
        }
    }
}
