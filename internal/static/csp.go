package static

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// inlineHashes collects the CSP source expressions ('sha256-…') of the inline code in an
// HTML page, so its policy allows exactly what the build emitted and nothing else.
type inlineHashes struct {
	// scripts are the hashes of <script> elements without src that a browser executes.
	scripts []string
	// styles are the hashes of <style> elements.
	styles []string
	// styleAttrs are the hashes of style="" attribute values; CSP allows them only
	// with 'unsafe-hashes'.
	styleAttrs []string
}

// collect parses one HTML document and adds the hashes of its inline scripts and styles.
func (ih *inlineHashes) collect(doc []byte) error {
	z := html.NewTokenizer(bytes.NewReader(doc))
	var (
		in   *[]string // the list the current element's text goes to, nil outside one
		text []byte
	)
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if errors.Is(z.Err(), io.EOF) {
				return nil
			}
			return z.Err()
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			var typ string
			var hasSrc bool
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				switch string(k) {
				case "style":
					ih.styleAttrs = addHash(ih.styleAttrs, v)
				case "src":
					hasSrc = true
				case "type":
					typ = string(v)
				}
			}
			switch string(name) {
			case "script":
				if !hasSrc && executable(typ) && tt == html.StartTagToken {
					in, text = &ih.scripts, text[:0]
				}
			case "style":
				if tt == html.StartTagToken {
					in, text = &ih.styles, text[:0]
				}
			}
		case html.TextToken:
			if in != nil {
				text = append(text, z.Text()...)
			}
		case html.EndTagToken:
			if in != nil {
				*in = addHash(*in, text)
				in = nil
			}
		}
	}
}

// executable reports whether a <script type> is run by the browser, and so subject to
// script-src. Data blocks such as JSON-LD (application/ld+json) are not.
func executable(typ string) bool {
	switch strings.ToLower(strings.TrimSpace(typ)) {
	case "", "module", "importmap", "speculationrules",
		"text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript":
		return true
	}
	return false
}

// addHash adds the CSP hash source of content to list, once, keeping list sorted so the
// policy is the same on every start.
func addHash(list []string, content []byte) []string {
	sum := sha256.Sum256(content)
	h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	i, found := slices.BinarySearch(list, h)
	if found {
		return list
	}
	return slices.Insert(list, i, h)
}

// contentSecurityPolicy builds the policy of a response (DESIGN §4). script-src never has
// 'unsafe-inline' or 'unsafe-eval': a page's inline scripts are allowed by hash. Inline
// style attributes, if the build has any, are allowed by hash with 'unsafe-hashes' rather
// than by 'unsafe-inline'. Responses that are not pages get the policy without hashes.
func contentSecurityPolicy(ih inlineHashes) string {
	script := append([]string{"'self'"}, ih.scripts...)
	style := append([]string{"'self'"}, ih.styles...)
	if len(ih.styleAttrs) > 0 {
		style = append(style, "'unsafe-hashes'")
		style = append(style, ih.styleAttrs...)
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src " + strings.Join(style, " "),
		"img-src 'self' data: https://images.unsplash.com https://upload.wikimedia.org",
		"font-src 'self'",
		"connect-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
		"manifest-src 'self'",
	}, "; ")
}

// PolicyFor returns the Content-Security-Policy of an HTML document: the site's policy with
// the hashes of the document's own inline scripts and styles.
func PolicyFor(doc []byte) (string, error) {
	var ih inlineHashes
	if err := ih.collect(doc); err != nil {
		return "", err
	}
	return contentSecurityPolicy(ih), nil
}

// defaultPolicy allows no inline code; a page replaces it with PolicyFor's.
var defaultPolicy = contentSecurityPolicy(inlineHashes{})

// SecurityHeaders sets the headers of DESIGN §4 on every response before next runs, so
// pages, assets, API answers, 404s and errors all carry them. HSTS is sent when hsts is
// set (HTTPS behind a proxy) or the request came over TLS.
func SecurityHeaders(hsts bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", defaultPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Xss-Protection", "1; mode=block")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		if hsts || r.TLS != nil {
			// Two years, as the preload list asks.
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}
