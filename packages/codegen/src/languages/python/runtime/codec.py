"""The shapes of the codec tables (``_tables``): how each protocol type maps to its Python classes."""

from typing import Any, Dict, NamedTuple, Optional, Tuple

NO_DEFAULT: Any = object()
"""The default of a field the schema gives none."""

ALWAYS = "always"
"""Written on every encode; ``None`` is written as ``null``."""
OR_DEFAULT = "or_default"
"""Written on every encode; ``None`` is written as the field's default."""
IF_SET = "if_set"
"""Written unless ``None``: the field may be absent but never ``null``."""
WHEN_SET = "when_set"
"""Left out when ``None``, equal to its default, or (``omit_empty``) an empty list or map."""
UNLESS_UNSET = "unless_unset"
"""A three-state field: left out when ``UNSET``, ``None`` written as ``null``."""


class Unset:
    """The type of ``UNSET``, the value of a three-state field left out (as opposed to ``None``, its ``null``)."""

    _instance: "Optional[Unset]" = None

    def __new__(cls) -> "Unset":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> bool:
        return False

    def __copy__(self) -> "Unset":
        return self

    def __deepcopy__(self, _memo: Any) -> "Unset":
        return self


UNSET = Unset()


class Field(NamedTuple):
    """One field of a record."""

    wire: str
    attr: str
    emit: str
    default: Any = NO_DEFAULT
    omit_empty: bool = False


class Record(NamedTuple):
    """A record type and its fields, in schema order; ``extra`` names the attribute keeping unnamed fields."""

    cls: type
    fields: Tuple[Field, ...]
    extra: Optional[str] = None


class Internal(NamedTuple):
    """A union tagged by a field inside each variant: tag value to variant record type."""

    tag: str
    variants: Dict[str, str]
    fallback: Optional[str] = None
    fallback_tag: Optional[str] = None


class External(NamedTuple):
    """A union of bare strings (unit variants) and single-key objects (data variants, with their data schema)."""

    units: Dict[str, type]
    data: Dict[str, Tuple[type, Any]]


class Untagged(NamedTuple):
    """A union whose first variant that decodes wins: each variant's class and the type it wraps."""

    variants: Tuple[Tuple[type, str], ...]


class MethodEntry(NamedTuple):
    """One method of the method registry (``schemas/methods.json``)."""

    method: str
    direction: str
    """``client_request``, ``server_notification`` or ``server_request``."""
    stability: str
    params: str
    """The protocol type of the params."""
    result: Optional[str]
    """The protocol type of a success response's ``data``; ``None`` for a notification."""
