//! Decoding a message as the bindings' types: the envelope as `ClientMessage`
//! or `ServerMessage`, then its payload as the type the method registry
//! names (a request's or notification's `params`, a success response's
//! `data` when present and the case names the method answered). When the message is in
//! the form the reference emits, each re-encodes to the JSON it came from.

use crate::json_equal::json_equal;
use crate::vectors::{MessageCase, Sender};
use app_server_protocol::methods::{self, Direction, Method, MethodVisitor};
use app_server_protocol::{ClientMessage, ResponseResult, ServerMessage};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// Decodes `value` as `T`; with `compare`, also requires that it re-encodes to an equal value.
fn decode_as<T: Serialize + DeserializeOwned>(value: &Value, compare: bool) -> Result<T, String> {
    let decoded: T = serde_json::from_value(value.clone()).map_err(|error| error.to_string())?;
    if compare {
        let encoded = serde_json::to_value(&decoded).map_err(|error| error.to_string())?;
        if !json_equal(&encoded, value) {
            return Err(format!("re-encoded as {}", encoded));
        }
    }
    Ok(decoded)
}

#[derive(Clone, Copy)]
enum Payload {
    Params,
    Result,
}

/// Decodes one payload as its method's type, for a method of the expected direction.
struct PayloadCheck<'a> {
    value: &'a Value,
    payload: Payload,
    direction: Direction,
    compare: bool,
}

impl MethodVisitor for PayloadCheck<'_> {
    type Output = Result<(), String>;

    fn visit<M: Method>(self) -> Result<(), String> {
        if M::DIRECTION != self.direction {
            return Err(format!("{} is a {:?} method, not a {:?}", M::NAME, M::DIRECTION, self.direction));
        }
        match self.payload {
            Payload::Params => decode_as::<M::Params>(self.value, self.compare).map(drop),
            Payload::Result => decode_as::<M::Result>(self.value, self.compare).map(drop),
        }
    }
}

fn check_payload(method: &str, value: &Value, payload: Payload, direction: Direction, compare: bool) -> Result<(), String> {
    let check = PayloadCheck { value, payload, direction, compare };
    methods::visit(method, check).unwrap_or_else(|| Err(format!("unknown method {}", method)))
}

/// A request's `params`; absent (or `null`) params read as `{}`, with nothing to compare.
fn check_params(method: &str, params: Option<&Value>, direction: Direction, roundtrip: bool) -> Result<(), String> {
    let empty = Value::Object(serde_json::Map::new());
    check_payload(method, params.unwrap_or(&empty), Payload::Params, direction, roundtrip && params.is_some())
}

/// A success response's `data`, when present, decoded as the result of the method it answers.
fn check_response(result: &ResponseResult, answered: Option<&str>, direction: Direction, roundtrip: bool) -> Result<(), String> {
    match (result, answered) {
        (ResponseResult::Success(success), Some(method)) => match &success.data {
            Some(data) => check_payload(method, data, Payload::Result, direction, roundtrip),
            None => Ok(()),
        },
        _ => Ok(()),
    }
}

/// Decodes the case's message and its payload; for a round-trip case, also compares the re-encoding.
pub fn decode_case(case: &MessageCase) -> Result<(), String> {
    let answered = case.method.as_deref();
    let roundtrip = case.valid && case.roundtrip;
    match case.direction {
        Sender::Client => {
            match &decode_as::<ClientMessage>(&case.message, roundtrip)? {
                ClientMessage::Request(request) => check_params(&request.method, request.params.as_ref(), Direction::ClientRequest, roundtrip),
                ClientMessage::Response(response) => check_response(&response.result, answered, Direction::ServerRequest, roundtrip),
            }
        }
        Sender::Server => {
            match &decode_as::<ServerMessage>(&case.message, roundtrip)? {
                ServerMessage::Response(response) => check_response(&response.result, answered, Direction::ClientRequest, roundtrip),
                ServerMessage::Notification(notification) => check_payload(&notification.method, &notification.params, Payload::Params, Direction::ServerNotification, roundtrip),
                ServerMessage::Request(request) => check_payload(&request.method, &request.params, Payload::Params, Direction::ServerRequest, roundtrip),
            }
        }
    }
}
