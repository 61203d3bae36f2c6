// Decoding a `messages` case as the bindings' types: the envelope as
// `ClientMessage` or `ServerMessage`, then its payload as the type the
// method table names (a request's or notification's `params`, a success
// response's `data` when present and the case names the method answered).
// What the bindings write back is the envelope with each payload as its type
// writes it; when the message is in the form the reference emits, that is
// the JSON it came from.
package appserverprotocol.conformance

import appserverprotocol.ClientMessage
import appserverprotocol.MethodDirection
import appserverprotocol.MethodEntry
import appserverprotocol.ProtocolMethods
import appserverprotocol.ProtocolType
import appserverprotocol.ResponseResult
import appserverprotocol.ServerMessage
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.serializer

/** A decoded message that the bindings write back differently, in a case that says they write it as it is. */
class EncodingMismatch(message: String) : Exception(message)

private val CLIENT_MESSAGE = ProtocolType("ClientMessage", serializer<ClientMessage>())
private val SERVER_MESSAGE = ProtocolType("ServerMessage", serializer<ServerMessage>())

/** The method table's entry, for a method of the expected direction; an unknown method is rejected. */
private fun methodOf(name: String, direction: MethodDirection): MethodEntry {
    val entry = ProtocolMethods.lookup(name) ?: throw SerializationException("unknown method $name")
    if (entry.direction != direction) throw SerializationException("$name is a ${entry.direction.value} method, not a ${direction.value}")
    return entry
}

/** `envelope` (an encoded object) with the member at `path` (object keys) replaced by `value`. */
private fun replaced(envelope: JsonElement, path: List<String>, value: JsonElement): JsonElement {
    if (path.isEmpty()) return value
    val record = envelope as? JsonObject ?: return envelope
    val inner = record[path.first()] ?: return envelope
    return JsonObject(record + (path.first() to replaced(inner, path.drop(1), value)))
}

/** A request's or notification's params, as their type writes them; absent or null client request params read as `{}` and stay as they were. */
private fun params(envelope: JsonElement, method: String, params: JsonElement?, direction: MethodDirection): JsonElement {
    val entry = methodOf(method, direction)
    val encoded = entry.params.reencode(entry.paramsElement(params))
    return if (params == null || (params is JsonNull && direction == MethodDirection.ClientRequest)) envelope else replaced(envelope, listOf("params"), encoded)
}

/** A success response's `data`, when present, as the result of the method it answers writes it. */
private fun response(envelope: JsonElement, result: ResponseResult, answered: String?, direction: MethodDirection): JsonElement {
    if (answered == null || result !is ResponseResult.Success) return envelope
    val data = result.value.data ?: return envelope
    val type = methodOf(answered, direction).result ?: throw SerializationException("$answered has no result")
    return replaced(envelope, listOf("result", "data"), type.reencode(data))
}

/**
 * Decodes the case's message and its payload, and returns what the bindings write for
 * them. A `SerializationException` (an `IllegalArgumentException`) when the bindings
 * reject the message, an [EncodingMismatch] when a round-trip case is written back differently.
 */
fun decodeMessage(case: MessageCase): JsonElement {
    val encoded = when (case.direction) {
        Sender.CLIENT -> {
            val message = CLIENT_MESSAGE.decode(case.message)
            val envelope = CLIENT_MESSAGE.encode(message)
            when (message) {
                is ClientMessage.Request -> params(envelope, message.value.method, message.value.params, MethodDirection.ClientRequest)
                is ClientMessage.Response -> response(envelope, message.value.result, case.method, MethodDirection.ServerRequest)
            }
        }
        Sender.SERVER -> {
            val message = SERVER_MESSAGE.decode(case.message)
            val envelope = SERVER_MESSAGE.encode(message)
            when (message) {
                is ServerMessage.Response -> response(envelope, message.value.result, case.method, MethodDirection.ClientRequest)
                is ServerMessage.Notification -> params(envelope, message.value.method, message.value.params, MethodDirection.ServerNotification)
                is ServerMessage.Request -> params(envelope, message.value.method, message.value.params, MethodDirection.ServerRequest)
            }
        }
    }
    if (case.valid && case.roundtrip && !jsonEqual(encoded, case.message)) throw EncodingMismatch("re-encoded as $encoded")
    return encoded
}
