package floor

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// Paths returns the pair hashes of re-hashing a value of type t after the
// parts named by paths (in schema.Gindex's syntax: "balances[12]",
// "validators[3].effective_balance") changed: the distinct branches above
// them.
func Paths(t schema.Type, paths ...string) (uint64, error) {
	seen := map[tree.Gindex]bool{}
	for _, p := range paths {
		g, err := schema.Gindex(t, p)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", p, err)
		}
		for g > 1 {
			g = g.Parent()
			if seen[g] {
				break
			}
			seen[g] = true
		}
	}
	return uint64(len(seen)), nil
}
