"""Bindings of the app-server protocol 1.0: its types as dataclasses, and strict decoding and encoding.

``decode(type_name, value)`` checks a parsed JSON value against the protocol
schema (the verdicts and error codes of the TypeScript validators) and builds
the type's dataclasses; ``decode_client_message`` and ``decode_server_message``
decode whole messages, their payloads by the method registry; ``encode`` turns
any of them back into JSON-compatible data, as the reference writes it.
``__version__`` is the distribution's version, ``PROTOCOL_VERSION`` the
protocol's.
"""

from . import protocol
from ._codec import UNSET, MethodEntry, Unset
from ._typed_decode import decode
from ._encode import encode
from ._errors import DecodeError
from ._messages import decode_client_message, decode_server_message
from ._methods import METHODS
from ._version import PROTOCOL_VERSION, __version__
from .protocol import *  # noqa: F401,F403 - every protocol type, by its TypeScript name

__all__ = [
    "DecodeError",
    "METHODS",
    "MethodEntry",
    "PROTOCOL_VERSION",
    "UNSET",
    "Unset",
    "decode",
    "decode_client_message",
    "decode_server_message",
    "encode",
    "protocol",
]
__all__ += protocol.__all__
