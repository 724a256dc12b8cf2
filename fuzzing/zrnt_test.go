package fuzzing

import (
	"bytes"

	"github.com/protolambda/zrnt/eth2/beacon/common"
	"github.com/protolambda/zrnt/eth2/configs"
	"github.com/protolambda/ztyp/codec"
	"github.com/protolambda/ztyp/tree"
	"github.com/protolambda/ztyp/view"
	"github.com/ssztree/ssztree/fuzzing/difftest"
)

// spec is zrnt's mainnet configuration, the preset of the seeds.
var spec = configs.Mainnet

func reader(b []byte) *codec.DecodingReader {
	return codec.NewDecodingReader(bytes.NewReader(b), uint64(len(b)))
}

// zrntView returns ztyp as the peer of the type t: a view decoded from
// the bytes, its root with ztyp's hash function, and its serialization.
func zrntView(t view.TypeDef) difftest.Peer {
	return difftest.Peer{Name: "zrnt", Decode: func(b []byte) ([32]byte, []byte, error) {
		v, err := t.Deserialize(reader(b))
		if err != nil {
			return [32]byte{}, nil, err
		}
		var buf bytes.Buffer
		if err := v.Serialize(codec.NewEncodingWriter(&buf)); err != nil {
			return [32]byte{}, nil, err
		}
		return v.HashTreeRoot(tree.GetHashFn()), buf.Bytes(), nil
	}}
}

// zrntObject is one of zrnt's flat Go types whose sizes depend on the
// configuration.
type zrntObject[T any] interface {
	*T
	common.SpecObj
}

// zrntFlat returns zrnt as the peer of its flat Go type T, for the types
// zrnt has no view type of.
func zrntFlat[T any, P zrntObject[T]]() difftest.Peer {
	return difftest.Peer{Name: "zrnt", Decode: func(b []byte) ([32]byte, []byte, error) {
		v := P(new(T))
		if err := v.Deserialize(spec, reader(b)); err != nil {
			return [32]byte{}, nil, err
		}
		var buf bytes.Buffer
		if err := v.Serialize(spec, codec.NewEncodingWriter(&buf)); err != nil {
			return [32]byte{}, nil, err
		}
		return v.HashTreeRoot(spec, tree.GetHashFn()), buf.Bytes(), nil
	}}
}

// electraSpec is spec with MAX_ATTESTER_SLASHINGS set to
// MAX_ATTESTER_SLASHINGS_ELECTRA, for zrnt's Electra blocks: zrnt v0.34.1
// gives the Electra body's attester_slashings the Phase 0 limit (2, not 1:
// electra.BlockAttesterSlashingsType), which changes the body's root. The
// targets give zrnt this configuration, so that they skip that known
// disagreement (README.md) and keep finding new ones.
var electraSpec = func() *common.Spec {
	s := *configs.Mainnet
	s.MAX_ATTESTER_SLASHINGS = s.MAX_ATTESTER_SLASHINGS_ELECTRA
	return &s
}()
