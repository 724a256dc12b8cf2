package diff

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/schema"
)

// errShape is the detail of a data tree with a leaf above its elements.
var errShape = errors.New("a leaf above the elements")

// sameType returns nil if a and b are the same type or types of the same
// structure, and otherwise an error wrapping ErrTypeMismatch that names
// the first part, below path, where they differ.
func sameType(a, b schema.Type, path schema.Path) error {
	if a == b {
		return nil
	}
	mismatch := func() error {
		return fmt.Errorf("%w at %s: %v and %v", ErrTypeMismatch, pathName(path), a, b)
	}
	switch a := a.(type) {
	case *schema.Container:
		b, ok := b.(*schema.Container)
		if !ok || a.Name() != b.Name() || a.NumFields() != b.NumFields() {
			return mismatch()
		}
		for i := 0; i < a.NumFields(); i++ {
			fa, fb := a.Field(i), b.Field(i)
			if fa.Name != fb.Name {
				return fmt.Errorf("%w at %s: field %d is %s in one and %s in the other", ErrTypeMismatch, pathName(path), i, fa.Name, fb.Name)
			}
			if err := sameType(fa.Type, fb.Type, at(path, schema.FieldStep(fa.Name))); err != nil {
				return err
			}
		}
		return nil
	case *schema.ProgressiveContainer:
		b, ok := b.(*schema.ProgressiveContainer)
		if !ok || a.Name() != b.Name() || a.NumFields() != b.NumFields() || fmt.Sprint(a.ActiveFields()) != fmt.Sprint(b.ActiveFields()) {
			return mismatch()
		}
		for i := 0; i < a.NumFields(); i++ {
			fa, fb := a.Field(i), b.Field(i)
			if fa.Name != fb.Name {
				return fmt.Errorf("%w at %s: field %d is %s in one and %s in the other", ErrTypeMismatch, pathName(path), i, fa.Name, fb.Name)
			}
			if err := sameType(fa.Type, fb.Type, at(path, schema.FieldStep(fa.Name))); err != nil {
				return err
			}
		}
		return nil
	case *schema.Vector:
		b, ok := b.(*schema.Vector)
		if !ok || a.Len() != b.Len() {
			return mismatch()
		}
		return sameType(a.Elem(), b.Elem(), at(path, schema.IndexStep(0)))
	case *schema.List:
		b, ok := b.(*schema.List)
		if !ok || a.Limit() != b.Limit() {
			return mismatch()
		}
		return sameType(a.Elem(), b.Elem(), at(path, schema.IndexStep(0)))
	case *schema.ProgressiveList:
		b, ok := b.(*schema.ProgressiveList)
		if !ok {
			return mismatch()
		}
		return sameType(a.Elem(), b.Elem(), at(path, schema.IndexStep(0)))
	case *schema.Union:
		b, ok := b.(*schema.Union)
		if !ok || a.Options() != b.Options() {
			return mismatch()
		}
		for i := 0; i < a.Options(); i++ {
			oa, ob := a.Option(i), b.Option(i)
			if oa == nil || ob == nil {
				if oa != ob {
					return mismatch()
				}
				continue
			}
			if err := sameType(oa, ob, at(path, schema.FieldStep("data"))); err != nil {
				return err
			}
		}
		return nil
	}
	// Basic types and bitfields: their notation says all there is.
	if a.String() != b.String() {
		return mismatch()
	}
	return nil
}
