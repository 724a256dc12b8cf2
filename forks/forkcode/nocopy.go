package forkcode

// NoCopy is the marker that makes go vet's copylocks analyzer report a copy
// by value of a struct that holds one: a generated view holds its tree
// through a pointer, so that a copy of the struct (cp := *st) writes to the
// original. It takes no space as a struct's first field; its methods do
// nothing and are not promoted from a field named _.
type NoCopy struct{}

// Lock does nothing: it is there for go vet (see NoCopy).
func (*NoCopy) Lock() {}

// Unlock does nothing: it is there for go vet (see NoCopy).
func (*NoCopy) Unlock() {}
