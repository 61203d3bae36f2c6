//! Runs the conformance vectors (`packages/conformance/vectors`) against the
//! Rust bindings.
//!
//! * `messages`: every valid message decodes, and re-encodes to the same JSON
//!   when it is in the form the reference emits; every invalid message fails
//!   to decode.
//! * `types` and `schema-edges`: every valid value decodes as its file's type
//!   and re-encodes stably (to the case's `emitted` value, where it gives
//!   one); every invalid one fails to decode.
//!
//! Usage: `cargo run -- [--encodings <file>] <vectors directory>`, with the
//! `app-server-protocol` dependency patched to the crate's directory (see the
//! README). It prints each failure and a summary line per suite, and exits
//! with a failure status if a case fails. With `--encodings`, what the
//! bindings wrote for each value they accepted goes to that file, a JSON
//! object per line, for a comparison across languages.

mod decode;
mod json_equal;
mod type_values;
mod vectors;
mod wire_forms;

use json_equal::json_equal;
use serde_json::{json, Value};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use vectors::{MessageCase, TypeCase};

#[derive(Default)]
struct Tally {
    cases: usize,
    passed: usize,
    failed: usize,
}

impl Tally {
    fn record(&mut self, file: &str, case: &str, verdict: Result<(), String>) {
        self.cases += 1;
        match verdict {
            Ok(()) => self.passed += 1,
            Err(reason) => {
                self.failed += 1;
                println!("FAIL {} {}: {}", file, case, reason);
            }
        }
    }

    fn summary(&self, suite: &str) -> String {
        format!("{}: {} cases: {} passed, {} failed", suite, self.cases, self.passed, self.failed)
    }
}

/// Where the encodings go, when asked for.
struct Encodings(Option<BufWriter<File>>);

impl Encodings {
    fn write(&mut self, suite: &str, file: &str, case: &str, encoded: &Value) -> Result<(), String> {
        match &mut self.0 {
            None => Ok(()),
            Some(out) => writeln!(out, "{}", json!({"suite": suite, "file": file, "case": case, "encoded": encoded})).map_err(|error| error.to_string()),
        }
    }
}

/// `Ok` when the decoder rejected the case, as it must.
fn rejected<T>(decoded: Result<T, String>) -> Result<(), String> {
    match decoded {
        Ok(_) => Err("decoded, though it is invalid".to_owned()),
        Err(_) => Ok(()),
    }
}

fn run_messages(directory: &Path, encodings: &mut Encodings) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for (file, vector) in vectors::read_files::<MessageCase>(directory)? {
        for case in &vector.cases {
            let decoded = decode::decode_case(case);
            let verdict = match decoded {
                Ok(encoded) if case.valid => encodings.write("messages", &file, &case.name, &encoded),
                decoded if case.valid => decoded.map(drop),
                decoded => rejected(decoded),
            };
            tally.record(&file, &case.name, verdict);
        }
    }
    Ok(tally)
}

fn run_types(suite: &str, directory: &Path, encodings: &mut Encodings) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for (file, vector) in vectors::read_files::<TypeCase>(directory)? {
        let type_name = vector.r#type.ok_or_else(|| format!("{}: no type", file))?;
        for case in &vector.cases {
            let encoded = type_values::encode_stably(&type_name, &case.value);
            let verdict = match (case.valid, encoded, &case.emitted) {
                (false, encoded, _) => rejected(encoded),
                (true, Err(reason), _) => Err(reason),
                (true, Ok(encoded), Some(emitted)) if !json_equal(&encoded, emitted) => Err(format!("encoded as {}, not as {}", encoded, emitted)),
                (true, Ok(encoded), _) => encodings.write(suite, &file, &case.name, &encoded),
            };
            tally.record(&file, &case.name, verdict);
        }
    }
    Ok(tally)
}

fn main() -> ExitCode {
    let mut arguments: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let mut encodings = Encodings(None);
    if arguments.first().is_some_and(|first| first.as_os_str() == "--encodings") && arguments.len() > 1 {
        let path = arguments.remove(1);
        arguments.remove(0);
        match File::create(&path) {
            Ok(file) => encodings = Encodings(Some(BufWriter::new(file))),
            Err(error) => {
                eprintln!("{}: {}", path.display(), error);
                return ExitCode::from(2);
            }
        }
    }
    let [vectors] = arguments.as_slice() else {
        eprintln!("usage: app-server-protocol-conformance [--encodings <file>] <vectors directory>");
        return ExitCode::from(2);
    };
    let results = [
        ("messages", run_messages(&vectors.join("messages"), &mut encodings)),
        ("types", run_types("types", &vectors.join("types"), &mut encodings)),
        ("schema-edges", run_types("schema-edges", &vectors.join("schema-edges"), &mut encodings)),
    ];
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
    if let Some(Err(error)) = encodings.0.as_mut().map(Write::flush) {
        eprintln!("the encodings are not written: {}", error);
        return ExitCode::from(2);
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
