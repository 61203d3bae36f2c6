// The verdicts of one suite: each failure printed as it happens, with
// `--verbose` every case, and a closing line with the counts.
package appserverprotocol.conformance

/** What became of one case. */
sealed class Verdict {
    /** The bindings did what the case says; `how` says what that was. */
    data class Passed(val how: String) : Verdict()

    data class Failed(val reason: String) : Verdict()
}

class Tally(private val suite: String, private val verbose: Boolean) {
    private var cases = 0
    private var passed = 0

    var failed = 0
        private set

    fun record(file: String, case: String, verdict: Verdict) {
        cases += 1
        when (verdict) {
            is Verdict.Passed -> {
                passed += 1
                if (verbose) println("PASS $suite $file $case: ${verdict.how}")
            }
            is Verdict.Failed -> {
                failed += 1
                println("FAIL $suite $file $case: ${verdict.reason}")
            }
        }
    }

    fun summary(): String = "$suite: $cases cases: $passed passed, $failed failed"
}
