//! Reading the vector files: `vectors/<suite>/*.json`, each a list of cases.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;
use std::fs;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sender {
    Client,
    Server,
}

/// A case of the `messages` suite; fields the runner does not use are ignored.
#[derive(Debug, Deserialize)]
pub struct MessageCase {
    pub name: String,
    pub direction: Sender,
    /// For a response: the method of the request it answers.
    pub method: Option<String>,
    pub message: Value,
    pub valid: bool,
    #[serde(default = "roundtrips_by_default")]
    pub roundtrip: bool,
}

fn roundtrips_by_default() -> bool {
    true
}

/// A case of the `types` or `schema-edges` suite: a value of the file's type, or not.
#[derive(Debug, Deserialize)]
pub struct TypeCase {
    pub name: String,
    pub valid: bool,
    pub value: Value,
    /// In the `schema-edges` suite, what an encoder writes for a valid value.
    #[serde(default)]
    pub emitted: Option<Value>,
}

#[derive(Debug, Deserialize)]
pub struct VectorFile<C> {
    /// The protocol type of a `types` or `schema-edges` file.
    pub r#type: Option<String>,
    pub cases: Vec<C>,
}

/// Every `*.json` file of `directory`, by file name, in file name order.
pub fn read_files<C: DeserializeOwned>(directory: &Path) -> Result<Vec<(String, VectorFile<C>)>, String> {
    let entries = fs::read_dir(directory).map_err(|error| format!("{}: {}", directory.display(), error))?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry.map_err(|error| error.to_string())?.path();
        if path.extension().is_some_and(|extension| extension == "json") {
            paths.push(path);
        }
    }
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        let file_name = path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
        let text = fs::read_to_string(&path).map_err(|error| format!("{}: {}", file_name, error))?;
        let file = serde_json::from_str(&text).map_err(|error| format!("{}: {}", file_name, error))?;
        files.push((file_name, file));
    }
    Ok(files)
}
