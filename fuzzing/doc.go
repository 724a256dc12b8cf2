// Package fuzzing holds the differential fuzz targets of ssztree against
// fastssz (through the types of attestantio/go-eth2-client v0.27.0, which
// fastssz generated) and protolambda/zrnt v0.34.1 (ztyp's views): every
// target gives the same bytes to ssztree and to each peer that has the
// type and demands that they accept and reject the same inputs, and agree
// on the roots and re-encodings of what they accept. The dynamic-ssz
// targets live in the sibling module ./dynssz, because they need another
// version of go-eth2-client; what both share is package difftest. See
// README.md.
package fuzzing
