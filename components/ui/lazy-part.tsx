'use client';

import { useContext } from 'react';

/**
 * For a kit whose implementation loads later (./dialog-lazy, ./dropdown-menu): makes its inner
 * parts, which render only once the implementation is in the kit's context (null before: a closed
 * dialog or menu shows nothing but its trigger).
 */
export function lazyParts<Impl, Value extends { impl: Impl | null }>(Context: React.Context<Value>) {
  return function part<P extends object>(pick: (impl: Impl) => React.ComponentType<P>) {
    return function Part(props: P) {
      const { impl } = useContext(Context);
      if (!impl) return null;
      const Component = pick(impl);
      return <Component {...props} />;
    };
  };
}
