import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { exportFileName, type PersonalData } from '../../../lib/data-export';
import { $dataExport, clearMyData, EXPORT_STEPS, readMyData } from '../../../lib/stores/data-export';
import { errorMessage } from '../../../lib/error-message';
import { toastError } from '../../ui/Toasts';

// The copy's view is needed only once the shopper asks for it: its code is fetched with the data, not with the page.
const loadView = (): Promise<typeof import('./DataExportView')> => import('./DataExportView');
const PersonalDataView = lazy(() => loadView().then((module) => ({ default: module.PersonalDataView })));

function save(data: PersonalData): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data);
  link.click();
  // The click has handed the file to the browser; a later revoke keeps Safari from cancelling it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Download my data: reads the shopper's data from the API with a progress line, saves it as a JSON file and shows it to read or print. */
export function DataExportPanel(): ReactNode {
  const { loading, step, error, data } = useStore($dataExport);

  // The copy is personal data: it goes when the screen does.
  useEffect(() => clearMyData, []);

  const download = async (): Promise<void> => {
    void loadView().catch(() => undefined);
    await readMyData();
    const { data: read, error: failed } = $dataExport.get();
    if (failed) toastError(failed);
    if (!read) return;
    save(read);
  };

  return (
    <>
      <p>
        A copy of what we hold about you, read now: your details, addresses, saved cards (their names only), orders with their
        products and quotes, and returns. It is saved as a file you can keep, and shown here to read or print.
      </p>
      <button type="button" className="button button--ghost" disabled={loading} onClick={() => void download()}>
        {loading ? 'Reading…' : 'Download my data'}
      </button>
      <div role="status" className="notice">
        {loading && step > 0 ? EXPORT_STEPS[step - 1] : ''}
      </div>
      {loading && (
        <progress className="data-export-progress" max={EXPORT_STEPS.length} value={step - 1} aria-label="Reading your data" />
      )}
      {error && !loading && (
        <p className="field-error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <Suspense fallback={null}>{data && <PersonalDataView data={data} />}</Suspense>
    </>
  );
}
