package zrnt

import (
	"github.com/protolambda/zrnt/eth2/beacon/electra"
	"github.com/protolambda/ztyp/codec"
	"github.com/protolambda/ztyp/tree"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// singleAttestation is the SingleAttestation micro case: zrnt's flat
// struct.
type singleAttestation struct{}

func (singleAttestation) Decode(b []byte) (*electra.SingleAttestation, error) {
	a := new(electra.SingleAttestation)
	return a, a.Deserialize(reader(b))
}

func (singleAttestation) Encode(a *electra.SingleAttestation, dst []byte) ([]byte, error) {
	return serialize(dst, a.ByteLength(), a.Serialize)
}

func (singleAttestation) Root(a *electra.SingleAttestation) ([32]byte, error) {
	return a.HashTreeRoot(tree.GetHashFn()), nil
}

// aggregate is the SignedAggregateAndProof micro case: zrnt's flat
// struct.
type aggregate struct{}

func (aggregate) Decode(b []byte) (*electra.SignedAggregateAndProof, error) {
	a := new(electra.SignedAggregateAndProof)
	return a, a.Deserialize(spec, reader(b))
}

func (aggregate) Encode(a *electra.SignedAggregateAndProof, dst []byte) ([]byte, error) {
	return serialize(dst, a.ByteLength(spec), func(w *codec.EncodingWriter) error { return a.Serialize(spec, w) })
}

func (aggregate) Root(a *electra.SignedAggregateAndProof) ([32]byte, error) {
	return a.HashTreeRoot(spec, tree.GetHashFn()), nil
}

// gossipMicro returns the gossip micro cases zrnt v0.34.1 has: it defines
// neither sidecar.
func gossipMicro() map[string]*harness.Micro {
	return map[string]*harness.Micro{
		harness.CaseSingleAttestation: harness.NewMicro[*electra.SingleAttestation](singleAttestation{}),
		harness.CaseAggregate:         harness.NewMicro[*electra.SignedAggregateAndProof](aggregate{}),
	}
}
