//! Command-line options.

use std::time::Duration;

use crate::timing::Budget;

pub const USAGE: &str = "\
usage: cargo bench --bench throughput -- [--quick] [--runs N] [--min-ms MS] [--check] [--list] [NAME...]

  NAME        run only the operations whose name contains NAME (see --list)
  --quick     short samples (4 ms instead of 50): a smoke run well under a minute
  --runs N    samples per cell, the best is kept (default 5)
  --min-ms MS minimum length of one sample in milliseconds (default 50; 4 with --quick)
  --check     only check that every implementation agrees with utf8x, time nothing
  --list      print the operation names and exit

Without --bench (which `cargo bench` passes) or --quick, the binary only checks, as libtest
benches do when `cargo test --all-targets` runs them.";

pub enum Mode {
    Time(Budget),
    Check,
    List,
}

pub struct Options {
    pub mode: Mode,
    pub filters: Vec<String>,
}

impl Options {
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let (mut bench, mut quick, mut check, mut list) = (false, false, false, false);
        let (mut runs, mut min_ms) = (None, None);
        let mut filters = Vec::new();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let mut number = |flag: &str| -> Result<u64, String> {
                let value = args.next().ok_or(format!("{flag} needs a value"))?;
                match value.parse() {
                    Ok(n) if n > 0 => Ok(n),
                    _ => Err(format!(
                        "{flag}: expected a positive integer, got {value:?}"
                    )),
                }
            };
            match arg.as_str() {
                "--bench" => bench = true,
                "--quick" => quick = true,
                "--check" => check = true,
                "--list" => list = true,
                "--runs" => runs = Some(number("--runs")?),
                "--min-ms" => min_ms = Some(number("--min-ms")?),
                "-h" | "--help" => return Err(String::new()),
                flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
                name => filters.push(name.to_owned()),
            }
        }
        let base = if quick { Budget::QUICK } else { Budget::FULL };
        let budget = Budget {
            runs: runs.map_or(base.runs, |n| n as u32),
            min_batch: min_ms.map_or(base.min_batch, Duration::from_millis),
        };
        let mode = match (list, check || !(bench || quick)) {
            (true, _) => Mode::List,
            (false, true) => Mode::Check,
            (false, false) => Mode::Time(budget),
        };
        Ok(Options { mode, filters })
    }

    pub fn selects(&self, name: &str) -> bool {
        self.filters.is_empty() || self.filters.iter().any(|f| name.contains(f.as_str()))
    }
}
