// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { PUSH_SCRIPT, pwaOptions } from '../../scripts/pwa.mjs';
import { movedWithoutLoad } from '../../src/lib/shell/pwa';

type FetchListener = (event: { request: { mode: string; method: string }; respondWith: (response: Response) => void }) => void;

/** Runs public/sw-update.js in a stand-in worker scope and returns its fetch listener. */
function workerFetch(waiting: { postMessage: (message: unknown) => void } | null): FetchListener {
  const listeners: FetchListener[] = [];
  const scope = {
    registration: { waiting },
    addEventListener: (type: string, listener: FetchListener) => type === 'fetch' && listeners.push(listener),
  };
  new Function('self', readFileSync('public/sw-update.js', 'utf8'))(scope);
  expect(listeners).toHaveLength(1);
  return listeners[0] as FetchListener;
}

describe('a new build that waits comes in at the next page load', () => {
  it('is imported by the Workbox worker', () => {
    expect(pwaOptions.workbox?.importScripts).toEqual(['/sw-update.js', PUSH_SCRIPT]);
    expect(PUSH_SCRIPT).toMatch(/^\/sw-push-[0-9a-f]{10}\.js$/);
  });

  it('answers a page load with an immediate refresh once the new worker has been told to take over', async () => {
    const waiting = { postMessage: vi.fn() };
    const respondWith = vi.fn();
    workerFetch(waiting)({ request: { mode: 'navigate', method: 'GET' }, respondWith });
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    const response = respondWith.mock.calls[0]?.[0] as Response;
    expect(response.headers.get('Refresh')).toBe('0');
    expect(await response.text()).toBe('');
  });

  it('leaves every other request, and every page load when nothing waits, to Workbox', () => {
    const waiting = { postMessage: vi.fn() };
    const respondWith = vi.fn();
    workerFetch(waiting)({ request: { mode: 'cors', method: 'GET' }, respondWith });
    workerFetch(waiting)({ request: { mode: 'navigate', method: 'POST' }, respondWith });
    workerFetch(null)({ request: { mode: 'navigate', method: 'GET' }, respondWith });
    expect(respondWith).not.toHaveBeenCalled();
    expect(waiting.postMessage).not.toHaveBeenCalled();
  });
});

describe('a move of the account area without a page load', () => {
  /** A click on a link whose handlers did (or did not) hold the browser's navigation back. */
  function clickOn(attributes: Record<string, string>, heldBack: boolean): MouseEvent {
    const link = document.createElement('a');
    for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
    document.body.append(link);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    if (heldBack) link.addEventListener('click', (e) => e.preventDefault());
    link.dispatchEvent(event);
    link.remove();
    return event;
  }

  it('is told from a page load, a cancelled click and a sign-in modal', () => {
    const before = 'http://localhost:3000/my-details/';
    const after = 'http://localhost:3000/my-orders-history/';
    expect(movedWithoutLoad(clickOn({ href: '/my-orders-history/' }, true), before, after)).toBe(true);
    // The browser loads the page: the worker brings the new build in.
    expect(movedWithoutLoad(clickOn({ href: '/my-orders-history/' }, false), before, after)).toBe(false);
    // Cancel on the order form's leave question: the page stays where it was.
    expect(movedWithoutLoad(clickOn({ href: '/my-orders-history/' }, true), before, before)).toBe(false);
    expect(
      movedWithoutLoad(
        clickOn({ href: '/login/?next=/upload-orders/', 'data-modal': 'login' }, true),
        before,
        'http://localhost:3000/login/',
      ),
    ).toBe(false);
  });
});
