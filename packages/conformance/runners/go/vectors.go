package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// typesFile is a vector file of the types suite (format/types.schema.json)
// or of the schema-edges suite (format/schema-edges.schema.json): values of
// one type, each valid or not.
type typesFile struct {
	Type  string     `json:"type"`
	Cases []typeCase `json:"cases"`
}

type typeCase struct {
	Name  string          `json:"name"`
	Valid bool            `json:"valid"`
	Value json.RawMessage `json:"value"`
	// Emitted is, in the schema-edges suite, what an encoder writes for a valid value.
	Emitted json.RawMessage `json:"emitted"`
}

// messagesFile is a vector file of the messages suite (format/messages.schema.json).
type messagesFile struct {
	Cases []messageCase `json:"cases"`
}

type messageCase struct {
	Name      string          `json:"name"`
	Direction string          `json:"direction"`
	Method    string          `json:"method"`
	Message   json.RawMessage `json:"message"`
	Valid     bool            `json:"valid"`
	Code      string          `json:"code"`
	Roundtrip *bool           `json:"roundtrip"`
}

// suiteFiles lists vectors/<suite>/*.json, sorted.
func suiteFiles(vectors, suite string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(vectors, suite, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no vector files in %s", filepath.Join(vectors, suite))
	}
	sort.Strings(files)
	return files, nil
}

func readVectorFile(path string, into any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, into); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
