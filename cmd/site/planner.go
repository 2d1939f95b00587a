package main

import (
	"log/slog"
	"time"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/plan"
	"github.com/teachpilot/site/web"
)

// newPlanner makes the lesson plans: the built-in planner always, an AI planner in front of
// it when AI_BASE_URL, AI_API_KEY and AI_MODEL are set, with the daily cap, the timeout and
// a cache of identical requests (500 plans for a day).
func newPlanner(cfg config.Config, log *slog.Logger) (*plan.Fallback, error) {
	opts, err := plan.ParseOptions(web.FormRules())
	if err != nil {
		return nil, err
	}
	b, err := plan.NewBuiltin(opts)
	if err != nil {
		return nil, err
	}
	f := &plan.Fallback{Builtin: b, Log: log}
	if !cfg.AI.On() {
		log.Info("lesson plans by the built-in planner: AI_BASE_URL, AI_API_KEY and AI_MODEL are not set")
		return f, nil
	}
	f.AI = &plan.AI{BaseURL: cfg.AI.BaseURL, APIKey: cfg.AI.APIKey.Reveal(), Model: cfg.AI.Model, Builtin: b}
	f.Timeout = cfg.AI.Timeout
	f.Cache = plan.NewCache(500, 24*time.Hour, nil)
	f.Cap = plan.NewDailyCap(cfg.AI.DailyLimit, nil)
	log.Info("lesson plans by the AI planner, the built-in planner as fallback",
		"ai_base_url", cfg.AI.BaseURL, "ai_model", cfg.AI.Model, "ai_daily_limit", cfg.AI.DailyLimit, "ai_timeout", cfg.AI.Timeout.String())
	return f, nil
}
