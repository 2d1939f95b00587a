// Package web holds the React site. Its build output is embedded into the Go binary.
package web

import (
	"embed"
	"io/fs"
)

// all: keeps files whose names start with _ or . (React Router emits some).
//
//go:embed all:build/client
var client embed.FS

// Client returns the pre-rendered site (web/build/client) as a file system rooted at the
// site's root: "index.html", "assets/…", "blog/index.html" and so on.
func Client() fs.FS {
	sub, err := fs.Sub(client, "build/client")
	if err != nil {
		panic(err) // the path is a constant checked by go:embed
	}
	return sub
}

//go:embed forms.json
var formRules []byte

// FormRules returns web/forms.json: every form's fields, limits, options and messages, the
// rules both the browser and the server check (see internal/server/forms.go).
func FormRules() []byte { return formRules }
