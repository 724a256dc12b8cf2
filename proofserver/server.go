// Package proofserver serves Merkle proofs of beacon states over HTTP, in
// the shape of Lodestar's proof endpoint: GET
// /eth/v0/beacon/proof/state/{state_id}?format=<descriptor> answers the
// compact multiproof (EIP-8364) of the nodes a descriptor names, and
// ?paths=<path>,<path> the compact multiproof of the parts that paths name
// (package schema's grammar, with ranges and whole subtrees), as JSON or
// as bytes (Accept: application/octet-stream). The application resolves
// state IDs (only it knows its head and its finalized state): a [Resolver];
// [CacheResolver] resolves them over a cache.Cache. See docs/proofs.md,
// "The proof server".
package proofserver

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// StatePath is the pattern of the endpoint, Lodestar's.
const StatePath = "/eth/v0/beacon/proof/state/{state_id}"

// DefaultMaxLeaves is the number of proof nodes (of a descriptor) or of
// leaves (of paths) a request may ask for when [Options] say nothing:
// Lodestar's default maxGindicesInProof.
const DefaultMaxLeaves = 512

var (
	// ErrUnknownState is what a [Resolver] returns (wrapped) for a state
	// ID it knows no state of: the server answers 404.
	ErrUnknownState = errors.New("proofserver: unknown state")
	// ErrBadStateID is what a [Resolver] returns (wrapped) for a state ID
	// that is not one: the server answers 400.
	ErrBadStateID = errors.New("proofserver: invalid state ID")
)

// Resolver resolves a state ID of the beacon API ("head", "genesis",
// "finalized", "justified", a slot in decimal, a 0x-prefixed state root)
// to the view of a state (a copy the handler may read; it applies no
// writes). It returns an error wrapping [ErrUnknownState] when it has no
// such state, [ErrBadStateID] when id is not a state ID, and any other
// error for a failure of its own (the server answers 500). It must be safe
// for concurrent use.
type Resolver interface {
	State(ctx context.Context, id string) (view.View, error)
}

// Options configure a [Handler].
type Options struct {
	// MaxLeaves bounds the proof nodes a descriptor names, and the leaves
	// that paths name; 0 means [DefaultMaxLeaves]. A request past it gets
	// 400: proofs of whole states are a denial of service.
	MaxLeaves int
}

// Handler is the http.Handler of the proof endpoint. It is safe for
// concurrent use, as its [Resolver] must be.
type Handler struct {
	resolver  Resolver
	maxLeaves int
	mux       *http.ServeMux
}

// NewHandler returns the handler of [StatePath] over r.
func NewHandler(r Resolver, opts Options) *Handler {
	h := &Handler{resolver: r, maxLeaves: opts.MaxLeaves, mux: http.NewServeMux()}
	if h.maxLeaves <= 0 {
		h.maxLeaves = DefaultMaxLeaves
	}
	h.mux.HandleFunc("GET "+StatePath, h.serveState)
	return h
}

// ServeHTTP serves the proof endpoint; other paths get 404, other methods
// 405.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

// response is the JSON body of a proof, as Lodestar's endpoint sends it.
type response struct {
	Data *tree.CompactMultiproof `json:"data"`
}

// apiError is the beacon API's error body.
type apiError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func fail(w http.ResponseWriter, code int, format string, args ...any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(apiError{code, fmt.Sprintf(format, args...)})
}

// wantsBytes reports whether the request's Accept header prefers
// application/octet-stream to JSON, and whether it accepts either.
func wantsBytes(accept string) (octet, ok bool) {
	if accept == "" {
		return false, true
	}
	best, bestQ := "", -1.0
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		q := 1.0
		if s, ok := params["q"]; ok {
			if _, err := fmt.Sscanf(s, "%g", &q); err != nil {
				continue
			}
		}
		switch mt {
		case "application/octet-stream", "application/json", "*/*", "application/*":
			if q > bestQ {
				best, bestQ = mt, q
			}
		}
	}
	if bestQ <= 0 {
		return false, false
	}
	return best == "application/octet-stream", true
}

