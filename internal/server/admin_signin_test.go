package server

import (
	"net/http"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/teachpilot/site/internal/admin"
)

func signInBody(email, password, code string) string {
	b := `{"email":"` + email + `","password":"` + password + `"`
	if code != "" {
		b += `,"code":"` + code + `"`
	}
	return b + `}`
}

// TestSignInSameAnswerAndAboutTheSameTime: an unknown account and a wrong password get the
// same status and message, and cost about the same time, because both check a password
// hash (a dummy one for an unknown account). The bound is generous (a factor of 4 between
// medians, and each at least a third of one hash) so a busy machine does not make it flaky;
// a path that skipped the hash would take a small fraction of it.
func TestSignInSameAnswerAndAboutTheSameTime(t *testing.T) {
	params := admin.Params{Memory: 8 * 1024, Time: 2, Threads: 1} // a real cost, a few ms
	ch := newConsoleHarness(t, admin.Config{Params: params, AccountLimit: 1000, ClientLimit: 1000}, nil)
	hash, err := admin.HashPassword("some password of the team", params)
	if err != nil {
		t.Fatal(err)
	}
	median := func(ds []time.Duration) time.Duration {
		slices.Sort(ds)
		return ds[len(ds)/2]
	}
	answers := map[string]string{}
	try := func(name, email string) time.Duration {
		start := time.Now()
		w := ch.do(call{method: "POST", path: "/api/admin/session", body: signInBody(email, "not the password at all", "")})
		d := time.Since(start)
		answers[name] = strconv.Itoa(w.Code) + " " + w.Body.String()
		return d
	}
	// Interleaved, so a burst of load on the shared machine hits both alike.
	var us, ws, hs []time.Duration
	_, _ = admin.VerifyPassword("warm-up", hash)
	for range 9 {
		us = append(us, try("unknown", "nobody@teachpilot.test"))
		ws = append(ws, try("wrong", consoleEmail))
		start := time.Now()
		_, _ = admin.VerifyPassword("wrong", hash)
		hs = append(hs, time.Since(start))
	}
	unknown, wrong, oneHash := median(us), median(ws), median(hs)
	if answers["unknown"] != answers["wrong"] {
		t.Errorf("answers differ:\nunknown account: %s\nwrong password:  %s", answers["unknown"], answers["wrong"])
	}
	if want := "401 " + `{"error":"` + msgBadCredentials + `"}` + "\n"; answers["wrong"] != want {
		t.Errorf("answer %q, want %q", answers["wrong"], want)
	}
	ratio := float64(unknown) / float64(wrong)
	t.Logf("one hash %v, unknown account %v, wrong password %v (ratio %.2f)", oneHash, unknown, wrong, ratio)
	if ratio < 1.0/4 || ratio > 4 {
		t.Errorf("unknown account %v vs wrong password %v: not about the same time", unknown, wrong)
	}
	for name, d := range map[string]time.Duration{"unknown": unknown, "wrong": wrong} {
		if d < oneHash/3 {
			t.Errorf("%s took %v, less than a third of a hash (%v): the hash was skipped", name, d, oneHash)
		}
	}
}

