//! Temporary files removed when the run is interrupted. An output file is written to a
//! temporary beside it, which its owner removes on every path out of the program (`Drop`); a
//! signal (Ctrl-C, SIGTERM, a closed terminal's SIGHUP) would end the process without running
//! any: a thread waits for those signals, removes the temporaries registered here, and then
//! dies of the signal as the default action would, so the shell sees the same status.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Starts watching the signals, and holds the list of temporaries until
/// [`Lock::register`]: a temporary created in between is on the list before a signal's cleanup
/// can read it.
pub fn lock() -> Lock {
    static WATCH: Once = Once::new();
    WATCH.call_once(|| {
        // Without a watcher, signals keep their default action: nothing is lost but the
        // cleanup.
        if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
            std::thread::spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    let temps = TEMPS.lock().unwrap_or_else(|e| e.into_inner());
                    for temp in temps.iter() {
                        let _ = std::fs::remove_file(temp);
                    }
                    // Still holding the lock: no new temporary is registered in between.
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
        }
    });
    Lock(TEMPS.lock().unwrap_or_else(|e| e.into_inner()))
}

/// The list of temporaries, held.
pub struct Lock(MutexGuard<'static, Vec<PathBuf>>);

impl Lock {
    /// Registers `path` for removal on a signal until the returned guard is dropped.
    pub fn register(mut self, path: &Path) -> Registered {
        self.0.push(path.to_path_buf());
        Registered(path.to_path_buf())
    }
}

/// Unregisters its path when dropped (the temporary was renamed or removed by then).
pub struct Registered(PathBuf);

impl Drop for Registered {
    fn drop(&mut self) {
        let mut temps = TEMPS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = temps.iter().position(|p| *p == self.0) {
            temps.swap_remove(i);
        }
    }
}
