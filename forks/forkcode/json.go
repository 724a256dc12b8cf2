package forkcode

import (
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
)

// This file holds the JSON methods of the views and plain structs of a
// fork package, which go through the value's serialization.

// MarshalJSON returns the JSON, in the beacon-API format, of v, a value of
// type t.
func MarshalJSON(v interface{ MarshalSSZ() ([]byte, error) }, t schema.Type) ([]byte, error) {
	b, err := v.MarshalSSZ()
	if err != nil {
		return nil, err
	}
	return sszjson.Marshal(t, b)
}

// UnmarshalJSON sets v, a value of type t, from data, its JSON in the
// beacon-API format. On error v is unchanged if v's UnmarshalSSZ leaves it
// unchanged on error.
func UnmarshalJSON(v interface{ UnmarshalSSZ([]byte) error }, t schema.Type, data []byte) error {
	b, err := sszjson.Unmarshal(t, data)
	if err != nil {
		return err
	}
	return v.UnmarshalSSZ(b)
}
