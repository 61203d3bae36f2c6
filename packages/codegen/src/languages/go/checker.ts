// `check.go`: the schema check every decoding function runs before
// encoding/json reads a value, so the Go bindings accept exactly what the
// TypeScript validators accept. It reads the table of `schema_table.go` (the
// bundle's definitions as schema-table.ts writes them) and the value with
// exact numbers: an integer is a literal without a fraction or an exponent,
// compared with its bounds exactly, as the reference's decoder reads it.
// Written as is; it depends on no protocol type.
import { GO_HEADER } from "./format.js";

const IMPORTS = ["bytes", "encoding/json", "fmt", "math/big", "regexp", "sort", "strings", "sync"];

const BODY = String.raw`// ValidationError is a value that is not of the protocol type it was read as:
// a required field missing, a value of the wrong JSON type, a string outside
// its enum, an unknown tag, an integer out of range.
type ValidationError struct {
	// Type is the protocol name of the type the value was read as.
	Type string
	// Path is a JSON Pointer to the first value found wrong ("" is the whole value).
	Path string
	// Reason says what is wrong with it.
	Reason string

	tag *UnknownTagError
}

// Unwrap is the *UnknownTagError of a value that names a variant its union
// does not have, so that errors.As finds it; nil otherwise.
func (e *ValidationError) Unwrap() error {
	if e.tag == nil {
		return nil
	}
	return e.tag
}

func (e *ValidationError) Error() string {
	at := e.Path
	if at == "" {
		at = "(value)"
	}
	return fmt.Sprintf("protocol: not a %s: %s: %s", e.Type, at, e.Reason)
}

// Validate reports whether data is a value of the protocol type name: nil,
// a *ValidationError, an *UnknownTypeError for a name that is no protocol
// type, or the error of a text that is not one JSON value. Every decoding
// function of the package validates first; a program that fills a Go value
// with json.Unmarshal itself validates the text with Validate.
func Validate(name string, data []byte) error {
	table, err := schemas()
	if err != nil {
		return err
	}
	schema, ok := table[name]
	if !ok {
		return &UnknownTypeError{Name: name}
	}
	value, err := readValue(data)
	if err != nil {
		return err
	}
	if found := (checker{table: table}).check(schema, value, "", name); found != nil {
		return &ValidationError{Type: name, Path: found.path, Reason: found.reason, tag: found.tag}
	}
	return nil
}

var (
	schemaOnce  sync.Once
	schemaTable map[string]any
	schemaError error
	patterns    sync.Map
)

func schemas() (map[string]any, error) {
	schemaOnce.Do(func() {
		value, err := readValue([]byte(schemaTableJSON))
		table, ok := value.(map[string]any)
		if err != nil || !ok {
			schemaError = fmt.Errorf("protocol: the schema table does not read: %v", err)
			return
		}
		schemaTable = table
	})
	return schemaTable, schemaError
}

// readValue reads one JSON value with its numbers as written.
func readValue(data []byte) (any, error) {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var value any
	if err := decoder.Decode(&value); err != nil {
		return nil, err
	}
	if decoder.More() {
		return nil, fmt.Errorf("protocol: more than one JSON value")
	}
	return value, nil
}

func pointerToken(key string) string {
	return strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
}

// failure is the first thing found wrong with a value.
type failure struct {
	path   string
	reason string
	// tag is set when the value names a variant its union does not have.
	tag *UnknownTagError
}

// checker checks a value against the schema table; definition is the
// definition the node being checked belongs to (the union, for its tag).
type checker struct {
	table map[string]any
}

func (c checker) check(node any, value any, path string, definition string) *failure {
	schema, isObject := node.(map[string]any)
	if !isObject {
		if accepted, _ := node.(bool); accepted {
			return nil
		}
		return &failure{path: path, reason: "no value is allowed here"}
	}
	if ref, ok := schema["$ref"].(string); ok {
		return c.check(c.table[ref], value, path, ref)
	}
	if declared, ok := schema["type"]; ok && !hasType(declared, value) {
		return &failure{path: path, reason: fmt.Sprintf("must be %s", typeText(declared))}
	}
	if constant, ok := schema["const"]; ok && !sameValue(value, constant) {
		return &failure{path: path, reason: "must be the constant the schema names"}
	}
	if values, ok := schema["enum"].([]any); ok && !isOneOf(value, values) {
		return &failure{path: path, reason: "must be one of the enum's values"}
	}
	for _, keyword := range []string{"anyOf", "externalUnion", "untaggedUnion"} {
		branches, ok := schema[keyword].([]any)
		if !ok {
			continue
		}
		if tagged := c.anyBranch(branches, value, path, definition); tagged != nil {
			if keyword == "externalUnion" && tagged.tag == nil {
				tagged.tag = c.unknownVariant(branches, value, definition)
			}
			return tagged
		}
	}
	if condition, ok := schema["if"]; ok {
		clause := "else"
		if c.check(condition, value, path, definition) == nil {
			clause = "then"
		}
		if branch, ok := schema[clause]; ok {
			if found := c.check(branch, value, path, definition); found != nil {
				return found
			}
		}
	}
	switch typed := value.(type) {
	case json.Number:
		return checkNumber(schema, typed, path)
	case string:
		return checkString(schema, typed, path)
	case []any:
		if items, ok := schema["items"]; ok {
			for index, item := range typed {
				if found := c.check(items, item, fmt.Sprintf("%s/%d", path, index), definition); found != nil {
					return found
				}
			}
		}
	case map[string]any:
		return c.checkObject(schema, typed, path, definition)
	}
	return nil
}

// anyBranch is nil when a branch accepts the value; otherwise the failure of
// a branch whose union the value names no variant of (a union beside null),
// or a failure of the whole node.
func (c checker) anyBranch(branches []any, value any, path string, definition string) *failure {
	var unknown *failure
	for _, branch := range branches {
		found := c.check(branch, value, path, definition)
		if found == nil {
			return nil
		}
		if found.tag != nil && unknown == nil {
			unknown = found
		}
	}
	if unknown != nil {
		return unknown
	}
	return &failure{path: path, reason: "matches none of the allowed shapes"}
}

// unknownVariant is the variant a value of an externally tagged union names
// when no branch has it: a string no unit is, or the one key of an object
// that no object branch requires.
func (c checker) unknownVariant(branches []any, value any, union string) *UnknownTagError {
	name, isString := value.(string)
	if object, ok := value.(map[string]any); ok && len(object) == 1 {
		for key := range object {
			name = key
		}
		for _, branch := range branches {
			if ref, ok := branch.(map[string]any)["$ref"].(string); ok {
				wrapper, _ := c.table[ref].(map[string]any)
				if required, _ := wrapper["required"].([]any); len(required) == 1 && required[0] == name {
					return nil
				}
			}
		}
	} else if !isString {
		return nil
	}
	if isString {
		for _, branch := range branches {
			values, _ := branch.(map[string]any)["enum"].([]any)
			if isOneOf(name, values) {
				return nil
			}
		}
	}
	return &UnknownTagError{Union: union, Tag: name}
}

func hasType(declared any, value any) bool {
	if names, ok := declared.([]any); ok {
		for _, name := range names {
			if hasType(name, value) {
				return true
			}
		}
		return false
	}
	switch declared {
	case "null":
		return value == nil
	case "boolean":
		_, ok := value.(bool)
		return ok
	case "string":
		_, ok := value.(string)
		return ok
	case "array":
		_, ok := value.([]any)
		return ok
	case "object":
		_, ok := value.(map[string]any)
		return ok
	case "number":
		_, ok := value.(json.Number)
		return ok
	case "integer":
		number, ok := value.(json.Number)
		return ok && isIntegerLiteral(string(number))
	}
	return false
}

func typeText(declared any) string {
	if names, ok := declared.([]any); ok {
		parts := make([]string, 0, len(names))
		for _, name := range names {
			parts = append(parts, fmt.Sprint(name))
		}
		return strings.Join(parts, " or ")
	}
	return fmt.Sprint(declared)
}

// isIntegerLiteral reports whether a JSON number is written as an integer,
// as an exact decoder reads one (1.0 and 1e3 are floating-point numbers).
func isIntegerLiteral(text string) bool {
	return !strings.ContainsAny(text, ".eE") && text != "-0"
}

func exactNumber(value any) (*big.Rat, bool) {
	number, ok := value.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(string(number))
}

func checkNumber(schema map[string]any, value json.Number, path string) *failure {
	number, ok := exactNumber(value)
	if !ok {
		return &failure{path: path, reason: "must be a number"}
	}
	if limit, ok := exactNumber(schema["minimum"]); ok && number.Cmp(limit) < 0 {
		return &failure{path: path, reason: fmt.Sprintf("must be >= %s", schema["minimum"])}
	}
	if limit, ok := exactNumber(schema["maximum"]); ok && number.Cmp(limit) > 0 {
		return &failure{path: path, reason: fmt.Sprintf("must be <= %s", schema["maximum"])}
	}
	return nil
}

func compiled(source string) *regexp.Regexp {
	if found, ok := patterns.Load(source); ok {
		return found.(*regexp.Regexp)
	}
	expression := regexp.MustCompile(source)
	patterns.Store(source, expression)
	return expression
}

func checkString(schema map[string]any, value string, path string) *failure {
	if source, ok := schema["pattern"].(string); ok && !compiled(source).MatchString(value) {
		return &failure{path: path, reason: fmt.Sprintf("must match %s", source)}
	}
	if source, ok := schema["notPattern"].(string); ok && compiled(source).MatchString(value) {
		return &failure{path: path, reason: fmt.Sprintf("must not match %s", source)}
	}
	return nil
}

func (c checker) checkObject(schema map[string]any, value map[string]any, path string, definition string) *failure {
	if limit, ok := exactNumber(schema["maxProperties"]); ok && new(big.Rat).SetInt64(int64(len(value))).Cmp(limit) > 0 {
		return &failure{path: path, reason: fmt.Sprintf("must have at most %s fields", schema["maxProperties"])}
	}
	if required, ok := schema["required"].([]any); ok {
		for _, name := range required {
			if key, _ := name.(string); key != "" {
				if _, present := value[key]; !present {
					return &failure{path: path + "/" + pointerToken(key), reason: "is required"}
				}
			}
		}
	}
	properties, _ := schema["properties"].(map[string]any)
	keys := make([]string, 0, len(value))
	for key := range value {
		keys = append(keys, key)
	}
	// In key order, so that the same value always fails at the same place.
	sort.Strings(keys)
	for _, key := range keys {
		property, named := properties[key]
		if !named {
			property, named = schema["additionalProperties"]
		}
		if !named {
			continue
		}
		if found := c.check(property, value[key], path+"/"+pointerToken(key), definition); found != nil {
			return found
		}
	}
	if discriminator, ok := schema["discriminator"].(map[string]any); ok {
		tagName, _ := discriminator["propertyName"].(string)
		mapping, _ := discriminator["mapping"].(map[string]any)
		tag, isString := value[tagName].(string)
		variant, known := mapping[tag]
		if !known {
			found := &failure{path: path + "/" + pointerToken(tagName), reason: "must be one of the union's tags"}
			if isString {
				found.tag = &UnknownTagError{Union: definition, Field: tagName, Tag: tag}
			}
			return found
		}
		return c.check(variant, value, path, definition)
	}
	return nil
}

func sameValue(left any, right any) bool {
	switch a := left.(type) {
	case json.Number:
		x, okLeft := exactNumber(a)
		y, okRight := exactNumber(right)
		return okLeft && okRight && x.Cmp(y) == 0
	case []any:
		b, ok := right.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for index := range a {
			if !sameValue(a[index], b[index]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := right.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for key, item := range a {
			other, present := b[key]
			if !present || !sameValue(item, other) {
				return false
			}
		}
		return true
	}
	return left == right
}

func isOneOf(value any, values []any) bool {
	for _, allowed := range values {
		if sameValue(value, allowed) {
			return true
		}
	}
	return false
}
`;

/** The names `check.go` declares. */
export const CHECKER_NAMES = ["ValidationError", "Validate"];

export function checkerFile(packageName: string): string {
  return `${GO_HEADER}\npackage ${packageName}\n\nimport (\n${IMPORTS.map((path) => `\t${JSON.stringify(path)}`).join("\n")}\n)\n\n${BODY}`;
}
