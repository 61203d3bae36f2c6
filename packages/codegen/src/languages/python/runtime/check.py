"""Checks a JSON value against the protocol schema (``_schema``): the errors, in the order found.

The checker reads each definition in the form the TypeScript validators
compile it in (``CHECKED_FORMS``, else ``DEFINITIONS``), evaluates keywords
in the order their compiled code does and stops at the first failure, except
inside a union, where every variant is tried; ``_describe`` then picks the
error those validators report, so both give the same ``code`` and ``path``
for any value.
"""

import math
import re
from typing import Any, Dict, List, Tuple, cast

from ._schema import CHECKED_FORMS, DEFINITIONS

# (instance path, keyword, details)
SchemaError = Tuple[str, str, Dict[str, Any]]

MISSING = object()
"""The value of an absent field, as a failure's details give it."""
# Unions told apart without a tag field, checked as `anyOf` under their own keyword.
EXTERNAL_UNION = "externalUnion"
UNTAGGED_UNION = "untaggedUnion"
_GROUP_KEYWORDS = {
    "number": ("maximum", "minimum"),
    "string": ("pattern",),
    "array": ("items",),
    "object": ("maxProperties", "required", "additionalProperties", "properties", "discriminator"),
}
_PATTERNS: Dict[str, "re.Pattern[str]"] = {}


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def as_double(value: Any) -> float:
    """The number as JavaScript holds it: a double, so large integers compare as the validators compare them."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def _is_finite_number(value: Any) -> bool:
    return is_number(value) and math.isfinite(as_double(value))


def _has_type(name: str, value: Any) -> bool:
    if name == "string":
        return isinstance(value, str)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "number":
        return _is_finite_number(value)
    if name == "integer":
        return _is_finite_number(value) and (isinstance(value, int) or float(value).is_integer())
    return False


def json_equal(left: Any, right: Any) -> bool:
    """Equality of JSON values as the validators see it: a boolean is never a number."""
    same_type = type(left) is type(right)
    if isinstance(left, bool) or isinstance(right, bool):
        return isinstance(left, bool) and isinstance(right, bool) and left == right
    if is_number(left) and is_number(right):
        return as_double(left) == as_double(right)
    if isinstance(left, list) and isinstance(right, list):
        left_items, right_items = cast(List[object], left), cast(List[object], right)
        return len(left_items) == len(right_items) and all(json_equal(a, b) for a, b in zip(left_items, right_items))
    if isinstance(left, dict) and isinstance(right, dict):
        left_members, right_members = cast(Dict[str, object], left), cast(Dict[str, object], right)
        return left_members.keys() == right_members.keys() and all(json_equal(left_members[key], right_members[key]) for key in left_members)
    return same_type and left == right


def _always_valid(schema: Any) -> bool:
    return schema is True or schema == {}


def token(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _is_array_index(key: str) -> bool:
    return key.isdigit() and key.isascii() and (key == "0" or not key.startswith("0")) and int(key) < 2**32 - 1


def _js_key_order(value: Dict[str, Any]) -> List[str]:
    """Keys in the order JavaScript enumerates an object's: array indices first, ascending."""
    indices = sorted((key for key in value if _is_array_index(key)), key=int)
    return indices + [key for key in value if not _is_array_index(key)]


def _pattern(source: str) -> "re.Pattern[str]":
    compiled = _PATTERNS.get(source)
    if compiled is None:
        compiled = _PATTERNS[source] = re.compile(source)
    return compiled


def _fail(errors: List[SchemaError], path: str, keyword: str, details: Dict[str, Any]) -> bool:
    errors.append((path, keyword, details))
    return False


def _groups_of(schema: Dict[str, Any]) -> List[str]:
    return [group for group, keywords in _GROUP_KEYWORDS.items() if any(keyword in schema for keyword in keywords)]


def _group_applies(group: str, value: Any) -> bool:
    return _is_finite_number(value) if group == "number" else _has_type(group, value)


def validate(schema: Any, value: Any, path: str, errors: List[SchemaError]) -> bool:
    """Whether ``value`` matches ``schema``; on failure the errors the validators would hold are appended."""
    if schema is True or schema == {}:
        return True
    reference = schema.get("$ref")
    if reference is not None:
        return validate(definition(reference), value, path, errors)
    declared = schema.get("type")
    types = [declared] if isinstance(declared, str) else list(declared or [])
    groups = _groups_of(schema)
    checked_first = len(types) > 0 and not (len(types) == 1 and types[0] in groups)
    if checked_first and not any(_has_type(name, value) for name in types):
        return _fail(errors, path, "type", {"type": declared})
    if "const" in schema and not json_equal(value, schema["const"]):
        return _fail(errors, path, "const", {"allowedValue": schema["const"]})
    if "enum" in schema and not any(json_equal(value, allowed) for allowed in schema["enum"]):
        return _fail(errors, path, "enum", {"allowedValues": schema["enum"]})
    if "anyOf" in schema and not _any_of("anyOf", schema["anyOf"], value, path, errors):
        return False
    if "if" in schema and not _if_then_else(schema, value, path, errors):
        return False
    for keyword in (EXTERNAL_UNION, UNTAGGED_UNION):
        if keyword in schema and not _any_of(keyword, schema[keyword], value, path, errors):
            return False
    for group in groups:
        if _group_applies(group, value):
            if not _GROUP_CHECKS[group](schema, value, path, errors):
                return False
        elif not checked_first and types == [group]:
            return _fail(errors, path, "type", {"type": declared})
    return True


