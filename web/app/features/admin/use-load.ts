import { type DependencyList, useCallback, useEffect, useState } from "react";
import { errorMessage } from "./api";

/** Loaded is the state of data fetched for a page. */
export interface Loaded<T> {
  data: T | undefined;
  /** error is the sentence to show when the last load failed ("" otherwise). */
  error: string;
  loading: boolean;
  /** reload fetches again (after a change). */
  reload: () => void;
  /** setData replaces the data in place (a row removed, a flag toggled). */
  setData: (update: (data: T | undefined) => T | undefined) => void;
}

/**
 * useLoad fetches with load once the page has hydrated and again when deps change. An answer
 * to an older load is dropped, so quick filter changes cannot show stale rows.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState("");
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what load depends on; round is a reload.
  const run = useCallback(load, [...deps, round]);

  useEffect(() => {
    let current = true;
    setLoading(true);
    setError("");
    run().then(
      (value) => {
        if (!current) return;
        setData(value);
        setLoading(false);
      },
      (err: unknown) => {
        if (!current) return;
        setError(errorMessage(err));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [run]);

  return {
    data,
    error,
    loading,
    reload: useCallback(() => setRound((n) => n + 1), []),
    setData,
  };
}
