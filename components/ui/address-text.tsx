import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects: before the "@" and after each dot, never
 * inside a word ("ouyang10@qq.co" / "m" read as two addresses). A part longer than its box still
 * breaks, as a last resort.
 */
export function AddressText({ value, className }: { value: string; className?: string }) {
  const parts = value.split(/(?=@)|(?<=\.)/);
  return (
    <span className={['[overflow-wrap:break-word]', className].filter(Boolean).join(' ')}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
