// `protocol_test.go`: what `go test` checks in the module itself, beside the
// README's example: the method table against the type table, and the errors
// for names and tags the protocol does not define. The conformance runner
// checks the encoding of every type against the vectors.
import type { BindingsModel } from "../../model.js";
import { MODULE_PATH, PACKAGE_NAME } from "./module.js";

export function moduleTest(model: BindingsModel, header: string): string {
  return `${header}
package ${PACKAGE_NAME}_test

import (
	"encoding/json"
	"errors"
	"testing"

	"${MODULE_PATH}"
)

// Every method of the registry is found by name, and its params and result types are protocol types.
func TestMethodTable(t *testing.T) {
	known := map[string]bool{}
	for _, name := range ${PACKAGE_NAME}.TypeNames() {
		known[name] = true
	}
	methods := ${PACKAGE_NAME}.Methods()
	if len(methods) != ${model.methods.length} {
		t.Fatalf("%d methods, want ${model.methods.length}", len(methods))
	}
	for _, entry := range methods {
		if found, ok := ${PACKAGE_NAME}.LookupMethod(entry.Method); !ok || found.Method != entry.Method || found.Params != entry.Params {
			t.Errorf("LookupMethod(%q) = %+v, %v", entry.Method, found, ok)
		}
		if !known[entry.Params] {
			t.Errorf("%s: params type %q is not a protocol type", entry.Method, entry.Params)
		}
		if entry.Result != "" && !known[entry.Result] {
			t.Errorf("%s: result type %q is not a protocol type", entry.Method, entry.Result)
		}
	}
}

// A client request's absent params read as {}, as the server reads them.
func TestAbsentParamsReadAsEmpty(t *testing.T) {
	params, err := ${PACKAGE_NAME}.DecodeParams("session/list", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := params.(${PACKAGE_NAME}.EmptyParams); !ok {
		t.Errorf("params of session/list decoded as %T", params)
	}
}

// Names and tags the protocol does not define are errors of their own types.
func TestUndefinedNamesAndTags(t *testing.T) {
	var unknownMethod *${PACKAGE_NAME}.UnknownMethodError
	if _, err := ${PACKAGE_NAME}.DecodeParams("session/undefined", nil); !errors.As(err, &unknownMethod) || unknownMethod.Method != "session/undefined" {
		t.Errorf("DecodeParams of an undefined method: %v", err)
	}
	var unknownType *${PACKAGE_NAME}.UnknownTypeError
	if _, err := ${PACKAGE_NAME}.DecodeType("UndefinedType", []byte("{}")); !errors.As(err, &unknownType) || unknownType.Name != "UndefinedType" {
		t.Errorf("DecodeType of an undefined type: %v", err)
	}
	var unknownTag *${PACKAGE_NAME}.UnknownTagError
	if _, err := ${PACKAGE_NAME}.UnmarshalServerMessage([]byte(\`{"type":"event","method":"stream/event","params":{}}\`)); !errors.As(err, &unknownTag) || unknownTag.Tag != "event" {
		t.Errorf("UnmarshalServerMessage of an undefined type tag: %v", err)
	}
}

// What the schema refuses is not decoded, and no field is made up for one that is missing.
func TestRefusesWhatTheSchemaRefuses(t *testing.T) {
	messages := []string{
		\`{"type":"request","method":"session/list"}\`,
		\`{"type":"request","id":"r1"}\`,
		\`{"type":"request","id":7,"method":"session/list"}\`,
	}
	for _, message := range messages {
		var invalid *${PACKAGE_NAME}.ValidationError
		if _, err := ${PACKAGE_NAME}.UnmarshalClientMessage([]byte(message)); !errors.As(err, &invalid) {
			t.Errorf("UnmarshalClientMessage(%s): %v", message, err)
		}
	}
	responses := []string{
		\`{"type":"notification","method":"stream/event"}\`,
		\`{"type":"response","id":"r1","result":{"status":"error","code":"PARSE_ERROR","message":"m"}}\`,
		\`{"type":"response","id":"r1","result":{"status":"error","code":"teapot","message":"m"}}\`,
	}
	for _, message := range responses {
		if _, err := ${PACKAGE_NAME}.UnmarshalServerMessage([]byte(message)); err == nil {
			t.Errorf("UnmarshalServerMessage(%s) decoded", message)
		}
	}
	if _, err := ${PACKAGE_NAME}.DecodeType("PermissionResponseParams", []byte(\`{"request_id":"p"}\`)); err == nil {
		t.Error("a PermissionResponseParams without its decision decoded")
	}
	if _, err := ${PACKAGE_NAME}.DecodeParams("stream/event", json.RawMessage("{}")); err == nil {
		t.Error("empty stream/event params decoded")
	}
	if _, err := ${PACKAGE_NAME}.DecodeParams("session/rename", json.RawMessage(\`{"session_id":null,"new_title":"t"}\`)); err == nil {
		t.Error("a null session_id decoded")
	}
	if _, err := ${PACKAGE_NAME}.DecodeType("TurnSubmitParams", []byte(\`["s-1","rm -rf /"]\`)); err == nil {
		t.Error("a TurnSubmitParams read from an array of its fields")
	}
	if err := ${PACKAGE_NAME}.Validate("AuthLogoutResult", []byte(\`{"removed":18446744073709551616}\`)); err == nil {
		t.Error("a u64 one past its maximum passed")
	}
}

// What was read is written back as every binding writes it: nothing for a null payload, nothing for absent capabilities.
func TestWritesWhatItRead(t *testing.T) {
	cases := []struct{ input, want string }{
		{input: \`{"type":"request","id":"r1","method":"session/list","params":null}\`, want: \`{"type":"request","id":"r1","method":"session/list"}\`},
		{input: \`{"type":"response","id":"r1","result":{"status":"success","data":null}}\`, want: \`{"type":"response","id":"r1","result":{"status":"success"}}\`},
	}
	for _, entry := range cases {
		message, err := ${PACKAGE_NAME}.UnmarshalClientMessage([]byte(entry.input))
		if err != nil {
			t.Fatalf("%s: %v", entry.input, err)
		}
		encoded, err := json.Marshal(message)
		if err != nil {
			t.Fatal(err)
		}
		if string(encoded) != entry.want {
			t.Errorf("%s written as %s, want %s", entry.input, encoded, entry.want)
		}
	}
	params, err := ${PACKAGE_NAME}.DecodeType("InitializeParams", []byte(\`{"protocol_version":"1.0","client_info":{"name":"c","version":"1"}}\`))
	if err != nil {
		t.Fatal(err)
	}
	encoded, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	if want := \`{"protocol_version":"1.0","client_info":{"name":"c","version":"1"}}\`; string(encoded) != want {
		t.Errorf("InitializeParams without capabilities written as %s", encoded)
	}
}
`;
}
