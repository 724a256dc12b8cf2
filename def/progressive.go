package def

import "github.com/ssztree/ssztree/schema"

// ProgressiveList returns ProgressiveList[elem] (EIP-7916): a list of any
// length, without a limit, merkleized in subtrees of 1, 4, 16... chunks.
func ProgressiveList(elem *Type) *Type { return &Type{Kind: KindProgressiveList, Elem: elem} }

// ProgressiveByteList returns ProgressiveByteList: ProgressiveList[byte].
func ProgressiveByteList() *Type { return ProgressiveList(Basic(schema.Byte)) }

// ProgressiveBitlist returns ProgressiveBitList (EIP-7916): a bitlist
// without a limit.
func ProgressiveBitlist() *Type { return &Type{Kind: KindProgressiveBitlist} }

// ProgressiveContainer returns the definition of the container name as a
// ProgressiveContainer(active_fields) of EIP-7495, with activeFields as
// active_fields, or every field active ([1] * len(fields)) when
// activeFields is nil. Resolving it checks what EIP-7495 demands of
// active_fields.
func ProgressiveContainer(name string, activeFields []bool, fields ...Field) *Container {
	return &Container{Name: name, Fields: fields, Progressive: true, ActiveFields: activeFields}
}

// activeFields returns active_fields of the progressive container c.
func (c *Container) activeFields() []bool {
	if c.ActiveFields != nil {
		return c.ActiveFields
	}
	all := make([]bool, len(c.Fields))
	for i := range all {
		all[i] = true
	}
	return all
}
