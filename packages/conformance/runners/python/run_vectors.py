#!/usr/bin/env python3
"""Runs the app-server protocol conformance vectors against the Python bindings.

Usage: run_vectors.py VECTORS_DIR [--json] [--encodings=FILE]

The bindings are the installed ``app_server_protocol`` package (the
``app-server-protocol`` distribution), imported as any other: run this file
with the Python of the environment it is installed in. VECTORS_DIR is the
``vectors`` directory of ``@app-server-protocol/conformance``. Three suites run:

- ``types``: every valid value decodes, every invalid one is rejected, and
  re-encoding is stable: encode(decode(encode(decode(v)))) == encode(decode(v));
- ``schema-edges``: the same, an invalid value rejected with the case's ``code``
  and ``path``, and a valid one encoded as the case's ``emitted`` value;
- ``messages``: each message gets the vector's verdict (with its ``code`` and
  ``path`` when invalid), a valid message with ``roundtrip`` (the default)
  re-encodes to an equal JSON value, and every valid message re-encodes stably.

Other suites are skipped. Prints one line per failure and a summary (with
``--json``, also the summary as one JSON object on the last line); exits 1 when
any case fails. With ``--encodings=FILE``, what the bindings wrote for each
case they accepted goes to FILE, one JSON object per line (suite, file, case,
encoded). Standard library only, Python 3.9 or later.
"""

import json
import os
import sys
from typing import Any, Callable, Dict, List, Optional, TextIO


def json_equal(left: Any, right: Any) -> bool:
    """Equality of JSON values: a boolean is never a number, 1 and 1.0 are the same number."""
    if isinstance(left, bool) or isinstance(right, bool):
        return isinstance(left, bool) and isinstance(right, bool) and left == right
    if isinstance(left, (int, float)) and isinstance(right, (int, float)):
        return left == right
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(json_equal(a, b) for a, b in zip(left, right))
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(json_equal(left[key], right[key]) for key in left)
    return type(left) is type(right) and left == right


