package fastssz

import (
	"github.com/attestantio/go-eth2-client/spec/deneb"
	"github.com/attestantio/go-eth2-client/spec/electra"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// generated is what fastssz generates for a container, as *T.
type generated[T any] interface {
	*T
	hashable
	MarshalSSZTo(dst []byte) ([]byte, error)
	UnmarshalSSZ(b []byte) error
}

// object is the micro case of a container of go-eth2-client, as *T.
type object[T any, P generated[T]] struct{ h *hasher }

func (object[T, P]) Decode(b []byte) (P, error) {
	v := P(new(T))
	return v, v.UnmarshalSSZ(b)
}

func (object[T, P]) Encode(v P, dst []byte) ([]byte, error) { return v.MarshalSSZTo(dst) }

func (c object[T, P]) Root(v P) ([32]byte, error) { return c.h.root(v) }

// gossipMicro returns the gossip micro cases go-eth2-client v0.27.0 has:
// all but DataColumnSidecar, which it does not define.
func gossipMicro(h *hasher) map[string]*harness.Micro {
	return map[string]*harness.Micro{
		harness.CaseSingleAttestation: harness.NewMicro[*electra.SingleAttestation](object[electra.SingleAttestation, *electra.SingleAttestation]{h}),
		harness.CaseAggregate:         harness.NewMicro[*electra.SignedAggregateAndProof](object[electra.SignedAggregateAndProof, *electra.SignedAggregateAndProof]{h}),
		harness.CaseBlobSidecar:       harness.NewMicro[*deneb.BlobSidecar](object[deneb.BlobSidecar, *deneb.BlobSidecar]{h}),
	}
}
