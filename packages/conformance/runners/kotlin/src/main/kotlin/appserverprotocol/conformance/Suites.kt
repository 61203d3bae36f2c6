// The two suites the bindings can judge, case by case.
package appserverprotocol.conformance

import appserverprotocol.ProtocolTypes
import java.io.File

/** The message codes a decoder must report by failing; the others break rules the types do not carry. */
val DECODE_ERRORS = setOf("unknown_tag", "unknown_method", "wrong_type", "missing_field")

/** What the bindings made of a case: `null` when they accepted it, else why they rejected it. */
private inline fun rejection(decode: () -> Unit): String? =
    try {
        decode()
        null
    } catch (error: IllegalArgumentException) {
        error.message ?: error.toString()
    }

private fun messageVerdict(case: MessageCase): Verdict {
    if (case.valid) {
        return try {
            when (val reason = rejection { decodeMessage(case) }) {
                null -> Verdict.Passed(if (case.roundtrip) "decoded and re-encoded as it was" else "decoded")
                else -> Verdict.Failed("rejected: $reason")
            }
        } catch (mismatch: EncodingMismatch) {
            Verdict.Failed(mismatch.message ?: "re-encoded differently")
        }
    }
    val code = case.code ?: ""
    if (code !in DECODE_ERRORS) return Verdict.NotRun("$code is a rule the types do not carry")
    return when (val reason = rejection { decodeMessage(case) }) {
        null -> Verdict.Failed("decoded, though it has $code")
        else -> Verdict.Passed("rejected ($code): $reason")
    }
}

fun runMessages(directory: File, verbose: Boolean): Tally {
    val tally = Tally("messages", verbose)
    for ((file, vector) in readVectorFiles(directory, MessageCase.serializer())) {
        for (case in vector.cases) tally.record(file, case.name, messageVerdict(case))
    }
    return tally
}

private fun typeVerdict(typeName: String, case: TypeCase): Verdict {
    val type = ProtocolTypes.lookup(typeName) ?: return Verdict.Failed("the bindings have no type $typeName")
    var encoded = case.value
    val reason = rejection { encoded = type.reencode(case.value) }
    return when {
        case.valid && reason != null -> Verdict.Failed("rejected: $reason")
        case.valid -> {
            // Writing back what was read is stable: reading it again writes the same JSON.
            var again = encoded
            val unreadable = rejection { again = type.reencode(encoded) }
            when {
                unreadable != null -> Verdict.Failed("re-encoded as $encoded, which it rejects: $unreadable")
                jsonEqual(again, encoded) -> Verdict.Passed("decoded")
                else -> Verdict.Failed("re-encoded as $encoded, then as $again")
            }
        }
        reason != null -> Verdict.Passed("rejected: $reason")
        // The bindings read a pattern-checked field as a String.
        case.rejectedBy == "pattern" -> Verdict.NotRun("only a string pattern rejects it")
        else -> Verdict.Failed("decoded, though it is no $typeName")
    }
}

fun runTypes(directory: File, verbose: Boolean): Tally {
    val tally = Tally("types", verbose)
    for ((file, vector) in readVectorFiles(directory, TypeCase.serializer())) {
        val typeName = vector.type ?: throw VectorFileException("$file: no type")
        for (case in vector.cases) tally.record(file, case.name, typeVerdict(typeName, case))
    }
    return tally
}
