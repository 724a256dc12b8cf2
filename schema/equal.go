package schema

// Equal reports whether a and b are the same SSZ type: of the same kind,
// with the same lengths, limits and element types, and for containers the
// same fields, by name and type, in the same order (and the same active
// fields, for progressive ones). Values of equal types have the same
// serialization, the same root and the same JSON; the names of containers
// are not compared, as none of those depend on them. Types that two forks
// or two presets share, as Electra's and Fulu's blocks are, are equal.
func Equal(a, b Type) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *Uint:
		b, ok := b.(*Uint)
		return ok && a.bytes == b.bytes && a.isByte == b.isByte
	case *Bool:
		_, ok := b.(*Bool)
		return ok
	case *Bitvector:
		b, ok := b.(*Bitvector)
		return ok && a.n == b.n
	case *Bitlist:
		b, ok := b.(*Bitlist)
		return ok && a.limit == b.limit
	case *Vector:
		b, ok := b.(*Vector)
		return ok && a.n == b.n && Equal(a.elem, b.elem)
	case *List:
		b, ok := b.(*List)
		return ok && a.limit == b.limit && Equal(a.elem, b.elem)
	case *ProgressiveList:
		b, ok := b.(*ProgressiveList)
		return ok && Equal(a.Elem(), b.Elem())
	case *ProgressiveBitlist:
		_, ok := b.(*ProgressiveBitlist)
		return ok
	case *Container:
		b, ok := b.(*Container)
		return ok && equalFields(a, b)
	case *ProgressiveContainer:
		b, ok := b.(*ProgressiveContainer)
		return ok && a.active == b.active && equalFields(a.fields, b.fields)
	case *Union:
		b, ok := b.(*Union)
		if !ok || len(a.options) != len(b.options) {
			return false
		}
		for i := range a.options {
			if !equalOption(a.options[i], b.options[i]) {
				return false
			}
		}
		return true
	case *CompatibleUnion:
		b, ok := b.(*CompatibleUnion)
		if !ok {
			return false
		}
		for s := range a.options {
			if !equalOption(a.options[s], b.options[s]) {
				return false
			}
		}
		return true
	}
	return false
}

// equalFields reports whether containers a and b have the same fields.
func equalFields(a, b *Container) bool {
	if len(a.fields) != len(b.fields) {
		return false
	}
	for i, f := range a.fields {
		if f.Name != b.fields[i].Name || !Equal(f.Type, b.fields[i].Type) {
			return false
		}
	}
	return true
}

// equalOption reports whether a and b, options of unions, are both absent
// (nil) or equal types.
func equalOption(a, b Type) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return Equal(a, b)
}
