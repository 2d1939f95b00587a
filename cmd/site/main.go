// Command site serves the TeachPilot website: the pre-rendered pages embedded in the binary
// and the form API. Configuration comes from the environment (see internal/config).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/internal/server"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/web"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "site:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.FromEnv(web.ProductName())
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	log := newLogger(cfg.LogLevel)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	if len(os.Args) > 1 {
		return runAdmin(ctx, cfg.DatabaseURL, os.Args[1:], os.Stdout)
	}
	for _, w := range cfg.Warnings() {
		log.Warn(w)
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	worker, err := newMailWorker(cfg, log, db)
	if err != nil {
		return err
	}

	// --- The team's console, webhooks, retention and metrics (issue 11; console.go). ---
	con, err := newConsole(cfg, log, db)
	if err != nil {
		return err
	}
	stopConsole, err := con.start(context.WithoutCancel(ctx))
	if err != nil {
		return err
	}
	defer stopConsole()
	// The form API wakes the mail worker after each submission that queued mail; the webhook
	// worker is woken by the transactions that queued a delivery (server.emit).
	notify := worker.Notify
	// --- end of the console's block ---

	// Loading the site replaces the build's placeholder origin with BASE_URL and compresses
	// the files that changed: the start-up cost of one build serving any host, logged.
	loadStart := time.Now()
	planner, err := newPlanner(cfg, log) // lesson plans: built-in, and AI when configured (planner.go)
	if err != nil {
		return err
	}
	srv, err := server.New(cfg, log, web.Client(), append([]server.Option{server.WithForms(server.Forms{
		Store: db, Rules: web.FormRules(), Notify: notify,
	}), server.WithPlanner(planner)}, con.options...)...)
	if err != nil {
		return err
	}
	defer srv.WaitForDrafts(cfg.ShutdownTimeout) // AI drafts of closed tabs are stored before the database closes
	log.Info("site loaded", "duration", time.Since(loadStart).Round(time.Millisecond).String(), "embedded_build", web.HasSite())
	// The mail worker has its own context: it keeps delivering while in-flight requests
	// finish, and stops (after recording the message it is sending) once they have.
	workerCtx, stopWorker := context.WithCancel(context.WithoutCancel(ctx))
	workerDone := make(chan struct{})
	go func() {
		defer close(workerDone)
		_ = worker.Run(workerCtx)
	}()
	defer func() {
		stopWorker()
		<-workerDone
	}()
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

// newMailWorker delivers the outbox over SMTP_URL, or to the log when it is not set.
func newMailWorker(cfg config.Config, log *slog.Logger, db *store.Store) (*mail.Worker, error) {
	var sender mail.Sender = mail.LogSender{Log: log}
	if cfg.SMTPURL != nil {
		smtp, err := mail.NewSMTPSender(cfg.SMTPURL)
		if err != nil {
			return nil, err
		}
		sender = smtp
		log.Info("mail via SMTP", "server", cfg.SMTPURL.Redacted())
	} else {
		log.Info("mail is logged, not sent: SMTP_URL is not set")
	}
	w := mail.NewWorker(wrapQueue(db), sender, mail.Renderer{From: cfg.MailFrom, ReplyTo: cfg.MailReplyTo, Product: cfg.Product}, log)
	w.Lease = cfg.OutboxLease
	return w, nil
}

// admin runs a maintenance command instead of the server:
//
//	site export <email>        print everything stored about an address, as JSON
//	site delete-email <email>  delete everything stored about an address
//	site admin …               the console's accounts (see admins.go)
func admin(ctx context.Context, db *store.Store, args []string, stdout io.Writer) error {
	if args[0] == "admin" {
		return admins(ctx, db, args[1:], os.Stdin, stdout, os.Stderr)
	}
	if len(args) != 2 {
		return errors.New("usage: site [export <email> | delete-email <email>]")
	}
	var out any
	var err error
	switch args[0] {
	case "export":
		out, err = db.ExportByEmail(ctx, args[1])
	case "delete-email":
		out, err = db.DeleteByEmail(ctx, args[1])
	default:
		return fmt.Errorf("unknown command %q: usage: site [export <email> | delete-email <email>]", args[0])
	}
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// newLogger returns the JSON logger on stderr at level.
func newLogger(level string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level)) // validated by config.Load
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
}
