// `_typed_decode.py`: the package's `decode`, one overload per protocol type,
// so a type checker gives `decode("SessionRecord", value)` the static type
// `SessionRecord`, and a name it does not know the type `object`, which must
// be narrowed before use. At run time every call goes to `_decode.decode_named`.
import type { BindingsModel } from "../../model.js";

/** The module's documentation, also the docstring of `decode` the overloads share. */
const DECODE_DOCSTRING = [
  '    """The value (parsed JSON) as the protocol type ``type_name``, or ``DecodeError`` with the first thing wrong.',
  "",
  "    Records decode to dataclasses, enums to ``Enum`` members, unions to one of",
  "    their variant classes, lists and maps to ``list`` and ``dict``; opaque",
  "    payloads stay as they are. Type checkers see the type asked for",
  '    (``decode("SessionRecord", value)`` is a ``SessionRecord``); a name that',
  "    is not a literal string gives ``object``. An unknown name raises ``ValueError``.",
  '    """',
];

/** The static type of a decoded `name`: its declaration in `protocol.py`, or `None` for a type that is only `null`. */
function resultType(model: BindingsModel, name: string): string {
  return model.definitions[name]?.type === "null" ? "None" : `protocol.${name}`;
}

/** The module's source, after the header. */
export function typedDecodeModule(model: BindingsModel): string {
  const names = Object.keys(model.definitions).sort();
  const overloads = names.flatMap((name) => ["", "", "@overload", `def decode(type_name: Literal[${JSON.stringify(name)}], value: object) -> ${resultType(model, name)}: ...`]);
  return [
    '"""``decode``, typed per protocol type: one overload per type name, so the result has the type asked for."""',
    "",
    "from typing import Any, Literal, overload",
    "",
    "from . import protocol",
    "from ._decode import decode_named",
    ...overloads,
    "",
    "",
    "@overload",
    "def decode(type_name: str, value: object) -> object: ...",
    "",
    "",
    "def decode(type_name: str, value: object) -> Any:",
    ...DECODE_DOCSTRING,
    "    return decode_named(type_name, value)",
    "",
  ].join("\n");
}
