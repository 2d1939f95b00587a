// Command site serves the TeachPilot website: the pre-rendered pages embedded in the binary
// and the form API. Configuration comes from the environment (see internal/config).
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/server"
	"github.com/teachpilot/site/web"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "site:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.FromEnv()
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	log := newLogger(cfg.LogLevel)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	srv, err := server.New(cfg, log, web.Client())
	if err != nil {
		return err
	}
	// A second SIGINT or SIGTERM during shutdown kills the process at once.
	context.AfterFunc(ctx, stop)

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	log.Info("listening", "addr", ln.Addr().String(), "base_url", cfg.BaseURL.String())
	return serve(ctx, log, srv.HTTPServer(), ln, cfg.ShutdownTimeout)
}

// serve runs hs on ln until ctx is done (SIGINT or SIGTERM), then shuts it down: it stops
// accepting connections, closes idle ones and waits up to timeout for in-flight requests
// to finish. Requests still running after timeout are cut off and reported as an error.
func serve(ctx context.Context, log *slog.Logger, hs *http.Server, ln net.Listener, timeout time.Duration) error {
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()

	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", timeout.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil {
		_ = hs.Close() // the deadline passed: drop what is left
		return fmt.Errorf("shutdown: requests still running after %s: %w", timeout, err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}

func newLogger(level string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level)) // validated by config.Load
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
}
