package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"app-server-protocol.dev/go/protocol"
)

// runTypes checks every valid value of the types suite: it decodes as its
// type, and re-encoding is stable (decoding what was written and writing it
// again gives the same JSON value).
func runTypes(vectors string, r *report) error {
	files, err := suiteFiles(vectors, "types")
	if err != nil {
		return err
	}
	for _, path := range files {
		var file typesFile
		if err := readVectorFile(path, &file); err != nil {
			return err
		}
		r.count("types.files")
		for _, c := range file.Cases {
			if !c.Valid {
				continue
			}
			where := fmt.Sprintf("types/%s#%s", filepath.Base(path), c.Name)
			if err := checkStable(file.Type, c.Value); err != nil {
				r.fail(where, "%v", err)
				continue
			}
			r.count("types.valid")
		}
	}
	return nil
}

func checkStable(typeName string, value []byte) error {
	decoded, err := protocol.DecodeType(typeName, value)
	if err != nil {
		return fmt.Errorf("does not decode as %s: %w", typeName, err)
	}
	first, err := json.Marshal(decoded)
	if err != nil {
		return fmt.Errorf("does not encode: %w", err)
	}
	again, err := protocol.DecodeType(typeName, first)
	if err != nil {
		return fmt.Errorf("its encoding %s does not decode: %w", first, err)
	}
	second, err := json.Marshal(again)
	if err != nil {
		return fmt.Errorf("does not encode a second time: %w", err)
	}
	same, err := sameJSON(first, second)
	if err != nil {
		return err
	}
	if !same {
		return fmt.Errorf("re-encoding is not stable: %s, then %s", first, second)
	}
	return nil
}
