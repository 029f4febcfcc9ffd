/**
 * Password strength: zxcvbn (the `zxcvbn` package, the same algorithm as the server's Rust port),
 * loaded on demand because its dictionaries are large. The badge maps the score (§5).
 */
import { useEffect, useState } from 'react';

export type BadgeColor = 'red' | 'orange' | 'green';
export interface StrengthBadge {
  level: 'weak' | 'medium' | 'strong';
  /** Message id of the label. */
  label: string;
  /** danger / warning / success */
  tone: 'danger' | 'warning' | 'success';
  color: BadgeColor;
}

/** 0–2 Weak (danger), 3 Medium (warning), 4–5 Strong (success). */
export function strengthBadge(score: number): StrengthBadge {
  if (score >= 4) return { level: 'strong', label: 'web.strength.strong', tone: 'success', color: 'green' };
  if (score === 3) return { level: 'medium', label: 'web.strength.medium', tone: 'warning', color: 'orange' };
  return { level: 'weak', label: 'web.strength.weak', tone: 'danger', color: 'red' };
}

type Zxcvbn = (password: string, userInputs?: string[]) => { score: number };
let loaded: Zxcvbn | null = null;
let loading: Promise<Zxcvbn> | null = null;

export function loadScorer(): Promise<Zxcvbn> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('zxcvbn').then((m) => {
    loaded = m.default ?? m;
    return loaded;
  });
  return loading;
}

/** Scores `password` against the user's own inputs; null until zxcvbn has loaded. */
export function scorePassword(password: string, userInputs: string[] = []): number | null {
  if (!loaded) return null;
  return password ? loaded(password, userInputs.filter(Boolean)).score : 0;
}

/** Loads zxcvbn and answers a scorer (null until it has loaded) that weighs the user's inputs. */
export function useScorer(): { ready: boolean; score: (pw: string, userInputs?: string[]) => number | null } {
  const [ready, setReady] = useState(loaded !== null);
  useEffect(() => {
    let alive = true;
    void loadScorer().then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);
  return { ready, score: (pw: string, userInputs: string[] = []) => (ready ? scorePassword(pw, userInputs) : null) };
}