def compact(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= 300 else text[:300] + "..."


class Tally:
    """Cases run and failures, per suite, and the encodings when they are asked for."""

    def __init__(self, encodings: Optional[TextIO] = None) -> None:
        self.suites: Dict[str, Dict[str, int]] = {}
        self.failures: List[str] = []
        self.unknown_tag_rejected = 0
        self.encodings = encodings

    def encoded(self, at: str, value: Any) -> None:
        """Writes what the bindings wrote for the case at ``suite/file#case``."""
        if self.encodings is None:
            return
        location, case = at.rsplit("#", 1)
        suite, file_name = location.split("/", 1)
        self.encodings.write(json.dumps({"suite": suite, "file": file_name, "case": case, "encoded": value}) + "\n")

    def count(self, suite: str, key: str) -> None:
        counts = self.suites.setdefault(suite, {"cases": 0, "failed": 0})
        counts[key] += 1

    def fail(self, suite: str, where: str, why: str) -> None:
        self.count(suite, "failed")
        self.failures.append(f"FAIL {where}: {why}")
        print(f"FAIL {where}: {why}", flush=True)


def stable(protocol: Any, decode: Callable[[Any], Any], value: Any) -> Optional[str]:
    """Why re-encoding ``value`` is not stable, or ``None``."""
    first = protocol.encode(decode(value))
    try:
        second = protocol.encode(decode(first))
    except protocol.DecodeError as error:
        return f"the re-encoded value does not decode ({error.code} at {error.path!r}): {compact(first)}"
    if not json_equal(first, second):
        return f"re-encoding is not stable: {compact(first)} then {compact(second)}"
    return None


def type_case(protocol: Any, document: Dict[str, Any], case: Dict[str, Any], at: str, tally: Tally) -> None:
    """A case of the types or schema-edges suite (whose invalid cases give a code and path, and valid ones what is emitted)."""
    suite = document["suite"]
    type_name = document["type"]
    value = case["value"]
    try:
        decoded = protocol.decode(type_name, value)
    except protocol.DecodeError as error:
        if error.code == "unknown_tag":
            tally.unknown_tag_rejected += 1
        if case["valid"]:
            tally.fail(suite, at, f"valid {type_name} rejected: {error}")
        elif "code" in case and (error.code, error.path) != (case["code"], case["path"]):
            tally.fail(suite, at, f"expected {case['code']} at {case['path']!r}, got {error.code} at {error.path!r} ({error})")
        return
    if not case["valid"]:
        tally.fail(suite, at, f"invalid {type_name} accepted: {compact(value)}")
        return
    encoded = protocol.encode(decoded)
    if "emitted" in case and not json_equal(encoded, case["emitted"]):
        tally.fail(suite, at, f"encoded as {compact(encoded)}, not as {compact(case['emitted'])}")
        return
    problem = stable(protocol, lambda data: protocol.decode(type_name, data), value)
    if problem is not None:
        tally.fail(suite, at, problem)
        return
    tally.encoded(at, encoded)


def message_case(protocol: Any, _document: Dict[str, Any], case: Dict[str, Any], at: str, tally: Tally) -> None:
    decoder = protocol.decode_client_message if case["direction"] == "client" else protocol.decode_server_message
    method = case.get("method")
    message = case["message"]
    try:
        decoded = decoder(message, method)
    except protocol.DecodeError as error:
        if case["valid"]:
            tally.fail("messages", at, f"valid message rejected: {error}")
            return
        if error.code == "unknown_tag":
            tally.unknown_tag_rejected += 1
        if (error.code, error.path) != (case["code"], case["path"]):
            tally.fail("messages", at, f"expected {case['code']} at {case['path']!r}, got {error.code} at {error.path!r} ({error})")
        return
    if not case["valid"]:
        tally.fail("messages", at, f"invalid message accepted (expected {case['code']} at {case['path']!r})")
        return
    encoded = protocol.encode(decoded)
    if case.get("roundtrip", True) and not json_equal(encoded, message):
        tally.fail("messages", at, f"round trip differs: {compact(encoded)}")
        return
    problem = stable(protocol, lambda data: decoder(data, method), message)
    if problem is not None:
        tally.fail("messages", at, problem)
        return
    tally.encoded(at, encoded)


CaseRunner = Callable[[Any, Dict[str, Any], Dict[str, Any], str, Tally], None]
SUITES: Dict[str, CaseRunner] = {"types": type_case, "schema-edges": type_case, "messages": message_case}


def run_file(suite: str, protocol: Any, document: Dict[str, Any], where: str, tally: Tally) -> None:
    """Runs the cases of one vector file; a case that crashes the bindings fails alone."""
    for case in document["cases"]:
        tally.count(suite, "cases")
        at = f"{where}#{case['name']}"
        try:
            SUITES[suite](protocol, document, case, at, tally)
        except Exception as error:  # any crash is that case's failure
            tally.fail(suite, at, f"the bindings raised {error!r}")


def main(arguments: List[str]) -> int:
    flags = [argument for argument in arguments if argument.startswith("--")]
    paths = [argument for argument in arguments if not argument.startswith("--")]
    encodings_path = next((flag[len("--encodings="):] for flag in flags if flag.startswith("--encodings=")), None)
    if len(paths) != 1 or any(flag != "--json" and not flag.startswith("--encodings=") for flag in flags):
        print(__doc__, file=sys.stderr)
        return 2
    (vectors,) = paths
    try:
        import app_server_protocol as protocol
    except ImportError as error:
        print(f"{error}: install the bindings into this Python's environment (pip install app-server-protocol, or the bindings' directory)", file=sys.stderr)
        return 2

    with open(encodings_path or os.devnull, "w", encoding="utf-8") as encodings:
        return run_suites(protocol, vectors, Tally(encodings if encodings_path else None), "--json" in flags)


def run_suites(protocol: Any, vectors: str, tally: Tally, as_json: bool) -> int:
    """Runs every suite of the vectors directory and prints the summary; the exit status."""
    for suite in sorted(os.listdir(vectors)):
        directory = os.path.join(vectors, suite)
        if suite not in SUITES or not os.path.isdir(directory):
            continue
        for file_name in sorted(name for name in os.listdir(directory) if name.endswith(".json")):
            with open(os.path.join(directory, file_name), encoding="utf-8") as handle:
                document = json.load(handle)
            run_file(suite, protocol, document, f"{suite}/{file_name}", tally)
    for suite, counts in sorted(tally.suites.items()):
        print(f"{suite}: {counts['cases']} cases, {counts['failed']} failed")
    total = sum(counts["failed"] for counts in tally.suites.values())
    print(f"{'FAILED' if total else 'OK'}: {total} failed; unknown tags rejected: {tally.unknown_tag_rejected}")
    if as_json:
        print(json.dumps({"suites": tally.suites, "failed": total, "unknown_tag_rejected": tally.unknown_tag_rejected}, sort_keys=True))
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
