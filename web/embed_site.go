//go:build site

package web

import "embed"

// all: keeps files whose names start with _ or . (React Router emits some, and the shell
// lives at _shell/index.html).
//
//go:embed all:build/client
var client embed.FS

// clientRoot is the directory of client that holds the site.
const clientRoot = "build/client"

// HasSite reports whether the binary embeds the real site (built with -tags site, as
// `make build` does) rather than the placeholder page.
func HasSite() bool { return true }
