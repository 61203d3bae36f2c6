package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"

	"app-server-protocol.dev/go/protocol"
)

// runMessages checks the messages suite: every valid message decodes (the
// envelope, then its params by method, or a response's data by the method
// it answers) and, unless the case says otherwise, re-encodes to the same
// JSON value; every invalid message is rejected, one with an unknown tag or
// method for that reason.
func runMessages(vectors string, r *report) error {
	files, err := suiteFiles(vectors, "messages")
	if err != nil {
		return err
	}
	for _, path := range files {
		var file messagesFile
		if err := readVectorFile(path, &file); err != nil {
			return err
		}
		r.count("messages.files")
		for _, c := range file.Cases {
			checkMessage(filepath.Base(path), c, r)
		}
	}
	return nil
}

func checkMessage(file string, c messageCase, r *report) {
	where := fmt.Sprintf("messages/%s#%s", file, c.Name)
	encoded, err := roundTrip(c)
	if !c.Valid {
		checkRejected(where, c, err, r)
		return
	}
	if err != nil {
		r.fail(where, "a valid message does not decode: %v", err)
		return
	}
	r.count("messages.valid")
	r.encoded("messages", file, c.Name, encoded)
	if c.Roundtrip != nil && !*c.Roundtrip {
		return
	}
	same, err := sameJSON(c.Message, encoded)
	if err != nil {
		r.fail(where, "%v", err)
		return
	}
	if !same {
		r.fail(where, "re-encoded as %s", encoded)
		return
	}
	r.count("messages.roundtrip")
}

func checkRejected(where string, c messageCase, err error, r *report) {
	var unknownTag *protocol.UnknownTagError
	var unknownMethod *protocol.UnknownMethodError
	switch c.Code {
	case "unknown_tag":
		if !errors.As(err, &unknownTag) {
			r.fail(where, "an unknown tag must be rejected with an UnknownTagError, got %v", err)
			return
		}
		r.count("messages.unknown_tag")
	case "unknown_method":
		if !errors.As(err, &unknownMethod) {
			r.fail(where, "an unknown method must be rejected with an UnknownMethodError, got %v", err)
			return
		}
		r.count("messages.unknown_method")
	default:
		judgeInvalid(where, "messages", err, r)
	}
}

// roundTrip decodes a message with its payload typed by method, and encodes it again.
func roundTrip(c messageCase) ([]byte, error) {
	switch c.Direction {
	case "client":
		message, err := protocol.UnmarshalClientMessage(c.Message)
		if err != nil {
			return nil, err
		}
		switch m := message.(type) {
		case protocol.ClientMessageRequest:
			if m.Params, err = typedParams(m.Method, protocol.MethodDirectionClientRequest, m.Params); err != nil {
				return nil, err
			}
			return json.Marshal(m)
		case protocol.ClientMessageResponse:
			if m.Result, err = typedResult(c.Method, protocol.MethodDirectionServerRequest, m.Result); err != nil {
				return nil, err
			}
			return json.Marshal(m)
		}
		return nil, fmt.Errorf("unexpected client message %T", message)
	case "server":
		message, err := protocol.UnmarshalServerMessage(c.Message)
		if err != nil {
			return nil, err
		}
		switch m := message.(type) {
		case protocol.ServerMessageRequest:
			if m.Params, err = typedParams(m.Method, protocol.MethodDirectionServerRequest, m.Params); err != nil {
				return nil, err
			}
			return json.Marshal(m)
		case protocol.ServerMessageNotification:
			if m.Params, err = typedParams(m.Method, protocol.MethodDirectionServerNotification, m.Params); err != nil {
				return nil, err
			}
			return json.Marshal(m)
		case protocol.ServerMessageResponse:
			if m.Result, err = typedResult(c.Method, protocol.MethodDirectionClientRequest, m.Result); err != nil {
				return nil, err
			}
			return json.Marshal(m)
		}
		return nil, fmt.Errorf("unexpected server message %T", message)
	}
	return nil, fmt.Errorf("unknown direction %q", c.Direction)
}

// typedParams decodes params as the params type of the method, which must
// be sent in the given direction, and encodes them again; absent or null
// params stay absent, as the bindings write them.
func typedParams(method string, direction protocol.MethodDirection, params json.RawMessage) (json.RawMessage, error) {
	entry, ok := protocol.LookupMethod(method)
	if !ok || entry.Direction != direction {
		return nil, &protocol.UnknownMethodError{Method: method}
	}
	decoded, err := protocol.DecodeParams(method, params)
	if err != nil {
		return nil, fmt.Errorf("params of %s: %w", method, err)
	}
	if len(params) == 0 || string(params) == "null" {
		return nil, nil
	}
	return json.Marshal(decoded)
}

// typedResult decodes a success result's data as the result type of the
// method answered, when the case names it, and encodes it again.
func typedResult(method string, direction protocol.MethodDirection, result protocol.ResponseResult) (protocol.ResponseResult, error) {
	success, ok := result.Value.(protocol.ResponseResultSuccess)
	// Absent and null data both mean "no payload" (spec 1.3).
	if method == "" || !ok || len(success.Data) == 0 || string(success.Data) == "null" {
		return result, nil
	}
	entry, found := protocol.LookupMethod(method)
	if !found || entry.Direction != direction {
		return result, fmt.Errorf("the case answers %q, which is no %s method", method, direction)
	}
	decoded, err := protocol.DecodeResult(method, success.Data)
	if err != nil {
		return result, fmt.Errorf("result of %s: %w", method, err)
	}
	if success.Data, err = json.Marshal(decoded); err != nil {
		return result, err
	}
	return protocol.ResponseResult{Value: success}, nil
}
