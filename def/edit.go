package def

import (
	"fmt"
	"slices"
)

// Derive returns a copy of the container name of f or of its ancestors,
// for a later fork to edit: the edits below return new containers and
// leave f's alone. If f has no container of that name, the copy is empty
// and carries an error that wraps [ErrUnknown], which resolving a fork
// that holds it returns.
func (f *Fork) Derive(name string) *Container {
	c := f.Lookup(name)
	if c == nil {
		return &Container{Name: name, err: fmt.Errorf("%w: container %s to derive from fork %s", ErrUnknown, name, f.Name)}
	}
	return c.clone()
}

// clone returns a copy of c that shares no slice with it.
func (c *Container) clone() *Container {
	out := *c
	out.Fields = slices.Clone(c.Fields)
	out.ActiveFields = slices.Clone(c.ActiveFields)
	return &out
}

// fail returns c with the error err, unless c already has one: the first
// mistake is the one reported.
func (c *Container) fail(err error) *Container {
	if c.err == nil {
		c.err = err
	}
	return c
}

// index returns the index of the field named name, or -1.
func (c *Container) index(name string) int {
	return slices.IndexFunc(c.Fields, func(f Field) bool { return f.Name == name })
}

// Retype returns a copy of c in which each of fields takes the place, and
// keeps the merkleization position, of c's field of its name: the fields a
// fork gives a new type. A name c lacks is an error of the result
// ([ErrNoField]).
func (c *Container) Retype(fields ...Field) *Container {
	out := c.clone()
	for _, f := range fields {
		i := out.index(f.Name)
		if i < 0 {
			return out.fail(fmt.Errorf("%w: %s to retype", ErrNoField, f.Name))
		}
		out.Fields[i] = f
	}
	return out
}

// Replace returns a copy of c in which f takes the place of the field
// named old, and its merkleization position: a field that a fork removes
// and one it adds in its stead (Gloas BeaconState's latest_block_hash for
// latest_execution_payload_header). A name c lacks is an error of the
// result ([ErrNoField]).
func (c *Container) Replace(old string, f Field) *Container {
	out := c.clone()
	i := out.index(old)
	if i < 0 {
		return out.fail(fmt.Errorf("%w: %s to replace", ErrNoField, old))
	}
	out.Fields[i] = f
	return out
}

// Remove returns a copy of c without the fields names. In a progressive
// container the other fields keep their positions, as EIP-7495 wants of
// a later version of a type: the removed field's entry of active_fields
// becomes 0 (and trailing 0s are dropped, since active_fields must end in
// 1). A name c lacks is an error of the result ([ErrNoField]).
func (c *Container) Remove(names ...string) *Container {
	out := c.clone()
	for _, name := range names {
		i := out.index(name)
		if i < 0 {
			return out.fail(fmt.Errorf("%w: %s to remove", ErrNoField, name))
		}
		if out.Progressive {
			active := out.activeFields()
			// Field i sits at the position of the (i+1)-th 1.
			pos, seen := -1, -1
			for pos < len(active)-1 && seen < i {
				pos++
				if active[pos] {
					seen++
				}
			}
			active[pos] = false
			for len(active) > 0 && !active[len(active)-1] {
				active = active[:len(active)-1]
			}
			out.ActiveFields = active
		}
		out.Fields = slices.Delete(out.Fields, i, i+1)
	}
	return out
}

// Append returns a copy of c with fields added at the end; in a
// progressive container, at the positions after the last one.
func (c *Container) Append(fields ...Field) *Container {
	out := c.clone()
	if out.Progressive && out.ActiveFields != nil {
		for range fields {
			out.ActiveFields = append(out.ActiveFields, true)
		}
	}
	out.Fields = append(out.Fields, fields...)
	return out
}

// AsProgressive returns a copy of c as a ProgressiveContainer with every
// field active, [1] * len(fields): a Container that a fork turns into a
// progressive one (EIP-7688 in Gloas). A container that is progressive
// already keeps its active_fields.
func (c *Container) AsProgressive() *Container {
	out := c.clone()
	out.Progressive = true
	return out
}
