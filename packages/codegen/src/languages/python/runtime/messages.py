"""Whole messages: the envelope, then the payload by the method registry, as the TypeScript validators check them."""

from typing import Any, Optional

from . import protocol
from ._describe import preview
from ._decode import build_named, check
from ._errors import DecodeError
from ._methods import METHODS

_DIRECTION_NAMES = {
    "client_request": "client request",
    "server_notification": "server notification",
    "server_request": "server request",
}


def decode_client_message(value: Any, method: Optional[str] = None) -> protocol.ClientMessage:
    """A message a client sends: a ``ClientMessageRequest`` or a ``ClientMessageResponse``.

    A request's ``params`` are decoded as the params type of its method; absent
    or ``null`` params are checked as ``{}`` (as the server reads them) and stay
    ``None``. For a response, ``method`` is the server request it answers: when
    given, success ``data`` is decoded as that method's result type.
    """
    check("ClientMessage", value, "")
    message: protocol.ClientMessage = build_named("ClientMessage", value)
    if value["type"] == "request":
        _decode_params(message, value, "client_request")
    else:
        _decode_result(message, value, method, "server_request")
    return message


def decode_server_message(value: Any, method: Optional[str] = None) -> protocol.ServerMessage:
    """A message a server sends: a ``ServerMessageResponse``, ``ServerMessageNotification`` or ``ServerMessageRequest``.

    ``params`` are decoded as the params type of the method; for a response,
    ``method`` is the client request it answers: when given, success ``data``
    is decoded as that method's result type.
    """
    check("ServerMessage", value, "")
    message: protocol.ServerMessage = build_named("ServerMessage", value)
    if value["type"] == "request":
        _decode_params(message, value, "server_request")
    elif value["type"] == "notification":
        _decode_params(message, value, "server_notification")
    else:
        _decode_result(message, value, method, "client_request")
    return message


def _decode_params(message: Any, value: Any, direction: str) -> None:
    """Decodes the message's ``params`` (checked as ``value`` has them) as its method's params type."""
    entry = METHODS.get(value["method"])
    if entry is None or entry.direction != direction:
        raise DecodeError("unknown_method", "/method", f"unknown {_DIRECTION_NAMES[direction]} method {preview(value['method'])}")
    params = value.get("params")
    if direction == "client_request" and params is None:
        check(entry.params, {}, "/params")
        return
    check(entry.params, params, "/params")
    message.params = build_named(entry.params, params)


def _decode_result(message: Any, value: Any, method: Optional[str], direction: str) -> None:
    """Decodes a success response's ``data`` as the result type of ``method``, the request it answers, when given."""
    if method is None:
        return
    entry = METHODS.get(method)
    if entry is None or entry.direction != direction:
        raise DecodeError("unknown_method", "/id", f"answers {preview(method)}, which is not a {_DIRECTION_NAMES[direction]} method")
    result = value["result"]
    # Absent and null data both mean "no payload" (spec 1.3).
    if result["status"] != "success" or result.get("data") is None or entry.result is None:
        return
    check(entry.result, result["data"], "/result/data")
    message.result.data = build_named(entry.result, result["data"])
