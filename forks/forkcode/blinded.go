package forkcode

import (
	"fmt"

	"github.com/ssztree/ssztree/def"
)

// SamePreset returns an error naming pkg unless payload, the preset of an
// execution payload, is block, the preset of the blinded block that
// Unblind fills with it: the generated Unblind of every fork with blinded
// blocks checks it before it reads the payload.
func SamePreset(pkg string, block, payload *def.Preset) error {
	if payload != block {
		return fmt.Errorf("%s: a %s block unblinded with a %s payload", pkg, block.Name, payload.Name)
	}
	return nil
}
