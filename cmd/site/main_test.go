package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"
)

func TestServeShutsDownGracefully(t *testing.T) {
	tests := []struct {
		name    string
		timeout time.Duration
		// handlerTime is how long the in-flight request takes after the signal.
		handlerTime time.Duration
		wantErr     error // nil: a clean stop
		wantBody    bool  // the in-flight request gets its full answer
	}{
		{name: "an in-flight request completes before the server stops", timeout: 5 * time.Second, handlerTime: 200 * time.Millisecond, wantBody: true},
		{name: "a request outliving the timeout is cut off and reported", timeout: 100 * time.Millisecond, handlerTime: 5 * time.Second, wantErr: context.DeadlineExceeded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			started := make(chan struct{})
			hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				close(started)
				select {
				case <-time.After(tt.handlerTime):
				case <-r.Context().Done():
					return
				}
				_, _ = io.WriteString(w, "done")
			})}
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			ctx, signal := context.WithCancel(context.Background())
			defer signal()
			served := make(chan error, 1)
			go func() { served <- serve(ctx, slog.New(slog.DiscardHandler), hs, ln, tt.timeout) }()

			type result struct {
				body string
				err  error
			}
			got := make(chan result, 1)
			go func() {
				resp, err := http.Get("http://" + ln.Addr().String() + "/")
				if err != nil {
					got <- result{err: err}
					return
				}
				defer resp.Body.Close()
				b, err := io.ReadAll(resp.Body)
				got <- result{string(b), err}
			}()
			<-started
			signal() // SIGTERM arrives while the request is running

			// New connections are refused once shutdown has begun.
			deadline := time.Now().Add(2 * time.Second)
			for {
				c, err := net.DialTimeout("tcp", ln.Addr().String(), 100*time.Millisecond)
				if err != nil {
					break
				}
				c.Close()
				if time.Now().After(deadline) {
					t.Fatal("the listener still accepts connections during shutdown")
				}
				time.Sleep(10 * time.Millisecond)
			}

			err = <-served
			switch {
			case tt.wantErr == nil && err != nil:
				t.Fatalf("serve = %v, want a clean stop", err)
			case tt.wantErr != nil && !errors.Is(err, tt.wantErr):
				t.Fatalf("serve = %v, want %v", err, tt.wantErr)
			}
			r := <-got
			if tt.wantBody && (r.err != nil || r.body != "done") {
				t.Errorf("in-flight request got %q, %v; want its full answer", r.body, r.err)
			}
			if !tt.wantBody && r.err == nil && r.body == "done" {
				t.Errorf("the request outliving the timeout was answered")
			}
		})
	}
}

func TestServeReportsAFailedListener(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close() // Serve fails at once
	err = serve(context.Background(), slog.New(slog.DiscardHandler), &http.Server{}, ln, time.Second)
	if err == nil {
		t.Fatal("serve returned nil for a closed listener")
	}
}
