package outbox

import "time"

// Backoff is the wait after the given failed attempt (counted from 1): first, doubled for
// each attempt after the first, and never more than limit.
func Backoff(first, limit time.Duration, attempt int) time.Duration {
	d := first
	for i := 1; i < attempt && d < limit; i++ {
		d *= 2
	}
	return min(d, limit)
}
