package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// netOptions are the flags of a beacon node's requests.
type netOptions struct {
	timeout time.Duration // the whole request, 0: none
	stall   time.Duration // the longest wait for the next bytes
	block   bool          // a signed block rather than a state
	// progress shows a progress bar on stderr (a terminal).
	progress bool
	stderr   io.Writer
}

// add registers the flags on fs.
func (o *netOptions) add(fs *flag.FlagSet) {
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "for a beacon node: the longest the whole download may take (0: no limit)")
	fs.DurationVar(&o.stall, "stall", 30*time.Second, "for a beacon node: the longest wait for the next bytes before giving up")
}

// isURL reports whether a source names a beacon node.
func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// The beacon API's paths of a state and a signed block.
const (
	statePath = "/eth/v2/debug/beacon/states/"
	blockPath = "/eth/v2/beacon/blocks/"
)

// resourceURL returns the URL of a state (or a signed block) on a beacon
// node: base, a node's URL, holds a path of the API (/eth/...) as it is;
// otherwise the state or block id is the fragment (#finalized), head by
// default.
func resourceURL(base string, block bool) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", usagef("%q: %v", base, err)
	}
	if u.Host == "" {
		return "", usagef("%q: no host", base)
	}
	if strings.Contains(u.Path, "/eth/") {
		u.Fragment = ""
		return u.String(), nil
	}
	id := u.Fragment
	if id == "" {
		id = "head"
	}
	u.Fragment = ""
	p := statePath
	if block {
		p = blockPath
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + p + url.PathEscape(id)
	return u.String(), nil
}

// acceptSSZ is the Accept header of a request: SSZ, JSON where the node
// serves only that.
const acceptSSZ = "application/octet-stream;q=1.0,application/json;q=0.9"

// response is a beacon node's answer: its body, read with a stall check
// and a progress bar, and what its headers say.
type response struct {
	body     io.ReadCloser
	size     int64 // Content-Length, -1 when not given
	format   format
	fork     string // Eth-Consensus-Version
	cancel   context.CancelFunc
	progress *progress
}

// Close releases the response.
func (r *response) Close() error {
	err := r.body.Close()
	r.cancel()
	if r.progress != nil {
		r.progress.finish()
	}
	return err
}

// request asks the beacon node at u for a state or block, and returns its
// answer: an error that says what went wrong, in one line, for a failed
// request, a status other than 200, or a content type other than SSZ or
// JSON.
func request(u string, o *netOptions) (*response, error) {
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	if o.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		cancel()
		return nil, usagef("%s: %v", u, err)
	}
	req.Header.Set("Accept", acceptSSZ)
	stall := newStallTimer(o.stall, cancel)
	resp, err := http.DefaultClient.Do(req)
	stall.stop()
	if err != nil {
		cancel()
		if stall.fired() {
			return nil, fmt.Errorf("%s: no answer in %v", u, o.stall)
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, fmt.Errorf("%s: no answer within the timeout of %v", u, o.timeout)
		}
		return nil, fmt.Errorf("%s: %v", u, errors.Unwrap(err))
	}
	fail := func(format string, args ...any) (*response, error) {
		resp.Body.Close()
		cancel()
		return nil, fmt.Errorf("%s: "+format, append([]any{u}, args...)...)
	}
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fail("%s%s", resp.Status, serverMessage(msg))
	}
	ct, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	r := &response{size: resp.ContentLength, fork: resp.Header.Get("Eth-Consensus-Version"), cancel: cancel}
	switch {
	case err != nil && resp.Header.Get("Content-Type") == "":
		return fail("no Content-Type (want application/octet-stream or application/json)")
	case ct == "application/octet-stream":
		r.format = fmtSSZ
	case ct == "application/json":
		r.format = fmtJSON
	default:
		return fail("the content type %q is neither SSZ (application/octet-stream) nor JSON", resp.Header.Get("Content-Type"))
	}
	var body io.Reader = resp.Body
	if o.progress && o.stderr != nil {
		r.progress = newProgress(o.stderr, r.size)
		body = io.TeeReader(body, r.progress)
	}
	r.body = &stallReader{r: body, c: resp.Body, d: o.stall, cancel: cancel, url: u, timeout: o.timeout, size: r.size}
	return r, nil
}

// serverMessage returns the message of a beacon API error body
// ({"code":404,"message":"..."}) or its first line, for an error.
func serverMessage(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.Index(s, `"message":"`); i >= 0 {
		s = s[i+len(`"message":"`):]
		if j := strings.IndexByte(s, '"'); j >= 0 {
			s = s[:j]
		}
	}
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	if s == "" {
		return ""
	}
	return ": " + s
}

