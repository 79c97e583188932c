/**
 * The app's starter on a page the server rendered (ADR 024, ADR 040), in place of the app's own <script>:
 * the page is already on screen from its HTML and CSS, so the app's code is fetched once the
 * browser has painted it, not alongside (on a slow link it would share the bandwidth the page's
 * CSS needs, and the first paint would wait for it). Then main.tsx hydrates the markup.
 *
 * Its <script> names the app's entry (`data-entry`), the modules to fetch with it at once
 * (`data-preload`: the entry's imports and the page's route, as the app's own page preloads them)
 * and the large ones among them to run first, each in a task of its own (`data-stages`: React DOM,
 * the data layer), so that no single task holds a phone's main thread for the whole entry.
 *
 * The page's controls are never disabled while the app loads: text typed meanwhile stays (React
 * adopts the fields as they are). The one thing the browser would do on its own is a form's
 * submit — a GET with the fields (a password) in the URL — so the browser's own submit is turned
 * off here, for the visit: every form of the app is sent by its React handler, which runs all the
 * same. A form sent before React could answer is remembered and sent again once the page's frame
 * says React has adopted it: the person's click counts, once. Links work throughout: they load
 * their page as a document, rendered by the server. Imports nothing: it must stay a few hundred
 * bytes.
 */
const boot = document.getElementById('app-boot');
const list = (value: string | undefined) => (value ?? '').split(' ').filter(Boolean);
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start(script: HTMLElement, entry: string) {
  for (const href of list(script.dataset.preload)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  for (const stage of list(script.dataset.stages)) {
    await import(/* @vite-ignore */ stage);
    await nextTask();
  }
  await import(/* @vite-ignore */ entry);
}

// The page's frame says when React has adopted the page (PAGE_ADOPTED_EVENT in lib/served-page.ts;
// not imported, to keep this file tiny). A form sent before that is sent again then, once.
let adopted = false;
let early: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
document.addEventListener(
  'submit',
  (event) => {
    event.preventDefault();
    if (!adopted && event.target instanceof HTMLFormElement) {
      early = { form: event.target, submitter: event.submitter };
    }
  },
  { capture: true },
);
document.addEventListener(
  'confraria:page-adopted',
  () => {
    adopted = true;
    const sent = early;
    early = undefined;
    if (sent?.form.isConnected) {
      sent.form.requestSubmit(sent.submitter && sent.form.contains(sent.submitter) ? sent.submitter : null);
    }
  },
  { once: true },
);

const entry = boot?.dataset.entry;
// After the next frame is drawn: a task queued from requestAnimationFrame runs after its paint.
if (boot && entry) requestAnimationFrame(() => setTimeout(() => void start(boot, entry), 0));
