module github.com/ssztree/ssztree/examples

go 1.25.0

require (
	github.com/OffchainLabs/go-bitfield v0.0.0-20251031151322-f427d04d8506
	github.com/holiman/uint256 v1.3.2
	github.com/pk910/dynamic-ssz v1.4.0
	github.com/ssztree/ssztree v0.0.0-00010101000000-000000000000
)

require (
	github.com/klauspost/cpuid/v2 v2.3.0 // indirect
	github.com/pk910/hashtree-bindings v0.2.6 // indirect
	github.com/prysmaticlabs/gohashtree v0.0.4-beta // indirect
	golang.org/x/sys v0.30.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace github.com/ssztree/ssztree => ../

tool github.com/ssztree/ssztree/cmd/sszgen