// stallTimer cancels a request when it fires.
type stallTimer struct {
	t    *time.Timer
	mu   sync.Mutex
	done bool
}

func newStallTimer(d time.Duration, cancel context.CancelFunc) *stallTimer {
	s := &stallTimer{}
	if d > 0 {
		s.t = time.AfterFunc(d, func() {
			s.mu.Lock()
			s.done = true
			s.mu.Unlock()
			cancel()
		})
	}
	return s
}

func (s *stallTimer) stop() {
	if s.t != nil {
		s.t.Stop()
	}
}

func (s *stallTimer) fired() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done
}

// stallReader reads a response's body, cancelling the request when no
// byte arrives for d, and says so in its error.
type stallReader struct {
	r       io.Reader
	c       io.Closer
	d       time.Duration
	cancel  context.CancelFunc
	url     string
	timeout time.Duration
	size    int64 // Content-Length, -1 when not given
	n       int64
	timer   *time.Timer
	stalled atomic.Bool
}

func (s *stallReader) Read(p []byte) (int, error) {
	if s.d > 0 {
		if s.timer == nil {
			s.timer = time.AfterFunc(s.d, func() { s.stalled.Store(true); s.cancel() })
		} else {
			s.timer.Reset(s.d)
		}
	}
	n, err := s.r.Read(p)
	if s.timer != nil {
		s.timer.Stop()
	}
	s.n += int64(n)
	if err != nil && err != io.EOF {
		switch {
		case s.stalled.Load():
			err = fmt.Errorf("%s: the server stalled: no bytes for %v after %d", s.url, s.d, s.n)
		case err == io.ErrUnexpectedEOF && s.size >= 0:
			err = fmt.Errorf("%s: the answer ended after %d of the %d bytes of its Content-Length", s.url, s.n, s.size)
		case errors.Is(err, context.DeadlineExceeded):
			err = fmt.Errorf("%s: not done within the timeout of %v, after %d bytes", s.url, s.timeout, s.n)
		default:
			err = fmt.Errorf("%s: after %d bytes: %v", s.url, s.n, err)
		}
	}
	return n, err
}

func (s *stallReader) Close() error { return s.c.Close() }

// openURL opens a beacon node's state (or block) as an input.
func openURL(name string, forced format, o *netOptions) (*input, error) {
	u, err := resourceURL(name, o.block)
	if err != nil {
		return nil, err
	}
	r, err := request(u, o)
	if err != nil {
		return nil, err
	}
	in := &input{name: u, r: r.body, size: r.size, fork: r.fork, closer: r}
	f := r.format
	if forced != "" {
		f = forced
	}
	if err := in.settle(f); err != nil {
		r.Close()
		return nil, err
	}
	return in, nil
}

// progress draws a progress bar on a terminal: bytes, rate and, from the
// Content-Length, the time left.
type progress struct {
	w       io.Writer
	total   int64
	n       int64
	start   time.Time
	last    time.Time
	started bool
}

func newProgress(w io.Writer, total int64) *progress {
	return &progress{w: w, total: total, start: time.Now()}
}

// progressEvery is how often the bar is redrawn.
const progressEvery = 200 * time.Millisecond

// Write counts bytes that arrived, and redraws the bar now and then.
func (p *progress) Write(b []byte) (int, error) {
	p.n += int64(len(b))
	if now := time.Now(); now.Sub(p.last) >= progressEvery {
		p.last = now
		p.draw()
	}
	return len(b), nil
}

// draw writes the bar over the line.
func (p *progress) draw() {
	p.started = true
	el := time.Since(p.start).Seconds()
	rate := 0.0
	if el > 0 {
		rate = float64(p.n) / el
	}
	line := fmt.Sprintf("%s  %s/s", mb(p.n), mb(int64(rate)))
	if p.total > 0 {
		frac := min(1, float64(p.n)/float64(p.total))
		const width = 30
		bar := strings.Repeat("=", int(frac*width)) + strings.Repeat(" ", width-int(frac*width))
		left := "?"
		if rate > 0 {
			left = time.Duration(float64(p.total-p.n) / rate * float64(time.Second)).Round(time.Second).String()
		}
		line = fmt.Sprintf("[%s] %3.0f%%  %s of %s  %s/s  %s left", bar, frac*100, mb(p.n), mb(p.total), mb(int64(rate)), left)
	}
	fmt.Fprintf(p.w, "\r%-79s", line)
}

// finish draws the bar a last time and ends its line.
func (p *progress) finish() {
	if p.started || p.n > 0 {
		p.draw()
		fmt.Fprintln(p.w)
	}
}

// mb returns n bytes in MB.
func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
