package proofserver

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/cache"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// server returns a test server over a cache of two Gloas states (slots 0
// and 1), "head" naming the second, and the states.
func server(t testing.TB, opts Options) (*httptest.Server, []*gloas.BeaconState) {
	t.Helper()
	st, err := synth.GloasState(gloas.Minimal, 64, 3)
	if err != nil {
		t.Fatal(err)
	}
	next := st.Copy()
	next.SetSlot(st.Slot() + 1)
	next.Balances().Set(3, 99)
	states := []*gloas.BeaconState{st, next}
	c := cache.New[*gloas.BeaconState](1 << 40)
	for _, s := range states {
		c.Put(s, cache.Info{Slot: uint64(s.Slot())})
	}
	head := next.HashTreeRoot()
	r := &CacheResolver[*gloas.BeaconState]{
		Cache: c,
		View:  func(s *gloas.BeaconState) view.View { return s.View() },
		Named: func(id string) ([32]byte, bool) { return head, id == "head" },
	}
	srv := httptest.NewServer(NewHandler(r, opts))
	t.Cleanup(srv.Close)
	return srv, states
}

func get(t testing.TB, srv *httptest.Server, path, accept string) (int, string, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), b
}

func decodeJSON(t testing.TB, b []byte) *tree.CompactMultiproof {
	t.Helper()
	var body struct{ Data json.RawMessage }
	if err := json.Unmarshal(b, &body); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	p, err := tree.UnmarshalProofJSON(body.Data)
	if err != nil {
		t.Fatal(err)
	}
	return p.(*tree.CompactMultiproof)
}

func TestServeProofs(t *testing.T) {
	srv, states := server(t, Options{})
	typ := states[0].View().Type()
	g1, _ := schema.Gindex(typ, "balances[3]")
	g2, _ := schema.Gindex(typ, "finalized_checkpoint.root")
	gs := []tree.Gindex{g1, g2}
	desc, err := tree.CompactDescriptor(gs)
	if err != nil {
		t.Fatal(err)
	}
	format := "?format=0x" + hex.EncodeToString(desc)
	for _, tc := range []struct {
		id string
		st *gloas.BeaconState
	}{
		{"head", states[1]},
		{fmt.Sprint(states[0].Slot()), states[0]},
		{fmt.Sprintf("0x%x", states[0].HashTreeRoot()), states[0]},
	} {
		root := tc.st.HashTreeRoot()
		code, ct, b := get(t, srv, "/eth/v0/beacon/proof/state/"+tc.id+format, "")
		if code != 200 || ct != "application/json" {
			t.Fatalf("%s: %d %s %s", tc.id, code, ct, b)
		}
		if p := decodeJSON(t, b); !p.VerifyIndices(root, gs) {
			t.Errorf("%s: the JSON proof does not verify", tc.id)
		}
		code, ct, b = get(t, srv, "/eth/v0/beacon/proof/state/"+tc.id+format, "application/octet-stream")
		if code != 200 || ct != "application/octet-stream" {
			t.Fatalf("%s: %d %s %s", tc.id, code, ct, b)
		}
		p, err := tree.UnmarshalProof(b)
		if err != nil || !p.(*tree.CompactMultiproof).VerifyIndices(root, gs) {
			t.Errorf("%s: the byte proof does not verify: %v", tc.id, err)
		}
		// The path form.
		paths := "?paths=" + url.QueryEscape("balances[0:8],validators[3],slot")
		code, _, b = get(t, srv, "/eth/v0/beacon/proof/state/"+tc.id+paths, "application/json")
		if code != 200 {
			t.Fatalf("%s: paths: %d %s", tc.id, code, b)
		}
		pp := decodeJSON(t, b)
		want, err := schema.ViewGindices(typ, tc.st.View().Node(), []string{"balances[0:8]", "validators[3]", "slot"}, 1000)
		if err != nil || !pp.VerifyIndices(root, want) {
			t.Errorf("%s: the proof of paths does not verify: %v", tc.id, err)
		}
	}
}

func TestServeErrors(t *testing.T) {
	srv, states := server(t, Options{MaxLeaves: 40})
	root := fmt.Sprintf("0x%x", states[0].HashTreeRoot())
	base := "/eth/v0/beacon/proof/state/"
	slot, err := schema.Gindex(states[0].View().Type(), "slot")
	if err != nil {
		t.Fatal(err)
	}
	d, err := tree.CompactDescriptor([]tree.Gindex{2 * slot})
	if err != nil {
		t.Fatal(err)
	}
	below := hex.EncodeToString(d)
	for _, tc := range []struct {
		path, accept string
		code         int
		says         string
	}{
		{base + "head", "", 400, "give format"},
		{base + "head?format=0x80&paths=slot", "", 400, "not both"},
		{base + "head?format=80", "", 400, "not 0x-prefixed"},
		{base + "head?format=0xzz", "", 400, "invalid byte"},
		{base + "head?format=0x40", "", 400, "ends before its walk"},
		{base + "head?format=0x" + strings.Repeat("00", 40), "", 400, "more than 40 proof nodes"},
		{base + "head?format=0x80&format=0x80", "", 400, "format given 2 times"},
		{base + "head?paths=" + url.QueryEscape("balances[0:1000]"), "", 400, "more than 40"},
		{base + "head?paths=" + url.QueryEscape("balances[64]"), "", 400, "past the length"},
		{base + "head?paths=nope", "", 400, "no field nope"},
		{base + "head?paths=" + url.QueryEscape("a..b"), "", 400, "no field name"},
		{base + "sideways?format=0x80", "", 400, "invalid state ID"},
		{base + "0x12?format=0x80", "", 400, "not a state root"},
		{base + "99999999999999999999?format=0x80", "", 400, "not a slot"},
		{base + "finalized?format=0x80", "", 404, "no finalized state"},
		{base + "12345?format=0x80", "", 404, "not in the cache"},
		{base + "0x" + strings.Repeat("ab", 32) + "?format=0x80", "", 404, "not in the cache"},
		{base + root + "?format=0x80", "text/html", 406, "application/octet-stream"},
		// A node below a chunk of the state.
		{base + root + "?format=0x" + below, "", 400, "no such node"},
	} {
		code, ct, b := get(t, srv, tc.path, tc.accept)
		var e apiError
		if code != tc.code || ct != "application/json" || json.Unmarshal(b, &e) != nil || e.Code != code || !strings.Contains(e.Message, tc.says) {
			t.Errorf("%s: %d %s %s; want %d saying %q", tc.path, code, ct, b, tc.code, tc.says)
		}
	}
	if code, _, _ := get(t, srv, "/eth/v0/beacon/proof/block/head?format=0x80", ""); code != 404 {
		t.Errorf("another endpoint: %d, want 404", code)
	}
}

// TestServeConcurrent serves proofs to many clients at once while the
// cache takes new states (run with -race): every answer verifies.
func TestServeConcurrent(t *testing.T) {
	srv, states := server(t, Options{})
	root := states[1].HashTreeRoot()
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 10; i++ {
				path := fmt.Sprintf("validators[%d].effective_balance,balances[%d]", (w*10+i)%64, i)
				code, _, b := get(t, srv, "/eth/v0/beacon/proof/state/head?paths="+url.QueryEscape(path), "application/octet-stream")
				if code != 200 {
					t.Errorf("%d: %s", code, b)
					return
				}
				p, err := tree.UnmarshalProof(b)
				if err != nil || !p.(*tree.CompactMultiproof).Verify(root) {
					t.Errorf("%s: does not verify: %v", path, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
