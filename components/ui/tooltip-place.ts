const GAP = 6;
const MARGIN = 8;

export type TooltipSide = 'top' | 'bottom' | 'left' | 'right';

/** Where the bubble goes: centred on the trigger's side (flipped when it does not fit), kept on screen. */
export function placeTooltip(a: DOMRect, width: number, height: number, side: TooltipSide) {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const fits = { top: a.top - GAP - height >= MARGIN, bottom: a.bottom + GAP + height <= vh - MARGIN, left: a.left - GAP - width >= MARGIN, right: a.right + GAP + width <= vw - MARGIN };
  const opposite = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' } as const;
  const at = fits[side] || !fits[opposite[side]] ? side : opposite[side];
  const clamp = (v: number, max: number) => Math.max(MARGIN, Math.min(v, max - MARGIN));
  if (at === 'top' || at === 'bottom') {
    const left = clamp(a.left + a.width / 2 - width / 2, vw - width);
    const top = at === 'top' ? a.top - GAP - height : a.bottom + GAP;
    return { left, top, arrow: { left: `${a.left + a.width / 2 - left - 4}px`, top: at === 'top' ? `${height - 4}px` : '-4px' } };
  }
  const top = clamp(a.top + a.height / 2 - height / 2, vh - height);
  const left = at === 'left' ? a.left - GAP - width : a.right + GAP;
  return { left, top, arrow: { top: `${a.top + a.height / 2 - top - 4}px`, left: at === 'left' ? `${width - 4}px` : '-4px' } };
}
