// Package admin is the core of the team's console: accounts with argon2id passwords,
// sign-in throttled per account and per client in the database, sessions stored
// server-side, the session cookie and the middleware that checks it, and an optional TOTP
// second factor. The HTTP routes built on it live in internal/server.
package admin

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// Config holds the console's settings. The zero value of each field takes the default
// named beside it (see withDefaults).
type Config struct {
	// Now is the clock; nil means time.Now. Tests pass their own.
	Now func() time.Time
	// Params are argon2id's costs for new hashes; zero means DefaultParams.
	Params Params
	// IdleTimeout ends a session nobody used for this long (default 30 minutes);
	// AbsoluteTimeout ends any session this long after sign-in (default 12 hours).
	IdleTimeout, AbsoluteTimeout time.Duration
	// AccountLimit failed sign-ins for one address (default 5), or ClientLimit from one
	// client (default 20), within Window (default 15 minutes) lock it for Lockout
	// (default 15 minutes).
	AccountLimit, ClientLimit int
	Window, Lockout           time.Duration
	// SecretKey (32 bytes) seals TOTP secrets in the database; without it, TOTP cannot be
	// turned on.
	SecretKey []byte
	// Secure marks the cookie Secure and gives it the __Host- prefix: true behind HTTPS.
	Secure bool
	// Issuer names the site in authenticator apps (default "TeachPilot").
	Issuer string
	// TrustedOrigins are other origins allowed to make state-changing requests (rarely
	// needed: the console is same-origin).
	TrustedOrigins []string
	// Log receives errors RequireSession answers 500 for; nil discards them.
	Log *slog.Logger
}

func (c Config) withDefaults() Config {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Params == (Params{}) {
		c.Params = DefaultParams
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.IdleTimeout, 30*time.Minute)
	def(&c.AbsoluteTimeout, 12*time.Hour)
	def(&c.Window, 15*time.Minute)
	def(&c.Lockout, 15*time.Minute)
	if c.AccountLimit <= 0 {
		c.AccountLimit = 5
	}
	if c.ClientLimit <= 0 {
		c.ClientLimit = 20
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	if c.Issuer == "" {
		c.Issuer = "TeachPilot"
	}
	return c
}

// Service signs people in to the console and keeps their sessions.
type Service struct {
	st        *store.Store
	cfg       Config
	dummyHash string
	cop       *http.CrossOriginProtection
}

// New returns the console's service on st. It hashes a dummy password once (with cfg's
// parameters), which unknown addresses are checked against so they cost the same time as a
// wrong password.
func New(st *store.Store, cfg Config) (*Service, error) {
	cfg = cfg.withDefaults()
	dummy, err := HashPassword(GeneratePassword(), cfg.Params)
	if err != nil {
		return nil, err
	}
	cop := http.NewCrossOriginProtection()
	for _, o := range cfg.TrustedOrigins {
		if err := cop.AddTrustedOrigin(o); err != nil {
			return nil, err
		}
	}
	return &Service{st: st, cfg: cfg, dummyHash: dummy, cop: cop}, nil
}

// Config returns the settings in force, defaults filled in.
func (s *Service) Config() Config { return s.cfg }
