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
