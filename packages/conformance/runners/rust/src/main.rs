//! Runs the conformance vectors (`packages/conformance/vectors`) against the
//! Rust bindings.
//!
//! * `messages`: every valid message decodes, and re-encodes to the same JSON
//!   when it is in the form the reference emits; every message with an
//!   unknown tag or method, a wrong type or a missing field fails to decode.
//!   The `invalid_value` cases break rules the types do not carry (counts,
//!   sizes, cross-field checks) and are not run.
//! * `types`: every valid value decodes as its file's type, and every
//!   invalid one fails to, except an array that serde reads as a record
//!   (serde accepts a record's fields in order as an array), which is not
//!   counted.
//!
//! Usage: `cargo run -- <vectors directory>`, with the `app-server-protocol`
//! dependency patched to the crate's directory (see the README). It prints
//! each failure and a summary line per suite, and exits with a failure status
//! if a case fails.

mod decode;
mod json_equal;
mod type_values;
mod vectors;
mod wire_forms;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use vectors::{MessageCase, TypeCase};

/// The message codes a decoder must report by failing.
const DECODE_ERRORS: [&str; 4] = ["unknown_tag", "unknown_method", "wrong_type", "missing_field"];

#[derive(Default)]
struct Tally {
    cases: usize,
    passed: usize,
    failed: usize,
    not_run: usize,
}

impl Tally {
    fn record(&mut self, file: &str, case: &str, verdict: Option<Result<(), String>>) {
        self.cases += 1;
        match verdict {
            None => self.not_run += 1,
            Some(Ok(())) => self.passed += 1,
            Some(Err(reason)) => {
                self.failed += 1;
                println!("FAIL {} {}: {}", file, case, reason);
            }
        }
    }

    fn summary(&self, suite: &str) -> String {
        format!("{}: {} cases: {} passed, {} failed, {} not run", suite, self.cases, self.passed, self.failed, self.not_run)
    }
}

/// `Ok` when the decoder rejected the case, as it must.
fn rejected(decoded: Result<(), String>, why: &str) -> Result<(), String> {
    match decoded {
        Ok(()) => Err(format!("decoded, though {}", why)),
        Err(_) => Ok(()),
    }
}

fn run_messages(directory: &Path) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for (file, vector) in vectors::read_files::<MessageCase>(directory)? {
        for case in &vector.cases {
            let code = case.code.as_deref().unwrap_or_default();
            let verdict = if case.valid {
                Some(decode::decode_case(case))
            } else if DECODE_ERRORS.contains(&code) {
                Some(rejected(decode::decode_case(case), &format!("it has {}", code)))
            } else {
                None
            };
            tally.record(&file, &case.name, verdict);
        }
    }
    Ok(tally)
}

fn run_types(directory: &Path) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for (file, vector) in vectors::read_files::<TypeCase>(directory)? {
        let type_name = vector.r#type.ok_or_else(|| format!("{}: no type", file))?;
        for case in &vector.cases {
            let decoded = type_values::decode_value(&type_name, &case.value);
            let verdict = match decoded {
                Ok(_) if case.valid => Some(Ok(())),
                Err(reason) if case.valid => Some(Err(reason)),
                Ok(encoded) if type_values::record_read_from_array(&case.value, &encoded) => None,
                // The bindings read a pattern-checked field as a String.
                Ok(_) if case.rejected_by.as_deref() == Some("pattern") => None,
                Ok(_) => Some(Err(format!("decoded, though it is no {}", type_name))),
                Err(_) => Some(Ok(())),
            };
            tally.record(&file, &case.name, verdict);
        }
    }
    Ok(tally)
}

fn main() -> ExitCode {
    let vectors = match std::env::args_os().nth(1) {
        Some(directory) => PathBuf::from(directory),
        None => {
            eprintln!("usage: app-server-protocol-conformance <vectors directory>");
            return ExitCode::from(2);
        }
    };
    let results = [("messages", run_messages(&vectors.join("messages"))), ("types", run_types(&vectors.join("types")))];
    let mut failed = false;
    for (suite, result) in &results {
        match result {
            Ok(tally) => {
                println!("{}", tally.summary(suite));
                failed |= tally.failed > 0;
            }
            Err(error) => {
                eprintln!("{}", error);
                return ExitCode::from(2);
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
