// `support.go`: the errors the package returns and the helpers the
// generated JSON methods share. Written as is; it depends on no protocol type.
import { GO_HEADER } from "./format.js";

const IMPORTS = ["bytes", "encoding/json", "fmt", "sort"];

const BODY = String.raw`// UnknownTagError is a union value whose tag (or, for a union written as a
// bare string or a single-key object, whose string or key) the protocol does
// not define.
type UnknownTagError struct {
	// Union is the protocol name of the union.
	Union string
	// Field is the tag field; empty for a union without one.
	Field string
	// Tag is the value that was read.
	Tag string
}

func (e *UnknownTagError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("protocol: unknown %s variant %q", e.Union, e.Tag)
	}
	return fmt.Sprintf("protocol: unknown %s %s %q", e.Union, e.Field, e.Tag)
}

// UnknownMethodError is a method that is not one of protocol 1.0 (or not one
// in the direction it was sent).
type UnknownMethodError struct {
	Method string
}

func (e *UnknownMethodError) Error() string {
	return fmt.Sprintf("protocol: unknown method %q", e.Method)
}

// UnknownTypeError is a name that is not one of the protocol's types.
type UnknownTypeError struct {
	Name string
}

func (e *UnknownTypeError) Error() string {
	return fmt.Sprintf("protocol: unknown type %q", e.Name)
}

// ShapeError is a union value of none of the union's shapes: not an object,
// without its tag, or matching no variant; or an empty union being written.
type ShapeError struct {
	Union  string
	Reason string
}

func (e *ShapeError) Error() string {
	return fmt.Sprintf("protocol: %s: %s", e.Union, e.Reason)
}

// readTag reads the string tag of an internally tagged union.
func readTag(data []byte, union, field string) (string, error) {
	var object map[string]json.RawMessage
	if err := json.Unmarshal(data, &object); err != nil || object == nil {
		return "", &ShapeError{Union: union, Reason: "not a JSON object"}
	}
	raw, ok := object[field]
	if !ok {
		return "", &ShapeError{Union: union, Reason: fmt.Sprintf("no %q tag", field)}
	}
	var tag string
	if err := json.Unmarshal(raw, &tag); err != nil {
		return "", &ShapeError{Union: union, Reason: fmt.Sprintf("the %q tag is not a string", field)}
	}
	return tag, nil
}

// readExternal reads the variant name of an externally tagged union: the
// string itself, or the key of a single-key object.
func readExternal(data []byte, union string) (name string, isUnit bool, err error) {
	if err := json.Unmarshal(data, &name); err == nil {
		return name, true, nil
	}
	var object map[string]json.RawMessage
	if err := json.Unmarshal(data, &object); err != nil || len(object) != 1 {
		return "", false, &ShapeError{Union: union, Reason: "neither a string nor an object with a single key"}
	}
	for key := range object {
		name = key
	}
	return name, false, nil
}

func decodeVariant[T any](data []byte) (T, error) {
	var value T
	err := json.Unmarshal(data, &value)
	return value, err
}

func decodeValue[T any](data []byte) (any, error) {
	var value T
	if err := json.Unmarshal(data, &value); err != nil {
		return nil, err
	}
	return value, nil
}

func encodeVariant(union string, variant any) ([]byte, error) {
	if variant == nil {
		return nil, &ShapeError{Union: union, Reason: "no variant to write"}
	}
	return json.Marshal(variant)
}

// member is a key and value encodeObject writes besides a record's fields.
type member struct {
	key   string
	value any
}

// encodeObject writes a record with members first (its union tag, its
// three-state fields) and its unknown keys last, skipping any that a field
// already wrote.
func encodeObject(value any, members []member, extra map[string]json.RawMessage) ([]byte, error) {
	body, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	if len(body) < 2 || body[0] != '{' {
		return nil, fmt.Errorf("protocol: a record was written as %s", body)
	}
	var fields []string
	for _, m := range members {
		field, err := encodeMember(m.key, m.value)
		if err != nil {
			return nil, err
		}
		fields = append(fields, field)
	}
	if inner := bytes.TrimSpace(body[1 : len(body)-1]); len(inner) > 0 {
		fields = append(fields, string(inner))
	}
	if len(extra) > 0 {
		var written map[string]json.RawMessage
		if err := json.Unmarshal(body, &written); err != nil {
			return nil, err
		}
		for _, m := range members {
			written[m.key] = nil
		}
		keys := make([]string, 0, len(extra))
		for key := range extra {
			if _, ok := written[key]; !ok {
				keys = append(keys, key)
			}
		}
		sort.Strings(keys)
		for _, key := range keys {
			field, err := encodeMember(key, extra[key])
			if err != nil {
				return nil, err
			}
			fields = append(fields, field)
		}
	}
	var out bytes.Buffer
	out.WriteByte('{')
	for index, field := range fields {
		if index > 0 {
			out.WriteByte(',')
		}
		out.WriteString(field)
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

func encodeMember(key string, value any) (string, error) {
	name, err := json.Marshal(key)
	if err != nil {
		return "", err
	}
	encoded, err := json.Marshal(value)
	if err != nil {
		return "", err
	}
	return string(name) + ":" + string(encoded), nil
}

// Tristate is a field whose absence and null mean different things (a
// three-state change: absent keeps, null clears, a value sets). The zero
// Tristate is absent; Set with a nil Value is null.
type Tristate[T any] struct {
	// Set is false when the field is absent.
	Set bool
	// Value is nil for null.
	Value *T
}

// readTristate reads a three-state field of the object in data.
func readTristate[T any](data []byte, key string) (Tristate[T], error) {
	var object map[string]json.RawMessage
	if err := json.Unmarshal(data, &object); err != nil {
		return Tristate[T]{}, err
	}
	raw, ok := object[key]
	if !ok {
		return Tristate[T]{}, nil
	}
	field := Tristate[T]{Set: true}
	if string(bytes.TrimSpace(raw)) != "null" {
		field.Value = new(T)
		if err := json.Unmarshal(raw, field.Value); err != nil {
			return Tristate[T]{}, err
		}
	}
	return field, nil
}

// checkTag rejects a tag field holding anything but the one value its record has.
func checkTag(record, field, want, got string) error {
	if got == "" {
		return &ShapeError{Union: record, Reason: fmt.Sprintf("no %q tag", field)}
	}
	if got != want {
		return &UnknownTagError{Union: record, Field: field, Tag: got}
	}
	return nil
}

// unknownKeys returns the members of the object in data whose keys are not
// in known, or nil when there are none.
func unknownKeys(data []byte, known ...string) (map[string]json.RawMessage, error) {
	var object map[string]json.RawMessage
	if err := json.Unmarshal(data, &object); err != nil {
		return nil, err
	}
	for _, key := range known {
		delete(object, key)
	}
	if len(object) == 0 {
		return nil, nil
	}
	return object, nil
}
`;

export function supportFile(packageName: string): string {
  return `${GO_HEADER}\npackage ${packageName}\n\nimport (\n${IMPORTS.map((path) => `\t"${path}"`).join("\n")}\n)\n\n${BODY}`;
}

/** The names `support.go` declares that other files could collide with. */
export const SUPPORT_NAMES = ["UnknownTagError", "UnknownMethodError", "UnknownTypeError", "ShapeError", "Tristate"];
