// The usage example the README shows and the crate root documents, where
// `cargo test` compiles and runs it as a doctest.

export const USAGE_EXAMPLE = `use app_server_protocol::methods::{self, Method};
use app_server_protocol::{ClientMessage, ResponseResult, ServerMessage};

fn main() -> Result<(), serde_json::Error> {
    // Decode a message from its JSON text.
    let line = r#"{"type":"request","id":"req-1","method":"session/rename","params":{"session_id":"s-1","new_title":"Refunds"}}"#;
    let message: ClientMessage = serde_json::from_str(line)?;

    // Match on a union: one variant per tag.
    match &message {
        ClientMessage::Request(request) => {
            // Decode the params as the type the method registry names (absent params read as {}).
            let params = request.params.clone().unwrap_or_else(|| serde_json::json!({}));
            let rename: <methods::SessionRename as Method>::Params = serde_json::from_value(params)?;
            assert_eq!(rename.new_title, "Refunds");
        }
        ClientMessage::Response(_) => unreachable!("the line is a request"),
    }

    // Encode: the same JSON value the reference writes.
    let encoded = serde_json::to_value(&message)?;
    assert_eq!(encoded, serde_json::from_str::<serde_json::Value>(line)?);
    println!("{}", encoded);

    let reply = r#"{"type":"response","id":"req-1","result":{"status":"error","code":"invalid_params","message":"no such session"}}"#;
    if let ServerMessage::Response(response) = serde_json::from_str(reply)? {
        if let ResponseResult::Error(error) = response.result {
            println!("{:?}: {}", error.code, error.message);
        }
    }
    Ok(())
}`;
