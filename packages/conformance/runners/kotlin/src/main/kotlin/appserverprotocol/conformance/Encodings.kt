// The `--encodings` file: what the bindings wrote for each case they
// accepted, one JSON object per line (`suite`, `file`, `case`, `encoded`).
package appserverprotocol.conformance

import java.io.Closeable
import java.io.File
import java.io.Writer
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

class Encodings private constructor(private val out: Writer?) : Closeable {
    fun write(suite: String, file: String, case: String, encoded: JsonElement) {
        val line = JsonObject(mapOf("suite" to JsonPrimitive(suite), "file" to JsonPrimitive(file), "case" to JsonPrimitive(case), "encoded" to encoded))
        out?.write("$line\n")
    }

    override fun close() {
        out?.close()
    }

    companion object {
        /** Writes to `file`, or nowhere when it is `null`. */
        fun writingTo(file: File?): Encodings = Encodings(file?.bufferedWriter())
    }
}
