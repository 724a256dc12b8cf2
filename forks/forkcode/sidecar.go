package forkcode

import "crypto/sha256"

// Roots returns the roots of branch, a proof as tree.Prove gives it, as
// the Bytes32 of a fork (R), which the proof fields of the sidecars hold.
func Roots[R ~[32]byte](branch [][32]byte) []R {
	out := make([]R, len(branch))
	for i, r := range branch {
		out[i] = r
	}
	return out
}

// KZGCommitmentRoot returns the hash tree root of a KZG commitment, a
// fork's KZGCommitment (C), as a list of commitments has it for a leaf:
// its 48 bytes padded to two chunks, hashed.
func KZGCommitmentRoot[C ~[48]byte](c C) [32]byte {
	var chunks [64]byte
	copy(chunks[:], c[:])
	return sha256.Sum256(chunks[:])
}
