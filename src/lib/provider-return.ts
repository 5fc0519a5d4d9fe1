import { accountMessages } from './account-messages';

/** How the provider's page sent the shopper back: `?success=true` or `?cancel=true`. */
export type ProviderFlag = 'success' | 'cancel';

/** A notice the screen shows once, as a toast of this tone. */
export interface ProviderNotice {
  tone: 'success' | 'warning';
  message: string;
}

/** What a return from the card provider asks of My Details: a notice to show, then to drop the query. */
export interface ProviderReturn {
  flag: ProviderFlag;
  notice: ProviderNotice;
  /** Always true: the flag is shown once, so a reload or a shared link must not repeat it. */
  dropQuery: true;
}

/** The flag in an account page's query: success wins over cancel; any other value is no flag. */
export function providerFlag(search: Readonly<Record<string, string | undefined>>): ProviderFlag | undefined {
  if (search.success === 'true') return 'success';
  if (search.cancel === 'true') return 'cancel';
  return undefined;
}

/** My Details back from the card provider: 'New card added' or 'Card creation cancelled'. */
export function cardReturn(flag: ProviderFlag | undefined): ProviderReturn | undefined {
  if (flag === 'success') return { flag, notice: { tone: 'success', message: accountMessages.cardAdded }, dropQuery: true };
  if (flag === 'cancel') return { flag, notice: { tone: 'warning', message: accountMessages.cardCancelled }, dropQuery: true };
  return undefined;
}

/** Wraps a flag reader so that it answers once for each key (a page, an order): a screen rendered again before its query is dropped must not toast twice. */
export function answerOnce<R>(read: (flag: ProviderFlag | undefined) => R | undefined): (key: string, flag: ProviderFlag | undefined) => R | undefined {
  const answered = new Set<string>();
  return (key, flag) => {
    if (answered.has(key)) return undefined;
    const answer = read(flag);
    if (answer !== undefined) answered.add(key);
    return answer;
  };
}
