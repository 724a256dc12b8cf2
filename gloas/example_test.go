package gloas_test

import (
	"fmt"

	"github.com/ssztree/ssztree/gloas"
)

// A Gloas state's progressive lists grow without a limit, through handles
// that write through to the state; its bid is a progressive container.
func Example() {
	st := gloas.NewBeaconState(gloas.Mainnet)
	if err := st.Builders().Append(gloas.Builder{Balance: 32e9}); err != nil {
		panic(err)
	}
	if err := st.Balances().Append(32e9); err != nil {
		panic(err)
	}
	bid := st.LatestExecutionPayloadBid() // *gloas.ExecutionPayloadBid
	bid.SetValue(1_000)

	data, err := st.MarshalSSZ()
	if err != nil {
		panic(err)
	}
	back, err := gloas.DecodeBeaconState(gloas.Mainnet, data)
	if err != nil {
		panic(err)
	}
	fmt.Println(back.Builders().Len(), back.Builders().Get(0).Balance, back.Balances().Get(0))
	fmt.Println(back.LatestExecutionPayloadBid().Value(), back.HashTreeRoot() == st.HashTreeRoot())
	// Output:
	// 1 32000000000 32000000000
	// 1000 true
}
