package admin_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base32"
	"encoding/binary"
	"errors"
	"fmt"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
)

// code computes the RFC 6238 code of secret at t, independently of the library.
func code(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(strings.ToUpper(secret))
	if err != nil {
		t.Fatal(err)
	}
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(at.Unix()/30))
	m := hmac.New(sha1.New, key)
	m.Write(msg[:])
	sum := m.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	n := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	return fmt.Sprintf("%06d", n%1_000_000)
}

func TestTOTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		c := newClock()
		key := bytes.Repeat([]byte{7}, 32)
		svc, ada := newService(t, s, c, admin.Config{SecretKey: key})

		enr, err := svc.EnrolTOTP(ctx, ada)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(enr.URL, "otpauth://totp/TeachPilot:ada@example.org?") || !strings.Contains(enr.URL, "secret="+enr.Secret) {
			t.Errorf("URL %q", enr.URL)
		}
		img, err := png.Decode(bytes.NewReader(enr.QRPNG))
		if err != nil || img.Bounds().Dx() != 256 {
			t.Fatalf("QR code: %v", err)
		}
		stored, _ := s.AdminByEmail(ctx, "ada@example.org")
		if bytes.Contains(stored.TOTPSecret, []byte(enr.Secret)) {
			t.Error("the secret is stored in the clear")
		}
		if _, err := svc.SignIn(ctx, "ada@example.org", goodPassword, "", "192.0.2.1"); err != nil {
			t.Fatalf("before confirmation the code is not asked: %v", err)
		}
		if err := svc.ConfirmTOTP(ctx, ada.ID, code(t, enr.Secret, c.Now().Add(10*time.Minute))); !errors.Is(err, admin.ErrInvalidCode) {
			t.Fatalf("a wrong first code: %v", err)
		}
		if err := svc.ConfirmTOTP(ctx, ada.ID, code(t, enr.Secret, c.Now())); err != nil {
			t.Fatal(err)
		}

		c.Advance(time.Minute)
		now := c.Now()
		for _, tc := range []struct {
			name string
			code string
			want error
		}{
			{"no code", "", admin.ErrCodeRequired},
			{"a wrong code", "12345x", admin.ErrInvalidCode},
			{"a code from five minutes ago", code(t, enr.Secret, now.Add(-5*time.Minute)), admin.ErrInvalidCode},
			{"the code of the previous step (clock skew)", code(t, enr.Secret, now.Add(-30*time.Second)), nil},
			{"the same code again (replay)", code(t, enr.Secret, now.Add(-30*time.Second)), admin.ErrInvalidCode},
			{"the current code", code(t, enr.Secret, now), nil},
			{"the current code replayed", code(t, enr.Secret, now), admin.ErrInvalidCode},
			{"an older code after a newer one", code(t, enr.Secret, now.Add(-30*time.Second)), admin.ErrInvalidCode},
			{"the next step's code", code(t, enr.Secret, now.Add(30*time.Second)), nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := svc.SignIn(ctx, "ada@example.org", goodPassword, tc.code, "192.0.2.1")
				if !errors.Is(err, tc.want) {
					t.Errorf("err = %v, want %v", err, tc.want)
				}
			})
		}
		if _, err := svc.SignIn(ctx, "ada@example.org", "wrong password", code(t, enr.Secret, now), "192.0.2.1"); !errors.Is(err, admin.ErrInvalidCredentials) {
			t.Errorf("a right code does not save a wrong password: %v", err)
		}
		if err := svc.DisableTOTP(ctx, ada.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SignIn(ctx, "ada@example.org", goodPassword, "", "192.0.2.2"); err != nil {
			t.Errorf("after turning TOTP off: %v", err)
		}
	})
}

func TestTOTPNeedsASecretKey(t *testing.T) {
	s := storetest.SQLite(t)
	svc, ada := newService(t, s, newClock(), admin.Config{})
	if _, err := svc.EnrolTOTP(t.Context(), ada); !errors.Is(err, admin.ErrNoSecretKey) {
		t.Errorf("EnrolTOTP without a key: %v", err)
	}
}
