// Equality of JSON values as JSON defines it: `30` and `30.0` are the same
// number (a field typed `Double` writes `30` back as `30.0`), and numbers
// compare exactly, however large.
package appserverprotocol.conformance

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

fun jsonEqual(left: JsonElement, right: JsonElement): Boolean = when {
    left is JsonObject && right is JsonObject -> left.keys == right.keys && left.all { (key, value) -> right[key]?.let { jsonEqual(value, it) } == true }
    left is JsonArray && right is JsonArray -> left.size == right.size && left.indices.all { jsonEqual(left[it], right[it]) }
    left is JsonNull || right is JsonNull -> left is JsonNull && right is JsonNull
    left is JsonPrimitive && right is JsonPrimitive -> primitivesEqual(left, right)
    else -> false
}

private fun primitivesEqual(left: JsonPrimitive, right: JsonPrimitive): Boolean {
    if (left.isString || right.isString) return left.isString == right.isString && left.content == right.content
    val leftNumber = left.content.toBigDecimalOrNull()
    val rightNumber = right.content.toBigDecimalOrNull()
    return if (leftNumber != null && rightNumber != null) leftNumber.compareTo(rightNumber) == 0 else left.content == right.content
}
