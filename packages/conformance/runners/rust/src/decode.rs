//! Decoding a message as the bindings' types: the envelope as `ClientMessage`
//! or `ServerMessage`, then its payload as the type the method registry
//! names (a request's or notification's `params`, a success response's
//! `data` when present and the case names the method answered). What the
//! bindings write back is the envelope with each payload as its type writes
//! it; when the message is in the form the reference emits, that is the JSON
//! it came from.

use crate::json_equal::json_equal;
use crate::vectors::{MessageCase, Sender};
use app_server_protocol::methods::{self, Direction, Method, MethodVisitor};
use app_server_protocol::{ClientMessage, ResponseResult, ServerMessage};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// `value` decoded as `T` and encoded again.
fn reencoded<T: Serialize + DeserializeOwned>(value: &Value) -> Result<(T, Value), String> {
    let decoded: T = serde_json::from_value(value.clone()).map_err(|error| error.to_string())?;
    let encoded = serde_json::to_value(&decoded).map_err(|error| format!("decodes, but does not encode: {}", error))?;
    Ok((decoded, encoded))
}

#[derive(Clone, Copy)]
enum Payload {
    Params,
    Result,
}

/// Decodes one payload as its method's type, for a method of the expected direction, and encodes it again.
struct PayloadCheck<'a> {
    value: &'a Value,
    payload: Payload,
    direction: Direction,
}

impl MethodVisitor for PayloadCheck<'_> {
    type Output = Result<Value, String>;

    fn visit<M: Method>(self) -> Result<Value, String> {
        if M::DIRECTION != self.direction {
            return Err(format!("{} is a {:?} method, not a {:?}", M::NAME, M::DIRECTION, self.direction));
        }
        match self.payload {
            Payload::Params => reencoded::<M::Params>(self.value).map(|(_, encoded)| encoded),
            Payload::Result => reencoded::<M::Result>(self.value).map(|(_, encoded)| encoded),
        }
    }
}

fn payload(method: &str, value: &Value, payload: Payload, direction: Direction) -> Result<Value, String> {
    methods::visit(method, PayloadCheck { value, payload, direction }).unwrap_or_else(|| Err(format!("unknown method {}", method)))
}

/// Replaces the member `key` of the encoded object `envelope` (at `path`, object keys) with `value`.
fn replace(envelope: &mut Value, path: &[&str], value: Value) {
    let mut target = envelope;
    for key in path {
        match target.get_mut(*key) {
            Some(inner) => target = inner,
            None => return,
        }
    }
    *target = value;
}

/// A request's `params`: absent (or `null`) params read as `{}` and stay as they were written.
fn request_params(method: &str, params: Option<&Value>, direction: Direction, envelope: &mut Value) -> Result<(), String> {
    let empty = Value::Object(serde_json::Map::new());
    let encoded = payload(method, params.filter(|value| !value.is_null()).unwrap_or(&empty), Payload::Params, direction)?;
    if params.is_some_and(|value| !value.is_null()) {
        replace(envelope, &["params"], encoded);
    }
    Ok(())
}

/// A success response's `data`, when present, decoded as the result of the method it answers.
fn response_data(result: &ResponseResult, answered: Option<&str>, direction: Direction, envelope: &mut Value) -> Result<(), String> {
    if let (ResponseResult::Success(success), Some(method)) = (result, answered) {
        if let Some(data) = &success.data {
            let encoded = payload(method, data, Payload::Result, direction)?;
            replace(envelope, &["result", "data"], encoded);
        }
    }
    Ok(())
}

/// Decodes the case's message and its payload, and returns what the bindings
/// write for them; for a valid case in the reference's form, that must be the message.
pub fn decode_case(case: &MessageCase) -> Result<Value, String> {
    let answered = case.method.as_deref();
    let mut encoded = match case.direction {
        Sender::Client => {
            let (message, mut envelope) = reencoded::<ClientMessage>(&case.message)?;
            match &message {
                ClientMessage::Request(request) => request_params(&request.method, request.params.as_ref(), Direction::ClientRequest, &mut envelope)?,
                ClientMessage::Response(response) => response_data(&response.result, answered, Direction::ServerRequest, &mut envelope)?,
            }
            envelope
        }
        Sender::Server => {
            let (message, mut envelope) = reencoded::<ServerMessage>(&case.message)?;
            match &message {
                ServerMessage::Response(response) => response_data(&response.result, answered, Direction::ClientRequest, &mut envelope)?,
                ServerMessage::Notification(notification) => replace(&mut envelope, &["params"], payload(&notification.method, &notification.params, Payload::Params, Direction::ServerNotification)?),
                ServerMessage::Request(request) => replace(&mut envelope, &["params"], payload(&request.method, &request.params, Payload::Params, Direction::ServerRequest)?),
            }
            envelope
        }
    };
    if case.valid && case.roundtrip && !json_equal(&encoded, &case.message) {
        return Err(format!("re-encoded as {}", std::mem::take(&mut encoded)));
    }
    Ok(encoded)
}
