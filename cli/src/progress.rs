//! A progress bar on standard error, only when it is a terminal and only once the work has
//! lasted long enough to be worth watching.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Work shorter than this never shows a bar. `UTF8X_PROGRESS_AFTER_MS` overrides it, so that
/// tests can see the bar without waiting.
const AFTER: Duration = Duration::from_secs(1);

pub struct Progress {
    bar: Option<ProgressBar>,
    start: Instant,
    after: Duration,
    shown: bool,
}

impl Progress {
    /// A bar for `total` bytes (unknown for pipes); inert unless standard error is a terminal.
    pub fn new(total: Option<u64>) -> Progress {
        Progress::new_if(true, total)
    }

    /// As [`Progress::new`], and inert unless `wanted` (no bar among text converted to the
    /// terminal).
    pub fn new_if(wanted: bool, total: Option<u64>) -> Progress {
        let after = std::env::var("UTF8X_PROGRESS_AFTER_MS")
            .ok()
            .and_then(|ms| ms.parse().ok())
            .map_or(AFTER, Duration::from_millis);
        let bar = (wanted && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
            let template = if total.is_some() {
                "{wide_bar} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} eta {eta}"
            } else {
                "{spinner} {binary_bytes} {binary_bytes_per_sec}"
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            start: Instant::now(),
            after,
            shown: false,
        }
    }

    /// `bytes` more were processed.
    pub fn advance(&mut self, bytes: usize) {
        let Some(bar) = &self.bar else { return };
        bar.inc(bytes as u64);
        if !self.shown && self.start.elapsed() >= self.after {
            self.shown = true;
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.tick();
        }
    }

    /// Removes the bar before anything else is written to standard error.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
