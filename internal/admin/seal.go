package admin

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"fmt"
)

// ErrNoSecretKey is returned when a second factor is set up without Config.SecretKey.
var ErrNoSecretKey = errors.New("admin: no secret key configured for TOTP secrets")

// seal encrypts plain with AES-256-GCM under key, the nonce in front. TOTP secrets are
// sealed so that a copy of the database alone (a backup, a leaked dump) does not give the
// second factor away: the key lives in configuration, not in the database.
func seal(key, plain []byte) ([]byte, error) {
	gcm, err := newGCM(key)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, fmt.Errorf("admin: nonce: %w", err)
	}
	return gcm.Seal(nonce, nonce, plain, nil), nil
}

// open decrypts what seal made.
func open(key, sealed []byte) ([]byte, error) {
	gcm, err := newGCM(key)
	if err != nil {
		return nil, err
	}
	if len(sealed) < gcm.NonceSize() {
		return nil, errors.New("admin: sealed secret too short")
	}
	n := gcm.NonceSize()
	plain, err := gcm.Open(nil, sealed[:n], sealed[n:], nil)
	if err != nil {
		return nil, fmt.Errorf("admin: open sealed secret: %w", err)
	}
	return plain, nil
}

func newGCM(key []byte) (cipher.AEAD, error) {
	if len(key) == 0 {
		return nil, ErrNoSecretKey
	}
	if len(key) != 32 {
		return nil, errors.New("admin: the secret key must be 32 bytes")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}
