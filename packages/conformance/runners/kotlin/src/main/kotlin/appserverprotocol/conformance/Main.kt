// Runs the conformance vectors (`packages/conformance/vectors`) against the
// Kotlin bindings (the `dev.app-server-protocol:app-server-protocol` jar).
//
// * `messages`: every valid message decodes, and re-encodes to the same JSON
//   when it is in the form the reference emits; every invalid message fails
//   to decode.
// * `types` and `schema-edges`: every valid value decodes as its file's type
//   and re-encodes stably (to the case's `emitted` value, where it gives
//   one); every invalid one fails to decode.
//
// Usage: `<vectors directory> [--verbose] [--encodings <file>]`. It prints
// each failure (with `--verbose`, every case) and a summary line per suite,
// and exits with 1 if a case failed, 2 if the vectors could not be read.
// With `--encodings`, what the bindings wrote for each case they accepted
// goes to that file, a JSON object per line, for a comparison across
// languages.
package appserverprotocol.conformance

import java.io.File
import kotlin.system.exitProcess

private fun exit(status: Int): Nothing {
    System.out.flush()
    exitProcess(status)
}

private const val USAGE = "usage: <vectors directory> [--verbose] [--encodings <file>]"

fun main(args: Array<String>) {
    val arguments = args.toMutableList()
    val verbose = arguments.remove("--verbose")
    val encodingsAt = arguments.indexOf("--encodings")
    val encodingsFile = if (encodingsAt >= 0 && encodingsAt + 1 < arguments.size) arguments.removeAt(encodingsAt + 1).also { arguments.removeAt(encodingsAt) } else null
    val directory = arguments.singleOrNull()
    if (directory == null || arguments.contains("--encodings")) {
        System.err.println(USAGE)
        exit(2)
    }
    val tallies = Encodings.writingTo(encodingsFile?.let(::File)).use { encodings ->
        try {
            listOf(
                runMessages(File(directory, "messages"), verbose, encodings),
                runTypes("types", File(directory, "types"), verbose, encodings),
                runTypes("schema-edges", File(directory, "schema-edges"), verbose, encodings),
            )
        } catch (error: VectorFileException) {
            System.err.println(error.message)
            exit(2)
        }
    }
    for (tally in tallies) println(tally.summary())
    if (tallies.any { it.failed > 0 }) exit(1)
}
