import { config } from './config';

/** A value an analytics event may carry: never a token or personal data. */
export type AnalyticsValue = string | number | boolean;

/** One recorded analytics event. */
export interface AnalyticsEvent {
  event: string;
  props: Record<string, AnalyticsValue>;
  at: string;
}

/** The DOM event name every tracked event is also dispatched under (tests listen to it). */
export const ANALYTICS_EVENT = 'analytics';

// Keys that could carry a token or personal data are dropped whatever the caller passes.
const PRIVATE_KEY = /token|password|secret|email|mail|mobile|phone|name|address|street|city|postal|card|user|url|comment/i;

declare global {
  interface Window {
    /** Present only when a test sets it to an array before the page loads: tracked events are kept there. */
    __analytics?: AnalyticsEvent[];
  }
}

/** Keeps only primitive values under keys that cannot hold personal data. */
export function scrubProps(props: Record<string, unknown>): Record<string, AnalyticsValue> {
  const clean: Record<string, AnalyticsValue> = {};
  for (const [key, value] of Object.entries(props)) {
    if (PRIVATE_KEY.test(key)) continue;
    if (typeof value === 'number' && Number.isFinite(value)) clean[key] = value;
    else if (typeof value === 'boolean') clean[key] = value;
    else if (typeof value === 'string') clean[key] = value.slice(0, 100);
  }
  return clean;
}

/** True for a same-origin path such as /analytics (never //host or a scheme). */
function isSamePath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//') && !target.includes('\\');
}

/** Records an event: the DOM event 'analytics' always, then the sink config.analytics names ('none', 'console' or a path). */
export function track(event: string, props: Record<string, unknown> = {}, sink: string = config.analytics): void {
  if (typeof window === 'undefined') return;
  const entry: AnalyticsEvent = { event, props: scrubProps(props), at: new Date().toISOString() };
  if (Array.isArray(window.__analytics)) window.__analytics.push(entry);
  window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail: entry }));
  try {
    if (sink === 'console') console.log('[analytics]', entry.event, entry.props);
    else if (isSamePath(sink) && typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(sink, new Blob([JSON.stringify(entry)], { type: 'application/json' }));
    }
  } catch {
    // Analytics must never get in the shopper's way.
  }
}
