package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"app-server-protocol.dev/go/protocol"
)

// runTypes checks every case of the types suite: a valid value decodes as
// its type and re-encodes stably (decoding what was written and writing it
// again gives the same JSON value); an invalid one does not decode.
func runTypes(vectors string, r *report) error {
	return runTypeFiles(vectors, "types", r)
}

// runSchemaEdges checks the schema-edges suite as the types suite, and
// that each valid value encodes to the JSON value the case gives (emitted).
func runSchemaEdges(vectors string, r *report) error {
	return runTypeFiles(vectors, "schema-edges", r)
}

func runTypeFiles(vectors, suite string, r *report) error {
	files, err := suiteFiles(vectors, suite)
	if err != nil {
		return err
	}
	for _, path := range files {
		var file typesFile
		if err := readVectorFile(path, &file); err != nil {
			return err
		}
		r.count(suite + ".files")
		for _, c := range file.Cases {
			where := fmt.Sprintf("%s/%s#%s", suite, filepath.Base(path), c.Name)
			encoded, err := encodeStably(file.Type, c.Value)
			if !c.Valid {
				judgeInvalid(where, suite, err, r)
				continue
			}
			if err == nil && c.Emitted != nil {
				err = sameAs(encoded, c.Emitted)
			}
			if err != nil {
				r.fail(where, "%v", err)
				continue
			}
			r.count(suite + ".valid")
			r.encoded(suite, filepath.Base(path), c.Name, encoded)
		}
	}
	return nil
}

// sameAs is nil when encoded is the JSON value emitted.
func sameAs(encoded, emitted []byte) error {
	same, err := sameJSON(encoded, emitted)
	if err != nil {
		return err
	}
	if !same {
		return fmt.Errorf("encoded as %s, not as %s", encoded, emitted)
	}
	return nil
}

// judgeInvalid counts an invalid case the bindings refused, and fails one they accepted.
func judgeInvalid(where, suite string, err error, r *report) {
	if err == nil {
		r.fail(where, "decoded, though it is invalid")
		return
	}
	r.count(suite + ".invalid_rejected")
}

// encodeStably decodes value as typeName and encodes it, checking that the
// encoding decodes and encodes again to the same JSON value.
func encodeStably(typeName string, value []byte) ([]byte, error) {
	first, err := encodeAs(typeName, value)
	if err != nil {
		return nil, err
	}
	second, err := encodeAs(typeName, first)
	if err != nil {
		return nil, fmt.Errorf("its encoding %s: %w", first, err)
	}
	same, err := sameJSON(first, second)
	if err != nil {
		return nil, err
	}
	if !same {
		return nil, fmt.Errorf("re-encoding is not stable: %s, then %s", first, second)
	}
	return first, nil
}

// encodeAs decodes value as typeName and encodes what it read.
func encodeAs(typeName string, value []byte) ([]byte, error) {
	decoded, err := protocol.DecodeType(typeName, value)
	if err != nil {
		return nil, fmt.Errorf("does not decode as %s: %w", typeName, err)
	}
	encoded, err := json.Marshal(decoded)
	if err != nil {
		return nil, fmt.Errorf("decodes as %s, but does not encode: %w", typeName, err)
	}
	return encoded, nil
}
