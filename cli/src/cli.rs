//! The command line, declared once for clap: parsing, `--help`, the man page and the shell
//! completions all come from these types.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Check and convert text encodings, with the exact position of every problem.
///
/// Without a command, utf8x takes iconv's options: `utf8x -f UTF-16 -t UTF-8 FILE...` is
/// `utf8x convert -f UTF-16 -t UTF-8 FILE...`.
#[derive(Parser, Debug)]
#[command(
    name = "utf8x",
    version,
    args_conflicts_with_subcommands = true,
    after_help = "Exit status: convert follows iconv (0 done, 1 invalid input or any failure); \
                  check follows isutf8 (0 all valid, 1 some invalid or unreadable); detect and \
                  fix: 0 done, 1 some invalid or unclear, 2 unreadable or unwritable files; 64 \
                  for a usage mistake."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub convert: Convert,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check that files are UTF-8 (isutf8's options); print where each one is not.
    Check(Check),
    /// Convert files between encodings (iconv's options).
    Convert(Convert),
    /// Print the likely encoding of each file.
    Detect(Detect),
    /// Make files valid UTF-8 in place, and report what changed; a file whose encoding is
    /// unclear is left as it is (exit status 1), never turned into mojibake.
    Fix(Fix),
    /// Print shell completions for SHELL (bash, zsh, fish, elvish, powershell).
    Completions { shell: clap_complete::Shell },
    /// Print the man page (roff): utf8x(1), or utf8x-COMMAND(1) for a command.
    #[command(hide = true)]
    Man { command: Option<String> },
}

#[derive(Args, Debug, Default)]
pub struct Convert {
    /// Encoding of the input (`auto`: a byte order mark, else detection) [default: UTF-8]
    #[arg(short, long = "from-code", visible_alias = "from", value_name = "ENC")]
    pub from: Option<String>,
    /// Encoding to write, optionally with //IGNORE and //TRANSLIT [default: UTF-8]
    #[arg(short, long = "to-code", visible_alias = "to", value_name = "ENC")]
    pub to: Option<String>,
    /// Omit invalid input and characters the target cannot hold (as iconv -c)
    #[arg(short = 'c')]
    pub omit: bool,
    /// What to do with invalid input and unmappable characters
    #[arg(short, long, value_enum, value_name = "POLICY")]
    pub policy: Option<PolicyArg>,
    /// Write to FILE, replaced only once the conversion is complete
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Start the output with a byte order mark
    #[arg(long, overrides_with = "no_bom")]
    pub bom: bool,
    /// Write no byte order mark, not even for UTF-16 and UTF-32
    #[arg(long)]
    pub no_bom: bool,
    /// List the known encodings and their aliases
    #[arg(short, long)]
    pub list: bool,
    /// Suppress warnings (accepted for iconv compatibility)
    #[arg(short, long)]
    pub silent: bool,
    /// Report sizes and substitutions of each file on standard error
    #[arg(short, long)]
    pub verbose: bool,
    /// Restore UTF-8 that was read as Windows-1252 or Latin-1 and written again ("CafÃ©" ->
    /// "Café"), line by line; lines that merely contain such letters stay (UTF-8 output only)
    #[arg(long)]
    pub mojibake: bool,
    /// Threads per regular file between two Unicode encodings (default: one per core; 1: one
    /// thread). Pipes and the other conversions run on one.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
    /// Input files, converted one after the other (`-` or none: standard input)
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PolicyArg {
    /// Stop at the first problem and report where it is (default)
    Strict,
    /// One U+FFFD per maximal ill-formed subpart ('?' in 8-bit targets)
    Replace,
    /// Drop them (as -c)
    Skip,
    /// Lossless: each bad byte b becomes the lone surrogate U+DC00+b and back (PEP 383)
    Escape,
    /// Each bad byte as its Windows-1252 character, as browsers read mislabelled text
    Fallback,
    /// As skip (iconv's //IGNORE)
    Ignore,
}

impl PolicyArg {
    pub fn policy(self) -> utf8x::Policy {
        use utf8x::Policy as P;
        match self {
            PolicyArg::Strict => P::Strict,
            PolicyArg::Replace => P::Replace,
            PolicyArg::Skip | PolicyArg::Ignore => P::Skip,
            PolicyArg::Escape => P::Escape,
            PolicyArg::Fallback => P::Fallback,
        }
    }
}

#[derive(Args, Debug)]
pub struct Check {
    /// Print nothing; only the exit status tells
    #[arg(short, long)]
    pub quiet: bool,
    /// Print only the names of files that are not valid UTF-8
    #[arg(short, long)]
    pub list: bool,
    /// Print the names of the valid files instead
    #[arg(short, long)]
    pub invert: bool,
    /// Show each problem's line with a caret under the bad bytes
    #[arg(short, long)]
    pub verbose: bool,
    /// Check the files under each directory
    #[arg(short, long)]
    pub recursive: bool,
    /// One JSON object per problem, one per line
    #[arg(long, conflicts_with_all = ["list", "invert", "quiet"])]
    pub json: bool,
    /// Report every problem of each file, not just the first
    #[arg(short, long)]
    pub all: bool,
    /// Threads per regular file (default: one per core; 1: one thread). Pipes are read by one.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
    /// Files to check (`-` or none: standard input)
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub struct Detect {
    /// Files to examine (`-` or none: standard input)
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// `fix`'s policies: convert's, with `fix`'s own default, and without `escape` (whose lone
/// surrogates UTF-8 cannot hold; still parsed, so that `fix` can say so).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FixPolicyArg {
    /// Each bad byte as its Windows-1252 character, as browsers read mislabelled text
    Fallback,
    /// One U+FFFD per maximal ill-formed subpart
    Replace,
    /// Drop them
    #[value(alias = "ignore")]
    Skip,
    /// Repair nothing: stop at the first problem (with --from only)
    Strict,
    #[value(hide = true)]
    Escape,
}

impl FixPolicyArg {
    pub fn policy(self) -> utf8x::Policy {
        use utf8x::Policy as P;
        match self {
            FixPolicyArg::Fallback => P::Fallback,
            FixPolicyArg::Replace => P::Replace,
            FixPolicyArg::Skip => P::Skip,
            FixPolicyArg::Strict => P::Strict,
            FixPolicyArg::Escape => P::Escape,
        }
    }
}

#[derive(Args, Debug)]
pub struct Fix {
    /// How to repair bytes that are not UTF-8 in a file that is UTF-8 otherwise (default:
    /// fallback; with --from, strict); given, it also repairs a file whose encoding is unclear
    /// as UTF-8
    #[arg(short, long, value_enum, value_name = "POLICY")]
    pub policy: Option<FixPolicyArg>,
    /// The files' encoding, instead of detecting it
    #[arg(short, long, value_name = "ENC")]
    pub from: Option<String>,
    /// Report what would change, change nothing
    #[arg(short = 'n', long)]
    pub dry_run: bool,
    /// Leave mojibake ("CafÃ©" for "Café") as it is; by default it is restored
    #[arg(long)]
    pub no_mojibake: bool,
    /// Files to repair in place (not standard input: `utf8x convert -p fallback --mojibake`
    /// repairs a stream)
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}
