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
