package plan

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// AI is the planner for any OpenAI-compatible chat-completions API (OpenAI, Ollama, vLLM,
// llama.cpp server, LM Studio, gateways). It streams the plan as strict structured output
// and validates each section as it completes. Zero durations and counts take the defaults
// given. It is safe for concurrent use once set up.
type AI struct {
	BaseURL string       // e.g. https://api.openai.com/v1 (the request goes to BaseURL/chat/completions)
	APIKey  string       // sent as a bearer token, nowhere else; may be empty for local servers
	Model   string       // the model's name
	Client  *http.Client // nil: http.DefaultClient (the context bounds every call)
	Builtin *Builtin     // validates each section (required)

	MaxRetries       int           // retries after 408, 409, 429, 5xx or a network error (2)
	Backoff          time.Duration // the wait before the first retry, doubled for each next one (500 ms)
	FirstByteTimeout time.Duration // from sending to the first streamed data (20 s)
	IdleTimeout      time.Duration // between streamed data once it flows (15 s)
	MaxTokens        int           // the answer's token cap (6000)
}

func (a *AI) maxTokens() int           { return cmp(a.MaxTokens, 6000) }
func (a *AI) maxRetries() int          { return cmp(a.MaxRetries, 2) }
func (a *AI) backoff() time.Duration   { return cmp(a.Backoff, 500*time.Millisecond) }
func (a *AI) firstByte() time.Duration { return cmp(a.FirstByteTimeout, 20*time.Second) }
func (a *AI) idle() time.Duration      { return cmp(a.IdleTimeout, 15*time.Second) }
func cmp[T int | time.Duration](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}

// maxContent caps the streamed answer: a full plan is about 10–20 kB of JSON, so an answer
// beyond this is a model that has lost its way (or a provider streaming without end).
const maxContent = 256 << 10

// errStalled is the cause of a call cancelled because no data came in time.
var errStalled = errors.New("no data in time")

