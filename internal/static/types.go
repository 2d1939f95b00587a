package static

import (
	"mime"
	"net/http"
	"path"
	"strings"
)

// Cache-Control values by asset class (DESIGN §4).
const (
	cacheRevalidate = "no-cache"                            // HTML and React Router's .data
	cacheImmutable  = "public, max-age=31536000, immutable" // /assets/*, hashed by Vite
	cacheShort      = "public, max-age=3600"                // favicon, images, robots.txt, feeds…
)

// cacheClass returns the Cache-Control value for a URL path (DESIGN §4): HTML and loader
// data revalidate every time, hashed assets are immutable, the rest is cached an hour.
func cacheClass(urlPath, ctype string) string {
	switch {
	case strings.HasPrefix(ctype, "text/html"), strings.HasSuffix(urlPath, ".data"):
		return cacheRevalidate
	case strings.HasPrefix(urlPath, "/assets/"):
		return cacheImmutable
	default:
		return cacheShort
	}
}

// contentTypes is fixed here rather than taken from the system's mime.types, so the
// binary answers the same on every machine.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".data":        "text/x-script", // React Router's pre-rendered loader data (turbo-stream)
	".txt":         "text/plain; charset=utf-8",
	".xml":         "application/xml; charset=utf-8",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".ico":         "image/x-icon",
	".woff":        "font/woff",
	".woff2":       "font/woff2",
	".ttf":         "font/ttf",
	".pdf":         "application/pdf",
}

// contentType is the Content-Type of a file of the build, by its extension.
func contentType(name string, data []byte) string {
	ext := strings.ToLower(path.Ext(name))
	if ct, ok := contentTypes[ext]; ok {
		return ct
	}
	if ct := mime.TypeByExtension(ext); ct != "" {
		return ct
	}
	return http.DetectContentType(data)
}

// compressible reports whether a content type is worth compressing (text, not images or
// fonts that are compressed already).
func compressible(ctype string) bool {
	mt, _, _ := strings.Cut(ctype, ";")
	switch {
	case strings.HasPrefix(mt, "text/"):
		return true
	case mt == "image/svg+xml", mt == "image/x-icon", mt == "font/ttf":
		return true
	case strings.HasPrefix(mt, "application/"):
		return mt == "application/json" || mt == "application/manifest+json" ||
			mt == "application/xml" || strings.HasSuffix(mt, "+xml") || mt == "application/javascript"
	}
	return false
}
