package server

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// oneClickPerMinute is the rate limit of RFC 8058 one-click unsubscribes per client: mail
// providers post them from a few servers for all their users at once, so they must not
// share the bucket of form posts (RATE_LIMIT, 30/min), and a generous limit only stops a
// flood. It is not configurable: it scales with mail volume, not with what a visitor does.
const oneClickPerMinute = 600

// postUnsubscribe is post for POST /api/newsletter/unsubscribe: a one-click request (form
// body List-Unsubscribe=One-Click) is counted in a bucket of its own and, over it, answered
// 429 in JSON (it comes from a mail server, never a browser); any other request is a form
// post like the rest.
func (s *Server) postUnsubscribe(h http.HandlerFunc) http.Handler {
	form := s.post(h)
	var l *limiter
	if !s.cfg.RateLimit.Off() {
		l = newLimiter(oneClickPerMinute, time.Minute, s.cfg.TrustedProxies)
	}
	oneClick := s.api.csrf.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if l != nil {
			if ok, wait := l.allow(clientKey(clientIP(r, l.trusted))); !ok {
				secs := max(1, int(math.Ceil(wait.Seconds())))
				w.Header().Set("Retry-After", strconv.Itoa(secs))
				writeJSON(w, http.StatusTooManyRequests, apiError{fmt.Sprintf("Too many unsubscribe requests; please try again in %d seconds.", secs)})
				return
			}
		}
		if s.api.store == nil || s.api.rules == nil {
			writeJSON(w, http.StatusServiceUnavailable, apiError{"Unsubscribing is not available right now."})
			return
		}
		h(w, r)
	}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isOneClick(r) {
			oneClick.ServeHTTP(w, r)
		} else {
			form.ServeHTTP(w, r)
		}
	})
}

// isOneClick reports whether r is an RFC 8058 one-click unsubscribe: a url-encoded body with
// List-Unsubscribe=One-Click. It reads the body and puts it back for the handler.
func isOneClick(r *http.Request) bool {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		return false
	}
	b, _ := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	r.Body = readCloser{io.MultiReader(bytes.NewReader(b), r.Body), r.Body}
	if len(b) > maxBody {
		return false
	}
	v, err := url.ParseQuery(string(b))
	return err == nil && v.Get("List-Unsubscribe") == "One-Click"
}

// readCloser reads from one reader and closes another (a body read ahead and put back).
type readCloser struct {
	io.Reader
	io.Closer
}
