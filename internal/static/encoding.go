package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
)

// This file holds a file's encodings: the build's pre-compressed siblings, checked once,
// or compression at start for files without them (or whose origin was replaced), and
// the choice of encoding for a request.

// encoding indexes a file's representations.
type encoding int

const (
	identity encoding = iota
	encGzip
	encBrotli
	numEncodings
)

// encodingNames are the Content-Encoding values of each representation.
var encodingNames = [numEncodings]string{"", "gzip", "br"}

// siblingSuffixes are the names the build gives a file's pre-compressed copies.
var siblingSuffixes = [numEncodings]string{encGzip: ".gz", encBrotli: ".br"}

// suffixTag distinguishes each encoding's ETag from the identity one.
var suffixTag = [numEncodings]string{encGzip: "gz", encBrotli: "br"}

// Compression levels for files the build did not pre-compress (tests, a build made without
// web/scripts/precompress.ts, or a file whose origin placeholder was replaced at start):
// fast, since it happens at every start.
const (
	startGzipLevel     = gzip.DefaultCompression
	startBrotliQuality = 5
)

// representation is one encoding of a file.
type representation struct {
	body   []byte
	etag   string // strong, distinct per encoding
	length string // Content-Length
}

func newRepresentation(body []byte, tag string) *representation {
	return &representation{body: body, etag: `"` + tag + `"`, length: strconv.Itoa(len(body))}
}

// encode sets the file's representations: identity always; gzip and brotli from the
// build's pre-compressed siblings when they are smaller and decode to data, otherwise,
// for compressible types, compressed here at a fast level and kept only when smaller.
// A sibling that does not decode to data is an error: the build is inconsistent (a file
// changed after precompress ran), and serving it would send other bytes than the file's.
func (f *file) encode(data []byte, siblings [numEncodings][]byte) error {
	sum := sha256.Sum256(data)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	f.reps[identity] = newRepresentation(data, tag)
	for _, enc := range []encoding{encGzip, encBrotli} {
		body := siblings[enc]
		if body != nil {
			if !decodesTo(enc, body, data) {
				return fmt.Errorf("pre-compressed %s: does not decode to the file; rebuild the site", encodingNames[enc])
			}
		} else if compressible(f.ctype) {
			var err error
			if body, err = compress(enc, data); err != nil {
				return err
			}
		}
		if body != nil && len(body) < len(data) {
			f.reps[enc] = newRepresentation(body, tag+"-"+suffixTag[enc])
		}
	}
	return nil
}

// compress encodes data at the start-up level of enc.
func compress(enc encoding, data []byte) ([]byte, error) {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch enc {
	case encGzip:
		zw, err := gzip.NewWriterLevel(&buf, startGzipLevel)
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		w = zw
	case encBrotli:
		// A window just big enough for the file: same output, far less memory for small files.
		lgwin := max(10, min(24, bits.Len(uint(len(data)))))
		w = brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: startBrotliQuality, LGWin: lgwin})
	default:
		return nil, fmt.Errorf("compress: unknown encoding %d", enc)
	}
	if _, err := w.Write(data); err != nil {
		return nil, fmt.Errorf("%s: %w", encodingNames[enc], err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("%s: %w", encodingNames[enc], err)
	}
	return buf.Bytes(), nil
}

// decodesTo reports whether body, encoded with enc, decodes to exactly want.
func decodesTo(enc encoding, body, want []byte) bool {
	var r io.Reader
	switch enc {
	case encGzip:
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return false
		}
		r = zr
	case encBrotli:
		r = brotli.NewReader(bytes.NewReader(body))
	default:
		return bytes.Equal(body, want)
	}
	// Decode into a buffer one byte longer than want, so trailing extra output shows.
	got := make([]byte, len(want)+1)
	n, err := io.ReadFull(r, got)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return false
	}
	if n != len(want) || !bytes.Equal(got[:n], want) {
		return false
	}
	// The whole stream must be valid (checksums are checked at its end).
	_, err = io.Copy(io.Discard, r)
	return err == nil
}

// etagMatches reports whether an If-None-Match header lists etag (weak comparison, as
// RFC 9110 §13.1.2 requires) or is "*".
func etagMatches(header []string, etag string) bool {
	for _, v := range header {
		for v != "" {
			var item string
			item, v, _ = strings.Cut(v, ",")
			item = strings.TrimSpace(item)
			if item == "*" || strings.TrimPrefix(item, "W/") == etag {
				return true
			}
		}
	}
	return false
}

// negotiate picks the representation of f to send for an Accept-Encoding header: the
// highest q-value among those f has, ties going to br, then gzip, then identity.
func negotiate(accept []string, f *file) encoding {
	if len(accept) == 0 || (f.reps[encGzip] == nil && f.reps[encBrotli] == nil) {
		return identity
	}
	qBr, qGzip := acceptQ(accept)
	// identity is acceptable unless refused; if it is refused and nothing else fits we
	// send it anyway, which RFC 9110 allows and is more useful than a 406.
	best, bestQ := identity, 0.0
	if f.reps[encGzip] != nil && qGzip > bestQ {
		best, bestQ = encGzip, qGzip
	}
	if f.reps[encBrotli] != nil && qBr > 0 && qBr >= bestQ {
		best = encBrotli
	}
	return best
}

// AcceptsGzip reports whether an Accept-Encoding header takes gzip (the server compresses
// the pages it renders itself with gzip, the one encoding the standard library writes).
func AcceptsGzip(accept []string) bool {
	_, qGzip := acceptQ(accept)
	return qGzip > 0
}

// acceptQ returns the q-values an Accept-Encoding header gives br and gzip (by name or by
// "*"); -1 for one it does not name at all.
func acceptQ(accept []string) (qBr, qGzip float64) {
	qBr, qGzip = -1, -1
	qStar := -1.0
	for _, v := range accept {
		for v != "" {
			var item string
			item, v, _ = strings.Cut(v, ",")
			name, params, _ := strings.Cut(item, ";")
			name = strings.TrimSpace(name)
			q := parseQ(params)
			switch {
			case strings.EqualFold(name, "br"):
				qBr = q
			case strings.EqualFold(name, "gzip"), strings.EqualFold(name, "x-gzip"):
				qGzip = q
			case name == "*":
				qStar = q
			}
		}
	}
	if qBr < 0 {
		qBr = qStar
	}
	if qGzip < 0 {
		qGzip = qStar
	}
	return qBr, qGzip
}

// parseQ returns the q parameter of an Accept-Encoding item's parameters (1 when absent,
// 0 when malformed, so a broken header never selects an encoding it did not ask for).
func parseQ(params string) float64 {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || q < 0 || q > 1 {
			return 0
		}
		return q
	}
	return 1
}