def definition(name: str) -> Any:
    """The schema the checker reads for definition `name`."""
    return CHECKED_FORMS.get(name) or DEFINITIONS[name]


def _any_of(keyword: str, branches: List[Any], value: Any, path: str, errors: List[SchemaError]) -> bool:
    if any(_always_valid(branch) for branch in branches):
        return True
    start = len(errors)
    for branch in branches:
        if validate(branch, value, path, errors):
            del errors[start:]
            return True
    return _fail(errors, path, keyword, {})


def _if_then_else(schema: Dict[str, Any], value: Any, path: str, errors: List[SchemaError]) -> bool:
    clause = "then" if validate(schema["if"], value, path, []) else "else"
    if clause not in schema or validate(schema[clause], value, path, errors):
        return True
    return _fail(errors, path, "if", {"failingKeyword": clause})


def _beyond(value: Any, limit: Any, sign: int) -> bool:
    """Whether ``value`` is past ``limit`` (above it for sign 1, below for -1).

    An integer is compared exactly with an integer bound, as an exact decoder
    reads the JSON text (the TypeScript validators do so given the text's
    lexical facts): one past u64's maximum is out of range, though its double
    is the bound's. Other numbers compare as doubles.
    """
    if isinstance(value, int) and isinstance(limit, int):
        return (value - limit) * sign > 0
    return (as_double(value) - as_double(limit)) * sign > 0


def _number(schema: Dict[str, Any], value: Any, path: str, errors: List[SchemaError]) -> bool:
    if "maximum" in schema and _beyond(value, schema["maximum"], 1):
        return _fail(errors, path, "maximum", {"comparison": "<=", "limit": schema["maximum"]})
    if "minimum" in schema and _beyond(value, schema["minimum"], -1):
        return _fail(errors, path, "minimum", {"comparison": ">=", "limit": schema["minimum"]})
    return True


def _string(schema: Dict[str, Any], value: str, path: str, errors: List[SchemaError]) -> bool:
    if "pattern" in schema and _pattern(schema["pattern"]).search(value) is None:
        return _fail(errors, path, "pattern", {"pattern": schema["pattern"]})
    return True


def _array(schema: Dict[str, Any], value: List[Any], path: str, errors: List[SchemaError]) -> bool:
    items = schema.get("items")
    if items is None or _always_valid(items):
        return True
    return all(validate(items, item, f"{path}/{index}", errors) for index, item in enumerate(value))


def _object(schema: Dict[str, Any], value: Dict[str, Any], path: str, errors: List[SchemaError]) -> bool:
    limit = schema.get("maxProperties")
    if limit is not None and len(value) > limit:
        return _fail(errors, path, "maxProperties", {"limit": limit})
    for name in schema.get("required", ()):
        if name not in value:
            return _fail(errors, path, "required", {"missingProperty": name})
    properties = schema.get("properties", {})
    additional = schema.get("additionalProperties")
    if additional is not None and not _always_valid(additional):
        for key in _js_key_order(value):
            if key in properties:
                continue
            if additional is False:
                return _fail(errors, path, "additionalProperties", {"additionalProperty": key})
            if not validate(additional, value[key], f"{path}/{token(key)}", errors):
                return False
    for name, property_schema in properties.items():
        if name in value and not validate(property_schema, value[name], f"{path}/{token(name)}", errors):
            return False
    discriminator = schema.get("discriminator")
    return discriminator is None or _discriminated(discriminator, value, path, errors)


def _discriminated(discriminator: Dict[str, Any], value: Dict[str, Any], path: str, errors: List[SchemaError]) -> bool:
    tag_name = discriminator["propertyName"]
    tag = value.get(tag_name, MISSING)
    if not isinstance(tag, str):
        return _fail(errors, path, "discriminator", {"tag": tag_name, "tagValue": tag})
    variant = discriminator["mapping"].get(tag)
    if variant is None:
        return _fail(errors, path, "discriminator", {"tag": tag_name, "tagValue": tag})
    return validate(variant, value, path, errors)


_GROUP_CHECKS = {"number": _number, "string": _string, "array": _array, "object": _object}


def matches(type_name: str, value: Any) -> bool:
    """Whether ``value`` is a ``type_name``."""
    return validate(definition(type_name), value, "", [])
