package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/webhook"
)

const (
	// resendAfter is how long a pending address waits before asking again sends another
	// confirmation email: repeated sign-ups cannot flood someone's inbox.
	resendAfter = 10 * time.Minute
	// confirmFor is how long a confirmation link works.
	confirmFor = 7 * 24 * time.Hour

	subscribeMessage   = "Check your inbox to confirm your subscription."
	confirmedMessage   = "Your subscription is confirmed. Thank you!"
	unsubscribeMessage = "You're unsubscribed. We won't send you the newsletter again."
)

var (
	errUnknownToken = errors.New("unknown token")
	errExpiredToken = errors.New("expired token")
)

// newsletterForm is a sign-up: forms.json's newsletter form.
type newsletterForm struct {
	Email string `json:"email"`
}

// subscribe handles POST /api/newsletter: {"email": "…", "website": ""}.
//
// It answers 201 {"message": "Check your inbox to confirm your subscription."} whatever the
// address's state, so the answer never tells whether it was known; a plain form post gets
// 303 to /newsletter/check-email. Behind the answer:
//   - a new address is stored as pending and sent a confirmation email (double opt-in);
//   - a pending one is sent a fresh confirmation, at most once every 10 minutes;
//   - a confirmed one is sent nothing (it is already subscribed; no email, so repeated
//     sign-ups cannot be used to send mail to someone);
//   - an unsubscribed one becomes pending and is sent a confirmation: opting in again.
//
// Every confirmation email carries an unsubscribe link and the List-Unsubscribe and
// List-Unsubscribe-Post (RFC 8058 one-click) headers. With the honeypot filled, a new address
// is stored marked as spam and nothing is sent.
func (s *Server) subscribe(w http.ResponseWriter, r *http.Request) {
	sub, ok := decodeForm[newsletterForm](s, w, r, "newsletter")
	if !ok {
		return
	}
	ctx := r.Context()
	email := strings.ToLower(sub.Fields.Email)
	now := s.api.now()
	queued := false
	err := s.api.store.InTx(ctx, func(tx *store.Tx) error {
		queued = false
		id, _, err := tx.AddSubscriber(ctx, email, sub.Spam, now)
		if err != nil || sub.Spam {
			return err
		}
		start, err := tx.StartConfirmation(ctx, id, now, now.Add(-resendAfter))
		if err != nil || !start {
			return err
		}
		confirm, err := s.newSubscriberToken(ctx, tx, id, store.PurposeConfirm, now)
		if err != nil {
			return err
		}
		unsubscribe, err := s.newSubscriberToken(ctx, tx, id, store.PurposeUnsubscribe, now)
		if err != nil {
			return err
		}
		msg, err := mail.Outgoing(mail.KindNewsletterConfirm, email, email, mail.NewsletterConfirm{
			ConfirmURL:     s.link(s.paths.newsletterConfirm, "token", confirm),
			UnsubscribeURL: s.link(s.paths.newsletterUnsubscribe, "token", unsubscribe),
			OneClickURL:    s.link("/api/newsletter/unsubscribe", "token", unsubscribe),
		})
		if err != nil {
			return err
		}
		queued, err = s.enqueueToVisitor(ctx, tx, msg, now)
		return err
	})
	if err != nil {
		s.serverError(w, r, fmt.Errorf("subscribe: %w", err))
		return
	}
	s.queued(queued)
	success(w, r, http.StatusCreated, message{subscribeMessage}, s.api.rules.Forms["newsletter"].successPath)
}

