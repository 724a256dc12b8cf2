// Package gloas holds the SSZ types of the Gloas fork of the Ethereum
// consensus specification (enshrined proposer-builder separation, EIP-7732,
// and progressive SSZ, EIP-7688), as consensus-specs v1.7.0-alpha.13
// defines them (forks.GloasSpecVersion; Gloas is not final), for any
// preset, chosen at run time: the types Gloas defines or redefines, and,
// as type aliases, those it takes unchanged from Fulu (and Fulu from the
// forks before it).
//
// Gloas makes the core types progressive: BeaconState, BeaconBlockBody,
// ExecutionPayload, ExecutionRequests, Attestation, IndexedAttestation, the
// bid, the envelope and the payload attestations are
// ProgressiveContainers (EIP-7495), their views over
// view.ProgressiveContainer, and the lists of the state (validators,
// balances, participation, inactivity scores, the pending lists, the
// builders) and of the block are ProgressiveLists (EIP-7916), without a
// limit, whose handles are the progressive views of package view
// (view.ProgressiveValueList, view.ProgressiveBasicList,
// view.ProgressiveListOf...). Their roots and generalized indices differ
// from Fulu's: see forks.Gloas.
//
// Fixed-size containers whose shape does not depend on the preset
// (Builder, BuilderPendingPayment, PayloadAttestationData...) are plain Go
// structs with SSZ and JSON methods. Every other container is a
// tree-backed view: field accessors named after the specification's fields
// read and write the tree, a copy is O(1), and the root is re-hashed only
// where the value changed. The code of both is generated from the
// definitions of package forks (go generate).
//
// # Specs
//
// A [Spec] holds the types resolved for one preset: [Mainnet], [Minimal],
// or [NewSpec] of another preset, as in package fulu. The functions that
// make a view take one: NewX (the default value), DecodeX (from bytes) and
// WrapX (over an untyped view of the type). A nil *Spec is a mistake of
// the caller: DecodeX returns an error wrapping [ErrNilSpec], and NewX and
// WrapX, which return no error, panic, as WrapX does for a view of another
// type. [Spec.Type] has the schema type of every container, progressive
// (a *schema.ProgressiveContainer) or not; [Spec.Container] has those
// that are not, as *schema.Container, for code that reads their fields.
//
// # Derived values
//
// [BeaconBlockHeaderOf] and [SignedBeaconBlockHeaderOf] give the header of
// a block, which has the block's root. Gloas has no blinded blocks: its
// block body holds the bid, not the payload.
//
// # Light clients
//
// The light-client indices of Gloas' progressive containers
// ([FinalizedRootGindex] 735, [CurrentSyncCommitteeGindex] 2945,
// [NextSyncCommitteeGindex] 2946, [ExecutionBlockHashGindex] 2856), their
// branches, and the builders of the light-client data
// ([CreateLightClientBootstrap], [CreateLightClientUpdate]...) are those
// of the forks before, at Gloas' indices: see lightclient_gen.go.
//
// # Zero values
//
// The zero value of every type is the default value in the mainnet preset,
// as in package fulu:
//
//	var st gloas.BeaconState
//	err := st.UnmarshalSSZ(b) // decodes a mainnet state
//
// Views are used through pointers: a view copied by value (cp := *st)
// shares its tree with the original and writes to it (Copy is the copy);
// go vet reports such a copy, as it does a copied sync.Mutex, since every
// view holds a marker for its copylocks check.
package gloas

//go:generate go run ../cmd/sszgen -fork gloas -out types_gen.go -test zero_gen_test.go -spec spec_gen.go -extras

// The Spec of the package, its presets and NewSpec are generated too, in
// spec_gen.go: they are the same in every fork but for the forks they name.
