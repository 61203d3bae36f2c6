// The usage example: the README shows it as a program of another module,
// and the module's own `example_test.go` holds it as `Example`, so `go test`
// checks the output the README prints.
import { MODULE_PATH, PACKAGE_NAME } from "./module.js";

const IMPORTS = `import (
	"encoding/json"
	"fmt"
	"log"

	"${MODULE_PATH}"
)`;

/** The statements of the example, indented one tab. */
const BODY = `	line := []byte(\`{"type":"notification","method":"stream/event","params":{"subscription_id":"sub-1","event":{"event":"assistant_delta","session_id":"s1","delta":"Hi"}}}\`)

	// Decode the envelope, then the params by method name.
	message, err := ${PACKAGE_NAME}.UnmarshalServerMessage(line)
	if err != nil {
		log.Fatal(err)
	}
	notification, ok := message.(${PACKAGE_NAME}.ServerMessageNotification)
	if !ok {
		log.Fatalf("expected a notification, got %T", message)
	}
	params, err := ${PACKAGE_NAME}.DecodeParams(notification.Method, notification.Params)
	if err != nil {
		log.Fatal(err)
	}

	// A union holds its variant in Value: switch on its type.
	switch event := params.(${PACKAGE_NAME}.StreamEventNotification).Event.Value.(type) {
	case ${PACKAGE_NAME}.StreamEventAssistantDelta:
		fmt.Println("delta:", event.Delta)
	case ${PACKAGE_NAME}.StreamEventTurnFinished:
		fmt.Println("finished, provider", event.Provider)
	}

	// Encode: every variant writes its own tag.
	answer, err := json.Marshal(${PACKAGE_NAME}.PermissionResponseParams{
		RequestID: "perm-1",
		Decision:  ${PACKAGE_NAME}.PermissionDecisionWire{Value: ${PACKAGE_NAME}.PermissionDecisionApprove{}},
	})
	if err != nil {
		log.Fatal(err)
	}
	reply, err := json.Marshal(${PACKAGE_NAME}.ClientMessageResponse{
		ID:     "srv-perm-1",
		Result: ${PACKAGE_NAME}.ResponseResult{Value: ${PACKAGE_NAME}.ResponseResultSuccess{Data: answer}},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(reply))`;

/** What the example prints. */
export const EXAMPLE_OUTPUT = `delta: Hi
{"type":"response","id":"srv-perm-1","result":{"status":"success","data":{"request_id":"perm-1","decision":{"decision":"approve"}}}}`;

/** The example as the program of another module (package main). */
export function exampleProgram(): string {
  return `package main\n\n${IMPORTS}\n\nfunc main() {\n${BODY}\n}`;
}

/** The example as `Example` in package protocol_test, with its output checked by `go test`. */
export function exampleTest(header: string): string {
  const output = EXAMPLE_OUTPUT.split("\n").map((line) => `\t// ${line}`);
  return `${header}
package ${PACKAGE_NAME}_test

${IMPORTS}

// Example decodes a notification, switches on its stream event and encodes an answer: the program
// the README shows.
func Example() {
${BODY}

	// Output:
${output.join("\n")}
}
`;
}
