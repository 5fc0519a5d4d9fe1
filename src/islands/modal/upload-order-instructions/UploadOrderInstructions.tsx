import { useRef, type ReactNode } from 'react';
import { accountPath } from '../../../lib/account-paths';
import { useIslandReady } from '../../ui/use-island-ready';
import '../shared/auth.css';

/** How to take a screenshot of a product page on Mac, Windows PC, iPhone or iPad, and Android. */
export function UploadOrderInstructions(): ReactNode {
  const root = useRef<HTMLDivElement>(null);
  useIslandReady(root);
  return (
    <div ref={root} className="auth-steps">
      <p className="auth-lede">
        For each product, upload a screenshot of the product page showing the item, its size or colour and its price. Take one like this, then
        choose it in the Order Form.
      </p>
      <h3>Mac</h3>
      <ol>
        <li>
          Press <kbd>Shift</kbd> + <kbd>Command</kbd> + <kbd>4</kbd> and drag across the part of the page you want.
        </li>
        <li>
          Or press <kbd>Shift</kbd> + <kbd>Command</kbd> + <kbd>5</kbd> for the screenshot toolbar and pick an area or a window.
        </li>
        <li>The screenshot is saved on your desktop.</li>
      </ol>
      <h3>Windows PC</h3>
      <ol>
        <li>
          Press <kbd>Windows</kbd> + <kbd>Shift</kbd> + <kbd>S</kbd> and drag across the part of the page you want.
        </li>
        <li>
          Or press <kbd>PrtScn</kbd>, open the Snipping Tool and paste or crop the screenshot there.
        </li>
        <li>Save it from the Snipping Tool (it is also kept in Pictures, Screenshots).</li>
      </ol>
      <h3>iPhone and iPad</h3>
      <ol>
        <li>
          Press the <kbd>side</kbd> (or top) button and <kbd>volume up</kbd> together, then let go quickly.
        </li>
        <li>On models with a Home button, press the side (or top) button and the Home button together.</li>
        <li>The screenshot is saved in Photos.</li>
      </ol>
      <h3>Android</h3>
      <ol>
        <li>
          Press the <kbd>power</kbd> and <kbd>volume down</kbd> buttons together for a moment.
        </li>
        <li>The screenshot is saved in your gallery, in the Screenshots album.</li>
      </ol>
      <p className="auth-switch">
        <a className="button" href={accountPath('uploadOrders')}>
          Go to the Order Form
        </a>
      </p>
    </div>
  );
}
