// Runs the conformance vectors (`packages/conformance/vectors`) against the
// Kotlin bindings (the `dev.app-server-protocol:app-server-protocol` jar).
//
// * `messages`: every valid message decodes, and re-encodes to the same JSON
//   when it is in the form the reference emits; every message with an
//   unknown tag or method, a wrong type or a missing field fails to decode.
//   The other invalid cases break rules the types do not carry (ranges,
//   counts, sizes, cross-field checks) and are not run.
// * `types`: every valid value decodes as its file's type and re-encodes
//   stably, and every invalid one fails to decode, except those only a
//   string pattern rejects (the bindings read such a field as a String).
//
// Usage: `<vectors directory> [--verbose]`. It prints each failure (with
// `--verbose`, every case) and a summary line per suite, and exits with 1
// if a case failed, 2 if the vectors could not be read.
package appserverprotocol.conformance

import java.io.File
import kotlin.system.exitProcess

private fun exit(status: Int): Nothing {
    System.out.flush()
    exitProcess(status)
}

fun main(args: Array<String>) {
    val verbose = "--verbose" in args
    val directory = args.singleOrNull { it != "--verbose" }
    if (directory == null) {
        System.err.println("usage: <vectors directory> [--verbose]")
        exit(2)
    }
    val tallies = try {
        listOf(runMessages(File(directory, "messages"), verbose), runTypes(File(directory, "types"), verbose))
    } catch (error: VectorFileException) {
        System.err.println(error.message)
        exit(2)
    }
    for (tally in tallies) println(tally.summary())
    if (tallies.any { it.failed > 0 }) exit(1)
}
