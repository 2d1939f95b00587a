package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"

	"github.com/teachpilot/site/internal/store"
)

// maxKeptAnswer bounds the answer kept for an Idempotency-Key; the API's are far smaller.
const maxKeptAnswer = 16 << 10

// idempotent makes a post with an Idempotency-Key header safe to retry, for a client that
// lost the answer to a network error. The first request with a key runs as usual; a 2xx JSON
// answer is kept with the key for a day (store.KeepAnswersFor), anything else frees the key.
// Then, with the same key:
//
//   - the same request (method, path, content type and body) gets the kept answer again,
//     with Idempotent-Replayed: true, and stores nothing;
//   - a different request is refused: 422 {"error": …}, since the key was minted for other
//     data (a client bug, never a retry);
//   - while the first request still runs: 409 {"error": …} with Retry-After: 1.
//
// A key is 1 to 255 visible ASCII characters (400 otherwise). Keys are per route. Without
// the header a post is not deduplicated, as before.
func (s *Server) idempotent(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		if key == "" || s.api.store == nil {
			next.ServeHTTP(w, r)
			return
		}
		if !validIdempotencyKey(key) {
			writeJSON(w, http.StatusBadRequest, apiError{"The Idempotency-Key header must be 1 to 255 visible ASCII characters."})
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			if tooLarge(err) {
				s.fail(w, r, http.StatusRequestEntityTooLarge, "The request body is too large.")
			} else {
				s.fail(w, r, http.StatusBadRequest, "The request body could not be read.")
			}
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h := sha256.New()
		fmt.Fprintf(h, "%s %s\n%s\n", r.Method, r.URL.RequestURI(), r.Header.Get("Content-Type"))
		h.Write(body)
		hash := h.Sum(nil)

		ctx := r.Context()
		route := r.URL.Path
		reserved, kept, err := s.api.store.ReserveIdempotency(ctx, route, key, hash, store.EmailKey(emailIn(r, body)), s.api.now())
		if err != nil {
			s.serverError(w, r, fmt.Errorf("idempotency key: %w", err))
			return
		}
		if !reserved {
			switch {
			case !bytes.Equal(kept.RequestHash, hash):
				writeJSON(w, http.StatusUnprocessableEntity, apiError{"This Idempotency-Key was already used for a different request. Send new data with a new key."})
			case kept.Status == 0:
				w.Header().Set("Retry-After", "1")
				writeJSON(w, http.StatusConflict, apiError{"A request with this Idempotency-Key is still being processed. Please try again in a moment."})
			default:
				w.Header().Set("Content-Type", kept.ContentType)
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(kept.Status)
				_, _ = w.Write(kept.Body)
			}
			return
		}

		c := &capture{ResponseWriter: w}
		done := false
		// The outcome is recorded even if the client has gone: that is the case keys are for.
		record := context.WithoutCancel(ctx)
		defer func() {
			if !done { // the handler panicked: free the key
				_ = s.api.store.DropIdempotency(record, route, key)
			}
		}()
		next.ServeHTTP(c, r)
		done = true
		mt, _, _ := mime.ParseMediaType(c.Header().Get("Content-Type"))
		if c.status >= 200 && c.status < 300 && mt == "application/json" && c.body.Len() <= maxKeptAnswer {
			err = s.api.store.KeepAnswer(record, route, key, c.status, c.Header().Get("Content-Type"), c.body.Bytes())
		} else {
			err = s.api.store.DropIdempotency(record, route, key)
		}
		if err != nil {
			s.log.ErrorContext(ctx, "idempotency key not recorded", "route", route, "err", err)
		}
	})
}

// validIdempotencyKey: 1 to 255 visible ASCII characters.
func validIdempotencyKey(k string) bool {
	if len(k) > 255 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x21 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

// emailIn is the "email" field of a post body (JSON or url-encoded), or "": the kept
// answer is filed under it, so a data request deletes it.
func emailIn(r *http.Request, body []byte) string {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "application/x-www-form-urlencoded" {
		v, _ := url.ParseQuery(string(body))
		return v.Get("email")
	}
	var b struct {
		Email string `json:"email"`
	}
	_ = json.Unmarshal(body, &b)
	return b.Email
}

// capture passes a response through and keeps its status and (the start of) its body.
type capture struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (c *capture) WriteHeader(code int) {
	if c.status == 0 && code >= 200 {
		c.status = code
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *capture) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	if c.body.Len() <= maxKeptAnswer {
		c.body.Write(b)
	}
	return c.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (c *capture) Unwrap() http.ResponseWriter { return c.ResponseWriter }
