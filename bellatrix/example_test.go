package bellatrix_test

import (
	"fmt"

	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/view"
)

// A Bellatrix block carries an execution payload: a view, whose
// transactions are byte lists.
func Example() {
	block := bellatrix.NewBeaconBlock(bellatrix.Mainnet)
	// The mainnet block of the merge: slot 4,700,013, whose payload is
	// execution block 15,537,394.
	block.SetSlot(4_700_013)
	payload := block.Body().ExecutionPayload() // a handle: writes go to block
	payload.SetBlockNumber(15_537_394)
	payload.SetFeeRecipient(bellatrix.ExecutionAddress{0xfe})

	txs := payload.Transactions()
	tx, _ := view.NewBasicList[uint8](txs.Type().(*schema.List).Elem().(*schema.List))
	for _, b := range []byte{0x02, 0xf8, 0x72} {
		tx.Append(b)
	}
	txs.Append(tx)

	data, _ := block.MarshalSSZ()
	back, _ := bellatrix.DecodeBeaconBlock(bellatrix.Mainnet, data)
	p := back.Body().ExecutionPayload()
	fmt.Println(p.BlockNumber(), p.FeeRecipient().String()[:4], p.Transactions().Len(), p.Transactions().Get(0).Len())
	fmt.Println(back.HashTreeRoot() == block.HashTreeRoot())
	// Output:
	// 15537394 0xfe 1 3
	// true
}