// TestSignInLockoutAndItsEnd: five wrong passwords lock the account (429 with Retry-After,
// even for the right password), and the lock ends when the clock passes it.
func TestSignInLockoutAndItsEnd(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{AccountLimit: 5, Lockout: 15 * time.Minute}, nil)
	for i := range 5 {
		w := ch.do(call{method: "POST", path: "/api/admin/session", body: signInBody(consoleEmail, "wrong password "+strconv.Itoa(i), ""), remote: "192.0.2.1:1000"})
		if w.Code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	w := ch.do(call{method: "POST", path: "/api/admin/session", body: signInBody(consoleEmail, consolePassword, ""), remote: "198.51.100.9:1000"})
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "900" {
		t.Fatalf("locked: %d Retry-After %q %s", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	if got := jsonBody(t, w)["error"]; got != "Too many attempts. Try again in 15 minutes." {
		t.Errorf("message %q", got)
	}
	ch.advance(14 * time.Minute)
	if w := ch.do(call{method: "POST", path: "/api/admin/session", body: signInBody(consoleEmail, consolePassword, "")}); w.Code != http.StatusTooManyRequests ||
		jsonBody(t, w)["error"] != "Too many attempts. Try again in 1 minute." || w.Header().Get("Retry-After") != "60" {
		t.Errorf("a minute before the end: %d %v %s", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	ch.advance(time.Minute)
	if w := ch.do(call{method: "POST", path: "/api/admin/session", body: signInBody(consoleEmail, consolePassword, "")}); w.Code != http.StatusOK {
		t.Errorf("after the lockout: %d %s", w.Code, w.Body)
	}
}

// TestSignInWithTOTP: enrolment and confirmation through the API; then sign-in asks for
// the code (401 needCode) until a right one is given; turning it off needs a code too.
func TestSignInWithTOTP(t *testing.T) {
	key := make([]byte, 32)
	ch := newConsoleHarness(t, admin.Config{SecretKey: key}, nil)
	tok := ch.signIn()
	w := ch.do(call{method: "POST", path: "/api/admin/account/totp", token: tok})
	if w.Code != http.StatusOK {
		t.Fatalf("enrol: %d %s", w.Code, w.Body)
	}
	enrol := jsonBody(t, w)
	secret, _ := enrol["secret"].(string)
	if qr, _ := enrol["qr"].(string); secret == "" || len(qr) < 100 || qr[:22] != "data:image/png;base64," {
		t.Fatalf("enrolment %v", enrol)
	}
	code := func() string {
		c, err := totp.GenerateCode(secret, ch.clock())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if w := ch.do(call{method: "POST", path: "/api/admin/account/totp/confirm", token: tok, body: `{"code":"000000"}`}); w.Code != http.StatusUnprocessableEntity {
		t.Errorf("wrong code confirmed: %d %s", w.Code, w.Body)
	}
	if w := ch.do(call{method: "POST", path: "/api/admin/account/totp/confirm", token: tok, body: `{"code":"` + code() + `"}`}); w.Code != http.StatusNoContent {
		t.Fatalf("confirm: %d %s", w.Code, w.Body)
	}
	ch.advance(time.Minute) // the next code: a code is accepted once
	for _, c := range []string{"", "123456"} {
		w := ch.do(call{method: "POST", path: "/api/admin/session", body: signInBody(consoleEmail, consolePassword, c)})
		if m := jsonBody(t, w); w.Code != http.StatusUnauthorized || m["needCode"] != true || m["error"] != msgNeedCode {
			t.Errorf("code %q: %d %v", c, w.Code, m)
		}
	}
	w = ch.do(call{method: "POST", path: "/api/admin/session", body: signInBody(consoleEmail, consolePassword, code())})
	if w.Code != http.StatusOK || jsonBody(t, w)["totp"] != true {
		t.Fatalf("with the code: %d %s", w.Code, w.Body)
	}
	// A wrong password with TOTP on still gets the one answer, never a code prompt.
	if w := ch.do(call{method: "POST", path: "/api/admin/session", body: signInBody(consoleEmail, "wrong password!", "")}); jsonBody(t, w)["needCode"] != nil {
		t.Errorf("wrong password asked for a code: %s", w.Body)
	}
	if w := ch.do(call{method: "DELETE", path: "/api/admin/account/totp", token: tok, body: `{"code":"000000"}`}); w.Code != http.StatusUnprocessableEntity {
		t.Errorf("turned off with a wrong code: %d", w.Code)
	}
	ch.advance(time.Minute)
	if w := ch.do(call{method: "DELETE", path: "/api/admin/account/totp", token: tok, body: `{"code":"` + code() + `"}`}); w.Code != http.StatusNoContent {
		t.Errorf("turn off: %d %s", w.Code, w.Body)
	}
	if w := ch.do(call{method: "POST", path: "/api/admin/session", body: signInBody(consoleEmail, consolePassword, "")}); w.Code != http.StatusOK {
		t.Errorf("after turning it off: %d %s", w.Code, w.Body)
	}
}

// TestTOTPNeedsTheSecretKey: without ADMIN_SECRET_KEY enrolment answers 400 with a reason.
func TestTOTPNeedsTheSecretKey(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{}, nil)
	w := ch.do(call{method: "POST", path: "/api/admin/account/totp", token: ch.signIn()})
	if w.Code != http.StatusBadRequest || jsonBody(t, w)["error"] == "" {
		t.Errorf("%d %s", w.Code, w.Body)
	}
}
