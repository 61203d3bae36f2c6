// Reading the vector files: `vectors/<suite>/*.json`, each a list of cases.
package appserverprotocol.conformance

import java.io.File
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement

@Serializable
enum class Sender {
    @SerialName("client")
    CLIENT,

    @SerialName("server")
    SERVER,
}

/** A case of the `messages` suite; the fields the runner does not use are skipped. */
@Serializable
data class MessageCase(
    val name: String,
    val direction: Sender,
    /** For a response: the method of the request it answers. */
    val method: String? = null,
    val message: JsonElement,
    val valid: Boolean,
    val code: String? = null,
    val roundtrip: Boolean = true,
)

/** A case of the `types` or `schema-edges` suite: a value of the file's type, or not. */
@Serializable
data class TypeCase(
    val name: String,
    val valid: Boolean,
    val value: JsonElement,
    /** In the `schema-edges` suite, what an encoder writes for a valid value. */
    val emitted: JsonElement? = null,
)

@Serializable
data class VectorFile<C>(
    /** The protocol type of a `types` or `schema-edges` file. */
    val type: String? = null,
    val cases: List<C>,
)

/** A vector file that cannot be read: the run stops, as its verdicts are unknown. */
class VectorFileException(message: String) : Exception(message)

private val VECTOR_JSON = Json { ignoreUnknownKeys = true }

/** Every `*.json` file of `directory`, by file name, in file name order. */
fun <C> readVectorFiles(directory: File, case: KSerializer<C>): List<Pair<String, VectorFile<C>>> {
    val files = directory.listFiles { file -> file.isFile && file.name.endsWith(".json") }
        ?: throw VectorFileException("$directory: not a readable directory")
    return files.sortedBy { it.name }.map { file ->
        try {
            file.name to VECTOR_JSON.decodeFromString(VectorFile.serializer(case), file.readText())
        } catch (error: SerializationException) {
            throw VectorFileException("${file.name}: ${error.message}")
        }
    }
}
