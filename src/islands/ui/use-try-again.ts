import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { TryAgain } from '../../lib/stores/try-again';

/** What a form says while it must wait after a 429, counting down once a second; undefined once it may be sent again. */
export function useTryAgain(wait: TryAgain): string | undefined {
  const until = useStore(wait.$until);
  const [now, setNow] = useState(() => Date.now());
  const left = wait.left(now);
  useEffect(() => {
    if (until <= now) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => clearTimeout(timer);
  }, [until, now]);
  return left > 0 ? wait.message(left) : undefined;
}
