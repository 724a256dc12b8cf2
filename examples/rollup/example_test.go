package rollup_test

import (
	"fmt"

	"github.com/holiman/uint256"
	"github.com/ssztree/ssztree/examples/rollup"
	"github.com/ssztree/ssztree/tree"
)

// Example is the worked example of docs/generator.md: reading, writing,
// copying, encoding and proving a generated view.
func Example() {
	st := rollup.NewRollupStateView() // the default value; the zero value is too
	st.SetChainID(10)
	st.SetSupply(uint256.NewInt(1_000_000))
	st.LatestHeader().SetNumber(3) // a handle: writes go to st

	// Fixed-size structs are plain values in their lists: AccountValue is
	// Account with the methods the list needs.
	accts := st.Accounts() // *view.ValueList[AccountValue, *AccountValue]
	accts.Append(rollup.AccountValue{Address: rollup.Address{1}, Balance: 5})
	a := rollup.Account(accts.Get(0)) // a copy
	a.Balance += 100
	accts.Set(0, rollup.AccountValue(a))
	st.Withdrawals().Append(55) // a progressive list: no limit

	root := st.HashTreeRoot() // re-hashes the changed paths only
	snap := st.Copy()         // O(1); later changes to st leave snap alone
	st.SetChainID(11)

	b, _ := snap.MarshalSSZ()
	again, _ := rollup.DecodeRollupStateView(b)
	fmt.Println(again.HashTreeRoot() == root, again.Accounts().Get(0).Balance)

	g, leaf, branch, _ := snap.ProveBranch("accounts[0].balance")
	fmt.Println(tree.VerifyProof(root, g, leaf, branch))
	// Output:
	// true 105
	// true
}
