import { map } from 'nanostores';
import { listAddresses } from '../api/addresses';
import { listCards } from '../api/cards';
import { normaliseError, type ApiError } from '../api/errors';
import { showDetails } from '../api/users';
import { personalData, type PersonalData } from '../data-export';
import { listAllOrders } from './orders';

/** The reads of an export, in order, each with what the progress line says while it runs. */
export const EXPORT_STEPS = [
  'Reading your details…',
  'Reading your addresses…',
  'Reading your cards…',
  'Reading your orders and returns…',
] as const;

/** An export's state: the step being read (0 before the first), its SPEC section 8 error, and the data once read. */
export interface DataExportState {
  loading: boolean;
  step: number;
  error?: ApiError;
  data?: PersonalData;
}

/** The shopper's copy of their data, read from the API when asked (never from the screens' cache). */
export const $dataExport = map<DataExportState>({ loading: false, step: 0 });

/** Reads everything the shopper's data is made of, one read after the other so the progress means something; a second call while one runs does nothing. */
export async function readMyData(): Promise<void> {
  if ($dataExport.get().loading) return;
  const step = (n: number): void => $dataExport.set({ loading: true, step: n });
  try {
    step(1);
    const user = await showDetails();
    step(2);
    const addresses = await listAddresses();
    step(3);
    const cards = await listCards();
    step(4);
    const orders = await listAllOrders();
    $dataExport.set({ loading: false, step: 0, data: personalData({ user, addresses, cards, orders }) });
  } catch (error) {
    $dataExport.set({ loading: false, step: 0, error: normaliseError(error) });
  }
}

/** Forgets the last export (the screen left, or the session ended). */
export function clearMyData(): void {
  $dataExport.set({ loading: false, step: 0 });
}
