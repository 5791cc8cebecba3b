'use client';

// A dialog opened from another that closes as it opens (a details dialog's Edit button) loses its
// opener with that dialog; the focus then goes where the closed dialog would have sent it. The
// button may leave its dialog before the dialog goes, so its dialog is noted when it takes focus.
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogOf = new WeakMap<Element, Element>();
export const openers = new WeakMap<Element, HTMLElement | null>();
export function returnTarget(openedBy: HTMLElement | null): HTMLElement | null {
  let back = openedBy;
  for (let hops = 0; back && !back.isConnected && hops < 5; hops++) {
    const dialog = back.closest(DIALOG) ?? dialogOf.get(back);
    back = dialog ? (openers.get(dialog) ?? null) : null;
  }
  return back?.isConnected ? back : null;
}

// Radix gives the focus back only to a <DialogTrigger>; most dialogs here open from a plain button
// or a menu item, and the focus would fall to <body>. The last focused element is kept because a
// menu item is gone (with its menu) by the time the dialog opens.
let lastFocused: Element | null = null;
let tracking = false;
function trackFocus() {
  if (tracking) return;
  tracking = true;
  document.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof Element)) return;
      lastFocused = event.target;
      const dialog = lastFocused.closest(DIALOG);
      if (dialog) dialogOf.set(lastFocused, dialog);
    },
    true,
  );
}

/** What opened the dialog: the focused control, or for a menu item the button of its menu. */
export function opener(): HTMLElement | null {
  const active = document.activeElement && document.activeElement !== document.body ? document.activeElement : lastFocused;
  const menu = active?.closest('[role="menu"]');
  const target = (menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '')) || active;
  return target instanceof HTMLElement ? target : null;
}

// From the first load (components/shell/app-providers.tsx imports this module): a dialog's code
// may load only when it opens, after its opener took the focus and (a loading button) lost it.
if (typeof document !== 'undefined') trackFocus();
