//go:build race

package schema

// raceEnabled is set under the race detector, which makes sync.Pool drop
// items at random: allocation counts are not checked then.
const raceEnabled = true
