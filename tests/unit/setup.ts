import '@testing-library/jest-dom/vitest';

// jsdom's <dialog> only reflects `open`: this is the part of the browser's behaviour the dialogs rely on. showModal()
// refuses a dialog already open without being modal, close() fires `close` a task later, Escape cancels then closes
// the top modal dialog, a method="dialog" form closes its dialog, and `:modal` matches a dialog shown by showModal().
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  const modals: HTMLDialogElement[] = [];
  const values = new WeakMap<HTMLDialogElement, string>();
  Object.defineProperty(HTMLDialogElement.prototype, 'returnValue', {
    configurable: true,
    get(this: HTMLDialogElement) {
      return values.get(this) ?? '';
    },
    set(this: HTMLDialogElement, value: string) {
      values.set(this, value);
    },
  });
  Object.assign(HTMLDialogElement.prototype, {
    show(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    showModal(this: HTMLDialogElement) {
      if (this.open && modals.includes(this)) return;
      if (this.open) throw new DOMException('The dialog is already open as a non-modal dialog.', 'InvalidStateError');
      this.setAttribute('open', '');
      modals.push(this);
    },
    close(this: HTMLDialogElement, value?: string) {
      if (!this.open) return;
      if (value !== undefined) this.returnValue = value;
      this.removeAttribute('open');
      if (modals.includes(this)) modals.splice(modals.indexOf(this), 1);
      setTimeout(() => this.dispatchEvent(new Event('close')), 0);
    },
  });
  const matches = Element.prototype.matches;
  Element.prototype.matches = function (this: Element, selector: string) {
    if (selector === ':modal') return this instanceof HTMLDialogElement && this.open && modals.includes(this);
    return matches.call(this, selector);
  };
  document.addEventListener('keydown', (event) => {
    const top = modals.filter((dialog) => dialog.isConnected && dialog.open).at(-1);
    if (event.key !== 'Escape' || event.defaultPrevented || !top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method !== 'dialog') return;
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter;
    form.closest('dialog')?.close(submitter instanceof HTMLButtonElement ? submitter.value : '');
  });
}
