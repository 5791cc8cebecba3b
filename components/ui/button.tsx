import { Slot } from '@radix-ui/react-slot';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-classes';
import { Spinner } from './spinner';

export interface ButtonProps extends React.ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy; the label stays for screen readers. */
  loading?: boolean;
  /** Render the child element (a Link, an <a>) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', loading = false, asChild = false, className, disabled, children, type, ...props }: ButtonProps) {
  const classes = buttonClasses(variant, size, className);
  if (asChild) {
    return (
      <Slot className={classes} aria-disabled={disabled || loading || undefined} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button type={type ?? 'button'} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading && <Spinner />}
      {children}
    </button>
  );
}
