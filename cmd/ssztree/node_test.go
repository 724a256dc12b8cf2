package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/golang/snappy"
)

// beaconNode is a local beacon node's API for the tests: states a and b
// (head is a), the signed block head, each in SSZ, or JSON where the
// request asks for JSON only or the id is "jsononly"; 404, 500, a wrong
// content type and a stall at the ids that say so.
func beaconNode(t *testing.T, a, b, block []byte, jsonA []byte) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body []byte
		fork := "capella"
		id, isState := strings.CutPrefix(r.URL.Path, statePath)
		if !isState {
			var isBlock bool
			if id, isBlock = strings.CutPrefix(r.URL.Path, blockPath); !isBlock {
				http.NotFound(w, r)
				return
			}
			if id != "head" {
				w.WriteHeader(404)
				w.Write([]byte(`{"code":404,"message":"NOT_FOUND: beacon block"}`))
				return
			}
			body, fork = block, "deneb"
		} else {
			switch id {
			case "head", "a":
				body = a
			case "b":
				body = b
			case "jsononly":
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Eth-Consensus-Version", fork)
				w.Write(jsonA)
				return
			case "boom":
				w.WriteHeader(500)
				w.Write([]byte(`{"code":500,"message":"Internal server error"}`))
				return
			case "html":
				w.Header().Set("Content-Type", "text/html")
				w.Write([]byte("<html>hello</html>"))
				return
			case "stall":
				w.Header().Set("Content-Type", "application/octet-stream")
				w.Header().Set("Content-Length", strconv.Itoa(len(a)))
				w.Write(a[:1000])
				w.(http.Flusher).Flush()
				select {
				case <-r.Context().Done():
				case <-time.After(10 * time.Second):
				}
				return
			case "short":
				w.Header().Set("Content-Type", "application/octet-stream")
				w.Header().Set("Content-Length", strconv.Itoa(len(a)))
				w.Write(a[:len(a)/2])
				return
			default:
				w.WriteHeader(404)
				w.Write([]byte(`{"code":404,"message":"NOT_FOUND: beacon state"}`))
				return
			}
		}
		if !strings.Contains(r.Header.Get("Accept"), "application/octet-stream") {
			t.Errorf("Accept %q", r.Header.Get("Accept"))
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Eth-Consensus-Version", fork)
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestBeaconNode fetches states and a block from a local beacon node, to
// files of each format and through a pipe, reads its states in the other
// subcommands and diffs two of them, and checks its failures: 404, 500, a
// wrong content type, a stall and a short body, each in one line.
func TestBeaconNode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := genFile(t, "-fork", "capella", "-preset", "minimal", "-validators", "12")
	js := ok(t, a, "json", "-")
	js[bytes.Index(js, []byte(`"balances":["`))+len(`"balances":["`)] = '7'
	b := ok(t, js, "ssz", "-", "-fork", "capella", "-preset", "minimal")
	block := genFile(t, "-fork", "deneb", "-preset", "minimal", "-block")
	jsonA := ok(t, a, "json", "-envelope", "-")
	srv := beaconNode(t, a, b, block, jsonA)
	rootA := string(ok(t, a, "root", "-"))

	file := filepath.Join(dir, "a.ssz")
	ok(t, nil, "fetch", srv.URL, "a", "-o", file)
	if got, _ := os.ReadFile(file); !bytes.Equal(got, a) {
		t.Error("fetch -o a.ssz: other bytes")
	}
	if got := ok(t, nil, "fetch", srv.URL+"/", "head"); !bytes.Equal(got, a) {
		t.Error("fetch to a pipe: other bytes")
	}
	snap := filepath.Join(dir, "a.ssz_snappy")
	ok(t, nil, "fetch", "-o", snap, srv.URL, "head")
	if got, _ := os.ReadFile(snap); !bytes.Equal(got, snappy.Encode(nil, a)) {
		t.Error("fetch -o a.ssz_snappy: not the block format of the state")
	}
	if got := ok(t, nil, "fetch", srv.URL, "jsononly"); !bytes.Equal(got, a) {
		t.Error("fetch of a JSON-only node: not the state's SSZ")
	}
	envFile := filepath.Join(dir, "a.json")
	ok(t, nil, "fetch", srv.URL, "a", "-o", envFile)
	if got := string(ok(t, nil, "root", envFile)); got != rootA {
		t.Errorf("fetch -o a.json, root: %s", got)
	}
	if got := ok(t, nil, "fetch", "-block", srv.URL, "head"); !bytes.Equal(got, block) {
		t.Error("fetch -block: other bytes")
	}
	// The node's states in the other subcommands.
	if got := string(ok(t, nil, "root", srv.URL)); got != rootA {
		t.Errorf("root URL: %s, want %s", got, rootA)
	}
	if got := string(ok(t, nil, "root", srv.URL+"#jsononly")); got != rootA {
		t.Errorf("root URL#jsononly: %s, want %s", got, rootA)
	}
	if got := string(ok(t, nil, "root", srv.URL+statePath+"a")); got != rootA {
		t.Errorf("root of the API's URL: %s, want %s", got, rootA)
	}
	info := string(ok(t, nil, "info", srv.URL+"#b"))
	if !strings.Contains(info, "capella (by its structure; the server's Eth-Consensus-Version agrees)") {
		t.Errorf("info: the fork is not the header's:\n%s", info)
	}
	out := string(ok(t, nil, "diff", srv.URL+"#a", srv.URL+"#b"))
	if !strings.HasPrefix(out, "changed balances[0]: ") || strings.Count(out, "\n") != 1 {
		t.Errorf("diff of two nodes' states:\n%s", out)
	}
	if out := string(ok(t, nil, "diff", srv.URL+"#a", file)); !strings.HasPrefix(out, "no differences") {
		t.Errorf("diff of a node's state and a file: %s", out)
	}

	fails(t, 1, "404 Not Found: NOT_FOUND: beacon state", nil, "fetch", srv.URL, "nothing")
	fails(t, 1, "404 Not Found: NOT_FOUND: beacon block", nil, "fetch", "-block", srv.URL, "0x12")
	fails(t, 1, "500 Internal Server Error: Internal server error", nil, "fetch", srv.URL, "boom")
	fails(t, 1, `the content type "text/html" is neither SSZ`, nil, "fetch", srv.URL, "html")
	// The stall watchdog, not the timeout, ends these: the messages say so.
	fails(t, 1, "the server stalled: no bytes for 300ms after 1000", nil, "fetch", "-stall", "300ms", srv.URL, "stall")
	fails(t, 1, "stalled", nil, "root", "-stall", "300ms", srv.URL+"#stall")
	fails(t, 1, "timeout", nil, "fetch", "-timeout", "300ms", srv.URL, "stall")
	fails(t, 1, "the answer ended after", nil, "fetch", srv.URL, "short", "-o", filepath.Join(dir, "short.ssz"))
	fails(t, 1, "the answer ended after", nil, "root", srv.URL+"#short")
	fails(t, 1, "404", nil, "diff", srv.URL+"#a", srv.URL+"#missing")
	fails(t, 1, "connection refused", nil, "fetch", "http://127.0.0.1:1", "head")
	fails(t, 2, "not an http", nil, "fetch", "localhost:5052", "head")
	fails(t, 2, "no state or block id", nil, "fetch", srv.URL, "a/b")
}

// TestProgress draws the progress bar: bytes, rate and time left from the
// total, and a line end when done; a file is no terminal.
func TestProgress(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, 4_000_000)
	p.Write(make([]byte, 1_000_000))
	time.Sleep(10 * time.Millisecond)
	p.Write(make([]byte, 1_000_000))
	p.finish()
	s := b.String()
	for _, want := range []string{"\r[", " 50%", "2.0 MB of 4.0 MB", "MB/s", " left", "\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in %q", want, s)
		}
	}
	b.Reset()
	p = newProgress(&b, -1)
	p.Write(make([]byte, 3_000_000))
	p.finish()
	if s := b.String(); !strings.Contains(s, "3.0 MB") || strings.Contains(s, "left") {
		t.Errorf("without a total: %q", s)
	}
	f, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a file is a terminal")
	}
}
