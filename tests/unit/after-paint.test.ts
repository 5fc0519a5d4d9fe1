// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, PAINT_REPORT_WAIT_MS } from '../../src/lib/hydration/after-paint';
import painted from '../../src/lib/hydration/painted';

// A stand-in for the browser's PerformanceObserver that lets the test say when the largest paint is reported.
function fakeObserver(entryTypes = ['largest-contentful-paint']): { report: () => void } {
  let callback = (): void => undefined;
  class Observer {
    static supportedEntryTypes = entryTypes;
    constructor(cb: () => void) {
      callback = cb;
    }
    observe(): void {}
    disconnect(): void {
      callback = () => undefined;
    }
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  return { report: () => callback() };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('afterPaint', () => {
  it('runs at once in a hidden tab, which paints nothing', () => {
    fakeObserver();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const work = vi.fn();
    afterPaint(work);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs once, when the largest paint is reported, and not again when the wait runs out', async () => {
    const { report } = fakeObserver();
    const work = vi.fn();
    afterPaint(work);
    await vi.advanceTimersByTimeAsync(100);
    expect(work).not.toHaveBeenCalled();
    report();
    await vi.advanceTimersByTimeAsync(PAINT_REPORT_WAIT_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });
});

function loader() {
  const hydrate = vi.fn(async () => undefined);
  const load = vi.fn(async () => hydrate);
  return { load, hydrate };
}

const el = document.createElement('astro-island');

describe('client:painted', () => {
  it('loads the island only after the browser reports the largest paint', async () => {
    const { report } = fakeObserver(['largest-contentful-paint']);
    const { load, hydrate } = loader();
    painted(load, { name: 'painted', value: '' }, el);
    await vi.advanceTimersByTimeAsync(PAINT_REPORT_WAIT_MS / 2);
    expect(load).not.toHaveBeenCalled();
    report();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PAINT_REPORT_WAIT_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the island anyway when no report comes in time', async () => {
    fakeObserver(['largest-contentful-paint']);
    const { load } = loader();
    painted(load, { name: 'painted', value: '' }, el);
    await vi.advanceTimersByTimeAsync(PAINT_REPORT_WAIT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without the report, loads after the next frame', async () => {
    fakeObserver([]);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const { load } = loader();
    painted(load, { name: 'painted', value: '' }, el);
    await vi.advanceTimersByTimeAsync(PAINT_REPORT_WAIT_MS);
    expect(load).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(0));
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