// Generate asks the model for the plan of req and hands each section, validated, to
// onSection in SectionKeys order as soon as it has arrived (about first, from the request;
// provenance last). It returns the whole validated plan, or an *Error the fallback acts on:
// on a timeout, a refusal, broken JSON, a stream that stops halfway, a section that cannot
// be repaired, or the provider's errors once retries are spent. Sections handed over before
// a failure stand; the caller replaces them (Fallback does, with Section.Restart).
func (a *AI) Generate(ctx context.Context, req Request, onSection OnSection) (Plan, error) {
	r := a.Builtin.Normalize(req)
	body, err := a.requestBody(r)
	if err != nil {
		return Plan{}, a.newError(ReasonRejected, 0, "encoding the request: "+err.Error())
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	resp, stall, err := a.send(ctx, cancel, body)
	if err != nil {
		return Plan{}, err
	}
	defer resp.Body.Close()
	defer stall.Stop()

	var p Plan
	got := map[string]bool{SectionAbout: true}
	_, _ = a.Builtin.validateSection(r, SectionAbout, &p)
	next := 0
	emit := func() {
		for next < len(SectionKeys) && got[SectionKeys[next]] {
			if onSection != nil {
				onSection(Section{Key: SectionKeys[next], Plan: p})
			}
			next++
		}
	}
	emit()
	var sc sectionScanner
	events := sseReader{r: bufio.NewReaderSize(resp.Body, 64<<10)}
	for {
		data, err := events.next()
		if err != nil { // the stream ended without [DONE]
			if ctx.Err() != nil {
				return Plan{}, a.ctxError(ctx)
			}
			if errors.Is(err, errLongLine) {
				return Plan{}, a.newError(ReasonBadOutput, 0, err.Error())
			}
			if sc.done() {
				break
			}
			return Plan{}, a.newError(ReasonIncomplete, resp.StatusCode, "the stream ended before the plan was complete")
		}
		stall.Reset(a.idle())
		if string(data) == "[DONE]" {
			break
		}
		var c chunk
		if err := json.Unmarshal(data, &c); err != nil {
			return Plan{}, a.newError(ReasonBadOutput, 0, "a stream chunk is not JSON")
		}
		if c.Error != nil {
			return Plan{}, a.newError(ReasonUnavailable, 0, "the provider reported an error in the stream")
		}
		if len(c.Choices) == 0 {
			continue // e.g. a usage chunk
		}
		ch := c.Choices[0]
		if ch.Delta.Refusal != "" || ch.FinishReason == "content_filter" {
			return Plan{}, a.newError(ReasonRefused, 0, "the model refused")
		}
		if len(sc.buf)+len(ch.Delta.Content) > maxContent {
			return Plan{}, a.newError(ReasonBadOutput, 0, "the answer is longer than any plan")
		}
		members, err := sc.feed(ch.Delta.Content)
		for _, m := range members {
			if !slices.Contains(aiSectionKeys, m.key) {
				continue // not a section a model writes: ignored
			}
			if got[m.key] {
				return Plan{}, a.newError(ReasonBadOutput, 0, "section "+m.key+" came twice")
			}
			if jerr := json.Unmarshal(m.value, sectionField(&p, m.key)); jerr != nil {
				return Plan{}, a.newError(ReasonBadOutput, 0, "section "+m.key+" has the wrong shape")
			}
			if verr := a.Builtin.ValidateSection(r, m.key, &p); verr != nil {
				return Plan{}, a.newError(ReasonBadOutput, 0, "section "+m.key+": "+verr.Error())
			}
			got[m.key] = true
			emit()
		}
		if err != nil {
			return Plan{}, a.newError(ReasonBadOutput, 0, err.Error())
		}
		if ch.FinishReason == "length" {
			return Plan{}, a.newError(ReasonIncomplete, 0, "the model ran out of tokens")
		}
	}
	for _, key := range aiSectionKeys {
		if !got[key] {
			if sc.done() {
				return Plan{}, a.newError(ReasonBadOutput, 0, "section "+key+" is missing")
			}
			return Plan{}, a.newError(ReasonIncomplete, 0, "the plan stopped before section "+key)
		}
	}
	p.Provenance = provenance(GeneratorAI, cleanLine(a.Model, 100), "")
	p, _ = a.Builtin.Validate(r, p) // every section passed already: this only re-checks
	got[SectionProvenance] = true
	emit()
	return p, nil
}

// send posts the request, retrying as MaxRetries allows, and returns the streaming response
// with the stall timer running: it cancels ctx with errStalled if no data comes within
// FirstByteTimeout (the caller resets it to IdleTimeout on each piece of data).
func (a *AI) send(ctx context.Context, cancel context.CancelCauseFunc, body []byte) (*http.Response, *time.Timer, error) {
	client := a.Client
	if client == nil {
		client = http.DefaultClient
	}
	url := strings.TrimRight(a.BaseURL, "/") + "/chat/completions"
	var lastErr *Error
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			wait := a.backoff() << (attempt - 1)
			if ra, ok := retryAfter(lastErr); ok {
				wait = ra
			}
			if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
				return nil, nil, lastErr // the wait would outlast the deadline
			}
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, nil, a.ctxError(ctx)
			case <-t.C:
			}
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, nil, a.newError(ReasonRejected, 0, "the AI base URL is not valid")
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/event-stream")
		if a.APIKey != "" {
			req.Header.Set("Authorization", "Bearer "+a.APIKey)
		}
		stall := time.AfterFunc(a.firstByte(), func() { cancel(errStalled) })
		resp, err := client.Do(req)
		if err != nil {
			stall.Stop()
			if ctx.Err() != nil {
				return nil, nil, a.ctxError(ctx)
			}
			lastErr = a.newError(ReasonUnavailable, 0, "could not reach the AI service: "+err.Error())
		} else if resp.StatusCode == http.StatusOK {
			return resp, stall, nil
		} else {
			stall.Stop()
			lastErr = statusError(a, resp)
			resp.Body.Close()
			if !retryable(resp.StatusCode) {
				return nil, nil, lastErr
			}
		}
		if attempt >= a.maxRetries() {
			return nil, nil, lastErr
		}
	}
}

// retryable reports the statuses worth another try.
func retryable(status int) bool {
	return status == http.StatusRequestTimeout || status == http.StatusConflict ||
		status == http.StatusTooManyRequests || status >= 500
}

// statusError is the Error for a non-200 answer; it keeps the Retry-After header's wait.
func statusError(a *AI, resp *http.Response) *Error {
	reason := ReasonRejected
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		reason = ReasonBusy
	case resp.StatusCode == http.StatusRequestTimeout:
		reason = ReasonTimeout
	case resp.StatusCode >= 500 || resp.StatusCode == http.StatusConflict:
		reason = ReasonUnavailable
	}
	e := a.newError(reason, resp.StatusCode, "")
	if ra := resp.Header.Get("Retry-After"); ra != "" {
		if s, err := strconv.Atoi(ra); err == nil && s >= 0 {
			e.retryAfter = time.Duration(s) * time.Second
			e.hasRetryAfter = true
		} else if t, err := http.ParseTime(ra); err == nil {
			e.retryAfter = max(time.Until(t), 0)
			e.hasRetryAfter = true
		}
	}
	return e
}

func retryAfter(e *Error) (time.Duration, bool) {
	if e == nil {
		return 0, false
	}
	return e.retryAfter, e.hasRetryAfter
}

// ctxError is the Error for a call whose context ended: the deadline, a stall, or the
// caller giving up all read as "did not answer in time".
func (a *AI) ctxError(ctx context.Context) *Error {
	cause := context.Cause(ctx)
	switch {
	case errors.Is(cause, errStalled):
		return a.newError(ReasonTimeout, 0, "no data from the AI service in time")
	case errors.Is(cause, context.DeadlineExceeded):
		return a.newError(ReasonTimeout, 0, "the deadline passed")
	}
	return a.newError(ReasonTimeout, 0, fmt.Sprintf("the call was cancelled (%v)", cause))
}
