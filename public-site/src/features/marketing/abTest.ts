/** A/B variants of the home page (spec 1 §2): picked at random once, remembered in localStorage. */
import { track } from '@/lib/analytics';
import { readJson, writeJson } from '@/lib/storage';

const EXPERIMENTS = {
  headline: ['features_focused', 'use_cases_focused'],
  cta: ['start_free', 'try_demo'],
} as const;

export type ExperimentName = keyof typeof EXPERIMENTS;
export type Variant<E extends ExperimentName> = (typeof EXPERIMENTS)[E][number];

const KEY = 'classlane.abVariants';

export function getVariant<E extends ExperimentName>(experiment: E, random: () => number = Math.random): Variant<E> {
  const stored = readJson<Partial<Record<ExperimentName, string>>>(KEY) ?? {};
  const options = EXPERIMENTS[experiment] as readonly string[];
  const existing = stored[experiment];
  if (existing && options.includes(existing)) return existing as Variant<E>;
  const variant = options[Math.floor(random() * options.length) % options.length] as Variant<E>;
  writeJson(KEY, { ...stored, [experiment]: variant });
  track('ab_assigned', { experiment, variant });
  return variant;
}

export function trackConversion(experiment: ExperimentName, action: string): void {
  const stored = readJson<Partial<Record<ExperimentName, string>>>(KEY) ?? {};
  track('ab_conversion', { experiment, variant: stored[experiment] ?? null, action });
}
