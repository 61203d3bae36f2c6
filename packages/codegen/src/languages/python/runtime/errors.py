"""The error every decoder raises for a value that is not of the protocol type asked for."""

from typing import Optional


class DecodeError(ValueError):
    """A value rejected by the protocol schema, with the first error the TypeScript validators report.

    ``code`` is one of ``missing_field``, ``wrong_type``, ``unknown_tag``,
    ``invalid_value``, ``unknown_method`` or ``unprocessable``; ``path`` is a
    JSON Pointer into the decoded value (``""`` is the whole value);
    ``type_name`` is the protocol type whose schema rejected it, when one did.
    """

    def __init__(self, code: str, path: str, text: str, type_name: Optional[str] = None) -> None:
        self.code = code
        self.path = path
        self.type_name = type_name
        # Like the TypeScript validators' messages: the path first, when there is one.
        self.message = f"{path}: {text}" if path else text
        super().__init__(self.message)
