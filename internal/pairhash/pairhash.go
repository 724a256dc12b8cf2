package pairhash

import "github.com/prysmaticlabs/gohashtree"

// Hash writes to digests[i] the SHA-256 hash of chunks[2i] || chunks[2i+1],
// for i < len(chunks)/2. len(chunks) must be even and digests long enough;
// digests may not overlap chunks.
func Hash(digests, chunks [][32]byte) {
	if len(chunks) < 2 {
		return
	}
	hash(digests, chunks)
}

func hashGeneric(digests, chunks [][32]byte) { gohashtree.HashChunks(digests, chunks) }
