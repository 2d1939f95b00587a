package main

import "github.com/teachpilot/site/internal/mail"

// wrapQueue is the outbox the mail worker uses: the store itself, except in a binary built
// with -tags faultinject (faults_inject.go), which the nothing-lost test runs to cut the
// database off between the SMTP server's acceptance and the recording of it.
var wrapQueue = func(q mail.Queue) mail.Queue { return q }