func (h *Handler) serveState(w http.ResponseWriter, r *http.Request) {
	octet, ok := wantsBytes(r.Header.Get("Accept"))
	if !ok {
		fail(w, http.StatusNotAcceptable, "proofs are served as application/json or application/octet-stream")
		return
	}
	q := r.URL.Query()
	format, hasFormat := q["format"]
	var paths []string
	for _, p := range q["paths"] {
		paths = append(paths, strings.Split(p, ",")...)
	}
	switch {
	case hasFormat && len(paths) > 0:
		fail(w, http.StatusBadRequest, "give either format or paths, not both")
		return
	case !hasFormat && len(paths) == 0:
		fail(w, http.StatusBadRequest, "give format (a descriptor, 0x-prefixed hex) or paths (comma-separated)")
		return
	case len(format) > 1:
		fail(w, http.StatusBadRequest, "format given %d times", len(format))
		return
	case len(paths) > h.maxLeaves:
		fail(w, http.StatusBadRequest, "%d paths, more than %d", len(paths), h.maxLeaves)
		return
	}
	var desc []byte
	if hasFormat {
		var err error
		if desc, err = h.descriptor(format[0]); err != nil {
			fail(w, http.StatusBadRequest, "format: %v", err)
			return
		}
	}
	st, err := h.resolver.State(r.Context(), r.PathValue("state_id"))
	switch {
	case errors.Is(err, ErrUnknownState):
		fail(w, http.StatusNotFound, "%v", err)
		return
	case errors.Is(err, ErrBadStateID):
		fail(w, http.StatusBadRequest, "%v", err)
		return
	case err != nil:
		fail(w, http.StatusInternalServerError, "resolving state %q: %v", r.PathValue("state_id"), err)
		return
	}
	var p *tree.CompactMultiproof
	if desc != nil {
		p, err = view.ProveDescriptor(st, desc)
	} else {
		p, err = view.ProveCompact(st, h.maxLeaves, paths...)
	}
	if err != nil {
		if errors.Is(err, tree.ErrNavigation) || errors.Is(err, tree.ErrProof) || errors.Is(err, schema.ErrPath) || errors.Is(err, schema.ErrPastLength) {
			fail(w, http.StatusBadRequest, "%v", err)
		} else {
			fail(w, http.StatusInternalServerError, "%v", err)
		}
		return
	}
	if octet {
		b, err := p.MarshalBinary()
		if err != nil {
			fail(w, http.StatusInternalServerError, "%v", err)
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		_, _ = w.Write(b)
		return
	}
	b, err := json.Marshal(response{p})
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(append(b, '\n'))
}

// descriptor decodes and checks the descriptor of a request, and bounds
// its proof nodes before any is read.
func (h *Handler) descriptor(s string) ([]byte, error) {
	if !strings.HasPrefix(s, "0x") {
		return nil, fmt.Errorf("%q is not 0x-prefixed hex", truncate(s))
	}
	// 2n-1 bits for n nodes, in whole bytes: refuse a longer string
	// before decoding it.
	if most := 2 * ((2*h.maxLeaves - 1 + 7) / 8); len(s)-2 > most {
		return nil, fmt.Errorf("descriptor of %d hex digits names more than %d proof nodes", len(s)-2, h.maxLeaves)
	}
	desc, err := hex.DecodeString(s[2:])
	if err != nil {
		return nil, fmt.Errorf("descriptor: %v", err)
	}
	_, nodes, err := tree.ParseDescriptor(desc)
	if err != nil {
		return nil, err
	}
	if nodes > h.maxLeaves {
		return nil, fmt.Errorf("descriptor names %d proof nodes, more than %d", nodes, h.maxLeaves)
	}
	return desc, nil
}

func truncate(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}
