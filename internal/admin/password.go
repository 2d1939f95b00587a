package admin

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// MinPasswordLength is the shortest password accepted, in characters.
const MinPasswordLength = 12

// Password policy errors, with messages a person can act on.
var (
	ErrPasswordTooShort = fmt.Errorf("the password must have at least %d characters", MinPasswordLength)
	ErrPasswordCommon   = errors.New("the password is on the list of common passwords; choose another")
)

// Params are argon2id's cost parameters. DefaultParams follow OWASP's recommendation
// (19 MiB, 2 passes, 1 lane): about 30 ms on one core, which slows guessing a stolen hash
// without making a sign-in slow.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
}

// DefaultParams are the parameters new hashes are made with.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1}

const (
	saltLen = 16
	keyLen  = 32
)

// HashPassword returns the argon2id hash of password as a PHC string
// ($argon2id$v=19$m=…,t=…,p=…$salt$hash), which carries its own parameters and salt.
func HashPassword(password string, p Params) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("admin: salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// ErrBadHash is returned for a stored hash that is not an argon2id PHC string.
var ErrBadHash = errors.New("admin: not an argon2id hash")

// VerifyPassword reports whether password matches the PHC string encoded, comparing in
// constant time.
func VerifyPassword(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, ErrBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, ErrBadHash
	}
	var p Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil || p.Time == 0 || p.Threads == 0 {
		return false, ErrBadHash
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, ErrBadHash
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, ErrBadHash
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

//go:embed common_passwords.txt
var commonPasswordsText []byte

// commonPasswords holds the embedded list, lower-cased: passwords people pick first, which
// every guessing tool tries first (only those of 12 characters or more matter here).
var commonPasswords = func() map[string]bool {
	m := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(commonPasswordsText))
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); w != "" && !strings.HasPrefix(w, "#") {
			m[strings.ToLower(w)] = true
		}
	}
	return m
}()

// CheckPassword applies the password policy: at least MinPasswordLength characters, and not
// on the list of common passwords (compared case-insensitively).
func CheckPassword(password string) error {
	if utf8.RuneCountInString(password) < MinPasswordLength {
		return ErrPasswordTooShort
	}
	if commonPasswords[strings.ToLower(password)] {
		return ErrPasswordCommon
	}
	return nil
}

// GeneratePassword returns a random password of 26 characters from crypto/rand (base32,
// 130 bits), for an account made without one.
func GeneratePassword() string { return rand.Text() }
