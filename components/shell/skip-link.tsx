/** The first tab stop of every signed-in page: jumps past the navigation to the content. */
export function SkipLink({ label }: { label: string }) {
  return (
    <a
      href="#main"
      className="fixed start-3 top-3 z-[60] -translate-y-20 rounded-lg bg-primary-700 px-4 py-2 text-sm font-medium text-white shadow-lg transition-transform focus:translate-y-0 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
    >
      {label}
    </a>
  );
}
