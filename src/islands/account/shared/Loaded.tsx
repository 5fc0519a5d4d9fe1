import { useStore } from '@nanostores/react';
import type { FetcherStore } from '@nanostores/query';
import type { ReactNode } from 'react';
import { Spinner } from '../../ui/Spinner';
import { LoadError } from './LoadError';

/** Props of a read's view. */
export interface LoadedProps<T> {
  /** The read; Retry asks it again. */
  read: FetcherStore<T>;
  /** What the spinner says until the first answer is in. */
  label: string;
  /** The content, given the answer. */
  children: (data: T) => ReactNode;
}

/** A read on screen: its error with Retry while it has no answer, a spinner while the first answer is on its way, then the content (kept while a later read runs). */
export function Loaded<T>({ read, label, children }: LoadedProps<T>): ReactNode {
  const { data, error } = useStore(read);
  if (data !== undefined) return children(data);
  if (error) return <LoadError error={error} onRetry={read.revalidate} />;
  return <Spinner label={label} />;
}
