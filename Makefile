# TeachPilot: `make run` to start the site, `make test` to run every test. `make help` lists the rest.
SHELL := /bin/bash
.DEFAULT_GOAL := help

GO      ?= go
NPM     ?= npm
WEB     := web
BIN     := bin/site
GOLANGCI_LINT_VERSION := v2.15.0
GOLANGCI_LINT := bin/golangci-lint-$(GOLANGCI_LINT_VERSION)
WEB_SRC := $(shell find $(WEB)/app $(WEB)/public $(WEB)/scripts content -type f 2>/dev/null) $(wildcard $(WEB)/*.ts $(WEB)/*.json)

.PHONY: help run build dev test test-go test-web test-e2e lint fmt bench clean deps

help: ## List the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(WEB)/node_modules/.package-lock.json: $(WEB)/package.json $(WEB)/package-lock.json
	@# `npm install` (from the lock) rather than `npm ci`: npm 11 here writes locks without the
	@# other platforms' optional packages (esbuild, rollup, biome) and `npm ci` then refuses them.
	cd $(WEB) && $(NPM) install --no-audit --no-fund --loglevel=error
	@touch $@

deps: $(WEB)/node_modules/.package-lock.json ## Install npm packages (and Go modules)
	$(GO) mod download

$(WEB)/build/client/index.html: $(WEB)/node_modules/.package-lock.json $(WEB_SRC)
	cd $(WEB) && $(NPM) run --silent build

# -tags site embeds web/build/client; without it Go embeds a placeholder page, so `go vet` and
# `go test` work on a fresh clone before any npm install.
$(BIN): $(WEB)/build/client/index.html $(shell find cmd internal web -maxdepth 3 -name '*.go' -not -path '*/node_modules/*') go.mod go.sum $(WEB)/pages.json $(WEB)/forms.json
	CGO_ENABLED=0 $(GO) build -tags site -trimpath -o $(BIN) ./cmd/site

build: $(BIN) ## Build the site and the Go binary (bin/site)

run: $(BIN) ## Build and start the site on http://localhost:8080 (SQLite under ./data)
	mkdir -p data
	./$(BIN)

dev: deps ## Frontend dev server with hot reload (no Go API)
	cd $(WEB) && $(NPM) run dev

# golangci-lint is built from source at a pinned version (Go module proxy), never downloaded
# as a binary.
$(GOLANGCI_LINT):
	GOBIN=$(CURDIR)/bin $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)
	mv bin/golangci-lint $@

# golangci-lint holds one lock per machine: with two checkouts testing side by side, the
# second waits for the first (--allow-serial-runners) instead of failing.
lint: $(WEB)/node_modules/.package-lock.json $(WEB)/build/client/index.html $(GOLANGCI_LINT) ## gofmt, go vet, golangci-lint, Biome and TypeScript
	@out=$$(gofmt -l cmd internal web/*.go); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags site ./...
	$(GOLANGCI_LINT) run --allow-serial-runners ./...
	cd $(WEB) && npx biome check . && npx react-router typegen && npx tsc

fmt: ## Format Go and TypeScript
	gofmt -w cmd internal web/*.go
	cd $(WEB) && npx biome check --write .

test: build lint test-go test-web test-e2e ## Install what tests need and run every test

test-go: $(WEB)/build/client/index.html ## Go tests with the race detector, against the real build
	$(GO) test -tags site -race -count=1 -timeout 10m ./...

test-web: $(WEB)/node_modules/.package-lock.json
	cd $(WEB) && npx vitest run

test-e2e: $(BIN) ## End-to-end tests: Playwright in Debian's Chromium against bin/site
	./scripts/install-chromium.sh
	cd $(WEB) && npx playwright test

bench: $(BIN) ## Print page weight, Lighthouse scores and server throughput
	./bench/run.sh

clean: ## Remove build output and local data
	rm -rf bin data $(WEB)/build $(WEB)/.react-router
