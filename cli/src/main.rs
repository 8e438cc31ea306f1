//! `utf8x`, the command-line tool: all of it is the library of this package (`lib.rs`).

fn main() -> std::process::ExitCode {
    utf8x_cli::main()
}
