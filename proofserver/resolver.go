package proofserver

import (
	"context"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/ssztree/ssztree/cache"
	"github.com/ssztree/ssztree/view"
)

// CacheResolver is a [Resolver] over a cache.Cache of states of type S: a
// state root (0x and 64 hex digits) is looked up by [cache.Cache.Get], a
// slot by [cache.Cache.GetBySlot], and a named ID ("head", "finalized",
// "justified", "genesis") by the state root Named gives, which only the
// application knows.
type CacheResolver[S cache.State[S]] struct {
	// Cache holds the states.
	Cache *cache.Cache[S]
	// View returns the untyped view of a state (st.View() for a fork's
	// BeaconState, st.Untyped() for a *versioned.State).
	View func(st S) view.View
	// Named returns the state root of a named state ID and whether it
	// knows one; nil knows none.
	Named func(id string) (stateRoot [32]byte, ok bool)
}

// State resolves id (see [Resolver]).
func (c *CacheResolver[S]) State(_ context.Context, id string) (view.View, error) {
	var (
		st S
		ok bool
	)
	switch {
	case strings.HasPrefix(id, "0x"):
		b, err := hex.DecodeString(id[2:])
		if err != nil || len(b) != 32 {
			return nil, fmt.Errorf("%w: %q is not a state root (0x and 64 hex digits)", ErrBadStateID, truncate(id))
		}
		st, ok = c.Cache.Get([32]byte(b))
	case id != "" && id[0] >= '0' && id[0] <= '9':
		slot, err := strconv.ParseUint(id, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%w: %q is not a slot", ErrBadStateID, truncate(id))
		}
		st, ok = c.Cache.GetBySlot(slot)
	case id == "head", id == "finalized", id == "justified", id == "genesis":
		var root [32]byte
		if c.Named != nil {
			root, ok = c.Named(id)
		}
		if !ok {
			return nil, fmt.Errorf("%w: no %s state", ErrUnknownState, id)
		}
		st, ok = c.Cache.Get(root)
	default:
		return nil, fmt.Errorf("%w: %q (want head, genesis, finalized, justified, a slot or a state root)", ErrBadStateID, truncate(id))
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s is not in the cache", ErrUnknownState, id)
	}
	return c.View(st), nil
}
