"""Which failure the TypeScript validators report among the errors the checker found, in their words."""

from typing import Any, Dict, List, Optional, Tuple, cast

from ._check import EXTERNAL_UNION, MISSING, UNTAGGED_UNION, SchemaError, as_double, definition, is_number, token, validate

# Keywords whose own error only says that no subschema matched.
_COMBINATORS = ("anyOf", "oneOf", "if")

def _utf16_length(text: str) -> int:
    return sum(2 if ord(character) > 0xFFFF else 1 for character in text)


def preview(value: Any) -> str:
    """A short rendering of a value for a message, as the validators write it."""
    if isinstance(value, str):
        units = value.encode("utf-16-le", "surrogatepass")
        if len(units) > 80:
            value = units[:80].decode("utf-16-le", "surrogatepass") + "\u2026"
        return _js_string(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if is_number(value):
        return _js_number(value)
    return "an array" if isinstance(value, list) else "an object"


def _js_string(text: str) -> str:
    escaped: List[str] = []
    for character in text:
        code = ord(character)
        if character in '"\\':
            escaped.append("\\" + character)
        elif character in "\b\f\n\r\t":
            escaped.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[character])
        elif code < 0x20 or 0xD800 <= code <= 0xDFFF:
            escaped.append(f"\\u{code:04x}")
        else:
            escaped.append(character)
    return '"' + "".join(escaped) + '"'


def _js_number(value: Any) -> str:
    number = as_double(value)
    if number.is_integer() and abs(number) < 1e21:
        return str(int(number))
    return repr(number)


def _describe_type(expected: Any) -> str:
    names = [str(name) for name in cast(List[object], expected)] if isinstance(expected, list) else str(expected).split(",")
    spelled = ["null" if name == "null" else ("an " if name[:1] in "aeiou" else "a ") + name for name in names]
    return "must be " + " or ".join(spelled)


def _from_error(error: SchemaError, prefix: str) -> Tuple[str, str, str]:
    instance_path, keyword, details = error
    path = prefix + instance_path
    if keyword == "required":
        return ("missing_field", f"{path}/{token(details['missingProperty'])}", "missing required field")
    if keyword == "type":
        return ("wrong_type", path, _describe_type(details["type"]))
    if keyword == "discriminator":
        tag_path = f"{path}/{token(details['tag'])}"
        tag = details["tagValue"]
        if tag is MISSING:
            return ("missing_field", tag_path, "missing required field")
        if not isinstance(tag, str):
            return ("wrong_type", tag_path, "must be a string")
        return ("unknown_tag", tag_path, f"unknown value {preview(tag)}")
    if keyword == "const":
        return ("invalid_value", path, f"must be {preview(details['allowedValue'])}")
    if keyword == "enum":
        allowed = details["allowedValues"]
        listed = ", ".join(preview(value) for value in allowed[:8])
        return ("invalid_value", path, f"must be one of {listed}{', …' if len(allowed) > 8 else ''}")
    if keyword in ("minimum", "maximum"):
        return ("invalid_value", path, f"must be {details['comparison']} {_js_number(details['limit'])}")
    return ("invalid_value", path, "matches none of the allowed shapes")


def _within(path: str, base: str) -> bool:
    return path == base or path.startswith(base + "/")


def _value_at(root: Any, pointer: str) -> Any:
    """The value at a JSON Pointer the checker reported, or ``MISSING``."""
    value = root
    for token in pointer.split("/")[1:]:
        key = token.replace("~1", "/").replace("~0", "~")
        if isinstance(value, list) and key.isdigit() and int(key) < len(cast(List[object], value)):
            value = cast(List[object], value)[int(key)]
        elif isinstance(value, dict) and key in value:
            value = cast(Dict[str, object], value)[key]
        else:
            return MISSING
    return value


# A failure, (code, path, text), with the length of the instance path it was found at (longer is more precise).
Finding = Tuple[Tuple[str, str, str], int]


def _finding(code: str, path: str, text: str, prefix: str) -> Finding:
    return ((code, prefix + path, text), _utf16_length(path))


def _external_union(path: str, variant_errors: List[SchemaError], value: Any, prefix: str) -> Finding:
    """An external union no variant accepted: an unknown variant's name, unless the named variant's data failed."""
    target = _value_at(value, path)
    if isinstance(target, str):
        return _finding("unknown_tag", path, f"unknown variant {preview(target)}", prefix)
    if not isinstance(target, dict):
        return _finding("wrong_type", path, "must be a string or an object", prefix)
    keys = list(cast(Dict[str, object], target))
    if len(keys) != 1:
        return _finding("invalid_value", path, "must be an object with exactly one key, the variant's name", prefix)
    (key,) = keys
    data = f"{path}/{token(key)}"
    inside = _most_precise([error for error in variant_errors if _within(error[0], data)], value, prefix)
    return inside if inside is not None else _finding("unknown_tag", path, f"unknown variant {preview(key)}", prefix)


def _most_precise(errors: List[SchemaError], value: Any, prefix: str) -> Optional[Finding]:
    """The validators' choice among errors in the order reported (each union's error after its variants'):
    a failure inside a variant over the union's own, the deepest, the first reported of equals."""
    best: Optional[Finding] = None
    index = len(errors) - 1
    while index >= 0:
        error = errors[index]
        index -= 1
        path, keyword, _details = error
        if keyword in _COMBINATORS:
            continue
        if keyword in (EXTERNAL_UNION, UNTAGGED_UNION):
            end = index + 1
            while index >= 0 and _within(errors[index][0], path):
                index -= 1
            if keyword == EXTERNAL_UNION:
                found = _external_union(path, errors[index + 1 : end], value, prefix)
            else:
                found = _finding("invalid_value", path, "matches no variant of the union", prefix)
        else:
            found = (_from_error(error, prefix), _utf16_length(path))
        if best is None or found[1] >= best[1]:
            best = found
    return best


def describe(errors: List[SchemaError], value: Any, prefix: str) -> Tuple[str, str, str]:
    """The failure the validators report for ``value`` from the errors the checker found."""
    found = _most_precise(errors, value, prefix)
    return found[0] if found is not None else ("invalid_value", prefix, "does not match the schema")


def first_failure(type_name: str, value: Any, prefix: str = "") -> Optional[Tuple[str, str, str]]:
    """``(code, path, text)`` of the first thing wrong with ``value`` as a ``type_name``, or ``None`` when it is one."""
    errors: List[SchemaError] = []
    if validate(definition(type_name), value, "", errors):
        return None
    return describe(errors, value, prefix)
