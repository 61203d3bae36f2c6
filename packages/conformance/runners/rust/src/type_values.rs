//! Decoding a `types` case: the value as the protocol type its file names,
//! found by name through the bindings' type registry.

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
        serde_json::to_value(&decoded).map_err(|error| error.to_string())
    }
}

/// The value decoded as `type_name`, re-encoded.
pub fn decode_value(type_name: &str, value: &Value) -> Result<Value, String> {
    type_registry::visit(type_name, Decode(value)).unwrap_or_else(|| Err(format!("the bindings have no type {}", type_name)))
}

/// serde reads a record from a JSON array of its fields in order as well as
/// from an object, and a schema does not: such a decoding is serde's, not
/// the bindings', and is not held against them.
pub fn record_read_from_array(value: &Value, encoded: &Value) -> bool {
    value.is_array() && encoded.is_object()
}
