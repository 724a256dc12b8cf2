package fastssz

import (
	ssz "github.com/ferranbt/fastssz"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// fastssz's generator only handles containers, so the two micro cases that
// are bare lists and vectors get methods written by hand, line for line as
// the generator writes them for a field of the same type (an execution
// payload's transaction, a state's slashings).

// transaction is a List[uint8, MAX_BYTES_PER_TRANSACTION].
type transaction []byte

// UnmarshalSSZ decodes t from buf.
func (t *transaction) UnmarshalSSZ(buf []byte) error {
	if len(buf) > workload.ByteListLimit {
		return ssz.ErrBytesLength
	}
	if cap(*t) == 0 {
		*t = make([]byte, 0, len(buf))
	}
	*t = append((*t)[:0], buf...)
	return nil
}

// MarshalSSZTo appends the encoding of t to dst.
func (t *transaction) MarshalSSZTo(dst []byte) ([]byte, error) {
	if len(*t) > workload.ByteListLimit {
		return nil, ssz.ErrBytesLength
	}
	return append(dst, *t...), nil
}

// HashTreeRootWith merkleizes t with hh.
func (t *transaction) HashTreeRootWith(hh ssz.HashWalker) error {
	elemIndx := hh.Index()
	byteLen := uint64(len(*t))
	if byteLen > workload.ByteListLimit {
		return ssz.ErrIncorrectListSize
	}
	hh.AppendBytes32(*t)
	hh.MerkleizeWithMixin(elemIndx, byteLen, (workload.ByteListLimit+31)/32)
	return nil
}

// uint64Vector is a Vector[uint64, 131072].
type uint64Vector []uint64

// UnmarshalSSZ decodes v from buf.
func (v *uint64Vector) UnmarshalSSZ(buf []byte) error {
	if len(buf) != 8*workload.VectorLength {
		return ssz.ErrSize
	}
	*v = ssz.ExtendUint64(*v, workload.VectorLength)
	for ii := 0; ii < workload.VectorLength; ii++ {
		(*v)[ii] = ssz.UnmarshallUint64(buf[ii*8 : (ii+1)*8])
	}
	return nil
}

// MarshalSSZTo appends the encoding of v to dst.
func (v *uint64Vector) MarshalSSZTo(dst []byte) ([]byte, error) {
	if size := len(*v); size != workload.VectorLength {
		return nil, ssz.ErrVectorLengthFn("uint64Vector", size, workload.VectorLength)
	}
	for ii := 0; ii < workload.VectorLength; ii++ {
		dst = ssz.MarshalUint64(dst, (*v)[ii])
	}
	return dst, nil
}

// HashTreeRootWith merkleizes v with hh.
func (v *uint64Vector) HashTreeRootWith(hh ssz.HashWalker) error {
	if size := len(*v); size != workload.VectorLength {
		return ssz.ErrVectorLengthFn("uint64Vector", size, workload.VectorLength)
	}
	subIndx := hh.Index()
	for _, i := range *v {
		hh.AppendUint64(i)
	}
	hh.Merkleize(subIndx)
	return nil
}
