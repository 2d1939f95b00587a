package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	adminsvc "github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/metrics"
	"github.com/teachpilot/site/internal/retention"
	"github.com/teachpilot/site/internal/server"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/webhook"
)

// teamConsole is the team's console and what runs beside it: the webhook worker, the daily
// retention job and the metrics (issue 11).
type teamConsole struct {
	cfg       config.Config
	log       *slog.Logger
	metrics   *metrics.Metrics
	webhooks  *webhook.Worker
	retention *retention.Job
	options   []server.Option
	// metricsAddr is where the METRICS_ADDR listener listens, once started.
	metricsAddr string
}

// newConsole prepares the console from the configuration.
func newConsole(cfg config.Config, log *slog.Logger, db *store.Store) (*teamConsole, error) {
	c := &teamConsole{cfg: cfg, log: log, metrics: metrics.New(db, nil)}
	var trusted []string
	if cfg.BaseURLSet {
		trusted = []string{cfg.BaseURL.Scheme + "://" + cfg.BaseURL.Host}
	}
	svc, err := adminsvc.New(db, adminsvc.Config{
		IdleTimeout: cfg.Console.IdleTimeout, AbsoluteTimeout: cfg.Console.AbsoluteTimeout,
		SecretKey: cfg.Console.SecretKey, Secure: cfg.BaseURL.Scheme == "https", Issuer: cfg.Product,
		TrustedOrigins: trusted, Log: log,
	})
	if err != nil {
		return nil, fmt.Errorf("console: %w", err)
	}
	c.webhooks = webhook.NewWorker(db, webhook.NewSender(webhook.Options{AllowPrivate: cfg.Console.WebhookAllowPrivate}), log)
	c.webhooks.Outcome = func(o string) { c.metrics.WebhookDeliveries.WithLabelValues(o).Inc() }
	c.retention = &retention.Job{Store: db, Periods: retention.DefaultPeriods, Log: log}
	c.options = []server.Option{
		server.WithConsole(server.Console{
			Admin: svc, Store: db, AllowPrivateWebhooks: cfg.Console.WebhookAllowPrivate,
			NotifyWebhooks: c.webhooks.Notify, Metrics: c.metrics,
		}),
		server.WithMetrics(c.metrics, string(cfg.Console.MetricsToken)),
	}
	return c, nil
}

// start runs the webhook worker, the retention job and the metrics listener (METRICS_ADDR)
// until stop is called; stop waits for them.
func (c *teamConsole) start(ctx context.Context) (stop func(), err error) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { _ = c.webhooks.Run(ctx) })
	// Checked hourly: one instance runs it once a day (the job's lease in the database).
	wg.Go(func() { c.retention.Run(ctx, time.Hour) })
	if addr := c.cfg.Console.MetricsAddr; addr != "" {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			cancel()
			wg.Wait()
			return nil, fmt.Errorf("metrics listen: %w", err)
		}
		mux := http.NewServeMux()
		// On its own address, /metrics needs no token unless one is configured.
		if tok := string(c.cfg.Console.MetricsToken); tok != "" {
			mux.Handle("GET /metrics", c.metrics.Handler(tok))
		} else {
			mux.Handle("GET /metrics", c.metrics.Open())
		}
		hs := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second}
		c.metricsAddr = ln.Addr().String()
		c.log.Info("metrics listening", "addr", c.metricsAddr)
		wg.Go(func() {
			if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				c.log.Error("metrics", "err", err)
			}
		})
		context.AfterFunc(ctx, func() { _ = hs.Close() })
	}
	return func() { cancel(); wg.Wait() }, nil
}
