"""Encoding: any protocol value back to JSON-compatible data, with the reference's presence rules."""

import copy
from enum import Enum
from typing import Any, Callable, Dict, Sequence, Sized, cast

from ._check import json_equal
from ._codec import ALWAYS, NO_DEFAULT, OR_DEFAULT, UNLESS_UNSET, UNSET, WHEN_SET, External, Field, Internal, Record, Untagged
from ._tables import RECORDS, UNIONS

Encoder = Callable[[Any], Any]


def encode(value: object) -> Any:
    """``value`` as JSON-compatible data (``dict``, ``list``, ``str``, numbers, ``bool``, ``None``).

    Accepts any protocol dataclass, union variant or enum, and lists, maps and
    plain JSON data holding them. Fields are written as the reference writes
    them: an always-emitted field even when unset (``null`` or its default),
    an omitted-when-unset field only when it holds something.
    """
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [encode(item) for item in cast(Sequence[object], value)]
    if isinstance(value, dict):
        return {_key(key): encode(item) for key, item in cast(Dict[object, object], value).items()}
    encoder = _ENCODERS.get(type(value))
    if encoder is None:
        raise TypeError(f"not a protocol value: {type(value).__name__}")
    return encoder(value)


def _key(key: Any) -> str:
    if not isinstance(key, str):
        raise TypeError(f"a map key must be a string, not {type(key).__name__}")
    return key


def _field_value(field: Field, value: Any) -> Any:
    """What to write for a field holding ``value``, or ``NO_DEFAULT`` to leave it out."""
    if field.emit == ALWAYS:
        return encode(value)
    if field.emit == UNLESS_UNSET:
        return NO_DEFAULT if value is UNSET else encode(value)
    if value is None:
        if field.emit == OR_DEFAULT:
            return copy.deepcopy(field.default)
        return NO_DEFAULT
    written = encode(value)
    if field.emit != WHEN_SET:
        return written
    if field.default is not NO_DEFAULT and json_equal(written, field.default):
        return NO_DEFAULT
    if field.omit_empty and _is_empty_collection(written):
        return NO_DEFAULT
    return written


def _is_empty_collection(written: Any) -> bool:
    return isinstance(written, (list, dict)) and len(cast(Sized, written)) == 0


def _record_encoder(record: Record, tag: Dict[str, str]) -> Encoder:
    def encode_record(value: Any) -> Any:
        written: Dict[str, Any] = dict(tag)
        for field in record.fields:
            field_value = _field_value(field, getattr(value, field.attr))
            if field_value is not NO_DEFAULT:
                written[field.wire] = field_value
        if record.extra is not None:
            named = {field.wire for field in record.fields}
            for key, item in getattr(value, record.extra).items():
                if key not in named and key not in written:
                    written[_key(key)] = encode(item)
        return written

    return encode_record


def _writes(written: Any) -> Encoder:
    """An encoder that writes the same JSON whatever the value: a unit variant's name, a fallback's tag."""
    return lambda _value: copy.deepcopy(written)


def _keyed(key: str) -> Encoder:
    """An external union's data variant: its data under its name."""
    return lambda value: {key: encode(value.value)}


def _wrapped(value: Any) -> Any:
    """An untagged union's variant: the value it wraps."""
    return encode(value.value)


def _encoders() -> Dict[type, Encoder]:
    tags: Dict[str, Dict[str, str]] = {}
    encoders: Dict[type, Encoder] = {}
    for union in UNIONS.values():
        if isinstance(union, Internal):
            for tag_value, variant in union.variants.items():
                tags[variant] = {union.tag: tag_value}
            if union.fallback is not None and union.fallback_tag is not None:
                encoders[RECORDS[union.fallback].cls] = _writes({union.tag: union.fallback_tag})
        elif isinstance(union, External):
            for unit, cls in union.units.items():
                encoders[cls] = _writes(unit)
            for key, (cls, _schema) in union.data.items():
                encoders[cls] = _keyed(key)
        elif isinstance(union, Untagged):
            for cls, _variant in union.variants:
                encoders[cls] = _wrapped
    for type_name, record in RECORDS.items():
        encoders.setdefault(record.cls, _record_encoder(record, tags.get(type_name, {})))
    return encoders


_ENCODERS = _encoders()
