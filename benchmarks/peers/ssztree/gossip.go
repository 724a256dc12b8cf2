package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/fulu"
)

// singleAttestation is the SingleAttestation micro case: a plain Go
// struct, as ssztree keeps small fixed-size containers.
type singleAttestation struct{}

func (singleAttestation) Decode(b []byte) (fulu.SingleAttestation, error) {
	var a fulu.SingleAttestation
	err := a.UnmarshalSSZ(b)
	return a, err
}

func (singleAttestation) Encode(a fulu.SingleAttestation, dst []byte) ([]byte, error) {
	return a.MarshalSSZTo(dst)
}

func (singleAttestation) Root(a fulu.SingleAttestation) ([32]byte, error) {
	return a.HashTreeRoot(), nil
}

func (singleAttestation) EncodeAt(a *fulu.SingleAttestation, dst []byte) ([]byte, error) {
	return a.MarshalSSZTo(dst)
}

func (singleAttestation) RootAt(a *fulu.SingleAttestation) ([32]byte, error) {
	return a.HashTreeRoot(), nil
}

// gossipMicro returns the gossip micro cases of Fulu's mainnet types: the
// tree-backed views of the fulu package, but for SingleAttestation.
func gossipMicro() map[string]*harness.Micro {
	return map[string]*harness.Micro{
		harness.CaseSingleAttestation: harness.NewMicro[fulu.SingleAttestation](singleAttestation{}),
		harness.CaseAggregate: harness.NewMicro[*fulu.SignedAggregateAndProof](block[*fulu.SignedAggregateAndProof]{func(b []byte) (*fulu.SignedAggregateAndProof, error) {
			return fulu.DecodeSignedAggregateAndProof(fulu.Mainnet, b)
		}}),
		harness.CaseBlobSidecar: harness.NewMicro[*fulu.BlobSidecar](block[*fulu.BlobSidecar]{func(b []byte) (*fulu.BlobSidecar, error) {
			return fulu.DecodeBlobSidecar(fulu.Mainnet, b)
		}}),
		harness.CaseColumnSidecar: harness.NewMicro[*fulu.DataColumnSidecar](block[*fulu.DataColumnSidecar]{func(b []byte) (*fulu.DataColumnSidecar, error) {
			return fulu.DecodeDataColumnSidecar(fulu.Mainnet, b)
		}}),
	}
}
