// Package web holds the React site and the JSON files both sides read (pages.json,
// forms.json, brand.json). The site's build output is embedded into the Go binary.
package web

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"unicode"
)

// Client returns the pre-rendered site (web/build/client, or the placeholder page without
// the site build tag) as a file system rooted at the site's root: "index.html",
// "assets/…", "blog/index.html" and so on.
func Client() fs.FS {
	sub, err := fs.Sub(client, clientRoot)
	if err != nil {
		panic(err) // the path is a constant checked by go:embed
	}
	return sub
}

//go:embed forms.json
var formRules []byte

// FormRules returns web/forms.json: every form's fields, limits, options and messages, the
// rules both the browser and the server check (see internal/server/formspec.go).
func FormRules() []byte { return formRules }

//go:embed brand.json
var brandJSON []byte

// productName is brand.json's product name, parsed once; TestBrand checks brandErr is nil.
var productName, brandErr = parseBrand(brandJSON)

// ProductName returns the product's name from web/brand.json, the one place it lives (the
// React site reads the same file).
func ProductName() string { return productName }

// parseBrand reads the product name from a brand.json: one line of printable text, not
// empty, without spaces around it.
func parseBrand(b []byte) (string, error) {
	var brand struct {
		ProductName string `json:"productName"`
	}
	if err := json.Unmarshal(b, &brand); err != nil {
		return "", fmt.Errorf("brand.json: %w", err)
	}
	name := brand.ProductName
	unprintable := func(r rune) bool { return !unicode.IsPrint(r) }
	if name == "" || name != strings.TrimSpace(name) || strings.ContainsFunc(name, unprintable) {
		return "", fmt.Errorf("brand.json: productName: want one line of text without spaces around it, got %q", name)
	}
	return name, nil
}
