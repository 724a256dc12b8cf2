// Package dynssz holds the differential fuzz targets of ssztree against
// pk910/dynamic-ssz v1.4.0: the consensus types of every fork through
// attestantio/go-eth2-client v0.30.1 (whose SSZ code dynamic-ssz
// generated), and the generic kinds, progressive types among them, as Go
// types annotated for dynamic-ssz's reflection. It is a module of its own
// because it needs another version of go-eth2-client than the module
// above it; the harness is that module's package difftest. See
// ../README.md.
package dynssz
