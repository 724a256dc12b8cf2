module github.com/ssztree/ssztree

go 1.24

require github.com/prysmaticlabs/gohashtree v0.0.4-beta

require github.com/klauspost/cpuid/v2 v2.0.9 // indirect
