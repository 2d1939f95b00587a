package admin_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/teachpilot/site/internal/admin"
)

func TestPasswordHashes(t *testing.T) {
	hash, err := admin.HashPassword(goodPassword, admin.DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q is not a PHC string with its parameters", hash)
	}
	again, _ := admin.HashPassword(goodPassword, admin.DefaultParams)
	if again == hash {
		t.Error("two hashes of one password are equal: no salt")
	}
	for _, tc := range []struct {
		name     string
		password string
		hash     string
		want     bool
		wantErr  error
	}{
		{"the right password", goodPassword, hash, true, nil},
		{"a wrong password", goodPassword + "!", hash, false, nil},
		{"an empty password", "", hash, false, nil},
		{"a hash made with other parameters still verifies", goodPassword, mustHash(t, admin.Params{Memory: 1024, Time: 1, Threads: 1}), true, nil},
		{"not a PHC string", goodPassword, "plain", false, admin.ErrBadHash},
		{"another algorithm", goodPassword, strings.Replace(hash, "argon2id", "argon2i", 1), false, admin.ErrBadHash},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := admin.VerifyPassword(tc.password, tc.hash)
			if got != tc.want || !errors.Is(err, tc.wantErr) {
				t.Errorf("VerifyPassword = %v, %v; want %v, %v", got, err, tc.want, tc.wantErr)
			}
		})
	}
}

func mustHash(t *testing.T, p admin.Params) string {
	t.Helper()
	h, err := admin.HashPassword(goodPassword, p)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestPasswordPolicy(t *testing.T) {
	for _, tc := range []struct {
		name     string
		password string
		want     error
	}{
		{"eleven characters are too few", "abcdefghij1", admin.ErrPasswordTooShort},
		{"twelve characters counted as characters, not bytes", "éééééééééééé", nil},
		{"a long phrase", goodPassword, nil},
		{"a common password", "password1234", admin.ErrPasswordCommon},
		{"a common password in capitals", "QWERTY123456", admin.ErrPasswordCommon},
		{"a generated password", admin.GeneratePassword(), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := admin.CheckPassword(tc.password); !errors.Is(err, tc.want) {
				t.Errorf("CheckPassword(%q) = %v, want %v", tc.password, err, tc.want)
			}
		})
	}
}
