//! Equality of JSON values as JSON defines it: `30` and `30.0` are the same
//! number, which serde_json's `Value` equality does not grant (a field
//! typed `f64` re-encodes `30` as `30.0`).

use serde_json::Value;

pub fn json_equal(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Number(a), Value::Number(b)) => match (a.as_i64(), b.as_i64(), a.as_u64(), b.as_u64()) {
            (Some(x), Some(y), _, _) => x == y,
            (_, _, Some(x), Some(y)) => x == y,
            _ => a.as_f64() == b.as_f64(),
        },
        (Value::Array(a), Value::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| json_equal(x, y)),
        (Value::Object(a), Value::Object(b)) => a.len() == b.len() && a.iter().all(|(key, x)| b.get(key).is_some_and(|y| json_equal(x, y))),
        _ => left == right,
    }
}

#[cfg(test)]
mod tests {
    use super::json_equal;
    use serde_json::json;

    #[test]
    fn numbers_compare_by_value() {
        assert!(json_equal(&json!({"timeout": 30}), &json!({"timeout": 30.0})));
        assert!(!json_equal(&json!(30), &json!(30.5)));
        assert!(!json_equal(&json!(-1), &json!(18446744073709551615u64)));
    }

    #[test]
    fn objects_compare_by_keys_and_values() {
        assert!(json_equal(&json!({"a": [1, {"b": null}]}), &json!({"a": [1, {"b": null}]})));
        assert!(!json_equal(&json!({"a": 1}), &json!({"a": 1, "b": null})));
        assert!(!json_equal(&json!([1, 2]), &json!([2, 1])));
    }
}
