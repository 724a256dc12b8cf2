package synth_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
)

// A Fulu mainnet state to try the library on, written to a file and read
// back.
func ExampleFuluState() {
	st, err := synth.FuluState(fulu.Mainnet, 10_000, 1)
	if err != nil {
		panic(err)
	}
	fmt.Println(st.Fork().CurrentVersion, st.Validators().Len(), "validators")
	fmt.Println(st.PendingDeposits().Len(), "pending deposits,", st.PendingPartialWithdrawals().Len(), "partial withdrawals,",
		st.PendingConsolidations().Len(), "consolidations")
	fmt.Println(st.ProposerLookahead().Len(), "proposers ahead")

	data, err := st.MarshalSSZ()
	if err != nil {
		panic(err)
	}
	file := filepath.Join(os.TempDir(), "fulu-state.ssz")
	defer os.Remove(file)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		panic(err)
	}
	read, err := os.ReadFile(file)
	if err != nil {
		panic(err)
	}
	back, err := fulu.DecodeBeaconState(fulu.Mainnet, read)
	if err != nil {
		panic(err)
	}
	fmt.Println(back.HashTreeRoot() == st.HashTreeRoot())
	// Output:
	// 0x06000000 10000 validators
	// 4000 pending deposits, 800 partial withdrawals, 300 consolidations
	// 64 proposers ahead
	// true
}

// A Fulu mainnet block: what a beacon node receives every slot.
func ExampleFuluBlock() {
	b, err := synth.FuluBlock(fulu.Mainnet, 1)
	if err != nil {
		panic(err)
	}
	body := b.Message().Body()
	fmt.Println(body.Attestations().Len(), "attestations,", body.BlobKZGCommitments().Len(), "blobs,",
		body.ExecutionPayload().Transactions().Len(), "transactions,", body.ExecutionPayload().Withdrawals().Len(), "withdrawals")
	r := body.ExecutionRequests()
	fmt.Println(r.Deposits().Len(), "deposit,", r.Withdrawals().Len(), "withdrawal and", r.Consolidations().Len(), "consolidation requests")
	// Output:
	// 8 attestations, 9 blobs, 100 transactions, 16 withdrawals
	// 4 deposit, 2 withdrawal and 1 consolidation requests
}
