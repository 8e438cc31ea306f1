//! An operation over the corpus: its inputs, its contenders, how their outputs are checked
//! against utf8x's and how they are timed into a table.

use std::cell::RefCell;

use crate::contender::{self, Contender};
use crate::data::{Input, Text};
use crate::report::{Row, Table};
use crate::timing::{Budget, Job, Timing, measure, spread};

/// One table of the report.
pub trait Section {
    fn name(&self) -> &'static str;
    /// Runs every contender once on every input and fails unless they all agree with utf8x.
    fn check(&self) -> Result<(), String>;
    fn measure(&self, budget: Budget) -> Table;
}

/// A column `of ÷ max(over)`: how many times faster the contender `of` is than the fastest of
/// `over` (the speed ratio, so above 1 means `of` wins).
pub struct Ratio {
    pub label: &'static str,
    pub of: &'static str,
    pub over: &'static [&'static str],
}

impl Ratio {
    pub fn eval(&self, columns: &[&'static str], speeds: &[f64]) -> f64 {
        let speed = |name: &str| {
            let i = columns.iter().position(|&c| c == name);
            speeds[i.unwrap_or_else(|| panic!("ratio {}: no column {name}", self.label))]
        };
        speed(self.of) / self.over.iter().map(|&n| speed(n)).fold(0.0, f64::max)
    }
}

/// A throughput table: one row per input, GB/s of input for every contender.
pub struct Op<I, O> {
    pub name: &'static str,
    pub title: &'static str,
    pub inputs: Vec<Input<I>>,
    /// Ill-formed (or unmappable) inputs every validating contender must reject.
    pub bad: Vec<Text<I>>,
    /// Output units an input of `n` units may need at most; every contender gets that buffer.
    pub max_out: fn(usize) -> usize,
    /// The first is utf8x, the reference the others must match.
    pub contenders: Vec<Contender<I, O>>,
    pub ratios: Vec<Ratio>,
}

impl<I, O: Copy + Default + PartialEq> Op<I, O> {
    fn buffer(&self, src: &[I]) -> Vec<O> {
        // One spare unit for the terminating NUL that mbstowcs/wcstombs add.
        vec![O::default(); (self.max_out)(src.len()) + 1]
    }

    /// Runs every contender once on `src` and compares its result with utf8x's. On ill-formed
    /// input (`well_formed` false) only the validating contenders are held to that.
    fn compare(&self, what: &str, src: &Text<I>, well_formed: bool) -> Result<(), String> {
        let (reference, others) = self.contenders.split_first().expect("no contenders");
        let mut want = self.buffer(src);
        let expected = reference.once(src, &mut want).map(|n| &want[..n]);
        if well_formed && expected.is_none() {
            return Err(format!("{}: {} rejects {what}", self.name, reference.name));
        }
        for c in others
            .iter()
            .filter(|c| c.checked && (c.validates || well_formed))
        {
            let mut got = self.buffer(src);
            let produced = c.once(src, &mut got).map(|n| &got[..n]);
            if produced != expected {
                let describe = |r: Option<&[O]>| match r {
                    None => "rejects it".to_owned(),
                    Some(out) => format!("writes {} units", out.len()),
                };
                let first_diff = match (produced, expected) {
                    (Some(a), Some(b)) => a.iter().zip(b).position(|(x, y)| x != y),
                    _ => None,
                };
                return Err(format!(
                    "{}: on {what}, {} {} but {} {}{}",
                    self.name,
                    c.name,
                    describe(produced),
                    reference.name,
                    describe(expected),
                    first_diff.map_or(String::new(), |i| format!(
                        " (first difference at unit {i})"
                    )),
                ));
            }
        }
        Ok(())
    }
}

impl<I, O: bytemuck::Pod + Default + PartialEq> Op<I, O> {
    /// The bytes of utf8x's output for `src` where they outnumber the input's: what the copy
    /// column moves in that row instead of the input (the larger side of the conversion is what
    /// the memory has to carry). `None` where the input is at least as large.
    fn larger_output(&self, src: &Text<I>) -> Option<Vec<u8>> {
        let mut out = self.buffer(src);
        let n = self.contenders[0].once(src, &mut out)?;
        let bytes: &[u8] = bytemuck::cast_slice(&out[..n]);
        (bytes.len() > size_of_val::<[I]>(src)).then(|| bytes.to_vec())
    }
}

impl<I: Copy + Into<u32> + 'static, O: bytemuck::Pod + Default + PartialEq> Section for Op<I, O> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn check(&self) -> Result<(), String> {
        for input in &self.inputs {
            self.compare(&input.name, &input.text, true)?;
        }
        for (i, bad) in self.bad.iter().enumerate() {
            self.compare(&format!("ill-formed probe #{i}"), bad, false)?;
            let mut out = self.buffer(bad);
            if self.contenders[0].once(bad, &mut out).is_some() {
                return Err(format!(
                    "{}: utf8x accepts ill-formed probe #{i}",
                    self.name
                ));
            }
        }
        Ok(())
    }

    fn measure(&self, budget: Budget) -> Table {
        let columns: Vec<_> = self.contenders.iter().map(|c| c.name).collect();
        let mut all: Vec<Timing> = Vec::new();
        let rows = self
            .inputs
            .iter()
            .map(|input| {
                let src = &input.text;
                // One output buffer for all: they take turns, and which memory a buffer gets
                // matters. On Zen 1 a fresh pair of buffers converted UTF-32 Russian at 7.1 or
                // at 4.2 GB/s (simdutf; utf8x 7.2 or 6.1), the same in every later call.
                let dst = RefCell::new(self.buffer(src));
                let output = self.larger_output(src);
                let mut jobs: Vec<Job> = self
                    .contenders
                    .iter()
                    .map(|c| -> Job {
                        let dst = &dst;
                        match &output {
                            Some(bytes) if c.name == contender::COPY => Box::new(move |iters| {
                                contender::copy_bytes(bytes, &mut dst.borrow_mut(), iters);
                            }),
                            _ => Box::new(move |iters| {
                                (c.batch)(src, &mut dst.borrow_mut(), iters);
                            }),
                        }
                    })
                    .collect();
                let bytes = size_of_val::<[I]>(src) as f64;
                let timings = measure(&mut jobs, budget);
                all.extend(&timings);
                let speeds: Vec<f64> = timings.iter().map(|t| bytes / t.best / 1e9).collect();
                Row {
                    label: input.name.clone(),
                    size: size_of_val::<[I]>(src),
                    ascii: src.iter().all(|&u| u.into() < 0x80),
                    plane0: src
                        .iter()
                        .all(|&u| !(0xD800..0xE000).contains(&u.into()) && u.into() < 0x1_0000),
                    ratios: self
                        .ratios
                        .iter()
                        .map(|r| r.eval(&columns, &speeds))
                        .collect(),
                    values: speeds,
                }
            })
            .collect();
        Table {
            name: self.name,
            title: self.title.to_owned(),
            unit: "GB/s of input",
            size_header: "KiB",
            columns,
            ratio_labels: self.ratios.iter().map(|r| r.label).collect(),
            rows,
            geomean: true,
            spread: spread(&all),
        }
    }
}
