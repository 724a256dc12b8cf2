package floor

import (
	"fmt"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/workload"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/schema"
)

// containerType is what the rows use of a container type: a Container through
// Fulu, a ProgressiveContainer from Gloas on.
type containerType interface {
	container
	FieldIndex(name string) int
}

// mainnetType returns the schema type of a container of a fork in the
// mainnet preset.
func mainnetType(fork, name string) (containerType, error) {
	var t schema.Type
	switch fork {
	case harness.ForkCapella:
		t = capella.Mainnet.Type(name)
	case harness.ForkDeneb:
		t = deneb.Mainnet.Type(name)
	case harness.ForkElectra:
		t = electra.Mainnet.Type(name)
	case harness.ForkFulu:
		t = fulu.Mainnet.Type(name)
	case harness.ForkGloas:
		t = gloas.Mainnet.Type(name)
	}
	c, ok := t.(containerType)
	if !ok {
		return nil, fmt.Errorf("floor: no container %s in fork %q", name, fork)
	}
	return c, nil
}

// RootPairs returns the pair hashes of the root of the serialized mainnet
// state in of a fork: the floor of its cold root.
func RootPairs(fork string, in []byte) (uint64, error) {
	st, err := mainnetType(fork, "BeaconState")
	if err != nil {
		return 0, err
	}
	return Pairs(st, in)
}

// StatePairs returns the pair hashes of each root row of the state script
// (by row ID) on the serialized mainnet state in of a fork with n
// validators, for the operations with k = 0 (the checked ones); every
// balance is counted for nAll validators, the state's size when that row
// runs.
func StatePairs(fork string, in []byte, n, nAll int) (map[string]uint64, error) {
	st, err := mainnetType(fork, "BeaconState")
	if err != nil {
		return nil, err
	}
	full, err := Pairs(st, in)
	if err != nil {
		return nil, err
	}
	out := map[string]uint64{
		harness.RowColdRoot:       full,
		harness.RowDecodeColdRoot: full,
		harness.RowRoot:           0,
	}
	balance := func(row string, count int) (uint64, error) {
		var paths []string
		for _, i := range harness.PickMany(nil, row, 0, count, n) {
			paths = append(paths, fmt.Sprintf("balances[%d]", i))
		}
		return Paths(st, paths...)
	}
	if out[harness.RowBalance1], err = balance(harness.RowBalance1, 1); err != nil {
		return nil, err
	}
	if out[harness.RowCopyBalance1], err = balance(harness.RowCopyBalance1, 1); err != nil {
		return nil, err
	}
	if out[harness.RowBalance1000], err = balance(harness.RowBalance1000, harness.Balance1000); err != nil {
		return nil, err
	}
	i := harness.Pick(harness.RowEffective, 0, 0, n)
	if out[harness.RowEffective], err = Paths(st, fmt.Sprintf("validators[%d].effective_balance", i)); err != nil {
		return nil, err
	}
	var paths []string
	for _, f := range []string{"validators", "balances", "previous_epoch_participation", "current_epoch_participation", "inactivity_scores"} {
		paths = append(paths, fmt.Sprintf("%s[%d]", f, n))
	}
	above, err := Paths(st, paths...)
	if err != nil {
		return nil, err
	}
	validators, ok := st.Field(st.FieldIndex("validators")).Type.(interface{ Elem() schema.Type })
	if !ok {
		return nil, fmt.Errorf("floor: validators of fork %q is not a list", fork)
	}
	validator, err := Pairs(validators.Elem(), make([]byte, validators.Elem().FixedSize()))
	if err != nil {
		return nil, err
	}
	out[harness.RowAppend] = above + validator
	balances := st.Field(st.FieldIndex("balances")).Type
	all, err := Pairs(balances, make([]byte, 8*nAll))
	if err != nil {
		return nil, err
	}
	above, err = Paths(st, "balances")
	if err != nil {
		return nil, err
	}
	out[harness.RowBalanceAll] = all + above
	return out, nil
}

// gossipTypes are the Fulu type names of the gossip micro cases.
var gossipTypes = map[string]string{
	harness.CaseSingleAttestation: "SingleAttestation",
	harness.CaseAggregate:         "SignedAggregateAndProof",
	harness.CaseBlobSidecar:       "BlobSidecar",
	harness.CaseColumnSidecar:     "DataColumnSidecar",
}

// MicroPairs returns the pair hashes of the root of each micro case that has
// a root row, by case name, the block being of a fork.
func MicroPairs(fork string, inputs map[string][]byte) (map[string]uint64, error) {
	block, err := mainnetType(fork, "SignedBeaconBlock")
	if err != nil {
		return nil, err
	}
	types := map[string]schema.Type{
		harness.CaseByteList: schema.Must(schema.NewByteList(workload.ByteListLimit)),
		harness.CaseVector:   schema.Must(schema.NewVector(schema.Uint64, workload.VectorLength)),
		harness.CaseBlock:    block,
	}
	for cs, name := range gossipTypes {
		if types[cs], err = mainnetType(harness.ForkFulu, name); err != nil {
			return nil, err
		}
	}
	out := map[string]uint64{}
	for cs, t := range types {
		p, err := Pairs(t, inputs[cs])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", cs, err)
		}
		out[cs] = p
	}
	return out, nil
}
