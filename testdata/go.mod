module github.com/ssztree/ssztree/testdata

go 1.24