// confirmSubscription handles POST /api/newsletter/confirm: {"token": "…"} (or a plain
// form post with a token field), from the button of the /newsletter/confirm?token=… page.
// Fetching the page confirms nothing, so link scanners cannot subscribe anyone.
//
// It answers 200 {"message": "Your subscription is confirmed. Thank you!"} (again if
// confirmed already), 404 for an unknown token, 410 for an expired one; a plain form post
// gets 303 to /newsletter/confirmed.
func (s *Server) confirmSubscription(w http.ResponseWriter, r *http.Request) {
	token, _, ok := s.readToken(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	now := s.api.now()
	err := s.api.store.InTx(ctx, func(tx *store.Tx) error {
		sub, expires, err := tx.SubscriberByToken(ctx, hashToken(token), store.PurposeConfirm)
		if errors.Is(err, store.ErrNotFound) {
			return errUnknownToken
		}
		if err != nil {
			return err
		}
		if expires != nil && now.After(*expires) {
			return errExpiredToken
		}
		// A token confirms once; opened again while the address is confirmed, the same
		// answer as before (store/tokens.go).
		if fresh, err := tx.UseConfirmToken(ctx, hashToken(token), now); err != nil || !fresh {
			if err == nil && sub.Status != store.Confirmed {
				err = errUnknownToken
			}
			return err
		}
		if err := tx.Confirm(ctx, sub.ID, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, webhook.NewsletterConfirmed, newsletterConfirmedEvent{Email: sub.Email, ConfirmedAt: now.UTC()}, sub.Email, now)
	})
	switch {
	case errors.Is(err, errUnknownToken):
		s.fail(w, r, http.StatusNotFound, "This confirmation link is not valid. Please subscribe again to get a new one.")
	case errors.Is(err, errExpiredToken):
		s.fail(w, r, http.StatusGone, "This confirmation link has expired. Please subscribe again to get a new one.")
	case err != nil:
		s.serverError(w, r, fmt.Errorf("confirm subscription: %w", err))
	default:
		success(w, r, http.StatusOK, message{confirmedMessage}, s.paths.newsletterConfirmed)
	}
}

// unsubscribe handles POST /api/newsletter/unsubscribe, from the button of the
// /newsletter/unsubscribe?token=… page ({"token": "…"} or a plain form post) and from mail
// programs: RFC 8058 one-click, a POST to the List-Unsubscribe URL (…?token=…) with the
// form body List-Unsubscribe=One-Click.
//
// It answers 200 {"message": "You're unsubscribed. …"} (again if unsubscribed already) and
// 404 for an unknown token; a plain form post from the page gets 303 to
// /newsletter/unsubscribed. Unsubscribe tokens do not expire.
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	token, oneClick, ok := s.readToken(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	now := s.api.now()
	err := s.api.store.InTx(ctx, func(tx *store.Tx) error {
		sub, _, err := tx.SubscriberByToken(ctx, hashToken(token), store.PurposeUnsubscribe)
		if errors.Is(err, store.ErrNotFound) {
			return errUnknownToken
		}
		if err != nil {
			return err
		}
		return tx.Unsubscribe(ctx, sub.ID, now)
	})
	switch {
	case errors.Is(err, errUnknownToken):
		if oneClick {
			writeJSON(w, http.StatusNotFound, apiError{"This unsubscribe link is not valid."})
			return
		}
		s.fail(w, r, http.StatusNotFound, "This unsubscribe link is not valid. Please use the link from your most recent email, or write to us and we will remove your address.")
	case err != nil:
		s.serverError(w, r, fmt.Errorf("unsubscribe: %w", err))
	case oneClick:
		writeJSON(w, http.StatusOK, message{unsubscribeMessage})
	default:
		success(w, r, http.StatusOK, message{unsubscribeMessage}, s.paths.newsletterUnsubscribed)
	}
}

type message struct {
	Message string `json:"message"`
}

// maxToken bounds what is read as a token; real ones are 43 characters.
const maxToken = 256

// readToken reads the token of a confirm or unsubscribe post: from a JSON body
// {"token": "…"}, a form field, or the URL's query (one-click links). oneClick reports an
// RFC 8058 one-click request (form field List-Unsubscribe=One-Click).
func (s *Server) readToken(w http.ResponseWriter, r *http.Request) (token string, oneClick, ok bool) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	switch mediaType(r) {
	case "application/json":
		var body struct {
			Token string `json:"token"`
		}
		if err := readJSON(r.Body, &body); err != nil {
			s.failRequest(w, r, err)
			return "", false, false
		}
		token = body.Token
	case "application/x-www-form-urlencoded", "multipart/form-data":
		if err := parseForm(r); err != nil {
			s.failRequest(w, r, err)
			return "", false, false
		}
		token = r.PostForm.Get("token")
		oneClick = r.PostForm.Get("List-Unsubscribe") == "One-Click"
	default:
		s.fail(w, r, http.StatusUnsupportedMediaType, "Send the token as application/json or application/x-www-form-urlencoded.")
		return "", false, false
	}
	if token == "" {
		token = r.URL.Query().Get("token")
	}
	token = strings.TrimSpace(token)
	if token == "" {
		const missing = "This link is missing its code. Please open the link from your email again."
		if isFormPost(r) && !oneClick {
			s.fail(w, r, http.StatusUnprocessableEntity, missing)
		} else {
			writeJSON(w, http.StatusUnprocessableEntity, fieldErrors{Errors: map[string]string{"token": missing}})
		}
		return "", false, false
	}
	if len(token) > maxToken {
		token = token[:maxToken] // cannot match: real tokens are short
	}
	return token, oneClick, true
}

// newSubscriberToken makes a random token, stores its hash for subscriber id, and returns it.
func (s *Server) newSubscriberToken(ctx context.Context, tx *store.Tx, id int64, purpose string, now time.Time) (string, error) {
	var b [32]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand)
	token := base64.RawURLEncoding.EncodeToString(b[:])
	var expires *time.Time
	if purpose == store.PurposeConfirm {
		e := now.Add(confirmFor)
		expires = &e
	}
	if err := tx.AddSubscriberToken(ctx, hashToken(token), id, purpose, now, expires); err != nil {
		return "", err
	}
	return token, nil
}

// hashToken is what the store keeps of a token: a copy of the database cannot confirm or
// unsubscribe anyone.
func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// link is an absolute URL on the site (BASE_URL) with one query parameter, or none when
// key is empty.
func (s *Server) link(path, key, value string) string {
	u := *s.cfg.BaseURL
	u.Path = strings.TrimSuffix(u.Path, "/") + path
	if key != "" {
		u.RawQuery = url.Values{key: {value}}.Encode()
	}
	return u.String()
}

// queued wakes the mail worker after a commit that put mail in the outbox.
func (s *Server) queued(yes bool) {
	if yes && s.api.notify != nil {
		s.api.notify()
	}
}
