package sszjson_test

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
)

func ExampleMarshal() {
	checkpoint := schema.Must(schema.NewContainer("Checkpoint",
		schema.Field{Name: "epoch", Type: schema.Uint64},
		schema.Field{Name: "root", Type: schema.Must(schema.NewByteVector(4))},
	))
	ssz := []byte{1, 0, 0, 0, 0, 0, 0, 0, 0xde, 0xad, 0xbe, 0xef}
	js, err := sszjson.Marshal(checkpoint, ssz)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(js))

	back, err := sszjson.Unmarshal(checkpoint, js)
	fmt.Printf("%x %v\n", back, err)

	_, err = sszjson.Unmarshal(checkpoint, []byte(`{"epoch": 1, "root": "0xdeadbeef"}`))
	fmt.Println(err)
	// Output:
	// {"epoch":"1","root":"0xdeadbeef"}
	// 0100000000000000deadbeef <nil>
	// sszjson: Checkpoint.epoch (uint64) at byte 10: wrong kind of JSON value: want a string, found a number
}

// A member that names no field is an error by default: the JSON of a
// later version of a container does not load into an earlier one.
// AllowUnknownMembers skips such members.
func ExampleUnmarshalOptions() {
	header := schema.Must(schema.NewContainer("Header",
		schema.Field{Name: "slot", Type: schema.Uint64},
	))
	js := []byte(`{"slot": "7", "proposer_index": "2"}`)
	_, err := sszjson.Unmarshal(header, js)
	fmt.Println(err)

	ssz, err := sszjson.UnmarshalOptions{AllowUnknownMembers: true}.Unmarshal(header, js)
	fmt.Printf("%x %v\n", ssz, err)
	// Output:
	// sszjson: Header at byte 32: unknown member: "proposer_index"
	// 0700000000000000 <nil>
}

// The beacon API names the fork of a value beside it; UnmarshalVersioned
// decodes the value with the type the caller gives for that fork.
func ExampleUnmarshalVersioned() {
	headers := map[string]schema.Type{
		"phase0": schema.Must(schema.NewContainer("Header",
			schema.Field{Name: "slot", Type: schema.Uint64},
		)),
		"altair": schema.Must(schema.NewContainer("Header",
			schema.Field{Name: "slot", Type: schema.Uint64},
			schema.Field{Name: "proposer_index", Type: schema.Uint64},
		)),
	}
	typeOf := func(version string) (schema.Type, error) {
		if t, ok := headers[version]; ok {
			return t, nil
		}
		return nil, fmt.Errorf("no header type for %q", version)
	}

	response := []byte(`{"version": "altair", "finalized": true, "data": {"slot": "7", "proposer_index": "2"}}`)
	env, ssz, err := sszjson.UnmarshalVersioned(response, typeOf)
	fmt.Println(env.Version, *env.Finalized, env.ExecutionOptimistic == nil)
	fmt.Printf("%x %v\n", ssz, err)

	// The same data under the name of an earlier fork.
	response = []byte(`{"version": "phase0", "data": {"slot": "7", "proposer_index": "2"}}`)
	_, _, err = sszjson.UnmarshalVersioned(response, typeOf)
	fmt.Println(err)

	response = []byte(`{"version": "bellatrix", "data": {"slot": "7"}}`)
	_, _, err = sszjson.UnmarshalVersioned(response, typeOf)
	fmt.Println(err)
	// Output:
	// altair true true
	// 07000000000000000200000000000000 <nil>
	// sszjson: Envelope.data (Header) at byte 62: unknown member: "proposer_index"
	// sszjson: Envelope.version at byte 12: no header type for "bellatrix"
}

// MarshalVersioned writes the beacon API's envelope around the JSON of a
// serialized value; a reader skips the envelope's members it does not
// know, as a newer beacon node's dependent_root.
func ExampleMarshalVersioned() {
	header := schema.Must(schema.NewContainer("Header",
		schema.Field{Name: "slot", Type: schema.Uint64},
	))
	optimistic, finalized := false, true
	env := sszjson.Envelope{Version: "phase0", ExecutionOptimistic: &optimistic, Finalized: &finalized}
	js, err := sszjson.MarshalVersioned(env, header, []byte{7, 0, 0, 0, 0, 0, 0, 0})
	fmt.Println(string(js), err)

	newer := []byte(`{"version":"phase0","dependent_root":"0x00","data":{"slot":"7"}}`)
	back, err := sszjson.UnmarshalEnvelope(newer)
	fmt.Println(back.Version, string(back.Data), err)
	// Output:
	// {"version":"phase0","execution_optimistic":false,"finalized":true,"data":{"slot":"7"}} <nil>
	// phase0 {"slot":"7"} <nil>
}
