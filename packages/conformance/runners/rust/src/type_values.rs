//! Decoding a `types` or `schema-edges` case: the value as the protocol type
//! its file names, found by name through the bindings' type registry.

use crate::json_equal::json_equal;
use app_server_protocol::type_registry::{self, TypeVisitor};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// Decodes the value and re-encodes it, to tell what the decoder made of it.
struct Decode<'a>(&'a Value);

impl TypeVisitor for Decode<'_> {
    type Output = Result<Value, String>;

    fn visit<T: Serialize + DeserializeOwned>(self) -> Result<Value, String> {
        let decoded: T = serde_json::from_value(self.0.clone()).map_err(|error| error.to_string())?;
        serde_json::to_value(&decoded).map_err(|error| format!("decodes, but does not encode: {}", error))
    }
}

/// The value decoded as `type_name`, re-encoded.
pub fn decode_value(type_name: &str, value: &Value) -> Result<Value, String> {
    type_registry::visit(type_name, Decode(value)).unwrap_or_else(|| Err(format!("the bindings have no type {}", type_name)))
}

/// The value decoded as `type_name` and re-encoded, once re-encoding is stable:
/// what was written decodes and is written again the same.
pub fn encode_stably(type_name: &str, value: &Value) -> Result<Value, String> {
    let first = decode_value(type_name, value)?;
    let second = decode_value(type_name, &first).map_err(|error| format!("its encoding {} does not decode: {}", first, error))?;
    if !json_equal(&first, &second) {
        return Err(format!("re-encoding is not stable: {}, then {}", first, second));
    }
    Ok(first)
}
