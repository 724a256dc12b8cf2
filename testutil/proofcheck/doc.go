// Package proofcheck holds the cross-check of ssztree's proofs with
// Lodestar's (@chainsafe/persistent-merkle-tree and @chainsafe/ssz): its
// tests compare, byte for byte, the proofs ssztree makes of values of
// several forks with the golden files that tools/lodestar-proofs writes
// with node, so that the check needs no node. It has no API.
package proofcheck
