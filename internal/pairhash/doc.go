// Package pairhash computes SHA-256 of 64-byte messages, many at once: the
// pair hashes of Merkle trees. Hash(digests, chunks) writes to digests[i]
// the hash of chunks[2i] and chunks[2i+1], like gohashtree.HashChunks.
//
// Why not gohashtree alone: on amd64 it always takes its SHA-NI path when
// the processor has SHA-NI. On AMD Zen 4 and 5 processors, which have both,
// its AVX-512 path, which hashes 16 messages at once, is about twice as fast
// on large batches (on the project's machine, an AMD Turin virtual machine,
// 88 against 46 M pair hashes a second on 2 cores: the machine section of
// docs/benchmarks.md, which measures both), but much slower on batches of
// fewer than 16, where it falls back to one message at a time. The choice is made for the
// whole process by package variables, so it cannot be made per batch.
// pairhash carries a copy of gohashtree's amd64 assembly that takes the path
// as an argument, and chooses per call: the AVX-512 path for the multiples
// of 16 pairs, and for a remainder padded to 16 where that costs less than
// hashing it with SHA-NI, SHA-NI for the rest, if a measurement at
// first use finds the AVX-512 path faster on this processor (it may not be
// on others; the measurement also sets where padding starts to pay). Other
// architectures and processors use gohashtree itself.
//
// Hash is safe for concurrent use.
package pairhash
