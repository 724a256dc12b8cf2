//go:build !amd64

package pairhash

func hash(digests, chunks [][32]byte) { hashGeneric(digests, chunks) }
