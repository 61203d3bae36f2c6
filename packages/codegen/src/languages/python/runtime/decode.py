"""Decoding: the schema check first, then the dataclasses built from the checked value."""

import copy
from typing import Any, Dict, List, cast

from ._check import matches
from ._describe import first_failure
from ._codec import NO_DEFAULT, UNLESS_UNSET, UNSET, External, Internal, Record, Untagged
from ._errors import DecodeError
from ._schema import DEFINITIONS
from ._tables import ENUMS, RECORDS, UNIONS


def decode_named(type_name: str, value: Any) -> Any:
    """``decode``, untyped: the value checked, then built as the protocol type ``type_name``."""
    if type_name not in DEFINITIONS:
        raise ValueError(f"no protocol type {type_name!r}")
    check(type_name, value, "")
    return build_named(type_name, value)


def check(type_name: str, value: Any, prefix: str) -> None:
    """Raises ``DecodeError`` unless ``value`` is a ``type_name``; paths start with ``prefix``."""
    try:
        failure = first_failure(type_name, value, prefix)
    except RecursionError:
        raise DecodeError("unprocessable", "", "the value could not be validated (RecursionError)") from None
    if failure is not None:
        code, path, text = failure
        raise DecodeError(code, path, text, type_name)


def build_named(type_name: str, value: Any) -> Any:
    """The Python value of a checked ``type_name``."""
    record = RECORDS.get(type_name)
    if record is not None:
        return _record(type_name, record, value)
    enum = ENUMS.get(type_name)
    if enum is not None:
        return enum(value)
    union = UNIONS.get(type_name)
    if union is not None:
        return _union(union, value)
    return build(DEFINITIONS[type_name], value)


def build(schema: Any, value: Any) -> Any:
    """The Python value of a checked value of an inline schema."""
    if value is None or not isinstance(schema, dict):
        return value
    node = cast(Dict[str, Any], schema)
    reference = node.get("$ref")
    if reference is not None:
        return build_named(reference, value)
    members: Any = node.get("anyOf")
    if members is not None:
        # A property's `anyOf` is `T | null` (the schema names every other union).
        present: List[Any] = [member for member in members if member.get("type") != "null"]
        return build(present[0], value) if len(present) == 1 else value
    if isinstance(value, list):
        items = node.get("items")
        listed = cast(List[object], value)
        return [build(items, item) for item in listed] if items is not None else listed
    if isinstance(value, dict):
        additional = node.get("additionalProperties")
        mapping = cast(Dict[str, object], value)
        if "properties" not in node and isinstance(additional, dict) and additional:
            return {key: build(additional, item) for key, item in mapping.items()}
        return mapping
    if isinstance(value, float) and _declares(node, "integer"):
        return int(value)
    return value


def _declares(schema: Dict[str, Any], type_name: str) -> bool:
    declared = schema.get("type")
    return declared == type_name or (isinstance(declared, list) and type_name in declared)


def _record(type_name: str, record: Record, value: Dict[str, Any]) -> Any:
    properties = DEFINITIONS[type_name].get("properties", {})
    arguments: Dict[str, Any] = {}
    for field in record.fields:
        if field.emit == UNLESS_UNSET and field.wire not in value:
            arguments[field.attr] = UNSET
            continue
        raw = value.get(field.wire)
        if raw is None and field.default is not NO_DEFAULT:
            raw = copy.deepcopy(field.default)
        arguments[field.attr] = build(properties[field.wire], raw)
    if record.extra is not None:
        additional = DEFINITIONS[type_name].get("additionalProperties")
        arguments[record.extra] = {key: build(additional, item) for key, item in value.items() if key not in properties}
    return record.cls(**arguments)


def _union(union: Any, value: Any) -> Any:
    if isinstance(union, Internal):
        variant = union.variants.get(value[union.tag], union.fallback)
        if variant is None:
            raise AssertionError("a checked value has a known tag")
        return build_named(variant, value)
    if isinstance(union, External):
        if isinstance(value, str):
            return union.units[value]()
        (key, data), = value.items()
        cls, schema = union.data[key]
        return cls(value=build(schema, data))
    if isinstance(union, Untagged):
        for cls, variant in union.variants:
            if matches(variant, value):
                return cls(value=build_named(variant, value))
    raise AssertionError("a checked value matches a variant")


def field_default(record: str, wire: str) -> Any:
    """The decoded default of field ``wire`` of ``record``, for a default that is itself a protocol value."""
    for field in RECORDS[record].fields:
        if field.wire == wire:
            return build(DEFINITIONS[record]["properties"][wire], copy.deepcopy(field.default))
    raise KeyError(f"{record} has no field {wire}")
