/**
 * The error page's icons as lucide-react 0.544 draws them (same markup, checked by
 * tests/unit/error-icons.test.ts), without lucide's code: this boundary is in every signed-in
 * route's first load, where nothing else needs lucide (issue 22).
 */
function Glyph({ name, className, paths }: { name: string; className?: string; paths: string[] }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`} aria-hidden="true">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export const AlertTriangle = ({ className }: { className?: string }) => (
  <Glyph name="triangle-alert" className={className} paths={['m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3', 'M12 9v4', 'M12 17h.01']} />
);
export const RotateCcw = () => <Glyph name="rotate-ccw" paths={['M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8', 'M3 3v5h5']} />;
export const Home = () => <Glyph name="house" paths={['M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8', 'M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z']} />;
