// Decoding a `messages` case as the bindings' types: the envelope as
// `ClientMessage` or `ServerMessage`, then its payload as the type the
// method table names (a request's or notification's `params`, a success
// response's `data` when present and the case names the method answered).
// When the message is in the form the reference emits, each re-encodes to
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
import kotlinx.serialization.serializer

/** A decoded message that the bindings write back differently, in a case that says they write it as it is. */
class EncodingMismatch(message: String) : Exception(message)

private val CLIENT_MESSAGE = ProtocolType("ClientMessage", serializer<ClientMessage>())
private val SERVER_MESSAGE = ProtocolType("ServerMessage", serializer<ServerMessage>())

private fun requireSameEncoding(encoded: JsonElement, original: JsonElement) {
    if (!jsonEqual(encoded, original)) throw EncodingMismatch("re-encoded as $encoded")
}

/** Decodes `element` as `type`; with `compare`, also requires that it re-encodes to an equal value. */
private fun decodeAs(type: ProtocolType<*>, element: JsonElement, compare: Boolean) {
    if (compare) requireSameEncoding(type.reencode(element), element) else type.decode(element)
}

/** The method table's entry, for a method of the expected direction; an unknown method is rejected. */
private fun methodOf(name: String, direction: MethodDirection): MethodEntry {
    val entry = ProtocolMethods.lookup(name) ?: throw SerializationException("unknown method $name")
    if (entry.direction != direction) throw SerializationException("$name is a ${entry.direction.value} method, not a ${direction.value}")
    return entry
}

/** A request's or notification's params; absent client request params have nothing to compare. */
private fun checkParams(method: String, params: JsonElement?, direction: MethodDirection, roundtrip: Boolean) {
    val entry = methodOf(method, direction)
    decodeAs(entry.params, entry.paramsElement(params), roundtrip && params != null)
}

/** A success response's `data`, when present, decoded as the result of the method it answers. */
private fun checkResponse(result: ResponseResult, answered: String?, direction: MethodDirection, roundtrip: Boolean) {
    if (answered == null || result !is ResponseResult.Success) return
    val data = result.value.data ?: return
    val type = methodOf(answered, direction).result ?: throw SerializationException("$answered has no result")
    decodeAs(type, data, roundtrip)
}

/**
 * Decodes the case's message and its payload, and for a round-trip case compares the
 * re-encodings. A `SerializationException` (an `IllegalArgumentException`) when the
 * bindings reject the message, an [EncodingMismatch] when they write it back differently.
 */
fun decodeMessage(case: MessageCase) {
    val roundtrip = case.valid && case.roundtrip
    when (case.direction) {
        Sender.CLIENT -> {
            val message = CLIENT_MESSAGE.decode(case.message)
            if (roundtrip) requireSameEncoding(CLIENT_MESSAGE.encode(message), case.message)
            when (message) {
                is ClientMessage.Request -> checkParams(message.value.method, message.value.params, MethodDirection.ClientRequest, roundtrip)
                is ClientMessage.Response -> checkResponse(message.value.result, case.method, MethodDirection.ServerRequest, roundtrip)
            }
        }
        Sender.SERVER -> {
            val message = SERVER_MESSAGE.decode(case.message)
            if (roundtrip) requireSameEncoding(SERVER_MESSAGE.encode(message), case.message)
            when (message) {
                is ServerMessage.Response -> checkResponse(message.value.result, case.method, MethodDirection.ClientRequest, roundtrip)
                is ServerMessage.Notification -> checkParams(message.value.method, message.value.params, MethodDirection.ServerNotification, roundtrip)
                is ServerMessage.Request -> checkParams(message.value.method, message.value.params, MethodDirection.ServerRequest, roundtrip)
            }
        }
    }
}
