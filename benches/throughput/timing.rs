//! Best-of-N timing, interleaved across contenders.

use std::time::{Duration, Instant};

/// How long to measure: every sample is one batch of at least `min_batch`, each contender gets
/// `runs` samples and keeps its fastest.
#[derive(Clone, Copy)]
pub struct Budget {
    pub min_batch: Duration,
    pub runs: u32,
}

impl Budget {
    pub const FULL: Budget = Budget {
        min_batch: Duration::from_millis(50),
        runs: 5,
    };
    pub const QUICK: Budget = Budget {
        min_batch: Duration::from_millis(4),
        runs: 5,
    };
}

/// A measurable job: runs its work `iters` times.
pub type Job<'a> = Box<dyn FnMut(u64) + 'a>;

/// Seconds per iteration of one job.
#[derive(Clone, Copy)]
pub struct Timing {
    /// The fastest sample: what is reported.
    pub best: f64,
    /// The median sample: how far it is above `best` tells how noisy the machine was.
    pub median: f64,
}

/// Times every job `budget.runs` times.
///
/// First each job is warmed up and calibrated (iterations doubled until one batch lasts
/// `min_batch`, which also brings caches, branch predictors and the CPU clock to speed). Then the
/// samples are taken round-robin, one batch of each job in turn, so that a burst of load from
/// elsewhere on a shared machine slows every contender alike rather than one of them.
pub fn measure(jobs: &mut [Job], budget: Budget) -> Vec<Timing> {
    let iters: Vec<u64> = jobs.iter_mut().map(|job| calibrate(job, budget)).collect();
    let mut samples = vec![Vec::with_capacity(budget.runs as usize); jobs.len()];
    for _ in 0..budget.runs {
        for ((job, &n), samples) in jobs.iter_mut().zip(&iters).zip(&mut samples) {
            let start = Instant::now();
            job(n);
            samples.push(start.elapsed().as_secs_f64() / n as f64);
        }
    }
    samples
        .into_iter()
        .map(|mut s| {
            s.sort_by(f64::total_cmp);
            Timing {
                best: s[0],
                median: s[s.len() / 2],
            }
        })
        .collect()
}

/// How noisy a set of measurements was: the geometric mean of median ÷ best.
pub fn spread(timings: &[Timing]) -> f64 {
    let logs: f64 = timings.iter().map(|t| (t.median / t.best).ln()).sum();
    (logs / timings.len() as f64).exp()
}

fn calibrate(job: &mut Job, budget: Budget) -> u64 {
    let mut iters = 1;
    loop {
        let start = Instant::now();
        job(iters);
        let took = start.elapsed();
        if took >= budget.min_batch {
            return iters;
        }
        // Aim a little past the goal, but never more than 10x at once: the first batches run
        // cold and would otherwise overshoot.
        let scale = budget.min_batch.as_secs_f64() * 1.2 / took.as_secs_f64().max(1e-9);
        iters = (iters as f64 * scale.clamp(2.0, 10.0)).ceil() as u64;
    }
}
