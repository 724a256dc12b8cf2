// Package fastsszcompat gives ssztree's views the interfaces of
// github.com/ferranbt/fastssz, for code written against fastssz that takes
// a value through them.
//
// Every view of package view and every generated view of the fork packages
// (a state, a block, a sync committee...) already has fastssz's
// [ssz.Marshaler] and [ssz.Unmarshaler] method sets: MarshalSSZ,
// MarshalSSZTo, SizeSSZ and UnmarshalSSZ. What they cannot have is
// [ssz.HashRoot], whose methods take and return fastssz's own types
// (HashTreeRootWith takes an [ssz.HashWalker], GetTree returns an
// [*ssz.Node]) and whose HashTreeRoot returns an error beside the root.
// [Wrap] gives a view that interface:
//
//	st, _ := fulu.DecodeBeaconState(fulu.Mainnet, data)
//	v := fastsszcompat.Wrap(st.View()) // an ssz.HashRoot, Marshaler and Unmarshaler
//	root, _ := ssz.HashWithDefaultHasher(v)
//	node, _ := v.GetTree() // fastssz's proof tree of the state
//
// This package is a module of its own so that fastssz never enters the
// library's dependencies: only a program that imports this package pulls
// fastssz in.
package fastsszcompat
