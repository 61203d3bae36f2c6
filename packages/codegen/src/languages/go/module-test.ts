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
`;
}
