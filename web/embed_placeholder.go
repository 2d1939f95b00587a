//go:build !site

package web

import "embed"

// Without the site tag the binary embeds a one-page placeholder instead of web/build, so
// `go vet ./...` and `go test ./...` work on a fresh clone before any npm install (the way
// pocketbase and memos ship a stub UI). `make build` and `make test` pass -tags site.
//
//go:embed placeholder
var client embed.FS

// clientRoot is the directory of client that holds the site.
const clientRoot = "placeholder"

// HasSite reports whether the binary embeds the real site (built with -tags site, as
// `make build` does) rather than the placeholder page.
func HasSite() bool { return false }
