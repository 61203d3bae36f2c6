package main

import (
	"bytes"
	"encoding/json"
	"math/big"
)

// sameJSON reports whether two JSON texts are the same value: object keys in
// any order, numbers compared exactly (1.0 equals 1).
func sameJSON(left, right []byte) (bool, error) {
	a, err := parseJSON(left)
	if err != nil {
		return false, err
	}
	b, err := parseJSON(right)
	if err != nil {
		return false, err
	}
	return sameValue(a, b), nil
}

func parseJSON(data []byte) (any, error) {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var value any
	if err := decoder.Decode(&value); err != nil {
		return nil, err
	}
	return value, nil
}

func sameValue(a, b any) bool {
	switch left := a.(type) {
	case map[string]any:
		right, ok := b.(map[string]any)
		if !ok || len(left) != len(right) {
			return false
		}
		for key, value := range left {
			other, ok := right[key]
			if !ok || !sameValue(value, other) {
				return false
			}
		}
		return true
	case []any:
		right, ok := b.([]any)
		if !ok || len(left) != len(right) {
			return false
		}
		for index := range left {
			if !sameValue(left[index], right[index]) {
				return false
			}
		}
		return true
	case json.Number:
		right, ok := b.(json.Number)
		return ok && sameNumber(left, right)
	default:
		return a == b
	}
}

func sameNumber(a, b json.Number) bool {
	left, okLeft := new(big.Rat).SetString(string(a))
	right, okRight := new(big.Rat).SetString(string(b))
	return okLeft && okRight && left.Cmp(right) == 0
}
