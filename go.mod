module github.com/ssztree/ssztree

go 1.24

require (
	github.com/golang/snappy v1.0.0
	github.com/holiman/uint256 v1.3.2
	github.com/prysmaticlabs/gohashtree v0.0.4-beta
	gopkg.in/yaml.v3 v3.0.1
)

require github.com/klauspost/cpuid/v2 v2.0.9 // indirect
