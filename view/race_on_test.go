//go:build race

package view

// raceEnabled is set under the race detector, which makes sync.Pool drop
// items at random: allocation counts are not checked then.
const raceEnabled = true
