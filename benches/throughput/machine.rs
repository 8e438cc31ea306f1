//! The report's header: what ran where and when, so that numbers are never quoted without it.

use std::time::{SystemTime, UNIX_EPOCH};

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("model name")?.split_once(':'))
                .map(|(_, model)| model.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown (no /proc/cpuinfo)".to_owned())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_owned())
}

/// The current UTC date and time as `YYYY-MM-DD HH:MM`.
fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days since 1970-01-01 to a proleptic Gregorian date (the "civil from days" algorithm of
    // Howard Hinnant's date library), in 400-year eras counted from 0000-03-01.
    let z = days + 719_468;
    let (era, doe) = (z / 146_097, z % 146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    let (hour, minute) = (rest / 3600, rest % 3600 / 60);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02} UTC")
}

/// Which kernels simdutf runs: the one `SIMDUTF_FORCE_IMPLEMENTATION` names, else its best for
/// this CPU (AVX-512 "icelake" where the CPU has the AVX-512 subsets it needs, else "haswell").
fn simdutf_kernel() -> String {
    if let Ok(name) = std::env::var("SIMDUTF_FORCE_IMPLEMENTATION") {
        return format!("{name} (forced by SIMDUTF_FORCE_IMPLEMENTATION)");
    }
    #[cfg(target_arch = "x86_64")]
    {
        let avx512 = is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512vl")
            && is_x86_feature_detected!("avx512vbmi2")
            && is_x86_feature_detected!("avx512vpopcntdq");
        if avx512 {
            return "icelake (AVX-512; SIMDUTF_FORCE_IMPLEMENTATION=haswell for its AVX2 kernels)"
                .to_owned();
        }
        if is_x86_feature_detected!("avx2") {
            return "haswell (AVX2)".to_owned();
        }
    }
    "its best for this CPU".to_owned()
}

pub fn header(budget: &str, corpus: &str) -> String {
    let v = utf8x::version();
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let avx2 = if cfg!(target_feature = "avx2") {
        "AVX2 enabled at compile time"
    } else {
        "baseline x86-64 codegen (no target-cpu=native): std and encoding_rs run portable code, \
         simdutf, simdutf8 and utf8x pick their kernels at run time"
    };
    let lines = [
        format!(
            "utf8x {}.{}.{} throughput benchmark",
            v >> 16,
            v >> 8 & 0xFF,
            v & 0xFF
        ),
        format!("date:    {}", utc_now()),
        format!(
            "machine: {} ({cpus} CPUs usable), load average {}",
            cpu_model(),
            load_average()
        ),
        format!("build:   {avx2}"),
        format!("kernel:  utf8x {}", utf8x::active_kernel()),
        format!("simdutf: {}", simdutf_kernel()),
        format!("timing:  {budget}"),
        format!("corpus:  {corpus}"),
    ];
    lines.join("\n")
}
