// Package stress holds the concurrency stress test of ssztree: many
// goroutines read, hash, prove and encode shared snapshots of one beacon
// state while others change copies of their own and publish them as the
// next snapshots. Every root a reader sees is checked against the root of
// the value decoded afresh from the encoding the reader made.
//
// It runs briefly with go test (and under -race in CI); for minutes with
//
//	go test -race -run Stress ./testutil/stress/ -stress.duration=2m -stress.validators=20000
package stress
