// The suites, case by case: every case is judged, valid and invalid.
package appserverprotocol.conformance

import appserverprotocol.ProtocolTypes
import java.io.File
import kotlinx.serialization.json.JsonElement

/** What the bindings made of a case: the encoding of what they accepted, or why they rejected it. */
private sealed class Reading {
    class Accepted(val encoded: JsonElement) : Reading()

    class Rejected(val reason: String) : Reading()
}

private inline fun reading(decode: () -> JsonElement): Reading =
    try {
        Reading.Accepted(decode())
    } catch (error: IllegalArgumentException) {
        Reading.Rejected(error.message ?: error.toString())
    }

private fun messageVerdict(file: String, case: MessageCase, encodings: Encodings): Verdict {
    val read = try {
        reading { decodeMessage(case) }
    } catch (mismatch: EncodingMismatch) {
        return Verdict.Failed(mismatch.message ?: "re-encoded differently")
    }
    return when {
        case.valid && read is Reading.Accepted -> {
            encodings.write("messages", file, case.name, read.encoded)
            Verdict.Passed(if (case.roundtrip) "decoded and re-encoded as it was" else "decoded")
        }
        case.valid && read is Reading.Rejected -> Verdict.Failed("rejected: ${read.reason}")
        read is Reading.Rejected -> Verdict.Passed("rejected (${case.code}): ${read.reason}")
        else -> Verdict.Failed("decoded, though it has ${case.code}")
    }
}

fun runMessages(directory: File, verbose: Boolean, encodings: Encodings): Tally {
    val tally = Tally("messages", verbose)
    for ((file, vector) in readVectorFiles(directory, MessageCase.serializer())) {
        for (case in vector.cases) tally.record(file, case.name, messageVerdict(file, case, encodings))
    }
    return tally
}

private fun typeVerdict(suite: String, file: String, typeName: String, case: TypeCase, encodings: Encodings): Verdict {
    val type = ProtocolTypes.lookup(typeName) ?: return Verdict.Failed("the bindings have no type $typeName")
    val read = reading { type.reencode(case.value) }
    if (!case.valid) {
        return when (read) {
            is Reading.Rejected -> Verdict.Passed("rejected: ${read.reason}")
            is Reading.Accepted -> Verdict.Failed("decoded, though it is no $typeName")
        }
    }
    if (read is Reading.Rejected) return Verdict.Failed("rejected: ${read.reason}")
    val encoded = (read as Reading.Accepted).encoded
    // Writing back what was read is stable: reading it again writes the same JSON.
    val again = reading { type.reencode(encoded) }
    return when {
        again is Reading.Rejected -> Verdict.Failed("re-encoded as $encoded, which it rejects: ${again.reason}")
        !jsonEqual((again as Reading.Accepted).encoded, encoded) -> Verdict.Failed("re-encoded as $encoded, then as ${again.encoded}")
        case.emitted != null && !jsonEqual(encoded, case.emitted) -> Verdict.Failed("encoded as $encoded, not as ${case.emitted}")
        else -> {
            encodings.write(suite, file, case.name, encoded)
            Verdict.Passed("decoded")
        }
    }
}

/** The `types` or `schema-edges` suite: values of one type per file. */
fun runTypes(suite: String, directory: File, verbose: Boolean, encodings: Encodings): Tally {
    val tally = Tally(suite, verbose)
    for ((file, vector) in readVectorFiles(directory, TypeCase.serializer())) {
        val typeName = vector.type ?: throw VectorFileException("$file: no type")
        for (case in vector.cases) tally.record(file, case.name, typeVerdict(suite, file, typeName, case, encodings))
    }
    return tally
}
